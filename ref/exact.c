/* ref/exact.c: exact-number layer; see exact.h. */
#include "exact.h"
#include "ivl.h"

#include <float.h>
#include <math.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

ref_stats_t ref_stats;

bool ref_all_finite(const double *in, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(in[i]))
            return false;
    return true;
}
static int filter_on = 1;

void ref_set_filter(int on) { filter_on = on != 0; }
int ref_filter_enabled(void) { return filter_on; }

/* enc = encl at the point box of in; false when the filter is off. */
static bool filter_at_point(ref_encl_fn *encl, const double *in, int n_in, int n_out, iv *enc)
{
    if (n_in > REF_FILTER_MAX_IN || n_out > REF_FILTER_MAX_OUT)
        abort(); /* a query larger than the bounds in exact.h */
    if (!filter_on)
        return false;
    iv box[REF_FILTER_MAX_IN];
    for (int i = 0; i < n_in; i++)
        box[i] = iv_point(in[i]);
    encl(box, enc);
    return true;
}

/* Counts the call as filtered when settled, else as exact. */
static bool count(bool settled)
{
    if (settled)
        ref_stats.filtered++;
    else
        ref_stats.exact++;
    return settled;
}

bool ref_filter_miss(ref_encl_fn *encl, const double *in, int n_in, int n_out, int hit)
{
    iv enc[REF_FILTER_MAX_OUT];
    return count(filter_at_point(encl, in, n_in, n_out, enc) && enc[hit].hi == 0);
}

/* 0 with the filter off, 1 on a certain miss, -1 otherwise (enc set). */
static int filter_miss(ref_encl_fn *encl, const double *in, int n_in, int n_out, int hit, iv *enc)
{
    if (!filter_at_point(encl, in, n_in, n_out, enc))
        return 0;
    return enc[hit].hi == 0 ? 1 : -1;
}

bool ref_filter_miss_or_start(ref_encl_fn *encl, const double *in, int n_in, int n_out, int hit, int t,
                              double *out)
{
    iv enc[REF_FILTER_MAX_OUT];
    int r = filter_miss(encl, in, n_in, n_out, hit, enc);
    if (r >= 0)
        return count(r);
    if (enc[hit].lo == 1 && enc[t].lo == 0 && enc[t].hi == 0) {
        out[hit] = 1;
        return count(true);
    }
    return count(false);
}

/* Tested on every call (two operations; no shared state between threads). */
bool ivl_ready(void)
{
    volatile long double one = 1, eps = LDBL_EPSILON;
    return LDBL_MANT_DIG >= 64 && (one + eps) - one == eps;
}

bool ref_filter_miss_or_tight(ref_encl_fn *encl, ref_tight_fn *tight, const double *in, int n_in, int n_out, int hit,
                              double *out)
{
    iv enc[REF_FILTER_MAX_OUT];
    int r = filter_miss(encl, in, n_in, n_out, hit, enc);
    if (r >= 0)
        return count(r);
    double tmp[REF_FILTER_MAX_OUT] = {0};
    if (enc[hit].lo == 1 && ivl_ready() && tight(in, tmp)) {
        memcpy(out, tmp, (size_t)n_out * sizeof *out);
        out[hit] = 1;
        return count(true);
    }
    return count(false);
}

bool ref_filter_decided_or(ref_encl_fn *encl, ref_decide_fn *decide, const double *in, int n_in, int n_out, int slot,
                           double *out)
{
    iv enc[REF_FILTER_MAX_OUT];
    if (!filter_at_point(encl, in, n_in, n_out, enc))
        return count(false);
    if (enc[slot].lo == enc[slot].hi) {
        out[slot] = enc[slot].lo;
        return count(true);
    }
    double tmp[REF_FILTER_MAX_OUT] = {0};
    if (ivl_ready() && decide(in, tmp)) {
        memcpy(out, tmp, (size_t)n_out * sizeof *out);
        return count(true);
    }
    return count(false);
}

bool ref_filter_decided(ref_encl_fn *encl, const double *in, int n_in, int n_out, int slot, double *out)
{
    iv enc[REF_FILTER_MAX_OUT];
    if (filter_at_point(encl, in, n_in, n_out, enc) && enc[slot].lo == enc[slot].hi) {
        out[slot] = enc[slot].lo;
        return count(true);
    }
    return count(false);
}

