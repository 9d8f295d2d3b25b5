/* ref/ccd_exact.c: the exact earliest contact of vertex_face_ccd and
 * edge_edge_ccd; see ref_ccd.h and docs/queries/vertex_face_ccd.md. */
#include "isect_ref.h"
#include "ralg.h"
#include "ref_ccd.h"

#include <math.h>
#include <string.h>

/* A point moving linearly: one polynomial per coordinate. */
typedef struct {
    qpoly x[3];
} qp3;

static void qp3_init(qp3 *v)
{
    for (int i = 0; i < 3; i++)
        qp_init(&v->x[i]);
}

static void qp3_clear(qp3 *v)
{
    for (int i = 0; i < 3; i++)
        qp_clear(&v->x[i]);
}

/* Initialise or release n of them (scratch arrays). */
static void qp3_init_n(qp3 *v, int n)
{
    for (int k = 0; k < n; k++)
        qp3_init(&v[k]);
}

static void qp3_clear_n(qp3 *v, int n)
{
    for (int k = 0; k < n; k++)
        qp3_clear(&v[k]);
}

static void qp3_sub(qp3 *r, const qp3 *a, const qp3 *b)
{
    for (int i = 0; i < 3; i++)
        qp_sub(&r->x[i], &a->x[i], &b->x[i]);
}

static void qp3_cross(qp3 *r, const qp3 *a, const qp3 *b)
{
    qpoly t;
    qp_init(&t);
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        qp_mul(&r->x[i], &a->x[j], &b->x[k]);
        qp_mul(&t, &a->x[k], &b->x[j]);
        qp_sub(&r->x[i], &r->x[i], &t);
    }
    qp_clear(&t);
}

static void qp3_dot(qpoly *r, const qp3 *a, const qp3 *b)
{
    qpoly t;
    qp_init(&t);
    qp_mul(r, &a->x[0], &b->x[0]);
    for (int i = 1; i < 3; i++) {
        qp_mul(&t, &a->x[i], &b->x[i]);
        qp_add(r, r, &t);
    }
    qp_clear(&t);
}

/* Is every coordinate of v zero at tau? */
static bool zero3_at(ralg *tau, const qp3 *v)
{
    for (int i = 0; i < 3; i++)
        if (ra_sign(tau, &v->x[i]) != 0)
            return false;
    return true;
}

/* The first non-zero coordinate polynomial of v, or NULL. */
static const qpoly *first_nonzero(const qp3 *v)
{
    for (int i = 0; i < 3; i++)
        if (!qp_is_zero(&v->x[i]))
            return &v->x[i];
    return NULL;
}

/* ---- static tests at a time tau ------------------------------------------------- */

/* A test at tau of the points v[] (their number and meaning are the test's). */
typedef bool at_fn(ralg *tau, const qp3 *const *v);

/* p = a at tau. */
static bool pp_at(ralg *tau, const qp3 *const *v)
{
    qp3 d;
    qp3_init(&d);
    qp3_sub(&d, v[0], v[1]);
    bool r = zero3_at(tau, &d);
    qp3_clear(&d);
    return r;
}

/* p on the closed segment ab at tau (the point a when a = b). */
static bool ps_at(ralg *tau, const qp3 *const *v)
{
    const qp3 *p = v[0], *a = v[1], *b = v[2];
    qp3 x[3], *e = &x[0], *w = &x[1], *c = &x[2];
    qpoly s;
    qp3_init_n(x, 3);
    qp_init(&s);
    qp3_sub(e, b, a);
    bool r;
    if (zero3_at(tau, e))
        r = pp_at(tau, v);
    else {
        qp3_sub(w, p, a);
        qp3_cross(c, w, e);
        r = zero3_at(tau, c);
        qp3_dot(&s, w, e); /* (p - a).e >= 0 */
        r = r && ra_sign(tau, &s) >= 0;
        qp3_sub(w, p, b); /* (p - b).e <= 0 */
        qp3_dot(&s, w, e);
        r = r && ra_sign(tau, &s) <= 0;
    }
    qp3_clear_n(x, 3);
    qp_clear(&s);
    return r;
}

/* Is (b - a) x (p - a) . n >= 0 at tau (p on the inner side of edge ab)? */
static bool inner_side(ralg *tau, const qp3 *p, const qp3 *a, const qp3 *b, const qp3 *n)
{
    qp3 x[3]; /* b - a, p - a, their cross product */
    qpoly s;
    qp3_init_n(x, 3);
    qp_init(&s);
    qp3_sub(&x[0], b, a);
    qp3_sub(&x[1], p, a);
    qp3_cross(&x[2], &x[0], &x[1]);
    qp3_dot(&s, &x[2], n);
    bool r = ra_sign(tau, &s) >= 0;
    qp3_clear_n(x, 3);
    qp_clear(&s);
    return r;
}

