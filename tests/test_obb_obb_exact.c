/* tests/test_obb_obb_exact.c: fast's obb_obb hit flag is ref's exact answer
 * (issue 14).
 *
 * Layout: in = center0 axis00 axis01 axis02 half0 center1 axis10 axis11
 * axis12 half1 (3 each).  Hand-derived cases that fast's filter cannot
 * certify (touching faces, edges and corners, flat boxes, parallel axes,
 * segments and points, gaps of one ulp or 2^-98), each expected value
 * argued in its comment, then a randomized comparison with ref on
 * small-integer boxes at a random power-of-two scale, nudged by ulps and
 * edited by the catalog's mutations.  ISECT_SEED changes the seed.  The old
 * filter (a guarded separating-axis test) called the "2^-98" case a hit.
 */
#include "testlib.h"

#include "isect.h"
#include "targets.h"

static const isect_query *qo;

static void setup(void)
{
    qo = tl_query("obb_obb");
    tl_init_seed(0x0bb0);
}

TestSuite(obb_obb_exact, .init = setup);

typedef struct {
    double c[3], a[3][3], h[3];
} box;

static const box unit = {{0, 0, 0}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {1, 1, 1}};

static double fast_oo(box p, box q)
{
    double in[30], out[1];
    const box *b[2] = {&p, &q};
    for (int i = 0; i < 2; i++) {
        memcpy(in + 15 * i, b[i]->c, 3 * sizeof *in);
        for (int k = 0; k < 3; k++)
            memcpy(in + 15 * i + 3 + 3 * k, b[i]->a[k], 3 * sizeof *in);
        memcpy(in + 15 * i + 12, b[i]->h, 3 * sizeof *in);
    }
    tl_run(qo, "fast", in, out);
    return out[0];
}

Test(obb_obb_exact, entry_claims_exact_booleans)
{
    const isect_target_entry *e = tl_entry(qo, "fast");
    cr_assert(e && (e->exact & ISECT_EXACT_BOOLS));
}

