/* tests/test_sphere_sweep_point_reffilter.c: ref sphere_sweep_point's tight exit (ref/ivl.h): a hit it
 * settles, and hits within 2^-70 of a rounding midpoint that it must leave
 * to the exact path (tests/testlib_reffilter.h).  Layout: in = center[3] velocity[3] radius point[3]; out = hit t.
 * Every expected value is derived in the comment beside it.
 */
#include "testlib_reffilter.h"

/* Centre (0,0,2) moving by (0,0,-3), radius 1, the point 0: distance 1 at
 * 2 - 3t = 1, t = 1/3. */
Test(sphere_sweep_point_reffilter, settled_third)
{
    const double in[] = {0, 0, 2, 0, 0, -3, 1, 0, 0, 0}, want[] = {1, RF_THIRD};
    rf_case("sphere_sweep_point", in, want, 2, RF_SETTLED, "t = 1/3");
}

/* The centre at height Z above the feature, moving by (0,0,-1), radius r:
 * t = Z - r.  Z = 1/2 + 2^-53, r = 2^-54 - 2^-70: t = 1/2 + 2^-54 + 2^-70,
 * just above the midpoint 1/2 + 2^-54 (which rounds to 1/2): 1/2 + 2^-53.
 * Z = 1/2 + 2^-52, r = 2^-54 + 2^-70: t = 1/2 + 3 2^-54 - 2^-70, just below
 * 1/2 + 3 2^-54 (which rounds to 1/2 + 2^-52): 1/2 + 2^-53. */
Test(sphere_sweep_point_reffilter, near_midpoints)
{
    double in[] = {0, 0, 0x1.0000000000001p-1, 0, 0, -1, 0x1p-54 - 0x1p-70, 0, 0, 0};
    const double want[] = {1, 0x1.0000000000001p-1};
    rf_case("sphere_sweep_point", in, want, 2, RF_EXACT, "above 1/2 + 2^-54");
    in[2] = 0x1.0000000000002p-1;
    in[6] = 0x1p-54 + 0x1p-70;
    rf_case("sphere_sweep_point", in, want, 2, RF_EXACT, "below 1/2 + 3 2^-54");
}
