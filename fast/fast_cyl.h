/* fast/fast_cyl.h: the exact hit decision of a ray against a solid capped
 * cylinder (fast/ray_cylinder.c, and so ray_capsule.c), filtered.
 * Internal to libisect.
 *
 * With v = origin - p0, u = origin - p1, w = p1 - p0 (w != 0), d = dir:
 * the slab coordinate s(t) = v.w + t d.w must lie in [0, w.w], and the
 * side Q(t) = A t^2 + 2 B t + C <= 0 (A = |n|^2, n = d x w,
 * B = (v x w).n, C = |v x w|^2 - r^2 w.w; Q(t) |w|^{-2} is the squared
 * distance of the ray point to the axis line minus r^2).  With I the set
 * of t in [0, tmax] inside the slab, the ray hits iff some t of I has
 * Q(t) <= 0.  Q is convex (A >= 0; A = 0 makes B = 0 and Q constant), so
 * its minimum over the closed interval I lies at an end of I or at the
 * vertex t* = -B/A; the ends of I are among 0, tmax and the cap crossings
 * t0 = -v.w/d.w, t1 = -u.w/d.w.  So the ray hits iff one of these five
 * candidates lies in I with Q <= 0 there.  Each test is the sign of a
 * polynomial of degree <= 6 in the binary32 inputs (docs/queries/
 * ray_cylinder.md, "Exact hit", derives them; the degree-8 q^2 Q(p/q) at
 * the cap crossings is never formed):
 *
 *   DW = d.w, VW = v.w, UW = u.w, VT = VW + tmax DW, UT = UW + tmax DW
 *   0  in I: VW >= 0, UW <= 0;            Q(0) <= 0:  C <= 0
 *   tmax in I: VT >= 0, UT <= 0;          Q(tmax) <= 0: QT = |(v + tmax d) x w|^2 - r^2 w.w <= 0
 *   t0 in I: VW DW <= 0, VT DW >= 0;      Q(t0) <= 0: K0 = |DW v - VW d|^2 - r^2 DW^2 <= 0
 *   t1 in I: UW DW <= 0, UT DW >= 0;      Q(t1) <= 0: K1 = |DW u - UW d|^2 - r^2 DW^2 <= 0
 *   t* in I: B <= 0, AT = A tmax + B >= 0, S0 = (d x v).n >= 0, S1 = (d x u).n <= 0;
 *            Q(t*) <= 0: D = r^2 A - (v.n)^2 >= 0  (B^2 - A C = w.w D)
 *
 * (the tmax tests only for a finite tmax).  cy_decide is that logic; each
 * sign (cy_sign) is first evaluated in binary64 with the magnitude of its
 * terms and taken when the guard FB_RAY_CYL certifies it, else that value
 * alone is evaluated exactly: as an fe expansion (cy_sign_exact;
 * fast/fast_exact.h: polynomials of degree <= 6 in binary32 values are exact
 * there, with no over- or underflow), or for A, DW, VW, UW as short sums of
 * exact products (cy_sign_a, cy_sign_dot2).  RC_EXACT_HOOK counts the
 * exact evaluations (tests).  For speed (issue 14) every binary64 value is
 * computed once per query, from shared ones (S0, S1 in Lagrange's form,
 * UW = VW - w.w; their rounding counts stay within FB_RAY_CYL's 18:
 * docs/queries/ray_cylinder.md, "Filter trees and cost"), a value and its
 * magnitude as one pair {x, p}, the exact path out of line; the
 * decision leaves D, B, m in the context for ray_cylinder.c's t.
 */
#ifndef ISECT_FAST_CYL_H
#define ISECT_FAST_CYL_H

#include "fast_bounds.h"
#include "fast_magval.h"
#include "fast_ray.h"

enum { CY_A, CY_D, CY_C, CY_DW, CY_VW, CY_UW, CY_VT, CY_UT, CY_K0, CY_K1, CY_QT, CY_B, CY_AT, CY_S0, CY_S1 };

/* A filtered sign the guard cannot certify. */
enum { CY_UNKNOWN = 2 };

/* ---- the binary64 filter ------------------------------------------------
 * A value x with the magnitude p of its terms (fmv, fast/fast_magval.h).
 * The leaves are binary32 values and their products (exact), and the
 * differences of two binary32 values (rounded once). */

/* The certified sign of a value, or CY_UNKNOWN: FB_RAY_CYL. */
static inline int cyv_sign(fmv a)
{
    double x = a.x, p = a.p, g = FB_RAY_CYL * p;
    return x > g ? 1 : x < -g ? -1 : p == 0 ? 0 : CY_UNKNOWN;
}

