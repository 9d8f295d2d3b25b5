/* fast/ray_aabb.c: ray against a closed axis-aligned box in binary32.
 *
 * The slab test (Kay and Kajiya 1986; Williams et al. 2005) without
 * infinities: a zero direction component is tested exactly (the origin's
 * coordinate between min and max), so no 0 * inf arises for a ray lying in a
 * face plane.  Positions are rescaled together and dir on its own by powers
 * of two (exact).  Each slab parameter (b - o)/d is kept as a significand
 * and an exponent (fast/ray_common.h: rc_span_slab), so that parameters
 * beyond the binary32 range are still ordered exactly; the entry is the
 * largest lower end (at least 0), the exit the smallest upper end (at most
 * tmax).  Error bound:
 * docs/queries/ray_aabb.md.
 */
#include "isect.h"

#include "ray_common.h"

#include <string.h>

bool isect_ray_aabb(isect_ray ray, isect_aabb box, isect_ray_aabb_result *out)
{
    isect_ray_aabb_result res;
    memset(&res, 0, sizeof res);
    if (out)
        *out = res;
    if (!rc_ray_valid(ray) || !rc_finite3(box.min) || !rc_finite3(box.max) || !(box.min.x <= box.max.x) ||
        !(box.min.y <= box.max.y) || !(box.min.z <= box.max.z))
        return false;

    int ep = p2_exp(isect_fmaxf(rc_max3abs(ray.origin), isect_fmaxf(rc_max3abs(box.min), rc_max3abs(box.max))));
    int ed = p2_exp(rc_max3abs(ray.dir));
    isect_vec3 o = rc_scale(ray.origin, -ep), mn = rc_scale(box.min, -ep), mx = rc_scale(box.max, -ep);
    isect_vec3 d = rc_scale(ray.dir, -ed);

    rc_span sp = rc_span_all();
    for (int i = 0; i < 3; i++)
        rc_span_slab(&sp, rc_comp(o, i), rc_comp(d, i), rc_comp(mn, i), rc_comp(mx, i), ep - ed);
    if (!rc_span_hit(&sp, ray.tmax, &res.t))
        return false;
    res.hit = true;
    if (out)
        *out = res;
    return true;
}
