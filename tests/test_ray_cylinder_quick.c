/* tests/test_ray_cylinder_quick.c: ray_cylinder's t taken from the exact
 * decision's binary64 values (fast/ray_cylinder.c, entry_t; issue 14,
 * speed): hand-derived entries through the side, each cap (oblique), at
 * tmax and from inside, at both ends of the binary32 range (where w.w D
 * itself would overflow or be subnormal: entry_t takes sqrt(w.w) sqrt(D));
 * then fast's t against ref's (GMP) on inputs like the bench's, unscaled
 * and scaled by powers of two from 2^-140 to 2^120.
 *
 * Flat layout: in = origin[3] dir[3] tmax p0[3] p1[3] radius; out = hit t.
 */
#include "testlib_ray.h"

enum { N_IN = 14, IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_P0 = 7, IN_P1 = 10, IN_R = 13 };

#define IN(...) {__VA_ARGS__} /* origin[3] dir[3] tmax p0[3] p1[3] radius */
/* The axis (0,0,0)-(0,0,4): radius 5 (Z5) or 2 (Z2). */
#define Z5 0, 0, 0, 0, 0, 4, 5
#define Z2 0, 0, 0, 0, 0, 4, 2
#define BIG 0x1.fffffep127 /* 2^128 - 2^104 */
#define S30 0x1p-130

/* Expected t: the binary32 rounding of the exact entry (derived in the
 * comments; t = NAN: only the judge's verdict is checked). */
