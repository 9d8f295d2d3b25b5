/* isect.h: libisect, binary32 intersection tests with a stated accuracy contract.
 *
 * Every query NAME is `bool isect_NAME(inputs by value..., isect_NAME_result *out)`:
 * it returns the hit flag and, when `out` is not NULL, fills every field of
 * *out (all zero on a miss, never NaN on a hit).
 *
 * Shared conventions (docs/semantics.md):
 * - every solid and surface is a closed set: touching counts as a hit;
 * - a ray is origin + t*dir for t in [0, tmax] (tmax may be +inf); dir is not
 *   normalised and t is in units of dir;
 * - inputs outside a query's domain (non-finite values, negative tmax, ...)
 *   give a miss; they never give undefined behaviour.
 * The input domain, the boundary conventions and the error bound of each
 * query are in docs/queries/NAME.md; the fuzzers check the bound against the
 * exact reference (libisect_ref).
 */
#ifndef ISECT_H
#define ISECT_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    float x, y, z;
} isect_vec3;

typedef struct {
    isect_vec3 origin, dir;
    float tmax;
} isect_ray;

typedef struct {
    isect_vec3 v0, v1, v2;
} isect_triangle;

/* ray_triangle
 * Hit when the ray meets the closed, two-sided triangle at some t in
 * [0, tmax].  A zero-area triangle, a zero direction and a ray parallel to
 * the triangle's plane are misses (the triangle has no thickness).
 * Watertight: the edge and vertex tests are exact for the ray-space
 * vertices, and the vertices are transformed once per vertex, so a ray
 * through a shared edge or vertex of a closed mesh hits at least one of the
 * triangles sharing it.
 * Output: t, and the barycentrics u (weight of v1) and v (weight of v2);
 * the point is (1-u-v) v0 + u v1 + v v2.
 * Error bound: docs/queries/ray_triangle.md. */
typedef struct {
    bool hit;
    float t, u, v;
} isect_ray_triangle_result;

bool isect_ray_triangle(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out);
typedef bool isect_ray_triangle_fn(isect_ray, isect_triangle, isect_ray_triangle_result *);

/* ---- rays against solids ------------------------------------------------ */

/* ---- swept spheres ------------------------------------------------------- */

/* ---- static overlaps ----------------------------------------------------- */

#ifdef __cplusplus
}
#endif

#endif