void q3_init(q3 *v)
{
    mpq_init(v->x);
    mpq_init(v->y);
    mpq_init(v->z);
}

void q3_clear(q3 *v)
{
    mpq_clear(v->x);
    mpq_clear(v->y);
    mpq_clear(v->z);
}

void q3_set_d(q3 *v, const double xyz[3])
{
    mpq_set_d(v->x, xyz[0]);
    mpq_set_d(v->y, xyz[1]);
    mpq_set_d(v->z, xyz[2]);
}

void q3_set(q3 *r, const q3 *a)
{
    mpq_set(r->x, a->x);
    mpq_set(r->y, a->y);
    mpq_set(r->z, a->z);
}

void q3_zero(q3 *r)
{
    mpq_set_ui(r->x, 0, 1);
    mpq_set_ui(r->y, 0, 1);
    mpq_set_ui(r->z, 0, 1);
}

void q3_add(q3 *r, const q3 *a, const q3 *b)
{
    mpq_add(r->x, a->x, b->x);
    mpq_add(r->y, a->y, b->y);
    mpq_add(r->z, a->z, b->z);
}

void q3_scale(q3 *r, const q3 *a, mpq_srcptr s)
{
    mpq_mul(r->x, a->x, s);
    mpq_mul(r->y, a->y, s);
    mpq_mul(r->z, a->z, s);
}

void q3_axpy(q3 *r, const q3 *a, mpq_srcptr s, const q3 *b)
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

bool q3_is_zero(const q3 *a) { return mpq_sgn(a->x) == 0 && mpq_sgn(a->y) == 0 && mpq_sgn(a->z) == 0; }

bool q3_equal(const q3 *a, const q3 *b)
{
    return mpq_equal(a->x, b->x) && mpq_equal(a->y, b->y) && mpq_equal(a->z, b->z);
}

mpq_srcptr q3_at(const q3 *a, int i) { return i == 0 ? a->x : i == 1 ? a->y : a->z; }

void q3_to_double(double *out, const q3 *a)
{
    out[0] = q_to_double(a->x);
    out[1] = q_to_double(a->y);
    out[2] = q_to_double(a->z);
}

void q3_sub(q3 *r, const q3 *a, const q3 *b)
{
    mpq_sub(r->x, a->x, b->x);
    mpq_sub(r->y, a->y, b->y);
    mpq_sub(r->z, a->z, b->z);
}

void q3_cross(q3 *r, const q3 *a, const q3 *b)
{
    mpq_t t;
    mpq_init(t);
    mpq_mul(r->x, a->y, b->z);
    mpq_mul(t, a->z, b->y);
    mpq_sub(r->x, r->x, t);
    mpq_mul(r->y, a->z, b->x);
    mpq_mul(t, a->x, b->z);
    mpq_sub(r->y, r->y, t);
    mpq_mul(r->z, a->x, b->y);
    mpq_mul(t, a->y, b->x);
    mpq_sub(r->z, r->z, t);
    mpq_clear(t);
}

void q3_dot(mpq_ptr r, const q3 *a, const q3 *b)
{
    mpq_t t;
    mpq_init(t);
    mpq_mul(r, a->x, b->x);
    mpq_mul(t, a->y, b->y);
    mpq_add(r, r, t);
    mpq_mul(t, a->z, b->z);
    mpq_add(r, r, t);
    mpq_clear(t);
}

double q_to_double(mpq_srcptr q)
{
    /* binary64 in MPFR's convention (significand in [1/2, 1)): 53 bits,
     * smallest subnormal 2^-1074 = 0.5 * 2^-1073, largest finite < 2^1024. */
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
    mpfr_t f;
    mpfr_init2(f, 53);
    int inex = mpfr_set_q(f, q, MPFR_RNDN);
    mpfr_subnormalize(f, inex, MPFR_RNDN);
    double d = mpfr_get_d(f, MPFR_RNDN);
    mpfr_clear(f);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return d;
}

