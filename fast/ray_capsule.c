/* fast/ray_capsule.c: ray against a capsule in binary32.
 *
 * The capsule is the union of the capped cylinder p0 p1 and the balls at
 * p0 and p1 (closed convex parts): its first t is the least of the parts'
 * first t's.  The parts are fast's ray_cylinder (fast/fast_cyl.h's exact
 * decision, in the cylinder's own frame, accurate for thin and long
 * shapes) and ray_sphere; a zero-length axis leaves the two (equal) balls.
 * The hit flag is exact, the union of the parts' exact flags.  Every part
 * lies in the infinite cylinder of radius r about the axis line, so: a
 * line that certainly misses that infinite cylinder misses the capsule
 * (no part tested), and a ray that enters the capped cylinder through its
 * side, from outside the infinite cylinder, enters it before any ball
 * (the balls are not tested).  Error bound: docs/queries/ray_capsule.md.
 */
#include "isect.h"

#include "fast_cyl.h"

#include <string.h>

/* The cylinder's entry of a hit from outside (cy_decide's decision 2),
 * from the decision's binary64 values, as ray_cylinder.c's entry_t
 * computes it: the side's lower root when B < 0 and C > 0 certainly
 * (the origin outside the infinite cylinder), else 0, raised to the
 * slabs' lower ends, clipped to tmax.  *side: the side's root is the
 * answer (no slab end above it).  docs/queries/ray_cylinder.md, "t from
 * the filter". */
static double rc_cyl_entry(const cy_ctx *c, float tmax, bool *side)
{
    double b = c->b.x, dw = c->dw.x, e = 0, s = 0;
    fmv cq;
    *side = false;
    if (b < 0 && cyv_sign(cq = cy_val_c(c)) == 1) {
        e = cq.x / (sqrt(c->ww.x) * sqrt(c->dq.x > 0 ? c->dq.x : 0) - b);
        *side = true;
    }
    if (dw > 0 && c->vw.x < 0)
        s = -c->vw.x / dw;
    else if (dw < 0 && c->uw.x > 0)
        s = -c->uw.x / dw;
    if (s > e || e != e) { /* a slab end above the side's root (isect_fmax's NaN rule) */
        e = s;
        *side = false;
    }
    return isect_fmin(e, (double)tmax);
}

/* The capped cylinder's part: 0 miss, 1 hit at t = 0 (the origin in the
 * solid: no part comes earlier), 2 hit at *t through the side from
 * outside the infinite cylinder (no ball comes earlier), 3 another hit at
 * *t, 4 the line certainly misses the infinite cylinder (D < 0, the first
 * test of cy_decide: FB_RAY_CYL; an exact D < 0 makes n != 0), so the
 * capsule too.  p0 != p1 (cy_leaves_ok). */
static int rc_cylinder(cy_ctx *c, float tmax, float *t)
{
    if (cyv_sign(cy_val_d(c)) == -1)
        return 4;
    int decision = cy_decide(c);
    if (decision < 2)
        return decision;
    bool side;
    *t = (float)rc_cyl_entry(c, tmax, &side);
    return side ? 2 : 3;
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
    isect_cylinder cy = {cap.p0, cap.p1, cap.radius};
    cy_ctx c;
    cy_exact_ctx ex;
    cy_init(&c, &ray, &cy, false, &ex);
    if (cy_leaves_ok(&c)) { /* p0 != p1: the cylinder is not empty */
        float t = 0;
        int part = rc_cylinder(&c, ray.tmax, &t);
        if (part == 4)
            return false;
        if (part > 0)
            res = (isect_ray_hit){true, t};
        if (part == 1 || part == 2) {
            if (out)
                *out = res;
            return true;
        }
    }
    isect_ray_hit ball;
    for (int k = 0; k < 2; k++) {
        isect_sphere s = {k ? cap.p1 : cap.p0, cap.radius};
        if (isect_ray_sphere(ray, s, &ball) && (!res.hit || ball.t < res.t))
            res = ball;
    }
    if (out)
        *out = res;
    return res.hit;
}
