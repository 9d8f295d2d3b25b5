/* oracle/q_vertex_face_ccd.c: the catalog row of vertex_face_ccd. */
#include "q_ccd.h"

const isect_query isect_q_vertex_face_ccd = {
    .name = "vertex_face_ccd",
    .summary = "moving point against moving triangle (binary64): first contact t in [0, 1]",
    .format = FMT_F64,
    .nfields = 8,
    .fields = {{"p0", 3, UNIT_POS},
               {"a0", 3, UNIT_POS},
               {"b0", 3, UNIT_POS},
               {"c0", 3, UNIT_POS},
               {"p1", 3, UNIT_POS},
               {"a1", 3, UNIT_POS},
               {"b1", 3, UNIT_POS},
               {"c1", 3, UNIT_POS}},
    .noutputs = 2,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}, {"t", 1, OUT_REAL, SCALE_ONE}},
    .ref = ref_vertex_face_ccd,
    .encl = ref_vertex_face_ccd_encl,
    .run = qccd_run,
    .contract = qccd_contract,
    .mutate = qccd_mutate,
    .min_dist = ref_vertex_face_ccd_min_dist,
};
