/* fast/ray_aabb.c: ray against a closed axis-aligned box in binary32.
 *
 * The slab test (Kay and Kajiya 1986; Williams et al. 2005) without
 * infinities: a zero direction component is tested exactly (the origin's
 * coordinate between min and max), so no 0 * inf arises for a ray lying in a
 * face plane.  Positions are rescaled together and dir on its own by powers
 * of two (exact).  Each slab parameter (b - o)/d is kept as a significand
 * and an exponent (fast/fast_ray.h: rc_span_slab), so that parameters
 * beyond the binary32 range are still ordered exactly; the entry is the
 * largest lower end (at least 0), the exit the smallest upper end (at most
 * tmax).  Error bound:
 * docs/queries/ray_aabb.md.
 */
#include "isect.h"

#include "fast_ray.h"

#include <string.h>

bool isect_ray_aabb(isect_ray ray, isect_aabb box, isect_ray_aabb_result *out)
{
    isect_ray_aabb_result res;
    memset(&res, 0, sizeof res);
    if (out)
        *out = res;
    if (!rc_ray_valid(ray) || !fv_finite3(box.min) || !fv_finite3(box.max) || !(box.min.x <= box.max.x) ||
        !(box.min.y <= box.max.y) || !(box.min.z <= box.max.z))
        return false;

    int ep = fv_exp(isect_fmaxf(fv_max3abs(ray.origin), isect_fmaxf(fv_max3abs(box.min), fv_max3abs(box.max))));
    int ed = fv_exp(fv_max3abs(ray.dir));
    isect_vec3 o = fv_scale3(ray.origin, -ep), mn = fv_scale3(box.min, -ep), mx = fv_scale3(box.max, -ep);
    isect_vec3 d = fv_scale3(ray.dir, -ed);

    rc_span sp = rc_span_all();
    for (int i = 0; i < 3; i++)
        rc_span_slab(&sp, fv_comp(o, i), fv_comp(d, i), fv_comp(mn, i), fv_comp(mx, i), ep - ed);
    if (!rc_span_hit(&sp, ray.tmax, &res.t))
        return false;
    res.hit = true;
    if (out)
        *out = res;
    return true;
}
