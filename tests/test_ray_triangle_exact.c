/* tests/test_ray_triangle_exact.c: fast's ray_triangle hit flag is exact
 * (issue 14).
 *
 * - hand cases: exact edge, vertex, t = 0 and t = tmax hits, an ulp outside,
 *   zero-area triangles, rays in the plane, slivers; the expected answers
 *   are derived by hand in the comments; each of them forces the exact path
 *   (counted through RC_EXACT_HOOK on a copy of fast's source);
 * - each stage of the exact path (2 the grid, 3 short expansions, 4 fe)
 *   decides the hand cases meant for it (counted through RT_STAGE_HOOK);
 * - inputs on which the former fast (Woop's shear in binary32) answered
 *   differently from the exact answer;
 * - fast's hit equals ref's on many generated inputs (random floats, small
 *   integer grids, rays aimed exactly at edges and vertices, ulp-nudged,
 *   scaled by 2^k, collinear and nearly collinear triangles, coplanar rays,
 *   far origins where v - origin is inexact in binary64), and every hit's
 *   t, u, v is judged agree or tolerated under fast's declared bounds.
 * ISECT_EXACT_N sets the number of generated cases (default 60000).
 *
 * Layout: in = origin[3] dir[3] tmax v0[3] v1[3] v2[3]; out = hit t u v. */
#include "testlib_ray.h"

static long exact_calls, stage_calls[5];
#define RC_EXACT_HOOK() (exact_calls++)
#define RT_STAGE_HOOK(stage) (stage_calls[stage]++)
bool hooked_ray_triangle(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out);
#define isect_ray_triangle hooked_ray_triangle
#include "../fast/ray_triangle.c"
#undef isect_ray_triangle

enum { N_IN = 16, I_O = 0, I_D = 3, I_TMAX = 6, I_V0 = 7, I_V1 = 10, I_V2 = 13 };

static void put3(double *in, int at, double x, double y, double z)
{
    in[at] = x;
    in[at + 1] = y;
    in[at + 2] = z;
}

/* The base triangle T4: v0 = (0,0,2), v1 = (4,0,2), v2 = (0,4,2), in the
 * plane z = 2; a ray from (x, y, 0) along (0,0,1) meets it at t = 2 at the
 * point (x, y, 2) = v0 + (x/4) e1 + (y/4) e2: u = x/4, v = y/4, inside iff
 * x >= 0, y >= 0, x + y <= 4. */
static void t4(double *in, double x, double y, double tmax)
{
    put3(in, I_O, x, y, 0);
    put3(in, I_D, 0, 0, 1);
    in[I_TMAX] = tmax;
    put3(in, I_V0, 0, 0, 2);
    put3(in, I_V1, 4, 0, 2);
    put3(in, I_V2, 0, 4, 2);
}

/* Runs the hooked fast on in and checks the expected answer (t, u, v exact
 * to the binary32 ulp: every expected value below is a binary32), and
 * that the exact path was taken when path says so. */
static void expect(const double *in, int hit, double t, double u, double v, bool path, const char *what)
{
    const isect_query *q = tl_query("ray_triangle");
    double f[ISECT_MAX_OUT] = {0}, r[ISECT_MAX_OUT] = {0};
    long c0 = exact_calls;
    q->run((isect_any_fn)hooked_ray_triangle, in, f);
    cr_assert_eq(f[0] != 0, hit != 0, "%s: fast hit %g, expected %d", what, f[0], hit);
    cr_assert_eq(q->ref(in, r), REF_OK, "%s: ref invalid", what);
    cr_assert_eq(r[0] != 0, hit != 0, "%s: ref hit %g, expected %d", what, r[0], hit);
    if (path)
        cr_assert(exact_calls > c0, "%s: the exact path was not taken", what);
    if (hit) {
        cr_assert(f[1] == t && f[2] == u && f[3] == v, "%s: t u v = %a %a %a, expected %a %a %a", what, f[1], f[2],
                  f[3], t, u, v);
    }
}

