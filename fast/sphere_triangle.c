/* fast/sphere_triangle.c: closed ball against closed triangle, binary32
 * inputs and outputs.
 *
 * The closest point of the triangle to the centre (fast/overlap.h:
 * ov_closest_triangle): the binary32 differences b - a, c - a, p - a after an
 * exact power-of-two rescaling, then binary64, where the products of two
 * binary32 values are exact.  The answer and the outputs are those of the
 * exact problem for the vertices and centre moved by at most 2 * 2^-24 * S
 * (one rounding of each difference), up to binary64 rounding and the final
 * rounding to binary32: docs/queries/sphere_triangle.md.
 */
#include "overlap.h"

bool isect_sphere_triangle(isect_sphere s, isect_triangle tri, isect_sphere_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!ov_finite3(s.center) || !isfinite(s.radius) || !(s.radius >= 0) || !ov_finite3(tri.v0) ||
        !ov_finite3(tri.v1) || !ov_finite3(tri.v2))
        return false;

    float m = isect_fmaxf(isect_fmaxf(ov_max3abs(s.center), s.radius),
                    isect_fmaxf(ov_max3abs(tri.v0), isect_fmaxf(ov_max3abs(tri.v1), ov_max3abs(tri.v2))));
    int k = ov_rescale_exp(m);
    isect_vec3 a = ov_scale3(tri.v0, k);
    ov_d3 ab = ov_d(ov_sub3(ov_scale3(tri.v1, k), a)), ac = ov_d(ov_sub3(ov_scale3(tri.v2, k), a));
    ov_d3 ap = ov_d(ov_sub3(ov_scale3(s.center, k), a)), q;
    double d2 = ov_closest_triangle(ab, ac, ap, &q);
    double r = ov_scalef(s.radius, k);
    if (!(d2 <= r * r))
        return false;
    if (out) {
        /* back to input units: exact powers of two in binary64, then one
         * rounding to binary32 */
        double back = ldexp(1, -k);
        out->hit = true;
        out->point.x = (float)(((double)a.x + q.x) * back);
        out->point.y = (float)(((double)a.y + q.y) * back);
        out->point.z = (float)(((double)a.z + q.z) * back);
        out->dist2 = (float)(d2 * back * back);
    }
    return true;
}