/* The input and the exact path's leaves (fe expansions, below), each
 * group built on first use: v, u, w, d, r^2, tmax (ready), n = d x w
 * (ready_n), d.w, v.w, u.w (ready_dots). */
typedef struct cy_exact_ctx {
    const isect_ray *ray;
    const isect_cylinder *cy;
    bool ready, ready_n, ready_dots;
    fe v[3], u[3], w[3], d[3], n[3], r2, tmax, dw, vw, uw;
} cy_exact_ctx;

/* The query and its binary64 leaves v, w, d, n = d x w and the values
 * A = n.n, r^2, tmax; cy_decide adds ww = w.w, d.w, v.w, u.w (= v.w - w.w),
 * d.v, d.d, D, and m = v x w and B once it has tested the line (quick_t
 * reads D, B, m).  ex holds the input (pointers to the caller's) and the
 * exact leaves, built on first use; exact_only skips the filter (tests).
 * c itself never escapes (the exact path gets ex), so its fields can
 * live in registers. */
typedef struct {
    fmv v[3], w[3], d[3], n[3], m[3], r2, tmax, dw, vw, uw, a, ww, dv, dd, dq, b;
    bool exact_only, bounded;
    cy_exact_ctx *ex;
} cy_ctx;

/* The filter's values, each one expression tree on the leaves (their
 * rounding counts: docs/queries/ray_cylinder.md, "Filter"). */
static inline fmv cy_val_d(const cy_ctx *c)
{
    fmv g = fmv_dot(c->v, c->n);
    return fmv_sub(fmv_mul(c->r2, c->a), fmv_mul(g, g));
}

/* C = |v x w|^2 - r^2 w.w and B = (v x w).n, c->m set. */
static inline fmv cy_val_c(const cy_ctx *c) { return fmv_sub(fmv_dot(c->m, c->m), fmv_mul(c->r2, c->ww)); }
static inline fmv cy_val_b(const cy_ctx *c) { return fmv_dot(c->m, c->n); }

/* S0 = (d x v).(d x w) and S1 = (d x u).(d x w) by Lagrange's identity:
 * (d.d)(x.w) - (d.w)(d.x) for x = v, u (d.u = d.v - d.w). */
static inline fmv cy_val_s0(const cy_ctx *c) { return fmv_sub(fmv_mul(c->dd, c->vw), fmv_mul(c->dw, c->dv)); }
static inline fmv cy_val_s1(const cy_ctx *c)
{
    return fmv_sub(fmv_mul(c->dd, c->uw), fmv_mul(c->dw, fmv_sub(c->dv, c->dw)));
}

/* |s x - t d|^2 - r2 s^2: K0 (x = v, s = d.w, t = v.w) and K1 (x = u,
 * t = u.w). */
static inline fmv cy_val_capdisc(const cy_ctx *c, fmv s, const fmv *x, fmv t)
{
    fmv e[3];
    for (int i = 0; i < 3; i++)
        e[i] = fmv_sub(fmv_mul(s, x[i]), fmv_mul(t, c->d[i]));
    return fmv_sub(fmv_dot(e, e), fmv_mul(c->r2, fmv_mul(s, s)));
}

/* K1, on its own leaves u = origin - p1, each rounded once. */
static inline fmv cy_val_k1(const cy_ctx *c)
{
    const isect_vec3 o = c->ex->ray->origin, p1 = c->ex->cy->p1;
    fmv u[3] = {fmv_of((double)o.x - p1.x), fmv_of((double)o.y - p1.y), fmv_of((double)o.z - p1.z)};
    return cy_val_capdisc(c, c->dw, u, fmv_dot(u, c->w)); /* u.w from u: 5 roundings (c->uw: 6) */
}

/* QT = |(v + tmax d) x w|^2 - r^2 w.w. */
static inline fmv cy_val_qt(const cy_ctx *c)
{
    fmv e[3], m[3];
    for (int i = 0; i < 3; i++)
        e[i] = fmv_add(c->v[i], fmv_of(c->tmax.x * c->d[i].x)); /* exact product */
    fmv_cross(m, e, c->w);
    return fmv_sub(fmv_dot(m, m), fmv_mul(c->r2, c->ww));
}

/* ---- the exact path: the same values as fe expansions -------------------- */

