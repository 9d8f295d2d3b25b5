/* tests/test_sphere_sweep_segment_reffilter.c: ref sphere_sweep_segment's tight exit (ref/ivl.h): a hit it
 * settles, and hits within 2^-70 of a rounding midpoint that it must leave
 * to the exact path (tests/testlib_reffilter.h).  Layout: in = center[3] velocity[3] radius p0[3] p1[3]; out = hit t point[3].
 * Every expected value is derived in the comment beside it.
 */
#include "testlib_reffilter.h"

/* The segment (-2,0,0)-(2,0,0); centre (0,0,2) moving by (0,0,-3), radius 1:
 * the edge at t = 1/3, its foot (0,0,0); the end points stay at distance
 * >= 2.  Then a start overlap: centre (1/2,0,1/2), radius 1: t = 0, the
 * closest point (1/2,0,0). */
Test(sphere_sweep_segment_reffilter, settled)
{
    double in[] = {0, 0, 2, 0, 0, -3, 1, -2, 0, 0, 2, 0, 0};
    const double want[] = {1, RF_THIRD, 0, 0, 0}, start[] = {1, 0, 0.5, 0, 0};
    rf_case("sphere_sweep_segment", in, want, 5, RF_SETTLED, "edge at t = 1/3");
    in[0] = 0.5;
    in[2] = 0.5;
    in[5] = 1;
    rf_case("sphere_sweep_segment", in, start, 5, RF_SETTLED, "start overlap");
}

/* The centre at height Z above the feature, moving by (0,0,-1), radius r:
 * t = Z - r.  Z = 1/2 + 2^-53, r = 2^-54 - 2^-70: t = 1/2 + 2^-54 + 2^-70,
 * just above the midpoint 1/2 + 2^-54 (which rounds to 1/2): 1/2 + 2^-53.
 * Z = 1/2 + 2^-52, r = 2^-54 + 2^-70: t = 1/2 + 3 2^-54 - 2^-70, just below
 * 1/2 + 3 2^-54 (which rounds to 1/2 + 2^-52): 1/2 + 2^-53. */
Test(sphere_sweep_segment_reffilter, near_midpoints)
{
    double in[] = {0, 0, 0x1.0000000000001p-1, 0, 0, -1, 0x1p-54 - 0x1p-70, -2, 0, 0, 2, 0, 0};
    const double want[] = {1, 0x1.0000000000001p-1, 0, 0, 0};
    rf_case("sphere_sweep_segment", in, want, 5, RF_EXACT, "above 1/2 + 2^-54");
    in[2] = 0x1.0000000000002p-1;
    in[6] = 0x1p-54 + 0x1p-70;
    rf_case("sphere_sweep_segment", in, want, 5, RF_EXACT, "below 1/2 + 3 2^-54");
}
