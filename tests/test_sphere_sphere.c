/* tests/test_sphere_sphere.c: sphere_sphere in ref, fast, the judge
 * and zoo:xna_sphere.
 *
 * Flat layout: in = c0[3] r0 c1[3] r1; out = hit.  The balls overlap iff
 * |c1 - c0|^2 <= (r0 + r1)^2.  Expected answers are derived by hand in the
 * comments (integer Pythagorean configurations: (3,4,0) has length 5,
 * (2,3,6) length 7, (1,4,8) length 9), never taken from the code under test.
 */
#include "testlib_overlap.h"

#include "isect.h"

static const isect_query *q;

static void setup(void)
{
    q = tl_query("sphere_sphere");
    tl_init_seed(0x5a5a1);
}

TestSuite(sphere_sphere, .init = setup);

static void set(double *in, double x0, double y0, double z0, double r0, double x1, double y1, double z1, double r1)
{
    double v[8] = {x0, y0, z0, r0, x1, y1, z1, r1};
    memcpy(in, v, sizeof v);
}

/* ---- hand-derived cases ---------------------------------------------------- */

static void touching_is_a_hit(void)
{
    double in[8];
    set(in, 0, 0, 0, 1, 3, 0, 0, 2); /* d = 3 = 1 + 2 */
    TL_EXPECT_OUT0(q, in, 1, "touching along x");
    set(in, 1, 1, 1, 2, 4, 5, 1, 3); /* d = |(3,4,0)| = 5 = 2 + 3 */
    TL_EXPECT_OUT0(q, in, 1, "touching along (3,4,0)");
    set(in, -1, 2, 0.5, 3, 1, 5, 6.5, 4); /* d = |(2,3,6)| = 7 = 3 + 4 */
    TL_EXPECT_OUT0(q, in, 1, "touching along (2,3,6)");
    set(in, 5, -2, 7, 0, 5, -2, 7, 0); /* two equal points */
    TL_EXPECT_OUT0(q, in, 1, "coincident points");
    set(in, 0, 0, 0, 0, 1, 4, 8, 9); /* a point on the surface of the other: d = 9 = r1 */
    TL_EXPECT_OUT0(q, in, 1, "point on a sphere");
    set(in, 0, 0, 0, -0.0, 0, 0, 0, 0); /* -0 is a valid radius, equal to 0 */
    TL_EXPECT_OUT0(q, in, 1, "radius -0");
}

static void overlap_and_containment(void)
{
    double in[8];
    set(in, 0, 0, 0, 10, 1, 2, 2, 1); /* d = 3 <= 11 */
    TL_EXPECT_OUT0(q, in, 1, "containment");
    set(in, 0, 0, 0, 2, 3, 0, 0, 2); /* d = 3 <= 4 */
    TL_EXPECT_OUT0(q, in, 1, "overlap");
    set(in, 0, 0, 0, 1, 1, 0, 0, 0); /* a point on the surface */
    TL_EXPECT_OUT0(q, in, 1, "point on the surface");
}

static void one_ulp_apart_misses(void)
{
    double in[8];
    /* x = nextafterf(3, 4) = 3 + 2^-22: d^2 = 9 + 3*2^-21 + 2^-44 > 9. */
    set(in, 0, 0, 0, 1, nextafterf(3, 4), 0, 0, 2);
    TL_EXPECT_OUT0(q, in, 0, "one ulp beyond touching");
    /* r1 = nextafterf(3, 0) = 3 - 2^-22: r0 + r1 = 5 - 2^-22 < 5 = d. */
    set(in, 1, 1, 1, 2, 4, 5, 1, nextafterf(3, 0));
    TL_EXPECT_OUT0(q, in, 0, "radius one ulp short of (3,4,0)");
    /* one ulp inside: r1 = 3 + 2^-22 > 3: a hit. */
    set(in, 1, 1, 1, 2, 4, 5, 1, nextafterf(3, 4));
    TL_EXPECT_OUT0(q, in, 1, "radius one ulp over (3,4,0)");
    /* two points one subnormal step apart */
    set(in, 0, 0, 0, 0, 0, 0x1p-149, 0, 0);
    TL_EXPECT_OUT0(q, in, 0, "points 2^-149 apart");
}

