/* ref/ralg_zoom.c: shrinking an isolating interval by Newton's method in
 * MPFR, verified exactly (see ralg.h, ra_zoom).
 *
 * Bisection gains one bit per exact evaluation; a sign test at a root whose
 * value is tiny beside the polynomial's scale (inputs mixing DBL_MAX and 1:
 * 2000-bit coefficients, a side value 2^-1000 of them) needed a thousand of
 * them, each on thousands of bits.  Newton's iteration at prec bits gives
 * an approximation x; the candidate bracket x -+ 2^(e - prec + 16) (e the
 * exponent of the interval's width or of x) is accepted only when it lies
 * inside (lo, hi) and f has exactly the signs of f(lo) and f(hi) at its
 * ends, computed exactly: then it holds the root (f changes sign in it, and
 * (lo, hi) holds only that root).  A zero at an end is the root itself, kept
 * as a rational.  Otherwise nothing changes: the caller bisects.
 */
#include "ralg.h"

#include <mpfr.h>

/* v = f(x), d = f'(x) (Horner in MPFR at v's precision). */
static void eval2(mpfr_t v, mpfr_t d, const qpoly *f, const mpfr_t x)
{
    mpfr_set_ui(v, 0, MPFR_RNDN);
    mpfr_set_ui(d, 0, MPFR_RNDN);
    for (int i = f->deg; i >= 0; i--) {
        mpfr_mul(d, d, x, MPFR_RNDN);
        mpfr_add(d, d, v, MPFR_RNDN);
        mpfr_mul(v, v, x, MPFR_RNDN);
        mpfr_add_q(v, v, f->c[i], MPFR_RNDN);
    }
}

/* Sets the bracket [p, q] into a when it is inside (lo, hi) with the signs
 * of the ends; a zero at p or q makes a that rational.  True on a change. */
static bool accept(ralg *a, mpq_srcptr p, mpq_srcptr q)
{
    if (mpq_cmp(p, a->lo) <= 0 || mpq_cmp(q, a->hi) >= 0 || mpq_cmp(p, q) >= 0)
        return false;
    if (a->slo == 0)
        a->slo = qp_sign_at(&a->f, a->lo);
    int sp = qp_sign_at(&a->f, p), sq = qp_sign_at(&a->f, q);
    if (sp == 0 || sq == 0) {
        ra_set_q(a, sp == 0 ? p : q);
        return true;
    }
    if (sp != a->slo || sq != -a->slo)
        return false;
    mpq_set(a->lo, p);
    mpq_set(a->hi, q);
    return true;
}

bool ra_zoom(ralg *a, long prec)
{
    if (a->rational)
        return false;
    mpfr_t x, v, d, lo, hi;
    mpfr_inits2(prec, x, v, d, lo, hi, (mpfr_ptr)0);
    mpfr_set_q(lo, a->lo, MPFR_RNDN);
    mpfr_set_q(hi, a->hi, MPFR_RNDN);
    mpfr_add(x, lo, hi, MPFR_RNDN);
    mpfr_div_2ui(x, x, 1, MPFR_RNDN);
    for (int it = 0; it < 12; it++) {
        eval2(v, d, &a->f, x);
        if (mpfr_zero_p(d) || !mpfr_number_p(v) || !mpfr_number_p(d))
            break;
        mpfr_div(v, v, d, MPFR_RNDN);
        mpfr_sub(v, x, v, MPFR_RNDN);
        if (mpfr_cmp(v, lo) <= 0 || mpfr_cmp(v, hi) >= 0)
            break;
        bool same = mpfr_equal_p(v, x);
        mpfr_swap(v, x);
        if (same)
            break;
    }
    mpfr_sub(d, hi, lo, MPFR_RNDN);
    long e = mpfr_zero_p(x) ? mpfr_get_exp(d) : mpfr_get_exp(x);
    mpq_t p, q, eps;
    mpq_inits(p, q, eps, (mpq_ptr)0);
    mpfr_get_q(p, x);
    mpq_set_ui(eps, 1, 1);
    long k = e - prec + 16;
    if (k >= 0)
        mpq_mul_2exp(eps, eps, (mp_bitcnt_t)k);
    else
        mpq_div_2exp(eps, eps, (mp_bitcnt_t)-k);
    mpq_add(q, p, eps);
    mpq_sub(p, p, eps);
    bool changed = accept(a, p, q);
    mpq_clears(p, q, eps, (mpq_ptr)0);
    mpfr_clears(x, v, d, lo, hi, (mpfr_ptr)0);
    return changed;
}
