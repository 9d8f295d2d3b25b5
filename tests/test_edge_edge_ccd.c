/* tests/test_edge_edge_ccd.c: edge_edge_ccd.
 *
 * Flat layout: in = a0 b0 c0 d0 a1 b1 c1 d1 (24); out = hit t.  Expected
 * values are derived by hand beside each case; none comes from the code
 * under test.
 */
#include "testlib_ccd.h"

Test(edge_edge_ccd, hand_cases)
{
    const char *q = "edge_edge_ccd";
    /* ab along x descends (z = 1 - 2t) across the static cd along y. */
    expect(q, (const double[8][3]){{-1, 0, 1}, {1, 0, 1}, {0, -1, 0}, {0, 1, 0}, {-1, 0, -1}, {1, 0, -1}, {0, -1, 0}, {0, 1, 0}},
           1, 0.5, "cross");
    /* The same at y = 2, beyond the end of cd, and one ulp beyond it. */
    expect(q, (const double[8][3]){{-1, 2, 1}, {1, 2, 1}, {0, -1, 0}, {0, 1, 0}, {-1, 2, -1}, {1, 2, -1}, {0, -1, 0}, {0, 1, 0}},
           0, 0, "beyond the end");
    expect(q,
           (const double[8][3]){{-1, 0x1.0000000000001p+0, 1}, {1, 0x1.0000000000001p+0, 1}, {0, -1, 0}, {0, 1, 0},
                                {-1, 0x1.0000000000001p+0, -1}, {1, 0x1.0000000000001p+0, -1}, {0, -1, 0}, {0, 1, 0}},
           0, 0, "one ulp beyond the end");
    expect(q, (const double[8][3]){{-1, 1, 1}, {1, 1, 1}, {0, -1, 0}, {0, 1, 0}, {-1, 1, -1}, {1, 1, -1}, {0, -1, 0}, {0, 1, 0}},
           1, 0.5, "through the end point d");
    /* Crossing at t = 0; a vertical ab whose end a reaches cd at t = 1. */
    expect(q, (const double[8][3]){{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {-1, 0, 1}, {1, 0, 1}, {0, -1, 0}, {0, 1, 0}},
           1, 0, "t = 0");
    expect(q, (const double[8][3]){{0, 0, 1}, {0, 0, 2}, {0, -1, 0}, {0, 1, 0}, {0, 0, 0}, {0, 0, 1}, {0, -1, 0}, {0, 1, 0}},
           1, 1, "t = 1");
    /* Parallel, coplanar for all t (z = 0), y = 1 - 2t: collinear at t = 1/2,
     * overlapping ([-1, 1] and [0, 2]) or apart ([2, 3]). */
    expect(q, (const double[8][3]){{-1, 1, 0}, {1, 1, 0}, {0, 0, 0}, {2, 0, 0}, {-1, -1, 0}, {1, -1, 0}, {0, 0, 0}, {2, 0, 0}},
           1, 0.5, "parallel, overlapping");
    expect(q, (const double[8][3]){{-1, 1, 0}, {1, 1, 0}, {2, 0, 0}, {3, 0, 0}, {-1, -1, 0}, {1, -1, 0}, {2, 0, 0}, {3, 0, 0}},
           0, 0, "parallel, apart");
    /* Collinear for all t: ab = [-3, -2] + 4t, cd = [0, 1]: b = 0 at t = 1/2. */
    expect(q, (const double[8][3]){{-3, 0, 0}, {-2, 0, 0}, {0}, {1, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0}, {1, 0, 0}}, 1, 0.5,
           "collinear");
    /* A zero-length ab through cd; cd rotating in z = 0 while a point ab sits
     * at (1/2, 1/2, 0): c = 0, d = (cos, sin)-like (1 - t, t, 0) passes it
     * at t = 1/2. */
    expect(q, (const double[8][3]){{0, 0, 1}, {0, 0, 1}, {-1, 0, 0}, {1, 0, 0}, {0, 0, -1}, {0, 0, -1}, {-1, 0, 0}, {1, 0, 0}},
           1, 0.5, "zero length");
    expect(q, (const double[8][3]){{.5, .5, 0}, {.5, .5, 0}, {0}, {1, 0, 0}, {.5, .5, 0}, {.5, .5, 0}, {0}, {0, 1, 0}}, 1,
           0.5, "rotating edge, coplanar for all t");
    /* Skew, 1 apart, nothing moves. */
    expect(q, (const double[8][3]){{-1, 0, 1}, {1, 0, 1}, {0, -1, 0}, {0, 1, 0}, {-1, 0, 1}, {1, 0, 1}, {0, -1, 0}, {0, 1, 0}},
           0, 0, "static skew");
}

Test(edge_edge_ccd, properties) { ccd_properties("edge_edge_ccd", 2); }
