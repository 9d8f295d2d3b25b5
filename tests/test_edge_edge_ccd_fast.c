/* tests/test_edge_edge_ccd_fast.c: fast's edge_edge_ccd under its one-sided
 * contract (docs/queries/edge_edge_ccd.md): no missed or late collision, a
 * reported collision only where the segments come within `near` of each
 * other.  The judge (ref's exact answer, ref_edge_edge_ccd_min_dist)
 * decides; nothing expected comes from fast.
 *
 * Regression inputs: those the fuzzer found against the former fast (also in
 * corpus/edge_edge_ccd/: fast_far_hit_*.case, its budget ran out and it
 * reported a hit where the segments were far apart; overflow_touch_t0.case,
 * a NaN bound dropped from an interval hull made it late) and a segment
 * collapsing to a point far from the other: these fail on the former code.
 * Parallel segments sliding along each other at a distance h guard the
 * budget phase (the former code passed them).
 */
#include "testlib_ccd.h"

#include "fast_ccd.h"

static isect_verdict judge_fast(const char *name, const double *in, double *out)
{
    return tl_check_run(tl_query(name), "fast", in, out).verdict;
}

static bool fine(isect_verdict v) { return v == VERDICT_AGREE || v == VERDICT_TOLERATED; }

/* Found by the fuzzer; the former fast's answer and ref's are in the corpus
 * files named. */
static const double found[][24] = {
    /* fast_far_hit_budget_1.case */
    {-0x1p+13, -0x1p+13, 0x0.0000000004p-1022, -0x1.26fff55555555p+18, 0x1.5082ba6998cebp+13, -0x1.828p+17,
     -0x1.fffffcp-1, 0x1p+0, -0x1p+0, -0x1.fffffcp-1, 0x1p+0, 0x1p+0, -0x1p+13, 0x0p+0, 0x0p+0, 0x1p+0, 0x0p+0,
     0x0p+0, -0x1.26fff55555555p+18, 0x1.5082aaaaaaabdp+13, -0x1.8280000000001p+17, -0x1.26fff55555555p+18,
     0x1.5082aaaaaaabdp+13, -0x1.827faaaaaaaacp+17},
    /* fast_far_hit_budget_2.case */
    {-0x1.428p+9, -0x1.8f8p+7, -0x1.59p+9, 0x1p+0, 0x1p+0, -0x0.0000000000001p-1022, -0x1.42p+9, -0x1.918p+7,
     -0x1.598p+9, 0x1.8p+1, 0x0p+0, 0x0p+0, -0x1.43p+9, -0x1.8f8p+7, -0x1.5ap+9, -0x1.418p+9, -0x1.8f8p+7,
     -0x1.5ap+9, -0x1.41cp+9, -0x1.8f8p+7, -0x1.59cp+9, -0x1.41p+9, -0x1.8f8p+7, -0x1.59cp+9},
    /* fast_far_hit_budget_3.case */
    {-0x1p+0, 0x1p+0, 0x0p+0, 0x1.391p+12, -0x1.868p+3, 0x1.941p+12, 0x0p+0, 0x0p+0, 0x0p+0, 0x1p+1, 0x0p+0,
     0x0p+0, -0x1p+0, -0x1p+0, 0x0p+0, 0x1p+0, -0x1p+0, 0x0p+0, 0x0p+0, 0x0p+0, 0x0p+0, 0x1.393p+12,
     -0x1.868p+3, 0x1.94p+12},
    /* overflow_touch_t0.case */
    {-0x1p+0, 0x1.8d82631547a67p+0, 0x1.5555555555555p-2, 0x0p+0, 0x1.8d82631547a67p+0, 0x1.5555555555555p-2,
     0x1.5555555555555p-3, 0x1.1b04c62a8f4cep-1, 0x1.5555555555555p-2, 0x0p+0, 0x1.8d82631547a67p+0,
     0x1.5555555555555p-2, 0x1.8888888888888p-2, 0x1.8d82631547a67p+0, 0x1.5555555555555p-2,
     -0x1.fffffffffffffp+1023, 0x1.8d82631547a67p+0, 0x1.5555555555555p-2, 0x1.5555555555555p-3,
     0x1.1b04c62a8f4cep-1, 0x1.5555555555555p-2, 0x0p+0, 0x1.8d82631547a67p+0, 0x1.5555555555555p-2},
};

Test(edge_edge_ccd_fast, fuzzer_findings)
{
    double out[ISECT_MAX_OUT];
    for (size_t i = 0; i < sizeof found / sizeof found[0]; i++)
        cr_assert(fine(judge_fast("edge_edge_ccd", found[i], out)), "finding %zu", i);
}

/* b = d at t = 0 (hand-derived: a hit at t = 0), with b1 = -DBL_MAX: fast
 * must report t = 0 (overflow_touch_t0.case; the former fast said 0.72). */
Test(edge_edge_ccd_fast, overflow_touch_at_0)
{
    double out[ISECT_MAX_OUT];
    const double *in = found[sizeof found / sizeof found[0] - 1];
    cr_assert_eq(in[3], in[9]);
    cr_assert_eq(in[15], -0x1.fffffffffffffp+1023);
    judge_fast("edge_edge_ccd", in, out);
    cr_assert(out[0] != 0 && out[1] == 0, "hit at t = 0");
}

/* cd is ab moved by h across it (perpendicular to ab and to a random
 * direction), sliding along ab by up to its length, the whole scene carried
 * by a common translation of up to 2^10; h from 2^-4 to 2^-30 of ab's
 * length (below and above near = 2^-13 S). */
