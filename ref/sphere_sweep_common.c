/* ref/sphere_sweep_common.c: features of the sweep queries, exact and as
 * interval enclosures; see sphere_sweep_impl.h. */
#include "sphere_sweep_impl.h"

#include <math.h>
#include <stdlib.h>

/* ---- exact: small vector helpers ------------------------------------------ */

static void q3_set(q3 *r, const q3 *a)
{
    mpq_set(r->x, a->x);
    mpq_set(r->y, a->y);
    mpq_set(r->z, a->z);
}

static void q3_zero(q3 *r)
{
    mpq_set_ui(r->x, 0, 1);
    mpq_set_ui(r->y, 0, 1);
    mpq_set_ui(r->z, 0, 1);
}

/* r = a + s b; r may alias a or b. */
static void q3_axpy(q3 *r, const q3 *a, mpq_srcptr s, const q3 *b)
{
    mpq_t t;
    mpq_init(t);
    mpq_mul(t, s, b->x);
    mpq_add(r->x, a->x, t);
    mpq_mul(t, s, b->y);
    mpq_add(r->y, a->y, t);
    mpq_mul(t, s, b->z);
    mpq_add(r->z, a->z, t);
    mpq_clear(t);
}

static mpq_srcptr q3_at(const q3 *a, int i) { return i == 0 ? a->x : i == 1 ? a->y : a->z; }

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

void sw_closest_segment(q3 *y, mpq_ptr d2, const q3 *x, const q3 *p0, const q3 *p1)
{
    q3 e, w;
    mpq_t E, s;
    q3_init(&e);
    q3_init(&w);
    mpq_inits(E, s, NULL);
    q3_sub(&e, p1, p0);
    q3_sub(&w, x, p0);
    q3_dot(E, &e, &e);
    q3_dot(s, &w, &e);
    if (mpq_sgn(E) == 0 || mpq_sgn(s) <= 0) {
        q3_set(y, p0);
    } else if (mpq_cmp(s, E) >= 0) {
        q3_set(y, p1);
    } else {
        mpq_div(s, s, E);
        q3_axpy(y, p0, s, &e);
    }
    q3_sub(&w, x, y);
    q3_dot(d2, &w, &w);
    q3_clear(&e);
    q3_clear(&w);
    mpq_clears(E, s, NULL);
}

void sw_closest_triangle(q3 *y, mpq_ptr d2, const q3 *x, const q3 *v0, const q3 *v1, const q3 *v2)
{
    q3 e1, e2, n, ek, m, w, yk;
    mpq_t N, f, dk;
    q3 *all[] = {&e1, &e2, &n, &ek, &m, &w, &yk};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_inits(N, f, dk, NULL);

    const q3 *vs[3] = {v0, v1, v2};
    q3_sub(&e1, v1, v0);
    q3_sub(&e2, v2, v0);
    q3_cross(&n, &e1, &e2);
    q3_dot(N, &n, &n);
    int inside = mpq_sgn(N) > 0;
    for (int k = 0; k < 3 && inside; k++) {
        q3_sub(&ek, vs[(k + 1) % 3], vs[k]);
        q3_cross(&m, &n, &ek);
        q3_sub(&w, x, vs[k]);
        q3_dot(f, &m, &w);
        inside = mpq_sgn(f) >= 0;
    }
    if (inside) {
        /* The projection x - (n.(x - v0) / N) n; d2 = (n.(x - v0))^2 / N. */
        q3_sub(&w, x, v0);
        q3_dot(f, &n, &w);
        mpq_mul(d2, f, f);
        mpq_div(d2, d2, N);
        mpq_div(f, f, N);
        mpq_neg(f, f);
        q3_axpy(y, x, f, &n);
    } else {
        /* Outside the face's prism (or a degenerate triangle, the union of
         * its edges): the closest point is on an edge. */
        for (int k = 0; k < 3; k++) {
            sw_closest_segment(&yk, dk, x, vs[k], vs[(k + 1) % 3]);
            if (k == 0 || mpq_cmp(dk, d2) < 0) {
                mpq_set(d2, dk);
                q3_set(y, &yk);
            }
        }
    }
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clears(N, f, dk, NULL);
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

bool sw_finite(const double *in, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(in[i]))
            return false;
    return true;
}

/* ---- intervals --------------------------------------------------------------- */

static const iv WHOLE = {-INFINITY, INFINITY};