static inline void cy_init(cy_ctx *c, const isect_ray *ray, const isect_cylinder *cy, bool exact_only,
                           cy_exact_ctx *ex)
{
    ex->ray = ray;
    ex->cy = cy;
    ex->ready = false;
    c->exact_only = exact_only;
    c->bounded = ray->tmax != INFINITY;
    c->ex = ex;
    const isect_vec3 o = ray->origin, p0 = cy->p0, p1 = cy->p1;
    c->v[0] = fmv_of((double)o.x - p0.x);
    c->v[1] = fmv_of((double)o.y - p0.y);
    c->v[2] = fmv_of((double)o.z - p0.z);
    c->w[0] = fmv_of((double)p1.x - p0.x);
    c->w[1] = fmv_of((double)p1.y - p0.y);
    c->w[2] = fmv_of((double)p1.z - p0.z);
    c->d[0] = fmv_of(ray->dir.x);
    c->d[1] = fmv_of(ray->dir.y);
    c->d[2] = fmv_of(ray->dir.z);
    fmv_cross(c->n, c->d, c->w);
    c->a = fmv_dot(c->n, c->n);
    c->r2 = fmv_of((double)cy->radius * cy->radius);
    c->tmax = fmv_of(c->bounded ? ray->tmax : 0);
}

/* The exact path's leaves, by group (cy_exact_ctx); every operation
 * writes through a pointer (fast/fast_exact.h: a returned fe is a copy of
 * FE_CAP doubles; issue 14, speed9: the by-value forms were about half of
 * an exact evaluation's instructions). */
static inline void cy_exact_leaves(cy_exact_ctx *c)
{
    if (c->ready)
        return;
    const isect_ray *ray = c->ray;
    const isect_cylinder *cy = c->cy;
    fe_diff3(c->v, ray->origin, cy->p0);
    fe_diff3(c->u, ray->origin, cy->p1);
    fe_diff3(c->w, cy->p1, cy->p0);
    fe_of_to(&c->d[0], ray->dir.x);
    fe_of_to(&c->d[1], ray->dir.y);
    fe_of_to(&c->d[2], ray->dir.z);
    fe_of_to(&c->r2, (double)cy->radius * cy->radius);
    fe_of_to(&c->tmax, ray->tmax == INFINITY ? 0 : ray->tmax);
    c->ready = true;
    c->ready_n = c->ready_dots = false;
}

static inline void cy_exact_n(cy_exact_ctx *c)
{
    if (!c->ready_n)
        fe_cross3(c->n, c->d, c->w);
    c->ready_n = true;
}

static inline void cy_exact_dots(cy_exact_ctx *c)
{
    if (!c->ready_dots) {
        fe_dot3_to(&c->dw, c->d, c->w);
        fe_dot3_to(&c->vw, c->v, c->w);
        fe_dot3_to(&c->uw, c->u, c->w);
    }
    c->ready_dots = true;
}

/* The leaves of a valid input with p0 != p1: v, w, d and r^2 finite (a
 * binary64 difference or square of binary32 values is finite iff they
 * are, so an infinite or NaN origin, p0, p1, dir or radius leaves an
 * infinite or NaN leaf, and the sum of the magnitudes is not finite),
 * w != 0 (the sum of its magnitudes, exact differences of binary32 values
 * rounded once, is 0 iff p0 == p1).  radius >= 0 and tmax >= 0 (not NaN)
 * are the caller's tests. */
static inline bool cy_leaves_ok(const cy_ctx *c)
{
    double s = c->v[0].p + c->v[1].p + c->v[2].p + c->d[0].p + c->d[1].p + c->d[2].p + c->r2.p;
    double w = c->w[0].p + c->w[1].p + c->w[2].p;
    return s + w < INFINITY && w > 0;
}

/* r = a b - c e (sg = -1) or a b + c e (sg = 1). */
static inline void fe_mulsub_to(fe *r, const fe *a, const fe *b, const fe *c, const fe *e, double sg)
{
    fe p, q;
    fe_mul_to(&p, a, b);
    fe_mul_to(&q, c, e);
    fe_add_to(r, &p, &q, sg);
}

/* r = |s v - t d|^2 - r2 s^2 (K0, K1). */
static inline void cy_exact_capdisc(fe *r, const fe *s, const fe *v, const fe *t, const fe *d, const fe *r2)
{
    fe e[3], x, y;
    for (int i = 0; i < 3; i++)
        fe_mulsub_to(&e[i], s, &v[i], t, &d[i], -1);
    fe_dot3_to(&x, e, e);
    fe_mul_to(&y, s, s);
    fe_mul_to(&y, r2, &y);
    fe_add_to(r, &x, &y, -1);
}