static const rt_case cases[] = {
    /* (-13,0,2) + t (1,0,0): |x| <= 5 from t = 8; z = 2 in the slab. */
    {IN(-13, 0, 2, 1, 0, 0, INFINITY, Z5), 1, 8, "side, t- = C/(sqrt(w.w D) - B)"},
    /* (-13,3,2): x^2 + 9 <= 25 from x = -4: t = 9. */
    {IN(-13, 3, 2, 1, 0, 0, INFINITY, Z5), 1, 9, "side off-centre (3-4-5)"},
    {IN(-13, 3, 2, 1, 0, 0, 9, Z5), 1, 9, "side at tmax"},
    {IN(-13, 3, 2, 1, 0, 0, 0x1.1ffffep+3, Z5), 0, 0, "side an ulp beyond tmax"},
    /* (-1,0,-2) + t (1,0,2): z = 0 at t = 1, at the cap centre; the side
     * interval (|x| <= 2) starts at t = -1. */
    {IN(-1, 0, -2, 1, 0, 2, INFINITY, Z2), 1, 1, "p0 cap, oblique: -v.w/d.w"},
    /* (-1,0,6) + t (1,0,-2): z = 4 at t = 1. */
    {IN(-1, 0, 6, 1, 0, -2, INFINITY, Z2), 1, 1, "p1 cap, oblique: -u.w/d.w"},
    /* (-3,0,-1) + t (1,0,1): z = 0 at t = 1 (x = -2: the rim), the side
     * from t = 1 (x = -2) too: both ends 1. */
    {IN(-3, 0, -1, 1, 0, 1, INFINITY, Z2), 1, 1, "the p0 rim, cap and side at once"},
    /* (-3,0,-2) + t (1,0,1): the side from t = 1 (z = -1, below), the slab
     * from t = 2 (x = -1): t = 2. */
    {IN(-3, 0, -2, 1, 0, 1, INFINITY, Z2), 1, 2, "side first, then the cap"},
    {IN(1, 1, 1, 5, -3, 7, INFINITY, Z2), 1, 0, "origin inside"},
    {IN(-3, 0, 2, -1, 0, 0, INFINITY, Z2), 0, 0, "leaving, outside"},
    /* Huge: axis along z through +-1.5 2^127, radius 1.5 2^127, origin
     * (-BIG,0,0), dir (BIG,0,0): the side at x = -1.5 2^127, t = 1 - 1.5
     * 2^127 / BIG = 1/4 - (3/4) 2^-24 - O(2^-48), binary32 1/4 - 6 2^-27.
     * w.w D is about 2^1025.6. */
    {IN(-BIG, 0, 0, BIG, 0, 0, INFINITY, 0, 0, -0x1.8p127, 0, 0, 0x1.8p127, 0x1.8p127), 1, 0x1.fffffap-3,
     "huge: w.w D beyond binary64"},
    /* Tiny: axis along z through +-4 S30, radius S30, origin (-3 S30, 0,
     * 0), dir (2^-149, 0, 0): the side at x = -S30, t = 2 S30 / 2^-149 =
     * 2^20.  w.w D = 2^-254 2^-812 = 2^-1066 (subnormal). */
    {IN(-3 * S30, 0, 0, 0x1p-149, 0, 0, INFINITY, 0, 0, -4 * S30, 0, 0, 4 * S30, S30), 1, 0x1p20,
     "tiny: w.w D subnormal in binary64"},
    /* Tiny, with a y offset 0x1.3b4p-136 (radius 2^-133): t = (3 2^-133 -
     * sqrt(2^-266 - y^2)) / 0x1.7p-145, 5732.7426463649...: binary32
     * 0x1.664be2p+12 (5732.74268, the next one down 5732.74219). */
    {IN(-3 * 0x1p-133, 0x1.3b4p-136, 0, 0x1.7p-145, 0, 0, INFINITY, 0, 0, -0x1p-131, 0, 0, 0x1p-131, 0x1p-133), 1,
     0x1.664be2p+12, "subnormal inputs, w.w D below 2^-1073"},
    /* Stage 1's exact A = 0 test (cq_a_zero; corpus speed_par_zero.case):
     * (1,2,0) + t (1,-2^-40,0), axis along x to 2^50, radius 1: n = (0,0,
     * 2^10), A = 2^20 below its guard, not 0: |y| = 1 at t = 2^40. */
    {IN(1, 2, 0, 1, -0x1p-40, 0, INFINITY, 0, 0, 0, 0x1p50, 0, 0, 1), 1, 0x1p40, "A uncertain, not 0: side at 2^40"},
    /* (-1,1,0) + t (1,2^-60,0), axis (0,1,0)-(1,1,0): the sum 1 - 2^-60
     * rounds, the expansions find A != 0; the cap x = 0 at t = 1. */
    {IN(-1, 1, 0, 1, 0x1p-60, 0, INFINITY, 0, 1, 0, 1, 1, 0, 1), 1, 1, "A's sums round: cap at t = 1"},
    /* dir = w / 2 exactly: A = 0 (parallel); (-1,0.5,0.5) inside the
     * infinite cylinder, the cap x = 0 at t = 1/2. */
    {IN(-1, 0.5, 0.5, 2, 0, 0, INFINITY, 0, 0, 0, 4, 0, 0, 1), 1, 0.5, "A = 0 exactly: cap at t = 0.5"},
    /* Radius 0 (cq_sign_g; corpus speed_radius0.case): D = -g^2.  Through
     * the segment (0,0,0)-(0,0,4) at (0,0,2), t = 1: g = 0 exactly. */
    {IN(-1, 0, 2, 1, 0, 0, INFINITY, 0, 0, 0, 0, 0, 4, 0), 1, 1, "radius 0, through the segment"},
    /* 2^-50 beside it: g = -2^-48 within its guard, exactly < 0: a miss. */
    {IN(-1, 0x1p-50, 2, 1, 0, 0, INFINITY, 0, 0, 0, 0, 0, 4, 0), 0, 0, "radius 0, 2^-50 beside"},
    /* Through the midpoint p1/2 from o with dir = p1/2 - o (exact): g = 0,
     * computed 0x1.cp-58: t = 1. */
    {IN(0x1.824684p-3, -0x1.6328dcp-5, -0x1.4855e4p+3, 0x1.99f488p-4, -0x1.8ae288p-6, 0x1.4836p-4, INFINITY, 0, 0, 0,
        0x1.27a064p-1, -0x1.144d1p-3, -0x1.45c578p+4, 0),
     1, 1, "radius 0, g rounded to non-zero"},
};

Test(ray_cylinder_quick, hand_cases)
{
    const isect_query *q = tl_query("ray_cylinder");
    for (size_t i = 0; i < RT_NCASES(cases); i++) {
        double ref[ISECT_MAX_OUT], f[ISECT_MAX_OUT] = {0};
        cr_assert_eq(q->ref(cases[i].in, ref), ISECT_REF_OK, "%s: ref refuses", cases[i].what);
        cr_assert_eq(ref[0] != 0, cases[i].hit != 0, "%s: ref hit %g", cases[i].what, ref[0]);
        q->run((isect_any_fn)isect_ray_cylinder, cases[i].in, f);
        cr_assert_eq(f[0] != 0, cases[i].hit != 0, "%s: fast hit %g", cases[i].what, f[0]);
        if (!cases[i].hit)
            continue;
        cr_assert_eq((float)ref[1], (float)cases[i].t, "%s: ref t %a, want %a", cases[i].what, ref[1], cases[i].t);
        cr_assert_eq(f[1], (double)(float)cases[i].t, "%s: fast t %a, want %a", cases[i].what, f[1], cases[i].t);
        isect_judgement j = tl_judge(q, "fast", cases[i].in, f);
        cr_assert_eq(j.verdict, VERDICT_AGREE, "%s: verdict %d", cases[i].what, (int)j.verdict);
    }
}

