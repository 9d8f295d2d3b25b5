/* tests/test_sphere_sweep_triangle_reffilter.c: ref sphere_sweep_triangle's tight exit (ref/ivl.h): a hit it
 * settles, and hits within 2^-70 of a rounding midpoint that it must leave
 * to the exact path (tests/testlib_reffilter.h).  Layout: in = center[3] velocity[3] radius v0[3] v1[3] v2[3]; out = hit t point[3].
 * Every expected value is derived in the comment beside it.
 */
#include "testlib_reffilter.h"

/* The triangle (-2,-2,0) (2,-2,0) (0,2,0); centre (0,0,2) moving by
 * (0,0,-3), radius 1: the face at t = 1/3 at (0,0,0), inside (the edge
 * lines pass at in-plane distance >= 4/sqrt(20): reached later).  Start
 * overlaps: centre (1/2,1/4,1/2), radius 1: its projection (1/2,1/4,0) is
 * inside; centre (3,-3,1/2), radius 2: the vertex (2,-2,0) at distance 3/2,
 * closest on both edges through it. */
Test(sphere_sweep_triangle_reffilter, settled)
{
    double in[] = {0, 0, 2, 0, 0, -3, 1, -2, -2, 0, 2, -2, 0, 0, 2, 0};
    const double face[] = {1, RF_THIRD, 0, 0, 0}, inside[] = {1, 0, 0.5, 0.25, 0}, vertex[] = {1, 0, 2, -2, 0};
    rf_case("sphere_sweep_triangle", in, face, 5, RF_SETTLED, "face at t = 1/3");
    in[0] = 0.5;
    in[1] = 0.25;
    in[2] = 0.5;
    rf_case("sphere_sweep_triangle", in, inside, 5, RF_SETTLED, "start, projection inside");
    in[0] = 3;
    in[1] = -3;
    in[6] = 2;
    rf_case("sphere_sweep_triangle", in, vertex, 5, RF_SETTLED, "start, at a vertex");
}

/* The centre at height Z above the feature, moving by (0,0,-1), radius r:
 * t = Z - r.  Z = 1/2 + 2^-53, r = 2^-54 - 2^-70: t = 1/2 + 2^-54 + 2^-70,
 * just above the midpoint 1/2 + 2^-54 (which rounds to 1/2): 1/2 + 2^-53.
 * Z = 1/2 + 2^-52, r = 2^-54 + 2^-70: t = 1/2 + 3 2^-54 - 2^-70, just below
 * 1/2 + 3 2^-54 (which rounds to 1/2 + 2^-52): 1/2 + 2^-53. */
Test(sphere_sweep_triangle_reffilter, near_midpoints)
{
    double in[] = {0, 0, 0x1.0000000000001p-1, 0, 0, -1, 0x1p-54 - 0x1p-70, -2, -2, 0, 2, -2, 0, 0, 2, 0};
    const double want[] = {1, 0x1.0000000000001p-1, 0, 0, 0};
    rf_case("sphere_sweep_triangle", in, want, 5, RF_EXACT, "above 1/2 + 2^-54");
    in[2] = 0x1.0000000000002p-1;
    in[6] = 0x1p-54 + 0x1p-70;
    rf_case("sphere_sweep_triangle", in, want, 5, RF_EXACT, "below 1/2 + 3 2^-54");
}