/* r = |m|^2 - r^2 w.w for m = e x w: C (e = v) and QT (e = v + tmax d). */
static inline void cy_exact_side(fe *r, const cy_exact_ctx *c, const fe *e)
{
    fe m[3], x, y;
    fe_cross3(m, e, c->w);
    fe_dot3_to(&x, m, m);
    fe_dot3_to(&y, c->w, c->w);
    fe_mul_to(&y, &c->r2, &y);
    fe_add_to(r, &x, &y, -1);
}

/* r = the exact value `which` (the leaves it reads built first). */
static inline void cy_exact_value(cy_exact_ctx *c, int which, fe *r)
{
    fe e[3], x, y;
    if (which == CY_D || which == CY_A || which >= CY_B)
        cy_exact_n(c);
    if (which >= CY_DW && which <= CY_K1)
        cy_exact_dots(c);
    switch (which) {
    case CY_A:
        fe_dot3_to(r, c->n, c->n);
        return;
    case CY_D:
        fe_dot3_to(&x, c->n, c->n);
        fe_dot3_to(&y, c->v, c->n);
        fe_mulsub_to(r, &c->r2, &x, &y, &y, -1);
        return;
    case CY_C:
        cy_exact_side(r, c, c->v);
        return;
    case CY_QT:
        for (int i = 0; i < 3; i++) {
            fe_mul_to(&x, &c->tmax, &c->d[i]);
            fe_add_to(&e[i], &c->v[i], &x, 1);
        }
        cy_exact_side(r, c, e);
        return;
    case CY_DW:
    case CY_VW:
    case CY_UW:
        *r = which == CY_DW ? c->dw : which == CY_VW ? c->vw : c->uw; /* cy_sign_slow takes cy_sign_dot2 */
        return;
    case CY_VT:
    case CY_UT:
        fe_mul_to(&x, &c->tmax, &c->dw);
        fe_add_to(r, which == CY_VT ? &c->vw : &c->uw, &x, 1);
        return;
    case CY_K0:
        cy_exact_capdisc(r, &c->dw, c->v, &c->vw, c->d, &c->r2);
        return;
    case CY_K1:
        cy_exact_capdisc(r, &c->dw, c->u, &c->uw, c->d, &c->r2);
        return;
    case CY_B:
    case CY_AT:
        fe_cross3(e, c->v, c->w);
        fe_dot3_to(which == CY_B ? r : &x, e, c->n);
        if (which == CY_B)
            return;
        fe_dot3_to(&y, c->n, c->n);
        fe_mul_to(&y, &y, &c->tmax);
        fe_add_to(r, &y, &x, 1);
        return;
    default: /* CY_S0, CY_S1 */
        fe_cross3(e, c->d, which == CY_S0 ? c->v : c->u);
        fe_dot3_to(r, e, c->n);
    }
}

/* The exact sign of one value. */
static int cy_sign_exact(cy_exact_ctx *ex, int which)
{
    RC_EXACT_HOOK();
    fe x;
    cy_exact_leaves(ex);
    cy_exact_value(ex, which, &x);
    return fe_sign(&x);
}

/* The exact sign of x.(y - z) for binary32 vectors: DW = d.(p1 - p0),
 * VW = (o - p0).(p1 - p0) = o.(p1 - p0) - p0.(p1 - p0), UW likewise; a sum
 * of at most 12 products of two binary32 values, each exact in binary64,
 * summed exactly by fx_grow (fast/fast_exact.h). */
static int cy_sign_dot2(isect_vec3 x, isect_vec3 x2, isect_vec3 y, isect_vec3 z)
{
    RC_EXACT_HOOK();
    const float a[3] = {x.x, x.y, x.z}, a2[3] = {x2.x, x2.y, x2.z}, b[3] = {y.x, y.y, y.z}, e[3] = {z.x, z.y, z.z};
    double t[12];
    int n = 0;
    for (int i = 0; i < 3; i++) {
        n = fx_grow(t, n, (double)a[i] * b[i]);
        n = fx_grow(t, n, -(double)a[i] * e[i]);
        n = fx_grow(t, n, -(double)a2[i] * b[i]);
        n = fx_grow(t, n, (double)a2[i] * e[i]);
    }
    return fx_sign(t, n);
}

/* The exact sign of A = |d x w|^2: 0 iff every component
 * n_i = d_j (p1_k - p0_k) - d_k (p1_j - p0_j) is 0, a sum of four exact
 * products summed exactly. */
