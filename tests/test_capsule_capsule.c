/* tests/test_capsule_capsule.c: capsule_capsule in ref, fast and the
 * judge.
 *
 * Flat layout: in = p0[3] p1[3] r0 q0[3] q1[3] r1; out = hit.  Expected
 * answers by hand in the comments (and corpus/capsule_capsule).  The random
 * batch is checked against an independent formulation: the distance
 * between the segments as the minimum over s of the (convex) distance from
 * p0 + s d1 to the segment q, by ternary search in long double; compared
 * where it is clear of the boundary.
 */
#include "testlib_overlap.h"

#include "isect.h"

static const isect_query *q;

static void setup(void)
{
    q = tl_query("capsule_capsule");
    tl_init_seed(0xca95);
}

TestSuite(capsule_capsule, .init = setup);

static void set(double *in, const double *p0, const double *p1, double r0, const double *q0, const double *q1,
                double r1)
{
    memcpy(in, p0, 3 * sizeof *in);
    memcpy(in + 3, p1, 3 * sizeof *in);
    in[6] = r0;
    memcpy(in + 7, q0, 3 * sizeof *in);
    memcpy(in + 10, q1, 3 * sizeof *in);
    in[13] = r1;
}

#define V(...) ((const double[3]){__VA_ARGS__})

static double hit(const double *in)
{
    double out[1];
    cr_assert_eq(tl_ref(q, in, out), REF_OK);
    return out[0];
}

static void exact_cases(void)
{
    double in[14];
    set(in, V(0, 0, 0), V(4, 0, 0), 1, V(0, 3, 0), V(4, 3, 0), 2);
    cr_assert_eq(hit(in), 1, "parallel, touching");
    set(in, V(0, 0, 0), V(4, 0, 0), 1, V(0, 3, 0), V(4, 3, 0), nextafterf(2, 0));
    cr_assert_eq(hit(in), 0, "parallel, one ulp short");
    set(in, V(-1, 0, 0), V(1, 0, 0), 2, V(0, -1, 5), V(0, 1, 5), 3);
    cr_assert_eq(hit(in), 1, "crossing, touching at the midpoints");
    set(in, V(-1, 0, 0), V(1, 0, 0), nextafterf(2, 0), V(0, -1, 5), V(0, 1, 5), 3);
    cr_assert_eq(hit(in), 0, "crossing, one ulp short");
    set(in, V(0, 0, 0), V(1, 0, 0), 2, V(4, 4, 0), V(4, 5, 0), 3);
    cr_assert_eq(hit(in), 1, "skew, endpoints 5 apart");
    set(in, V(0, 0, 0), V(0, 0, 0), 2, V(3, 4, 0), V(3, 4, 0), 3);
    cr_assert_eq(hit(in), 1, "two balls touching");
    set(in, V(0, 0, 0), V(2, 0, 0), 0, V(1, 0, 0), V(3, 0, 0), 0);
    cr_assert_eq(hit(in), 1, "collinear, overlapping");
    set(in, V(0, 0, 0), V(2, 0, 0), 0, V(nextafterf(2, 3), 0, 0), V(3, 0, 0), 0);
    cr_assert_eq(hit(in), 0, "collinear, one ulp apart");
    set(in, V(0, 0, 0), V(2, 0, 0), 0, V(1, 0, 0x1p-149), V(3, 0, 0x1p-149), 0);
    cr_assert_eq(hit(in), 0, "parallel, 2^-149 apart");
    /* T-junction: q's end (1, 0, 3) above p's interior, |.| = 3 */
    set(in, V(0, 0, 0), V(2, 0, 0), 1, V(1, 0, 3), V(1, 0, 9), 2);
    cr_assert_eq(hit(in), 1, "T, touching");
    set(in, V(0, 0, 0), V(1, 0, 0), -1, V(0, 0, 0), V(1, 0, 0), 1);
    tl_expect_invalid(q, in, "negative radius");
}

/* ---- generators ------------------------------------------------------------ */

static void gen(double *in)
{
    int e = tl_int(-20, 20), kind = tl_int(0, 4);
    for (int i = 0; i < 14; i++)
        in[i] = tl_small(0);
    in[6] = fabs(in[6]) / 2;
    in[13] = fabs(in[13]) / 2;
    if (kind == 0) /* parallel */
        for (int i = 0; i < 3; i++)
            in[10 + i] = in[7 + i] + tl_int(-2, 2) * (in[3 + i] - in[i]);
    else if (kind == 1) { /* crossing along axes at distance r0 + r1 */
        int a = tl_int(0, 2), b = (a + 1) % 3, c = (a + 2) % 3;
        double o[3] = {tl_small(0), tl_small(0), tl_small(0)};
        for (int i = 0; i < 3; i++)
            in[i] = in[3 + i] = in[7 + i] = in[10 + i] = o[i];
        in[a] -= tl_int(1, 3);
        in[3 + a] += tl_int(1, 3);
        in[7 + b] -= tl_int(1, 3);
        in[10 + b] += tl_int(1, 3);
        in[7 + c] = in[10 + c] = o[c] + in[6] + in[13];
    } else if (kind == 2) /* a ball */
        memcpy(in + 10, in + 7, 3 * sizeof *in);
    else if (kind == 3)
        for (int i = 0; i < 14; i++)
            in[i] = tl_f32(3);
    in[6] = fabs(in[6]);
    in[13] = fabs(in[13]);
    if (tl_int(0, 2) == 0)
        in[13] = nextafterf((float)in[13], tl_rnd() & 1 ? INFINITY : 0);
    for (int i = 0; i < 14; i++)
        in[i] = ldexp(in[i], e);
}

