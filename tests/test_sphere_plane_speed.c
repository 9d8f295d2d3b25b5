/* tests/test_sphere_plane_speed.c: the helpers of the cheap exact stages of
 * sphere_sphere, sphere_plane and aabb_plane (fast/fast_exact.h:
 * fx_sum4_exact, fx_sum8_exact, fx_pair_cmp), and queries forced into
 * those stages, each with a hand-derived answer in the comments; the
 * helpers also against GMP on random sums of products of binary32 values.
 */
#include "testlib.h"

#include <gmp.h>
#include <math.h>

#include "fast_exact.h"
#include "isect.h"

TestSuite(sphere_plane_speed);

Test(sphere_plane_speed, sum_exact_by_hand)
{
    double s;
    /* 1 + 2^-52 is exact, then -1: 2^-52, every addition exact */
    cr_assert(fx_sum4_exact(1, 0x1p-52, -1, 0, &s));
    cr_assert_eq(s, 0x1p-52);
    /* 1 + 2^-53 rounds (a tie, to 1): not exact */
    cr_assert(!fx_sum4_exact(1, 0x1p-53, 0, 0, &s));
    /* cancelling pairs: (3 - 3) + (2^-60 - 2^-60) = 0 exactly */
    cr_assert(fx_sum4_exact(3, -3, 0x1p-60, -0x1p-60, &s));
    cr_assert_eq(s, 0);
    /* (2^60 + 1) rounds in the first pair, even though the total,
     * 2^60 + 1 - 2^60 = 1, is representable: reported inexact */
    cr_assert(!fx_sum8_exact(0x1p60, 1, -0x1p60, 0, 0, 0, 0, 0, &s));
    /* the second half's sum, 2^-80, added to the first's, 1: inexact */
    cr_assert(!fx_sum8_exact(1, 0, 0, 0, 0x1p-80, 0, 0, 0, &s));
    /* eight terms cancelling pairwise, leaving 5 2^-40 */
    cr_assert(fx_sum8_exact(7, -7, 0x1p-40, 0x1p-38, 2, -2, 0, 0, &s));
    cr_assert_eq(s, 5 * 0x1p-40);
}

Test(sphere_plane_speed, pair_cmp_by_hand)
{
    /* (2^27 + 1)^2 = 2^54 + 2^28 + 1: p = 2^54 + 2^28, e = 1 */
    double e1, p1 = fx_two_prod(0x1p27 + 1, 0x1p27 + 1, &e1);
    cr_assert_eq(p1, 0x1p54 + 0x1p28);
    cr_assert_eq(e1, 1);
    /* 2^28 (2^26 + 1) = 2^54 + 2^28 exactly: p equal, e = 0 < 1 */
    double e2, p2 = fx_two_prod(0x1p28, 0x1p26 + 1, &e2);
    cr_assert_eq(fx_pair_cmp(p1, e1, p2, e2), 1);
    cr_assert_eq(fx_pair_cmp(p2, e2, p1, e1), -1);
    cr_assert_eq(fx_pair_cmp(p1, e1, p1, e1), 0);
    /* different high parts decide whatever the low ones */
    cr_assert_eq(fx_pair_cmp(2, -0x1p-52, 1, 0x1p-53), 1);
}

/* fx_sum8_exact against GMP: eight products of binary32 values (exact in
 * binary64); when it reports exact, its sum must be the exact sum. */
Test(sphere_plane_speed, sum8_against_gmp)
{
    tl_init_seed(0x5e8d);
    mpq_t q, t;
    mpq_init(q);
    mpq_init(t);
    int exact = 0;
    for (int k = 0; k < 20000; k++) {
        double x[8];
        for (int i = 0; i < 8; i++) {
            /* small integers times a shared power of two: often exact */
            float a = (float)tl_int(-1000, 1000), b = (float)tl_int(-1000, 1000);
            x[i] = ldexp((double)a * b, k % 7 == 0 ? tl_int(-40, 40) : 0);
        }
        double s;
        bool ok = fx_sum8_exact(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], &s);
        mpq_set_ui(q, 0, 1);
        for (int i = 0; i < 8; i++) {
            mpq_set_d(t, x[i]);
            mpq_add(q, q, t);
        }
        mpq_set_d(t, s);
        if (ok) {
            exact++;
            cr_assert(mpq_equal(q, t), "case %d: reported exact, differs from the exact sum", k);
        }
    }
    cr_assert(exact > 1000, "too few exact sums (%d): the test tests nothing", exact);
    mpq_clear(q);
    mpq_clear(t);
}

/* The queries forced into their cheap exact stages (the corpus's
 * speed_guards.case cases, hand-derived there). */
Test(sphere_plane_speed, forced_stages)
{
    isect_sphere_plane_result sp;
    /* S = 2^27 + 1, r^2 n.n = 2^54 + 2^28 < S^2 by 1: front */
    isect_sphere s = {{0x1p14f, 1, 0}, 0x1p14f};
    isect_plane pl = {{0, 0, 0}, {0x1p13f, 1, 0}};
    cr_assert(!isect_sphere_plane(s, pl, &sp));
    cr_assert_eq(sp.side, ISECT_FRONT);
    /* the radius one binary32 ulp larger: straddling */
    s.radius = nextafterf(0x1p14f, INFINITY);
    cr_assert(isect_sphere_plane(s, pl, &sp));
    cr_assert_eq(sp.side, ISECT_STRADDLING);
    /* sphere_sphere: apart by 7 2^-56 (corpus/sphere_sphere/speed_guards.case) */
    isect_sphere a = {{0, 0, 0}, 1}, b = {{1, 78796 * 0x1p-28f, 162912 * 0x1p-28f}, 61 * 0x1p-28f};
    isect_sphere_sphere_result ss;
    cr_assert(!isect_sphere_sphere(a, b, &ss));
    cr_assert(!ss.hit);
    /* r1 one ulp (2^-46) larger: r^2 grows by about 2^-45, overlapping */
    b.radius = nextafterf(b.radius, 1);
    cr_assert(isect_sphere_sphere(a, b, &ss));
    /* aabb_plane: the point box (1, 1, 0) on the plane x - y = 0: straddling */
    isect_aabb box = {{1, 1, 0}, {1, 1, 0}};
    isect_plane p2 = {{0, 0, 0}, {1, -1, 0}};
    isect_aabb_plane_result ap;
    cr_assert(isect_aabb_plane(box, p2, &ap));
    cr_assert_eq(ap.side, ISECT_STRADDLING);
}