/* Exact boundary hits and misses on T4 and others, each through the exact
 * path (a value exactly 0, or too small for its guard). */
Test(ray_triangle_exact, hand_boundary)
{
    double in[N_IN];
    /* (1,3): on edge v1v2 (x + y = 4: W = 0), with tmax = 2 = t (R = 0):
     * t = 2, u = 1/4, v = 3/4. */
    t4(in, 1, 3, 2);
    expect(in, 1, 2, 0.25, 0.75, true, "edge v1v2 at t = tmax");
    /* The same with tmax one ulp below 2 (2 - 2^-23): t = 2 > tmax. */
    in[I_TMAX] = nextafterf(2, 0);
    expect(in, 0, 0, 0, 0, false, "edge v1v2, tmax an ulp short (R certain)");
    /* Vertex v1 = (4,0,2) from (0,0,0) along (4,0,2): t = 1, u = 1, v = 0;
     * tmax = 1 as well. */
    t4(in, 0, 0, 1);
    put3(in, I_D, 4, 0, 2);
    expect(in, 1, 1, 1, 0, true, "vertex v1 at t = tmax");
    /* Vertex v0 = (0,0,2) from (0,0,0) along (0,0,1): t = 2, u = v = 0. */
    t4(in, 0, 0, INFINITY);
    expect(in, 1, 2, 0, 0, true, "vertex v0");
    /* Origin (2,0,2) on edge v0v1: t = 0 (T = 0), u = 1/2, v = 0. */
    t4(in, 2, 0, 0);
    in[I_O + 2] = 2;
    expect(in, 1, 0, 0.5, 0, true, "origin on edge v0v1, tmax = 0");
    /* x = -2^-149: u = -2^-151 < 0, a miss; U is far below its guard. */
    t4(in, -0x1p-149, 1, INFINITY);
    expect(in, 0, 0, 0, 0, true, "2^-149 left of edge v0v2");
    /* y = 2^-149 and x = 4 - 2^-22 (nextafterf(4, 0), the ulp of [2, 4)
     * being 2^-22): x + y < 4, inside: t = 2, u = (4 - 2^-22)/4 = 1 - 2^-24,
     * v = 2^-151, a quarter of binary32's least subnormal: rounds to 0. */
    t4(in, nextafterf(4, 0), 0x1p-149, INFINITY);
    expect(in, 1, 2, 1 - 0x1p-24, 0, true, "inside the corner at v1 by a hair");
    /* A zero-area triangle: v0 = (0,0,0), v1 = (1,1,1), v2 = (3,3,3)
     * (collinear), a ray through (1,1,1): det = e1.(d x e2) = 0 since
     * e2 = 3 e1: a miss (ray_triangle's convention). */
    put3(in, I_O, 1, 0, 1);
    put3(in, I_D, 0, 3, 0);
    in[I_TMAX] = INFINITY;
    put3(in, I_V0, 0, 0, 0);
    put3(in, I_V1, 1, 1, 1);
    put3(in, I_V2, 3, 3, 3);
    expect(in, 0, 0, 0, 0, true, "collinear triangle");
    /* A ray in T4's plane z = 2 through its interior: dir (1,0,0) from
     * (-1,1,2): det = 0 (parallel): a miss. */
    t4(in, -1, 1, INFINITY);
    in[I_O + 2] = 2;
    put3(in, I_D, 1, 0, 0);
    expect(in, 0, 0, 0, 0, true, "ray in the plane");
    /* A sliver: v0 = (0,0,0), v1 = (2,0,0), v2 = (1, 2^-100, 0); the ray
     * from (1, 2^-101, -1) along (0,0,1) meets z = 0 at (1, 2^-101) at t = 1:
     * v = y / 2^-100 = 1/2, and u: x = 2u + v = 1 gives u = 1/4. */
    put3(in, I_O, 1, 0x1p-101, -1);
    put3(in, I_D, 0, 0, 1);
    put3(in, I_V0, 0, 0, 0);
    put3(in, I_V1, 2, 0, 0);
    put3(in, I_V2, 1, 0x1p-100, 0);
    expect(in, 1, 1, 0.25, 0.5, true, "sliver, interior (|det| below its guard)");
    /* The same sliver hit on its long edge v0v1 (y = 0): v = 0, u = 1/2. */
    in[I_O + 1] = 0;
    expect(in, 1, 1, 0.5, 0, true, "sliver, long edge");
    /* ... and 2^-149 below it: v = -2^-49 < 0: a miss. */
    in[I_O + 1] = -0x1p-149;
    expect(in, 0, 0, 0, 0, true, "sliver, 2^-149 outside");
    /* T4 scaled by 2^-60 (v0 = (0,0,2^-59), v1 = (2^-58,0,2^-59),
     * v2 = (0,2^-58,2^-59)), the ray from (2^-60, 3 2^-60, -2^40) along +z:
     * origin - v0 = (.., .., -2^40 - 2^-59) is inexact in binary64.  The
     * point (2^-60, 3 2^-60) is on edge v1v2 (x + y = 2^-58): u = 1/4,
     * v = 3/4, t = 2^40 + 2^-59, 2^40 in binary32. */
    put3(in, I_O, 0x1p-60, 0x3p-60, -0x1p40);
    put3(in, I_D, 0, 0, 1);
    in[I_TMAX] = INFINITY;
    put3(in, I_V0, 0, 0, 0x1p-59);
    put3(in, I_V1, 0x1p-58, 0, 0x1p-59);
    put3(in, I_V2, 0, 0x1p-58, 0x1p-59);
    expect(in, 1, 0x1p40, 0.25, 0.75, true, "edge of a tiny triangle from afar");
    /* ... with tmax = 2^40 (binary32), one 2^-59 short of t: a miss. */
    in[I_TMAX] = 0x1p40;
    expect(in, 0, 0, 0, 0, true, "tiny triangle from afar, tmax 2^-59 short");
}

