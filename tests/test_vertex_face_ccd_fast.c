/* tests/test_vertex_face_ccd_fast.c: fast's vertex_face_ccd under its
 * one-sided contract (docs/queries/vertex_face_ccd.md, "fast"): no missed
 * or late collision, and a reported collision only where the shapes come
 * within `near` of each other.  The judge (ref's exact answer and its
 * certified distance bound ref_vertex_face_ccd_min_dist) decides; nothing
 * expected here comes from fast.
 *
 * Regression inputs: those the fuzzer found against the former fast (its
 * work budget ran out, or a leaf survived at an instant where the triangle
 * collapses, and it reported a hit where the shapes were far apart), also in
 * corpus/vertex_face_ccd/fast_far_hit_*.case, a triangle collapsing to a
 * segment far from the point (by hand, and random): these fail on the
 * former code.  Sliding motions, a point gliding at a height h over a
 * moving triangle, guard the budget phase (the former code passed them).
 */
#include "testlib_ccd.h"

static isect_verdict judge_fast(const char *name, const double *in, double *out)
{
    return tl_check_run(tl_query(name), "fast", in, out).verdict;
}

static bool fine(isect_verdict v) { return v == VERDICT_AGREE || v == VERDICT_TOLERATED; }

/* The triangle collapses at t = 1/2 to the segment from 0 to (1, 1, 1);
 * p = (1, 0, 0) is still and inside the boxes.  det(b - a, c - a, p - a) =
 * 2t - 1 (b(t) = (3/2 - t, 1/2 + t, 1), c(t) = (1/2 + t, 3/2 - t, 1)), and
 * at t = 1/2 p is not on the segment: a miss (corpus:
 * degenerate_instant_far.case).  The shapes stay farther apart than near
 * (ref's certified bound), so fast must miss too. */
Test(vertex_face_ccd_fast, degenerate_instant_far)
{
    static const double v[8][3] = {{1, 0, 0}, {0, 0, 0}, {1.5, 0.5, 1}, {0.5, 1.5, 1},
                                   {1, 0, 0}, {0, 0, 0}, {0.5, 1.5, 1}, {1.5, 0.5, 1}};
    double in[24], out[ISECT_MAX_OUT], ref_out[ISECT_MAX_OUT];
    mk(in, v);
    const isect_query *q = tl_query("vertex_face_ccd");
    cr_assert_eq(q->ref(in, ref_out), REF_OK);
    cr_assert_eq(ref_out[0], 0, "hand derivation: a miss");
    cr_assert(ref_vertex_face_ccd_min_dist(in, 0, 1, INFINITY) > 0x1p-13 * 1.5, "apart by more than near");
    cr_assert(fine(judge_fast("vertex_face_ccd", in, out)));
    cr_assert_eq(out[0], 0, "fast reports no collision");
}

/* Found by the fuzzer; the former fast's answer and ref's are in the
 * corpus files named. */
static const double found[][24] = {
    /* fast_far_hit_budget.case */
    {0x1.b68p+2, -0x1.d3ep+9, 0x1.7dp+0, 0x0p+0, 0x0p+0, 0x0p+0, 0x0p+0, 0x0p+0, 0x0p+0, 0x0p+0, 0x1p+0, 0x0p+0,
     0x1p+0, 0x1p+0, 0x1p+0, 0x0p+0, 0x0p+0, 0x0p+0, 0x0p+0, 0x0p+0, 0x0p+0, 0x1.a68p+2, -0x1.d38p+9,
     0x1.7dp+0},
    /* fast_far_hit_early.case */
    {0x1p+27, 0x1.fffffffffffffp+26, 0x1p+29, 0x0p+0, 0x0p+0, 0x1p+29, 0x1p+29, 0x0p+0, 0x1p+29, 0x0p+0, 0x0p+0,
     0x1p+29, 0x1.58p+28, 0x1.8p+24, 0x1p+29, 0x1p+27, 0x1p+27, 0x1p+29, 0x1.cp+28, -0x1p+26, 0x1p+29, 0x1p+29,
     0x0p+0, 0x1p+29},
    /* fast_far_hit_golden.case */
    {0x1p+0, 0x1.bb67ae8584caap-1, 0x0p+0, 0x0p+0, 0x1.bb67ae8584caap-1, 0x1p+0, 0x0p+0, 0x1.bb67ae8584caap-1,
     0x0p+0, 0x1p+0, 0x1.bb67ae8584caap-1, 0x1p+0, 0x1.80309a569a27p-56, 0x1.8931e8d0da338p-1, 0x1p-1, 0x1p+1,
     0x1.8931e8d0da338p-1, 0x1p+0, 0x1.24p-55, 0x1.8931e8d0da338p-1, -0x1.76935a53c5157p-55, 0x1p+0,
     0x1.8931e8d0da338p-1, 0x1p+0},
    /* fast_far_hit_miss_1.case */
    {0x1.555555567a895p-3, 0x1.ddddddde7077dp-2, 0x1.555555567a895p-3, 0x0p+0, 0x0p+0, 0x1p+0, 0x1p+0, 0x0p+0,
     0x1p+0, 0x1p+0, 0x0p+0, 0x1p+0, 0x1.555555567a895p-3, 0x1p+0, 0x1.555555567a895p-3, 0x1.55555555e7ef5p-2,
     -0x1.11111110c7c41p-1, 0x1.2534p-35, 0x0p+0, 0x1p+0, 0x1p+0, 0x0p+0, 0x1p+0, 0x1p+0},
    /* fast_far_hit_t0.case */
    {0x1p-2, 0x1.bb67ae8584caap-1, 0x1p+0, 0x0p+0, 0x1.bb67ae8584caap-1, 0x1p+0, 0x0p+0, 0x1.bb67ae8584caap-1,
     0x1p+0, 0x1p+0, -0x0p+0, 0x1p+0, 0x1p+0, 0x1.bb67ae8584caap-1, -0x1p+2, 0x1p+1, 0x1.8931e8d0da338p-1,
     0x1p+0, 0x1.555555567a895p-3, 0x1.ddddddde7077dp-2, 0x1p+0, 0x1p+0, 0x1.8931e8d0da338p-1, 0x1p+0},
};

