/* tests/test_point_in_triangle_stage32.c: stage 0 of fast's
 * point_in_triangle after issue 14's speed work (fast/point_in_triangle.c:
 * the binary32 grid test pit_on_grid, pit_grid), and the cases of a
 * binary32 projection stage tried and dropped (docs/queries/
 * point_in_triangle.md, "Stage 0").
 *
 * - By hand: the corpus cases of speed32_stage0.case (their derivations
 *   there; (s5) was found by test_point_in_triangle_quantum's GMP test), and the grid test's limits: the largest magnitude at 2^119 and
 *   2^120 (the binary32 constant 1.5 2^(E + 8) exists up to exponent field
 *   245), zero and subnormal inputs.
 * - Generated against ref (exact, GMP): points on, just off and far from
 *   an edge line, in the plane or one unit off it, on integer grids of
 *   every scale from 2^-149 to 2^104 (binary32 products under- and
 *   overflow at the ends),
 *   and the same with every coordinate's low bits random (off the grid).
 *   ISECT_SEED changes the seed.
 */
#include "testlib.h"
#include "tl_pit_fast.h"

TestSuite(point_in_triangle_stage32, .init = NULL);

Test(point_in_triangle_stage32, by_hand)
{
    /* speed32_stage0.case (s1): projection strictly inside, 3 off the plane,
     * binary64 orientation 0, off the grid: a miss */
    EXPECT_FAST(false, 0x1p-40f, 0x1p19f, 0x1p19f, 0, 0, 0, 0x1p19f, 0x1p21f, 0x1p20f, -0x1p19f, 0x1p20f, 0x1p21f);
    /* the same point in the plane (x = 0): inside */
    EXPECT_FAST(true, 0, 0x1p19f, 0x1p19f, 0, 0, 0, 0x1p19f, 0x1p21f, 0x1p20f, -0x1p19f, 0x1p20f, 0x1p21f);
    /* (s2): on the grid, off the plane by 2^10: a miss; in the plane: a hit */
    EXPECT_FAST(false, 0x1.01p18f, -0x1p17f, -0x1p17f, 0, 0, 0, 0x1p20f, -0x1p20f, 0, 0x1p20f, 0, -0x1p20f);
    EXPECT_FAST(true, 0x1p18f, -0x1p17f, -0x1p17f, 0, 0, 0, 0x1p20f, -0x1p20f, 0, 0x1p20f, 0, -0x1p20f);
    /* (s3): largest magnitude 2^120 (field 247, no grid constant): a miss
     * the binary64 test gets wrong; scaled to 2^119 (field 246, no grid
     * constant either) and 2^118 (field 245, on a grid of 2^104, p off it) */
    EXPECT_FAST(false, 0x1p119f, -0x1p60f, -0x1p119f, 0, 0, 0, 0x1p120f, -0x1p120f, 0, 0x1p120f, 0, -0x1p120f);
    EXPECT_FAST(false, 0x1p118f, -0x1p59f, -0x1p118f, 0, 0, 0, 0x1p119f, -0x1p119f, 0, 0x1p119f, 0, -0x1p119f);
    EXPECT_FAST(false, 0x1p117f, -0x1p58f, -0x1p117f, 0, 0, 0, 0x1p118f, -0x1p118f, 0, 0x1p118f, 0, -0x1p118f);
    /* a hit at 2^118 on the grid (p = (v1 + v2) / 4) and at 2^127 (off the
     * binary32 grid test's range: the general path) */
    EXPECT_FAST(true, 0x1p116f, -0x1p115f, -0x1p115f, 0, 0, 0, 0x1p118f, -0x1p118f, 0, 0x1p118f, 0, -0x1p118f);
    EXPECT_FAST(true, 0x1p125f, -0x1p124f, -0x1p124f, 0, 0, 0, 0x1p127f, -0x1p127f, 0, 0x1p127f, 0, -0x1p127f);
    /* subnormal: the triangle (0,0,0) (2^-140,0,0) (0,2^-140,0) and points
     * inside (binary32 products of differences would underflow to 0) */
    EXPECT_FAST(true, 0x1p-142f, 0x1p-142f, 0, 0, 0, 0, 0x1p-140f, 0, 0, 0, 0x1p-140f, 0);
    EXPECT_FAST(false, 0x1p-142f, -0x1p-149f, 0, 0, 0, 0, 0x1p-140f, 0, 0, 0, 0x1p-140f, 0);
    EXPECT_FAST(false, 0x1p-142f, 0x1p-142f, 0x1p-149f, 0, 0, 0, 0x1p-140f, 0, 0, 0, 0x1p-140f, 0);
    /* (s5): binary32 products overflow, one edge term NaN: not inside */
    EXPECT_FAST(false, 0x1.dp+61f, -0x1.5ap+62f, 0x1.8dp+62f, 0x1.68p+62f, -0x1.e4p+61f, 0x1.ap+61f, -0x1.24p+63f,
                -0x1.ep+63f, -0x1.dp+62f, 0x1.bcp+63f, 0x1.3p+61f, 0x1.c4p+63f);
    /* all zero: a point triangle holding p */
    EXPECT_FAST(true, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
}

/* A triangle of integers below 2^lim times 2^S and a point near one of its
 * edge lines (a lerp of two vertices, out to either side by 0 to 2 units
 * in the edge plane, or a random barycentric point), maybe one unit off
 * the plane; with off, every coordinate gets random low bits (off the
 * grid).  Values that are not binary32 are rounded by the catalog. */
static int g_off;

static void gen_near_edge(double *in)
{
    int S = tl_int(-149, 104), lim = tl_int(0, 3) ? 12 : 22;
    double v[3][3];
    for (int m = 0; m < 3; m++)
        for (int k = 0; k < 3; k++)
            v[m][k] = (double)tl_int(-(1 << lim), 1 << lim);
    int a = tl_int(0, 2), b = (a + 1) % 3, c = (a + 2) % 3;
    double l = tl_int(0, 8) / 8.0, w = tl_int(-2, 2) / 64.0, p[3];
    for (int k = 0; k < 3; k++)
        p[k] = v[a][k] + l * (v[b][k] - v[a][k]) + w * (v[c][k] - v[a][k]);
    if (tl_int(0, 3) == 0) {
        double s = tl_int(0, 8) / 8.0, t = tl_int(0, 8) / 8.0;
        for (int k = 0; k < 3; k++)
            p[k] = v[0][k] + s * (v[1][k] - v[0][k]) + t * (v[2][k] - v[0][k]);
    }
    if (tl_int(0, 3) == 0)
        p[tl_int(0, 2)] += tl_int(0, 1) ? 1 : -1;
    for (int k = 0; k < 3; k++) {
        in[k] = ldexp(p[k], S);
        for (int m = 0; m < 3; m++)
            in[3 + 3 * m + k] = ldexp(v[m][k], S);
    }
    for (int i = 0; g_off && i < 12; i++)
        if (tl_int(0, 1))
            in[i] = (float)(in[i] * (1 + tl_int(-1000, 1000) * 0x1p-23));
    for (int i = 0; i < 12; i++)
        in[i] = (float)in[i];
}

Test(point_in_triangle_stage32, near_edges_against_ref)
{
    tl_init_seed(0x5732);
    const isect_query *q = tl_query("point_in_triangle");
    for (g_off = 0; g_off < 2; g_off++) {
        int valid, hits;
        tl_fast_hit_equals_ref(q, gen_near_edge, 20000, &valid, &hits);
        cr_assert(valid > 19000 && hits > (g_off ? 10 : 1000) && valid - hits > 1000, "generator balance (off %d): %d valid, %d hits",
                  g_off, valid, hits);
    }
}
