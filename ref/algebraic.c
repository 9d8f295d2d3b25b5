/* ref/algebraic.c: exact arithmetic on A + B sqrt(D); see algebraic.h. */
#include "algebraic.h"

#include "exact.h"

#include <math.h>
#include <mpfr.h>

void qs_init(qsqrt *x) { mpq_inits(x->a, x->b, x->d, NULL); }

void qs_clear(qsqrt *x) { mpq_clears(x->a, x->b, x->d, NULL); }

void qs_set(qsqrt *r, const qsqrt *x)
{
    if (r == x)
        return;
    mpq_set(r->a, x->a);
    mpq_set(r->b, x->b);
    mpq_set(r->d, x->d);
}

void qs_set_q(qsqrt *r, mpq_srcptr q)
{
    mpq_set(r->a, q);
    mpq_set_ui(r->b, 0, 1);
    mpq_set_ui(r->d, 0, 1);
}

int qs_sign2(mpq_srcptr a, mpq_srcptr b, mpq_srcptr d)
{
    int sa = mpq_sgn(a);
    int sb = mpq_sgn(d) > 0 ? mpq_sgn(b) : 0;
    if (sb == 0)
        return sa;
    if (sa == 0 || sa == sb)
        return sb;
    /* Opposite signs: the larger of |a| and |b| sqrt(d) wins; compare
     * their squares a^2 and b^2 d. */
    mpq_t u, v;
    mpq_inits(u, v, NULL);
    mpq_mul(u, a, a);
    mpq_mul(v, b, b);
    mpq_mul(v, v, d);
    int c = mpq_cmp(u, v);
    mpq_clears(u, v, NULL);
    return c > 0 ? sa : c < 0 ? sb : 0;
}

int qs_sign3(mpq_srcptr a, mpq_srcptr b, mpq_srcptr d1, mpq_srcptr c, mpq_srcptr d2)
{
    int s1 = qs_sign2(a, b, d1);
    int s2 = mpq_sgn(d2) > 0 ? mpq_sgn(c) : 0;
    if (s2 == 0)
        return s1;
    if (s1 == 0 || s1 == s2)
        return s2;
    /* Opposite signs: compare (a + b sqrt(d1))^2 = a^2 + b^2 d1 + 2ab sqrt(d1)
     * with c^2 d2, i.e. take the sign of
     * (a^2 + b^2 d1 - c^2 d2) + 2ab sqrt(d1). */
    mpq_t u, w, t;
    mpq_inits(u, w, t, NULL);
    mpq_mul(u, a, a);
    mpq_mul(t, b, b);
    mpq_mul(t, t, d1);
    mpq_add(u, u, t);
    mpq_mul(t, c, c);
    mpq_mul(t, t, d2);
    mpq_sub(u, u, t);
    mpq_mul(w, a, b);
    mpq_add(w, w, w);
    int s = qs_sign2(u, w, d1);
    mpq_clears(u, w, t, NULL);
    return s > 0 ? s1 : s < 0 ? s2 : 0;
}

int qs_sgn(const qsqrt *x) { return qs_sign2(x->a, x->b, x->d); }

int qs_cmp(const qsqrt *x, const qsqrt *y)
{
    mpq_t da, db;
    mpq_inits(da, db, NULL);
    mpq_sub(da, x->a, y->a);
    int s;
    if (mpq_equal(x->d, y->d)) {
        mpq_sub(db, x->b, y->b);
        s = qs_sign2(da, db, x->d);
    } else {
        mpq_neg(db, y->b);
        s = qs_sign3(da, x->b, x->d, db, y->d);
    }
    mpq_clears(da, db, NULL);
    return s;
}

int qs_cmp_q(const qsqrt *x, mpq_srcptr q)
{
    mpq_t da;
    mpq_init(da);
    mpq_sub(da, x->a, q);
    int s = qs_sign2(da, x->b, x->d);
    mpq_clear(da);
    return s;
}

int qs_cmp_si(const qsqrt *x, long q)
{
    mpq_t qq;
    mpq_init(qq);
    mpq_set_si(qq, q, 1);
    int s = qs_cmp_q(x, qq);
    mpq_clear(qq);
    return s;
}

void qs_affine(qsqrt *r, mpq_srcptr alpha, mpq_srcptr beta, const qsqrt *x)
{
    mpq_t na;
    mpq_init(na);
    mpq_mul(na, beta, x->a);
    mpq_add(na, na, alpha);
    if (mpq_sgn(beta) == 0 || mpq_sgn(x->b) == 0) {
        mpq_set_ui(r->b, 0, 1);
        mpq_set_ui(r->d, 0, 1);
    } else {
        mpq_mul(r->b, beta, x->b);
        mpq_set(r->d, x->d);
    }
    mpq_swap(r->a, na);
    mpq_clear(na);
}

int qs_sgn_affine(mpq_srcptr alpha, mpq_srcptr beta, const qsqrt *x)
{
    mpq_t na, nb;
    mpq_inits(na, nb, NULL);
    mpq_mul(na, beta, x->a);
    mpq_add(na, na, alpha);
    mpq_mul(nb, beta, x->b);
    int s = qs_sign2(na, nb, x->d);
    mpq_clears(na, nb, NULL);
    return s;
}

