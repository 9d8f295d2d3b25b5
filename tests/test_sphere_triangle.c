/* tests/test_sphere_triangle.c: sphere_triangle in ref, fast and the
 * judge.
 *
 * Flat layout: in = center[3] radius v0[3] v1[3] v2[3];
 * out = hit point[3] dist2.  Expected values by hand in the comments (the
 * closest point of the closed triangle, by feature).  The random batch is
 * checked against an independent formulation: the minimum of |c - x|^2 over
 * a fine grid of the triangle never beats ref's d2, and ref's point is on
 * the triangle (its barycentrics, recomputed, are >= 0 up to rounding).
 */
#include "testlib_overlap.h"

#include "isect.h"

static const isect_query *q;

static void setup(void)
{
    q = tl_query("sphere_triangle");
    tl_init_seed(0x57);
}

TestSuite(sphere_triangle, .init = setup);

static void set(double *in, double cx, double cy, double cz, double r, const double *tri)
{
    in[0] = cx;
    in[1] = cy;
    in[2] = cz;
    in[3] = r;
    memcpy(in + 4, tri, 9 * sizeof *in);
}

static const double T4[9] = {0, 0, 0, 4, 0, 0, 0, 4, 0};

static void expect(const double *in, double hit, double qx, double qy, double qz, double d2, const char *what)
{
    double out[5];
    cr_assert_eq(tl_ref(q, in, out), REF_OK, "%s: status", what);
    cr_assert(out[0] == hit, "%s: hit %g", what, out[0]);
    cr_assert(out[1] == qx && out[2] == qy && out[3] == qz, "%s: point (%a, %a, %a), expected (%a, %a, %a)", what,
              out[1], out[2], out[3], qx, qy, qz);
    cr_assert(out[4] == d2, "%s: dist2 %a, expected %a", what, out[4], d2);
}

static void features(void)
{
    double in[13];
    set(in, 1, 1, 3, 3, T4); /* above the face: q = (1,1,0), d2 = 9 = r^2 */
    expect(in, 1, 1, 1, 0, 9, "face, touching");
    set(in, 2, -3, 4, 5, T4); /* beyond edge v0v1: q = (2,0,0), d2 = 9 + 16 */
    expect(in, 1, 2, 0, 0, 25, "edge, touching");
    /* beyond vertex v1 = (4,0,0) by (2,-3,6): (2,-3,6).(v0 - v1) = -8 <= 0 and
     * (2,-3,6).(v2 - v1) = -20 <= 0: the vertex's normal cone; d2 = 49 */
    set(in, 6, -3, 6, 7, T4);
    expect(in, 1, 4, 0, 0, 49, "vertex, touching");
    set(in, 3, 3, 0, 1.5, T4); /* in the plane beyond the hypotenuse: q = (2,2,0), d2 = 2 <= 2.25 */
    expect(in, 1, 2, 2, 0, 2, "hypotenuse, in the plane");
    set(in, 1, 1, 0, 0, T4); /* centre in the triangle, radius 0 */
    expect(in, 1, 1, 1, 0, 0, "centre inside");
    /* tilted: (3,0,0), (0,3,0), (0,0,3); c = (2,2,2) projects to (1,1,1) */
    const double TT[9] = {3, 0, 0, 0, 3, 0, 0, 0, 3};
    set(in, 2, 2, 2, 2, TT);
    expect(in, 1, 1, 1, 1, 3, "tilted face");
}

static void misses_are_zero(void)
{
    double in[13];
    set(in, 1, 1, 3, nextafterf(3, 0), T4);
    expect(in, 0, 0, 0, 0, 0, "face, r one ulp short");
    set(in, 6, -3, 6, nextafterf(7, 0), T4);
    expect(in, 0, 0, 0, 0, 0, "vertex, r one ulp short");
    set(in, 3, 3, 0, 1.41f, T4); /* 1.41f^2 < 2 */
    expect(in, 0, 0, 0, 0, 0, "hypotenuse, r short");
}

