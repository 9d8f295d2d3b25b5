/* tests/test_aabb_triangle.c: aabb_triangle in ref, fast and the judge.
 *
 * Layout: in = min[3] max[3] v0[3] v1[3] v2[3]; out = hit.  Expected answers
 * by hand in the comments (and corpus/).  ref decides by exact linear
 * feasibility (barycentric coordinates); the random batch of non-degenerate
 * small-integer configurations is checked against an independent
 * formulation, the separating-axis test (13 axes), exact in binary64 for
 * such data.
 */
#include "testlib_overlap.h"

#include "isect.h"

static const isect_query *qb;

static void setup(void)
{
    qb = tl_query("aabb_triangle");
    tl_init_seed(0x3a3a);
}

TestSuite(aabb_triangle, .init = setup);

#define V(...) ((const double[3]){__VA_ARGS__})

static double hit5(const isect_query *q, const double *a, const double *b, const double *c, const double *d,
                   const double *e)
{
    double in[15], out[1];
    const double *p[5] = {a, b, c, d, e};
    for (int k = 0; k < 5; k++)
        memcpy(in + 3 * k, p[k], 3 * sizeof *in);
    cr_assert_eq(tl_ref(q, in, out), REF_OK);
    return out[0];
}

static void aabb_triangle_exact_cases(void)
{
    const double *O = V(0, 0, 0), *I = V(1, 1, 1);
    cr_assert_eq(hit5(qb, O, I, V(1, 0.5, 0.5), V(2, 0, 0), V(2, 1, 1)), 1, "vertex on a face");
    cr_assert_eq(hit5(qb, O, I, V(nextafterf(1, 2), 0.5, 0.5), V(2, 0, 0), V(2, 1, 1)), 0, "vertex one ulp off");
    cr_assert_eq(hit5(qb, O, I, V(2, 0, 0.5), V(0, 2, 0.5), V(1, 1, 5)), 1, "edge on the box's edge");
    cr_assert_eq(hit5(qb, O, I, V(2 + 0x1p-22, 0, 0.5), V(0x1p-22, 2, 0.5), V(1 + 0x1p-22, 1, 5)), 0,
                 "plane 2^-22 beyond the box's edge");
    cr_assert_eq(hit5(qb, O, I, V(-5, 0.5, -5), V(5, 0.5, -5), V(0, 0.5, 10)), 1, "crossing, no vertex inside");
    cr_assert_eq(hit5(qb, O, I, V(2, 0.5, 0), V(3, 0.5, 0), V(2, 0.5, 1)), 0, "plane cuts, triangle beside");
    cr_assert_eq(hit5(qb, O, I, V(-1, -1, -1), V(2, 2, 2), V(0.5, 0.5, 0.5)), 1, "segment through");
    cr_assert_eq(hit5(qb, O, I, I, I, I), 1, "point at the corner");
    cr_assert_eq(hit5(qb, O, I, V(1, 1, nextafterf(1, 2)), V(1, 1, nextafterf(1, 2)), V(1, 1, nextafterf(1, 2))), 0,
                 "point one ulp off the corner");
    cr_assert_eq(hit5(qb, O, V(1, 1, 0), V(0.5, 0.5, 0), V(3, 0.5, 0), V(0.5, 3, 0)), 1, "flat box, coplanar overlap");
    cr_assert_eq(hit5(qb, O, V(1, 1, 0), V(1.5, 1, 0), V(3, 1, 0), V(1.5, 2, 0)), 0, "flat box, coplanar apart");
    /* a vertex of the box pokes through the triangle's interior: plane x + y + z = 2.5 */
    cr_assert_eq(hit5(qb, O, I, V(2.5, 0, 0), V(0, 2.5, 0), V(0, 0, 2.5)), 1, "corner through the face");
    cr_assert_eq(hit5(qb, O, I, V(3, 0, 0), V(0, 3, 0), V(0, 0, 3)), 1, "corner touching the face");
    cr_assert_eq(hit5(qb, O, I, V(nextafterf(3, 4), 0, 0), V(0, nextafterf(3, 4), 0), V(0, 0, nextafterf(3, 4))), 0,
                 "corner below the face by an ulp");
    double in[15] = {0, 2, 0, 1, 1, 1};
    tl_expect_invalid(qb, in, "min > max");
}

/* ---- generator and the independent SAT ------------------------------------------ */

