/* fast/sphere_aabb.c: closed ball against closed box, binary32.
 *
 * Arvo's test: the squared distance from the centre to the box, summed per
 * axis from the exact comparisons c < min, c > max, against r^2.  Binary32
 * after an exact power-of-two rescaling (fast/fast_vec3.h: fv_rescale_exp); no square root, no
 * epsilon.  The answer is exact for inputs moved by at most 2.6 * 2^-24 * S:
 * docs/queries/sphere_aabb.md.
 */
#include "fast_vec3.h"

static float gap(float c, float lo, float hi)
{
    if (c < lo)
        return lo - c;
    if (c > hi)
        return c - hi;
    return 0;
}

bool isect_sphere_aabb(isect_sphere s, isect_aabb b, isect_sphere_aabb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!fv_finite3(s.center) || !isfinite(s.radius) || !(s.radius >= 0) || !fv_finite3(b.min) ||
        !fv_finite3(b.max) || !(b.min.x <= b.max.x && b.min.y <= b.max.y && b.min.z <= b.max.z))
        return false;

    float m = isect_fmaxf(isect_fmaxf(fv_max3abs(s.center), s.radius), isect_fmaxf(fv_max3abs(b.min), fv_max3abs(b.max)));
    int k = fv_rescale_exp(m, FB_COMFY_HI_SQ);
    isect_vec3 c = fv_scale3(s.center, k), lo = fv_scale3(b.min, k), hi = fv_scale3(b.max, k);
    float r = fv_ldexp(s.radius, k);
    float ex = gap(c.x, lo.x, hi.x), ey = gap(c.y, lo.y, hi.y), ez = gap(c.z, lo.z, hi.z);
    bool hit = ex * ex + ey * ey + ez * ez <= r * r;
    if (out)
        out->hit = hit;
    return hit;
}
