/* bench/mt_plain.h: the baseline that bench/bench.c times fast against. */
#ifndef ISECT_BENCH_MT_PLAIN_H
#define ISECT_BENCH_MT_PLAIN_H

#include "isect.h"

/* Plain binary32 Moller-Trumbore (1997): two-sided, no epsilon, the signature
 * of isect_ray_triangle.  det == 0 is a miss (the division would give inf or
 * NaN); every other decision is a bare float comparison, as in the textbook
 * code with EPSILON set to 0.  Not watertight and with no stated error bound:
 * it is the cost floor a shipping ray/triangle test is compared with, nothing
 * more.  *out is all zero on a miss, as isect.h asks. */
bool mt_plain_ray_triangle(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out);

#endif
