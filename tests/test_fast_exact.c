/* tests/test_fast_exact.c: fe_mul (fast/fast_exact.h) against GMP.
 *
 * fe_mul multiplies two expansions; a factor of one component takes
 * fx_scale (Shewchuk's Scale-Expansion), any other the general product.
 * Both must give the exact product, as a non-overlapping expansion
 * increasing in magnitude (fe_sign reads the last component).  The
 * independent formulation: each expansion summed exactly as a GMP rational,
 * the product taken there.  Factors: expansions of 1 to 20 components built
 * by fx_grow from binary64 values of random sign, significand and exponent
 * (within fe's range), so that carries, cancellations and zero components
 * all happen.  ISECT_SEED changes the seed.
 */
#include "testlib.h"
#include "tl_fe_gmp.h"

#include <gmp.h>
#include <math.h>

#include "fast_exact.h"

/* Non-overlapping and increasing: no zero, and every component below the
 * lowest set bit of the next (|x| < 2^k where 2^k divides y). */
static bool well_formed(const fe *a)
{
    for (int i = 0; i < a->n; i++) {
        if (a->e[i] == 0 || !isfinite(a->e[i]))
            return false;
        if (i + 1 < a->n) {
            int ey;
            double m = frexp(a->e[i + 1], &ey); /* |m| in [0.5, 1), 53 bits */
            int64_t bits = (int64_t)ldexp(fabs(m), 53), low = 0;
            while ((bits & 1) == 0)
                bits >>= 1, low++;
            if (!(fabs(a->e[i]) < ldexp(1, ey - 53 + (int)low)))
                return false;
        }
    }
    return true;
}

static double rnd_double(int emin, int emax)
{
    double m = (double)(tl_rnd() >> 11) * 0x1p-53; /* [0, 1), up to 53 bits */
    if (tl_int(0, 3) == 0)
        m = (double)(tl_rnd() >> 40) * 0x1p-24; /* short significands: exact products */
    return (tl_int(0, 1) ? -1 : 1) * ldexp(0.5 + m * 0.5, tl_int(emin, emax));
}

static fe rnd_expansion(int n)
{
    fe a = {0};
    int e0 = tl_int(-250, 250);
    for (int i = 0; i < n; i++)
        a.n = fx_grow(a.e, a.n, rnd_double(e0 - 60, e0 + 60));
    if (tl_int(0, 4) == 0 && a.n) /* a value with one component, as the differences give */
        a.e[0] = a.e[a.n - 1], a.n = 1;
    return a;
}

Test(fast_exact, fe_mul_is_exact)
{
    tl_init_seed(0xfe3a1);
    mpq_t x, y, want, got;
    mpq_inits(x, y, want, got, NULL);
    int scaled = 0, general = 0;
    for (int n = 0; n < 20000; n++) {
        fe a = rnd_expansion(tl_int(1, 20)), b = rnd_expansion(tl_int(0, 3) ? 1 : tl_int(1, 20));
        cr_assert(well_formed(&a) && well_formed(&b));
        fe p = tl_int(0, 1) ? fe_mul(&a, &b) : fe_mul(&b, &a);
        scaled += a.n == 1 || b.n == 1;
        general += a.n > 1 && b.n > 1;
        tl_fe_value(x, &a);
        tl_fe_value(y, &b);
        mpq_mul(want, x, y);
        tl_fe_value(got, &p);
        cr_assert(mpq_equal(want, got), "case %d (ISECT_SEED=%llu): fe_mul of %d and %d components is not exact", n,
                  (unsigned long long)tl_seed, a.n, b.n);
        cr_assert(well_formed(&p), "case %d (ISECT_SEED=%llu): the product is not a non-overlapping expansion", n,
                  (unsigned long long)tl_seed);
        cr_assert_eq(fe_sign(&p), mpq_sgn(want));
    }
    cr_assert(scaled > 5000 && general > 2000, "%d products by one component, %d general", scaled, general);
    mpq_clears(x, y, want, got, NULL);
}