static void degenerate_and_rounded(void)
{
    double in[13];
    const double seg[9] = {0, 0, 0, 4, 0, 0, 2, 0, 0}; /* hull: 0 .. (4,0,0) */
    set(in, 2, 3, 4, 5, seg);
    expect(in, 1, 2, 0, 0, 25, "collinear, middle");
    set(in, 6, 0, 0, 2, seg);
    expect(in, 1, 4, 0, 0, 4, "collinear, beyond v1");
    const double pt[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    set(in, 1, 1, 3, 2, pt);
    expect(in, 1, 1, 1, 1, 4, "a point");
    /* The segment 0 .. (3,1,0) (v2 = v0), c = (1,0,0): t = 3/10, q = (9/10, 3/10, 0),
     * d2 = 1/100 + 9/100 = 1/10; q and d2 correctly rounded to binary64. */
    const double s31[9] = {0, 0, 0, 3, 1, 0, 0, 0, 0};
    set(in, 1, 0, 0, 1, s31);
    expect(in, 1, 0x1.ccccccccccccdp-1, 0x1.3333333333333p-2, 0, 0x1.999999999999ap-4, "rounded closest point");
}

static void invalid_input(void)
{
    double in[13];
    set(in, 0, 0, 0, -1, T4);
    tl_expect_invalid(q, in, "negative radius");
    set(in, 0, NAN, 0, 1, T4);
    tl_expect_invalid(q, in, "NaN");
}

static void gen(double *in)
{
    int e = tg_triangle(in, in + 4);
    /* tg_triangle wrote p at in[0..2] and the vertices at in[3..11]: shift */
    memmove(in + 4, in + 3, 9 * sizeof *in);
    int kind = tl_int(0, 3);
    if (kind == 0)
        in[3] = 0;
    else if (kind == 1)
        in[3] = fabs(tl_small(e));
    else
        in[3] = (float)ldexp(tl_unit(), e + 3);
}

/* Independent check: ref's point is on the triangle (its squared distance to
 * the triangle, by a grid search that can only over-estimate, is tiny) and no
 * grid point of the triangle is closer to c than ref's d2. */
static void random_against_grid_search(void)
{
    int hits = 0;
    for (int n = 0; n < 600; n++) {
        double in[13], out[5];
        gen(in);
        cr_assert_eq(tl_ref(q, in, out), REF_OK);
        if (!out[0])
            continue;
        hits++;
        const double *a = in + 4, *b = in + 7, *c = in + 10, *p = in;
        double best = INFINITY, scale = 0;
        for (int i = 0; i < 13; i++)
            scale = fmax(scale, fabs(in[i]));
        int N = 48;
        for (int i = 0; i <= N; i++)
            for (int j = 0; i + j <= N; j++) {
                double s = (double)i / N, t = (double)j / N, d = 0;
                for (int k = 0; k < 3; k++) {
                    double x = a[k] + s * (b[k] - a[k]) + t * (c[k] - a[k]) - p[k];
                    d += x * x;
                }
                best = fmin(best, d);
            }
        cr_assert(out[4] <= best * (1 + 1e-12) + 1e-24 * scale * scale, "grid beats ref: %a < %a (case %d)", best,
                  out[4], n);
        double dq = 0;
        for (int k = 0; k < 3; k++)
            dq += (out[1 + k] - p[k]) * (out[1 + k] - p[k]);
        cr_assert(fabs(dq - out[4]) <= 1e-9 * (dq + scale * scale), "point and dist2 disagree (case %d)", n);
    }
    cr_assert(hits > 30, "%d hits", hits);
}

static void metamorphic(void)
{
    for (int n = 0; n < 500; n++) {
        double in[13], m[13], a[5], b[5];
        gen(in);
        tl_ref(q, in, a);
        int perm[2][3] = {{1, 2, 0}, {0, 2, 1}};
        for (int k = 0; k < 2; k++) {
            memcpy(m, in, sizeof m);
            for (int j = 0; j < 3; j++)
                memcpy(m + 4 + 3 * j, in + 4 + 3 * perm[k][j], 3 * sizeof *m);
            tl_ref(q, m, b);
            cr_assert(memcmp(a, b, sizeof a) == 0, "vertex order %d changes the answer (case %d)", k, n);
        }
        int f = tl_int(0, 2), k = tl_int(-20, 20);
        /* mirror axis f of every point: slots 0..2 (c) and 4.. (vertices) */
        for (int i = 0; i < 13; i++) {
            int axis = i < 3 ? i : i == 3 ? -1 : (i - 4) % 3;
            m[i] = ldexp(in[i], k) * (axis == f ? -1 : 1);
        }
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "mirror/scale hit (case %d)", n);
        if (a[0] && k > -10 && k < 10 && fabs(a[4]) > 0x1p-900)
            for (int i = 1; i < 5; i++) {
                int axis = i <= 3 ? i - 1 : -1;
                double expect = ldexp(a[i], i == 4 ? 2 * k : k) * (axis == f ? -1 : 1);
                cr_assert(b[i] == expect || (b[i] == 0 && expect == 0), "mirror/scale output %d (case %d)", i, n);
            }
    }
}