static void extreme_magnitudes(void)
{
    double in[8];
    /* d = 2^128 (a binary32 difference overflows), r0 + r1 = 2^128: touching. */
    set(in, -0x1p127, 0, 0, 0x1p127, 0x1p127, 0, 0, 0x1p127);
    TL_EXPECT_OUT0(q, in, 1, "touching at 2^128");
    /* r1 = 2^127 - 2^103: r0 + r1 < 2^128. */
    set(in, -0x1p127, 0, 0, 0x1p127, 0x1p127, 0, 0, 0x1.fffffep126);
    TL_EXPECT_OUT0(q, in, 0, "one ulp short at 2^128");
    /* subnormal: (3,4,0) * 2^-149, r0 + r1 = 5 * 2^-149 */
    set(in, 0, 0, 0, 2 * 0x1p-149, 3 * 0x1p-149, 4 * 0x1p-149, 0, 3 * 0x1p-149);
    TL_EXPECT_OUT0(q, in, 1, "subnormal touching");
    set(in, 0, 0, 0, 2 * 0x1p-149, 3 * 0x1p-149, 5 * 0x1p-149, 0, 3 * 0x1p-149); /* 34 > 25 */
    TL_EXPECT_OUT0(q, in, 0, "subnormal apart");
    /* huge and tiny together: d = 2^100 far beyond r0 + r1 = 2^-100 + 1 */
    set(in, 0, 0, 0, 0x1p-100, 0x1p100, 0, 0, 1);
    TL_EXPECT_OUT0(q, in, 0, "huge gap");
}

static void invalid_input(void)
{
    double in[8];
    set(in, 0, 0, 0, -1, 0, 0, 0, 1);
    tl_expect_invalid(q, in, "negative r0");
    set(in, 0, 0, 0, 1, 0, 0, 0, -0x1p-149);
    tl_expect_invalid(q, in, "negative subnormal r1");
    set(in, 0, NAN, 0, 1, 0, 0, 0, 1);
    tl_expect_invalid(q, in, "NaN centre");
    set(in, 0, 0, 0, INFINITY, 0, 0, 0, 1);
    tl_expect_invalid(q, in, "infinite radius");
    set(in, 0, 0, -INFINITY, 1, 0, 0, 0, 1);
    tl_expect_invalid(q, in, "infinite centre");
}

/* ---- fast ------------------------------------------------------------------- */

static bool fast_hit(const double *in)
{
    isect_sphere a = {{(float)in[0], (float)in[1], (float)in[2]}, (float)in[3]};
    isect_sphere b = {{(float)in[4], (float)in[5], (float)in[6]}, (float)in[7]};
    isect_sphere_sphere_result r = {.hit = true};
    bool h = isect_sphere_sphere(a, b, &r);
    cr_assert_eq(h, r.hit, "return value and result disagree");
    return h;
}

static void fast_on_exact_cases(void)
{
    /* Every value and every intermediate below is exact in binary32, so fast
     * must match the exact answers, boundary included. */
    double in[8];
    set(in, 0, 0, 0, 1, 3, 0, 0, 2);
    cr_assert(fast_hit(in), "touching along x");
    set(in, 1, 1, 1, 2, 4, 5, 1, 3);
    cr_assert(fast_hit(in), "touching along (3,4,0)");
    set(in, 1, 1, 1, 2, 4, 5, 1, 2.5);
    cr_assert(!fast_hit(in), "apart");
    set(in, -0x1p127, 0, 0, 0x1p127, 0x1p127, 0, 0, 0x1p127);
    cr_assert(fast_hit(in), "touching at 2^128 (rescaled)");
    /* r1 = 2^127 - 2^104 (two ulps short): rescaled by 2^-128, r0 + r1 =
     * 1 - 2^-24 exactly and its square rounds to 1 - 2^-23 < 1 = d^2. */
    set(in, -0x1p127, 0, 0, 0x1p127, 0x1p127, 0, 0, 0x1.fffffcp126);
    cr_assert(!fast_hit(in), "two ulps short at 2^128 (rescaled)");
    /* One ulp short: r0 + r1 = 2^128 - 2^103 < 2^128 = d.  A binary32
     * evaluation rounds the sum to 2^128; fast's certificate fails and its
     * exact path answers the miss (issue 14: exact booleans). */
    set(in, -0x1p127, 0, 0, 0x1p127, 0x1p127, 0, 0, 0x1.fffffep126);
    cr_assert(!fast_hit(in), "one ulp short at 2^128: exact miss");
    double out[ISECT_MAX_OUT];
    tl_run(q, "fast", in, out);
    isect_judgement j = tl_judge(q, "fast", in, out);
    cr_assert(j.verdict == VERDICT_AGREE, "one ulp short at 2^128: %s %g", isect_verdict_name(j.verdict), j.severity);
    set(in, 0, 0, 0, 2 * 0x1p-149, 3 * 0x1p-149, 4 * 0x1p-149, 0, 3 * 0x1p-149);
    cr_assert(fast_hit(in), "subnormal touching (rescaled)");
    set(in, 0, 0, 0, 2 * 0x1p-149, 3 * 0x1p-149, 5 * 0x1p-149, 0, 3 * 0x1p-149);
    cr_assert(!fast_hit(in), "subnormal apart (rescaled)");
    /* invalid: a miss with the result zeroed */
    set(in, 0, 0, 0, -1, 0, 0, 0, 5);
    cr_assert(!fast_hit(in), "negative radius");
    set(in, 0, NAN, 0, 1, 0, 0, 0, 5);
    cr_assert(!fast_hit(in), "NaN");
}