static int cy_sign_a(isect_vec3 d, isect_vec3 p0, isect_vec3 p1)
{
    RC_EXACT_HOOK();
    const float dd[3] = {d.x, d.y, d.z}, a[3] = {p0.x, p0.y, p0.z}, b[3] = {p1.x, p1.y, p1.z};
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        double t[4];
        int n = 0;
        n = fx_grow(t, n, (double)dd[j] * b[k]);
        n = fx_grow(t, n, -(double)dd[j] * a[k]);
        n = fx_grow(t, n, -(double)dd[k] * b[j]);
        n = fx_grow(t, n, (double)dd[k] * a[j]);
        if (n != 0)
            return 1;
    }
    return 0;
}

/* The exact sign of one value, for the filter's uncertain ones (kept out
 * of line: rare). */
static ISECT_NOINLINE int cy_sign_slow(cy_exact_ctx *ex, int which)
{
    const isect_vec3 o = ex->ray->origin, p0 = ex->cy->p0, p1 = ex->cy->p1, zero = {0, 0, 0};
    switch (which) {
    case CY_A:
        return cy_sign_a(ex->ray->dir, p0, p1);
    case CY_DW:
        return cy_sign_dot2(ex->ray->dir, zero, p1, p0);
    case CY_VW:
        return cy_sign_dot2(o, p0, p1, p0);
    case CY_UW:
        return cy_sign_dot2(o, p1, p1, p0);
    default:
        return cy_sign_exact(ex, which);
    }
}

/* The sign of value `which`, x its filtered evaluation: the filter's when
 * certified, else the exact one. */
static inline int cy_sign(cy_ctx *c, fmv x, int which)
{
    if (!c->exact_only) {
        int s = cyv_sign(x);
        if (s != CY_UNKNOWN)
            return s;
    }
    return cy_sign_slow(c->ex, which);
}

/* The decision: 0 miss, 1 hit with the origin in the solid (t = 0),
 * 2 another hit.  The candidates are tested in any order (each is a
 * sufficient condition); the vertex comes first, as most hits from outside
 * go through the side.  Sets c->m. */
static inline int cy_decide(cy_ctx *c)
{
    bool bounded = c->bounded;
    int a = cy_sign(c, c->a, CY_A);
    c->dq = cy_val_d(c);
    if (a > 0 && cy_sign(c, c->dq, CY_D) < 0)
        return 0; /* the line misses the infinite cylinder (Q > 0 everywhere) */
    c->ww = fmv_dot(c->w, c->w);
    c->dw = fmv_dot(c->d, c->w);
    c->vw = fmv_dot(c->v, c->w);
    c->uw = fmv_sub(c->vw, c->ww);
    fmv_cross(c->m, c->v, c->w);
    c->b = cy_val_b(c);
    if (a == 0 && cy_sign(c, cy_val_c(c), CY_C) > 0)
        return 0; /* parallel to the axis, outside the infinite cylinder */
    int dw = cy_sign(c, c->dw, CY_DW), vw = cy_sign(c, c->vw, CY_VW), uw = cy_sign(c, c->uw, CY_UW);
    bool in0 = vw >= 0 && uw <= 0;
    if (dw == 0 && !in0)
        return 0; /* parallel to the caps, outside the slab */
    if (in0 && cy_sign(c, cy_val_c(c), CY_C) <= 0)
        return 1;
    int vts = 0, uts = 0;
    if (bounded) {
        fmv tdw = fmv_mul(c->tmax, c->dw);
        vts = cy_sign(c, fmv_add(c->vw, tdw), CY_VT);
        uts = cy_sign(c, fmv_add(c->uw, tdw), CY_UT);
    }
    /* the vertex (D >= 0 is known when a > 0); B, often 0 on boundary
     * inputs and then left to the exact path, last */
    c->dv = fmv_dot(c->d, c->v);
    c->dd = fmv_dot(c->d, c->d);
    if (a > 0 && (!bounded || cy_sign(c, fmv_add(fmv_mul(c->a, c->tmax), c->b), CY_AT) >= 0) &&
        cy_sign(c, cy_val_s0(c), CY_S0) >= 0 && cy_sign(c, cy_val_s1(c), CY_S1) <= 0 && cy_sign(c, c->b, CY_B) <= 0)
        return 2;
    if (dw != 0 && vw * dw <= 0 && (!bounded || vts * dw >= 0) &&
        cy_sign(c, cy_val_capdisc(c, c->dw, c->v, c->vw), CY_K0) <= 0)
        return 2;
    if (dw != 0 && uw * dw <= 0 && (!bounded || uts * dw >= 0) && cy_sign(c, cy_val_k1(c), CY_K1) <= 0)
        return 2;
    if (bounded && vts >= 0 && uts <= 0 && cy_sign(c, cy_val_qt(c), CY_QT) <= 0)
        return 2;
    return 0;
}

#endif
