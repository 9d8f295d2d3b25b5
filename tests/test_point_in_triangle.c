/* tests/test_point_in_triangle.c: point_in_triangle in ref, fast,
 * the judge and zoo:area_pit.
 *
 * Flat layout: in = p[3] v0[3] v1[3] v2[3]; out = hit.  Expected answers by
 * hand in the comments.  The random batch is checked against an independent
 * exact formulation: sphere_triangle's ref with radius 0 (p is in the
 * triangle iff its distance to it is 0; a closest-point construction, not the
 * plane and edge-function test of point_in_triangle).
 */
#include "testlib_overlap.h"

#include "isect.h"

static const isect_query *q;

static void setup(void)
{
    q = tl_query("point_in_triangle");
    tl_init_seed(0x917);
}

TestSuite(point_in_triangle, .init = setup);

static void set(double *in, double px, double py, double pz, const double *tri)
{
    in[0] = px;
    in[1] = py;
    in[2] = pz;
    memcpy(in + 3, tri, 9 * sizeof *in);
}

/* T4: (0,0,0), (4,0,0), (0,4,0) in the plane z = 0; p = (x, y, 0) is in it iff
 * x >= 0, y >= 0, x + y <= 4.  TT: (3,0,0), (0,3,0), (0,0,3) in the plane
 * x + y + z = 3. */
static const double T4[9] = {0, 0, 0, 4, 0, 0, 0, 4, 0};
static const double TT[9] = {3, 0, 0, 0, 3, 0, 0, 0, 3};

static void inside_edges_vertices(void)
{
    double in[12];
    set(in, 1, 1, 0, T4);
    TL_EXPECT_OUT0(q, in, 1, "interior");
    set(in, 2, 0, 0, T4);
    TL_EXPECT_OUT0(q, in, 1, "edge v0v1");
    set(in, 1, 3, 0, T4);
    TL_EXPECT_OUT0(q, in, 1, "hypotenuse");
    set(in, 0, 4, 0, T4);
    TL_EXPECT_OUT0(q, in, 1, "vertex v2");
    set(in, 1, 1, 1, TT);
    TL_EXPECT_OUT0(q, in, 1, "tilted: centroid");
    set(in, 1.5, 1.5, 0, TT);
    TL_EXPECT_OUT0(q, in, 1, "tilted: edge midpoint");
    set(in, 0.75, 1.5, 0.75, TT); /* weights 1/4, 1/2, 1/4 */
    TL_EXPECT_OUT0(q, in, 1, "tilted: dyadic interior point");
}

static void outside(void)
{
    double in[12];
    set(in, 1, 1, 0x1p-149, T4);
    TL_EXPECT_OUT0(q, in, 0, "2^-149 above the plane");
    set(in, 3, 1.5, 0, T4);
    TL_EXPECT_OUT0(q, in, 0, "beyond the hypotenuse");
    set(in, nextafterf(2, 3), 2, 0, T4); /* x + y = 4 + 2^-22 */
    TL_EXPECT_OUT0(q, in, 0, "one ulp beyond the hypotenuse");
    set(in, -0x1p-149, 1, 0, T4);
    TL_EXPECT_OUT0(q, in, 0, "one ulp left of v0v2");
    set(in, 1, 1, nextafterf(1, 2), TT); /* x + y + z = 3 + 2^-23 */
    TL_EXPECT_OUT0(q, in, 0, "tilted: one ulp off the plane");
    set(in, 2, 2, -1, TT); /* in the plane, weight of v2 = -1/3 */
    TL_EXPECT_OUT0(q, in, 0, "tilted: in the plane, outside");
}