/* ---- generators ------------------------------------------------------------ */

static const int trip[][4] = {{3, 4, 0, 5}, {2, 3, 6, 7}, {1, 4, 8, 9}, {4, 4, 7, 9}, {2, 6, 9, 11}, {0, 0, 1, 1}};

/* Exactly touching (a Pythagorean direction, all values exact), nearly
 * touching (a radius nudged by a few ulps), or random. */
static void gen(double *in)
{
    int kind = tl_int(0, 3);
    int e = tl_int(-20, 20);
    double c0[3] = {tl_small(e), tl_small(e), tl_small(e)};
    if (kind <= 1) {
        const int *t = trip[tl_int(0, 5)];
        double s = ldexp(1, e + tl_int(-3, 3));
        int rot = tl_int(0, 2);
        double r0 = s * tl_int(0, t[3]);
        set(in, c0[0], c0[1], c0[2], r0, c0[0] + s * t[rot] * (tl_rnd() & 1 ? 1 : -1),
            c0[1] + s * t[(rot + 1) % 3] * (tl_rnd() & 1 ? 1 : -1), c0[2] + s * t[(rot + 2) % 3] * (tl_rnd() & 1 ? 1 : -1),
            s * t[3] - r0);
        if (kind == 1) { /* nudge r1 by a few ulps */
            float r1 = (float)in[7];
            for (int k = tl_int(-3, 3); k != 0; k += k > 0 ? -1 : 1)
                r1 = nextafterf(r1, k > 0 ? INFINITY : 0);
            in[7] = r1;
        }
    } else if (kind == 2) { /* point spheres, equal or nearly */
        set(in, c0[0], c0[1], c0[2], 0, c0[0], c0[1], c0[2], tl_int(0, 1) ? 0 : ldexp(1, e - 30));
    } else {
        set(in, tl_f32(4), tl_f32(4), tl_f32(4), fabs(tl_f32(3)), tl_f32(4), tl_f32(4), tl_f32(4), fabs(tl_f32(3)));
    }
}

/* ---- metamorphic properties, exact for ref -------------------------------- */

static void metamorphic(void)
{
    for (int n = 0; n < 400; n++) {
        double in[8], m[8], a[1], b[1];
        gen(in);
        cr_assert_eq(tl_ref(q, in, a), REF_OK);
        /* swap the spheres */
        memcpy(m, in + 4, 4 * sizeof *m);
        memcpy(m + 4, in, 4 * sizeof *m);
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "swap (ISECT_SEED=%llu, case %d)", (unsigned long long)tl_seed, n);
        /* permute the axes and flip one */
        int p = tl_int(0, 2), f = tl_int(0, 2);
        for (int s = 0; s < 2; s++) {
            for (int i = 0; i < 3; i++)
                m[4 * s + i] = in[4 * s + (i + p) % 3] * (i == f ? -1 : 1);
            m[4 * s + 3] = in[4 * s + 3];
        }
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "axes (ISECT_SEED=%llu, case %d)", (unsigned long long)tl_seed, n);
        /* scale every value by 2^k (exact in binary64 for these magnitudes) */
        int k = tl_int(-40, 40);
        for (int i = 0; i < 8; i++)
            m[i] = ldexp(in[i], k);
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "scale 2^%d (ISECT_SEED=%llu, case %d)", k, (unsigned long long)tl_seed, n);
    }
}

