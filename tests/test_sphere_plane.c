/* tests/test_sphere_plane.c: sphere_plane in ref, fast and the judge (a side
 * query: no hit flag, the judge compares the enum).
 *
 * Flat layout: in = center[3] radius point[3] normal[3]; out = side (-1
 * back, 0 straddling, 1 front = the side the normal points to).  Expected
 * answers by hand in the comments; the random batches use small integers
 * times a power of two, for which an independent binary64 formulation is
 * exact (s = (c - p).n and s^2 against r^2 n.n).
 */
#include "testlib_overlap.h"

#include "isect.h"

static const isect_query *qs;

static void setup(void)
{
    qs = tl_query("sphere_plane");
    tl_init_seed(0x91a);
}

TestSuite(sphere_plane, .init = setup);

static void sph(double *in, const double *a, double s, const double *p, const double *n)
{
    memcpy(in, a, 3 * sizeof *in);
    in[3] = s;
    memcpy(in + 4, p, 3 * sizeof *in);
    memcpy(in + 7, n, 3 * sizeof *in);
}

#define V(...) ((const double[3]){__VA_ARGS__})

static void sphere_exact_cases(void)
{
    double in[10];
    sph(in, V(1, 2, 3), 3, V(0, 0, 0), V(0, 0, 1)); /* touching from the front */
    cr_assert_eq(ov_side(qs, in), 0, "touching straddles");
    sph(in, V(1, 2, 3), nextafterf(3, 0), V(0, 0, 0), V(0, 0, 1));
    cr_assert_eq(ov_side(qs, in), 1, "one ulp short: front");
    sph(in, V(1, 2, -3), 2, V(0, 0, 0), V(0, 0, 1));
    cr_assert_eq(ov_side(qs, in), -1, "behind");
    sph(in, V(1, 2, 3), 1, V(0, 0, 0), V(0, 0, -2));
    cr_assert_eq(ov_side(qs, in), -1, "normal reversed");
    sph(in, V(5, -7, 0), 0, V(0, 0, 0), V(0, 0, 1));
    cr_assert_eq(ov_side(qs, in), 0, "a point on the plane");
    sph(in, V(5, -7, 0x1p-149), 0, V(0, 0, 0), V(0, 0, 1));
    cr_assert_eq(ov_side(qs, in), 1, "a point 2^-149 in front");
    /* plane through (1,1,1), n = (3,4,0), |n| = 5; c = (7,9,5): s = 50, distance 10 */
    sph(in, V(7, 9, 5), 10, V(1, 1, 1), V(3, 4, 0));
    cr_assert_eq(ov_side(qs, in), 0, "tilted touching");
    sph(in, V(7, 9, 5), nextafterf(10, 0), V(1, 1, 1), V(3, 4, 0));
    cr_assert_eq(ov_side(qs, in), 1, "tilted one ulp short");
    sph(in, V(-5, -7, -3), nextafterf(10, 0), V(1, 1, 1), V(3, 4, 0)); /* s = -50 */
    cr_assert_eq(ov_side(qs, in), -1, "tilted behind");
    sph(in, V(0, 0, 0), 1, V(0, 0, 0), V(0, 0, 0));
    tl_expect_invalid(qs, in, "zero normal");
    sph(in, V(0, 0, 0), -1, V(0, 0, 0), V(0, 0, 1));
    tl_expect_invalid(qs, in, "negative radius");
}

static void gen_sphere(double *in)
{
    int e = tl_int(-20, 20), kind = tl_int(0, 3);
    for (int i = 0; i < 10; i++)
        in[i] = tl_small(e);
    in[3] = fabs(in[3]);
    for (int i = 7; i < 10; i++)
        in[i] = tl_int(-4, 4) * ldexp(1, tl_int(-3, 3));
    if (kind == 0) { /* touching along an axis normal */
        int k = tl_int(0, 2);
        in[7] = in[8] = in[9] = 0;
        in[7 + k] = tl_rnd() & 1 ? 1 : -1;
        for (int i = 0; i < 3; i++)
            in[i] = in[4 + i] + (i == k ? (tl_rnd() & 1 ? in[3] : -in[3]) : tl_small(e));
    } else if (kind == 1) { /* touching along a 3-4-5 normal */
        int k = tl_int(0, 2);
        double t[3] = {3, 4, 0}, s = ldexp(1, e), sg = tl_rnd() & 1 ? 1 : -1;
        for (int i = 0; i < 3; i++)
            in[i] = in[4 + i] + sg * s * t[(i + k) % 3];
        double f = tl_rnd() & 1 ? 0.5 : 2;
        for (int i = 0; i < 3; i++)
            in[7 + i] = t[(i + k) % 3] * f;
        in[3] = 5 * s;
    } else if (kind == 2) {
        for (int i = 0; i < 10; i++)
            in[i] = tl_f32(3);
        in[3] = fabs(in[3]);
    }
    if (tl_int(0, 3) == 0)
        in[3] = nextafterf((float)in[3], tl_rnd() & 1 ? INFINITY : 0);
    if (in[7] == 0 && in[8] == 0 && in[9] == 0)
        in[9] = 1;
}

