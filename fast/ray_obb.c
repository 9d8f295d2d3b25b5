/* fast/ray_obb.c: ray against an oriented box, binary32 inputs, exact hit.
 *
 * The box is center + sum s_i axis_i, |s_i| <= half_i, with the axes as
 * given (never assumed orthonormal).  With the rows of the adjugate
 * R_i = axis_{i+1} x axis_{i+2} (indices mod 3), DET = axis_0 . R_0,
 * W = origin - center, Q_i = R_i . dir and h_i = half_i, the box is the
 * set of slabs |R_i . (x - center)| <= h_i |DET|, and the ray meets it for
 * some t in [0, tmax] iff (docs/queries/ray_obb.md, "Exact hit"):
 *   F_k = h_i |Q_j| + h_j |Q_i| - |T_k| >= 0 for k = 0, 1, 2
 *         ({i, j, k} = {0, 1, 2}, T_k = axis_k . (W x dir)): the entry of
 *         each slab precedes the exit of each other (the line meets the box);
 *   X_j = h_j |DET| - s_j R_j . W >= 0 (s_j = sign Q_j): no exit before 0;
 *   Y_j = tmax |Q_j| + h_j |DET| + s_j R_j . W >= 0: no entry after tmax;
 * for every j with Q_j != 0, or, where Q_j = 0 (dir parallel to slab j),
 *   Z_j = h_j |DET| - |R_j . W| >= 0 (implied by the F_k when dir != 0).
 * Every one is a polynomial of degree <= 4 in the inputs.  Each is
 * evaluated in binary64 and its sign taken when it exceeds its guard: first
 * with guards from one scale per class (ob_coarse, FB_RAY_OBB_COARSE), then
 * with a guard of its own (ob_refined, FB_RAY_OBB; fast/fast_bounds.h),
 * else it is evaluated exactly as an expansion (ob_exact_hit, with
 * fast/fast_exact.h's fx_triple and fx_scale); DET = 0 (singular axes:
 * invalid input, a miss) is decided likewise.  The hit flag
 * is ref's for every input; t is the largest slab entry
 * -(h_j |DET| + s_j R_j . W) / |Q_j| (at least 0, at most tmax) in
 * binary64, rounded to binary32.
 */
#include "isect.h"

#include "fast_bounds.h"
#include "fast_ray.h"

/* The binary64 filter's values and guards.  Per slab j: q = Q_j, x, y, z
 * (X_j, Y_j with the computed sign of q, Z_j) and their guards; per k: f,
 * gf (F_k); the entry numerator e = h_j |det| + sign(q) p. */
typedef struct {
    double a[3][3], d[3], w[3], h[3], tmax, o[3], c[3];
    double q[3], gq[3], p[3], x[3], y[3], z[3], gx[3], gy[3], f[3], gf[3];
    double adet, gdet;
} ob_filter;

/* min and max of non-NaN values (ob_max(x, y) is y when they are equal). */
static inline double ob_min(double a, double b) { return a < b ? a : b; }
static inline double ob_max(double a, double b) { return a > b ? a : b; }
static inline double ob_dot(const double *x, const double *y) { return x[0] * y[0] + x[1] * y[1] + x[2] * y[2]; }
static inline double ob_sum_abs(const double *x) { return fabs(x[0]) + fabs(x[1]) + fabs(x[2]); }
static inline double ob_max_abs(const double *x) { return isect_fmax(fabs(x[0]), isect_fmax(fabs(x[1]), fabs(x[2]))); }
static inline void ob_cross(double *r, const double *x, const double *y)
{
    r[0] = x[1] * y[2] - x[2] * y[1];
    r[1] = x[2] * y[0] - x[0] * y[2];
    r[2] = x[0] * y[1] - x[1] * y[0];
}

/* Slab j's values: q = r.d, p = r.w, x, y, z and their guards. */
static inline void ob_eval_slab(ob_filter *f, int j, const double *r, double rho, double dinf, double winf,
                                double mdet)
{
    double q = ob_dot(r, f->d), p = ob_dot(r, f->w), hd = f->h[j] * f->adet, sp = q > 0 ? p : -p;
    f->q[j] = q;
    f->p[j] = p;
    f->gq[j] = FB_RAY_OBB * (rho * dinf);
    f->x[j] = hd - sp;
    f->y[j] = (f->tmax * fabs(q) + hd) + sp;
    f->z[j] = hd - fabs(p);
    f->gx[j] = FB_RAY_OBB * (f->h[j] * mdet + rho * winf);
    f->gy[j] = FB_RAY_OBB * ((f->tmax * (rho * dinf) + f->h[j] * mdet) + rho * winf);
}

