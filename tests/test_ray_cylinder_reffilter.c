/* tests/test_ray_cylinder_reffilter.c: ref ray_cylinder's tight exit (ref/ivl.h): a hit it
 * settles, and hits within 2^-70 of a rounding midpoint that it must leave
 * to the exact path (tests/testlib_reffilter.h).  Layout: in = origin[3] dir[3] tmax p0[3] p1[3] radius; out = hit t.
 * Every expected value is derived in the comment beside it.
 */
#include "testlib_reffilter.h"

/* Axis (0,0,-Z)-(0,0,Z) (Z = 1), radius 1; from (-2,0,0) along (3,0,0): the
 * side x = -1 at t = 1/3. */
Test(ray_cylinder_reffilter, settled_third)
{
    const double in[] = {-2, 0, 0, 3, 0, 0, INFINITY, 0, 0, -1, 0, 0, 1, 1}, want[] = {1, RF_THIRD};
    rf_case("ray_cylinder", in, want, 2, RF_SETTLED, "t = 1/3");
}

/* From (-X,0,0) along (1,0,0) to radius r about the z axis: t = X - r.
 * X = 1 + 2^-52, r = 2^-53 - 2^-70: t = m1 + 2^-70 -> 1 + 2^-52;
 * X = 1 + 2^-51, r = 2^-53 + 2^-70: t = m3 - 2^-70 -> 1 + 2^-52. */
Test(ray_cylinder_reffilter, near_midpoints)
{
    double in[] = {-0x1.0000000000001p+0, 0, 0, 1, 0, 0, INFINITY, 0, 0, -1, 0, 0, 1, 0x1p-53 - 0x1p-70};
    const double want[] = {1, RF_ONE_UP};
    rf_case("ray_cylinder", in, want, 2, RF_EXACT, "t = m1 + 2^-70");
    in[0] = -0x1.0000000000002p+0;
    in[13] = 0x1p-53 + 0x1p-70;
    rf_case("ray_cylinder", in, want, 2, RF_EXACT, "t = m3 - 2^-70");
}
