/* fast/ray_capsule.c: ray against a capsule in binary32.
 *
 * The capsule is the union of the capped cylinder p0 p1 and the balls at
 * p0 and p1 (closed convex parts): its first t is the least of the parts'
 * first t's.  The parts are fast's ray_cylinder (the cylinder's own frame,
 * accurate for thin and long shapes) and ray_sphere; a zero-length axis
 * leaves the two (equal) balls.  The hit flag is exact, the union of the
 * parts' exact flags (fast/fast_cyl.h, ray_sphere.c).  Error bound:
 * docs/queries/ray_capsule.md.
 */
#include "isect.h"

#include "fast_ray.h"

#include <string.h>

bool isect_ray_capsule(isect_ray ray, isect_capsule cap, isect_ray_capsule_result *out)
{
    isect_ray_capsule_result res;
    memset(&res, 0, sizeof res);
    if (out)
        *out = res;
    if (!rc_ray_valid(ray) || !fv_finite3(cap.p0) || !fv_finite3(cap.p1) || !isfinite(cap.radius) ||
        !(cap.radius >= 0))
        return false;
    isect_ray_hit part;
    isect_cylinder cy = {cap.p0, cap.p1, cap.radius};
    if (isect_ray_cylinder(ray, cy, &part))
        res = part;
    for (int k = 0; k < 2; k++) {
        isect_sphere s = {k ? cap.p1 : cap.p0, cap.radius};
        if (isect_ray_sphere(ray, s, &part) && (!res.hit || part.t < res.t))
            res = part;
    }
    if (out)
        *out = res;
    return res.hit;
}