Test(obb_obb_exact, hand_cases)
{
    double u2 = nextafterf(2, 3), u3 = nextafterf(3, 4), u1 = nextafterf(1, 2); /* one ulp above */
    box b = unit;
    /* A = [-1,1]^3; B the same at x = 2: the faces x = 1 touch; at 2 + ulp apart */
    b.c[0] = 2;
    cr_assert_eq(fast_oo(unit, b), 1, "faces touching");
    b.c[0] = u2;
    cr_assert_eq(fast_oo(unit, b), 0, "faces one ulp apart");
    /* B with axes (1,1,0), (-1,1,0), (0,0,1) (a square turned by 45 degrees,
     * side 2 sqrt 2) at (3,0,0): its corner c - (1,1,0) + (-1,1,0) = (1,0,0)
     * lies on A's face x = 1; at 3 + ulp apart */
    box r = {{3, 0, 0}, {{1, 1, 0}, {-1, 1, 0}, {0, 0, 1}}, {1, 1, 1}};
    cr_assert_eq(fast_oo(unit, r), 1, "corner on a face");
    r.c[0] = u3;
    cr_assert_eq(fast_oo(unit, r), 0, "corner one ulp off");
    /* a flat box (half z = 0) in the plane z = 1 of A's top face */
    box f = {{0, 0, 1}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {0.5, 0.5, 0}};
    cr_assert_eq(fast_oo(unit, f), 1, "flat box on a face");
    f.c[2] = u1;
    cr_assert_eq(fast_oo(unit, f), 0, "flat box one ulp above");
    /* parallel axes: B = {(3,0,0) + s (1,0,0) + t (1,0,0) + w (0,1,0)}, a
     * rectangle with x in [1, 5]: it touches x = 1 */
    box p = {{3, 0, 0}, {{1, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {1, 1, 1}};
    cr_assert_eq(fast_oo(unit, p), 1, "parallel axes, touching");
    p.c[0] = u3;
    cr_assert_eq(fast_oo(unit, p), 0, "parallel axes, one ulp apart");
    /* segments: A along x (|x| <= 1), B along y through (1/2, 0, z): they
     * cross at z = 0, are skew at z = 2^-149 */
    box sa = {{0, 0, 0}, {{1, 0, 0}, {1, 0, 0}, {1, 0, 0}}, {1, 0, 0}};
    box sb = {{0.5, 0, 0}, {{0, 1, 0}, {0, 0, 0}, {0, 0, 0}}, {1, 1, 1}};
    cr_assert_eq(fast_oo(sa, sb), 1, "crossing segments");
    sb.c[2] = 0x1p-149;
    cr_assert_eq(fast_oo(sa, sb), 0, "skew segments");
    /* collinear segments on the x axis, [-1,1] and [1,3]; then [1 + 2^-22, ...] */
    box sc = {{2, 0, 0}, {{1, 0, 0}, {0, 0, 0}, {0, 0, 0}}, {1, 0, 0}};
    cr_assert_eq(fast_oo(sa, sc), 1, "collinear segments touching");
    sc.c[0] = u2;
    cr_assert_eq(fast_oo(sa, sc), 0, "collinear segments apart");
    /* points */
    box pa = {{1, 2, 3}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {0, 0, 0}}, pb = pa;
    cr_assert_eq(fast_oo(pa, pb), 1, "same point");
    pb.c[2] = u3;
    cr_assert_eq(fast_oo(pa, pb), 0, "points one ulp apart");
    /* A = [0,1]^3; B the parallelogram (0,3,0) + s (-3,3,0) + t (e,-3,3),
     * |s|, |t| <= 1, in the plane 9x + 9y + (9 - 3e) z = 27 (both
     * generators orthogonal to n = (9, 9, 9 - 3e), n.(0,3,0) = 27) and about
     * (1,1,1) at s = -1/3, t = 1/3.  e = 2^-100: A has 9x + 9y + (9 - 3e) z
     * <= 27 - 3e < 27, a miss; e = 0: touching at the corner; e = -2^-100:
     * the plane cuts off a tiny corner of A, inside B: a hit */
    box a01 = {{0.5, 0.5, 0.5}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {0.5, 0.5, 0.5}};
    box pg = {{0, 3, 0}, {{-3, 3, 0}, {0x1p-100, -3, 3}, {0, 0, 1}}, {1, 1, 0}};
    cr_assert_eq(fast_oo(a01, pg), 0, "plane 2^-98 beyond a corner");
    pg.a[1][0] = 0;
    cr_assert_eq(fast_oo(a01, pg), 1, "plane through a corner");
    pg.a[1][0] = -0x1p-100;
    cr_assert_eq(fast_oo(a01, pg), 1, "plane cutting a corner");
}

static void gen(double *in)
{
    int e = tl_int(-40, 40);
    for (int k = 0; k < 30; k++)
        in[k] = tl_grid_value(in, k, (k % 15) >= 3 && (k % 15) < 12 ? tl_int(-3, 0) : e);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            in[15 * i + 12 + j] = fabs(in[15 * i + 12 + j]);
    for (int m = tl_int(0, 3); m > 0; m--)
        qo->mutate(in, tl_rnd());
    if (tl_int(0, 3) == 0) {
        int k = tl_int(0, 29);
        in[k] = nextafterf((float)in[k], tl_rnd() & 1 ? INFINITY : -INFINITY);
    }
    for (int k = 0; k < 30; k++)
        in[k] = (float)in[k];
}

Test(obb_obb_exact, random_equals_ref)
{
    int valid, hits;
    tl_fast_hit_equals_ref(qo, gen, 20000, &valid, &hits);
    cr_assert(valid > 12000 && hits > 2000 && hits < valid - 2000, "%d valid cases, %d hits", valid, hits);
}