static long double seg_d2(const long double *x, const double *a, const double *b)
{
    long double e[3], w[3], ee = 0, t = 0, d = 0;
    for (int i = 0; i < 3; i++) {
        e[i] = (long double)b[i] - a[i];
        w[i] = x[i] - a[i];
        ee += e[i] * e[i];
        t += e[i] * w[i];
    }
    t = ee > 0 ? t / ee : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    for (int i = 0; i < 3; i++)
        d += (w[i] - t * e[i]) * (w[i] - t * e[i]);
    return d;
}

static long double f_at(const double *in, long double s)
{
    long double x[3];
    for (int i = 0; i < 3; i++)
        x[i] = in[i] + s * ((long double)in[3 + i] - in[i]);
    return seg_d2(x, in + 7, in + 10);
}

static void random_against_ternary_search(void)
{
    int checked = 0, hits = 0;
    for (int n = 0; n < 666; n++) {
        double in[14], out[1];
        gen(in);
        cr_assert_eq(tl_ref(q, in, out), REF_OK);
        long double lo = 0, hi = 1;
        for (int it = 0; it < 200; it++) {
            long double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
            if (f_at(in, m1) <= f_at(in, m2))
                hi = m2;
            else
                lo = m1;
        }
        long double d2 = f_at(in, (lo + hi) / 2), R = (long double)in[6] + in[13], R2 = R * R;
        long double sc = 0;
        for (int i = 0; i < 14; i++)
            sc = fmaxl(sc, fabsl((long double)in[i]));
        if (fabsl(d2 - R2) > 1e-12L * sc * sc) {
            checked++;
            cr_assert_eq(out[0], d2 <= R2, "case %d (ISECT_SEED=%llu)", n, (unsigned long long)tl_seed);
        }
        hits += out[0] != 0;
    }
    cr_assert(checked > 300 && hits > 60 && hits < 600, "checked %d, hits %d", checked, hits);
}

static void metamorphic(void)
{
    for (int n = 0; n < 333; n++) {
        double in[14], m[14], a[1], b[1];
        gen(in);
        tl_ref(q, in, a);
        memcpy(m, in + 7, 7 * sizeof *m); /* swap the capsules */
        memcpy(m + 7, in, 7 * sizeof *m);
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "swap (case %d)", n);
        memcpy(m, in, sizeof m); /* reverse both segments */
        memcpy(m, in + 3, 3 * sizeof *m);
        memcpy(m + 3, in, 3 * sizeof *m);
        memcpy(m + 7, in + 10, 3 * sizeof *m);
        memcpy(m + 10, in + 7, 3 * sizeof *m);
        tl_ref(q, m, b);
        cr_assert_eq(a[0], b[0], "reverse (case %d)", n);
    }
}

static void fast_enclosure_filter_judge(void)
{
    double in[14], out[ISECT_MAX_OUT];
    set(in, V(-1, 0, 0), V(1, 0, 0), 2, V(0, -1, 5), V(0, 1, 5), 3);
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 1, "fast: crossing touching");
    set(in, V(0, 0, 0), V(2, 0, 0), 0, V(1, 0, 0x1p-149), V(3, 0, 0x1p-149), 0);
    tl_run(q, "fast", in, out);
    cr_assert_eq(out[0], 0, "fast: parallel 2^-149 apart");
    ov_check_target(q, "fast", gen, 800);
    ov_check_encl(q, gen, 200, 8);
    ov_check_filter(q, gen, 250);
    double no[1] = {0}, yes[1] = {1};
    set(in, V(0, 0, 0), V(4, 0, 0), 1, V(0, 3, 0), V(4, 3, 0), 2);
    isect_judgement j = tl_judge(q, "fast", in, no);
    cr_assert(j.verdict == VERDICT_TOLERATED && j.severity == 0, "touching: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    set(in, V(0, 0, 0), V(4, 0, 0), 1, V(0, 4, 0), V(4, 4, 0), 2);
    j = tl_judge(q, "fast", in, yes);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity > 1e5, "gap: %s %g", isect_verdict_name(j.verdict),
              j.severity);
}

/* ---- one process per file (Criterion forks one per Test; under ASan each fork
 * costs more than most of these checks) ------------------------------------ */

Test(capsule_capsule, all)
{
    exact_cases();
    random_against_ternary_search();
    metamorphic();
    fast_enclosure_filter_judge();
}