/* Intersection of two enclosures of the same quantity; a NaN interval
 * (nothing known) gives way to the other.  May be empty (lo > hi). */
static iv meet(iv a, iv b)
{
    if (iv_has_nan(a))
        return b;
    if (iv_has_nan(b))
        return a;
    return (iv){fmax(a.lo, b.lo), fmin(a.hi, b.hi)};
}

static bool empty(iv a) { return !iv_has_nan(a) && a.lo > a.hi; }

static iv iabs(iv a)
{
    if (iv_has_nan(a) || a.lo >= 0)
        return a;
    if (a.hi <= 0)
        return iv_neg(a);
    return (iv){0, fmax(-a.lo, a.hi)};
}

static iv norm2(iv3 a) { return iv_add(iv_add(iv_sqr(a.x), iv_sqr(a.y)), iv_sqr(a.z)); }

static iv3 axpy(iv3 a, iv s, iv3 b)
{
    return (iv3){iv_add(a.x, iv_mul(s, b.x)), iv_add(a.y, iv_mul(s, b.y)), iv_add(a.z, iv_mul(s, b.z))};
}

static iv3 hull3(iv3 a, iv3 b) { return (iv3){iv_hull(a.x, b.x), iv_hull(a.y, b.y), iv_hull(a.z, b.z)}; }

static iv3 meet3(iv3 a, iv3 b) { return (iv3){meet(a.x, b.x), meet(a.y, b.y), meet(a.z, b.z)}; }

static iv3 whole3(void) { return (iv3){WHOLE, WHOLE, WHOLE}; }

/* "qa > 0"-style tests that treat NaN (nothing known) as "either". */
static bool maybe_le0(iv a) { return !(a.lo > 0); }   /* some point may be <= 0 */
static bool maybe_ge0(iv a) { return !(a.hi < 0); }   /* some point may be >= 0 */
static bool surely_le0(iv a) { return a.hi <= 0; }   /* false on NaN */
static bool surely_ge0(iv a) { return a.lo >= 0; }   /* false on NaN */

sw_iball sw_iball_make(const iv *center, const iv *velocity, iv radius)
{
    sw_iball b;
    b.c = sw_iv3_at(center);
    b.v = sw_iv3_at(velocity);
    /* The radius is >= 0 at every valid point. */
    iv r = {fmax(radius.lo, 0), radius.hi};
    b.r2 = iv_sqr(r);
    return b;
}

iv3 sw_iv3_at(const iv *in) { return (iv3){in[0], in[1], in[2]}; }

void sw_iacc_init(sw_iacc *a)
{
    a->start_possible = a->start_certain = false;
    a->start_p = whole3();
    a->n = 0;
}

static sw_icand *new_cand(sw_iacc *a)
{
    sw_icand *k = &a->cand[a->n++];
    k->possible = k->certain = false;
    k->t = (iv){0, 1};
    k->p = whole3();
    return k;
}

/* The entry-time conditions of entry_time() over a box: possible when every
 * condition may hold at some point, certain when each holds at every point;
 * k->t encloses the smaller root at every point where they hold.  alt is
 * another sound enclosure of that root (or a NaN interval). */
static void ientry(sw_icand *k, iv qa, iv qb, iv qc, iv D, iv alt)
{
    k->possible = !(qc.hi <= 0) && !(qa.hi <= 0) && !(qb.lo >= 0) && !(D.hi < 0);
    k->certain = qc.lo > 0 && qa.lo > 0 && qb.hi < 0 && D.lo >= 0;
    if (!k->possible)
        return;
    /* Restricted to the points where the conditions hold: qc > 0, -qb > 0,
     * D >= 0, qa > 0.  Root = qc / (-qb + sqrt(D)) = (-qb - sqrt(D)) / qa. */
    iv c1 = {fmax(qc.lo, 0), qc.hi}, nb = {fmax(-qb.hi, 0), -qb.lo};
    iv a1 = {fmax(qa.lo, 0), qa.hi}, Dp = {fmax(D.lo, 0), D.hi};
    iv sD = iv_sqrt(Dp);
    iv T1 = iv_div(c1, iv_add(nb, sD));
    iv T2 = iv_div(iv_sub(nb, sD), a1);
    iv T = meet(meet(meet(T1, T2), alt), (iv){0, INFINITY});
    if (empty(T) || T.lo > 1) {
        k->possible = k->certain = false;
        return;
    }
    if (!(T.hi <= 1))
        k->certain = false;
    k->t = meet(T, (iv){0, 1});
}

