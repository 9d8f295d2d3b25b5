/* tests/test_sphere_sweep_sphere_exact.c: fast's sphere_sweep_sphere hit
 * flag is exact (issue 14).
 *
 * - Hand-derived boundary inputs (an exact tangent graze, contact exactly
 *   at t = 1, touching exactly at the start) of the relative motion
 *   w = c0 - c1, v = v0 - v1, R = r0 + r1: the binary64 filter cannot
 *   decide them, the exact path runs (counted through SSP_EXACT_HOOK on a
 *   copy of fast's source) and gives the hand answer.
 * - Inputs where the old code (the radius sum and the velocity difference
 *   rounded to binary32) answered a hit and the exact answer is a miss.
 * - Randomized as in test_sphere_sweep_point_exact.c (the point row's
 *   `mutate` edits on a sphere at rest of radius 0): fast's hit == ref's,
 *   the judge with fast's entry agrees or tolerates.
 * Layout: c0[3] v0[3] r0 c1[3] v1[3] r1.  ISECT_EXACT_N: cases per mode.
 */
#include "testlib.h"

static long exact_calls;
#define SSP_EXACT_HOOK() (exact_calls++)
#define fsw_pair hooked_fsw_pair
#define isect_sphere_sweep_point hooked_sphere_sweep_point
#define isect_sphere_sweep_sphere hooked_sphere_sweep_sphere
bool hooked_sphere_sweep_point(isect_moving_sphere s, isect_vec3 p, isect_sphere_sweep_point_result *out);
bool hooked_sphere_sweep_sphere(isect_moving_sphere a, isect_moving_sphere b, isect_sphere_sweep_sphere_result *out);
#include "../fast/sphere_sweep_point.c"
#include "../fast/sphere_sweep_sphere.c"
#undef fsw_pair
#undef isect_sphere_sweep_point
#undef isect_sphere_sweep_sphere

enum { N = 14 };

static isect_vec3 v3(const double *x) { return (isect_vec3){(float)x[0], (float)x[1], (float)x[2]}; }
static isect_moving_sphere ball(const double *x) { return (isect_moving_sphere){v3(x), v3(x + 3), (float)x[6]}; }

static bool run_hooked(const double *in, float *t, long *calls)
{
    isect_sphere_sweep_sphere_result r;
    long before = exact_calls;
    bool h = hooked_sphere_sweep_sphere(ball(in), ball(in + 7), &r);
    *calls = exact_calls - before;
    *t = r.t;
    cr_assert_eq(h, r.hit);
    return h;
}

static void expect(const double *in, bool hit, double t, bool exact_path, const char *what)
{
    const isect_query *q = tl_query("sphere_sweep_sphere");
    double ref_out[ISECT_MAX_OUT];
    cr_assert_eq(q->ref(in, ref_out), REF_OK, "%s", what);
    cr_assert_eq(ref_out[0] != 0, hit, "%s: ref disagrees with the hand derivation", what);
    float ft;
    long calls;
    bool h = run_hooked(in, &ft, &calls);
    cr_assert_eq(h, hit, "%s: fast hit %d, hand %d", what, h, hit);
    if (hit)
        cr_assert(ft == t, "%s: t = %a, hand %a", what, ft, t);
    if (exact_path)
        cr_assert(calls == 1, "%s: the exact path ran %ld times", what, calls);
}

#define IN(...) ((const double[N]){__VA_ARGS__})

Test(sphere_sweep_sphere_exact, hand_boundaries_force_the_exact_path)
{
    /* w = (-4, 3, 0), v = (8, 0, 0), R = 1 + 2 = 3: a tangent graze at t = 1/2. */
    expect(IN(-4, 3, 0, 4, 0, 0, 1, 0, 0, 0, -4, 0, 0, 2), true, 0.5, true, "tangent graze");
    expect(IN(-4, 3, 0, 4, 0, 0, 1, 0, 0, 0, -4, 0, 0, nextafterf(2, 0)), false, 0, false, "graze, r1 one ulp less");
    /* w = (-5, 0, 0), v = (2, 0, 0) - (-2, 0, 0), R = 1/2 + 1/2: f(1) = 0. */
    expect(IN(-5, 0, 0, 2, 0, 0, 0.5, 0, 0, 0, -2, 0, 0, 0.5), true, 1, true, "contact at t = 1");
    /* |w| = |(3, 4, 0)| = 5 = 2 + 3, separating: touching at t = 0. */
    expect(IN(3, 4, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 3), true, 0, true, "touching at the start");
    /* Equal velocities, zero radii, the same centre: t = 0. */
    expect(IN(1, 2, 3, 5, 6, 7, 0, 1, 2, 3, 5, 6, 7, 0), true, 0, true, "coincident points");
}

/* The old code summed the radii in binary32: 1 + (2^-24 + 2^-30) rounds to
 * 1 + 2^-23, the distance of the centres, and it reported touching; the
 * exact sum is smaller: a miss.  Likewise the velocity difference
 * 1 - 2^-30 rounded to 1 in binary32 and the old code reported contact at
 * t = 1 of w = (-2, 0, 0), R = 1; the exact motion stops 2^-30 short. */