/* Like the bench's inputs (bench/rows.c): end points in [-1,1]^3, radius in
 * [0.05, 0.5), a ray from [-2.5,2.5]^3 towards a point near the axis
 * segment, dir scaled by [0.5, 2), tmax infinite 3 times in 4. */
static void gen_bench_like(double *in)
{
    double p0[3], p1[3], o[3], r = 0.05 + 0.45 * tl_unit(), k = -0.2 + 1.4 * tl_unit(), s = 0.5 + 1.5 * tl_unit();
    for (int i = 0; i < 3; i++) {
        p0[i] = (float)(2 * tl_unit() - 1);
        p1[i] = (float)(2 * tl_unit() - 1);
        o[i] = (float)(5 * tl_unit() - 2.5);
        double target = p0[i] + k * (p1[i] - p0[i]) + (3 * tl_unit() - 1.5) * r;
        in[IN_O + i] = o[i];
        in[IN_D + i] = (float)((target - o[i]) * s);
        in[IN_P0 + i] = p0[i];
        in[IN_P1 + i] = p1[i];
    }
    in[IN_R] = (float)r;
    in[IN_TMAX] = tl_rnd() % 4 ? INFINITY : (float)(2 * tl_unit() / s);
}

/* fast's t against ref's on n inputs of gen, positions and radius scaled by
 * 2^sp and dir by 2^sd (then rounded to binary32: subnormal below 2^-126,
 * where the shapes lose bits but stay binary32 inputs): the hit
 * flags equal, every t agreed or tolerated by the judge, and all but a
 * share `loose` within one binary32 ulp of ref's t. */
static void t_vs_ref(int n, int sp, int sd, double loose)
{
    const isect_query *q = tl_query("ray_cylinder");
    int hits = 0, off = 0;
    for (int c = 0; c < n; c++) {
        double in[N_IN], ref[ISECT_MAX_OUT], f[ISECT_MAX_OUT] = {0};
        gen_bench_like(in);
        for (int i = 0; i < N_IN; i++)
            if (i != IN_TMAX)
                in[i] = (float)ldexp(in[i], i >= IN_D && i < IN_TMAX ? sd : sp); /* binary32 (subnormal: rounded) */
        if (isfinite(in[IN_TMAX]))
            in[IN_TMAX] = (float)ldexp(in[IN_TMAX], sp - sd);
        cr_assert_eq(q->ref(in, ref), ISECT_REF_OK);
        q->run((isect_any_fn)isect_ray_cylinder, in, f);
        cr_assert_eq(f[0] != 0, ref[0] != 0, "scale %d/%d case %d: hit %g, ref %g", sp, sd, c, f[0], ref[0]);
        if (ref[0] == 0)
            continue;
        hits++;
        float rt = (float)ref[1];
        if (f[1] != rt && f[1] != nextafterf(rt, INFINITY) && f[1] != nextafterf(rt, -INFINITY))
            off++;
        isect_judgement j = tl_judge(q, "fast", in, f);
        cr_assert(j.verdict == VERDICT_AGREE || j.verdict == VERDICT_TOLERATED,
                  "scale %d/%d case %d: t %a, ref %a, verdict %d", sp, sd, c, f[1], ref[1], (int)j.verdict);
    }
    cr_assert(hits > n / 4, "scale %d/%d: %d hits of %d", sp, sd, hits, n);
    cr_assert(off <= loose * hits, "scale %d/%d: %d of %d hits beyond one ulp of ref's t", sp, sd, off, hits);
}

Test(ray_cylinder_quick, t_vs_ref_bench_like)
{
    tl_init_seed(1457);
    t_vs_ref(4000, 0, 0, 0.002);
}

Test(ray_cylinder_quick, t_vs_ref_scaled)
{
    tl_init_seed(1458);
    static const int sc[][2] = {{120, 120}, {-120, -120}, {100, -20}, {-20, 100}, {-125, -140}};
    for (size_t k = 0; k < sizeof sc / sizeof *sc; k++)
        t_vs_ref(500, sc[k][0], sc[k][1], 0.01);
}
