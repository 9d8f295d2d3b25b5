/* tests/test_triangle_triangle.c: triangle_triangle in ref, fast and the
 * judge.
 *
 * Layout: in = a0 a1 a2 b0 b1 b2 (3 each); out = hit.  Expected answers by
 * hand in the comments (and corpus/).  ref decides by exact linear
 * feasibility (barycentric coordinates); the random batch of non-degenerate
 * small-integer configurations is checked against an independent
 * formulation, the separating-axis test (11 axes plus the 6 in-plane edge
 * normals), exact in binary64 for such data.
 */
#include "testlib_overlap.h"

#include "isect.h"

static const isect_query *qt;

static void setup(void)
{
    qt = tl_query("triangle_triangle");
    tl_init_seed(0x3a3a);
}

TestSuite(triangle_triangle, .init = setup);

#define V(...) ((const double[3]){__VA_ARGS__})

static double tt(const double *a0, const double *a1, const double *a2, const double *b0, const double *b1,
                 const double *b2)
{
    double in[18], out[1];
    const double *p[6] = {a0, a1, a2, b0, b1, b2};
    for (int k = 0; k < 6; k++)
        memcpy(in + 3 * k, p[k], 3 * sizeof *in);
    cr_assert_eq(tl_ref(qt, in, out), REF_OK);
    return out[0];
}

static void triangle_triangle_exact_cases(void)
{
    const double *a0 = V(0, 0, 0), *a1 = V(4, 0, 0), *a2 = V(0, 4, 0);
    cr_assert_eq(tt(a0, a1, a2, V(1, 1, -1), V(1, 1, 1), V(2, 1, 0)), 1, "crossing");
    cr_assert_eq(tt(a0, a1, a2, V(1, 1, 0), V(1, 1, 5), V(2, 1, 5)), 1, "vertex on the face");
    cr_assert_eq(tt(a0, a1, a2, V(1, 1, 0x1p-149), V(1, 1, 5), V(2, 1, 5)), 0, "lifted by 2^-149");
    cr_assert_eq(tt(a0, a1, a2, V(2, 2, -1), V(2, 2, 1), V(5, 5, 0)), 1, "edge through an edge");
    cr_assert_eq(tt(a0, a1, a2, V(nextafterf(2, 3), 2, -1), V(nextafterf(2, 3), 2, 1), V(5, 5, 0)), 0,
                 "edge one ulp beside an edge");
    cr_assert_eq(tt(a0, a1, a2, V(1, 1, 0), V(5, 1, 0), V(1, 5, 0)), 1, "coplanar overlap");
    cr_assert_eq(tt(a0, a1, a2, V(3, 3, 0), V(5, 3, 0), V(3, 5, 0)), 0, "coplanar apart");
    cr_assert_eq(tt(a0, a1, a2, V(4, 0, 0), V(6, 0, 0), V(5, 2, 0)), 1, "coplanar, shared vertex");
    cr_assert_eq(tt(a0, a1, a2, V(1, 1, -1), V(1, 1, 1), V(1, 1, 0)), 1, "segment through");
    cr_assert_eq(tt(a0, a1, a2, V(1, 3, 0), V(1, 3, 0), V(1, 3, 0)), 1, "point on the hypotenuse");
    cr_assert_eq(tt(a0, a1, a2, V(1, nextafterf(3, 4), 0), V(1, nextafterf(3, 4), 0), V(1, nextafterf(3, 4), 0)), 0,
                 "point one ulp off");
    cr_assert_eq(tt(V(0, 0, 0), V(2, 0, 0), V(1, 0, 0), V(1, -1, 0), V(1, 1, 0), V(1, 0, 0)), 1, "two crossing segments");
    cr_assert_eq(tt(V(0, 0, 0), V(2, 0, 0), V(1, 0, 0), V(1, -1, 0x1p-149), V(1, 1, 0x1p-149), V(1, 0, 0x1p-149)), 0,
                 "two skew segments 2^-149 apart");
    double in[18] = {NAN};
    tl_expect_invalid(qt, in, "NaN");
}

/* ---- generator and the independent SAT ------------------------------------------ */

static void gen_tt(double *in)
{
    int e = tl_int(-20, 20);
    for (int i = 0; i < 18; i++)
        in[i] = tl_int(-4, 4);
    int kind = tl_int(0, 4);
    static const double w[][3] = {{0.5, 0.5, 0}, {0.25, 0.25, 0.5}, {1.5, -0.25, -0.25}, {1, 0, 0}, {2, -1, 0}};
    if (kind == 0) /* coplanar */
        for (int k = 0; k < 3; k++) {
            const double *x = w[tl_int(0, 4)];
            for (int i = 0; i < 3; i++)
                in[9 + 3 * k + i] = x[0] * in[i] + x[1] * in[3 + i] + x[2] * in[6 + i];
        }
    else if (kind == 1) { /* a vertex of b on a */
        const double *x = w[tl_int(0, 4)];
        for (int i = 0; i < 3; i++)
            in[9 + i] = x[0] * in[i] + x[1] * in[3 + i] + x[2] * in[6 + i];
    } else if (kind == 2) /* degenerate */
        for (int i = 0; i < 3; i++)
            in[15 + i] = (in[9 + i] + in[12 + i]) / 2;
    else if (kind == 3)
        for (int i = 0; i < 18; i++)
            in[i] = tl_f32(2);
    if (tl_int(0, 2) == 0) {
        int k = tl_int(0, 17);
        in[k] = nextafterf((float)in[k], tl_rnd() & 1 ? INFINITY : -INFINITY);
    }
    for (int i = 0; i < 18; i++)
        in[i] = ldexp(in[i], e);
}

