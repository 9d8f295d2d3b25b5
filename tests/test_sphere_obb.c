/* tests/test_sphere_obb.c: sphere_obb in ref, fast and the judge.
 *
 * Flat layout: in = center[3] radius box_center[3] axis0[3] axis1[3]
 * axis2[3] half[3]; out = hit.  Expected answers by hand in the comments
 * (and in corpus/sphere_obb).  The random batch is checked against an
 * independent formulation: for boxes whose axes are orthogonal with integer
 * components of equal length L (signed permutations of the unit axes, or
 * (3,4,0), (-4,3,0), (0,0,5)), the problem scaled by L is sphere_aabb's in
 * the box's frame, whose ref is Arvo's per-axis test.
 */
#include "testlib_overlap.h"

#include "isect.h"

static const isect_query *q, *qa;

static void setup(void)
{
    q = tl_query("sphere_obb");
    qa = tl_query("sphere_aabb");
    tl_init_seed(0x50bb);
}

TestSuite(sphere_obb, .init = setup);

static void set(double *in, const double *p, double r, const double *c, const double a[3][3], const double *h)
{
    memcpy(in, p, 3 * sizeof *in);
    in[3] = r;
    memcpy(in + 4, c, 3 * sizeof *in);
    memcpy(in + 7, a, 9 * sizeof *in);
    memcpy(in + 16, h, 3 * sizeof *in);
}