/* Runs the hooked fast on in, checks its hit against the expected one, and
 * that exactly stage (2, 3 or 4) decided it (fast/ray_triangle.c). */
static void expect_stage(const double *in, int hit, double t, double u, double v, int stage, const char *what)
{
    long before[5];
    memcpy(before, stage_calls, sizeof before);
    expect(in, hit, t, u, v, true, what);
    for (int k = 2; k <= 4; k++)
        cr_assert_eq(stage_calls[k] - before[k], k == stage, "%s: stage %d ran %ld times (expected stage %d)", what, k,
                     stage_calls[k] - before[k], stage);
}

/* Each stage of the exact path on inputs meant for it.  Stage 2 (the
 * grid): T4's small integers, an edge hit at t = tmax (R = 0 exactly, by
 * fx_two_prod) and a ray in the plane (det = 0).  Stage 3 (e1, e2, s exact
 * in binary64, off the grid): the 2^-100 sliver (its coordinates span 102
 * bits); mut_det_sign's ray (corpus/ray_triangle/mut_det_sign.case: the
 * binary64 det rounds to 0, the exact one is 2^-58) with its positions
 * times 2^120, above the range of the grid test.  Stage 4 (o - v0 inexact
 * in binary64): the 2^-60 triangle seen from 2^40. */
