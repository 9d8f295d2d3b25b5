/* tests/test_ray_plane_sums.c: rc_sum_sign (fast/fast_ray.h), the
 * short exact sums of ray_plane's (and ray_sphere's) cold stage, against
 * GMP: whenever it returns a sign, that is the sign of the exact rational
 * sum of its input terms; the terms it leaves behind sum exactly to the same
 * value (rp_sign_slow reads them); and it gives up (2) exactly where the
 * one pass cannot tell, as in the hand-derived case 1 + 2^-60 - 1.  Terms:
 * products of two binary32 values (exact in binary64) of random sign and
 * magnitude, with planted cancellations (a term and its negation, a pair
 * whose sum rounds).  ISECT_SEED changes the seed.
 */
#include "testlib.h"

#include <gmp.h>
#include <math.h>

#include "fast_ray.h"

static void sum_q(mpq_t s, const double *t, int n)
{
    mpq_t x;
    mpq_init(x);
    mpq_set_ui(s, 0, 1);
    for (int i = 0; i < n; i++) {
        mpq_set_d(x, t[i]);
        mpq_add(s, s, x);
    }
    mpq_clear(x);
}

/* A random exact term: a product of two binary32 values. */
static double term(void)
{
    return (double)(float)tl_f32(40) * (float)tl_f32(40);
}

Test(ray_sums, sign_matches_gmp)
{
    tl_init_seed(1701);
    mpq_t want, got;
    mpq_inits(want, got, NULL);
    long decided = 0, unsure = 0;
    for (int it = 0; it < 200000; it++) {
        int n = tl_int(1, 16);
        double t[16], approx;
        for (int i = 0; i < n; i++) {
            int k = tl_int(0, 3);
            t[i] = k == 0 && i > 0 ? -t[tl_int(0, i - 1)] : k == 1 && i > 0 ? ldexp(t[i - 1], -tl_int(20, 70)) : term();
        }
        sum_q(want, t, n);
        int s = rc_sum_sign(t, n, &approx);
        sum_q(got, t, n);
        cr_assert(mpq_equal(want, got), "the pass changed the exact sum (n %d)", n);
        if (s == 2) {
            unsure++;
            continue;
        }
        decided++;
        cr_assert_eq(s, mpq_sgn(want), "sign %d, exact %d (n %d)", s, mpq_sgn(want), n);
        if (s != 0)
            cr_assert(fabs(approx - mpq_get_d(want)) <= 0x1p-48 * fabs(mpq_get_d(want)), "approx %a", approx);
        else
            cr_assert_eq(approx, 0);
    }
    cr_assert(decided > 100000 && unsure > 0, "decided %ld, unsure %ld", decided, unsure);
    mpq_clears(want, got, NULL);
}

/* Hand-derived: 1 + 2^-60 - 1.  The pass computes s = (1 + 2^-60) - 1 = 0
 * with the error 2^-60 left behind: it cannot tell (the sum is 2^-60 > 0).
 * 1 - 1 + 2^-60: s = 2^-60 exactly, no error: sign +.  2 - 1 - 1: 0 exactly. */
Test(ray_sums, hand_cases)
{
    double a[3] = {1, 0x1p-60, -1}, b[3] = {1, -1, 0x1p-60}, c[3] = {2, -1, -1}, approx;
    cr_assert_eq(rc_sum_sign(a, 3, &approx), 2);
    cr_assert_eq(a[0] + a[1] + a[2], 0x1p-60); /* the exact sum kept: 2^-60, 0, 0 */
    cr_assert_eq(rc_sum_sign(b, 3, &approx), 1);
    cr_assert_eq(approx, 0x1p-60);
    cr_assert_eq(rc_sum_sign(c, 3, &approx), 0);
    cr_assert_eq(approx, 0);
}
