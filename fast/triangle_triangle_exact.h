/* fast/triangle_triangle_exact.h: triangle_triangle's exact path
 * (fast/triangle_triangle_exact.c), internal to libisect. */
#ifndef ISECT_TRIANGLE_TRIANGLE_EXACT_H
#define ISECT_TRIANGLE_TRIANGLE_EXACT_H

#include <stdbool.h>

#include "fast_vec3.h"

/* The pair once the binary64 sides of fast/triangle_triangle.c left one
 * uncertain: sa[k] (sb[k]) the certified side of a's (b's) vertex k
 * against b's (a's) plane or 0, ga (gb) its bound.  Completes the sides
 * exactly and returns 0 (a miss) or 1 (a hit) when a triangle is strictly
 * on one side, coplanar or degenerate; else 2, the sides exact in sa and
 * sb: the planes cross (the caller's crossing test).  Out of line and by
 * pointer (the caller's arrays, no copies). */
int isect_triangle_triangle_exact(const isect_vec3 *av, const isect_vec3 *bv, int *sa, int *sb, const double *ga,
                                  const double *gb);

#endif