/* Require alpha + t beta >= 0 at the candidate time. */
static void ivalid(sw_icand *k, iv alpha, iv beta)
{
    iv f = iv_add(alpha, iv_mul(k->t, beta));
    if (f.hi < 0)
        k->possible = k->certain = false;
    else if (!surely_ge0(f))
        k->certain = false;
}

void sw_ivertex(sw_iacc *a, const sw_iball *b, iv3 p)
{
    sw_icand *k = new_cand(a);
    iv3 w = iv3_sub(b->c, p);
    iv qa = norm2(b->v), qb = iv3_dot(w, b->v), qc = iv_sub(norm2(w), b->r2);
    /* D = qb^2 - qa qc = r^2 |v|^2 - |w x v|^2 (Lagrange's identity). */
    iv D = iv_sub(iv_mul(b->r2, qa), norm2(iv3_cross(w, b->v)));
    ientry(k, qa, qb, qc, D, (iv){NAN, NAN});
    k->p = p;
}

void sw_iedge(sw_iacc *a, const sw_iball *b, iv3 p0, iv3 p1)
{
    sw_icand *k = new_cand(a);
    iv3 e = iv3_sub(p1, p0), w = iv3_sub(b->c, p0);
    iv E = norm2(e);
    iv3 X = iv3_cross(w, e), Y = iv3_cross(b->v, e);
    iv qa = norm2(Y), qb = iv3_dot(X, Y), qc = iv_sub(norm2(X), iv_mul(b->r2, E));
    /* D = qb^2 - qa qc = E (r^2 |v x e|^2 - (w.(v x e))^2). */
    iv g = iv3_dot(w, Y);
    iv D = iv_mul(E, iv_sub(iv_mul(b->r2, qa), iv_sqr(g)));
    ientry(k, qa, qb, qc, D, (iv){NAN, NAN});
    if (!k->possible)
        return;
    iv we = iv3_dot(w, e), ve = iv3_dot(b->v, e);
    ivalid(k, we, ve);                            /* sigma >= 0 */
    ivalid(k, iv_sub(E, we), iv_neg(ve));         /* E - sigma >= 0 */
    if (!k->possible)
        return;
    iv s = meet(iv_div(iv_add(we, iv_mul(k->t, ve)), E), (iv){0, 1});
    if (empty(s)) {
        k->possible = k->certain = false;
        return;
    }
    k->p = axpy(p0, s, e);
}

/* The plane quadratic's candidate; writes d0, dv, N for the caller. */
static void iplane_entry(sw_icand *k, const sw_iball *b, iv3 q, iv3 n, iv *d0, iv *dv, iv *N)
{
    iv3 w = iv3_sub(b->c, q);
    *d0 = iv3_dot(n, w);
    *dv = iv3_dot(n, b->v);
    *N = norm2(n);
    iv qa = iv_sqr(*dv), qb = iv_mul(*d0, *dv), qc = iv_sub(iv_sqr(*d0), iv_mul(b->r2, *N));
    iv D = iv_mul(qa, iv_mul(b->r2, *N));
    /* The root is also (|d0| - r sqrt(N)) / |dv|. */
    iv alt = iv_div(iv_sub(iabs(*d0), iv_sqrt(iv_mul(b->r2, *N))), iabs(*dv));
    ientry(k, qa, qb, qc, D, alt);
}

void sw_iplane(sw_iacc *a, const sw_iball *b, iv3 q, iv3 n)
{
    sw_icand *k = new_cand(a);
    iv d0, dv, N;
    iplane_entry(k, b, q, n, &d0, &dv, &N);
    k->p = (iv3){{0, 0}, {0, 0}, {0, 0}};
}

