/* tests/test_obb_obb.c: obb_obb in ref, fast, the judge and
 * zoo:obb_noeps.
 *
 * Flat layout: box 0 then box 1, each center[3] axis0[3] axis1[3] axis2[3]
 * half[3]; out = hit.  The box is center + sum s_i axis_i, |s_i| <= half_i.
 * Expected answers by hand in the comments (and in corpus/obb_obb).  The
 * random batch of full-rank boxes with small-integer data is checked against
 * an independent formulation: the plain 15-axis test on the cross products
 * of the axes, exact in binary64 for such data.
 */
#include "testlib_overlap.h"

#include "isect.h"

static const isect_query *q;

static void setup(void)
{
    q = tl_query("obb_obb");
    tl_init_seed(0x0bb);
}

TestSuite(obb_obb, .init = setup);

typedef struct {
    double c[3], a[3][3], h[3];
} box;

static void flat(double *in, const box *b0, const box *b1)
{
    const box *b[2] = {b0, b1};
    for (int k = 0; k < 2; k++) {
        memcpy(in + 15 * k, b[k]->c, 3 * sizeof *in);
        memcpy(in + 15 * k + 3, b[k]->a, 9 * sizeof *in);
        memcpy(in + 15 * k + 12, b[k]->h, 3 * sizeof *in);
    }
}

static double hit(const box *b0, const box *b1)
{
    double in[30], out[1];
    flat(in, b0, b1);
    cr_assert_eq(tl_ref(q, in, out), REF_OK);
    return out[0];
}

#define ID {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
#define DIAMOND {{1, 1, 0}, {-1, 1, 0}, {0, 0, 1}}

static void exact_cases(void)
{
    box cube = {{0, 0, 0}, ID, {1, 1, 1}};
    box b = {{2, 0, 0}, ID, {1, 1, 1}};
    cr_assert_eq(hit(&cube, &b), 1, "faces x = 1 touch");
    b.c[0] = nextafterf(2, 3);
    cr_assert_eq(hit(&cube, &b), 0, "one ulp apart");
    /* diamond: axes (1,1,0), (-1,1,0), half 0.5: |x| + |y| <= 1 around its centre */
    box d = {{2, 0, 0}, DIAMOND, {0.5, 0.5, 1}};
    cr_assert_eq(hit(&cube, &d), 1, "diamond vertex on a face");
    d.c[0] = 1.5;
    d.c[1] = 1.5; /* its edge x + y = 2 touches the cube's edge x = y = 1 */
    cr_assert_eq(hit(&cube, &d), 1, "diamond edge on a cube edge");
    d.c[0] = d.c[1] = nextafterf(1.5, 2);
    cr_assert_eq(hit(&cube, &d), 0, "diamond edge one ulp off");
    /* a segment along (0,1,1), |s| <= 1, centred at (0,2,0): its end (0,1,-1) is on an edge */
    box seg = {{0, 2, 0}, {{0, 1, 1}, {1, 0, 0}, {0, 0, 1}}, {1, 0, 0}};
    cr_assert_eq(hit(&cube, &seg), 1, "segment end on an edge");
    seg.c[1] = nextafterf(2, 3);
    cr_assert_eq(hit(&cube, &seg), 0, "segment one ulp off");
    /* rank 1: box 0 is the x-axis segment |x| <= 3.5; box 1 a point */
    box line = {{0, 0, 0}, {{1, 0, 0}, {2, 0, 0}, {0.5, 0, 0}}, {1, 1, 1}};
    box pt = {{3.5, 0, 0}, ID, {0, 0, 0}};
    cr_assert_eq(hit(&line, &pt), 1, "point at the end of a segment");
    pt.c[1] = 0x1p-149;
    cr_assert_eq(hit(&line, &pt), 0, "point 2^-149 off the line");
    /* rank 2: a square and a diamond in the plane z = 0 */
    box sq = {{0, 0, 0}, ID, {1, 1, 0}};
    box fd = {{2, 0, 0}, DIAMOND, {0.5, 0.5, 0}};
    cr_assert_eq(hit(&sq, &fd), 1, "flat: touching in the plane");
    fd.c[0] = 2.5;
    cr_assert_eq(hit(&sq, &fd), 0, "flat: apart in the plane");
    fd.c[0] = 1.5;
    fd.c[2] = 0x1p-149;
    cr_assert_eq(hit(&sq, &fd), 0, "flat: overlapping in x, y but 2^-149 apart in z");
    /* rank 0: two points */
    box p0 = {{1, 2, 3}, {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}, {1, 1, 1}}, p1 = p0;
    cr_assert_eq(hit(&p0, &p1), 1, "equal points");
    p1.c[2] = nextafterf(3, 4);
    cr_assert_eq(hit(&p0, &p1), 0, "points one ulp apart");
    /* deep overlap with exactly parallel edges (box 1 = box 0 rotated about z) */
    box r0 = {{0, 0, 0}, {{3, 4, 0}, {-4, 3, 0}, {0, 0, 5}}, {0.2f, 0.2f, 0.2f}};
    box r1 = {{0.5, 0.5, 0.5}, {{0, 0, 5}, {4, -3, 0}, {3, 4, 0}}, {0.2f, 0.2f, 0.2f}};
    cr_assert_eq(hit(&r0, &r1), 1, "deep overlap, parallel edges");
    double in[30];
    box bad = cube;
    bad.h[1] = -1;
    flat(in, &cube, &bad);
    tl_expect_invalid(q, in, "negative half extent");
    bad = cube;
    bad.a[2][0] = NAN;
    flat(in, &cube, &bad);
    tl_expect_invalid(q, in, "NaN axis");
}

