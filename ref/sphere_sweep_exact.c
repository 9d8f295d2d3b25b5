/* ref/sphere_sweep_exact.c: the exact half of the sweep features (the
 * moving sphere, the candidates of a vertex, an edge, a face and a plane, the
 * first contact) and the shared bodies of ref_sphere_sweep_*(); see
 * ref_sweep.h.  The enclosure half is ref/sphere_sweep_encl.c. */
#include "ref_sweep.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- exact: the moving sphere and the contact ------------------------------ */

void sw_ball_init(sw_ball *b, const double *center, const double *velocity, double radius)
{
    q3_init(&b->c);
    q3_init(&b->v);
    mpq_init(b->r2);
    q3_set_d(&b->c, center);
    q3_set_d(&b->v, velocity);
    mpq_set_d(b->r2, radius);
    mpq_mul(b->r2, b->r2, b->r2);
}

void sw_ball_clear(sw_ball *b)
{
    q3_clear(&b->c);
    q3_clear(&b->v);
    mpq_clear(b->r2);
}

void sw_contact_init(sw_contact *k)
{
    k->kind = SW_MISS;
    k->index = -1;
    qs_init(&k->t);
    q3_init(&k->p0);
    q3_init(&k->p1);
}

void sw_contact_clear(sw_contact *k)
{
    qs_clear(&k->t);
    q3_clear(&k->p0);
    q3_clear(&k->p1);
}

const char *sw_kind_name(sw_kind kind)
{
    static const char *const names[] = {"miss", "start", "face", "edge", "vertex"};
    return names[kind];
}

/* Replace *best by the candidate (t, contact p0 + t p1) if it is earlier.
 * Ties keep *best: at the first contact time the contact point is the
 * unique closest point of a convex set, so tied candidates agree on it. */
static void offer(sw_contact *best, const qsqrt *t, sw_kind kind, int index, const q3 *p0, const q3 *p1)
{
    if (best->kind != SW_MISS && qs_cmp(t, &best->t) >= 0)
        return;
    best->kind = kind;
    best->index = index;
    qs_set(&best->t, t);
    q3_set(&best->p0, p0);
    if (p1)
        q3_set(&best->p1, p1);
    else
        q3_zero(&best->p1);
}

/* The time at which the sphere starts touching a feature whose squared
 * distance condition is qa t^2 + 2 qb t + qc <= 0: the smaller root, when
 * qc > 0, qa > 0, qb < 0, the discriminant is >= 0 and the root is <= 1
 * (the root is then > 0).  Returns 1 and writes t when there is one. */
static int entry_time(qsqrt *t, mpq_srcptr qa, mpq_srcptr qb, mpq_srcptr qc)
{
    if (mpq_sgn(qc) <= 0 || mpq_sgn(qa) <= 0 || mpq_sgn(qb) >= 0)
        return 0;
    if (!qs_root(t, qa, qb, qc, -1, NULL))
        return 0;
    return qs_cmp_si(t, 1) <= 0;
}

void sw_vertex(sw_contact *best, const sw_ball *b, const q3 *p, int index)
{
    q3 w;
    mpq_t qa, qb, qc;
    qsqrt t;
    q3_init(&w);
    mpq_inits(qa, qb, qc, NULL);
    qs_init(&t);

    /* |w + t v|^2 - r^2 with w = c - p. */
    q3_sub(&w, &b->c, p);
    q3_dot(qa, &b->v, &b->v);
    q3_dot(qb, &w, &b->v);
    q3_dot(qc, &w, &w);
    mpq_sub(qc, qc, b->r2);
    if (entry_time(&t, qa, qb, qc))
        offer(best, &t, SW_VERTEX, index, p, NULL);

    q3_clear(&w);
    mpq_clears(qa, qb, qc, NULL);
    qs_clear(&t);
}

