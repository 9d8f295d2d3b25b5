/* fast/ray_sphere.c: ray against a closed ball in binary32.
 *
 * After exact power-of-two rescaling (positions together, then the offset
 * v = origin - center and the radius together, and dir on its own):
 *   a = dir.dir,  b = v.dir,  c = v.v - r^2           (origin inside: c <= 0)
 *   l = v - (b/a) dir        (the line's closest approach to the centre)
 *   e = r^2 - l.l            (the discriminant divided by a, without the
 *                             cancellation of b^2 - a c: Haines et al.,
 *                             Ray Tracing Gems ch. 7)
 *   t = (-b - sqrt(a e)) / a  or  c / (-b + sqrt(a e))  (the entry root,
 *                            whichever form is accurate, see below).
 * The parallel and zero-direction tests are exact (a == 0, b >= 0).
 * Error bound: docs/queries/ray_sphere.md.
 */
#include "isect.h"

#include "fast_ray.h"

#include <string.h>

bool isect_ray_sphere(isect_ray ray, isect_sphere sphere, isect_ray_sphere_result *out)
{
    isect_ray_sphere_result res;
    memset(&res, 0, sizeof res);
    if (out)
        *out = res;
    if (!rc_ray_valid(ray) || !fv_finite3(sphere.center) || !isfinite(sphere.radius) || !(sphere.radius >= 0))
        return false;

    int ep = fv_exp(isect_fmaxf(isect_fmaxf(fv_max3abs(ray.origin), fv_max3abs(sphere.center)), sphere.radius));
    isect_vec3 v = fv_sub(fv_scale3(ray.origin, -ep), fv_scale3(sphere.center, -ep));
    float r = fv_ldexp(sphere.radius, -ep);
    /* v and r to magnitude ~1 as well (exact unless r underflowed above). */
    int ev = fv_exp(isect_fmaxf(fv_max3abs(v), r));
    v = fv_scale3(v, -ev);
    r = fv_ldexp(r, -ev);
    int ed = fv_exp(fv_max3abs(ray.dir));
    isect_vec3 d = fv_scale3(ray.dir, -ed);

    float c = fv_dot(v, v) - r * r;
    if (c <= 0) {
        res.hit = true; /* origin in the ball */
        if (out)
            *out = res;
        return true;
    }
    float a = fv_dot(d, d), b = fv_dot(v, d);
    if (a == 0 || b >= 0)
        return false; /* zero dir, or moving away from the centre */
    isect_vec3 l = fv_sub(v, fv_mul(d, b / a));
    float e = r * r - fv_dot(l, l);
    if (e < 0)
        return false;
    /* The entry root is (-b - s)/a = c/(-b + s), s = sqrt(a e).  The first
     * form depends on c only through e and is the accurate one unless s is
     * close to -b (the origin near the sphere); the second cancels nothing
     * but takes c and e with independent rounding errors, which near a
     * tangency (e ~ 0) can put t beyond the chord's midpoint -b/a: the
     * fuzzer found t = 0.8 for an exact 0.54 that way.  So: the first form
     * when s <= -b/2, the second (where c < 3e) otherwise. */
    float s = sqrtf(a * e);
    rc_quot t = s <= -0.5f * b ? rc_div(-b - s, a, ep + ev - ed) : rc_div(c, -b + s, ep + ev - ed);
    if (!rc_quot_le(t, ray.tmax))
        return false;
    res.hit = true;
    res.t = isect_fminf(rc_quot_value(t), ray.tmax);
    if (out)
        *out = res;
    return true;
}