static void degenerate_triangles_are_their_hull(void)
{
    double in[12];
    const double seg[9] = {0, 0, 0, 2, 2, 2, 1, 1, 1}; /* hull: the segment 0 .. (2,2,2) */
    set(in, 0.5, 0.5, 0.5, seg);
    TL_EXPECT_OUT0(q, in, 1, "on the hull segment");
    set(in, 1.5, 1.5, 1.5, seg);
    TL_EXPECT_OUT0(q, in, 1, "between v2 and v1");
    set(in, 3, 3, 3, seg);
    TL_EXPECT_OUT0(q, in, 0, "beyond v1 on the line");
    set(in, 0.5, 0.5, 0.625, seg);
    TL_EXPECT_OUT0(q, in, 0, "off the line");
    const double pt[9] = {1, 2, 3, 1, 2, 3, 1, 2, 3};
    set(in, 1, 2, 3, pt);
    TL_EXPECT_OUT0(q, in, 1, "the point itself");
    set(in, 1, 2, nextafterf(3, 4), pt);
    TL_EXPECT_OUT0(q, in, 0, "one ulp from the point");
    const double two[9] = {0, 0, 0, 0, 0, 0, 4, 0, 0};
    set(in, 2, 0, 0, two);
    TL_EXPECT_OUT0(q, in, 1, "two equal vertices: on the segment");
    set(in, 2, 0x1p-149, 0, two);
    TL_EXPECT_OUT0(q, in, 0, "two equal vertices: off the segment");
}

static void invalid_input(void)
{
    double in[12];
    set(in, NAN, 1, 0, T4);
    tl_expect_invalid(q, in, "NaN");
    set(in, 1, 1, 0, T4);
    in[5] = INFINITY;
    tl_expect_invalid(q, in, "infinite vertex");
}

static void gen(double *in) { tg_triangle(in, in + 3); }

static void random_against_sphere_triangle_radius_0(void)
{
    const isect_query *st = tl_query("sphere_triangle");
    int hits = 0;
    for (int n = 0; n < 1000; n++) {
        double in[12], sin[13], a[1], b[5];
        gen(in);
        memcpy(sin, in, 3 * sizeof *sin);
        sin[3] = 0;
        memcpy(sin + 4, in + 3, 9 * sizeof *sin);
        cr_assert_eq(tl_ref(q, in, a), REF_OK);
        cr_assert_eq(tl_ref(st, sin, b), REF_OK);
        cr_assert_eq(a[0], b[0], "case %d (ISECT_SEED=%llu)", n, (unsigned long long)tl_seed);
        hits += a[0] != 0;
    }
    cr_assert(hits > 100 && hits < 900, "balance: %d hits", hits);
}

static void metamorphic(void)
{
    for (int n = 0; n < 333; n++) {
        double in[12], m[12], a[1], b[1];
        gen(in);
        tl_ref(q, in, a);
        /* vertex order (cyclic and reversed) */
        int perm[2][3] = {{1, 2, 0}, {0, 2, 1}};
        for (int k = 0; k < 2; k++) {
            memcpy(m, in, sizeof m);
            for (int j = 0; j < 3; j++)
                memcpy(m + 3 + 3 * j, in + 3 + 3 * perm[k][j], 3 * sizeof *m);
            tl_ref(q, m, b);
            cr_assert_eq(a[0], b[0], "vertex order %d (case %d)", k, n);
        }
        /* axes rotated and one mirrored; scale by 2^k */
        int p = tl_int(0, 2), f = tl_int(0, 2), k = tl_int(-20, 20);
        for (int j = 0; j < 4; j++)
            for (int i = 0; i < 3; i++)
                m[3 * j + i] = ldexp(in[3 * j + (i + p) % 3] * (i == f ? -1 : 1), k);
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "axes/scale (case %d)", n);
    }
}

/* ---- fast ------------------------------------------------------------------- */