void sw_iface(sw_iacc *a, const sw_iball *b, iv3 v0, iv3 v1, iv3 v2)
{
    sw_icand *k = new_cand(a);
    iv3 n = iv3_cross(iv3_sub(v1, v0), iv3_sub(v2, v0));
    iv d0, dv, N;
    iplane_entry(k, b, v0, n, &d0, &dv, &N);
    iv3 vs[3] = {v0, v1, v2};
    for (int i = 0; i < 3 && k->possible; i++) {
        iv3 m = iv3_cross(n, iv3_sub(vs[(i + 1) % 3], vs[i]));
        ivalid(k, iv3_dot(m, iv3_sub(b->c, vs[i])), iv3_dot(m, b->v));
    }
    if (!k->possible)
        return;
    /* The projection of the centre at t; where the sign of d0 is known, also
     * the centre minus r n / |n| towards the plane. */
    iv3 ct = axpy(b->c, k->t, b->v);
    iv3 p = axpy(ct, iv_neg(iv_div(iv_add(d0, iv_mul(k->t, dv)), N)), n);
    if (d0.lo > 0 || d0.hi < 0) {
        iv s = iv_div(iv_sqrt(b->r2), iv_sqrt(N));
        p = meet3(p, axpy(ct, d0.lo > 0 ? iv_neg(s) : s, n));
    }
    k->p = p;
}

void sw_istart_point(sw_iacc *a, const sw_iball *b, iv3 p)
{
    iv d2 = norm2(iv3_sub(b->c, p));
    a->start_possible = !(d2.lo > b->r2.hi);
    a->start_certain = d2.hi <= b->r2.lo;
    a->start_p = p;
}

/* Squared distance bounds and the closest-point enclosure of a segment. */
static void iseg_dist(const sw_iball *b, iv3 p0, iv3 p1, double *lo, double *hi, iv3 *py)
{
    iv3 e = iv3_sub(p1, p0), w = iv3_sub(b->c, p0);
    iv E = norm2(e), s = iv3_dot(w, e);
    iv d0 = norm2(w), d1 = norm2(iv3_sub(b->c, p1));
    iv Es = iv_sub(s, E);
    /* Regions of sw_closest_segment: A (E = 0 or s <= 0) p0, B (s >= E) p1,
     * C (0 < s < E) the foot of the perpendicular. */
    bool A = maybe_le0(E) || maybe_le0(s), B = maybe_ge0(Es), C = !surely_le0(s) && !surely_ge0(Es);
    bool C_certain = s.lo > 0 && Es.hi < 0;
    iv line = iv_div(norm2(iv3_cross(w, e)), E);
    double l = INFINITY;
    iv3 y = {{NAN, NAN}, {NAN, NAN}, {NAN, NAN}};
    bool have = false;
    if (A) {
        l = fmin(l, d0.lo);
        y = p0;
        have = true;
    }
    if (B) {
        l = fmin(l, d1.lo);
        y = have ? hull3(y, p1) : p1;
        have = true;
    }
    if (C) {
        l = fmin(l, iv_has_nan(line) ? 0 : line.lo);
        iv u = meet(iv_div(s, E), (iv){0, 1});
        iv3 f = axpy(p0, u, e);
        y = have ? hull3(y, f) : f;
    }
    double h = fmin(d0.hi, d1.hi);
    if (C_certain && !iv_has_nan(line))
        h = fmin(h, line.hi);
    *lo = isnan(l) ? 0 : fmax(l, 0);
    *hi = isnan(h) ? INFINITY : h;
    *py = y;
}

void sw_istart_segment(sw_iacc *a, const sw_iball *b, iv3 p0, iv3 p1)
{
    double lo, hi;
    iseg_dist(b, p0, p1, &lo, &hi, &a->start_p);
    a->start_possible = !(lo > b->r2.hi);
    a->start_certain = hi <= b->r2.lo;
}

void sw_istart_triangle(sw_iacc *a, const sw_iball *b, iv3 v0, iv3 v1, iv3 v2)
{
    iv3 vs[3] = {v0, v1, v2};
    iv3 n = iv3_cross(iv3_sub(v1, v0), iv3_sub(v2, v0));
    iv N = norm2(n);
    /* inside: N > 0 and the three edge functions >= 0 at c. */
    bool in_possible = !surely_le0(N), in_certain = N.lo > 0;
    for (int i = 0; i < 3; i++) {
        iv3 m = iv3_cross(n, iv3_sub(vs[(i + 1) % 3], vs[i]));
        iv f = iv3_dot(m, iv3_sub(b->c, vs[i]));
        if (f.hi < 0)
            in_possible = false;
        if (!surely_ge0(f))
            in_certain = false;
    }
    iv d0 = iv3_dot(n, iv3_sub(b->c, v0));
    iv face = iv_div(iv_sqr(d0), N);
    iv3 proj = axpy(b->c, iv_neg(iv_div(d0, N)), n);
    double lo = INFINITY, hi = INFINITY;
    iv3 y = proj;
    bool have = false;
    if (in_possible) {
        lo = iv_has_nan(face) ? 0 : fmax(face.lo, 0);
        have = true;
    }
    if (in_certain && !iv_has_nan(face))
        hi = face.hi;
    for (int i = 0; i < 3; i++) {
        double l, h;
        iv3 py;
        iseg_dist(b, vs[i], vs[(i + 1) % 3], &l, &h, &py);
        lo = fmin(lo, l);
        hi = fmin(hi, h);
        if (!in_certain) {
            y = have ? hull3(y, py) : py;
            have = true;
        }
    }
    a->start_possible = !(lo > b->r2.hi);
    a->start_certain = hi <= b->r2.lo;
    a->start_p = y;
}

