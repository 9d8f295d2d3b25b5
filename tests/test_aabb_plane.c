/* tests/test_aabb_plane.c: aabb_plane in ref, fast and the judge (a side
 * query: no hit flag, the judge compares the enum).
 *
 * Flat layout: in = min[3] max[3] point[3] normal[3]; out = side (-1 back,
 * 0 straddling, 1 front = the side the normal points to).  Expected answers
 * by hand in the comments; the random batches use small integers times a
 * power of two, for which an independent binary64 formulation is exact (the
 * eight corners).
 */
#include "testlib_overlap.h"

#include "isect.h"

static const isect_query *qb;

static void setup(void)
{
    qb = tl_query("aabb_plane");
    tl_init_seed(0x91a);
}

TestSuite(aabb_plane, .init = setup);

#define V(...) ((const double[3]){__VA_ARGS__})

static void box(double *in, const double *lo, const double *hi, const double *p, const double *n)
{
    memcpy(in, lo, 3 * sizeof *in);
    memcpy(in + 3, hi, 3 * sizeof *in);
    memcpy(in + 6, p, 3 * sizeof *in);
    memcpy(in + 9, n, 3 * sizeof *in);
}

static void box_exact_cases(void)
{
    double in[12];
    const double *O = V(0, 0, 0), *I = V(1, 1, 1);
    box(in, O, I, V(0, 0, 1), V(0, 0, 1));
    cr_assert_eq(ov_side(qb, in), 0, "touching the top face");
    box(in, O, I, V(0, 0, nextafterf(1, 2)), V(0, 0, 1));
    cr_assert_eq(ov_side(qb, in), -1, "just above the top face: behind");
    box(in, O, I, V(1, 1, 1), V(1, 1, 1));
    cr_assert_eq(ov_side(qb, in), 0, "through the corner");
    box(in, O, I, V(1, 1, nextafterf(1, 2)), V(1, 1, 1));
    cr_assert_eq(ov_side(qb, in), -1, "just beyond the corner");
    box(in, O, I, V(0, 0, -0x1p-149), V(1, 1, 1));
    cr_assert_eq(ov_side(qb, in), 1, "just before the corner 0");
    box(in, O, I, V(0, 0, -0x1p-149), V(-1, -1, -1));
    cr_assert_eq(ov_side(qb, in), -1, "normal reversed");
    box(in, V(0, 0, 5), V(1, 1, 5), V(0.5, 0, 0), V(2, 0, 0));
    cr_assert_eq(ov_side(qb, in), 0, "flat box cut");
    /* n = (1,-2,0) through (0,0,0): over the box, x - 2y ranges over [-2, 1] */
    box(in, O, I, V(0, 0, 0), V(1, -2, 0));
    cr_assert_eq(ov_side(qb, in), 0, "mixed signs");
    box(in, O, I, V(-2, 0, 0), V(1, -2, 0)); /* x - 2y + 2 in [0, 3]: touching */
    cr_assert_eq(ov_side(qb, in), 0, "mixed signs, touching");
    box(in, O, I, V(-2.5, 0, 0), V(1, -2, 0)); /* [0.5, 3.5] */
    cr_assert_eq(ov_side(qb, in), 1, "mixed signs, front");
    box(in, V(0, 2, 0), I, O, V(0, 0, 1));
    tl_expect_invalid(qb, in, "min > max");
    box(in, O, I, O, O);
    tl_expect_invalid(qb, in, "zero normal");
}

static void gen_box(double *in)
{
    int e = tl_int(-20, 20), kind = tl_int(0, 3);
    for (int i = 0; i < 12; i++)
        in[i] = tl_small(e);
    for (int i = 9; i < 12; i++)
        in[i] = tl_int(-4, 4) * ldexp(1, tl_int(-3, 3));
    for (int i = 0; i < 3; i++)
        if (in[i] > in[3 + i]) {
            double t = in[i];
            in[i] = in[3 + i];
            in[3 + i] = t;
        }
    if (kind == 0) /* through the least corner */
        for (int i = 0; i < 3; i++)
            in[6 + i] = in[9 + i] >= 0 ? in[i] : in[3 + i];
    else if (kind == 1)
        for (int i = 0; i < 3; i++)
            in[6 + i] = in[9 + i] >= 0 ? in[3 + i] : in[i];
    else if (kind == 2) {
        for (int i = 0; i < 12; i++)
            in[i] = tl_f32(3);
        for (int i = 0; i < 3; i++)
            if (in[i] > in[3 + i]) {
                double t = in[i];
                in[i] = in[3 + i];
                in[3 + i] = t;
            }
    }
    if (tl_int(0, 3) == 0) {
        int k = tl_int(6, 8);
        in[k] = nextafterf((float)in[k], tl_rnd() & 1 ? INFINITY : -INFINITY);
    }
    if (in[9] == 0 && in[10] == 0 && in[11] == 0)
        in[11] = 1;
}

