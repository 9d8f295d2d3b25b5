/* fast/sphere_sweep_plane.c: a moving sphere against a closed, two-sided
 * plane, binary32.  Positions are rescaled by one power of two and the
 * normal by another (both exact), so that nothing overflows; then with
 * d0 = n.(c - q), dv = n.v: overlap at the start when |d0| <= r |n|,
 * otherwise contact at t = (|d0| - r |n|) / |dv| when d0 dv < 0 and t <= 1.
 * docs/queries/sphere_sweep_plane.md. */
#include "fast_sweep.h"

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
    if (!fv_finite3(n))
        return false;
    float mn = fv_max3abs(n);
    if (mn == 0)
        return false;
    int en = fv_exp(mn);
    n = fv_scale3(n, -en);
    float d0 = -fv_dot(n, Q);
    float dv = fv_dot(n, b.v);
    float rn = b.r * sqrtf(fv_dot(n, n));
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
