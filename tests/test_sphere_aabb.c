/* tests/test_sphere_aabb.c: sphere_aabb in ref, fast and the judge.
 *
 * Flat layout: in = center[3] radius min[3] max[3]; out = hit.  Expected
 * answers by hand in the comments; the random batch uses small integers
 * times a power of two, for which an independent binary64 formulation (the
 * clamped closest point q, |c - q|^2 <= r^2) is exact.
 */
#include "testlib_overlap.h"

#include "isect.h"

static const isect_query *q;

static void setup(void)
{
    q = tl_query("sphere_aabb");
    tl_init_seed(0x5ab);
}

TestSuite(sphere_aabb, .init = setup);

static void set(double *in, double cx, double cy, double cz, double r, const double lo[3], const double hi[3])
{
    in[0] = cx;
    in[1] = cy;
    in[2] = cz;
    in[3] = r;
    memcpy(in + 4, lo, 3 * sizeof *in);
    memcpy(in + 7, hi, 3 * sizeof *in);
}

static const double O[3] = {0, 0, 0}, I[3] = {1, 1, 1};

static void touching_is_a_hit(void)
{
    double in[10];
    set(in, 0.5, 0.5, 3, 2, O, I); /* 2 above the face z = 1 */
    TL_EXPECT_OUT0(q, in, 1, "face");
    set(in, 4, 5, 0.5, 5, O, I); /* gap (3, 4, 0) from the edge x = y = 1 */
    TL_EXPECT_OUT0(q, in, 1, "edge");
    set(in, -2, -3, -6, 7, O, I); /* gap (2, 3, 6) from the corner 0 */
    TL_EXPECT_OUT0(q, in, 1, "corner");
    set(in, 0, 0.25, 0.75, 0, O, I); /* a point on the face x = 0 */
    TL_EXPECT_OUT0(q, in, 1, "point on a face");
    set(in, 1, 1, 1, 0, O, I); /* a point at a corner */
    TL_EXPECT_OUT0(q, in, 1, "point at a corner");
}

static void just_apart_misses(void)
{
    double in[10];
    set(in, -2, -3, -6, nextafterf(7, 0), O, I);
    TL_EXPECT_OUT0(q, in, 0, "corner, r one ulp short");
    set(in, 4, 5, 0.5, nextafterf(5, 0), O, I);
    TL_EXPECT_OUT0(q, in, 0, "edge, r one ulp short");
    set(in, -0x1p-149, 0.5, 0.5, 0, O, I);
    TL_EXPECT_OUT0(q, in, 0, "point 2^-149 outside");
    /* Outside two faces at once: gaps (1, 1, 0), distance sqrt(2) > 1.41. */
    set(in, 2, 2, 0.5, 1.41f, O, I);
    TL_EXPECT_OUT0(q, in, 0, "edge, r below sqrt 2");
    set(in, 2, 2, 0.5, 1.415f, O, I);
    TL_EXPECT_OUT0(q, in, 1, "edge, r above sqrt 2");
}

static void inside_and_extremes(void)
{
    double in[10];
    set(in, 0.25, 0.5, 0.75, 0, O, I);
    TL_EXPECT_OUT0(q, in, 1, "centre inside");
    const double lo[3] = {0x1p126, 0, 0}, hi[3] = {0x1p127, 0, 0};
    set(in, -0x1p126, 0, 0, 0x1p127, lo, hi); /* gap 2^127 = r */
    TL_EXPECT_OUT0(q, in, 1, "touching at 2^127");
    set(in, -0x1p126, 0, 0, 0x1.fffffep126, lo, hi);
    TL_EXPECT_OUT0(q, in, 0, "one ulp short at 2^127");
    const double m1[3] = {-1, -1, -1};
    set(in, 3 * 0x1p-149, 4 * 0x1p-149, 0, 5 * 0x1p-149, m1, O);
    TL_EXPECT_OUT0(q, in, 1, "subnormal corner touching");
}

static void invalid_input(void)
{
    double in[10];
    set(in, 0, 0, 0, -0x1p-149, O, I);
    tl_expect_invalid(q, in, "negative radius");
    const double bad[3] = {0, 0, 2};
    set(in, 0, 0, 0, 1, bad, I);
    tl_expect_invalid(q, in, "min > max");
    set(in, INFINITY, 0, 0, 1, O, I);
    tl_expect_invalid(q, in, "infinite centre");
}

/* ---- generators ------------------------------------------------------------ */

static const int trip[][4] = {{3, 4, 0, 5}, {2, 3, 6, 7}, {1, 4, 8, 9}, {0, 0, 1, 1}, {0, 3, 4, 5}};

static void gen(double *in)
{
    int e = tl_int(-30, 30), kind = tl_int(0, 3);
    double lo[3], hi[3];
    for (int i = 0; i < 3; i++) {
        lo[i] = tl_small(e);
        hi[i] = tl_small(e);
        if (lo[i] > hi[i]) {
            double t = lo[i];
            lo[i] = hi[i];
            hi[i] = t;
        }
    }
    memcpy(in + 4, lo, sizeof lo);
    memcpy(in + 7, hi, sizeof hi);
    if (kind <= 1) { /* touching a face, an edge or a corner */
        const int *t = trip[tl_int(0, 4)];
        int rot = tl_int(0, 2);
        double s = ldexp(1, e + tl_int(-2, 2));
        for (int i = 0; i < 3; i++) {
            int w = t[(i + rot) % 3];
            in[i] = w == 0 ? lo[i] + tl_int(0, 1) * (hi[i] - lo[i]) : tl_rnd() & 1 ? hi[i] + s * w : lo[i] - s * w;
        }
        in[3] = s * t[3];
        if (kind == 1) {
            float r = (float)in[3];
            in[3] = nextafterf(r, tl_rnd() & 1 ? INFINITY : 0);
        }
    } else if (kind == 2) {
        for (int i = 0; i < 3; i++)
            in[i] = tl_small(e);
        in[3] = fabs(tl_small(e));
    } else {
        for (int i = 0; i < 3; i++)
            in[i] = tl_f32(3);
        in[3] = fabs(tl_f32(3));
        for (int i = 4; i < 10; i++)
            in[i] = tl_f32(3);
        for (int i = 0; i < 3; i++)
            if (in[4 + i] > in[7 + i]) {
                double t = in[4 + i];
                in[4 + i] = in[7 + i];
                in[7 + i] = t;
            }
    }
}

