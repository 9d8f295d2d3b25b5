/* fast/sphere_aabb.c: closed ball against closed box, binary32.
 *
 * Arvo's test: the squared distance from the centre to the box, summed per
 * axis from the exact comparisons c < min, c > max, against r^2.  Binary32
 * after an exact power-of-two rescaling (fast/overlap.h); no square root, no
 * epsilon.  The answer is exact for inputs moved by at most 2.6 * 2^-24 * S:
 * docs/queries/sphere_aabb.md.
 */
#include "overlap.h"

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
    if (!ov_finite3(s.center) || !isfinite(s.radius) || !(s.radius >= 0) || !ov_finite3(b.min) ||
        !ov_finite3(b.max) || !(b.min.x <= b.max.x && b.min.y <= b.max.y && b.min.z <= b.max.z))
        return false;

    float m = isect_fmaxf(isect_fmaxf(ov_max3abs(s.center), s.radius), isect_fmaxf(ov_max3abs(b.min), ov_max3abs(b.max)));
    int k = ov_rescale_exp(m);
    isect_vec3 c = ov_scale3(s.center, k), lo = ov_scale3(b.min, k), hi = ov_scale3(b.max, k);
    float r = ov_scalef(s.radius, k);
    float ex = gap(c.x, lo.x, hi.x), ey = gap(c.y, lo.y, hi.y), ez = gap(c.z, lo.z, hi.z);
    bool hit = ex * ex + ey * ey + ez * ez <= r * r;
    if (out)
        out->hit = hit;
    return hit;
}
