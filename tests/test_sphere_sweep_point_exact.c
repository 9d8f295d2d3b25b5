/* tests/test_sphere_sweep_point_exact.c: fast's sphere_sweep_point hit flag
 * is exact (issue 14).
 *
 * - Hand-derived boundary inputs (an exact tangent graze, contact exactly
 *   at t = 1, touching exactly at the start), each of which the binary64
 *   filter cannot decide: the exact path runs (counted through
 *   SSP_EXACT_HOOK on a copy of fast's source) and gives the hand answer;
 *   one ulp away the other answer.
 * - An input where the old binary32 frame (translation rounded in binary32)
 *   answered a hit and the exact answer is a miss: the centre 1 - 3 2^-26
 *   from the point, the radius 1 - 2^-24.
 * - Randomized: small-integer boundary inputs, the same after the catalog's
 *   structure-aware `mutate` edits, one-ulp nudges, scalings by 2^k and
 *   random binary32 values: fast's hit == ref's, and the judge with fast's
 *   entry (exact booleans, its ulps) agrees or tolerates.
 * Layout: center[3] velocity[3] radius p[3].  ISECT_EXACT_N: cases per mode.
 */
#include "testlib.h"

static long exact_calls;
#define SSP_EXACT_HOOK() (exact_calls++)
#define fsw_pair hooked_fsw_pair
#define isect_sphere_sweep_point hooked_sphere_sweep_point
bool hooked_sphere_sweep_point(isect_moving_sphere s, isect_vec3 p, isect_sphere_sweep_point_result *out);
#include "../fast/sphere_sweep_point.c"
#undef fsw_pair
#undef isect_sphere_sweep_point

enum { N = 10 };

static isect_vec3 v3(const double *x) { return (isect_vec3){(float)x[0], (float)x[1], (float)x[2]}; }

/* The hooked copy on in: hit, t; and the count of exact-path calls. */
static bool run_hooked(const double *in, float *t, long *calls)
{
    isect_moving_sphere s = {v3(in), v3(in + 3), (float)in[6]};
    isect_sphere_sweep_point_result r;
    long before = exact_calls;
    bool h = hooked_sphere_sweep_point(s, v3(in + 7), &r);
    *calls = exact_calls - before;
    *t = r.t;
    cr_assert_eq(h, r.hit);
    return h;
}

static void expect(const double *in, bool hit, double t, bool exact_path, const char *what)
{
    const isect_query *q = tl_query("sphere_sweep_point");
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

Test(sphere_sweep_point_exact, hand_boundaries_force_the_exact_path)
{
    /* Tangent graze: w = (-4, 3, 0), v = (8, 0, 0), r = 3: the centre passes
     * (0, 3, 0) at t = 1/2, distance 3 = r (D = 32^2 - 64 * 16 = 0). */
    expect(IN(-4, 3, 0, 8, 0, 0, 3, 0, 0, 0), true, 0.5, true, "tangent graze");
    expect(IN(-4, 3, 0, 8, 0, 0, nextafterf(3, 0), 0, 0, 0), false, 0, false, "graze, r one ulp less");
    /* Contact exactly at t = 1: from (-5, 0, 0) by (4, 0, 0), r = 1: f(1) = 0. */
    expect(IN(-5, 0, 0, 4, 0, 0, 1, 0, 0, 0), true, 1, true, "contact at t = 1");
    expect(IN(-5, 0, 0, 4, 0, 0, 1, 0x1p-140, 0, 0), false, 0, true, "one subnormal short of t = 1");
    /* Touching at the start: |(3, 4, 0)| = 5 = r, moving away. */
    expect(IN(3, 4, 0, 1, 0, 0, 5, 0, 0, 0), true, 0, true, "touching at the start");
    expect(IN(3, 4, 0, 1, 0, 0, nextafterf(5, 0), 0, 0, 0), false, 0, false, "start, r one ulp less");
    /* Zero velocity, zero radius, the point at the centre: touching at t = 0. */
    expect(IN(1, 2, 3, 0, 0, 0, 0, 1, 2, 3), true, 0, true, "point at the centre");
    expect(IN(1, 2, 3, 0, 0, 0, 0, 1, 2, nextafterf(3, 4)), false, 0, false, "zero motion, one ulp off");
}

/* The old code translated p - c in binary32: 3 2^-26 - 1 rounds to
 * -(1 - 2^-24), at distance exactly r: it reported touching at t = 0.  The
 * exact distance 1 - 3 2^-26 exceeds r = 1 - 2^-24: a miss, with no motion. */
Test(sphere_sweep_point_exact, old_binary32_frame_differed)
{
    double r = 1 - 0x1p-24;
    expect(IN(1, 0, 0, 0, 0, 0, r, 3 * 0x1p-26, 0, 0), false, 0, false, "rounded translation");
    expect(IN(1, 0, 0, 0, 0, 0, r, 0x1p-24, 0, 0), true, 0, true, "the same exactly touching");
}

static int n_cases(void)
{
    const char *s = getenv("ISECT_EXACT_N");
    return s ? atoi(s) : 20000;
}

/* Mode 0: small integers times 2^-k; 1: then up to three catalog mutate
 * edits (rounded to binary32); 2: mode 1 with one slot nudged by an ulp;
 * 3: mode 1 scaled by 2^k, |k| <= 60; 4: random binary32 values. */
static void gen(const isect_query *q, int mode, double *in)
{
    int sh = -tl_int(0, 2);
    for (int i = 0; i < N; i++)
        in[i] = mode == 4 ? tl_f32(30) : tl_small(sh);
    in[6] = fabs(in[6]);
    if (mode == 0 || mode == 4)
        return;
    for (int k = tl_int(1, 3); k > 0; k--)
        q->mutate(in, tl_rnd());
    for (int i = 0; i < N; i++)
        in[i] = (float)in[i];
    in[6] = fabs(in[6]);
    if (mode == 2) {
        int s = tl_int(0, N - 1);
        in[s] = nextafterf((float)in[s], tl_rnd() & 1 ? INFINITY : -INFINITY);
        in[6] = fabs(in[6]);
    } else if (mode == 3) {
        int k = tl_int(-60, 60);
        for (int i = 0; i < N; i++)
            in[i] = ldexp(in[i], k);
    }
}

Test(sphere_sweep_point_exact, hit_equals_ref)
{
    static const char *names[] = {"small integers", "mutated", "nudged", "scaled", "random floats"};
    const isect_query *q = tl_query("sphere_sweep_point");
    cr_assert_not_null(q->mutate);
    tl_init_seed(0x55e0ULL);
    int n = n_cases();
    for (int mode = 0; mode < 5; mode++) {
        int hits = 0;
        long calls = 0;
        for (int c = 0; c < n; c++) {
            double in[N], ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
            gen(q, mode, in);
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
        cr_assert(mode == 4 || hits > n / 20, "%s: only %d hits of %d", names[mode], hits, n);
    }
}
