/* tests/test_judge_one_sided.c: the judge's one-sided contract
 * (oracle/targets.h `near`, docs/judge.md) on the CCD queries, and the
 * certified distance bounds under it (ref_NAME_min_dist).
 *
 * Hand-derived inputs (unit scale, S = 1, so one unit is 2^-53):
 *   through   p from (1/4, 1/4, 1) to (1/4, 1/4, -1) through the static
 *             triangle (0,0,0) (1,0,0) (0,1,0): contact at t = 1/2;
 *   beside(d) the same path moved to x = -d: a miss whose least distance is
 *             d, at t = 1/2 (the edge x = 0 is closest).
 */
#include "testlib_ccd.h"

#include "finding.h"

static const double (*through(void))[3]
{
    static const double v[8][3] = {{0.25, 0.25, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                   {0.25, 0.25, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    return v;
}

static void beside(double *in, double d)
{
    mk(in, through());
    in[0] = in[12] = -d;
}

/* Targets that answer a fixed (hit, t), judged under fast's declarations. */
static bool fixed_hit_;
static double fixed_t_;
static bool fixed(isect_ccd_frame a, isect_ccd_frame b, isect_ccd_result *out)
{
    (void)a;
    (void)b;
    *out = (isect_ccd_result){fixed_hit_, fixed_hit_ ? fixed_t_ : 0};
    return fixed_hit_;
}

static isect_judgement judge_fixed(const char *name, const double *in, bool hit, double t)
{
    const isect_query *q = tl_query(name);
    const isect_target_entry *fe = isect_target_entry_for(isect_target_find("fast"), name);
    cr_assert(fe && fe->near > 0, "fast declares the one-sided contract on %s", name);
    isect_target_entry e = *fe;
    e.fn = (isect_any_fn)fixed;
    fixed_hit_ = hit;
    fixed_t_ = t;
    double ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
    int st = q->ref(in, ref_out);
    isect_target_run(q, &e, in, out);
    return isect_judge_entry(q, &e, in, st, ref_out, out);
}

Test(one_sided, missed_collision_is_a_discrepancy)
{
    double in[24];
    mk(in, through());
    isect_judgement j = judge_fixed("vertex_face_ccd", in, false, 0);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "a miss of a contact at t = 1/2");
    cr_assert_str_eq(j.why, "missed collision (one-sided contract)");
    /* Touching at t = 1 only (p ends on the vertex a): a boundary contact,
     * severity 0 under the two-sided judge, still a missed collision. */
    in[12] = in[13] = in[14] = 0;
    j = judge_fixed("vertex_face_ccd", in, false, 0);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY);
    /* Edge-edge: ab along x at z = 1 -> -1, cd along y at z = 0: cross at 1/2. */
    static const double ee[8][3] = {{-1, 0, 1}, {1, 0, 1}, {0, -1, 0}, {0, 1, 0},
                                    {-1, 0, -1}, {1, 0, -1}, {0, -1, 0}, {0, 1, 0}};
    mk(in, ee);
    cr_assert_eq(judge_fixed("edge_edge_ccd", in, false, 0).verdict, VERDICT_DISCREPANCY);
    cr_assert_eq(judge_fixed("edge_edge_ccd", in, true, 0.5).verdict, VERDICT_AGREE);
}

Test(one_sided, late_and_early_times)
{
    double in[24];
    mk(in, through());
    /* ulps 2^24 units of 2^-53: t within 2^-29 agrees. */
    cr_assert_eq(judge_fixed("vertex_face_ccd", in, true, 0.5 + 0x1p-30).verdict, VERDICT_AGREE);
    isect_judgement j = judge_fixed("vertex_face_ccd", in, true, 0.5 + 0x1p-20);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "later than ref's by 2^-20");
    /* Early: at t = 1/2 - 2^-20 the point is 2^-19 above the face: 2^34
     * units, within near = 2^40.  At t = 1/4 it is 1/2 away: a discrepancy,
     * severity at least (1/2 - 2^-29) / (2 sqrt 3) / 2^-53. */
    cr_assert_eq(judge_fixed("vertex_face_ccd", in, true, 0.5 - 0x1p-20).verdict, VERDICT_TOLERATED);
    j = judge_fixed("vertex_face_ccd", in, true, 0.25);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY);
    cr_assert(j.severity > 0.99 * 0.5 / (2 * sqrt(3)) * 0x1p53,
              "severity %g", j.severity);
}