/* p on the closed triangle abc at tau, given that p, a, b, c are coplanar
 * then: the three edge functions against the normal n, or, when n = 0 (a
 * degenerate triangle: the hull of its vertices is its longest edge), the
 * three edges. */
static bool vf_at(ralg *tau, const qp3 *const *v)
{
    const qp3 *p = v[0], *a = v[1], *b = v[2], *c = v[3];
    qp3 x[3], *n = &x[2]; /* b - a, c - a, n */
    qp3_init_n(x, 3);
    qp3_sub(&x[0], b, a);
    qp3_sub(&x[1], c, a);
    qp3_cross(n, &x[0], &x[1]);
    bool r;
    if (!zero3_at(tau, n))
        r = inner_side(tau, p, a, b, n) && inner_side(tau, p, b, c, n) && inner_side(tau, p, c, a, n);
    else
        r = ps_at(tau, (const qp3 *[]){p, a, b}) || ps_at(tau, (const qp3 *[]){p, b, c}) ||
            ps_at(tau, (const qp3 *[]){p, c, a});
    qp3_clear_n(x, 3);
    return r;
}

/* 0 <= s <= mm at tau. */
static bool in_range_at(ralg *tau, const qpoly *s, const qpoly *mm)
{
    qpoly d;
    qp_init(&d);
    qp_sub(&d, mm, s);
    bool r = ra_sign(tau, s) >= 0 && ra_sign(tau, &d) >= 0;
    qp_clear(&d);
    return r;
}

/* The segments ab and cd share a point at tau, given a, b, c, d coplanar
 * then.  Not parallel (m = (b-a) x (d-c) != 0): the lines meet at
 * a + u (b-a) = c + v (d-c) with u m.m = ((c-a) x (d-c)).m and
 * v m.m = ((c-a) x (b-a)).m.  Parallel or degenerate: they share a point iff
 * an endpoint of one lies on the other. */
static bool ee_at(ralg *tau, const qp3 *const *v)
{
    const qp3 *a = v[0], *b = v[1], *c = v[2], *d = v[3];
    qp3 y[5], *e1 = &y[0], *e2 = &y[1], *m = &y[2], *w = &y[3], *x = &y[4];
    qpoly s[3]; /* m.m, u m.m, v m.m */
    qp3_init_n(y, 5);
    for (int i = 0; i < 3; i++)
        qp_init(&s[i]);
    qp3_sub(e1, b, a);
    qp3_sub(e2, d, c);
    qp3_cross(m, e1, e2);
    bool r;
    if (!zero3_at(tau, m)) {
        qp3_sub(w, c, a);
        qp3_dot(&s[0], m, m);
        qp3_cross(x, w, e2);
        qp3_dot(&s[1], x, m);
        qp3_cross(x, w, e1);
        qp3_dot(&s[2], x, m);
        r = in_range_at(tau, &s[1], &s[0]) && in_range_at(tau, &s[2], &s[0]);
    } else
        r = ps_at(tau, (const qp3 *[]){a, c, d}) || ps_at(tau, (const qp3 *[]){b, c, d}) ||
            ps_at(tau, (const qp3 *[]){c, a, b}) || ps_at(tau, (const qp3 *[]){d, a, b});
    qp3_clear_n(y, 5);
    for (int i = 0; i < 3; i++)
        qp_clear(&s[i]);
    return r;
}

/* ---- earliest contact ------------------------------------------------------------ */

/* Does the test hold at t = 0? */
static bool at_zero(at_fn *at, const qp3 *const *v)
{
    ralg z;
    ra_init(&z); /* rational 0 */
    bool r = at(&z, v);
    ra_clear(&z);
    return r;
}

/* The first root of h (non-zero) in [0, 1] at which the test holds, rounded
 * into *t. */
static bool earliest_root(const qpoly *h, at_fn *at, const qp3 *const *v, double *t)
{
    ralg roots[QP_MAXDEG];
    for (int i = 0; i < QP_MAXDEG; i++)
        ra_init(&roots[i]);
    int n = ra_roots01(roots, h);
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        if (at(&roots[i], v)) {
            *t = ra_to_double(&roots[i]);
            found = true;
        }
    for (int i = 0; i < QP_MAXDEG; i++)
        ra_clear(&roots[i]);
    return found;
}

/* *t = min(*t, u) over the found ones; hit |= found.  (Call it after the
 * call that sets u: the order of evaluation of arguments is unspecified.) */
static void keep_min(bool *hit, double *t, bool found, double u)
{
    if (found && (!*hit || u < *t))
        *t = u;
    *hit |= found;
}

