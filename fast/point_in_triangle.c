/* fast/point_in_triangle.c: point in closed 3D triangle, binary32 inputs.
 *
 * A point is almost never exactly in the plane of a binary32 triangle, so an
 * exact test would be useless for a caller with a computed point.  fast
 * reports a hit when p lies within 8 * 2^-24 * S of the closed triangle
 * (S the largest input magnitude): the distance from the closest point,
 * computed as for sphere_triangle (binary32 differences, binary64 products;
 * fast/fast_overlap.h), against that tolerance.  The tolerance is relative to the
 * inputs, not an absolute epsilon, and it is the smallest that the rounding
 * of the differences allows (a point of the triangle may appear 6.93 * 2^-24 * S
 * away).  So fast never misses a point of the triangle, and a point it
 * reports is within 10 * 2^-24 * S of one: docs/queries/point_in_triangle.md.
 * Degenerate triangles are their hull (a segment or a point).
 */
#include "fast_overlap.h"

bool isect_point_in_triangle(isect_vec3 p, isect_triangle tri, isect_point_in_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!fv_finite3(p) || !fv_finite3(tri.v0) || !fv_finite3(tri.v1) || !fv_finite3(tri.v2))
        return false;

    float m = isect_fmaxf(isect_fmaxf(fv_max3abs(p), fv_max3abs(tri.v0)), isect_fmaxf(fv_max3abs(tri.v1), fv_max3abs(tri.v2)));
    int k = fv_rescale_exp(m, FB_COMFY_HI_SQ);
    isect_vec3 a = fv_scale3(tri.v0, k);
    fv_d3 ab = fv_d(fv_sub(fv_scale3(tri.v1, k), a)), ac = fv_d(fv_sub(fv_scale3(tri.v2, k), a));
    fv_d3 ap = fv_d(fv_sub(fv_scale3(p, k), a)), q;
    double d2 = ov_closest_triangle(ab, ac, ap, &q);
    double tol = FB_PIT_TOL * (double)fv_ldexp(m, k);
    bool hit = d2 <= tol * tol;
    if (out)
        out->hit = hit;
    return hit;
}
