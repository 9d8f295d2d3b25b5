/* tests/test_sphere_triangle_reffilter.c: ref sphere_triangle's tight exit
 * (ref/ivl.h, ivl_closest_triangle): a hit it settles, and one whose d2 is
 * 2^-86 above a rounding midpoint, which it must leave to the exact path
 * (tests/testlib_reffilter.h).  Layout: in = center[3] radius v0[3] v1[3]
 * v2[3]; out = hit q[3] d2.  Every expected value is derived beside it.
 */
#include "testlib_reffilter.h"

/* The triangle (-2,-2,0) (2,-2,0) (0,2,0), centre (1/2,1/4,1), radius 2:
 * the projection (1/2,1/4,0) is inside, d2 = 1. */
Test(sphere_triangle_reffilter, settled_face)
{
    const double in[] = {0.5, 0.25, 1, 2, -2, -2, 0, 2, -2, 0, 0, 2, 0}, want[] = {1, 0.5, 0.25, 0, 1};
    rf_case("sphere_triangle", in, want, 5, RF_SETTLED, "projection inside");
}

/* The triangle (0,0,0) (-2,1,0) (-2,-1,0) lies in x <= 0 and meets x = 0 at
 * the origin only; the centre (1, b, c), b = 2^-27, c = 2^-27 + 2^-60, is
 * closest to that vertex (both edges through it clamp there).
 * d2 = 1 + 2^-54 + 2^-54 + 2^-86 + 2^-120 = 1 + 2^-53 + 2^-86 + 2^-120:
 * above the midpoint 1 + 2^-53 (which rounds to 1), so d2 rounds to
 * 1 + 2^-52; radius 2: a hit at q = (0,0,0). */
Test(sphere_triangle_reffilter, d2_above_midpoint)
{
    const double in[] = {1, 0x1p-27, 0x1p-27 + 0x1p-60, 2, 0, 0, 0, -2, 1, 0, -2, -1, 0};
    const double want[] = {1, 0, 0, 0, RF_ONE_UP};
    rf_case("sphere_triangle", in, want, 5, RF_EXACT, "d2 = m1 + 2^-86");
}