/* The SAT for two non-degenerate triangles: normals, edge pairs, in-plane normals. */
static int sat_tt(const double *in)
{
    const double *a = in, *b = in + 9;
    double ea[3][3], eb[3][3], na[3], nb[3], L[3];
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++) {
            ea[j][i] = a[3 * ((j + 1) % 3) + i] - a[3 * j + i];
            eb[j][i] = b[3 * ((j + 1) % 3) + i] - b[3 * j + i];
        }
    ov_cross(na, ea[0], ea[1]);
    ov_cross(nb, eb[0], eb[1]);
    if (!ov_overlap_on(na, a, 3, b, 3) || !ov_overlap_on(nb, a, 3, b, 3))
        return 0;
    for (int i = 0; i < 3; i++) {
        ov_cross(L, na, ea[i]);
        if (!ov_overlap_on(L, a, 3, b, 3))
            return 0;
        ov_cross(L, nb, eb[i]);
        if (!ov_overlap_on(L, a, 3, b, 3))
            return 0;
        for (int j = 0; j < 3; j++) {
            ov_cross(L, ea[i], eb[j]);
            if (!ov_overlap_on(L, a, 3, b, 3))
                return 0;
        }
    }
    return 1;
}

static void random_against_independent_sat(void)
{
    int nt = 0, ht = 0;
    for (int n = 0; n < 400; n++) {
        double in[18], out[1];
        gen_tt(in);
        cr_assert_eq(tl_ref(qt, in, out), REF_OK);
        int ex = 0;
        for (; ex > -60 && !ov_small_ints(in, 18, ex); ex--)
            ;
        if (ov_nondegenerate(in) && ov_nondegenerate(in + 9) && ov_small_ints(in, 18, ex)) {
            nt++;
            cr_assert_eq(out[0], sat_tt(in), "triangle case %d (ISECT_SEED=%llu)", n, (unsigned long long)tl_seed);
            ht += out[0] != 0;
        }
    }
    cr_assert(nt > 30 && ht > nt / 10 && ht < nt - nt / 10, "coverage: %d/%d triangle hits", ht, nt);
}

static void metamorphic(void)
{
    for (int n = 0; n < 300; n++) {
        double in[18], m[18], a[1], b[1];
        gen_tt(in);
        tl_ref(qt, in, a);
        memcpy(m, in + 9, 9 * sizeof *m); /* swap */
        memcpy(m + 9, in, 9 * sizeof *m);
        tl_ref(qt, m, b);
        cr_assert_eq(a[0], b[0], "swap (case %d)", n);
        memcpy(m, in, sizeof m); /* rotate a's vertices, reverse b's */
        memcpy(m, in + 3, 6 * sizeof *m);
        memcpy(m + 6, in, 3 * sizeof *m);
        memcpy(m + 9, in + 15, 3 * sizeof *m);
        memcpy(m + 15, in + 9, 3 * sizeof *m);
        tl_ref(qt, m, b);
        cr_assert_eq(a[0], b[0], "vertex order (case %d)", n);
    }
}

static void fast_enclosure_filter_judge(void)
{
    ov_check_target(qt, "fast", gen_tt, 150);
    ov_check_encl(qt, gen_tt, 60, 8);
    ov_check_filter(qt, gen_tt, 150);
    double no[1] = {0}, yes[1] = {1};
    double in[18] = {0, 0, 0, 4, 0, 0, 0, 4, 0, 1, 1, -1, 1, 1, 1, 2, 1, 0};
    isect_judgement j = tl_judge(qt, "fast", in, no);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "crossing as miss: %s %g",
              isect_verdict_name(j.verdict), j.severity);
    double far[18] = {0, 0, 0, 4, 0, 0, 0, 4, 0, 1, 1, 2, 1, 1, 3, 2, 1, 3};
    j = tl_judge(qt, "fast", far, yes);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "apart as hit: %s %g",
              isect_verdict_name(j.verdict), j.severity);
    double touch[18] = {0, 0, 0, 4, 0, 0, 0, 4, 0, 1, 1, 0, 1, 1, 5, 2, 1, 5};
    j = tl_judge(qt, "fast", touch, no);
    cr_assert(j.verdict == VERDICT_TOLERATED && j.severity == 0, "touching as miss: %s %g",
              isect_verdict_name(j.verdict), j.severity);
}

/* ---- one process per file (Criterion forks one per Test; under ASan each fork
 * costs more than most of these checks) ------------------------------------ */

Test(triangle_triangle, all)
{
    triangle_triangle_exact_cases();
    random_against_independent_sat();
    metamorphic();
    fast_enclosure_filter_judge();
}
