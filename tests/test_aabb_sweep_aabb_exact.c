/* tests/test_aabb_sweep_aabb_exact.c: fast's aabb_sweep_aabb.
 *
 * - Its hit flag is exact (issue 14): equal to ref's on small-integer
 *   boundary inputs (touching at t = 0 and t = 1, equal coordinates, zero
 *   relative velocity, flat boxes), the same nudged by one ulp, the same
 *   scaled by 2^k (|k| <= 100), random binary32 values over a wide exponent
 *   range, and inputs built to defeat the filter (entry = exit, entry = 1),
 *   where the exact path decides (counted through AS_EXACT_HOOK on a copy
 *   of fast's source).
 * - Its t is within its documented bound of ref's: |t - r| <= 2^-24
 *   max(r, 1) (1 + 2^-20), exactly r when r is a binary32 value (the
 *   binary64 entry is within gamma_3 of it and rounds to it), and 0 exactly
 *   when r = 0; and the judge with fast's entry agrees.
 * ISECT_EXACT_N sets the number of cases per mode (default 20000).
 */
#include "testlib.h"

static long exact_calls;
#define AS_EXACT_HOOK() (exact_calls++)
bool hooked_aabb_sweep_aabb(isect_moving_aabb a, isect_moving_aabb b, isect_aabb_sweep_aabb_result *out);
#define isect_aabb_sweep_aabb hooked_aabb_sweep_aabb
#include "../fast/aabb_sweep_aabb.c"
#undef isect_aabb_sweep_aabb

enum { MIN0 = 0, MAX0 = 3, V0 = 6, MIN1 = 9, MAX1 = 12, V1 = 15, N = 18 };

static isect_vec3 v3(const double *x) { return (isect_vec3){(float)x[0], (float)x[1], (float)x[2]}; }
static isect_moving_aabb box(const double *x) { return (isect_moving_aabb){{v3(x), v3(x + 3)}, v3(x + 6)}; }

/* Orders min and max of both boxes (the generators draw them freely). */
static void order(double *in)
{
    for (int b = 0; b < N; b += 9)
        for (int i = 0; i < 3; i++)
            if (in[b + i] > in[b + 3 + i]) {
                double t = in[b + i];
                in[b + i] = in[b + 3 + i];
                in[b + 3 + i] = t;
            }
}

/* Mode 0: small integers times 1/4, 1/2 or 1, with coincidences forced
 * (a bound of box 1 onto one of box 0; equal velocities; a velocity that
 * lands a face on the other's at t = 1 or 1/2); mode 1: the same with one
 * slot nudged by an ulp; mode 2: random binary32 values of any exponent in
 * [-40, 40]; mode 3: mode 0 scaled by 2^k, |k| <= 100. */
static void gen(int mode, double *in)
{
    int sh = -tl_int(0, 2);
    for (int i = 0; i < N; i++)
        in[i] = mode == 2 ? tl_f32(40) : tl_small(sh);
    if (mode != 2) {
        int k = tl_int(0, 2), side = tl_int(0, 1);
        int b0 = (side ? MIN0 : MAX0) + k, b1 = (side ? MAX1 : MIN1) + k;
        switch (tl_int(0, 4)) {
        case 0:
            in[b1] = in[b0];
            break;
        case 1:
            in[V1 + k] = in[V0 + k];
            break;
        case 2:
        case 3:
            in[V1 + k] = 0;
            in[V0 + k] = (in[b1] - in[b0]) * (tl_int(0, 1) ? 1 : 2);
            break;
        default:
            break;
        }
    }
    order(in);
    if (mode == 1) {
        int s = tl_int(0, N - 1);
        in[s] = nextafterf((float)in[s], tl_rnd() & 1 ? INFINITY : -INFINITY);
        order(in);
    }
    if (mode == 3) {
        int k = tl_int(-100, 100);
        for (int i = 0; i < N; i++)
            in[i] = ldexp(in[i], k);
    }
}

/* Builds an input whose exact entry equals its exit or 1 at a point the
 * binary64 filter cannot separate: axis x enters at (p - q)/(r - s) and
 * axis y leaves at the same time, with random binary32 values. */
static void gen_tie(double *in)
{
    for (int i = 0; i < N; i++)
        in[i] = 0;
    double a = tl_f32(10), d = fabs(tl_f32(10)) + 1;
    float dist = (float)(d * tl_unit());
    /* x: box 0 = [a - 1, a], box 1 starts at a + dist, v0 = d: enters at dist/d. */
    in[MIN0] = (float)(a - 1);
    in[MAX0] = (float)a;
    in[MIN1] = (float)((float)a + dist);
    in[MAX1] = (float)(in[MIN1] + 1);
    in[V0] = (float)d;
    /* y: box 1 = [0, 1] static; box 0 = [y0, y0 + 1] moving by -e leaves
     * it at (y0 + 1)/e: y0 = e tx - 1 (rounded: a near tie with x's entry
     * tx, or an exact one). */
    float e = (float)(tl_unit() * 4 + 0.5);
    double tx = ((double)in[MIN1] - in[MAX0]) / in[V0];
    in[MIN0 + 1] = (float)(e * tx - 1);
    in[MAX0 + 1] = (float)(in[MIN0 + 1] + 1);
    in[V0 + 1] = -e;
    in[MAX1 + 1] = 1;
    in[MAX0 + 2] = in[MAX1 + 2] = 1;
    if (tl_rnd() % 3 == 0) { /* entry exactly or nearly 1 instead */
        in[V0] = (float)((double)in[MIN1] - in[MAX0]);
        in[V0 + 1] = 0;
        in[MIN0 + 1] = 0;
        in[MAX0 + 1] = 1;
    }
    order(in);
}