Test(one_sided, false_positives_within_near)
{
    double in[24];
    /* 2^-45 beside the edge: 2^8 units, tolerated; 2^-8 beside: 2^45 units,
     * farther than near = 2^40: a discrepancy. */
    beside(in, 0x1p-45);
    cr_assert_eq(judge_fixed("vertex_face_ccd", in, true, 0.5).verdict, VERDICT_TOLERATED);
    beside(in, 0x1p-8);
    isect_judgement j = judge_fixed("vertex_face_ccd", in, true, 0.5);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY);
    /* fast itself one ulp beside the edge: it cannot tell, reports a hit at
     * t <= 1/2, and is tolerated. */
    beside(in, 0x1p-1074);
    const isect_query *q = tl_query("vertex_face_ccd");
    const isect_target_entry *fe = isect_target_entry_for(isect_target_find("fast"), q->name);
    double ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
    cr_assert_eq(q->ref(in, ref_out), REF_OK);
    cr_assert_eq(ref_out[0], 0);
    isect_target_run(q, fe, in, out);
    cr_assert(out[0] != 0 && out[1] <= 0.5, "fast is conservative here");
    cr_assert_eq(isect_judge_entry(q, fe, in, REF_OK, ref_out, out).verdict, VERDICT_TOLERATED);
}

/* fast on random motions aimed at contacts and their near misses: never a
 * discrepancy under its one-sided contract. */
static void fast_never_wrong(const char *name, int nfeature)
{
    const isect_query *q = tl_query(name);
    const isect_target_entry *fe = isect_target_entry_for(isect_target_find("fast"), name);
    nfeature_ = nfeature;
    for (int n = 0; n < 300; n++) {
        double in[24], ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
        gen(in);
        if (n & 1)
            in[tl_int(0, 23)] += ldexp(tl_unit() - 0.5, -tl_int(20, 52));
        int st = q->ref(in, ref_out);
        isect_target_run(q, fe, in, out);
        isect_judgement j = isect_judge_entry(q, fe, in, st, ref_out, out);
        cr_assert(j.verdict == VERDICT_AGREE || j.verdict == VERDICT_TOLERATED, "%s: case %d: %s", name, n,
                  isect_verdict_name(j.verdict));
    }
}

Test(one_sided, fast_is_never_a_discrepancy)
{
    tl_init_seed(0x0ce51dedULL);
    fast_never_wrong("vertex_face_ccd", 3);
    fast_never_wrong("edge_edge_ccd", 2);
}

