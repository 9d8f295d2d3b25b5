/* tests/test_interval.c: the inclusion property of ref/interval.c, checked
 * against exact rational arithmetic (GMP) at points of the operand intervals,
 * including the underflow and overflow ranges. */
#include "exact.h"
#include "interval.h"

#include "testlib.h"

#include <float.h>
#include <gmp.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static void seed(void)
{
    tl_init_seed(1);
    cr_log_info("seed %llu (set ISECT_SEED to change)", (unsigned long long)tl_seed);
}

/* A finite double of random sign and magnitude in [2^lo, 2^hi], or 0. */
static double value(int lo, int hi)
{
    if (tl_rnd() % 16 == 0)
        return 0;
    double m = 1 + (double)(tl_rnd() >> 12) * 0x1p-52;
    double x = ldexp(m, lo + (int)(tl_rnd() % (uint64_t)(hi - lo + 1)));
    return tl_rnd() & 1 ? -x : x;
}

/* Is the exact rational q inside [e.lo, e.hi]? */
static int inside(iv e, mpq_srcptr q)
{
    if (iv_has_nan(e))
        return 1;
    mpq_t b;
    mpq_init(b);
    int ok = 1;
    if (isfinite(e.lo)) {
        mpq_set_d(b, e.lo);
        ok &= mpq_cmp(b, q) <= 0;
    } else
        ok &= e.lo < 0;
    if (isfinite(e.hi)) {
        mpq_set_d(b, e.hi);
        ok &= mpq_cmp(q, b) <= 0;
    } else
        ok &= e.hi > 0;
    mpq_clear(b);
    return ok;
}

static iv interval_of(double a, double b) { return a <= b ? iv_make(a, b) : iv_make(b, a); }

static void check_ops(int lo, int hi, int n)
{
    mpq_t x, y, r;
    mpq_inits(x, y, r, NULL);
    for (int i = 0; i < n; i++) {
        double a0 = value(lo, hi), a1 = value(lo, hi), b0 = value(lo, hi), b1 = value(lo, hi);
        iv A = interval_of(a0, a1), B = interval_of(b0, b1);
        /* points: the endpoints and a point between them */
        double pa[3] = {A.lo, A.hi, A.lo + (A.hi - A.lo) * 0.5};
        double pb[3] = {B.lo, B.hi, B.lo + (B.hi - B.lo) * 0.25};
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) {
                if (!isfinite(pa[j]) || !isfinite(pb[k]) || pa[j] < A.lo || pa[j] > A.hi || pb[k] < B.lo ||
                    pb[k] > B.hi)
                    continue;
                mpq_set_d(x, pa[j]);
                mpq_set_d(y, pb[k]);
                mpq_add(r, x, y);
                cr_assert(inside(iv_add(A, B), r), "add [%a,%a]+[%a,%a] misses %a+%a", A.lo, A.hi, B.lo, B.hi,
                          pa[j], pb[k]);
                mpq_sub(r, x, y);
                cr_assert(inside(iv_sub(A, B), r), "sub misses %a-%a", pa[j], pb[k]);
                mpq_mul(r, x, y);
                cr_assert(inside(iv_mul(A, B), r), "mul [%a,%a]*[%a,%a] misses %a*%a", A.lo, A.hi, B.lo, B.hi,
                          pa[j], pb[k]);
                mpq_mul(r, x, x);
                cr_assert(inside(iv_sqr(A), r), "sqr [%a,%a] misses %a^2", A.lo, A.hi, pa[j]);
                if (pb[k] != 0) {
                    mpq_div(r, x, y);
                    cr_assert(inside(iv_div(A, B), r), "div [%a,%a]/[%a,%a] misses %a/%a", A.lo, A.hi, B.lo,
                              B.hi, pa[j], pb[k]);
                }
                if (pa[j] >= 0) {
                    /* sqrt: compare squares, the endpoints must bracket sqrt(x) */
                    iv s = iv_sqrt(A);
                    mpq_t lo2, hi2;
                    mpq_inits(lo2, hi2, NULL);
                    mpq_set_d(lo2, s.lo > 0 ? s.lo : 0);
                    mpq_mul(lo2, lo2, lo2);
                    cr_assert(mpq_cmp(lo2, x) <= 0, "sqrt lower end too high at %a", pa[j]);
                    if (isfinite(s.hi)) {
                        mpq_set_d(hi2, s.hi);
                        mpq_mul(hi2, hi2, hi2);
                        cr_assert(mpq_cmp(x, hi2) <= 0, "sqrt upper end too low at %a", pa[j]);
                    }
                    mpq_clears(lo2, hi2, NULL);
                }
            }
    }
    mpq_clears(x, y, r, NULL);
}

Test(interval, inclusion_normal_range) { seed(); check_ops(-20, 20, 20000); }

Test(interval, inclusion_underflow_range)
{
    /* products and quotients land below the smallest normal or subnormal */
    seed();
    check_ops(-1074, -500, 20000);
}

Test(interval, inclusion_overflow_range)
{
    seed();
    check_ops(500, 1023, 20000);
}

Test(interval, underflowing_product_is_not_zero_width)
{
    /* 2^-600 * 2^-600 underflows to 0 in binary64, but the exact product is
     * positive: the interval must contain it, not collapse to [0, 0]. */
    iv p = iv_mul(iv_point(0x1p-600), iv_point(0x1p-600));
    cr_assert(p.hi > 0, "hi = %a", p.hi);
    iv q = iv_div(iv_point(0x1p-1000), iv_point(0x1p+600));
    cr_assert(q.hi > 0, "hi = %a", q.hi);
}

