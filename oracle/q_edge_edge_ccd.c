/* oracle/q_edge_edge_ccd.c: the catalog row of edge_edge_ccd. */
#include "q_ccd.h"

const isect_query isect_q_edge_edge_ccd = {
    .name = "edge_edge_ccd",
    .summary = "two moving segments (binary64): first contact t in [0, 1]",
    .format = FMT_F64,
    .nfields = 8,
    .fields = {{"a0", 3, UNIT_POS},
               {"b0", 3, UNIT_POS},
               {"c0", 3, UNIT_POS},
               {"d0", 3, UNIT_POS},
               {"a1", 3, UNIT_POS},
               {"b1", 3, UNIT_POS},
               {"c1", 3, UNIT_POS},
               {"d1", 3, UNIT_POS}},
    .noutputs = 2,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}, {"t", 1, OUT_REAL, SCALE_ONE}},
    .ref = ref_edge_edge_ccd,
    .encl = ref_edge_edge_ccd_encl,
    .run = qccd_run,
    .contract = qccd_contract,
    .mutate = qccd_mutate,
    .min_dist = ref_edge_edge_ccd_min_dist,
};