static int box_independent(const double *in, int *exact)
{
    double lo = INFINITY, hi = -INFINITY, mag = 0;
    for (int c = 0; c < 8; c++) {
        double d = 0;
        for (int i = 0; i < 3; i++) {
            double x = (c >> i) & 1 ? in[3 + i] : in[i];
            d += (x - in[6 + i]) * in[9 + i];
            mag += fabs((x - in[6 + i]) * in[9 + i]);
        }
        lo = fmin(lo, d);
        hi = fmax(hi, d);
    }
    *exact = (lo == 0 || fabs(lo) > 1e-9 * mag) && (hi == 0 || fabs(hi) > 1e-9 * mag);
    return lo > 0 ? 1 : hi < 0 ? -1 : 0;
}

static void random_against_independent_formulation(void) { ov_sides_against(qb, gen_box, box_independent, 1333); }

static void metamorphic(void)
{
    for (int n = 0; n < 333; n++) {
        double in[12], m[12];
        gen_box(in);
        double a = ov_side(qb, in);
        memcpy(m, in, sizeof m);
        for (int i = 9; i < 12; i++)
            m[i] = -in[i];
        cr_assert_eq(ov_side(qb, m), -a, "box: normal reversed (case %d)", n);
        int f = tl_int(0, 2); /* mirror axis f of everything: same side */
        memcpy(m, in, sizeof m);
        m[f] = -in[3 + f];
        m[3 + f] = -in[f];
        m[6 + f] = -in[6 + f];
        m[9 + f] = -in[9 + f];
        cr_assert_eq(ov_side(qb, m), a, "box: mirror (case %d)", n);
    }
}

/* ---- fast, enclosure, filter, judge --------------------------------------------- */

static void fast(void)
{
    double in[12], out[ISECT_MAX_OUT];
    box(in, V(0, 0, 0), V(1, 1, 1), V(1, 1, 1), V(1, 1, 1));
    tl_run(qb, "fast", in, out);
    cr_assert_eq(out[0], 0, "box through the corner");
    box(in, V(0, 0, 0), V(1, 1, 1), V(-2.5, 0, 0), V(1, -2, 0));
    tl_run(qb, "fast", in, out);
    cr_assert_eq(out[0], 1, "box front");
    ov_check_target(qb, "fast", gen_box, 1200);
}

static void enclosure_and_filter(void)
{
    ov_check_encl(qb, gen_box, 266, 10);
    ov_check_filter(qb, gen_box, 250);
}

static void judge(void)
{
    double in[12], out[1];
    /* box one ulp behind the plane: fast answers back exactly; straddling
     * would be a discrepancy, as fast's tolerance is 0 (exact sides) */
    box(in, V(0, 0, 0), V(1, 1, 1), V(0, 0, nextafterf(1, 2)), V(0, 0, 1));
    tl_run(qb, "fast", in, out);
    cr_assert_eq(out[0], -1, "box one ulp behind: back");
    out[0] = 0;
    isect_judgement j = tl_judge(qb, "fast", in, out);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity < 2, "box one ulp: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    box(in, V(0, 0, 0), V(1, 1, 1), V(0, 0, 2), V(0, 0, 1));
    j = tl_judge(qb, "fast", in, out);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "box far behind as straddling: %s %g",
              isect_verdict_name(j.verdict), j.severity);
}

/* ---- one process per file (Criterion forks one per Test; under ASan each fork
 * costs more than most of these checks) ------------------------------------ */

Test(aabb_plane, all)
{
    box_exact_cases();
    random_against_independent_formulation();
    metamorphic();
    enclosure_and_filter();
    fast();
    judge();
}