int qs_is_rational(const qsqrt *x)
{
    if (mpq_sgn(x->b) == 0 || mpq_sgn(x->d) == 0)
        return 1;
    /* d is in lowest terms, so it is a square of a rational iff its
     * numerator and denominator are squares of integers. */
    return mpz_perfect_square_p(mpq_numref(x->d)) && mpz_perfect_square_p(mpq_denref(x->d));
}

void qs_get_q(mpq_ptr r, const qsqrt *x)
{
    if (mpq_sgn(x->b) == 0 || mpq_sgn(x->d) == 0) {
        mpq_set(r, x->a);
        return;
    }
    mpq_t s;
    mpq_init(s);
    mpz_sqrt(mpq_numref(s), mpq_numref(x->d));
    mpz_sqrt(mpq_denref(s), mpq_denref(x->d));
    mpq_canonicalize(s);
    mpq_mul(r, s, x->b);
    mpq_add(r, r, x->a);
    mpq_clear(s);
}

void qs_canon(qsqrt *x)
{
    if (mpq_sgn(x->b) == 0 || mpq_sgn(x->d) == 0) {
        mpq_set_ui(x->b, 0, 1);
        mpq_set_ui(x->d, 0, 1);
        return;
    }
    if (!qs_is_rational(x))
        return;
    mpq_t v;
    mpq_init(v);
    qs_get_q(v, x);
    qs_set_q(x, v);
    mpq_clear(v);
}

int qs_root(qsqrt *t, mpq_srcptr qa, mpq_srcptr qb, mpq_srcptr qc, int s, mpq_ptr disc)
{
    mpq_t D, u;
    mpq_inits(D, u, NULL);
    mpq_mul(D, qb, qb);
    mpq_mul(u, qa, qc);
    mpq_sub(D, D, u);
    int ok = mpq_sgn(D) >= 0;
    if (disc)
        mpq_set(disc, D);
    if (ok) {
        /* t = -qb/qa + (s/qa) sqrt(D) */
        mpq_div(t->a, qb, qa);
        mpq_neg(t->a, t->a);
        mpq_inv(t->b, qa);
        if (s < 0)
            mpq_neg(t->b, t->b);
        mpq_swap(t->d, D);
        qs_canon(t);
    }
    mpq_clears(D, u, NULL);
    return ok;
}

/* [lo, hi] enclosing x = a + b sqrt(d) at MPFR precision p, b != 0, d > 0:
 * sqrt(d) is enclosed by downward and upward roundings, then the product by
 * b and the sum with a are rounded outward (mpfr_mul_q and mpfr_add_q round
 * the exact result once, in the given direction). */
static void enclose(mpfr_ptr lo, mpfr_ptr hi, const qsqrt *x)
{
    mpfr_t sl, sh;
    mpfr_init2(sl, mpfr_get_prec(lo));
    mpfr_init2(sh, mpfr_get_prec(lo));
    mpfr_set_q(sl, x->d, MPFR_RNDD);
    mpfr_sqrt(sl, sl, MPFR_RNDD);
    mpfr_set_q(sh, x->d, MPFR_RNDU);
    mpfr_sqrt(sh, sh, MPFR_RNDU);
    if (mpq_sgn(x->b) > 0) {
        mpfr_mul_q(lo, sl, x->b, MPFR_RNDD);
        mpfr_mul_q(hi, sh, x->b, MPFR_RNDU);
    } else {
        mpfr_mul_q(lo, sh, x->b, MPFR_RNDD);
        mpfr_mul_q(hi, sl, x->b, MPFR_RNDU);
    }
    mpfr_add_q(lo, lo, x->a, MPFR_RNDD);
    mpfr_add_q(hi, hi, x->a, MPFR_RNDU);
    mpfr_clears(sl, sh, (mpfr_ptr)0);
}

/* x, rational, correctly rounded. */
static double rational_to_double(const qsqrt *x)
{
    mpq_t v;
    mpq_init(v);
    qs_get_q(v, x);
    double r = q_to_double(v);
    mpq_clear(v);
    return r;
}

/* mpfr_get_d rounds correctly to binary64 in the given direction, subnormal
 * range included (it rounds to the number of bits the subnormal keeps). */
double qs_to_double(const qsqrt *x)
{
    if (qs_is_rational(x))
        return rational_to_double(x);
    /* x is irrational: it is not a double and not a midpoint of two
     * doubles (both are dyadic rationals), so once the enclosure is narrow
     * enough both of its ends round to the same double, which is the
     * correctly rounded x (rounding is monotone).  Ziv: double the
     * precision until they do. */
    double r = 0;
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    for (mpfr_prec_t p = 128;; p *= 2) {
        mpfr_set_prec(lo, p);
        mpfr_set_prec(hi, p);
        enclose(lo, hi, x);
        double dl = mpfr_get_d(lo, MPFR_RNDN), dh = mpfr_get_d(hi, MPFR_RNDN);
        if (dl == dh && signbit(dl) == signbit(dh)) {
            r = dl;
            break;
        }
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return r;
}

void qs_bounds(const qsqrt *x, double *lo, double *hi)
{
    if (qs_is_rational(x)) {
        double r = rational_to_double(x);
        *lo = nextafter(r, -INFINITY);
        *hi = nextafter(r, INFINITY);
        return;
    }
    mpfr_t l, h;
    mpfr_inits2(64, l, h, (mpfr_ptr)0);
    enclose(l, h, x);
    *lo = mpfr_get_d(l, MPFR_RNDD);
    *hi = mpfr_get_d(h, MPFR_RNDU);
    mpfr_clears(l, h, (mpfr_ptr)0);
}