static void gen_box(double *in)
{
    int e = tl_int(-20, 20);
    for (int i = 0; i < 15; i++)
        in[i] = tl_int(-4, 4);
    for (int i = 0; i < 3; i++) {
        if (in[i] > in[3 + i]) {
            double t = in[i];
            in[i] = in[3 + i];
            in[3 + i] = t;
        }
        if (in[i] == in[3 + i] && tl_int(0, 2))
            in[3 + i] += 1;
    }
    int kind = tl_int(0, 4);
    if (kind == 0) /* a vertex on a corner */
        for (int i = 0; i < 3; i++)
            in[6 + i] = in[(tl_rnd() & 1) * 3 + i];
    else if (kind == 1) { /* the triangle in a face's plane */
        int k = tl_int(0, 2);
        for (int j = 0; j < 3; j++)
            in[6 + 3 * j + k] = in[(tl_rnd() & 1) * 3 + k];
    } else if (kind == 2) /* degenerate */
        for (int i = 0; i < 3; i++)
            in[12 + i] = (in[6 + i] + in[9 + i]) / 2;
    else if (kind == 3)
        for (int i = 6; i < 15; i++)
            in[i] = tl_f32(2);
    if (tl_int(0, 2) == 0) {
        int k = 6 + tl_int(0, 8);
        in[k] = nextafterf((float)in[k], tl_rnd() & 1 ? INFINITY : -INFINITY);
    }
    for (int i = 0; i < 15; i++)
        in[i] = ldexp(in[i], e);
}

/* The SAT for a non-degenerate triangle and a full box (13 axes). */
static int sat_box(const double *in)
{
    double corners[24], f[3][3], n[3], L[3];
    for (int c = 0; c < 8; c++)
        for (int i = 0; i < 3; i++)
            corners[3 * c + i] = (c >> i) & 1 ? in[3 + i] : in[i];
    const double *v = in + 6;
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++)
            f[j][i] = v[3 * ((j + 1) % 3) + i] - v[3 * j + i];
    ov_cross(n, f[0], f[1]);
    if (!ov_overlap_on(n, v, 3, corners, 8))
        return 0;
    for (int i = 0; i < 3; i++) {
        double ei[3] = {i == 0, i == 1, i == 2};
        if (!ov_overlap_on(ei, v, 3, corners, 8))
            return 0;
        for (int j = 0; j < 3; j++) {
            ov_cross(L, ei, f[j]);
            if (!ov_overlap_on(L, v, 3, corners, 8))
                return 0;
        }
    }
    return 1;
}

static void random_against_independent_sat(void)
{
    int nb = 0, hb = 0;
    for (int n = 0; n < 400; n++) {
        double in[18], out[1];
        gen_box(in);
        int e;
        frexp(fmax(fabs(in[0]), 1e-300), &e);
        cr_assert_eq(tl_ref(qb, in, out), REF_OK);
        /* exact in binary64 when the data are small integers times one power of two */
        int full = in[0] < in[3] && in[1] < in[4] && in[2] < in[5];
        int ex = 0;
        for (; ex > -60 && !ov_small_ints(in, 15, ex); ex--)
            ;
        if (full && ov_nondegenerate(in + 6) && ov_small_ints(in, 15, ex)) {
            nb++;
            cr_assert_eq(out[0], sat_box(in), "box case %d (ISECT_SEED=%llu)", n, (unsigned long long)tl_seed);
            hb += out[0] != 0;
        }
    }
    cr_assert(nb > 30 && hb > nb / 10 && hb < nb - nb / 10, "coverage: %d/%d box hits", hb, nb);
}

static void metamorphic(void)
{
    for (int n = 0; n < 300; n++) {
        double in[18], m[18], a[1], b[1];
        gen_box(in);
        tl_ref(qb, in, a);
        int f = tl_int(0, 2); /* mirror axis f */
        memcpy(m, in, 15 * sizeof *m);
        m[f] = -in[3 + f];
        m[3 + f] = -in[f];
        for (int k = 0; k < 3; k++)
            m[6 + 3 * k + f] = -in[6 + 3 * k + f];
        tl_ref(qb, m, b);
        cr_assert_eq(a[0], b[0], "box mirror (case %d)", n);
    }
}

static void fast_enclosure_filter_judge(void)
{
    ov_check_target(qb, "fast", gen_box, 150);
    ov_check_encl(qb, gen_box, 60, 8);
    ov_check_filter(qb, gen_box, 150);
    double bx[15] = {0, 0, 0, 1, 1, 1, 1, 0.5, 0.5, 2, 0, 0, 2, 1, 1}, no[1] = {0};
    isect_judgement j = tl_judge(qb, "fast", bx, no);
    cr_assert(j.verdict == VERDICT_TOLERATED && j.severity == 0, "box touching as miss: %s %g",
              isect_verdict_name(j.verdict), j.severity);
    double bin[15] = {0, 0, 0, 1, 1, 1, -5, 0.5, -5, 5, 0.5, -5, 0, 0.5, 10};
    j = tl_judge(qb, "fast", bin, no);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "box crossing as miss: %s %g",
              isect_verdict_name(j.verdict), j.severity);
}

/* ---- one process per file (Criterion forks one per Test; under ASan each fork
 * costs more than most of these checks) ------------------------------------ */

Test(aabb_triangle, all)
{
    aabb_triangle_exact_cases();
    random_against_independent_sat();
    metamorphic();
    fast_enclosure_filter_judge();
}