/* ---- closest points ----------------------------------------------------------
 *
 * A triangle a b c is the convex hull of its vertices; a degenerate one is a
 * segment or a point.  With n = ab x ac (ab = b - a, ac = c - a, ap = p - a)
 * and the scaled barycentrics of the projection of p onto the plane
 *   vb = n.(ap x ac),  vc = n.(ab x ap),  va = n.n - vb - vc
 * (p = a + s ab + t ac + h n gives vb = s n.n, vc = t n.n), the closest
 * point is the projection p - n (n.ap)/(n.n) when n != 0 and va, vb, vc >= 0;
 * otherwise it lies on the boundary, the union of the three edges (for a
 * degenerate triangle that union is the hull itself), and is the first of
 * the closest points of the edges ab, bc, ca with the least distance. */

void q3_closest_segment(q3 *y, mpq_ptr d2, const q3 *x, const q3 *p0, const q3 *p1)
{
    q3 e, w;
    mpq_t ee, s;
    q3_init(&e);
    q3_init(&w);
    mpq_inits(ee, s, NULL);
    q3_sub(&e, p1, p0);
    q3_sub(&w, x, p0);
    q3_dot(ee, &e, &e);
    q3_dot(s, &e, &w);
    if (mpq_sgn(ee) == 0 || mpq_sgn(s) <= 0) {
        q3_set(y, p0);
    } else if (mpq_cmp(s, ee) >= 0) {
        q3_set(y, p1);
    } else {
        mpq_div(s, s, ee);
        q3_axpy(y, p0, s, &e);
    }
    q3_sub(&w, x, y);
    q3_dot(d2, &w, &w);
    q3_clear(&e);
    q3_clear(&w);
    mpq_clears(ee, s, NULL);
}

/* Is the projection of p onto the plane of a b c inside the closed triangle
 * (n = ab x ac != 0 and va, vb, vc >= 0)?  Sets n and nn = n.n. */
static bool projection_inside(q3 *n, mpq_ptr nn, const q3 *ab, const q3 *ac, const q3 *ap)
{
    q3 m;
    mpq_t va, vb, vc;
    q3_init(&m);
    mpq_inits(va, vb, vc, NULL);
    q3_cross(n, ab, ac);
    q3_dot(nn, n, n);
    bool inside = false;
    if (mpq_sgn(nn) != 0) {
        q3_cross(&m, ap, ac);
        q3_dot(vb, n, &m);
        q3_cross(&m, ab, ap);
        q3_dot(vc, n, &m);
        mpq_sub(va, nn, vb);
        mpq_sub(va, va, vc);
        inside = mpq_sgn(va) >= 0 && mpq_sgn(vb) >= 0 && mpq_sgn(vc) >= 0;
    }
    q3_clear(&m);
    mpq_clears(va, vb, vc, NULL);
    return inside;
}

int q3_closest_triangle(q3 *y, mpq_ptr d2, const q3 *p, const q3 *a, const q3 *b, const q3 *c)
{
    q3 ab, ac, ap, n, m, ye;
    mpq_t nn, s, de;
    q3 *all[] = {&ab, &ac, &ap, &n, &m, &ye};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_inits(nn, s, de, NULL);

    q3_sub(&ab, b, a);
    q3_sub(&ac, c, a);
    q3_sub(&ap, p, a);
    int feature = Q3_TRI_FACE;
    if (projection_inside(&n, nn, &ab, &ac, &ap)) {
        q3_dot(s, &n, &ap); /* y = p - n (n.ap)/(n.n), d2 = (n.ap)^2/(n.n) */
        mpq_mul(d2, s, s);
        mpq_div(d2, d2, nn);
        mpq_div(s, s, nn);
        q3_scale(&m, &n, s);
        q3_sub(y, p, &m);
    } else {
        const q3 *ends[3][2] = {{a, b}, {b, c}, {c, a}};
        for (int k = 0; k < 3; k++) {
            q3_closest_segment(&ye, de, p, ends[k][0], ends[k][1]);
            if (k == 0 || mpq_cmp(de, d2) < 0) {
                mpq_set(d2, de);
                q3_set(y, &ye);
            }
        }
        feature = q3_equal(y, a) || q3_equal(y, b) || q3_equal(y, c) ? Q3_TRI_VERTEX : Q3_TRI_EDGE;
    }

    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clears(nn, s, de, NULL);
    return feature;
}
