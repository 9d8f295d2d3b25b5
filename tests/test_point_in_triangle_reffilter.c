/* tests/test_point_in_triangle_reffilter.c: ref point_in_triangle's
 * long-double decision (ref/ivl.h): a point of a dyadic triangle's plane it
 * settles (the binary64 filter never certifies a hit), and a vertex of a
 * triangle with 53-bit coordinates, whose n.w = 0 the long-double products
 * cannot show exactly, left to the exact path (tests/testlib_reffilter.h).
 * Layout: in = p[3] v0[3] v1[3] v2[3]; out = hit.
 */
#include "testlib_reffilter.h"

/* (1/4,1/4,0) in the triangle (0,0,0) (1,0,0) (0,1,0): a hit; (1/4,1/4,
 * 2^-30) is off its plane: a miss; (3/4,1/2,0) is in the plane beyond the
 * edge x + y = 1: a miss. */
Test(point_in_triangle_reffilter, settled)
{
    double in[] = {0.25, 0.25, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0};
    const double hit[] = {1}, miss[] = {0};
    rf_case("point_in_triangle", in, hit, 1, RF_SETTLED, "inside");
    in[2] = 0x1p-30;
    rf_case("point_in_triangle", in, miss, 1, RF_SETTLED, "off the plane");
    in[0] = 0.75;
    in[1] = 0.5;
    in[2] = 0;
    rf_case("point_in_triangle", in, miss, 1, RF_SETTLED, "outside an edge");
}

/* p = v1 of a triangle with 53-bit coordinates: a hit (a vertex is in the
 * closed triangle); n = e1 x e2 has 106-bit products, so n.w = n.e1 = 0 is
 * not an exact [0, 0] in long doubles. */
Test(point_in_triangle_reffilter, vertex_exact_path)
{
    const double in[] = {0.7, -0.3, 0.9, 0.1, 0.2, 0.3, 0.7, -0.3, 0.9, -0.5, 0.6, 0.15}, want[] = {1};
    rf_case("point_in_triangle", in, want, 1, RF_EXACT, "p = v1");
}