static void sliding(double *in)
{
    double a[3], e[3], r[3], m[3], T[3], mm = 0, ee = 0;
    for (int i = 0; i < 3; i++) {
        a[i] = 2 * tl_unit() - 1;
        e[i] = 2 * tl_unit() - 1;
        r[i] = 2 * tl_unit() - 1;
        T[i] = ldexp(2 * tl_unit() - 1, tl_int(0, 10));
        ee += e[i] * e[i];
    }
    for (int i = 0; i < 3; i++) {
        m[i] = e[(i + 1) % 3] * r[(i + 2) % 3] - e[(i + 2) % 3] * r[(i + 1) % 3];
        mm += m[i] * m[i];
    }
    double h = ldexp(1, -tl_int(4, 30)) * sqrt(ee / mm), s0 = tl_unit() - 0.5, s1 = tl_unit() - 0.5;
    for (int i = 0; i < 3; i++) {
        double c = a[i] + h * m[i];
        in[i] = a[i];
        in[3 + i] = a[i] + e[i];
        in[6 + i] = c + s0 * e[i];
        in[9 + i] = c + (s0 + 1) * e[i];
        in[12 + i] = a[i] + T[i];
        in[15 + i] = a[i] + e[i] + T[i];
        in[18 + i] = c + s1 * e[i] + T[i];
        in[21 + i] = c + (s1 + 1) * e[i] + T[i];
    }
}

Test(edge_edge_ccd_fast, sliding_never_a_discrepancy)
{
    tl_init_seed(0x51d1e5ULL);
    double in[24], out[ISECT_MAX_OUT];
    for (int n = 0; n < 60; n++) {
        sliding(in);
        cr_assert(fine(judge_fast("edge_edge_ccd", in, out)), "sliding case %d", n);
    }
}

/* ab shrinks to a point at a random time tc (a = b there) and grows again,
 * cd stands still, its box around that point: every polynomial test
 * vanishes at tc, where the former fast reported a hit however far the
 * segments were. */
Test(edge_edge_ccd_fast, collapsing_segment_never_a_discrepancy)
{
    tl_init_seed(0xc011a95eULL);
    double in[24], out[ISECT_MAX_OUT];
    for (int n = 0; n < 40; n++) {
        double tc = 0.125 * tl_int(1, 7), m[3], u[3];
        for (int i = 0; i < 3; i++) {
            m[i] = 2 * tl_unit() - 1;
            u[i] = 2 * tl_unit() - 1;
        }
        for (int i = 0; i < 3; i++) {
            in[i] = m[i] - tc * u[i];
            in[12 + i] = m[i] + (1 - tc) * u[i];
            in[3 + i] = m[i] + tc * u[i];
            in[15 + i] = m[i] - (1 - tc) * u[i];
            in[6 + i] = in[18 + i] = m[i] + tl_unit(); /* m in cd's box */
            in[9 + i] = in[21 + i] = m[i] - tl_unit();
        }
        cr_assert(fine(judge_fast("edge_edge_ccd", in, out)), "collapse case %d", n);
    }
}

/* Found by a 900 s campaign (2026-11-27): every coordinate a subnormal
 * multiple of u = 2^-1074, s = 1024 u.  a = (0, 0, -s) and d = 0 stand
 * still, b goes from (0, u, -s) to 0, c from 0 to (0, 0, -s).  For t < 1
 * the only point of ab with y = 0 is a (b's y is u (1 - t) > 0), and a is
 * on cd = [(0, 0, -s t), 0] only when t >= 1: a contact at t = 1 exactly
 * (a = c), and before it the segments are at most about 2^-10 s (1 - t)
 * apart.  The search's budget phase reports a piece where the shapes are
 * within near = 2^-14 S, computed on the copy scaled by 2^1064; it was
 * computed as 2^-14 S before the scaling and underflowed to 0, so the
 * phase never reported and the search ran its whole safety net (2^18
 * pieces, 1-2 s; a timeout in the fuzz build). */
Test(edge_edge_ccd_fast, subnormal_scale_budget_phase_reports)
{
    const double u = 0x1p-1074, s = 1024 * u;
    const double v[8][3] = {{0, 0, -s}, {0, u, -s}, {0, 0, 0}, {0, 0, 0},
                            {0, 0, -s}, {0, 0, 0},  {0, 0, -s}, {0, 0, 0}};
    double in[24], out[ISECT_MAX_OUT], ref_out[ISECT_MAX_OUT];
    mk(in, v);
    const isect_query *q = tl_query("edge_edge_ccd");
    cr_assert_eq(q->ref(in, ref_out), REF_OK);
    cr_assert(ref_out[0] == 1 && ref_out[1] == 1, "hand derivation: a hit at t = 1");
    cr_assert(fine(judge_fast("edge_edge_ccd", in, out)), "fast within its one-sided contract");
    isect_ccd_frame f0, f1;
    for (int k = 0; k < 4; k++) {
        f0.v[k] = (isect_dvec3){v[k][0], v[k][1], v[k][2]};
        f1.v[k] = (isect_dvec3){v[4 + k][0], v[4 + k][1], v[4 + k][2]};
    }
    isect_ccd_result r;
    fccd_effort e;
    fccd_query_effort(FCCD_EDGE_EDGE, &f0, &f1, &r, &e);
    cr_assert(r.hit, "no false negative");
    cr_assert(e.pieces < FCCD_BUDGET + FCCD_HARD_BUDGET, "%d pieces: the budget phase never reported (near = 0?)",
              e.pieces);
}