void sw_edge(sw_contact *best, const sw_ball *b, const q3 *p0, const q3 *p1, int index)
{
    q3 e, w, X, Y, P0, P1;
    mpq_t E, qa, qb, qc, we, ve, u, nve;
    qsqrt t;
    q3 *all[] = {&e, &w, &X, &Y, &P0, &P1};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_inits(E, qa, qb, qc, we, ve, u, nve, NULL);
    qs_init(&t);

    /* E dist(c + t v, line)^2 = |(w + t v) x e|^2, w = c - p0, e = p1 - p0:
     * qa = |v x e|^2, qb = (w x e).(v x e), qc = |w x e|^2 - r^2 E. */
    q3_sub(&e, p1, p0);
    q3_dot(E, &e, &e);
    if (mpq_sgn(E) == 0)
        goto done; /* a point: its vertex stands for it */
    q3_sub(&w, &b->c, p0);
    q3_cross(&X, &w, &e);
    q3_cross(&Y, &b->v, &e);
    q3_dot(qa, &Y, &Y);
    q3_dot(qb, &X, &Y);
    q3_dot(qc, &X, &X);
    mpq_mul(u, b->r2, E);
    mpq_sub(qc, qc, u);
    if (!entry_time(&t, qa, qb, qc))
        goto done;
    /* The foot of the perpendicular, p0 + (sigma / E) e with
     * sigma = w.e + t v.e, must be on the closed segment: 0 <= sigma <= E. */
    q3_dot(we, &w, &e);
    q3_dot(ve, &b->v, &e);
    if (qs_sgn_affine(we, ve, &t) < 0)
        goto done;
    mpq_sub(u, E, we);
    mpq_neg(nve, ve);
    if (qs_sgn_affine(u, nve, &t) < 0)
        goto done;
    mpq_div(u, we, E);
    q3_axpy(&P0, p0, u, &e);
    q3_zero(&P1);
    mpq_div(u, ve, E);
    q3_axpy(&P1, &P1, u, &e);
    offer(best, &t, SW_EDGE, index, &P0, &P1);

done:
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clears(E, qa, qb, qc, we, ve, u, nve, NULL);
    qs_clear(&t);
}

/* The plane quadratic: (d0 + t dv)^2 - r^2 N with d0 = n.(c - q), dv = n.v,
 * N = n.n.  Returns 1 with t when the sphere enters the slab |distance| <= r
 * at some t in (0, 1]. */
static int plane_entry(qsqrt *t, const sw_ball *b, const q3 *q, const q3 *n, mpq_ptr d0, mpq_ptr dv, mpq_ptr N)
{
    q3 w;
    mpq_t qa, qb, qc, u;
    q3_init(&w);
    mpq_inits(qa, qb, qc, u, NULL);
    q3_sub(&w, &b->c, q);
    q3_dot(d0, n, &w);
    q3_dot(dv, n, &b->v);
    q3_dot(N, n, n);
    mpq_mul(qa, dv, dv);
    mpq_mul(qb, d0, dv);
    mpq_mul(qc, d0, d0);
    mpq_mul(u, b->r2, N);
    mpq_sub(qc, qc, u);
    int ok = mpq_sgn(N) > 0 && entry_time(t, qa, qb, qc);
    q3_clear(&w);
    mpq_clears(qa, qb, qc, u, NULL);
    return ok;
}

void sw_plane(sw_contact *best, const sw_ball *b, const q3 *q, const q3 *n)
{
    qsqrt t;
    mpq_t d0, dv, N;
    q3 zero;
    qs_init(&t);
    mpq_inits(d0, dv, N, NULL);
    q3_init(&zero);
    if (plane_entry(&t, b, q, n, d0, dv, N))
        offer(best, &t, SW_FACE, 0, &zero, NULL);
    qs_clear(&t);
    mpq_clears(d0, dv, N, NULL);
    q3_clear(&zero);
}

void sw_face(sw_contact *best, const sw_ball *b, const q3 *v0, const q3 *v1, const q3 *v2)
{
    q3 e1, e2, n, ek, m, w, P0, P1;
    mpq_t d0, dv, N, alpha, beta, u;
    qsqrt t;
    q3 *all[] = {&e1, &e2, &n, &ek, &m, &w, &P0, &P1};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_inits(d0, dv, N, alpha, beta, u, NULL);
    qs_init(&t);

    q3_sub(&e1, v1, v0);
    q3_sub(&e2, v2, v0);
    q3_cross(&n, &e1, &e2);
    if (!plane_entry(&t, b, v0, &n, d0, dv, N))
        goto done;
    /* The projection of c + t v lies in the closed triangle iff, for each
     * edge vk -> vk+1, n . (ek x (c + t v - vk)) >= 0, that is
     * m.(c - vk) + t m.v >= 0 with m = n x ek (n = e1 x e2 makes the
     * three positive inside). */
    const q3 *vs[3] = {v0, v1, v2};
    for (int k = 0; k < 3; k++) {
        q3_sub(&ek, vs[(k + 1) % 3], vs[k]);
        q3_cross(&m, &n, &ek);
        q3_sub(&w, &b->c, vs[k]);
        q3_dot(alpha, &m, &w);
        q3_dot(beta, &m, &b->v);
        if (qs_sgn_affine(alpha, beta, &t) < 0)
            goto done;
    }
    /* Contact point: the projection (c - (d0/N) n) + t (v - (dv/N) n). */
    mpq_div(u, d0, N);
    mpq_neg(u, u);
    q3_axpy(&P0, &b->c, u, &n);
    mpq_div(u, dv, N);
    mpq_neg(u, u);
    q3_axpy(&P1, &b->v, u, &n);
    offer(best, &t, SW_FACE, 0, &P0, &P1);

done:
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clears(d0, dv, N, alpha, beta, u, NULL);
    qs_clear(&t);
}

