/* tests/test_aabb_aabb.c: aabb_aabb in ref, fast and the judge.
 *
 * Flat layout: in = min0[3] max0[3] min1[3] max1[3]; out = hit.  Boxes
 * overlap iff they overlap on every axis.  Expected answers by hand in the
 * comments; the random batch is checked against an independent formulation
 * (the intersection box is non-empty: max(min0, min1) <= min(max0, max1)).
 */
#include "testlib_overlap.h"

#include "isect.h"

static const isect_query *q;

static void setup(void)
{
    q = tl_query("aabb_aabb");
    tl_init_seed(0xaabb);
}

TestSuite(aabb_aabb, .init = setup);

static void set(double *in, const double a0[3], const double a1[3], const double b0[3], const double b1[3])
{
    memcpy(in, a0, 3 * sizeof *in);
    memcpy(in + 3, a1, 3 * sizeof *in);
    memcpy(in + 6, b0, 3 * sizeof *in);
    memcpy(in + 9, b1, 3 * sizeof *in);
}

#define V(...) ((const double[3]){__VA_ARGS__})

static void touching_is_a_hit(void)
{
    double in[12];
    set(in, V(0, 0, 0), V(1, 1, 1), V(1, 0, 0), V(2, 1, 1));
    TL_EXPECT_OUT0(q, in, 1, "shared face x = 1");
    set(in, V(0, 0, 0), V(1, 1, 1), V(1, 1, 1), V(2, 2, 2));
    TL_EXPECT_OUT0(q, in, 1, "shared corner");
    set(in, V(0, 0, 0), V(1, 1, 1), V(1, 1, -5), V(3, 3, 5));
    TL_EXPECT_OUT0(q, in, 1, "shared edge x = y = 1");
    set(in, V(0, 0, 0.5), V(1, 1, 0.5), V(0.5, -1, 0), V(0.5, 2, 1));
    TL_EXPECT_OUT0(q, in, 1, "flat boxes crossing");
    set(in, V(-3, 2, 7), V(-3, 2, 7), V(-3, 2, 7), V(-3, 2, 7));
    TL_EXPECT_OUT0(q, in, 1, "equal points");
}

static void apart_by_one_ulp(void)
{
    double in[12];
    set(in, V(0, 0, 0), V(1, 1, 1), V(nextafterf(1, 2), 0, 0), V(2, 1, 1));
    TL_EXPECT_OUT0(q, in, 0, "one ulp gap on x");
    set(in, V(0, 0, 0), V(1, 1, 1), V(0.5, 0.5, -1), V(0.7, 0.7, -0x1p-149));
    TL_EXPECT_OUT0(q, in, 0, "subnormal gap on z");
    set(in, V(-3, 2, 7), V(-3, 2, 7), V(-3, 2, nextafterf(7, 8)), V(-3, 2, 8));
    TL_EXPECT_OUT0(q, in, 0, "point one ulp below a box");
}

static void containment_and_cross(void)
{
    double in[12];
    set(in, V(-10, -10, -10), V(10, 10, 10), V(1, 2, 3), V(4, 5, 6));
    TL_EXPECT_OUT0(q, in, 1, "containment");
    set(in, V(-5, -0.5, -0.5), V(5, 0.5, 0.5), V(-0.5, -5, -5), V(0.5, 5, 5));
    TL_EXPECT_OUT0(q, in, 1, "cross");
    set(in, V(-FLT_MAX, -FLT_MAX, -FLT_MAX), V(FLT_MAX, FLT_MAX, FLT_MAX), V(FLT_MAX, 0, 0), V(FLT_MAX, 0, 0));
    TL_EXPECT_OUT0(q, in, 1, "FLT_MAX corner");
}

static void invalid_input(void)
{
    double in[12];
    set(in, V(0, 0, 0), V(1, 1, 1), V(0, 2, 0), V(1, 1, 1));
    tl_expect_invalid(q, in, "min > max");
    set(in, V(-INFINITY, 0, 0), V(1, 1, 1), V(0, 0, 0), V(1, 1, 1));
    tl_expect_invalid(q, in, "infinite bound");
    set(in, V(0, 0, 0), V(1, NAN, 1), V(0, 0, 0), V(1, 1, 1));
    tl_expect_invalid(q, in, "NaN bound");
}

/* ---- generators ------------------------------------------------------------ */

/* Boxes with small-integer bounds at a common power-of-two scale: faces,
 * edges and corners often coincide exactly; sometimes one bound nudged by
 * an ulp; sometimes flat. */
static void gen(double *in)
{
    int e = tl_int(-30, 30);
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < 3; i++) {
            double lo = tl_small(e), hi = tl_small(e);
            if (lo > hi) {
                double t = lo;
                lo = hi;
                hi = t;
            }
            if (tl_int(0, 7) == 0)
                hi = lo;
            in[6 * b + i] = lo;
            in[6 * b + 3 + i] = hi;
        }
    if (tl_int(0, 2) == 0) {
        int k = tl_int(0, 11);
        float v = (float)in[k];
        v = nextafterf(v, tl_rnd() & 1 ? INFINITY : -INFINITY);
        in[k] = v;
    }
}