static void check_case(const isect_query *q, const double *in, const char *mode, int c)
{
    double ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
    int st = q->ref(in, ref_out);
    cr_assert_eq(st, REF_OK, "%s case %d: invalid", mode, c);
    isect_aabb_sweep_aabb_result r;
    bool h = hooked_aabb_sweep_aabb(box(in), box(in + MIN1), &r);
    if (h != (ref_out[0] != 0)) {
        char buf[1024];
        tl_dump(buf, sizeof buf, in, N);
        cr_assert_fail("ISECT_SEED=%llu %s case %d: fast hit %d, ref %g\n  in: %s", (unsigned long long)tl_seed, mode,
                       c, h, ref_out[0], buf);
    }
    cr_assert_eq(r.hit, h);
    if (!h) {
        cr_assert(r.t == 0, "%s case %d: t = %g on a miss", mode, c, r.t);
        return;
    }
    double rt = ref_out[1], bound = 0x1p-24 * (rt > 1 ? rt : 1) * (1 + 0x1p-20);
    cr_assert(fabs(r.t - rt) <= bound, "ISECT_SEED=%llu %s case %d: t = %a, ref %a", (unsigned long long)tl_seed, mode,
              c, r.t, rt);
    if ((double)(float)rt == rt)
        cr_assert(r.t == rt, "ISECT_SEED=%llu %s case %d: t = %a, ref %a (a binary32 value)",
                  (unsigned long long)tl_seed, mode, c, r.t, rt);
    /* the library's function through the catalog, judged with its entry */
    tl_run(q, "fast", in, out);
    cr_assert(out[0] == 1 && out[1] == r.t, "%s case %d: the library differs from the hooked copy", mode, c);
    isect_judgement j = isect_judge_entry(q, tl_entry(q, "fast"), in, st, ref_out, out);
    cr_assert_eq(j.verdict, VERDICT_AGREE, "%s case %d: %s", mode, c, isect_verdict_name(j.verdict));
}

static int n_cases(void)
{
    const char *s = getenv("ISECT_EXACT_N");
    return s ? atoi(s) : 20000;
}

Test(aabb_sweep_aabb_exact, hit_equals_ref)
{
    static const char *names[] = {"small integers", "nudged", "random floats", "scaled"};
    const isect_query *q = tl_query("aabb_sweep_aabb");
    tl_init_seed(0xab70ULL);
    int n = n_cases();
    for (int mode = 0; mode < 4; mode++) {
        int hits = 0;
        exact_calls = 0;
        for (int c = 0; c < n; c++) {
            double in[N], out[ISECT_MAX_OUT];
            gen(mode, in);
            check_case(q, in, names[mode], c);
            hits += q->ref(in, out) == REF_OK && out[0] != 0;
        }
        cr_log_info("%s: %d hits of %d, the exact path %ld times", names[mode], hits, n, exact_calls);
        cr_assert(mode == 2 || hits > n / 10, "%s: only %d hits of %d", names[mode], hits, n);
    }
}

Test(aabb_sweep_aabb_exact, exact_path_decides_ties)
{
    const isect_query *q = tl_query("aabb_sweep_aabb");
    tl_init_seed(0xab71ULL);
    int n = n_cases(), hits = 0;
    exact_calls = 0;
    for (int c = 0; c < n; c++) {
        double in[N], out[ISECT_MAX_OUT];
        gen_tie(in);
        check_case(q, in, "tie", c);
        hits += q->ref(in, out) == REF_OK && out[0] != 0;
    }
    cr_log_info("near ties: %d hits of %d, the exact path %ld times", hits, n, exact_calls);
    cr_assert(exact_calls > n / 10, "the exact path ran %ld times in %d cases", exact_calls, n);
    cr_assert(hits > n / 20 && hits < n - n / 20, "ties: %d hits of %d", hits, n);
}

/* Invalid input (NaN, inf in any slot, min > max) is a miss with t = 0. */
Test(aabb_sweep_aabb_exact, invalid_is_a_miss)
{
    static const double bad[] = {NAN, INFINITY, -INFINITY};
    for (int s = 0; s < N; s++)
        for (int b = 0; b < 4; b++) {
            double in[N] = {0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0};
            if (b < 3)
                in[s] = bad[b];
            else if (s % 9 < 6)
                in[s] = s % 9 < 3 ? 2 : -1; /* min > max */
            else
                continue;
            isect_aabb_sweep_aabb_result r = {true, 7};
            bool h = hooked_aabb_sweep_aabb(box(in), box(in + MIN1), &r);
            cr_assert(!h && !r.hit && r.t == 0, "slot %d, kind %d: hit %d t %g", s, b, h, r.t);
        }
}