/* ---- generators ------------------------------------------------------------ */

static void gen_full(double *in) /* full rank, small integers: exact */
{
    for (;;) {
        box b[2];
        for (int k = 0; k < 2; k++) {
            for (int i = 0; i < 3; i++) {
                b[k].c[i] = tl_int(-8, 8) * 0.5;
                b[k].h[i] = tl_int(1, 4) * 0.5;
                for (int j = 0; j < 3; j++)
                    b[k].a[i][j] = tl_int(-3, 3);
            }
        }
        if (tl_int(0, 1) == 0) /* share an axis: parallel edges */
            memcpy(b[1].a[tl_int(0, 2)], b[0].a[tl_int(0, 2)], 3 * sizeof(double));
        int ok = 1;
        for (int k = 0; k < 2; k++) {
            double (*a)[3] = b[k].a;
            double det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
                         a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
            ok &= det != 0;
        }
        if (ok) {
            flat(in, &b[0], &b[1]);
            return;
        }
    }
}

static int independent(const double *in)
{
    const double *a[6], *h[2] = {in + 12, in + 27};
    double t[3];
    for (int k = 0; k < 6; k++)
        a[k] = in + 15 * (k / 3) + 3 + 3 * (k % 3);
    for (int i = 0; i < 3; i++)
        t[i] = in[15 + i] - in[i];
    for (int k = 0; k < 6; k++)
        for (int l = k + 1; l < 6; l++) {
            double L[3] = {a[k][1] * a[l][2] - a[k][2] * a[l][1], a[k][2] * a[l][0] - a[k][0] * a[l][2],
                           a[k][0] * a[l][1] - a[k][1] * a[l][0]};
            double r = 0;
            for (int j = 0; j < 6; j++)
                r += h[j / 3][j % 3] * fabs(a[j][0] * L[0] + a[j][1] * L[1] + a[j][2] * L[2]);
            if (fabs(t[0] * L[0] + t[1] * L[1] + t[2] * L[2]) > r)
                return 0;
        }
    return 1;
}

/* Any boxes: rotations, shared or permuted axes, flat boxes, near contact. */
static void gen_any(double *in)
{
    int kind = tl_int(0, 4);
    gen_full(in);
    if (kind == 0) { /* a rotation frame for box 0, box 1 rotated about one of its axes */
        double th = tl_unit() * 6.28, ph = tl_int(0, 1) ? ldexp(1, -tl_int(0, 30)) : tl_unit();
        double R[3][3] = {{cos(th), sin(th), 0}, {-sin(th), cos(th), 0}, {0, 0, 1}};
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                in[3 + 3 * i + j] = (float)R[i][j];
        double S[3][3] = {{1, 0, 0}, {0, cos(ph), sin(ph)}, {0, -sin(ph), cos(ph)}};
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                double v = 0;
                for (int k = 0; k < 3; k++)
                    v += S[i][k] * R[k][j];
                in[18 + 3 * i + j] = (float)v;
            }
    } else if (kind == 1) { /* flat: a zero half extent or a zero axis */
        in[12 + tl_int(0, 2)] = 0;
        if (tl_int(0, 1))
            memset(in + 18 + 3 * tl_int(0, 2), 0, 3 * sizeof *in);
    } else if (kind == 2) { /* all axes of a box parallel */
        for (int i = 1; i < 3; i++)
            for (int j = 0; j < 3; j++)
                in[3 + 3 * i + j] = in[3 + j] * tl_int(-2, 2);
    }
    if (tl_int(0, 2) == 0) { /* nudge a centre coordinate */
        int k = 15 + tl_int(0, 2);
        in[k] = nextafterf((float)in[k], tl_rnd() & 1 ? INFINITY : -INFINITY);
    }
    int e = tl_int(-20, 20);
    for (int i = 0; i < 30; i++) /* scale positions by 2^e */
        if (i % 15 < 3 || i % 15 >= 12)
            in[i] = ldexp(in[i], e);
}