static int sphere_independent(const double *in, int *exact)
{
    double s = 0, nn = 0;
    for (int i = 0; i < 3; i++) {
        s += (in[i] - in[4 + i]) * in[7 + i];
        nn += in[7 + i] * in[7 + i];
    }
    double g = s * s - in[3] * in[3] * nn;
    *exact = fabs(g) > 1e-9 * (s * s + in[3] * in[3] * nn) || g == 0;
    return g <= 0 ? 0 : s > 0 ? 1 : -1;
}

static void random_against_independent_formulation(void) { ov_sides_against(qs, gen_sphere, sphere_independent, 1333); }

static void metamorphic(void)
{
    for (int n = 0; n < 333; n++) {
        double in[12], m[12];
        gen_sphere(in);
        double a = ov_side(qs, in);
        memcpy(m, in, sizeof m); /* normal reversed: the side flips */
        for (int i = 7; i < 10; i++)
            m[i] = -in[i];
        cr_assert_eq(ov_side(qs, m), -a, "sphere: normal reversed (case %d)", n);
        int k = tl_int(-30, 30); /* normal scaled: the same side */
        for (int i = 7; i < 10; i++)
            m[i] = ldexp(in[i], k);
        cr_assert_eq(ov_side(qs, m), a, "sphere: normal scaled (case %d)", n);
    }
}

/* ---- fast, enclosure, filter, judge --------------------------------------------- */

static void fast(void)
{
    double in[12], out[ISECT_MAX_OUT];
    sph(in, V(1, 2, 3), 3, V(0, 0, 0), V(0, 0, 1));
    tl_run(qs, "fast", in, out);
    cr_assert_eq(out[0], 0, "sphere touching");
    sph(in, V(7, 9, 5), nextafterf(10, 0), V(1, 1, 1), V(3, 4, 0));
    tl_run(qs, "fast", in, out);
    cr_assert_eq(out[0], 1, "sphere tilted front");
    isect_sphere s = {{0, 0, 0}, 1};
    isect_plane zero = {{0, 0, 0}, {0, 0, 0}};
    isect_sphere_plane_result r = {ISECT_FRONT};
    cr_assert(!isect_sphere_plane(s, zero, &r) && r.side == 0, "zero normal: false, side 0");
    ov_check_target(qs, "fast", gen_sphere, 1200);
}

static void enclosure_and_filter(void)
{
    ov_check_encl(qs, gen_sphere, 266, 10);
    ov_check_filter(qs, gen_sphere, 250);
}

static void judge(void)
{
    double in[12], out[1];
    /* touching answered front: severity 0 (no hit flag; the enum is compared) */
    sph(in, V(1, 2, 3), 3, V(0, 0, 0), V(0, 0, 1));
    cr_assert_eq(isect_query_hit_index(qs), -1);
    out[0] = 1;
    isect_judgement j = tl_judge(qs, "fast", in, out);
    cr_assert(j.verdict == VERDICT_TOLERATED && j.severity == 0 && j.slot == 0, "touching as front: %s %g",
              isect_verdict_name(j.verdict), j.severity);
    /* straddling deeply answered back: a discrepancy */
    sph(in, V(1, 2, 0.5), 3, V(0, 0, 0), V(0, 0, 1));
    out[0] = -1;
    j = tl_judge(qs, "fast", in, out);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "straddle as back: %s %g",
              isect_verdict_name(j.verdict), j.severity);
    /* front answered back */
    sph(in, V(1, 2, 5), 3, V(0, 0, 0), V(0, 0, 1));
    j = tl_judge(qs, "fast", in, out);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "front as back: %s %g",
              isect_verdict_name(j.verdict), j.severity);
}

/* ---- one process per file (Criterion forks one per Test; under ASan each fork
 * costs more than most of these checks) ------------------------------------ */

Test(sphere_plane, all)
{
    sphere_exact_cases();
    random_against_independent_formulation();
    metamorphic();
    enclosure_and_filter();
    fast();
    judge();
}
