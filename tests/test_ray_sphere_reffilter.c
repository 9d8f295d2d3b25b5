/* tests/test_ray_sphere_reffilter.c: ref ray_sphere's tight exit (ref/ivl.h): a hit it
 * settles, and hits within 2^-70 of a rounding midpoint that it must leave
 * to the exact path (tests/testlib_reffilter.h).  Layout: in = origin[3] dir[3] tmax center[3] radius; out = hit t.
 * Every expected value is derived in the comment beside it.
 */
#include "testlib_reffilter.h"

/* From (0,0,2) along (0,0,-3) to the unit ball at 0: it reaches z = 1 at
 * t = 1/3. */
Test(ray_sphere_reffilter, settled_third)
{
    const double in[] = {0, 0, 2, 0, 0, -3, INFINITY, 0, 0, 0, 1}, want[] = {1, RF_THIRD};
    rf_case("ray_sphere", in, want, 2, RF_SETTLED, "t = 1/3");
}

/* From (0,0,X) along (0,0,-1) to the ball of radius r at 0: t = X - r.
 * X = 1 + 2^-52, r = 2^-53 - 2^-70: t = m1 + 2^-70 -> 1 + 2^-52;
 * X = 1 + 2^-51, r = 2^-53 + 2^-70: t = m3 - 2^-70 -> 1 + 2^-52. */
Test(ray_sphere_reffilter, near_midpoints)
{
    double in[] = {0, 0, 0x1.0000000000001p+0, 0, 0, -1, INFINITY, 0, 0, 0, 0x1p-53 - 0x1p-70};
    const double want[] = {1, RF_ONE_UP};
    rf_case("ray_sphere", in, want, 2, RF_EXACT, "t = m1 + 2^-70");
    in[2] = 0x1.0000000000002p+0;
    in[10] = 0x1p-53 + 0x1p-70;
    rf_case("ray_sphere", in, want, 2, RF_EXACT, "t = m3 - 2^-70");
}
