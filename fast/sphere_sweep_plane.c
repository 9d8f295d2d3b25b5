/* fast/sphere_sweep_plane.c: a moving sphere against a closed, two-sided
 * plane, binary32.  Positions are rescaled by one power of two and the
 * normal by another (both exact), so that nothing overflows; then with
 * d0 = n.(c - q), dv = n.v: overlap at the start when |d0| <= r |n|,
 * otherwise contact at t = (|d0| - r |n|) / |dv| when d0 dv < 0 and t <= 1.
 * docs/queries/sphere_sweep_plane.md. */
#include "sphere_sweep_impl.h"

#include <math.h>
#include <string.h>

bool isect_sphere_sweep_plane(isect_moving_sphere s, isect_plane plane, isect_sphere_sweep_plane_result *out)
{
    isect_sphere_sweep_plane_result r;
    memset(&r, 0, sizeof r);
    if (out)
        *out = r;
    fsw_ball b;
    isect_vec3 Q;
    if (!fsw_setup(&b, s, &plane.point, 1, &Q))
        return false;
    isect_vec3 n = plane.normal;
    if (!isfinite(n.x) || !isfinite(n.y) || !isfinite(n.z))
        return false;
    float mn = isect_fmaxf(fabsf(n.x), isect_fmaxf(fabsf(n.y), fabsf(n.z)));
    if (mn == 0)
        return false;
    int en = p2_exp(mn);
    n = (isect_vec3){p2_ldexp(n.x, -en), p2_ldexp(n.y, -en), p2_ldexp(n.z, -en)};
    float d0 = -(n.x * Q.x + n.y * Q.y + n.z * Q.z);
    float dv = n.x * b.v.x + n.y * b.v.y + n.z * b.v.z;
    float rn = b.r * sqrtf(n.x * n.x + n.y * n.y + n.z * n.z);
    float gap = fabsf(d0) - rn;
    if (gap <= 0) {
        r.hit = true; /* t = 0 */
    } else if (d0 * dv < 0) {
        float t = gap / fabsf(dv);
        if (t <= 1) {
            r.hit = true;
            r.t = t;
        }
    }
    if (out)
        *out = r;
    return r.hit;
}
