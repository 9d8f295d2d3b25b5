/* fast/sphere_triangle_exact.h: sphere_triangle's exact decision
 * (fast/sphere_triangle_exact.c), internal to libisect. */
#ifndef ISECT_SPHERE_TRIANGLE_EXACT_H
#define ISECT_SPHERE_TRIANGLE_EXACT_H

#include <stdbool.h>

#include "fast_vec3.h"

/* ref's hit for a finite, valid input (radius >= 0), without the
 * certificates of fast/sphere_triangle.c: vertices, edges' interiors and
 * the face, each sign filtered then exact.  Out of line and by pointer
 * (by value, the caller would store the inputs again for the call). */
bool isect_sphere_triangle_hit_exact(const isect_sphere *s, const isect_triangle *tri);

#endif