static void fast_finds_points_of_the_triangle(void)
{
    /* Every point ref calls inside must be inside for fast (it never misses). */
    int inside = 0;
    for (int n = 0; n < 1666; n++) {
        double in[12], a[1], out[ISECT_MAX_OUT];
        gen(in);
        tl_ref(q, in, a);
        tl_run(q, "fast", in, out);
        if (a[0]) {
            inside++;
            cr_assert_eq(out[0], 1, "fast missed a point of the triangle (case %d, seed %llu)", n,
                         (unsigned long long)tl_seed);
        }
    }
    cr_assert(inside > 150, "only %d inside", inside);
    /* A point computed on a tilted triangle, not exactly on it: a miss, as
     * in ref (fast's answers are exact, issue 14). */
    double in[12];
    double tri[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    set(in, 0.2f, 0.3f, 0.5f, tri); /* 0.2f + 0.3f + 0.5f != 1 exactly */
    double out[ISECT_MAX_OUT], a[1];
    tl_ref(q, in, a);
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 0, "computed point off the triangle");
    cr_assert_eq(a[0], 0, "not exactly on it (0.2f + 0.3f + 0.5f = %a)", (double)0.2f + 0.3f + 0.5f);
    set(in, 0.25f, 0.25f, 0.5f, tri); /* exactly on it */
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 1, "exact point on the tilted triangle");
    /* far off: a miss */
    set(in, 0.2f, 0.3f, 0.6f, tri);
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 0, "0.1 off the plane");
}

static void fast_within_tolerance(void) { ov_check_target(q, "fast", gen, 2000); }

/* ---- enclosure, filter, judge, zoo -------------------------------------------- */

static void enclosure_is_sound(void) { ov_check_encl(q, gen, 266, 10); }

static void filter_agrees_with_exact(void) { ov_check_filter(q, gen, 500); }

static void judge_and_area_pit(void)
{
    double in[12], yes[1] = {1}, no[1] = {0};
    /* 2^-149 above the plane, answered hit: severity 0 (tl_judge measures
     * severity only; fast's entry claims exact booleans, for which
     * isect_judge_entry calls it a discrepancy) */
    set(in, 1, 1, 0x1p-149, T4);
    isect_judgement j = tl_judge(q, "fast", in, yes);
    cr_assert(j.verdict == VERDICT_TOLERATED && j.severity < 1, "2^-149 off: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    /* an interior point (exactly in the plane) answered miss: judged over
     * moves within the plane (docs/judge.md, degenerate sets), a discrepancy */
    set(in, 1, 1, 0, T4);
    j = tl_judge(q, "fast", in, no);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "interior miss: %s %g",
              isect_verdict_name(j.verdict), j.severity);
    /* 1 above the plane (S = 4) answered hit: a discrepancy */
    set(in, 1, 1, 1, T4);
    j = tl_judge(q, "fast", in, yes);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "1 off: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    /* zoo:area_pit on a small triangle (area 2^-15) with p off the plane by a
     * quarter of its size: the area sum differs by less than 1e-4, so it says
     * inside; the judge must call it a discrepancy of large severity. */
    const double small[9] = {0, 0, 0, 0x1p-7, 0, 0, 0, 0x1p-7, 0};
    set(in, 0x1p-9, 0x1p-9, 0x1p-9, small);
    double out[ISECT_MAX_OUT];
    tl_run(q, "zoo:area_pit", in, out);
    cr_assert_eq(out[0], 1, "area_pit says inside");
    j = tl_judge(q, "zoo:area_pit", in, out);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "area_pit: %s %g", isect_verdict_name(j.verdict),
              j.severity);
}

/* ---- one process per file (Criterion forks one per Test; under ASan each fork
 * costs more than most of these checks) ------------------------------------ */

Test(point_in_triangle, all)
{
    inside_edges_vertices();
    outside();
    degenerate_triangles_are_their_hull();
    invalid_input();
    random_against_sphere_triangle_radius_0();
    metamorphic();
    enclosure_is_sound();
    filter_agrees_with_exact();
    fast_finds_points_of_the_triangle();
    fast_within_tolerance();
    judge_and_area_pit();
}