/* F_k's value and guard, {i, j, k} = {0, 1, 2}; v = w x d. */
static inline void ob_eval_pair(ob_filter *f, int k, int i, int j, const double *v, const double *rho, double dinf,
                                double winf)
{
    double t = ob_dot(f->a[k], v);
    f->f[k] = (f->h[i] * fabs(f->q[j]) + f->h[j] * fabs(f->q[i])) - fabs(t);
    f->gf[k] = FB_RAY_OBB * (dinf * ((f->h[i] * rho[j] + f->h[j] * rho[i]) + 2 * (ob_sum_abs(f->a[k]) * winf)));
}

/* Every value of the filter and its guard (fast_bounds.h, FB_RAY_OBB: each
 * guard bounds the value's rounding error through the 1-norms of the R_i
 * and of the axes and the max-norms of W and dir). */
static void ob_eval(ob_filter *f)
{
    double r0[3], r1[3], r2[3], v[3];
    ob_cross(r0, f->a[1], f->a[2]);
    ob_cross(r1, f->a[2], f->a[0]);
    ob_cross(r2, f->a[0], f->a[1]);
    double rho[3] = {ob_sum_abs(r0), ob_sum_abs(r1), ob_sum_abs(r2)};
    double det = ob_dot(f->a[0], r0), dinf = ob_max_abs(f->d), winf = ob_max_abs(f->w);
    double mdet = ob_max_abs(f->a[0]) * rho[0];
    f->adet = fabs(det);
    f->gdet = FB_RAY_OBB * mdet;
    ob_eval_slab(f, 0, r0, rho[0], dinf, winf, mdet);
    ob_eval_slab(f, 1, r1, rho[1], dinf, winf, mdet);
    ob_eval_slab(f, 2, r2, rho[2], dinf, winf, mdet);
    ob_cross(v, f->w, f->d);
    ob_eval_pair(f, 0, 1, 2, v, rho, dinf, winf);
    ob_eval_pair(f, 1, 2, 0, v, rho, dinf, winf);
    ob_eval_pair(f, 2, 0, 1, v, rho, dinf, winf);
}

/* ---- the exact path ----------------------------------------------------------
 * Expansions (fast/fast_exact.h) of the values above, built by fx_triple
 * from binary32 values and W = wh + wl (wh = fl(origin - center) and its
 * exact error wl: both multiples of 2^-149 below 2^129, as fx_triple
 * requires).  Lengths: a triple product at most 24 components, one with W
 * 48, a product by a binary32 value twice its operand's, a sum the sum. */
enum { OB_TRI = 48, OB_VAL = 192 };

typedef struct {
    const ob_filter *f;
    double wh[3], wl[3];
    bool wl_zero;
    int nq[3], ndet, nrw[3];
    bool has_q[3], has_det, has_rw[3];
    double q[3][OB_TRI], det[OB_TRI], rw[3][OB_TRI];
} ob_exact;

/* v.(W x z) or W.(y x z) (w_first): fx_triple on wh and on wl, summed. */
static int ob_triple_w(double *h, const ob_exact *s, const double *v, const double *z, bool w_first)
{
    int n = w_first ? fx_triple(h, s->wh, v, z) : fx_triple(h, v, s->wh, z);
    if (s->wl_zero)
        return n;
    double t[24];
    int m = w_first ? fx_triple(t, s->wl, v, z) : fx_triple(t, v, s->wl, z);
    for (int i = 0; i < m; i++)
        n = fx_grow(h, n, t[i]);
    return n;
}

static const double *ob_q(ob_exact *s, int j)
{
    if (!s->has_q[j]) {
        s->nq[j] = fx_triple(s->q[j], s->f->d, s->f->a[(j + 1) % 3], s->f->a[(j + 2) % 3]);
        s->has_q[j] = true;
    }
    return s->q[j];
}

static int ob_q_sign(ob_exact *s, int j)
{
    const double *q = ob_q(s, j); /* sets nq[j] */
    return fx_sign(q, s->nq[j]);
}

static const double *ob_det(ob_exact *s)
{
    if (!s->has_det) {
        s->ndet = fx_triple(s->det, s->f->a[0], s->f->a[1], s->f->a[2]);
        s->has_det = true;
    }
    return s->det;
}

