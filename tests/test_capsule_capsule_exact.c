/* tests/test_capsule_capsule_exact.c: fast's capsule_capsule hit flag is
 * ref's exact answer (issue 14).
 *
 * Layout: in = p0[3] p1[3] r0 q0[3] q1[3] r1.  Hand-derived cases that
 * fast's filter cannot certify (distance exactly r0 + r1 at the stationary
 * point, at an endpoint, for parallel and collinear segments, points and
 * zero radii, and one ulp beyond), each expected value argued in its
 * comment, then a randomized comparison with ref on small-integer
 * configurations at a random power-of-two scale, nudged by ulps and edited
 * by the catalog's mutations.  ISECT_SEED changes the seed.  The old code
 * (binary64 distances, no certificate) called the "ulp" cases below hits.
 */
#include "testlib.h"

#include "isect.h"
#include "targets.h"

static const isect_query *qc;

static void setup(void)
{
    qc = tl_query("capsule_capsule");
    tl_init_seed(0xca95);
}

TestSuite(capsule_capsule_exact, .init = setup);

#define V(...) ((const double[3]){__VA_ARGS__})

static double fast_cc(const double *p0, const double *p1, double r0, const double *q0, const double *q1, double r1)
{
    double in[14], out[1];
    memcpy(in, p0, 3 * sizeof *in);
    memcpy(in + 3, p1, 3 * sizeof *in);
    in[6] = r0;
    memcpy(in + 7, q0, 3 * sizeof *in);
    memcpy(in + 10, q1, 3 * sizeof *in);
    in[13] = r1;
    tl_run(qc, "fast", in, out);
    return out[0];
}

Test(capsule_capsule_exact, entry_claims_exact_booleans)
{
    const isect_target_entry *e = tl_entry(qc, "fast");
    cr_assert(e && (e->exact & ISECT_EXACT_BOOLS));
}

Test(capsule_capsule_exact, hand_cases)
{
    float b = nextafterf(1, 0), c = nextafterf(3, 4); /* 1 - 2^-24, 3 + 2^-22 */
    /* the x axis segment [-1,1] and the segment x = 0, y in [-1,1] at z = 3:
     * distance 3 at the stationary point (0,0,0)-(0,0,3) */
    cr_assert_eq(fast_cc(V(-1, 0, 0), V(1, 0, 0), 1, V(0, -1, 3), V(0, 1, 3), 2), 1, "crossing, touching");
    cr_assert_eq(fast_cc(V(-1, 0, 0), V(1, 0, 0), 1, V(0, -1, 3), V(0, 1, 3), b * 2), 0, "crossing, one ulp short");
    cr_assert_eq(fast_cc(V(-1, 0, 0), V(1, 0, 0), 1, V(0, -1, c), V(0, 1, c), 2), 0, "crossing, one ulp farther");
    /* parallel segments on y = 0 and y = 3 (z = 0), overlapping in x: distance 3 */
    cr_assert_eq(fast_cc(V(0, 0, 0), V(4, 0, 0), 1.5, V(2, 3, 0), V(6, 3, 0), 1.5), 1, "parallel, touching");
    cr_assert_eq(fast_cc(V(0, 0, 0), V(4, 0, 0), 1.5, V(2, c, 0), V(6, c, 0), 1.5), 0, "parallel, one ulp apart");
    /* collinear on the x axis, [0,2] and [5,7]: distance 3 between the ends 2 and 5 */
    cr_assert_eq(fast_cc(V(0, 0, 0), V(2, 0, 0), 1, V(5, 0, 0), V(7, 0, 0), 2), 1, "collinear, touching");
    cr_assert_eq(fast_cc(V(0, 0, 0), V(2, 0, 0), 1, V(5, 0, 0), V(7, 0, 0), 2 * b), 0, "collinear, one ulp short");
    /* an endpoint (0,3,0) above the middle of [-1,1] x {0} x {0}, radii 0:
     * distance 3 > 0; with q0 on the segment at (1/2,0,0) distance 0 */
    cr_assert_eq(fast_cc(V(-1, 0, 0), V(1, 0, 0), 0, V(0, 3, 0), V(0, 5, 0), 0), 0, "radius 0, apart");
    cr_assert_eq(fast_cc(V(-1, 0, 0), V(1, 0, 0), 0, V(0.5, 0, 0), V(0, 5, 0), 0), 1, "radius 0, endpoint on");
    /* two segments crossing at (1,1,0), radii 0; lifted by 2^-149 in z, skew */
    cr_assert_eq(fast_cc(V(0, 0, 0), V(2, 2, 0), 0, V(0, 2, 0), V(2, 0, 0), 0), 1, "crossing segments");
    cr_assert_eq(fast_cc(V(0, 0, 0), V(2, 2, 0), 0, V(0, 2, 0x1p-149), V(2, 0, 0x1p-149), 0), 0, "skew by 2^-149");
    /* two points (balls) 5 apart, radii 2 and 3; 3 - ulp */
    cr_assert_eq(fast_cc(V(0, 0, 0), V(0, 0, 0), 2, V(3, 4, 0), V(3, 4, 0), 3), 1, "balls touching");
    cr_assert_eq(fast_cc(V(0, 0, 0), V(0, 0, 0), 2, V(3, 4, 0), V(3, 4, 0), nextafterf(3, 0)), 0, "balls apart");
    /* an endpoint case: segment [0,1] on the x axis and the point (4,4,0):
     * distance from (1,0,0) is 5 */
    cr_assert_eq(fast_cc(V(0, 0, 0), V(1, 0, 0), 2, V(4, 4, 0), V(4, 4, 0), 3), 1, "endpoint to point, touching");
    cr_assert_eq(fast_cc(V(0, 0, 0), V(b, 0, 0), 2, V(4, 4, 0), V(4, 4, 0), 3), 0, "endpoint to point, apart");
    /* tiny scale: the crossing case times 2^-120 */
    double s = 0x1p-120;
    cr_assert_eq(fast_cc(V(-s, 0, 0), V(s, 0, 0), s, V(0, -s, 3 * s), V(0, s, 3 * s), 2 * s), 1, "tiny, touching");
    cr_assert_eq(fast_cc(V(-s, 0, 0), V(s, 0, 0), s, V(0, -s, 3 * s), V(0, s, 3 * s), 2 * s * b), 0, "tiny, apart");
}

static void gen(double *in)
{
    int e = tl_int(-60, 60);
    for (int k = 0; k < 14; k++)
        in[k] = tl_grid_value(in, k, e);
    in[6] = fabs(in[6]);
    in[13] = fabs(in[13]);
    for (int m = tl_int(0, 3); m > 0; m--)
        qc->mutate(in, tl_rnd());
    if (tl_int(0, 3) == 0) {
        int k = tl_int(0, 13);
        in[k] = nextafterf((float)in[k], tl_rnd() & 1 ? INFINITY : -INFINITY);
    }
    for (int k = 0; k < 14; k++)
        in[k] = (float)in[k];
}

Test(capsule_capsule_exact, random_equals_ref)
{
    int valid, hits;
    tl_fast_hit_equals_ref(qc, gen, 40000, &valid, &hits);
    cr_assert(valid > 25000 && hits > 4000 && hits < valid - 4000, "%d valid cases, %d hits", valid, hits);
}
