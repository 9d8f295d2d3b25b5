/* tests/test_aabb_sweep_aabb_reffilter.c: ref aabb_sweep_aabb's tight exit (ref/ivl.h): hits it
 * settles, hits within 2^-70 of a rounding midpoint that it must leave to the
 * exact path (tests/testlib_reffilter.h), and a touching contact the
 * enclosure cannot certify.  Layout: in = min0[3] max0[3] velocity0[3]
 * min1[3] max1[3] velocity1[3]; out = hit t.  Per axis L = min1 - max0,
 * H = max1 - min0, d = v0 - v1; lower end L/d (d > 0).  Every expected value
 * is derived in the comment beside it.
 */
#include "testlib_reffilter.h"

/* x: box 0 [-1, 0] moving by 3, box 1 [1, 2] at rest: L = 1, d = 3,
 * t = 1/3 (upper end H/d = 3/3 = 1); y and z overlap at every t. */
Test(aabb_sweep_aabb_reffilter, settled_third)
{
    const double in[] = {-1, -1, -1, 0, 1, 1, 3, 0, 0, 1, -1, -1, 2, 1, 1, 0, 0, 0}, want[] = {1, RF_THIRD};
    rf_case("aabb_sweep_aabb", in, want, 2, RF_SETTLED, "t = 1/3");
}

/* The boxes overlap at t = 0 (x: [-1, 1] and [0, 2]), moving apart: t = 0
 * (every lower end <= 0). */
Test(aabb_sweep_aabb_reffilter, settled_start)
{
    const double in[] = {-1, -1, -1, 1, 1, 1, -3, 0, 0, 0, -1, -1, 2, 1, 1, 0, 0, 0}, want[] = {1, 0};
    rf_case("aabb_sweep_aabb", in, want, 2, RF_SETTLED, "t = 0");
}

/* x: max0 = -(2^-54 + 2^-70), min1 = 1/2, d = 1: t = L = 1/2 + 2^-54 + 2^-70,
 * just above the midpoint 1/2 + 2^-54 (which rounds to 1/2): 1/2 + 2^-53.
 * max0 = -(3 2^-54 - 2^-70): t = 1/2 + 3 2^-54 - 2^-70, just below the
 * midpoint 1/2 + 3 2^-54 (which rounds to 1/2 + 2^-52): 1/2 + 2^-53. */
Test(aabb_sweep_aabb_reffilter, near_midpoints)
{
    double in[] = {-1, -1, -1, -(0x1p-54 + 0x1p-70), 1, 1, 1, 0, 0, 0.5, -1, -1, 2, 1, 1, 0, 0, 0};
    const double want[] = {1, 0x1.0000000000001p-1};
    rf_case("aabb_sweep_aabb", in, want, 2, RF_EXACT, "above 1/2 + 2^-54");
    in[3] = -(0x3p-54 - 0x1p-70);
    rf_case("aabb_sweep_aabb", in, want, 2, RF_EXACT, "below 1/2 + 3 2^-54");
}

/* Touching at one instant on an edge: x enters at L/d = 1/3 (box 0 x = [0, 0]
 * moving by 3, box 1 x = [1, 5]), y leaves at H/d = 1/3 (box 0 y = [0, 0]
 * moving by 3, box 1 y = [-5, 1]: H = 1): entry = exit = 1/3, which the
 * binary64 enclosure cannot certify (both ends are inexact): the exact path
 * runs, a hit at 1/3.  With box 1's y max lowered to 1 - 2^-20 the exit is
 * below the entry: a miss, also exact. */
Test(aabb_sweep_aabb_reffilter, touching_exact_path)
{
    double in[] = {0, 0, -1, 0, 0, 1, 3, 3, 0, 1, -5, -1, 5, 1, 1, 0, 0, 0};
    const double hit[] = {1, RF_THIRD}, miss[] = {0, 0};
    rf_case("aabb_sweep_aabb", in, hit, 2, RF_EXACT, "entry = exit = 1/3");
    in[13] = 1 - 0x1p-20;
    rf_case("aabb_sweep_aabb", in, miss, 2, RF_SETTLED, "exit 1/3 - 2^-20/3 < entry 1/3");
}
