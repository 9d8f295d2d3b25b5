/* bench/ccd_plain.h: the baselines `make bench` times the continuous
 * collision queries of fast against: plain binary64 textbook code (the
 * coplanarity cubic's roots in [0, 1] by bisection between the roots of its
 * derivative, then the inside test at each root, in order), no error bound,
 * no epsilons, no degenerate cases (a motion coplanar for all t is a miss).
 * The cost floor, nothing more. */
#ifndef ISECT_BENCH_CCD_PLAIN_H
#define ISECT_BENCH_CCD_PLAIN_H

#include "isect.h"

bool plain_vertex_face_ccd(isect_ccd_frame t0, isect_ccd_frame t1, isect_vertex_face_ccd_result *out);
bool plain_edge_edge_ccd(isect_ccd_frame t0, isect_ccd_frame t1, isect_edge_edge_ccd_result *out);

#endif