static int independent(const double *in)
{
    for (int i = 0; i < 3; i++)
        if (fmax(in[i], in[6 + i]) > fmin(in[3 + i], in[9 + i]))
            return 0;
    return 1;
}

static void random_against_independent_formulation(void)
{
    int hits = 0, n = 0;
    for (int k = 0; k < 1666; k++) {
        double in[12], out[1];
        gen(in);
        int st = tl_ref(q, in, out);
        int valid = 1;
        for (int i = 0; i < 3; i++)
            valid &= in[i] <= in[3 + i] && in[6 + i] <= in[9 + i];
        cr_assert_eq(st, valid ? REF_OK : REF_INVALID);
        if (!valid)
            continue;
        n++;
        cr_assert_eq(out[0], independent(in), "case %d (ISECT_SEED=%llu)", k, (unsigned long long)tl_seed);
        hits += out[0] != 0;
    }
    cr_assert(hits > n / 10 && hits < n - n / 10, "generator balance: %d hits of %d", hits, n);
}

static void metamorphic(void)
{
    for (int n = 0; n < 333; n++) {
        double in[12], m[12], a[1], b[1];
        gen(in);
        if (tl_ref(q, in, a) != REF_OK)
            continue;
        memcpy(m, in + 6, 6 * sizeof *m); /* swap the boxes */
        memcpy(m + 6, in, 6 * sizeof *m);
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "swap");
        int f = tl_int(0, 2); /* mirror axis f: [lo, hi] -> [-hi, -lo] */
        memcpy(m, in, sizeof m);
        for (int bx = 0; bx < 12; bx += 6) {
            m[bx + f] = -in[bx + 3 + f];
            m[bx + 3 + f] = -in[bx + f];
        }
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "mirror");
    }
}

/* ---- fast ------------------------------------------------------------------- */

/* fast compares binary32 values exactly: it must agree with ref bit for bit. */
static void fast_is_exact(void)
{
    for (int n = 0; n < 1666; n++) {
        double in[12], a[1], out[ISECT_MAX_OUT];
        gen(in);
        int st = tl_ref(q, in, a);
        tl_run(q, "fast", in, out);
        cr_assert_eq(out[0], st == REF_OK ? a[0] : 0, "case %d (ISECT_SEED=%llu)", n, (unsigned long long)tl_seed);
    }
    isect_aabb a = {{0, 0, 0}, {1, 1, 1}}, b = {{1, 1, 1}, {2, 2, 2}}, c = {{0, 0, 0}, {NAN, 1, 1}};
    isect_aabb_aabb_result r = {.hit = false};
    cr_assert(isect_aabb_aabb(a, b, &r) && r.hit, "corner contact");
    cr_assert(!isect_aabb_aabb(a, c, &r) && !r.hit, "NaN is a miss");
    cr_assert(isect_aabb_aabb(a, b, NULL), "NULL result");
}

/* ---- enclosure, judge -------------------------------------------------------- */

static void enclosure_is_sound(void) { ov_check_encl(q, gen, 666, 16); }

static void judge(void)
{
    double in[12], yes[1] = {1}, no[1] = {0};
    /* touching faces answered miss: severity 0, tolerated even at tolerance 0 */
    set(in, V(0, 0, 0), V(1, 1, 1), V(1, 0, 0), V(2, 1, 1));
    isect_judgement j = tl_judge(q, "fast", in, no);
    cr_assert(j.verdict == VERDICT_TOLERATED && j.severity == 0, "touching: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    /* a gap of 1 (S = 3) answered hit: a perturbation of 1/2 per bound */
    set(in, V(0, 0, 0), V(1, 1, 1), V(2, 0, 0), V(3, 1, 1));
    j = tl_judge(q, "fast", in, yes);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 0.1 * 0x1p24, "gap: %s %g",
              isect_verdict_name(j.verdict), j.severity);
    /* one ulp gap answered hit: severity about 1/2 ulp of S, a discrepancy
     * for fast (tolerance 0: fast is exact) */
    set(in, V(0, 0, 0), V(1, 1, 1), V(nextafterf(1, 2), 0, 0), V(2, 1, 1));
    j = tl_judge(q, "fast", in, yes);
    cr_assert(j.severity > 0 && j.severity < 1, "one ulp gap: severity %g", j.severity);
}

/* ---- one process per file (Criterion forks one per Test; under ASan each fork
 * costs more than most of these checks) ------------------------------------ */

Test(aabb_aabb, all)
{
    touching_is_a_hit();
    apart_by_one_ulp();
    containment_and_cross();
    invalid_input();
    random_against_independent_formulation();
    metamorphic();
    enclosure_is_sound();
    fast_is_exact();
    judge();
}