static const double *ob_rw(ob_exact *s, int j)
{
    if (!s->has_rw[j]) {
        s->nrw[j] = ob_triple_w(s->rw[j], s, s->f->a[(j + 1) % 3], s->f->a[(j + 2) % 3], true);
        s->has_rw[j] = true;
    }
    return s->rw[j];
}

/* h += b e (b a binary32 value, or +-1 times one), exactly. */
static int ob_add_scaled(double *h, int n, const double *e, int m, double b)
{
    double t[2 * OB_TRI];
    int k = m > 0 && b != 0 ? fx_scale(t, e, m, b) : 0;
    for (int i = 0; i < k; i++)
        n = fx_grow(h, n, t[i]);
    return n;
}

/* The sign of the exact F_k. */
static int ob_exact_f(ob_exact *s, int k)
{
    int i = (k + 1) % 3, j = (k + 2) % 3, si = ob_q_sign(s, i), sj = ob_q_sign(s, j);
    if (si == 0 && sj == 0)
        return 0; /* dir parallel to axis_k (DET != 0, checked apart): T_k = 0 */
    double v[OB_VAL], t[OB_TRI];
    int n = ob_add_scaled(v, 0, s->q[j], s->nq[j], sj * s->f->h[i]);
    n = ob_add_scaled(v, n, s->q[i], s->nq[i], si * s->f->h[j]);
    int m = ob_triple_w(t, s, s->f->a[k], s->f->d, false);
    n = ob_add_scaled(v, n, t, m, -fx_sign(t, m));
    return fx_sign(v, n);
}

/* v = h_j |DET| + c R_j . W (+ tq |Q_j|, tq = tmax or 0; c = +-1 or 0 with
 * cabs: c |R_j . W|), exactly; returns the length. */
static int ob_slab_value(double *v, ob_exact *s, int j, double c, double tq)
{
    const double *det = ob_det(s), *rw = ob_rw(s, j);
    int n = ob_add_scaled(v, 0, det, s->ndet, fx_sign(det, s->ndet) * (double)s->f->h[j]);
    n = ob_add_scaled(v, n, rw, s->nrw[j], c);
    if (tq != 0) {
        int sq = ob_q_sign(s, j); /* sets q[j], nq[j] */
        n = ob_add_scaled(v, n, s->q[j], s->nq[j], tq * sq);
    }
    return n;
}

static double ob_approx(const double *e, int n)
{
    double x = 0;
    for (int i = 0; i < n; i++)
        x += e[i];
    return x;
}

/* Filter statuses: 1 certainly >= 0, -1 certainly < 0, 0 unknown. */
static inline int ob_status(double v, double g) { return v >= g ? 1 : v < -g ? -1 : 0; }

/* Slab j exactly, for a q whose sign the filter does not certify: whether
 * the slab allows a hit, and its entry (*lo, when > 0). */
static bool ob_exact_slab(ob_exact *s, int j, double *lo)
{
    const ob_filter *f = s->f;
    double v[OB_VAL];
    int sq = ob_q_sign(s, j);
    if (sq == 0) { /* parallel: the origin within the slab */
        int st = ob_status(f->z[j], f->gx[j]);
        if (st == 0) {
            const double *rw = ob_rw(s, j);
            int sr = fx_sign(rw, s->nrw[j]);
            st = fx_sign(v, ob_slab_value(v, s, j, -sr, 0)) >= 0 ? 1 : -1;
        }
        return st > 0;
    }
    double sp = sq * f->p[j], hd = f->h[j] * f->adet;
    /* (q may be 0: with tmax = inf, Y_j >= 0 holds and y would be NaN) */
    int sx = ob_status(hd - sp, f->gx[j]);
    int sy = f->tmax == INFINITY ? 1 : ob_status((f->tmax * fabs(f->q[j]) + hd) + sp, f->gy[j]);
    if (sx < 0 || sy < 0)
        return false;
    if (sx == 0 && fx_sign(v, ob_slab_value(v, s, j, -sq, 0)) < 0)
        return false;
    if (sy == 0 && fx_sign(v, ob_slab_value(v, s, j, sq, f->tmax)) < 0)
        return false;
    int n = ob_slab_value(v, s, j, sq, 0); /* the entry's numerator, negated */
    if (fx_sign(v, n) < 0)
        *lo = -ob_approx(v, n) / fabs(ob_approx(s->q[j], s->nq[j]));
    return true;
}

/* The exact decision where the filter certifies neither a hit nor a miss
 * (no value certainly negative); on a hit, *t is the entry. */