void sw_contact_start(sw_contact *k, const q3 *y)
{
    k->kind = SW_START;
    k->index = 0;
    mpq_t z;
    mpq_init(z);
    qs_set_q(&k->t, z);
    mpq_clear(z);
    q3_set(&k->p0, y);
    q3_zero(&k->p1);
}

void sw_contact_round(const sw_contact *k, double *t, double *point)
{
    if (k->kind == SW_MISS) {
        *t = 0;
        if (point)
            point[0] = point[1] = point[2] = 0;
        return;
    }
    *t = qs_to_double(&k->t);
    if (!point)
        return;
    qsqrt x;
    qs_init(&x);
    for (int i = 0; i < 3; i++) {
        qs_affine(&x, q3_at(&k->p0, i), q3_at(&k->p1, i), &k->t);
        point[i] = qs_to_double(&x);
    }
    qs_clear(&x);
}

/* ---- shared bodies of ref_sphere_sweep_*() -------------------------------- */

static void answer(const sw_contact *k, double *out, bool point)
{
    if (k->kind != SW_MISS) {
        out[0] = 1;
        sw_contact_round(k, &out[1], point ? out + 2 : NULL);
    }
}

void sw_ref_contact(const double *in, int n_in, double *out, ref_encl_fn *encl, ref_tight_fn *tight,
                    sw_solve_fn *solve)
{
    if (ref_filter_miss_or_tight(encl, tight, in, n_in, 2, 0, out))
        return;
    sw_contact k;
    sw_contact_init(&k);
    solve(in, &k);
    answer(&k, out, false);
    sw_contact_clear(&k);
}

void sw_ref_contact_point(const double *in, int n_in, double *out, sw_accumulate_fn *accumulate,
                          sw_tight_one_fn *tight, sw_solve_one_fn *solve)
{
    if (n_in > REF_FILTER_MAX_IN)
        abort(); /* a query larger than the bound in exact.h */
    int only = -1;
    if (ref_filter_enabled()) {
        /* A certain miss needs no rational arithmetic, and a candidate that
         * is certainly first is the only one to compute exactly. */
        iv box[REF_FILTER_MAX_IN];
        for (int i = 0; i < n_in; i++)
            box[i] = iv_point(in[i]);
        sw_iacc a;
        sw_iball b;
        accumulate(box, &a, &b);
        iv hit, t;
        sw_iacc_result(&a, &hit, &t, NULL);
        if (hit.hi == 0) {
            ref_stats.filtered++;
            return;
        }
        only = sw_iacc_decisive(&a);
        if (only < 0) { /* the exact path computes only what may be first */
            unsigned set = a.start_possible ? 1u << SW_MAX_CAND : 0;
            for (int i = 0; i < a.n; i++)
                set |= a.cand[i].possible ? 1u << i : 0;
            only = -2 - (int)set;
        }
        /* A certain start overlap (then only = -1), or a candidate that is
         * certainly first, rounded without GMP when tight() can. */
        bool start = hit.lo == 1 && a.start_certain;
        double tmp[5] = {0};
        if ((start || only >= 0) && ivl_ready() && tight(in, start ? -1 : only, tmp)) {
            memcpy(out + 1, tmp + 1, 4 * sizeof *out);
            out[0] = 1;
            ref_stats.filtered++;
            return;
        }
    }
    ref_stats.exact++;
    sw_contact k;
    sw_contact_init(&k);
    solve(in, &k, only);
    if (only >= 0 && k.kind == SW_MISS) /* cannot happen: the filter is sound */
        solve(in, &k, -1);
    answer(&k, out, true);
    sw_contact_clear(&k);
}

void sw_ref_encl_point(const iv *in, iv *out, sw_accumulate_fn *accumulate)
{
    sw_iacc a;
    sw_iball b;
    accumulate(in, &a, &b);
    iv3 p;
    sw_iacc_result(&a, &out[0], &out[1], &p);
    out[2] = p.x;
    out[3] = p.y;
    out[4] = p.z;
}

const char *sw_ref_feature(const double *in, sw_solve_one_fn *solve)
{
    sw_contact k;
    sw_contact_init(&k);
    solve(in, &k, -1);
    const char *name = sw_kind_name(k.kind);
    sw_contact_clear(&k);
    return name;
}
