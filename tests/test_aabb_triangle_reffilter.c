/* tests/test_aabb_triangle_reffilter.c: ref aabb_triangle's long-double
 * separating-axis decision (ref/ivl.h): touching and a gap of one ulp it
 * settles, and a flat box (where the 13 axes are not shown complete) left to
 * the exact path (tests/testlib_reffilter.h).  Layout: in = min[3] max[3]
 * v0[3] v1[3] v2[3]; out = hit.
 */
#include "testlib_reffilter.h"

/* The box [0,1]^3 and the triangle (1/2,1/2,1) (2,1/2,1) (1/2,2,1) in its
 * top face's plane: they touch (the part of the triangle over
 * [1/2,1]^2): a hit.  Lifted to z = 1 + 2^-52: a gap along z, a miss. */
Test(aabb_triangle_reffilter, settled)
{
    double in[] = {0, 0, 0, 1, 1, 1, 0.5, 0.5, 1, 2, 0.5, 1, 0.5, 2, 1};
    const double hit[] = {1}, miss[] = {0};
    rf_case("aabb_triangle", in, hit, 1, RF_SETTLED, "touching the top face");
    in[8] = in[11] = in[14] = 0x1.0000000000001p+0;
    rf_case("aabb_triangle", in, miss, 1, RF_SETTLED, "one ulp above");
}

/* The flat box [0,1]^2 x [1,1] and the same touching triangle: a hit (the
 * square [1/2,1]^2 at z = 1 is in both); the decision needs three positive
 * extents, so the exact path decides. */
Test(aabb_triangle_reffilter, flat_box_exact_path)
{
    const double in[] = {0, 0, 1, 1, 1, 1, 0.5, 0.5, 1, 2, 0.5, 1, 0.5, 2, 1}, want[] = {1};
    rf_case("aabb_triangle", in, want, 1, RF_EXACT, "flat box");
}