static void random_against_independent_15_axis_test(void)
{
    int hits = 0;
    for (int n = 0; n < 666; n++) {
        double in[30], out[1];
        gen_full(in);
        cr_assert_eq(tl_ref(q, in, out), REF_OK);
        cr_assert_eq(out[0], independent(in), "case %d (ISECT_SEED=%llu)", n, (unsigned long long)tl_seed);
        hits += out[0] != 0;
    }
    cr_assert(hits > 60 && hits < 600, "balance: %d hits", hits);
}

static void metamorphic(void)
{
    for (int n = 0; n < 400; n++) {
        double in[30], m[30], a[1], b[1];
        gen_any(in);
        tl_ref(q, in, a);
        memcpy(m, in + 15, 15 * sizeof *m); /* swap the boxes */
        memcpy(m + 15, in, 15 * sizeof *m);
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "swap (case %d)", n);
        memcpy(m, in, sizeof m); /* box 0: axis 0 negated, axis 1 doubled with half 1 halved, axes 1, 2 swapped */
        for (int i = 0; i < 3; i++) {
            m[3 + i] = -in[3 + i];
            m[6 + i] = in[9 + i];
            m[9 + i] = 2 * in[6 + i];
        }
        m[13] = in[14];
        m[14] = in[13] / 2;
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "same box, other axes (case %d)", n);
    }
}

/* ---- fast, zoo, enclosure, judge ---------------------------------------------- */

static void fast(void)
{
    double in[30], out[ISECT_MAX_OUT];
    box cube = {{0, 0, 0}, ID, {1, 1, 1}}, b = {{2, 0, 0}, ID, {1, 1, 1}};
    flat(in, &cube, &b);
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 1, "touching faces");
    box sq = {{0, 0, 0}, ID, {1, 1, 0}}, fd = {{2.5, 0, 0}, DIAMOND, {0.5, 0.5, 0}};
    flat(in, &sq, &fd);
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 0, "flat, apart in the plane");
    box line = {{0, 0, 0}, {{1, 0, 0}, {2, 0, 0}, {0.5, 0, 0}}, {1, 1, 1}}, pt = {{3.5, 0x1p-149, 0}, ID, {0, 0, 0}};
    flat(in, &line, &pt);
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 0, "point off a segment");
    ov_check_target(q, "fast", gen_any, 600);
}

static void noeps_false_separation(void)
{
    /* Box 1 = box 0 with the same axis a0 (so a0 x b0 = 0), deep overlap:
     * from corpus/obb_obb (found by the fuzzer in 0.6 s); zoo:obb_noeps
     * separates them, fast does not. */
    double in[30] = {0, 0, 0, 1, -1, 0, 0x1.3ab234p-1, -0x1.937ca4p-1, -0x1.191df6p-5, 0, 0, 1, 1, 1, 1,
                     0x1.cp+0, 0x1p-2, 0x1p-2, 0x1.3ab234p-1, -0x1.937ca4p-1, -0x1.191df6p-5, 1, 0, 0,
                     0x1.90a966p-1, 0x1.35197ep-1, 0x1.37aebep-3, 1, 1, 1};
    double out[ISECT_MAX_OUT], a[1];
    tl_ref(q, in, a);
    cr_assert_eq(a[0], 1);
    tl_run(q, "zoo:obb_noeps", in, out);
    cr_assert_eq(out[0], 0, "obb_noeps separates");
    isect_judgement j = tl_judge(q, "zoo:obb_noeps", in, out);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e4, "%s %g", isect_verdict_name(j.verdict),
              j.severity);
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 1, "fast does not");
}

static void enclosure_filter_judge(void)
{
    ov_check_encl(q, gen_any, 133, 8);
    ov_check_filter(q, gen_any, 150);
    double in[30], yes[1] = {1}, no[1] = {0};
    box cube = {{0, 0, 0}, ID, {1, 1, 1}}, b = {{2, 0, 0}, ID, {1, 1, 1}};
    flat(in, &cube, &b); /* touching answered miss: severity 0 */
    isect_judgement j = tl_judge(q, "fast", in, no);
    cr_assert(j.verdict == VERDICT_TOLERATED && j.severity == 0, "touching: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    b.c[0] = 3; /* a gap of 1 answered hit */
    flat(in, &cube, &b);
    j = tl_judge(q, "fast", in, yes);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "gap: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    b.c[0] = 1; /* deep overlap answered miss */
    flat(in, &cube, &b);
    j = tl_judge(q, "fast", in, no);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "overlap: %s %g", isect_verdict_name(j.verdict),
              j.severity);
}

/* ---- one process per file (Criterion forks one per Test; under ASan each fork
 * costs more than most of these checks) ------------------------------------ */

Test(obb_obb, all)
{
    exact_cases();
    random_against_independent_15_axis_test();
    metamorphic();
    fast();
    noeps_false_separation();
    enclosure_filter_judge();
}
