/* fast/sphere_triangle.c: closed ball against closed triangle, binary32
 * inputs and outputs.
 *
 * The closest point of the triangle to the centre (fast/fast_overlap.h:
 * ov_closest_triangle): the binary32 differences b - a, c - a, p - a after an
 * exact power-of-two rescaling, then binary64, where the products of two
 * binary32 values are exact.  The answer and the outputs are those of the
 * exact problem for the vertices and centre moved by at most 2 * 2^-24 * S
 * (one rounding of each difference), up to binary64 rounding and the final
 * rounding to binary32: docs/queries/sphere_triangle.md.
 */
#include "fast_overlap.h"

bool isect_sphere_triangle(isect_sphere s, isect_triangle tri, isect_sphere_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!fv_finite3(s.center) || !isfinite(s.radius) || !(s.radius >= 0) || !fv_finite3(tri.v0) ||
        !fv_finite3(tri.v1) || !fv_finite3(tri.v2))
        return false;

    float m = isect_fmaxf(isect_fmaxf(fv_max3abs(s.center), s.radius),
                    isect_fmaxf(fv_max3abs(tri.v0), isect_fmaxf(fv_max3abs(tri.v1), fv_max3abs(tri.v2))));
    int k = fv_rescale_exp(m, FB_COMFY_HI_SQ);
    isect_vec3 a = fv_scale3(tri.v0, k);
    fv_d3 ab = fv_d(fv_sub(fv_scale3(tri.v1, k), a)), ac = fv_d(fv_sub(fv_scale3(tri.v2, k), a));
    fv_d3 ap = fv_d(fv_sub(fv_scale3(s.center, k), a)), q;
    double d2 = ov_closest_triangle(ab, ac, ap, &q);
    double r = fv_ldexp(s.radius, k);
    if (!(d2 <= r * r))
        return false;
    if (out) {
        /* back to input units: exact powers of two in binary64, then one
         * rounding to binary32 */
        double back = fv_pow2(-k);
        out->hit = true;
        out->point.x = (float)(((double)a.x + q.x) * back);
        out->point.y = (float)(((double)a.y + q.y) * back);
        out->point.z = (float)(((double)a.z + q.z) * back);
        out->dist2 = (float)(d2 * back * back);
    }
    return true;
}