Test(ray_triangle_exact, stages)
{
    double in[N_IN];
    t4(in, 1, 3, 2);
    expect_stage(in, 1, 2, 0.25, 0.75, 2, "grid: edge v1v2 at t = tmax");
    t4(in, -1, 1, INFINITY);
    in[I_O + 2] = 2;
    put3(in, I_D, 1, 0, 0);
    expect_stage(in, 0, 0, 0, 0, 2, "grid: ray in the plane");
    put3(in, I_O, 1, 0x1p-101, -1);
    put3(in, I_D, 0, 0, 1);
    put3(in, I_V0, 0, 0, 0);
    put3(in, I_V1, 2, 0, 0);
    put3(in, I_V2, 1, 0x1p-100, 0);
    expect_stage(in, 1, 1, 0.25, 0.5, 3, "short: sliver interior");
    put3(in, I_O, 0, 0, 0x1p60);
    put3(in, I_D, 1, 0, -0x1p-60);
    put3(in, I_V0, 0, 0, 0);
    put3(in, I_V1, 0x1p121, -0x1p120, -0x1p120);
    put3(in, I_V2, 0x1p121, 0x1p120, 0x1p120);
    expect_stage(in, 1, 0x1p120, 0.25, 0.25, 3, "short: det rounding to 0, positions above 2^119");
    put3(in, I_O, 0x1p-60, 0x3p-60, -0x1p40);
    put3(in, I_D, 0, 0, 1);
    put3(in, I_V0, 0, 0, 0x1p-59);
    put3(in, I_V1, 0x1p-58, 0, 0x1p-59);
    put3(in, I_V2, 0, 0x1p-58, 0x1p-59);
    expect_stage(in, 1, 0x1p40, 0.25, 0.75, 4, "fe: o - v0 inexact");
}

/* ---- generated inputs ------------------------------------------------------ */

static double grid(int sh) { return tl_small(sh); }

/* A grid triangle and origin, dir aimed exactly (small integers: no
 * rounding) at a vertex, or at the point k/8 along an edge, or at an
 * interior grid point; tmax inf, 1 (the segment ends there) or random. */