void sw_istart_plane(sw_iacc *a, const sw_iball *b, iv3 q, iv3 n)
{
    iv d0 = iv3_dot(n, iv3_sub(b->c, q));
    iv f = iv_sub(iv_sqr(d0), iv_mul(b->r2, norm2(n)));
    a->start_possible = !(f.lo > 0);
    a->start_certain = f.hi <= 0;
    a->start_p = (iv3){{0, 0}, {0, 0}, {0, 0}};
}

void sw_iacc_result(const sw_iacc *a, iv *hit, iv *t, iv3 *point)
{
    static const iv zero = {0, 0};
    if (a->start_certain) {
        *hit = (iv){1, 1};
        *t = zero;
        if (point)
            *point = a->start_p;
        return;
    }
    bool any_possible = a->start_possible, any_certain = false;
    double lo = a->start_possible ? 0 : INFINITY, hi_certain = INFINITY, hi_possible = a->start_possible ? 0 : -INFINITY;
    for (int i = 0; i < a->n; i++) {
        const sw_icand *k = &a->cand[i];
        if (!k->possible)
            continue;
        any_possible = true;
        lo = fmin(lo, k->t.lo);
        hi_possible = fmax(hi_possible, k->t.hi);
        if (k->certain) {
            any_certain = true;
            hi_certain = fmin(hi_certain, k->t.hi);
        }
    }
    *hit = iv_bool(any_certain, !any_possible);
    if (!any_possible) {
        *t = zero;
        if (point)
            *point = (iv3){zero, zero, zero};
        return;
    }
    double hi = any_certain ? hi_certain : hi_possible;
    *t = (iv){fmax(lo, 0), fmin(hi, 1)};
    if (!point)
        return;
    /* A candidate that starts after a certain one ends is never the first. */
    bool have = false;
    iv3 p = a->start_p;
    if (a->start_possible)
        have = true;
    for (int i = 0; i < a->n; i++) {
        const sw_icand *k = &a->cand[i];
        if (!k->possible || k->t.lo > hi)
            continue;
        p = have ? hull3(p, k->p) : k->p;
        have = true;
    }
    *point = p;
}

int sw_iacc_decisive(const sw_iacc *a)
{
    if (a->start_possible)
        return -1;
    int k = -1;
    for (int i = 0; i < a->n; i++)
        if (a->cand[i].certain && (k < 0 || a->cand[i].t.hi < a->cand[k].t.hi))
            k = i;
    if (k < 0)
        return -1;
    for (int i = 0; i < a->n; i++)
        if (i != k && a->cand[i].possible && !(a->cand[i].t.lo > a->cand[k].t.hi))
            return -1;
    return k;
}

/* ---- shared bodies of ref_sphere_sweep_*() -------------------------------- */

static void answer(const sw_contact *k, double *out, bool point)
{
    if (k->kind != SW_MISS) {
        out[0] = 1;
        sw_contact_round(k, &out[1], point ? out + 2 : NULL);
    }
}

void sw_ref_contact(const double *in, int n_in, double *out, ref_encl_fn *encl, sw_solve_fn *solve)
{
    if (ref_filter_miss(encl, in, n_in, 2, 0))
        return;
    sw_contact k;
    sw_contact_init(&k);
    solve(in, &k);
    answer(&k, out, false);
    sw_contact_clear(&k);
}

void sw_ref_contact_point(const double *in, int n_in, double *out, sw_accumulate_fn *accumulate,
                          sw_solve_one_fn *solve)
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
