/* tests/test_sphere_sweep_plane_exact.c: fast's sphere_sweep_plane hit flag
 * is exact (issue 14).
 *
 * - Hand-derived boundary inputs (touching exactly at the start, contact
 *   exactly at t = 1 along an axis and along the tilted normal (3, 4, 0)),
 *   which the binary64 filter cannot decide: the exact path runs (counted
 *   through SPL_EXACT_HOOK on a copy of fast's source) and gives the hand
 *   answer; one ulp away the other answer.
 * - An input where the old binary32 code (the translation q - c rounded in
 *   binary32) answered a hit and the exact answer is a miss.
 * - Randomized: small-integer inputs, the catalog's `mutate` edits, one-ulp
 *   nudges, scalings by 2^k, random binary32 values: fast's hit == ref's,
 *   the judge with fast's entry agrees or tolerates.
 * Layout: center[3] velocity[3] radius point[3] normal[3].
 */
#include "testlib.h"

static long exact_calls;
#define SPL_EXACT_HOOK() (exact_calls++)
#define isect_sphere_sweep_plane hooked_sphere_sweep_plane
bool hooked_sphere_sweep_plane(isect_moving_sphere s, isect_plane plane, isect_sphere_sweep_plane_result *out);
#include "../fast/sphere_sweep_plane.c"
#undef isect_sphere_sweep_plane

enum { N = 13 };

static isect_vec3 v3(const double *x) { return (isect_vec3){(float)x[0], (float)x[1], (float)x[2]}; }

static bool run_hooked(const double *in, float *t, long *calls)
{
    isect_moving_sphere s = {v3(in), v3(in + 3), (float)in[6]};
    isect_plane pl = {v3(in + 7), v3(in + 10)};
    isect_sphere_sweep_plane_result r;
    long before = exact_calls;
    bool h = hooked_sphere_sweep_plane(s, pl, &r);
    *calls = exact_calls - before;
    *t = r.t;
    cr_assert_eq(h, r.hit);
    return h;
}

static void expect(const double *in, bool hit, double t, bool exact_path, const char *what)
{
    const isect_query *q = tl_query("sphere_sweep_plane");
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

Test(sphere_sweep_plane_exact, hand_boundaries_force_the_exact_path)
{
    /* Centre 5 above z = 0, r = 5: touching at the start (d0^2 = r^2 N). */
    expect(IN(0, 0, 5, 0, 0, 1, 5, 0, 0, 0, 0, 0, 1), true, 0, true, "touching at the start");
    expect(IN(0, 0, 5, 0, 0, -1, nextafterf(5, 0), 0, 0, 0, 0, 0, 1), true, 0x1p-21f, false,
           "r one ulp less, approaching");
    /* Height 5, r = 1, moving by -4: touching exactly at t = 1 (f(1) = 0). */
    expect(IN(0, 0, 5, 0, 0, -4, 1, 0, 0, 0, 0, 0, 1), true, 1, true, "contact at t = 1");
    expect(IN(0, 0, 5, 0, 0, -4, nextafterf(1, 0), 0, 0, 0, 0, 0, 1), false, 0, false, "r one ulp less: short");
    /* Tilted: n = (3, 4, 0), c = (6, 8, 0): d0 = 50 (distance 10); v = (0, -10, 0):
     * dv = -40, r = 2: (50 - 40)^2 = 4 * 25, contact at t = 1. */
    expect(IN(6, 8, 0, 0, -10, 0, 2, 0, 0, 0, 3, 4, 0), true, 1, true, "tilted contact at t = 1");
    /* The same plane through q = (3, 4, 0) (d0 = 25), v = 0, r = 5: touching. */
    expect(IN(6, 8, 0, 0, 0, 0, 5, 3, 4, 0, 3, 4, 0), true, 0, true, "tilted touching, no motion");
    /* Moving parallel to the plane at distance r + 1: never. */
    expect(IN(0, 0, 6, 7, 8, 0, 5, 0, 0, 0, 0, 0, 1), false, 0, false, "parallel motion");
}

/* The old code: q - c = 3 2^-26 - 1 rounded in binary32 to -(1 - 2^-24),
 * the distance to the plane x = q.x equal to r = 1 - 2^-24: touching at
 * t = 0.  Exactly the distance 1 - 3 2^-26 exceeds r: a miss (no motion). */
Test(sphere_sweep_plane_exact, old_binary32_frame_differed)
{
    double r = 1 - 0x1p-24;
    expect(IN(1, 0, 0, 0, 0, 0, r, 3 * 0x1p-26, 0, 0, 1, 0, 0), false, 0, false, "rounded translation");
    expect(IN(1, 0, 0, 0, 0, 0, r, 0x1p-24, 0, 0, 1, 0, 0), true, 0, true, "the same exactly touching");
}

static int n_cases(void)
{
    const char *s = getenv("ISECT_EXACT_N");
    return s ? atoi(s) : 20000;
}

/* As test_sphere_sweep_point_exact.c: 0 small integers, 1 mutated,
 * 2 nudged, 3 scaled, 4 random binary32 values. */
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

Test(sphere_sweep_plane_exact, hit_equals_ref)
{
    static const char *names[] = {"small integers", "mutated", "nudged", "scaled", "random floats"};
    const isect_query *q = tl_query("sphere_sweep_plane");
    cr_assert_not_null(q->mutate);
    tl_init_seed(0x55e2ULL);
    int n = n_cases();
    for (int mode = 0; mode < 5; mode++) {
        int hits = 0, valid = 0;
        long calls = 0;
        for (int c = 0; c < n; c++) {
            double in[N], ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
            gen(q, mode, in);
            if (q->ref(in, ref_out) != REF_OK)
                continue;
            valid++;
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
        cr_log_info("%s: %d hits of %d valid, the exact path %ld times", names[mode], hits, valid, calls);
        cr_assert(mode == 4 || hits > n / 20, "%s: only %d hits of %d", names[mode], hits, n);
    }
}
