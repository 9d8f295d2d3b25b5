/* fast/ray_cylinder.c: ray against a solid capped cylinder in binary32.
 *
 * The axis-aligned frame idea (the cylinder's own frame, where the side is a
 * circle and the caps are two planes z = 0 and z = L), done so that thin and
 * long cylinders keep their accuracy:
 * - positions are rescaled together, then the offsets v = origin - p0 and
 *   w = p1 - p0 and the radius together again (powers of two: exact), dir on
 *   its own;
 * - the frame (u1, u2, wn) is built from the unit axis wn = w/|w|, and v and
 *   dir are projected on it: each coordinate is then accurate to a few ulps
 *   of |v| (|dir|), the error of moving the origin (turning dir) by that
 *   much, whatever the radius and the length;
 * - the side is the 2D ray/circle problem in (u1, u2), solved as ray_sphere
 *   solves it: the discriminant from the closest approach l (no b^2 - a c
 *   cancellation) and each root in the form that does not cancel;
 * - the caps are the slab 0 <= v.w + t d.w <= w.w, with an exact d.w == 0
 *   test (computed on w, not on the frame, so that an origin exactly on a
 *   cap plane stays on it); a ray
 *   parallel to the axis has a == 0 exactly only when dir is exactly 0 in
 *   (u1, u2); otherwise its tiny a gives huge roots, which stay exact in
 *   order because every interval end is kept as significand and exponent.
 * The answer is the first t of [0, tmax] in all three intervals.
 * Whether there is one is decided exactly, before any of the above, by
 * fast/fast_cyl.h (a binary64 filter, then exact expansions); the frame
 * computation then only gives t, and none of its roundings can turn a hit
 * into a miss or back.
 * Error bound: docs/queries/ray_cylinder.md.
 */
#include "isect.h"

#include "fast_cyl.h"
#include "fast_ray.h"

#include <string.h>

/* The entry t, the ray being known to hit the solid past t = 0 (valid
 * input, p0 != p1).  A test that the roundings make fail near a boundary
 * (the side missed by an ulp, entry past exit) does not turn the hit into a
 * miss: the entry found so far is the answer, clipped to tmax. */
static float entry_t(isect_ray ray, isect_cylinder cy)
{
    int ep = fv_exp(isect_fmaxf(isect_fmaxf(fv_max3abs(ray.origin), fv_max3abs(cy.p0)), isect_fmaxf(fv_max3abs(cy.p1), cy.radius)));
    isect_vec3 p0 = fv_scale3(cy.p0, -ep);
    isect_vec3 v = fv_sub(fv_scale3(ray.origin, -ep), p0), w = fv_sub(fv_scale3(cy.p1, -ep), p0);
    float r = fv_ldexp(cy.radius, -ep);
    int ev = fv_exp(isect_fmaxf(isect_fmaxf(fv_max3abs(v), fv_max3abs(w)), r));
    v = fv_scale3(v, -ev);
    w = fv_scale3(w, -ev);
    r = fv_ldexp(r, -ev);
    int ed = fv_exp(fv_max3abs(ray.dir));
    isect_vec3 d = fv_scale3(ray.dir, -ed);
    int k = ep + ev - ed; /* t = 2^k t_scaled */

    float L = sqrtf(fv_dot(w, w));
    if (L == 0)
        return 0; /* the axis vanished in the rescaling (its length below 2^-149 of the largest input) */
    isect_vec3 wn = {w.x / L, w.y / L, w.z / L}, u1, u2;
    rc_frame(wn, &u1, &u2);
    float vx = fv_dot(v, u1), vy = fv_dot(v, u2), dx = fv_dot(d, u1), dy = fv_dot(d, u2);

    /* The caps: 0 <= v.w + t d.w <= w.w, on w itself rather than on wn, so
     * that exact configurations stay exact (an origin at p1 gives v.w ==
     * w.w; dir perpendicular to an axis along a coordinate plane gives
     * d.w == 0). */
    rc_span sp = rc_span_all();
    rc_span_slab(&sp, fv_dot(v, w), fv_dot(d, w), 0, fv_dot(w, w), k);
    float a = dx * dx + dy * dy;
    if (a != 0) {
        /* (dx, dy) to magnitude ~1: a tiny a (dir nearly along the axis)
         * would otherwise lose its precision to underflow.  t scales by
         * 2^-ez. */
        int ez = fv_exp(isect_fmaxf(fabsf(dx), fabsf(dy)));
        dx = fv_ldexp(dx, -ez);
        dy = fv_ldexp(dy, -ez);
        a = dx * dx + dy * dy;
        float b = vx * dx + vy * dy, ba = b / a;
        float lx = vx - ba * dx, ly = vy - ba * dy;
        float c = vx * vx + vy * vy - r * r, e = r * r - (lx * lx + ly * ly);
        rc_span_quadratic(&sp, a, b, c, isect_fmaxf(e, 0), k - ez); /* e < 0: a tangent, rounded */
    }
    return isect_fminf(rc_quot_value(sp.entry), ray.tmax);
}

/* The entry t from the decision's binary64 values, when A is certainly
 * positive (the filter's guard) and ww D is in range; else false (the
 * frame, entry_t, gives t).  The side interval's lower end is
 * t- = C/(-B + sqrt(ww D)) when B < 0 and C > 0 (the form without
 * cancellation; else t- <= 0), the slab's -v.w/d.w (d.w > 0) or -u.w/d.w
 * (d.w < 0); t = max(0, both), clipped to tmax.  Error bound:
 * docs/queries/ray_cylinder.md, "t from the filter". */
static bool quick_t(const cy_ctx *c, float tmax, float *t)
{
    if (cyv_sign(c->a) != 1)
        return false; /* A not certified: near a ray along the axis, n may be mostly rounding */
    double disc = c->ww[0] * (c->dq[0] > 0 ? c->dq[0] : 0);
    if (!(disc <= FB_RAY_CYL_DISC_HI) || (disc != 0 && disc < FB_RAY_CYL_DISC_LO))
        return false;
    double b = c->b[0], dw = c->dw[0], e = 0;
    if (b < 0) {
        double cq = cy_val_c(c)[0];
        if (cq > 0)
            e = cq / (sqrt(disc) - b);
    }
    if (dw > 0 && c->vw[0] < 0)
        e = isect_fmax(e, -c->vw[0] / dw);
    else if (dw < 0 && c->uw[0] > 0)
        e = isect_fmax(e, -c->uw[0] / dw);
    *t = (float)isect_fmin(e, (double)tmax);
    return true;
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
        if (decision == 1)
            out->t = 0.0f;
        else if (!quick_t(&c, ray.tmax, &out->t))
            out->t = entry_t(ray, cy);
    }
    return true;
}
