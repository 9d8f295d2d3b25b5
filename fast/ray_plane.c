/* fast/ray_plane.c: ray against a plane in binary32.
 *
 * t = ((point - origin) . n) / (dir . n), after exact power-of-two rescaling
 * of the positions (together), of n and of dir, so that no product
 * overflows or underflows harmfully.  The origin on the plane (numerator 0,
 * which covers a ray lying in the plane) hits at t = 0; a zero denominator is
 * the exact parallel test.  Error bound: docs/queries/ray_plane.md.
 */
#include "isect.h"

#include "fast_ray.h"

#include <string.h>

bool isect_ray_plane(isect_ray ray, isect_plane plane, isect_ray_plane_result *out)
{
    isect_ray_plane_result r;
    memset(&r, 0, sizeof r);
    if (out)
        *out = r;
    if (!rc_ray_valid(ray) || !fv_finite3(plane.point) || !fv_finite3(plane.normal))
        return false;
    float mn = fv_max3abs(plane.normal);
    if (mn == 0)
        return false; /* invalid: zero normal */

    int ep = fv_exp(isect_fmaxf(fv_max3abs(plane.point), fv_max3abs(ray.origin)));
    int en = fv_exp(mn), ed = fv_exp(fv_max3abs(ray.dir));
    isect_vec3 w = fv_sub(fv_scale3(plane.point, -ep), fv_scale3(ray.origin, -ep));
    isect_vec3 n = fv_scale3(plane.normal, -en), d = fv_scale3(ray.dir, -ed);
    float num = fv_dot(w, n), den = fv_dot(d, n);
    if (num != 0) {
        if (den == 0 || (num > 0) != (den > 0))
            return false; /* parallel off the plane, or the plane is behind */
        /* t = 2^(ep - ed) num/den, compared with tmax before it is rounded
         * to binary32 (where it may underflow to 0). */
        rc_quot t = rc_div(num, den, ep - ed);
        if (!rc_quot_le(t, ray.tmax))
            return false;
        r.t = isect_fminf(rc_quot_value(t), ray.tmax);
    }
    r.hit = true;
    if (out)
        *out = r;
    return true;
}