/* ---- enclosure, filter, judge -------------------------------------------------- */

static void enclosure_is_sound(void) { ov_check_encl(q, gen, 500, 16); }

static void filter_agrees_with_exact(void) { ov_check_filter(q, gen, 500); }

static void fast_within_tolerance(void)
{
    int differed = ov_check_target(q, "fast", gen, 4000);
    (void)differed;
}

/* XNA counts touching as no overlap.  The judge must call that tolerated
 * with severity exactly 0 at every exact touching configuration, whatever
 * the scale (an arbitrarily small perturbation separates touching balls). */
static void xna_touching_is_tolerated_with_severity_0(void)
{
    int touching = 0;
    for (int n = 0; n < 1000; n++) {
        double in[8], out[ISECT_MAX_OUT], ref_out[1];
        gen(in);
        tl_run(q, "zoo:xna_sphere", in, out);
        isect_judgement j = tl_judge(q, "zoo:xna_sphere", in, out);
        cr_assert(j.verdict == VERDICT_AGREE || j.verdict == VERDICT_TOLERATED, "xna: %s severity %g (case %d)",
                  isect_verdict_name(j.verdict), j.severity, n);
        if (j.verdict == VERDICT_TOLERATED) {
            cr_assert_eq(j.severity, 0, "xna at touching: severity %g (case %d)", j.severity, n);
            tl_ref(q, in, ref_out);
            cr_assert_eq(ref_out[0], 1, "xna differs on a miss?");
            touching++;
        }
    }
    cr_assert(touching > 100, "the generator reached exact touching only %d times", touching);
    /* and at a few fixed configurations, radius 0 and subnormals included */
    double cases[][8] = {{0, 0, 0, 1, 3, 0, 0, 2},
                         {5, -2, 7, 0, 5, -2, 7, 0},
                         {0, 0, 0, 0, 1, 4, 8, 9},
                         {-0x1p127, 0, 0, 0x1p127, 0x1p127, 0, 0, 0x1p127},
                         {0, 0, 0, 2 * 0x1p-149, 3 * 0x1p-149, 4 * 0x1p-149, 0, 3 * 0x1p-149}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        double out[ISECT_MAX_OUT];
        tl_run(q, "zoo:xna_sphere", cases[i], out);
        cr_assert_eq(out[0], 0, "xna says touching is no overlap (case %zu)", i);
        isect_judgement j = tl_judge(q, "zoo:xna_sphere", cases[i], out);
        cr_assert(j.verdict == VERDICT_TOLERATED && j.severity == 0, "case %zu: %s severity %g", i,
                  isect_verdict_name(j.verdict), j.severity);
    }
}

static void judge_gross_errors_are_discrepancies(void)
{
    double in[8], yes[1] = {1}, no[1] = {0};
    /* Far apart: d = 5, r0 + r1 = 2; a hit needs the gap of 3 closed: a
     * perturbation of 3/4 per value (S = 5): severity near 0.15 * 2^24. */
    set(in, 1, 1, 1, 1, 4, 5, 1, 1);
    isect_judgement j = tl_judge(q, "fast", in, yes);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e6, "far apart called a hit: %s %g",
              isect_verdict_name(j.verdict), j.severity);
    /* Deep overlap called a miss. */
    set(in, 0, 0, 0, 3, 1, 0, 0, 3);
    j = tl_judge(q, "fast", in, no);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e6, "deep overlap called a miss: %s %g",
              isect_verdict_name(j.verdict), j.severity);
    /* One ulp beyond touching called a hit: severity about 1, a
     * discrepancy for fast, whose tolerance is 0 (exact booleans). */
    set(in, 0, 0, 0, 1, nextafterf(3, 4), 0, 0, 2);
    j = tl_judge(q, "fast", in, yes);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity <= 2, "one ulp: %s %g", isect_verdict_name(j.verdict),
              j.severity);
}

/* ---- one process per file (Criterion forks one per Test; under ASan each fork
 * costs more than most of these checks) ------------------------------------ */

Test(sphere_sphere, all)
{
    touching_is_a_hit();
    overlap_and_containment();
    one_ulp_apart_misses();
    extreme_magnitudes();
    invalid_input();
    metamorphic();
    enclosure_is_sound();
    filter_agrees_with_exact();
    fast_on_exact_cases();
    fast_within_tolerance();
    xna_touching_is_tolerated_with_severity_0();
    judge_gross_errors_are_discrepancies();
}