static bool ob_exact_hit(const ob_filter *f, double *t)
{
    RC_EXACT_HOOK();
    ob_exact s;
    s.f = f;
    s.wl_zero = true;
    for (int l = 0; l < 3; l++)
        s.has_q[l] = s.has_rw[l] = false;
    s.has_det = false;
    for (int l = 0; l < 3; l++) {
        s.wh[l] = fx_two_sum(f->o[l], -f->c[l], &s.wl[l]);
        s.wl_zero = s.wl_zero && s.wl[l] == 0;
    }
    double entry = 0, v[OB_VAL];
    for (int j = 0; j < 3; j++) {
        double lo = 0;
        if (fabs(f->q[j]) > f->gq[j]) {
            if (f->x[j] < f->gx[j] && fx_sign(v, ob_slab_value(v, &s, j, f->q[j] > 0 ? -1 : 1, 0)) < 0)
                return false;
            if (f->y[j] < f->gy[j] && fx_sign(v, ob_slab_value(v, &s, j, f->q[j] > 0 ? 1 : -1, f->tmax)) < 0)
                return false;
            lo = -(f->h[j] * f->adet + (f->q[j] > 0 ? f->p[j] : -f->p[j])) / fabs(f->q[j]);
        } else if (f->z[j] < f->gx[j] && !ob_exact_slab(&s, j, &lo)) {
            return false;
        }
        entry = lo > entry ? lo : entry;
    }
    for (int k = 0; k < 3; k++)
        if (f->f[k] < f->gf[k] && ob_exact_f(&s, k) < 0)
            return false;
    if (!(f->adet > f->gdet)) {
        const double *det = ob_det(&s);
        if (fx_sign(det, s.ndet) == 0)
            return false; /* singular axes */
    }
    *t = entry;
    return true;
}

static void ob_load(ob_filter *f, isect_ray ray, isect_obb box)
{
    const isect_vec3 *ax = box.axis;
    for (int i = 0; i < 3; i++) {
        f->a[i][0] = ax[i].x;
        f->a[i][1] = ax[i].y;
        f->a[i][2] = ax[i].z;
    }
    f->o[0] = ray.origin.x;
    f->o[1] = ray.origin.y;
    f->o[2] = ray.origin.z;
    f->c[0] = box.center.x;
    f->c[1] = box.center.y;
    f->c[2] = box.center.z;
    f->d[0] = ray.dir.x;
    f->d[1] = ray.dir.y;
    f->d[2] = ray.dir.z;
    f->h[0] = box.half.x;
    f->h[1] = box.half.y;
    f->h[2] = box.half.z;
    for (int l = 0; l < 3; l++)
        f->w[l] = f->o[l] - f->c[l];
    f->tmax = ray.tmax;
}

/* The second stage: every value with its own guard (FB_RAY_OBB), then
 * the exact path; the input is valid.  Returns the hit, *t the entry. */
static bool ob_refined(isect_ray ray, isect_obb box, double *t)
{
    ob_filter f;
    ob_load(&f, ray, box);
    ob_eval(&f);
    int ok = f.adet > f.gdet, fail = 0;
    for (int k = 0; k < 3; k++) {
        ok &= f.f[k] >= f.gf[k];
        fail |= f.f[k] < -f.gf[k];
    }
    for (int j = 0; j < 3; j++) {
        int qc = fabs(f.q[j]) > f.gq[j];
        ok &= qc ? (f.x[j] >= f.gx[j]) & (f.y[j] >= f.gy[j]) : f.z[j] >= f.gx[j]; /* z: inside the slab */
        fail |= qc & ((f.x[j] < -f.gx[j]) | (f.y[j] < -f.gy[j]));
    }
    if (fail)
        return false;
    if (!ok)
        return ob_exact_hit(&f, t);
    double entry = 0;
    for (int j = 0; j < 3; j++)
        if (fabs(f.q[j]) > f.gq[j])
            entry = ob_max(-(f.h[j] * f.adet + (f.q[j] > 0 ? f.p[j] : -f.p[j])) / fabs(f.q[j]), entry);
    *t = entry;
    return true;
}

/* The first stage (docs/queries/ray_obb.md, "Filter"): the same values as
 * ob_eval, with guards from one scale per class (FB_RAY_OBB_COARSE);
 * returns 1 (hit, *t the entry), 0 (miss) or -1 (not certified). */