static void random_against_independent_formulation(void)
{
    int hits = 0;
    for (int n = 0; n < 1333; n++) {
        double in[10], out[1];
        gen(in);
        cr_assert_eq(tl_ref(q, in, out), REF_OK);
        /* exact for small integers times 2^e (kinds 0..2); kind 3 values are
         * random binary32: the binary64 formulation may round, so compare
         * only when it is far from the boundary */
        double d2 = 0;
        for (int i = 0; i < 3; i++) {
            double c = in[i], qi = c < in[4 + i] ? in[4 + i] : c > in[7 + i] ? in[7 + i] : c;
            d2 += (c - qi) * (c - qi);
        }
        double r2 = in[3] * in[3];
        if (fabs(d2 - r2) > 0x1p-40 * (d2 + r2) || d2 == r2)
            cr_assert_eq(out[0], d2 <= r2, "case %d (ISECT_SEED=%llu): d2 %a r2 %a", n, (unsigned long long)tl_seed, d2, r2);
        hits += out[0] != 0;
    }
    cr_assert(hits > 130 && hits < 1200, "balance: %d hits", hits);
}

static void metamorphic(void)
{
    for (int n = 0; n < 333; n++) {
        double in[10], m[10], a[1], b[1];
        gen(in);
        tl_ref(q, in, a);
        int f = tl_int(0, 2), p = tl_int(0, 2);
        /* mirror axis f and rotate the axes by p */
        double c[3], lo[3], hi[3];
        for (int i = 0; i < 3; i++) {
            c[i] = i == f ? -in[i] : in[i];
            lo[i] = i == f ? -in[7 + i] : in[4 + i];
            hi[i] = i == f ? -in[4 + i] : in[7 + i];
        }
        for (int i = 0; i < 3; i++) {
            m[i] = c[(i + p) % 3];
            m[4 + i] = lo[(i + p) % 3];
            m[7 + i] = hi[(i + p) % 3];
        }
        m[3] = in[3];
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "mirror/rotate (case %d, seed %llu)", n, (unsigned long long)tl_seed);
        int k = tl_int(-30, 30);
        for (int i = 0; i < 10; i++)
            m[i] = ldexp(in[i], k);
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "scale (case %d)", n);
    }
}

/* ---- fast ------------------------------------------------------------------- */

static void fast_on_exact_cases(void)
{
    double in[10], out[ISECT_MAX_OUT];
    double cases[][10] = {{0.5, 0.5, 3, 2, 0, 0, 0, 1, 1, 1},     {4, 5, 0.5, 5, 0, 0, 0, 1, 1, 1},
                          {-2, -3, -6, 7, 0, 0, 0, 1, 1, 1},      {-0x1p126, 0, 0, 0x1p127, 0x1p126, 0, 0, 0x1p127, 0, 0},
                          {3 * 0x1p-149, 4 * 0x1p-149, 0, 5 * 0x1p-149, -1, -1, -1, 0, 0, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        tl_run(q, "fast", cases[i], out);
        cr_assert_eq(out[0], 1, "touching case %zu", i);
    }
    set(in, -2, -3, -6, nextafterf(7, 0), O, I);
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 0, "r one ulp short");
    set(in, 0, 0, 0, -1, O, I);
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 0, "invalid");
}

static void fast_within_tolerance(void) { ov_check_target(q, "fast", gen, 4000); }

/* ---- enclosure, filter, judge -------------------------------------------------- */

static void enclosure_is_sound(void) { ov_check_encl(q, gen, 500, 16); }

static void filter_agrees_with_exact(void) { ov_check_filter(q, gen, 500); }

static void judge(void)
{
    double in[10], yes[1] = {1}, no[1] = {0};
    set(in, -2, -3, -6, 7, O, I); /* touching a corner, answered miss */
    isect_judgement j = tl_judge(q, "fast", in, no);
    cr_assert(j.verdict == VERDICT_TOLERATED && j.severity == 0, "touching: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    set(in, -2, -3, -6, 6, O, I); /* gap 1 at S = 6, answered hit */
    j = tl_judge(q, "fast", in, yes);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "gap: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    set(in, 0.5, 0.5, 0.5, 0.25, O, I); /* centre inside, answered miss */
    j = tl_judge(q, "fast", in, no);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "inside: %s %g", isect_verdict_name(j.verdict),
              j.severity);
}

/* ---- one process per file (Criterion forks one per Test; under ASan each fork
 * costs more than most of these checks) ------------------------------------ */

Test(sphere_aabb, all)
{
    touching_is_a_hit();
    just_apart_misses();
    inside_and_extremes();
    invalid_input();
    random_against_independent_formulation();
    metamorphic();
    enclosure_is_sound();
    filter_agrees_with_exact();
    fast_on_exact_cases();
    fast_within_tolerance();
    judge();
}
