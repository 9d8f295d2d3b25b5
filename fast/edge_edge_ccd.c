/* fast/edge_edge_ccd.c: conservative binary64 edge-edge continuous
 * collision; see fast_ccd.h and docs/queries/edge_edge_ccd.md. */
#include "fast_ccd.h"

bool isect_edge_edge_ccd(isect_ccd_frame t0, isect_ccd_frame t1, isect_edge_edge_ccd_result *out)
{
    return fccd_query(FCCD_EDGE_EDGE, &t0, &t1, out);
}