/* Earliest p(t) = a(t): a linear system, one equation per coordinate. */
static bool pp_ccd(const qp3 *p, const qp3 *a, double *t)
{
    qp3 d;
    qp3_init(&d);
    qp3_sub(&d, p, a);
    const qpoly *h = first_nonzero(&d);
    bool r = true;
    *t = 0;
    if (h)
        r = earliest_root(h, pp_at, (const qp3 *[]){p, a}, t);
    qp3_clear(&d);
    return r;
}

/* Earliest contact of p with the segment ab. */
static bool ps_ccd(const qp3 *p, const qp3 *a, const qp3 *b, double *t)
{
    const qp3 *v[] = {p, a, b};
    qp3 x[3]; /* p - a, b - a, their cross product */
    qp3_init_n(x, 3);
    qp3_sub(&x[0], p, a);
    qp3_sub(&x[1], b, a);
    qp3_cross(&x[2], &x[0], &x[1]);
    const qpoly *h = first_nonzero(&x[2]);
    bool hit = false;
    double u = 0;
    *t = 0;
    if (h)
        hit = earliest_root(h, ps_at, v, t);
    else if (!(hit = at_zero(ps_at, v))) { /* collinear for all t */
        bool found = pp_ccd(p, a, &u);
        keep_min(&hit, t, found, u);
        found = pp_ccd(p, b, &u);
        keep_min(&hit, t, found, u);
    }
    qp3_clear_n(x, 3);
    return hit;
}

bool ccd_exact(ccd_kind kind, const double *in, double *t)
{
    qp3 v[4], x[3], *e1 = &x[0], *e2 = &x[1], *n = &x[2];
    qpoly det;
    qp3_init_n(v, 4);
    qp3_init_n(x, 3);
    for (int k = 0; k < 4; k++) {
        for (int i = 0; i < 3; i++)
            qp_set_motion(&v[k].x[i], in[3 * k + i], in[12 + 3 * k + i]);
    }
    qp_init(&det);
    /* vertex-face det(a-p, b-p, c-p), edge-edge det(b-a, c-a, d-a): both
     * det(v1 - v0, v2 - v0, v3 - v0) */
    qp3_sub(e1, &v[1], &v[0]);
    qp3_sub(e2, &v[2], &v[0]);
    qp3_cross(n, e1, e2);
    qp3_sub(e1, &v[3], &v[0]);
    qp3_dot(&det, n, e1);
    const qp3 *const vv[] = {&v[0], &v[1], &v[2], &v[3]};
    at_fn *at = kind == CCD_VERTEX_FACE ? vf_at : ee_at;
    bool hit = false;
    double u = 0;
    *t = 0;
    if (!qp_is_zero(&det))
        hit = earliest_root(&det, at, vv, t);
    else if (!(hit = at_zero(at, vv))) { /* coplanar for all t */
        static const int vf_edges[3][3] = {{0, 1, 2}, {0, 2, 3}, {0, 3, 1}};
        static const int ee_ends[4][3] = {{0, 2, 3}, {1, 2, 3}, {2, 0, 1}, {3, 0, 1}};
        const int(*list)[3] = kind == CCD_VERTEX_FACE ? vf_edges : ee_ends;
        for (int i = 0; i < (kind == CCD_VERTEX_FACE ? 3 : 4); i++) {
            bool found = ps_ccd(&v[list[i][0]], &v[list[i][1]], &v[list[i][2]], &u);
            keep_min(&hit, t, found, u);
        }
    }
    qp3_clear_n(v, 4);
    qp3_clear_n(x, 3);
    qp_clear(&det);
    return hit;
}

/* The double-double filter, then the interval enclosure (a certain miss),
 * then the exact path.  A filter's answer counts as ref_stats.filtered. */
int ccd_ref(ccd_kind kind, const double *in, double *out)
{
    memset(out, 0, CCD_N_OUT * sizeof *out);
    if (!ref_all_finite(in, CCD_N_IN))
        return REF_INVALID;
    double tmp[CCD_N_OUT];
    if (ref_filter_enabled() && ccd_dd_decide(kind, in, tmp)) {
        memcpy(out, tmp, sizeof tmp);
        ref_stats.filtered++;
        return REF_OK;
    }
    if (ref_filter_miss(kind == CCD_VERTEX_FACE ? ref_vertex_face_ccd_encl : ref_edge_edge_ccd_encl, in, CCD_N_IN,
                        CCD_N_OUT, CCD_OUT_HIT))
        return REF_OK;
    double t = 0;
    if (ccd_exact(kind, in, &t)) {
        out[CCD_OUT_HIT] = 1;
        out[CCD_OUT_T] = t;
    }
    return REF_OK;
}