/* ---- fast ------------------------------------------------------------------- */

static void fast_on_exact_cases(void)
{
    double in[13], out[ISECT_MAX_OUT];
    set(in, 2, -3, 4, 5, T4);
    tl_run(q, "fast", in, out);
    cr_assert(out[0] == 1 && out[1] == 2 && out[2] == 0 && out[3] == 0 && out[4] == 25, "edge touching");
    set(in, 6, -3, 6, 7, T4);
    tl_run(q, "fast", in, out);
    cr_assert(out[0] == 1 && out[1] == 4 && out[4] == 49, "vertex touching");
    set(in, 1, 1, 3, nextafterf(3, 0), T4);
    tl_run(q, "fast", in, out);
    cr_assert(out[0] == 0 && out[1] == 0 && out[4] == 0, "face miss, zeroed");
    set(in, 0, 0, 0, -1, T4);
    tl_run(q, "fast", in, out);
    cr_assert(out[0] == 0, "invalid");
}

static void fast_within_tolerance(void) { ov_check_target(q, "fast", gen, 1600); }

/* ---- enclosure, filter, judge -------------------------------------------------- */

static void enclosure_is_sound(void) { ov_check_encl(q, gen, 266, 10); }

static void filter_agrees_with_exact(void) { ov_check_filter(q, gen, 375); }

static void judge(void)
{
    double in[13];
    /* touching a face, answered miss: severity 0 */
    set(in, 1, 1, 3, 3, T4);
    double miss[5] = {0, 0, 0, 0, 0};
    isect_judgement j = tl_judge(q, "fast", in, miss);
    cr_assert(j.verdict == VERDICT_TOLERATED && j.severity == 0, "touching: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    /* the closest point off by 1 (S = 4): a discrepancy */
    set(in, 1, 1, 1, 3, T4);
    double wrong[5] = {1, 2, 1, 0, 1};
    j = tl_judge(q, "fast", in, wrong);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e4, "point off by 1: %s %g",
              isect_verdict_name(j.verdict), j.severity);
    /* the closest point off by one binary32 ulp: agree or tolerated */
    double close[5] = {1, nextafterf(1, 2), 1, 0, 1};
    j = tl_judge(q, "fast", in, close);
    cr_assert(j.verdict == VERDICT_AGREE || (j.verdict == VERDICT_TOLERATED && j.severity <= 4), "one ulp: %s %g",
              isect_verdict_name(j.verdict), j.severity);
    /* dist2 wrong by a factor 2 on a deep hit */
    double d2bad[5] = {1, 1, 1, 0, 2};
    j = tl_judge(q, "fast", in, d2bad);
    cr_assert(j.verdict == VERDICT_DISCREPANCY, "dist2 x2: %s %g", isect_verdict_name(j.verdict), j.severity);
}

/* ---- one process per file (Criterion forks one per Test; under ASan each fork
 * costs more than most of these checks) ------------------------------------ */

Test(sphere_triangle, all)
{
    features();
    misses_are_zero();
    degenerate_and_rounded();
    invalid_input();
    random_against_grid_search();
    metamorphic();
    enclosure_is_sound();
    filter_agrees_with_exact();
    fast_on_exact_cases();
    fast_within_tolerance();
    judge();
}