Test(sphere_sweep_sphere_exact, old_binary32_sums_differed)
{
    expect(IN(0, 0, 0, 0, 0, 0, 1, 1 + 0x1p-23, 0, 0, 0, 0, 0, 0x1p-24 + 0x1p-30), false, 0, false,
           "rounded radius sum");
    expect(IN(0, 0, 0, 1, 0, 0, 1, 2, 0, 0, 0x1p-30, 0, 0, 0), false, 0, false, "rounded velocity difference");
    expect(IN(0, 0, 0, 1, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0), true, 1, true, "the same exactly touching at t = 1");
}

static int n_cases(void)
{
    const char *s = getenv("ISECT_EXACT_N");
    return s ? atoi(s) : 20000;
}

/* Mode 4: sphere_sweep_point's catalog `mutate` edits (grazes, touching
 * radii, contact at t = 1) on a point input c v r p, as the sphere c0 = c,
 * v0 = v, r0 = r against c1 = p at rest with r1 = 0, or with the roles
 * swapped (the same relative motion, reversed). */
static void gen_mutated(double *in)
{
    const isect_query *qp = tl_query("sphere_sweep_point");
    double x[10];
    for (int i = 0; i < 10; i++)
        x[i] = tl_small(-tl_int(0, 2));
    x[6] = fabs(x[6]);
    for (int k = tl_int(1, 3); k > 0; k--)
        qp->mutate(x, tl_rnd());
    for (int i = 0; i < 10; i++)
        x[i] = (float)x[i];
    x[6] = fabs(x[6]);
    int sw = tl_int(0, 1) * 7;
    for (int i = 0; i < N; i++)
        in[i] = 0;
    for (int i = 0; i < 3; i++) {
        in[sw + i] = x[i];
        in[sw + 3 + i] = x[3 + i];
        in[7 - sw + i] = x[7 + i];
    }
    in[sw + 6] = x[6];
}

/* Mode 0: small integers times 2^-k, the second sphere often at rest or
 * with the first's velocity; 1: the same nudged by an ulp; 2: scaled by
 * 2^k, |k| <= 60; 3: random binary32 values; 4: gen_mutated. */
static void gen(int mode, double *in)
{
    if (mode == 4) {
        gen_mutated(in);
        return;
    }
    int sh = -tl_int(0, 2);
    for (int i = 0; i < N; i++)
        in[i] = mode == 3 ? tl_f32(30) : tl_small(sh);
    int k = tl_int(0, 3);
    for (int i = 0; i < 3 && mode != 3; i++)
        in[10 + i] = k == 0 ? 0 : k == 1 ? in[3 + i] : in[10 + i];
    in[6] = fabs(in[6]);
    in[13] = fabs(in[13]);
    if (mode == 1) {
        int s = tl_int(0, N - 1);
        in[s] = nextafterf((float)in[s], tl_rnd() & 1 ? INFINITY : -INFINITY);
        in[6] = fabs(in[6]);
        in[13] = fabs(in[13]);
    } else if (mode == 2) {
        int e = tl_int(-60, 60);
        for (int i = 0; i < N; i++)
            in[i] = ldexp(in[i], e);
    }
}

Test(sphere_sweep_sphere_exact, hit_equals_ref)
{
    static const char *names[] = {"small integers", "nudged", "scaled", "random floats", "mutated"};
    const isect_query *q = tl_query("sphere_sweep_sphere");
    tl_init_seed(0x55e1ULL);
    int n = n_cases();
    for (int mode = 0; mode < 5; mode++) {
        int hits = 0;
        long calls = 0;
        for (int c = 0; c < n; c++) {
            double in[N], ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
            gen(mode, in);
            if (q->ref(in, ref_out) != REF_OK)
                continue;
            tl_run(q, "fast", in, out);
            float t;
            long k;
            bool h = run_hooked(in, &t, &k);
            calls += k;
            char buf[1024];
            tl_dump(buf, sizeof buf, in, N);
            cr_assert_eq(out[0] != 0, ref_out[0] != 0, "ISECT_SEED=%llu %s case %d: fast hit %g, ref %g\n  in: %s",
                         (unsigned long long)tl_seed, names[mode], c, out[0], ref_out[0], buf);
            cr_assert(h == (out[0] != 0) && (!h || t == out[1]), "%s case %d: the hooked copy differs", names[mode], c);
            isect_judgement j = tl_judge_entry(q, "fast", in, out);
            cr_assert(j.verdict == VERDICT_AGREE || j.verdict == VERDICT_TOLERATED, "%s case %d: %s\n  in: %s",
                      names[mode], c, isect_verdict_name(j.verdict), buf);
            hits += ref_out[0] != 0;
        }
        cr_log_info("%s: %d hits of %d, the exact path %ld times", names[mode], hits, n, calls);
        cr_assert(mode == 3 || hits > n / 20, "%s: only %d hits of %d", names[mode], hits, n);
    }
}
