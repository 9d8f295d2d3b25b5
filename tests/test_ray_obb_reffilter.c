/* tests/test_ray_obb_reffilter.c: ref ray_obb's tight exit (ref/ivl.h): a hit it
 * settles, and hits within 2^-70 of a rounding midpoint that it must leave
 * to the exact path (tests/testlib_reffilter.h).  Layout: in = origin[3] dir[3] tmax center[3] axis0[3] axis1[3] axis2[3] half[3]; out = hit t.
 * Every expected value is derived in the comment beside it.
 */
#include "testlib_reffilter.h"

/* The unit axes, centre 0, half extents 1: the box [-1,1]^3.  From
 * (-2,1/4,0) along (3,0,0): t = (-1 + 2)/3 = 1/3. */
Test(ray_obb_reffilter, settled_third)
{
    const double in[] = {-2, 0.25, 0, 3, 0, 0, INFINITY, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1};
    const double want[] = {1, RF_THIRD};
    rf_case("ray_obb", in, want, 2, RF_SETTLED, "t = 1/3");
}

/* Centre (c,0,0), half extents 1, from (-4,0,0) along (3,0,0): entry at
 * x = c - 1, t = (c - 1 + 4)/3 = (3 + c)/3.  c = 3 2^-53 + 2^-70: t = m1 +
 * 2^-70/3 -> 1 + 2^-52; c = 9 2^-53 - 2^-70: t = m3 - 2^-70/3 -> 1 + 2^-52. */
Test(ray_obb_reffilter, near_midpoints)
{
    double in[] = {-4, 0, 0, 3, 0, 0, INFINITY, 0x3p-53 + 0x1p-70, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1};
    const double want[] = {1, RF_ONE_UP};
    rf_case("ray_obb", in, want, 2, RF_EXACT, "t = m1 + 2^-70/3");
    in[7] = 0x9p-53 - 0x1p-70;
    rf_case("ray_obb", in, want, 2, RF_EXACT, "t = m3 - 2^-70/3");
}
