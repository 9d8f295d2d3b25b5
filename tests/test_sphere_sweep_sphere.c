/* tests/test_sphere_sweep_sphere.c: sphere_sweep_sphere.
 *
 * Flat layout: in = c0[3] velocity0[3] r0 c1[3] velocity1[3] r1 (14); out = hit t.  The
 * expected values are derived by hand from the relative motion w = c0 - c1,
 * v = v0 - v1, |w + t v| = r0 + r1 (beside each case); none comes from the
 * code under test.
 */
#include "testlib.h"

static const char *Q = "sphere_sweep_sphere";

static void mk(double *in, const double *c0, const double *v0, double r0, const double *c1, const double *v1,
               double r1)
{
    for (int i = 0; i < 3; i++) {
        in[i] = c0[i];
        in[3 + i] = v0[i];
        in[7 + i] = c1[i];
        in[10 + i] = v1[i];
    }
    in[6] = r0;
    in[13] = r1;
}

#define V(x, y, z) ((const double[]){x, y, z})

static void hit(const double *in, double t, const char *what) { tl_expect_hit(tl_query(Q), in, (double[]){t}, 1, what); }

static void hand_cases(void)
{
    double in[14];
    /* w = (-8,0,0), v = (8,0,0), r = 2: |8t - 8| = 2 at t = 3/4. */
    mk(in, V(-4, 0, 0), V(4, 0, 0), 1, V(4, 0, 0), V(-4, 0, 0), 1);
    hit(in, 0.75, "head-on");
    /* w = (-10,0,0): t = 1; c1.x one ulp more: a miss. */
    mk(in, V(-5, 0, 0), V(4, 0, 0), 1, V(5, 0, 0), V(-4, 0, 0), 1);
    hit(in, 1, "touching at t = 1");
    in[7] = nextafterf(5, 6);
    tl_expect_miss(tl_query(Q), in, "one ulp short of t = 1");
    /* |w| = 2 and separating: t = 0; |w| = 1: overlapping, t = 0. */
    mk(in, V(0, 0, 0), V(-1, 0, 0), 1, V(2, 0, 0), V(1, 0, 0), 1);
    hit(in, 0, "touching at t = 0");
    mk(in, V(0, 0, 0), V(3, 3, 3), 1, V(1, 0, 0), V(-7, 0, 1), 1);
    hit(in, 0, "overlapping at the start");
    /* 25 + (32t - 20)^2 = 13^2: t = 1/4. */
    mk(in, V(0, 0, 0), V(0, 0, 0), 6, V(3, 4, 20), V(0, 0, -32), 7);
    hit(in, 0.25, "3-4-5");
    /* Graze: (8t - 4)^2 + 4 = 4 at t = 1/2 only; one ulp farther: miss. */
    mk(in, V(-4, 0, 0), V(8, 0, 0), 1, V(0, 2, 0), V(0, 0, 0), 1);
    hit(in, 0.5, "graze");
    in[8] = nextafterf(2, 3);
    tl_expect_miss(tl_query(Q), in, "graze one ulp out");
    /* Parallel motion at distance 3 > 2; zero relative velocity apart and
     * touching. */
    mk(in, V(0, 0, 0), V(10, 0, 0), 1, V(0, 3, 0), V(2, 0, 0), 1);
    tl_expect_miss(tl_query(Q), in, "parallel motion");
    mk(in, V(0, 0, 0), V(5, 5, 5), 1, V(3, 0, 0), V(5, 5, 5), 1);
    tl_expect_miss(tl_query(Q), in, "zero relative velocity, apart");
    mk(in, V(0, 0, 0), V(5, 5, 5), 1, V(2, 0, 0), V(5, 5, 5), 1);
    hit(in, 0, "zero relative velocity, touching");
    /* Entry, not exit: w = (-5,0,0), v = (10,0,0), r = 1: t = 2/5 (nearest). */
    mk(in, V(-5, 0, 0), V(10, 0, 0), 0.5, V(0, 0, 0), V(0, 0, 0), 0.5);
    hit(in, 2.0 / 5.0, "entry");
}

Test(sphere_sweep_sphere, hand_cases) { hand_cases(); }

Test(sphere_sweep_sphere, hand_cases_without_filter)
{
    ref_set_filter(0);
    hand_cases();
    ref_set_filter(1);
}

Test(sphere_sweep_sphere, invalid_inputs)
{
    double in[14];
    mk(in, V(0, 0, 0), V(0, 0, 0), -1, V(0, 0, 0), V(0, 0, 0), 1);
    tl_expect_invalid(tl_query(Q), in, "negative r0");
    mk(in, V(0, 0, 0), V(0, 0, 0), 1, V(0, 0, 0), V(INFINITY, 0, 0), 1);
    tl_expect_invalid(tl_query(Q), in, "infinite v1");
}

/* Two spheres aimed near one point: contacts, grazes and misses. */
static void gen(double *in)
{
    double p[3];
    for (int i = 0; i < 3; i++)
        p[i] = (double)(float)(2 * tl_unit() - 1);
    for (int s = 0; s < 2; s++) {
        double *c = in + 7 * s, *v = in + 7 * s + 3;
        for (int i = 0; i < 3; i++) {
            c[i] = (double)(float)(4 * tl_unit() - 2);
            v[i] = (double)(float)((p[i] - c[i]) * (0.5 + 1.5 * tl_unit()));
        }
        in[7 * s + 6] = (double)(float)(0.5 * tl_unit());
    }
}

/* Boxes of radius 2^-k around c (k in 2..30), relative to the input scale;
 * sample points uniform in them, the first one c itself. */
static void box_around(const isect_query *q, const double *c, iv *box)
{
    double r = ldexp(2, -tl_int(2, 30));
    for (int i = 0; i < isect_query_nin(q); i++)
        box[i] = isect_iv_around(c[i], r);
}

static void point_in(const isect_query *q, const iv *box, const double *c, int k, int npt, double *p)
{
    (void)npt;
    for (int i = 0; i < isect_query_nin(q); i++)
        p[i] = k == 0 ? c[i] : box[i].lo + (box[i].hi - box[i].lo) * tl_unit();
}

Test(sphere_sweep_sphere, enclosure)
{
    static const tl_encl_policy pol = {box_around, point_in, true, 0, 0, 0, 0, 0.05};
    tl_init_seed(0x5a5a2026ULL);
    tl_check_encl(isect_query_find(Q), gen, 200, 4, &pol);
}

Test(sphere_sweep_sphere, filter)
{
    tl_init_seed(0x5a5a2027ULL);
    tl_check_filter(isect_query_find(Q), gen, 300, 0.2);
}

Test(sphere_sweep_sphere, fast_within_its_bound)
{
    tl_init_seed(0x5a5a2028ULL);
    const isect_query *q = tl_query(Q);
    for (int n = 0; n < 1000; n++) {
        double in[14], out[ISECT_MAX_OUT];
        gen(in);
        tl_run(q, "fast", in, out);
        isect_judgement j = tl_judge(q, "fast", in, out);
        cr_assert(j.verdict == VERDICT_AGREE || j.verdict == VERDICT_TOLERATED, "case %d: %s, severity %g", n,
                  isect_verdict_name(j.verdict), j.severity);
    }
}
