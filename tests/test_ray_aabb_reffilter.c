/* tests/test_ray_aabb_reffilter.c: ref ray_aabb's tight exit (ref/ivl.h): a hit it
 * settles, and hits within 2^-70 of a rounding midpoint that it must leave
 * to the exact path (tests/testlib_reffilter.h).  Layout: in = origin[3] dir[3] tmax min[3] max[3]; out = hit t.
 * Every expected value is derived in the comment beside it.
 */
#include "testlib_reffilter.h"

/* From (-1,0,0) along (3,0,0) into [0,1]x[-1,1]^2: t = (0 + 1)/3 = 1/3;
 * y and z have dir 0 and the origin inside. */
Test(ray_aabb_reffilter, settled_third)
{
    const double in[] = {-1, 0, 0, 3, 0, 0, INFINITY, 0, -1, -1, 1, 1, 1}, want[] = {1, RF_THIRD};
    rf_case("ray_aabb", in, want, 2, RF_SETTLED, "t = 1/3");
}

/* From (-3,0,0) along (3,0,0), min_x = 3 2^-53 + 2^-70: t = (min_x + 3)/3
 * = 1 + 2^-53 + 2^-70/3, just above the midpoint m1: 1 + 2^-52. */
Test(ray_aabb_reffilter, above_midpoint)
{
    const double in[] = {-3, 0, 0, 3, 0, 0, INFINITY, 0x3p-53 + 0x1p-70, -1, -1, 10, 1, 1}, want[] = {1, RF_ONE_UP};
    rf_case("ray_aabb", in, want, 2, RF_EXACT, "t = m1 + 2^-70/3");
}

/* min_x = 9 2^-53 - 2^-70: t = 1 + 3 2^-53 - 2^-70/3, just below m3: 1 + 2^-52. */
Test(ray_aabb_reffilter, below_midpoint)
{
    const double in[] = {-3, 0, 0, 3, 0, 0, INFINITY, 0x9p-53 - 0x1p-70, -1, -1, 10, 1, 1}, want[] = {1, RF_ONE_UP};
    rf_case("ray_aabb", in, want, 2, RF_EXACT, "t = m3 - 2^-70/3");
}