static void gen_aimed(double *in)
{
    double v[3][3], o[3], p[3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            v[i][j] = grid(0);
    for (int j = 0; j < 3; j++)
        o[j] = grid(0);
    int a = tl_int(0, 2), b = (a + 1) % 3, k = tl_int(0, 8), kind = tl_int(0, 2);
    for (int j = 0; j < 3; j++) {
        if (kind == 0)
            p[j] = v[a][j];
        else if (kind == 1)
            p[j] = v[a][j] + (v[b][j] - v[a][j]) * k / 8;
        else
            p[j] = (v[0][j] + v[1][j] + v[2][j] + v[a][j]) / 4;
    }
    for (int j = 0; j < 3; j++) {
        in[I_O + j] = o[j];
        in[I_D + j] = p[j] - o[j];
        in[I_V0 + j] = v[0][j];
        in[I_V1 + j] = v[1][j];
        in[I_V2 + j] = v[2][j];
    }
    int m = tl_int(0, 2);
    in[I_TMAX] = m == 0 ? INFINITY : m == 1 ? 1 : rt_rand_tmax();
}

/* A collinear grid triangle (v2 = v0 + (m/4)(v1 - v0), exact), or one with
 * v2 nudged by an ulp; the ray aimed at a point of the segment v0 v1. */
static void gen_collinear(double *in)
{
    gen_aimed(in);
    int m = tl_int(-8, 8);
    for (int j = 0; j < 3; j++)
        in[I_V2 + j] = in[I_V0 + j] + (in[I_V1 + j] - in[I_V0 + j]) * m / 4;
    int k = tl_int(0, 4);
    for (int j = 0; j < 3; j++)
        in[I_D + j] = in[I_V0 + j] + (in[I_V1 + j] - in[I_V0 + j]) * k / 4 - in[I_O + j];
    if (tl_rnd() % 2) {
        int s = I_V2 + tl_int(0, 2);
        in[s] = nextafterf((float)in[s], tl_rnd() % 2 ? INFINITY : -INFINITY);
    }
}

/* An axis-aligned grid triangle (coordinate c fixed) and a dir in its
 * plane; the origin in the plane or off it. */
static void gen_coplanar(double *in)
{
    gen_aimed(in);
    int c = tl_int(0, 2);
    double z = grid(0);
    in[I_V0 + c] = in[I_V1 + c] = in[I_V2 + c] = z;
    in[I_D + c] = 0;
    in[I_O + c] = tl_rnd() % 2 ? z : grid(0);
}

/* One of the generators by mode:
 * 0 random floats; 1 small integers (times 1/4, 1/2 or 1); 2 aimed;
 * 3 aimed with one slot nudged by an ulp; 4 aimed, positions and dir scaled
 * by a common 2^k, |k| <= 120; 5 collinear; 6 coplanar; 7 aimed from afar
 * (the origin moved back by 2^k - 1 times dir, k <= 20, exactly). */
static void gen(int mode, double *in)
{
    switch (mode) {
    case 0:
        for (int i = 0; i < N_IN; i++)
            in[i] = tl_f32(3);
        in[I_TMAX] = rt_rand_tmax();
        return;
    case 1: {
        int sh = -tl_int(0, 2);
        for (int i = 0; i < N_IN; i++)
            in[i] = grid(sh);
        in[I_TMAX] = rt_rand_tmax();
        return;
    }
    case 5:
        gen_collinear(in);
        return;
    case 6:
        gen_coplanar(in);
        return;
    default:
        gen_aimed(in);
    }
    if (mode == 3) {
        int s = tl_int(0, N_IN - 1);
        if (isfinite(in[s]))
            in[s] = nextafterf((float)in[s], tl_rnd() % 2 ? INFINITY : -INFINITY);
        if (in[I_TMAX] < 0)
            in[I_TMAX] = 0;
    } else if (mode == 4) {
        int k = tl_int(-120, 120);
        for (int i = 0; i < N_IN; i++)
            if (i != I_TMAX)
                in[i] = (float)ldexp(in[i], k);
    } else if (mode == 7) {
        /* origin o - (2^k - 1) dir (exact on the grid): the aimed point at
         * t = 2^k; tmax 2^k or an ulp less */
        double m = ldexp(1, tl_int(1, 20)) - 1;
        for (int j = 0; j < 3; j++)
            in[I_O + j] -= m * in[I_D + j];
        if (in[I_TMAX] == 1)
            in[I_TMAX] = tl_rnd() % 2 ? m + 1 : nextafterf((float)(m + 1), 0);
    }
}

static long env_n(void)
{
    const char *s = getenv("ISECT_EXACT_N");
    return s && *s ? strtol(s, NULL, 0) : 60000;
}

enum { N_MODES = 8 };

/* fast (fn) against ref on n generated cases of every mode: the hit flags
 * are equal, and every hit's t, u, v is judged agree or tolerated. */
static void check_against_ref(isect_any_fn fn, long *valid, long *hits)
{
    const isect_query *q = tl_query("ray_triangle");
    long n = env_n();
    for (int mode = 0; mode < N_MODES; mode++) {
        long c0 = exact_calls;
        for (long i = 0; i < n / N_MODES; i++) {
            double in[N_IN], r[ISECT_MAX_OUT], f[ISECT_MAX_OUT] = {0};
            gen(mode, in);
            for (int k = 0; k < N_IN; k++)
                in[k] = (float)in[k];
            if (q->ref(in, r) != REF_OK)
                continue;
            ++*valid;
            q->run(fn, in, f);
            char buf[1024];
            if ((f[0] != 0) != (r[0] != 0)) {
                tl_dump(buf, sizeof buf, in, N_IN);
                cr_assert_fail("ISECT_SEED=%llu mode %d: fast hit %g, ref %g on %s", (unsigned long long)tl_seed, mode,
                               f[0], r[0], buf);
            }
            if (f[0] == 0)
                continue;
            ++*hits;
            isect_judgement j = tl_judge(q, "fast", in, f);
            if (j.verdict != VERDICT_AGREE && j.verdict != VERDICT_TOLERATED) {
                tl_dump(buf, sizeof buf, in, N_IN);
                cr_assert_fail("mode %d: fast t u v %a %a %a, ref %a %a %a: %s (severity %g) on %s", mode, f[1], f[2],
                               f[3], r[1], r[2], r[3], isect_verdict_name(j.verdict), j.severity, buf);
            }
        }
        if (getenv("ISECT_EXACT_SHARE"))
            fprintf(stderr, "mode %d: exact path %ld of %ld\n", mode, exact_calls - c0, n / N_MODES);
    }
}

/* libisect's fast, then the hooked copy, whose exact path must have run. */
Test(ray_triangle_exact, generated_vs_ref)
{
    tl_init_seed(1410);
    long valid = 0, hits = 0;
    check_against_ref((isect_any_fn)isect_ray_triangle, &valid, &hits);
    cr_assert(valid > env_n() * 9 / 10 && hits > valid / 10, "valid %ld, hits %ld", valid, hits);
    exact_calls = 0;
    check_against_ref((isect_any_fn)hooked_ray_triangle, &valid, &hits);
    cr_assert(exact_calls > env_n() / 10, "exact path taken %ld times", exact_calls);
    cr_assert(stage_calls[2] > 0 && stage_calls[3] > 0, "stages 2, 3: %ld, %ld", stage_calls[2], stage_calls[3]);
}

/* The former fast (Woop's shear in binary32) missed this ray through the
 * edge v0 v1 (found by generated_vs_ref's small-integer mode).  By hand:
 * o = (1, -4, -7/2), d = (-2, 3, 1), tmax = 4, v0 = (-7/2, 2, -2),
 * v1 = (1, 1, 3/2), v2 = (-1, 0, -3);
 * e1 = (9/2, -1, 7/2), e2 = (5/2, -2, -1), s = (9/2, -6, -3/2),
 * p = d x e2 = (-1, 1/2, -7/2), q = s x e1 = (-45/2, -45/2, 45/2);
 * det = e1.p = -9/2 - 1/2 - 49/4 = -69/4, U = s.p = -9/2 - 3 + 21/4 = -9/4,
 * V = d.q = 45 - 135/2 + 45/2 = 0, W = det - U - V = -15,
 * T = e2.q = -225/4 + 45 - 45/2 = -135/4, R = 4 det - T = -141/4:
 * all <= 0 with det < 0, a hit on the edge v0 v1 (V = 0) at
 * t = T/det = 45/23, u = U/det = 3/23, v = 0. */
Test(ray_triangle_exact, former_fast_missed_an_edge)
{
    static const char *hex = "0x1p+0 -0x1p+2 -0x1.cp+1 -0x1p+1 0x1.8p+1 0x1p+0 0x1p+2 -0x1.cp+1 0x1p+1 -0x1p+1 "
                             "0x1p+0 0x1p+0 0x1.8p+0 -0x1p+0 0x0p+0 -0x1.8p+1";
    double in[N_IN];
    const char *s = hex;
    for (int i = 0; i < N_IN; i++) {
        char *end;
        in[i] = strtod(s, &end);
        s = end;
    }
    expect(in, 1, (float)(45.0 / 23), (float)(3.0 / 23), 0, true, "edge v0v1 the former fast missed");
}

/* Invalid input is a miss with zero outputs, whatever the filter sees:
 * a NaN, +inf or -inf in each slot (tmax: NaN, -inf, -1) of a hit. */
Test(ray_triangle_exact, invalid_is_a_miss)
{
    double base[N_IN];
    t4(base, 1, 1, INFINITY);
    for (int i = 0; i < N_IN; i++) {
        static const double bad[] = {NAN, INFINITY, -INFINITY, -1};
        for (int k = 0; k < 4; k++) {
            if (i == I_TMAX ? k == 1 : k == 3)
                continue; /* tmax: NaN, -inf, -1; others: NaN, +-inf */
            double in[N_IN], f[ISECT_MAX_OUT] = {1, 1, 1, 1};
            memcpy(in, base, sizeof in);
            in[i] = bad[k];
            tl_query("ray_triangle")->run((isect_any_fn)isect_ray_triangle, in, f);
            cr_assert(f[0] == 0 && f[1] == 0 && f[2] == 0 && f[3] == 0, "slot %d = %g: %g %g %g %g", i, bad[k], f[0],
                      f[1], f[2], f[3]);
        }
    }
}
