/* fast/ray_cylinder.c: ray against a solid capped cylinder in binary32.
 *
 * Whether the ray hits is decided exactly by fast/fast_cyl.h (a binary64
 * filter on the signs of a few polynomials in the inputs, then exact
 * expansions where the filter cannot decide); the same binary64 values
 * then give t (entry_t), with no rescaling: every input of the binary32
 * range keeps its accuracy in binary64 (values of degree <= 6 in the
 * inputs, none over- or underflowing; the one degree-8 value, w.w D,
 * enters only through sqrt(w.w) sqrt(D)).  None of t's roundings can turn
 * a hit into a miss or back.
 * Error bound: docs/queries/ray_cylinder.md ("t from the filter").
 */
#include "isect.h"

#include "fast_cyl.h"

#include <string.h>

/* The entry t of a hit from outside (decision 2), from the decision's
 * binary64 values.  The side interval's lower end t- (roots of
 * A t^2 + 2 B t + C, B^2 - A C = w.w D, s = sqrt(w.w) sqrt(D)) counts only
 * when B < 0 and C > 0 certainly (FB_RAY_CYL): else it is <= 0 (the
 * vertex behind the origin, or the origin inside the infinite cylinder),
 * or C is within its rounding of 0, the origin within a relative 2^-47 of
 * the side, where 0 is the entry of an input that close (and C, all
 * rounding, would put t- anywhere, as A would for a ray nearly along the
 * axis).  t- = C/(s - B), a sum of two non-negative terms below (with
 * C certain, its rounding is at most 28% of C: a position error far below
 * the tolerance, docs/queries/ray_cylinder.md).  The slab's lower end is -v.w/d.w (d.w > 0) or -u.w/d.w
 * (d.w < 0); t = max(0, both), clipped to tmax.  A rounding that makes the
 * ends miss each other near a rim or a tangency does not matter: the hit
 * is decided, the entry is the answer.  An overflow of a quotient means a
 * t above 2^900, which rounds to inf or is clipped to tmax as the exact t
 * is. */
static float entry_t(const cy_ctx *c, float tmax)
{
    double b = c->b.x, dw = c->dw.x, e = 0;
    fmv cq;
    if (b < 0 && cyv_sign(cq = cy_val_c(c)) == 1) {
        e = cq.x / (sqrt(c->ww.x) * sqrt(c->dq.x > 0 ? c->dq.x : 0) - b);
    }
    if (dw > 0 && c->vw.x < 0)
        e = isect_fmax(e, -c->vw.x / dw);
    else if (dw < 0 && c->uw.x > 0)
        e = isect_fmax(e, -c->uw.x / dw);
    return (float)isect_fmin(e, (double)tmax);
}

bool isect_ray_cylinder(isect_ray ray, isect_cylinder cy, isect_ray_cylinder_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    cy_ctx c;
    cy_exact_ctx ex;
    cy_init(&c, &ray, &cy, false, &ex);
    if (!(ray.tmax >= 0) || !(cy.radius >= 0) || !cy_leaves_ok(&c))
        return false; /* invalid input, or a zero-length axis (empty) */
    int decision = cy_decide(&c);
    if (decision == 0)
        return false;
    if (out) {
        out->hit = true;
        out->t = decision == 1 ? 0.0f : entry_t(&c, ray.tmax);
    }
    return true;
}