#define V(...) ((const double[3]){__VA_ARGS__})
static const double I3[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

static double hit(const double *in)
{
    double out[1];
    cr_assert_eq(tl_ref(q, in, out), REF_OK);
    return out[0];
}

static void exact_cases(void)
{
    double in[19];
    set(in, V(3, 0, 0), 2, V(0, 0, 0), I3, V(1, 1, 1));
    cr_assert_eq(hit(in), 1, "touching a face");
    set(in, V(3, 0, 0), nextafterf(2, 0), V(0, 0, 0), I3, V(1, 1, 1));
    cr_assert_eq(hit(in), 0, "one ulp short of a face");
    set(in, V(4, 5, 0), 5, V(0, 0, 0), I3, V(1, 1, 1));
    cr_assert_eq(hit(in), 1, "touching an edge along (3,4,0)");
    set(in, V(3, 4, 7), 7, V(0, 0, 0), I3, V(1, 1, 1));
    cr_assert_eq(hit(in), 1, "touching a corner along (2,3,6)");
    set(in, V(3, 4, 7), nextafterf(7, 0), V(0, 0, 0), I3, V(1, 1, 1));
    cr_assert_eq(hit(in), 0, "one ulp short of a corner");
    set(in, V(0.5, 0.5, 0.5), 0, V(0, 0, 0), I3, V(1, 1, 1));
    cr_assert_eq(hit(in), 1, "a point inside");
    /* skewed: (s0 + s1, s1, s2); from (0,2,0) the nearest point is (0,1,0) */
    const double sk[3][3] = {{1, 0, 0}, {1, 1, 0}, {0, 0, 1}};
    set(in, V(0, 2, 0), 1, V(0, 0, 0), sk, V(1, 1, 1));
    cr_assert_eq(hit(in), 1, "skewed, touching");
    set(in, V(0, 2, 0), nextafterf(1, 0), V(0, 0, 0), sk, V(1, 1, 1));
    cr_assert_eq(hit(in), 0, "skewed, one ulp short");
    /* skewed, a point just inside the slanted face x = y - 1 ... y = 0.5: x >= -0.5 */
    set(in, V(-0.5, 0.5, 0), 0, V(0, 0, 0), sk, V(1, 1, 1));
    cr_assert_eq(hit(in), 1, "skewed, point on the slanted face");
    set(in, V(nextafterf(-0.5, -1), 0.5, 0), 0, V(0, 0, 0), sk, V(1, 1, 1));
    cr_assert_eq(hit(in), 0, "skewed, point one ulp outside the slanted face");
    /* flat and degenerate boxes */
    set(in, V(0, 0, 2), 2, V(0, 0, 0), I3, V(1, 1, 0));
    cr_assert_eq(hit(in), 1, "flat square, touching");
    const double Z[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}, X[3][3] = {{1, 0, 0}, {1, 0, 0}, {1, 0, 0}};
    set(in, V(3, 4, 0), 5, V(0, 0, 0), Z, V(1, 1, 1));
    cr_assert_eq(hit(in), 1, "a point box, touching");
    set(in, V(3, 4, 0), nextafterf(5, 0), V(0, 0, 0), Z, V(1, 1, 1));
    cr_assert_eq(hit(in), 0, "a point box, one ulp short");
    set(in, V(3, 0, 4), 4, V(0, 0, 0), X, V(1, 1, 1));
    cr_assert_eq(hit(in), 1, "a segment box |x| <= 3, touching its end");
    set(in, V(1, 0, 0x1p-149), 0, V(0, 0, 0), X, V(1, 1, 1));
    cr_assert_eq(hit(in), 0, "a point 2^-149 off a segment box");
    set(in, V(0, 0, 0), 1, V(0, 0, 0), I3, V(1, -1, 1));
    tl_expect_invalid(q, in, "negative half extent");
    set(in, V(0, 0, 0), -1, V(0, 0, 0), I3, V(1, 1, 1));
    tl_expect_invalid(q, in, "negative radius");
}

/* ---- generators ------------------------------------------------------------ */

/* Orthogonal integer frames of equal length L: signed permutations (L = 1)
 * or a 3-4-5 rotation (L = 5); small integers; returns L. */
static int gen_ortho(double *in, double *frame /* 9 */)
{
    int perm[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
    int L = 1;
    double F[3][3] = {{0}};
    if (tl_int(0, 1)) {
        const int *p = perm[tl_int(0, 5)];
        for (int i = 0; i < 3; i++)
            F[i][p[i]] = tl_rnd() & 1 ? 1 : -1;
    } else {
        double R[3][3] = {{3, 4, 0}, {-4, 3, 0}, {0, 0, 5}};
        const int *p = perm[tl_int(0, 5)];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                F[i][j] = R[i][p[j]];
        L = 5;
    }
    memcpy(frame, F, sizeof F);
    double p[3], c[3], h[3];
    for (int i = 0; i < 3; i++) {
        p[i] = tl_int(-12, 12);
        c[i] = tl_int(-4, 4);
        h[i] = tl_int(0, 3);
    }
    set(in, p, tl_int(0, 9), c, F, h);
    if (tl_int(0, 3) == 0) /* touching along an axis: p = c + sum +-h_i a_i + r a_k / L */
        for (int i = 0; i < 3; i++) {
            double v = c[i];
            for (int j = 0; j < 3; j++)
                v += (j == 0 ? 1 : tl_int(-1, 1)) * h[j] * F[j][i];
            in[i] = v + (L == 1 ? in[3] * F[0][i] : 0);
        }
    return L;
}

static void gen_any(double *in)
{
    double F[9];
    int e = tl_int(-20, 20);
    gen_ortho(in, F);
    int kind = tl_int(0, 3);
    if (kind == 0) /* random axes */
        for (int i = 7; i < 16; i++)
            in[i] = tl_f32(1);
    else if (kind == 1) /* skew one axis */
        in[7 + 3 * tl_int(0, 2) + tl_int(0, 2)] += tl_int(-2, 2);
    else if (kind == 2) /* flatten */
        in[16 + tl_int(0, 2)] = 0;
    if (tl_int(0, 2) == 0)
        in[3] = nextafterf((float)in[3], tl_rnd() & 1 ? INFINITY : 0);
    for (int i = 0; i < 19; i++)
        if (i < 7 || i >= 16)
            in[i] = ldexp(in[i], e);
}

static void random_against_sphere_aabb_in_the_frame(void)
{
    int hits = 0;
    for (int n = 0; n < 666; n++) {
        double in[19], F[9], a[1], b[1], ain[10];
        int L = gen_ortho(in, F);
        /* frame coordinates scaled by L: x_i = a_i.(p - c); box |x_i| <= L^2 h_i; radius L r */
        for (int i = 0; i < 3; i++) {
            double x = 0;
            for (int k = 0; k < 3; k++)
                x += F[3 * i + k] * (in[k] - in[4 + k]);
            ain[i] = x;
            ain[4 + i] = -L * L * in[16 + i];
            ain[7 + i] = L * L * in[16 + i];
        }
        ain[3] = L * in[3];
        cr_assert_eq(tl_ref(q, in, a), REF_OK);
        cr_assert_eq(tl_ref(qa, ain, b), REF_OK);
        cr_assert_eq(a[0], b[0], "case %d (ISECT_SEED=%llu)", n, (unsigned long long)tl_seed);
        hits += a[0] != 0;
    }
    cr_assert(hits > 60 && hits < 600, "balance: %d", hits);
}

static void metamorphic(void)
{
    for (int n = 0; n < 400; n++) {
        double in[19], m[19], a[1], b[1];
        gen_any(in);
        tl_ref(q, in, a);
        memcpy(m, in, sizeof m); /* axis 0 negated, axis 1 doubled with its half halved, axes 1 and 2 swapped */
        for (int i = 0; i < 3; i++) {
            m[7 + i] = -in[7 + i];
            m[10 + i] = in[13 + i];
            m[13 + i] = 2 * in[10 + i];
        }
        m[17] = in[18];
        m[18] = in[17] / 2;
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "same box, other axes (case %d)", n);
    }
}

static void fast_enclosure_filter_judge(void)
{
    double in[19], out[ISECT_MAX_OUT];
    const double sk[3][3] = {{1, 0, 0}, {1, 1, 0}, {0, 0, 1}};
    set(in, V(0, 2, 0), 1, V(0, 0, 0), sk, V(1, 1, 1));
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 1, "fast: skewed, touching");
    set(in, V(3, 4, 7), nextafterf(7, 0), V(0, 0, 0), I3, V(1, 1, 1));
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 0, "fast: one ulp short of a corner");
    set(in, V(0.25, 0.5, 0.5), 0, V(0, 0, 0), I3, V(1, 1, 1));
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 1, "fast: a point inside");
    ov_check_target(q, "fast", gen_any, 600);
    ov_check_encl(q, gen_any, 166, 8);
    ov_check_filter(q, gen_any, 200);
    double no[1] = {0}, yes[1] = {1};
    set(in, V(3, 0, 0), 2, V(0, 0, 0), I3, V(1, 1, 1));
    isect_judgement j = tl_judge(q, "fast", in, no);
    cr_assert(j.verdict == VERDICT_TOLERATED && j.severity == 0, "touching: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    set(in, V(4, 0, 0), 2, V(0, 0, 0), I3, V(1, 1, 1));
    j = tl_judge(q, "fast", in, yes);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "gap: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    set(in, V(0.5, 0, 0), 0, V(0, 0, 0), I3, V(1, 1, 1));
    j = tl_judge(q, "fast", in, no);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "inside as miss: %s %g",
              isect_verdict_name(j.verdict), j.severity);
}

/* ---- one process per file (Criterion forks one per Test; under ASan each fork
 * costs more than most of these checks) ------------------------------------ */

Test(sphere_obb, all)
{
    exact_cases();
    random_against_sphere_aabb_in_the_frame();
    metamorphic();
    fast_enclosure_filter_judge();
}
