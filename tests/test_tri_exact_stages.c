/* tests/test_tri_exact_stages.c: the three stages of fast_tri_exact.h's
 * orientations against GMP.
 *
 * tx_orient3 answers from its binary64 value when FB_CERT_TRIPLE certifies
 * the sign, else from an exact binary64 expansion when the nine differences
 * are exact, else from fe expansions; tx_orient2 likewise (its filter is
 * FB_CERT_ORIENT2), and tx_orient2_exact, its last two stages, is checked
 * on every case as well.  Each family below is built to reach one stage,
 * and every sign must equal the sign of the orientation computed in GMP
 * rationals from the same binary32 coordinates (an independent
 * formulation):
 * - generic points: the filter;
 * - points on a common plane, on a small grid (differences exact, the
 *   orientation exactly 0 or a few grid units): the exact binary64 sum;
 * - the same with coordinates of full significand 2^-40 times smaller
 *   mixed in (differences inexact in binary64): fe.
 * A point moved off the plane by one ulp makes the tiny non-zero values.
 * ISECT_SEED changes the seed.
 */
#include "testlib.h"

#include <gmp.h>
#include <math.h>

#include "fast_tri_exact.h"
#include "tl_orient_gmp.h"

static int orient2_gmp(const isect_vec3 *v, int i, int j)
{
    mpq_t a, b, c, d, t;
    mpq_inits(a, b, c, d, t, NULL);
    mpq_set_d(t, fv_comp(v[0], i));
    mpq_set_d(a, fv_comp(v[1], i));
    mpq_sub(a, a, t);
    mpq_set_d(b, fv_comp(v[2], i));
    mpq_sub(b, b, t);
    mpq_set_d(t, fv_comp(v[0], j));
    mpq_set_d(c, fv_comp(v[1], j));
    mpq_sub(c, c, t);
    mpq_set_d(d, fv_comp(v[2], j));
    mpq_sub(d, d, t);
    mpq_mul(a, a, d); /* (q - p)_i (r - p)_j - (q - p)_j (r - p)_i */
    mpq_mul(c, c, b);
    mpq_sub(a, a, c);
    int s = mpq_sgn(a);
    mpq_clears(a, b, c, d, t, NULL);
    return s;
}

/* A coordinate of family f: 0 generic, 1 grid, 2 grid with tiny values. */
static float coord(int f)
{
    if (f == 0)
        return (float)(2 * tl_unit() - 1);
    if (f == 2 && tl_int(0, 2) == 0) /* a full significand 2^-40 down: 1 - x needs 64 bits */
        return (float)(2 * tl_unit() - 1) * 0x1p-40f;
    return (float)tl_int(-8, 8) * 0.25f;
}

Test(tri_exact, stages_agree_with_gmp)
{
    tl_init_seed(0x7e1a5);
    int zero[3] = {0}, nonzero[3] = {0};
    for (int n = 0; n < 60000; n++) {
        int f = n % 3;
        isect_vec3 v[4];
        float plane_z = coord(f);
        for (int k = 0; k < 4; k++) /* f > 0: all four on the plane z = plane_z, or a generic z */
            v[k] = (isect_vec3){coord(f), coord(f), f && tl_int(0, 3) ? plane_z : coord(f)};
        if (tl_int(0, 3) == 0) /* one ulp off */
            v[tl_int(0, 3)].z = nextafterf(v[0].z, tl_int(0, 1) ? 2.0f : -2.0f);
        int want = orient3_gmp(v), got = tx_orient3(v[0], v[1], v[2], v[3]);
        cr_assert_eq(got, want, "family %d case %d (ISECT_SEED=%llu): tx_orient3 %d, exact %d", f, n,
                     (unsigned long long)tl_seed, got, want);
        (want ? nonzero : zero)[f]++;
        int i = tl_int(0, 2), j = (i + 1 + tl_int(0, 1)) % 3;
        int want2 = orient2_gmp(v, i, j);
        cr_assert_eq(tx_orient2(v[0], v[1], v[2], i, j), want2, "family %d case %d: tx_orient2", f, n);
        cr_assert_eq(tx_orient2_exact(v[0], v[1], v[2], i, j), want2, "family %d case %d: tx_orient2_exact", f, n);
    }
    /* each exact family must have reached both exact zeros and non-zero signs */
    for (int f = 1; f < 3; f++)
        cr_assert(zero[f] > 1000 && nonzero[f] > 1000, "family %d: %d zero, %d non-zero", f, zero[f], nonzero[f]);
}

/* The exact-zero shortcuts of tx_orient3 and tx_orient2 (two equal points;
 * a magnitude bound of 0): generic points with one copied onto another, and
 * points whose differences run along the axes (every monomial 0), against
 * GMP.  A point moved by one ulp off the copy must not be called 0. */
Test(tri_exact, zero_shortcuts_agree_with_gmp)
{
    tl_init_seed(0x2e60);
    int zeros = 0, moved = 0;
    for (int n = 0; n < 20000; n++) {
        isect_vec3 v[4];
        for (int k = 0; k < 4; k++)
            v[k] = (isect_vec3){coord(0), coord(0), coord(0)};
        int a = tl_int(0, 3), b = (a + 1 + tl_int(0, 2)) % 4;
        v[b] = v[a];
        if (n % 4 == 3) { /* along the axes: v[k] - v[0] has one non-zero coordinate */
            for (int k = 1; k < 4; k++) {
                v[k] = v[0];
                int c = tl_int(0, 2);
                float *f = c == 0 ? &v[k].x : c == 1 ? &v[k].y : &v[k].z;
                *f = coord(0);
            }
        }
        if (n % 8 == 5) { /* one ulp off the copy */
            v[b].y = nextafterf(v[b].y, 2.0f);
            moved++;
        }
        int want = orient3_gmp(v), got = tx_orient3(v[0], v[1], v[2], v[3]);
        cr_assert_eq(got, want, "case %d (ISECT_SEED=%llu): tx_orient3 %d, exact %d", n, (unsigned long long)tl_seed,
                     got, want);
        zeros += want == 0;
        int i = tl_int(0, 2), j = (i + 1 + tl_int(0, 1)) % 3;
        cr_assert_eq(tx_orient2(v[0], v[1], v[2], i, j), orient2_gmp(v, i, j), "case %d: tx_orient2", n);
    }
    cr_assert(zeros > 10000 && moved > 2000, "%d exact zeros, %d moved", zeros, moved);
}