Test(vertex_face_ccd_fast, fuzzer_findings)
{
    double out[ISECT_MAX_OUT];
    for (size_t i = 0; i < sizeof found / sizeof found[0]; i++)
        cr_assert(fine(judge_fast("vertex_face_ccd", found[i], out)), "finding %zu", i);
}

/* p glides at height h over a triangle (random in [-1, 1]^3) along its
 * plane, the whole scene carried by a common translation of up to 2^10:
 * long motions where the shapes stay close, h from 2^-4 down to 2^-30 of
 * the triangle's size (below and above near = 2^-13 S). */
static void sliding(double *in)
{
    double v[3][3], n[3], e1[3], e2[3], T[3], len = 0;
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++)
            v[k][i] = 2 * tl_unit() - 1;
    for (int i = 0; i < 3; i++) {
        e1[i] = v[1][i] - v[0][i];
        e2[i] = v[2][i] - v[0][i];
        T[i] = ldexp(2 * tl_unit() - 1, tl_int(0, 10));
    }
    for (int i = 0; i < 3; i++) {
        n[i] = e1[(i + 1) % 3] * e2[(i + 2) % 3] - e1[(i + 2) % 3] * e2[(i + 1) % 3];
        len += n[i] * n[i];
    }
    double h = ldexp(1, -tl_int(4, 30)) / sqrt(len), s0 = tl_unit(), s1 = tl_unit();
    for (int i = 0; i < 3; i++) {
        /* p from one edge point to another, lifted by h along n */
        in[i] = v[0][i] + s0 * e1[i] + h * n[i];
        in[12 + i] = v[0][i] + s1 * e2[i] + h * n[i] + T[i];
        for (int k = 0; k < 3; k++) {
            in[3 * (k + 1) + i] = v[k][i];
            in[12 + 3 * (k + 1) + i] = v[k][i] + T[i];
        }
    }
}

Test(vertex_face_ccd_fast, sliding_never_a_discrepancy)
{
    tl_init_seed(0x51d1e5ULL);
    double in[24], out[ISECT_MAX_OUT];
    for (int n = 0; n < 60; n++) {
        sliding(in);
        cr_assert(fine(judge_fast("vertex_face_ccd", in, out)), "sliding case %d", n);
    }
}

/* The triangle collapses at a random time tc to a segment (b = c there),
 * the point stands still at a random place of the triangle's box: every
 * polynomial test vanishes at tc, where the former fast reported a hit
 * however far the point was. */
Test(vertex_face_ccd_fast, collapsing_triangle_never_a_discrepancy)
{
    tl_init_seed(0xc011a95eULL);
    double in[24], out[ISECT_MAX_OUT];
    for (int n = 0; n < 40; n++) {
        double tc = 0.125 * tl_int(1, 7), m[3], u[3], a[3];
        for (int i = 0; i < 3; i++) {
            a[i] = 2 * tl_unit() - 1;
            m[i] = 2 * tl_unit() - 1;
            u[i] = 2 * tl_unit() - 1;
        }
        for (int i = 0; i < 3; i++) {
            double lo = fmin(a[i], m[i]), hi = fmax(a[i], m[i]);
            in[i] = in[12 + i] = lo + (hi - lo) * tl_unit();
            in[3 + i] = in[15 + i] = a[i];
            in[6 + i] = m[i] - tc * u[i];
            in[18 + i] = m[i] + (1 - tc) * u[i];
            in[9 + i] = m[i] + tc * u[i];
            in[21 + i] = m[i] - (1 - tc) * u[i];
        }
        cr_assert(fine(judge_fast("vertex_face_ccd", in, out)), "collapse case %d", n);
    }
}
