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
 * binary64 values: the side interval's lower end is
 * t- = C/(-B + sqrt(w.w D)) when B < 0 and C > 0 (the form without
 * cancellation; B^2 - A C = w.w D; otherwise t- <= 0, and A = 0 makes
 * n = 0, B = 0), the slab's -v.w/d.w (d.w > 0) or -u.w/d.w (d.w < 0);
 * t = max(0, both), clipped to tmax.  A rounding that makes the ends miss
 * each other near a rim or a tangency does not matter: the hit is decided,
 * the entry is the answer.  An overflow of a quotient means a t above
 * 2^900, which rounds to inf or is clipped to tmax as the exact t is. */
static float entry_t(const cy_ctx *c, float tmax)
{
    double b = c->b[0], dw = c->dw[0], e = 0;
    if (b < 0) {
        double cq = cy_val_c(c)[0];
        if (cq > 0)
            e = cq / (sqrt(c->ww[0]) * sqrt(c->dq[0] > 0 ? c->dq[0] : 0) - b);
    }
    if (dw > 0 && c->vw[0] < 0)
        e = isect_fmax(e, -c->vw[0] / dw);
    else if (dw < 0 && c->uw[0] > 0)
        e = isect_fmax(e, -c->uw[0] / dw);
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