static int ob_coarse(const isect_ray *ray, const isect_obb *box, double *t)
{
    const isect_vec3 *ax = box->axis;
    double a[3][3] = {{ax[0].x, ax[0].y, ax[0].z}, {ax[1].x, ax[1].y, ax[1].z}, {ax[2].x, ax[2].y, ax[2].z}};
    double d[3] = {ray->dir.x, ray->dir.y, ray->dir.z}, h[3] = {box->half.x, box->half.y, box->half.z};
    double w[3] = {(double)ray->origin.x - box->center.x, (double)ray->origin.y - box->center.y,
                   (double)ray->origin.z - box->center.z};
    double r[3][3], v[3], q[3], x[3], y[3], f[3], e[3], tm = ray->tmax;
    /* The scales of the guards, sums of magnitudes (FB_RAY_OBB_COARSE);
     * they also test the input: a sum of finite binary32 values is finite
     * in binary64, an inf or a NaN makes it inf or NaN.  Valid: finite,
     * halves >= 0 (-0 included), tmax >= 0 (+inf allowed, NaN not); tested
     * before anything but a miss is returned. */
    double al = ((fabs(a[0][0]) + fabs(a[0][1])) + (fabs(a[0][2]) + fabs(a[1][0]))) +
                (((fabs(a[1][1]) + fabs(a[1][2])) + (fabs(a[2][0]) + fabs(a[2][1]))) + fabs(a[2][2]));
    double om = (fabs(w[0]) + fabs(w[1])) + fabs(w[2]), dl = (fabs(d[0]) + fabs(d[1])) + fabs(d[2]);
    double hm = (h[0] + h[1]) + h[2], sum = (al + om) + (dl + hm);
    int valid = (sum - sum == 0) & (ob_min(h[0], ob_min(h[1], h[2])) >= 0) & (tm >= 0);
    ob_cross(r[0], a[1], a[2]);
    ob_cross(r[1], a[2], a[0]);
    ob_cross(r[2], a[0], a[1]);
    ob_cross(v, w, d);
    double adet = fabs(ob_dot(a[0], r[0]));
    for (int j = 0; j < 3; j++) {
        q[j] = ob_dot(r[j], d);
        double p = ob_dot(r[j], w), hd = h[j] * adet, sp = copysign(1.0, q[j]) * p; /* no branch */
        e[j] = hd + sp; /* minus the entry's numerator */
        x[j] = hd - sp;
        y[j] = tm * fabs(q[j]) + e[j];
    }
    f[0] = (h[1] * fabs(q[2]) + h[2] * fabs(q[1])) - fabs(ob_dot(a[0], v));
    f[1] = (h[2] * fabs(q[0]) + h[0] * fabs(q[2])) - fabs(ob_dot(a[1], v));
    f[2] = (h[0] * fabs(q[1]) + h[1] * fabs(q[0])) - fabs(ob_dot(a[2], v));
    double a2 = al * al, ha = hm * al;
    double gq = FB_RAY_OBB_COARSE * (a2 * dl), gx = FB_RAY_OBB_COARSE * (a2 * (ha + om));
    double gy = FB_RAY_OBB_COARSE * (a2 * ((tm * dl + ha) + om));
    double gf = FB_RAY_OBB_COARSE * ((al * dl) * (2 * ha + om)), gdet = FB_RAY_OBB_COARSE * (a2 * al);
    double mf = ob_min(f[0], ob_min(f[1], f[2])), mq = ob_min(fabs(q[0]), ob_min(fabs(q[1]), fabs(q[2])));
    double mx = ob_min(x[0], ob_min(x[1], x[2])), my = ob_min(y[0], ob_min(y[1], y[2]));
    if (mf < -gf)
        return 0; /* (an invalid input is a miss too) */
    if (!valid)
        return 0;
    if (!(mq > gq))
        return -1;
    if (mx < -gx || my < -gy)
        return 0;
    if (!(mx >= gx && my >= gy && mf >= gf && adet > gdet))
        return -1;
    double lo = ob_max(-e[0] / fabs(q[0]), ob_max(-e[1] / fabs(q[1]), -e[2] / fabs(q[2])));
    *t = lo > 0 ? lo : 0;
    return 1;
}

bool isect_ray_obb(isect_ray ray, isect_obb box, isect_ray_obb_result *out)
{
    if (out) {
        out->hit = false;
        out->t = 0;
    }
    double entry = 0;
    int hit = ob_coarse(&ray, &box, &entry);
    if (hit < 0)
        hit = ob_refined(ray, box, &entry);
    if (!hit)
        return false;
    if (out) {
        out->hit = true;
        out->t = (float)isect_fmin(entry, ray.tmax);
    }
    return true;
}