Test(interval, exact_zero_factor_stays_zero)
{
    iv p = iv_mul(iv_point(0), iv_make(-INFINITY, INFINITY));
    cr_assert(p.lo == 0 && p.hi == 0);
}

Test(interval, division_by_interval_containing_zero_is_whole_line)
{
    iv q = iv_div(iv_point(1), iv_make(-1, 1));
    cr_assert(q.lo == -INFINITY && q.hi == INFINITY);
}

Test(interval, certain_signs)
{
    cr_assert(iv_pos(iv_make(0x1p-1074, 1)));
    cr_assert(!iv_pos(iv_make(0, 1)));
    cr_assert(iv_nonneg(iv_make(0, 1)));
    cr_assert(iv_neg_strict(iv_make(-1, -0x1p-1074)));
    cr_assert(!iv_nonneg(iv_make(NAN, 1)));
}

/* An exact sum's endpoints move one double outward: iv_add(x, 0) is
 * [nextafter(x, -inf), nextafter(x, +inf)] for every non-NaN x (ref's
 * bit-pattern step, ref/interval.c, against libm's nextafter): zeros,
 * subnormals, the binade edges, DBL_MAX and the infinities included. */
Test(interval, outward_step_is_nextafter)
{
    seed();
    const double special[] = {0.0,        -0.0,          0x1p-1074, -0x1p-1074, 0x1p-1022, -0x1p-1022,
                              0x1.fffffffffffffp-1023, 1.0, -1.0, 0x1.fffffffffffffp-1, DBL_MAX, -DBL_MAX,
                              INFINITY,   -INFINITY};
    int n = (int)(sizeof special / sizeof *special);
    for (int i = 0; i < n + 100000; i++) {
        double x = i < n ? special[i] : tl_rnd() & 1 ? value(-1074, 1023) : value(-1060, -1000);
        if (!isfinite(x) && i >= n)
            continue;
        iv r = iv_add(iv_point(x), iv_point(0));
        double lo = nextafter(x + 0.0, -INFINITY), hi = nextafter(x + 0.0, INFINITY);
        cr_assert(memcmp(&r.lo, &lo, sizeof lo) == 0 && memcmp(&r.hi, &hi, sizeof hi) == 0,
                  "x = %a: [%a, %a], nextafter gives [%a, %a]", x, r.lo, r.hi, lo, hi);
    }
}

/* iv_mul picks the extreme endpoint products by the operands' signs.  Its
 * result must be the hull of all four outward-moved endpoint products (the
 * textbook rule, written here independently), or tighter only where an
 * exact 0 (a zero factor, never widened) ties with a product that
 * underflowed to 0: operands with zero, infinite, subnormal and huge
 * endpoints of every sign pattern. */
static double pick(void)
{
    static const double special[] = {0.0, -0.0, INFINITY, -INFINITY, 0x1p-1074, -0x1p-600, 1.0, -3.0, DBL_MAX};
    if (tl_rnd() % 3 == 0)
        return special[tl_rnd() % (sizeof special / sizeof *special)];
    return value(-700, 700);
}

static double prod(double x, double y) { return x == 0 || y == 0 ? 0 : x * y; }

Test(interval, mul_is_the_four_product_hull)
{
    seed();
    for (int i = 0; i < 200000; i++) {
        iv A = interval_of(pick(), pick()), B = interval_of(pick(), pick());
        double p[4] = {prod(A.lo, B.lo), prod(A.lo, B.hi), prod(A.hi, B.lo), prod(A.hi, B.hi)};
        bool z[4] = {A.lo == 0 || B.lo == 0, A.lo == 0 || B.hi == 0, A.hi == 0 || B.lo == 0, A.hi == 0 || B.hi == 0};
        double lo = INFINITY, hi = -INFINITY, rlo = INFINITY, rhi = -INFINITY;
        for (int k = 0; k < 4; k++) {
            double l = z[k] ? 0 : nextafter(p[k], -INFINITY), h = z[k] ? 0 : nextafter(p[k], INFINITY);
            lo = l < lo ? l : lo;
            hi = h > hi ? h : hi;
            rlo = p[k] < rlo ? p[k] : rlo;
            rhi = p[k] > rhi ? p[k] : rhi;
        }
        iv r = iv_mul(A, B);
        cr_assert(!iv_has_nan(r), "[%a,%a]*[%a,%a] gave NaN", A.lo, A.hi, B.lo, B.hi);
        cr_assert(r.lo >= lo && r.hi <= hi, "[%a,%a]*[%a,%a] = [%a,%a], wider than the hull [%a,%a]", A.lo, A.hi,
                  B.lo, B.hi, r.lo, r.hi, lo, hi);
        /* no tighter than the rounded extremes, except an exact 0 against an underflowed product */
        cr_assert(r.lo <= rlo || (r.lo == 0 && rlo == 0), "[%a,%a]*[%a,%a]: lo %a above %a", A.lo, A.hi, B.lo, B.hi,
                  r.lo, rlo);
        cr_assert(r.hi >= rhi || (r.hi == 0 && rhi == 0), "[%a,%a]*[%a,%a]: hi %a below %a", A.lo, A.hi, B.lo, B.hi,
                  r.hi, rhi);
        cr_assert(r.lo == lo || (r.lo == 0 && rlo == 0), "[%a,%a]*[%a,%a]: lo %a, hull %a", A.lo, A.hi, B.lo, B.hi,
                  r.lo, lo);
        cr_assert(r.hi == hi || (r.hi == 0 && rhi == 0), "[%a,%a]*[%a,%a]: hi %a, hull %a", A.lo, A.hi, B.lo, B.hi,
                  r.hi, hi);
    }
}