Test(one_sided, min_dist_bounds)
{
    double in[24];
    /* The point 1 above the triangle's interior, static: distance 1. */
    static const double above[8][3] = {{0.25, 0.25, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                       {0.25, 0.25, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mk(in, above);
    double L = ref_vertex_face_ccd_min_dist(in, 0, 1, INFINITY);
    cr_assert(L > 0.999 && L <= 1, "%g", L);
    /* beside(d): least distance d at t = 1/2; over [0, 1/4] it is
     * sqrt(1/4 + d^2), at t = 1/4 (height 1/2, d beside the edge x = 0). */
    beside(in, 0x1p-8);
    L = ref_vertex_face_ccd_min_dist(in, 0, 1, INFINITY);
    cr_assert(L > 0.99 * 0x1p-8 && L <= 0x1p-8, "%g", L);
    L = ref_vertex_face_ccd_min_dist(in, 0, 0.25, INFINITY);
    cr_assert(L > 0.49 && L <= sqrt(0.25 + 0x1p-16), "%g", L);
    cr_assert_eq(ref_vertex_face_ccd_min_dist(in, 0.5, 0.5, INFINITY) <= 0x1p-8, true);
    /* Skew segments 2 apart (x axis at z = 0, y axis at z = 2), static. */
    static const double skew[8][3] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 2}, {0, 1, 2},
                                      {-1, 0, 0}, {1, 0, 0}, {0, -1, 2}, {0, 1, 2}};
    mk(in, skew);
    L = ref_edge_edge_ccd_min_dist(in, 0, 1, INFINITY);
    cr_assert(L > 1.99 && L <= 2, "%g", L);
    /* Collinear segments end to end, 2 apart: an endpoint distance. */
    static const double line[8][3] = {{0, 0, 0}, {1, 0, 0}, {3, 0, 0}, {4, 0, 0},
                                      {0, 0, 0}, {1, 0, 0}, {3, 0, 0}, {4, 0, 0}};
    mk(in, line);
    L = ref_edge_edge_ccd_min_dist(in, 0, 1, INFINITY);
    cr_assert(L > 1.99 && L <= 2, "%g", L);
    /* Parallel segments on the lines y = x and y = x + 1 (z = 0), static:
     * ab (0,0,0)-(1,1,0), cd (0,1,0)-(1,2,0).  Their boxes touch (gap 0) and
     * m = 0 (no line bound); b's and c's feet on the other segment are
     * inside, so the distance is 1/sqrt 2, End's: the near-parallel bound
     * End^2 - 4 m.m / (e1.e1 + e2.e2) gives it (without it, 0). */
    static const double par[8][3] = {{0, 0, 0}, {1, 1, 0}, {0, 1, 0}, {1, 2, 0},
                                      {0, 0, 0}, {1, 1, 0}, {0, 1, 0}, {1, 2, 0}};
    mk(in, par);
    L = ref_edge_edge_ccd_min_dist(in, 0, 1, INFINITY);
    cr_assert(L > 0.99 * 0.70710678 && L <= 0.70710679, "%g", L);
    /* Crossing at t = 1/2: the bound never exceeds 0 there. */
    static const double ee[8][3] = {{-1, 0, 1}, {1, 0, 1}, {0, -1, 0}, {0, 1, 0},
                                    {-1, 0, -1}, {1, 0, -1}, {0, -1, 0}, {0, 1, 0}};
    mk(in, ee);
    cr_assert_eq(ref_edge_edge_ccd_min_dist(in, 0, 1, INFINITY), 0);
}

/* The bound and the judge at extreme scales: the point p = S (1/4, 1/4, 3/4)
 * held still above the triangle a = 0, b = S (1, 0, 0), c = S (0, 1, 1),
 * inside the triangle's box.  The plane is z = y (normal (0, -1, 1)/sqrt 2),
 * p's foot S (1/4, 1/2, 1/2) = a + (b - a)/4 + (c - a)/2 lies inside, so the
 * least distance is (z - y)/sqrt 2 = S/(2 sqrt 2) = 0.35355... S at every t.
 * Unscaled, the interval bounds' squares overflow (S = 2^400) or underflow
 * (S = 2^-400) and only the box gap, 0 here, was left: a target's hit at
 * t = 0 passed as tolerated. */
Test(one_sided, min_dist_at_extreme_scales)
{
    static const double shape[8][3] = {{0.25, 0.25, 0.75}, {0, 0, 0}, {1, 0, 0}, {0, 1, 1},
                                       {0.25, 0.25, 0.75}, {0, 0, 0}, {1, 0, 0}, {0, 1, 1}};
    static const int ex[] = {-1000, -400, -200, 0, 200, 400, 1000};
    for (size_t k = 0; k < sizeof ex / sizeof ex[0]; k++) {
        double in[24], S = ldexp(1, ex[k]);
        mk(in, shape);
        for (int i = 0; i < 24; i++)
            in[i] *= S;
        double L = ref_vertex_face_ccd_min_dist(in, 0, 1, INFINITY);
        cr_assert(L > 0.35 * S && L <= 0.3536 * S, "S = 2^%d: L = %g S", ex[k], L / S);
        isect_judgement j = judge_fixed("vertex_face_ccd", in, true, 0);
        cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "S = 2^%d: a hit at t = 0, 0.35 S apart", ex[k]);
        /* Skew segments 2 S apart (x axis at z = 0, y axis at z = 2 S). */
        static const double skew[8][3] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 2}, {0, 1, 2},
                                          {-1, 0, 0}, {1, 0, 0}, {0, -1, 2}, {0, 1, 2}};
        mk(in, skew);
        for (int i = 0; i < 24; i++)
            in[i] *= S;
        L = ref_edge_edge_ccd_min_dist(in, 0, 1, INFINITY);
        cr_assert(L > 1.99 * S && L <= 2 * S, "S = 2^%d: L = %g S", ex[k], L / S);
    }
    /* Magnitudes spanning more than binary64's range cannot be scaled
     * exactly: the bound stays valid (here the box gap, 0), never above the
     * distance. */
    double in[24];
    mk(in, shape);
    for (int i = 0; i < 24; i++)
        in[i] *= 0x1p1000;
    in[1] = 0x1p-1074;
    cr_assert(ref_vertex_face_ccd_min_dist(in, 0, 1, INFINITY) <= 0.3536 * 0x1p1000);
}

/* Subnormal scale: two points, ab at (0, 0, -2^-1073) moving to the origin
 * where cd stays: distance (1 - t) 2^-1073, contact at t = 1 only.  near
 * unit S (2^-13 S) underflows there; the judge compares L / S instead: a
 * hit reported at t = 0 (the shapes S apart) is a discrepancy with a finite
 * severity L / (2 sqrt 3 unit S): at most 2^53 / 3.46 (L <= S), and at least
 * a quarter of that (L is a lower bound, here within a factor 2). */
Test(one_sided, subnormal_scale)
{
    double in[24] = {0};
    in[2] = in[5] = -0x1p-1073;
    isect_judgement j = judge_fixed("edge_edge_ccd", in, true, 0);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY);
    cr_assert(isfinite(j.severity) && j.severity > 0.25 * 0x1p53 / 3.4642 && j.severity < 0x1p53 / 3.4641,
              "severity %g", j.severity);
    cr_assert_eq(judge_fixed("edge_edge_ccd", in, true, 1).verdict, VERDICT_AGREE);
    cr_assert_eq(isect_severity_decade(INFINITY), 308);
    cr_assert_eq(isect_severity_decade(99999.0), 4);
    cr_assert_eq(isect_severity_decade(0.5), 0);
}
