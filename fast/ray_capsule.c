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

#include "fast_cyl.h"

#include <string.h>

/* The line misses the infinite cylinder of the axis line (radius r)
 * certainly: D = r^2 A - (v.n)^2 < 0 (n = dir x w, A = n.n), the first
 * test of cy_decide (fast/fast_cyl.h), its binary64 value and guard
 * FB_RAY_CYL.  An exact D < 0 makes n != 0, so A > 0 and the line stays
 * farther than r from the axis line.  The capsule lies in that infinite
 * cylinder (a point within r of the segment is within r of the line), so
 * the ray misses it and no part needs testing.  D comes from cy_init's
 * leaves only; an uncertain D (or a zero w: D = 0) tests the parts. */
static bool rc_line_misses(const isect_ray *ray, const isect_cylinder *cy)
{
    cy_ctx c;
    cy_exact_ctx ex;
    cy_init(&c, ray, cy, false, &ex);
    return cyv_sign(cy_val_d(&c)) == -1;
}

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
    if (rc_line_misses(&ray, &cy))
        return false;
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
