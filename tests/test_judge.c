/* tests/test_judge.c: soundness and sense of the judge (oracle/judge.h).
 *
 * Fake target answers are crafted as flat output arrays (hit t u v) and
 * judged against ref's exact answer with the declared accuracy of the `fast`
 * target (ulps and tolerance from the registry).  Severity is in units of
 * 2^-24 * S, S the largest input magnitude of the unit class.
 *
 * Geometry used throughout (derivations as in test_ray_triangle.c): the
 * triangle T4 = (0,0,2), (4,0,2), (0,4,2) in the plane z = 2, shot along +z
 * from (x, y, 0): t = 2, u = x/4, v = y/4; inside iff x, y >= 0, x + y <= 4.
 */
#include <criterion/criterion.h>

#include "isect_ref.h"
#include "judge.h"
#include "targets.h"

#include <math.h>
#include <string.h>

enum { N_IN = 16, N_OUT = 4 };

static const isect_query *q;
static double ulps, tolerance;

static void setup(void)
{
    q = isect_query_find("ray_triangle");
    cr_assert_not_null(q);
    cr_assert_eq(isect_query_nin(q), N_IN);
    cr_assert_eq(isect_query_nout(q), N_OUT);
    const isect_target *t = isect_target_find("fast");
    cr_assert_not_null(t);
    const isect_target_entry *e = isect_target_entry_for(t, "ray_triangle");
    cr_assert_not_null(e);
    ulps = e->ulps;
    tolerance = e->tolerance;
}

static void t4_in(double *in, double x, double y, double tmax)
{
    double v[N_IN] = {x, y, 0, 0, 0, 1, tmax, 0, 0, 2, 4, 0, 2, 0, 4, 2};
    memcpy(in, v, sizeof v);
}

typedef struct {
    isect_judgement j;
    int ref_status;
    double ref_out[N_OUT];
} judged;

static judged judge(const double *in, const double *tgt)
{
    judged r;
    r.ref_status = q->ref(in, r.ref_out);
    r.j = isect_judge(q, in, r.ref_status, r.ref_out, tgt, ulps, tolerance);
    return r;
}

#define VERDICT_IS(r, v, what)                                                                             \
    cr_assert((r).j.verdict == (v), "%s: verdict %s (severity %g), expected %s", what,                     \
              isect_verdict_name((r).j.verdict), (r).j.severity, isect_verdict_name(v))

TestSuite(judge, .init = setup);

/* ---- (a) one-ulp boundary mismatches are tolerated ------------------------------- */

static void t_edge_hit_answered_miss_is_tolerated(void)
{
    double in[N_IN], miss[N_OUT] = {0, 0, 0, 0};
    t4_in(in, 2, 0, INFINITY); /* on edge v0v1: exact hit, v = 0 */
    judged r = judge(in, miss);
    cr_assert_eq(r.ref_out[0], 1);
    VERDICT_IS(r, VERDICT_TOLERATED, "exact edge hit, answer miss");
    cr_assert_eq(r.j.slot, 0);
    cr_assert(r.j.severity <= 1, "severity %g of a boolean flip exactly on the edge", r.j.severity);
    /* The same on the hypotenuse and at a vertex. */
    t4_in(in, 1, 3, INFINITY);
    r = judge(in, miss);
    VERDICT_IS(r, VERDICT_TOLERATED, "exact hypotenuse hit, answer miss");
    t4_in(in, 4, 0, INFINITY);
    r = judge(in, miss);
    VERDICT_IS(r, VERDICT_TOLERATED, "exact vertex hit, answer miss");
}

static void t_one_ulp_outside_answered_hit_is_tolerated(void)
{
    double in[N_IN];
    /* x = 2 + 2^-22, y = 2: outside v1v2 by one binary32 ulp of x. */
    t4_in(in, nextafterf(2, 3), 2, INFINITY);
    double hit[N_OUT] = {1, 2, 0.5, 0.5};
    judged r = judge(in, hit);
    cr_assert_eq(r.ref_out[0], 0);
    VERDICT_IS(r, VERDICT_TOLERATED, "one ulp outside, answer hit");
    /* Sound: moving x by its ulp 2^-22 = 2^-24 * S (S = 4) is one unit. */
    cr_assert(r.j.severity <= 1, "severity %g of a one-ulp flip", r.j.severity);
    /* One ulp left of v0v2: x = -2^-149. */
    t4_in(in, nextafterf(0, -1), 1, INFINITY);
    double hit2[N_OUT] = {1, 2, 0, 0.25};
    r = judge(in, hit2);
    VERDICT_IS(r, VERDICT_TOLERATED, "one subnormal ulp outside, answer hit");
}

static void t_t_just_beyond_ulps_is_tolerated(void)
{
    double in[N_IN];
    t4_in(in, 1, 1, INFINITY); /* t = 2, u = v = 1/4, well conditioned */
    /* The agreement bound is ulps * 2^-24 * |t| = ulps * 2^-23; binary32 ulps
     * of 2 are 2^-22, so ulps/2 binary32 ulps are within and ulps/2 + 1 are
     * beyond. */
    double within = ldexp(ulps, -23), beyond = within + 0x1p-22;
    double a[N_OUT] = {1, 2 + within, 0.25, 0.25};
    judged r = judge(in, a);
    VERDICT_IS(r, VERDICT_AGREE, "t within the ulps bound");
    cr_assert_eq(r.j.severity, 0);
    double b[N_OUT] = {1, 2 + beyond, 0.25, 0.25};
    r = judge(in, b);
    VERDICT_IS(r, VERDICT_TOLERATED, "t one binary32 ulp beyond the ulps bound");
    cr_assert_eq(r.j.slot, 1);
    cr_assert(r.j.severity > 0, "a t error a perturbation cannot hide at radius 2^-30 has severity 0");
    double c[N_OUT] = {1, 2 - beyond, 0.25, 0.25};
    r = judge(in, c);
    VERDICT_IS(r, VERDICT_TOLERATED, "t one binary32 ulp below the ulps bound");
    /* u beyond its bound (absolute floor 1: ulps * 2^-24). */
    double d[N_OUT] = {1, 2, 0.25 + ldexp(ulps + 1, -24), 0.25};
    r = judge(in, d);
    VERDICT_IS(r, VERDICT_TOLERATED, "u just beyond the ulps bound");
    cr_assert_eq(r.j.slot, 2);
}

static void t_t_equal_tmax_answered_miss_is_tolerated(void)
{
    double in[N_IN], miss[N_OUT] = {0};
    t4_in(in, 1, 1, 2); /* tmax = t = 2 exactly: ref hits */
    judged r = judge(in, miss);
    cr_assert_eq(r.ref_out[0], 1);
    VERDICT_IS(r, VERDICT_TOLERATED, "t = tmax, answer miss");
    /* tmax one ulp short: ref misses; a hit at t = tmax is tolerated. */
    t4_in(in, 1, 1, nextafterf(2, 0));
    double hit[N_OUT] = {1, nextafterf(2, 0), 0.25, 0.25};
    r = judge(in, hit);
    cr_assert_eq(r.ref_out[0], 0);
    VERDICT_IS(r, VERDICT_TOLERATED, "tmax one ulp short, answer hit");
    /* Origin on the triangle (t = 0) answered miss. */
    double on[N_IN] = {1, 1, 2, 0, 0, 1, INFINITY, 0, 0, 2, 4, 0, 2, 0, 4, 2};
    r = judge(on, miss);
    cr_assert_eq(r.ref_out[0], 1);
    VERDICT_IS(r, VERDICT_TOLERATED, "t = 0, answer miss");
}

/* ---- (b) gross errors are discrepancies ------------------------------------------- */

static void t_centroid_miss_is_gross(void)
{
    /* T3 = (0,0,2), (3,0,2), (0,3,2) has its centroid at (1,1,2), an exact
     * point: u = v = 1/3, each edge function a third of det. */
    double in[N_IN] = {1, 1, 0, 0, 0, 1, INFINITY, 0, 0, 2, 3, 0, 2, 0, 3, 2}, miss[N_OUT] = {0};
    judged r = judge(in, miss);
    cr_assert_eq(r.ref_out[0], 1);
    VERDICT_IS(r, VERDICT_DISCREPANCY, "centroid hit answered miss");
    cr_assert(r.j.severity > 1e5, "severity %g of a centroid miss", r.j.severity);
    cr_assert_eq(r.j.slot, 0);
}

static void t_t_factor_two_is_gross(void)
{
    double in[N_IN];
    t4_in(in, 1, 1, INFINITY);
    double a[N_OUT] = {1, 4, 0.25, 0.25};
    judged r = judge(in, a);
    VERDICT_IS(r, VERDICT_DISCREPANCY, "t doubled");
    cr_assert_eq(r.j.slot, 1);
    cr_assert(r.j.severity > 1e5, "severity %g of a doubled t", r.j.severity);
    double b[N_OUT] = {1, 1, 0.25, 0.25};
    r = judge(in, b);
    VERDICT_IS(r, VERDICT_DISCREPANCY, "t halved");
}

static void t_swapped_barycentrics_are_gross(void)
{
    double in[N_IN];
    t4_in(in, 1, 2, INFINITY); /* u = 1/4, v = 1/2 */
    double a[N_OUT] = {1, 2, 0.5, 0.25};
    judged r = judge(in, a);
    VERDICT_IS(r, VERDICT_DISCREPANCY, "u and v swapped");
    cr_assert_eq(r.j.slot, 2);
    cr_assert(r.j.severity > 1e4, "severity %g of swapped barycentrics", r.j.severity);
}

static void t_far_outside_hit_is_gross(void)
{
    double in[N_IN];
    t4_in(in, 6, 6, INFINITY); /* far outside: x + y = 12 > 4 */
    double a[N_OUT] = {1, 2, 1.5, 1.5};
    judged r = judge(in, a);
    cr_assert_eq(r.ref_out[0], 0);
    VERDICT_IS(r, VERDICT_DISCREPANCY, "far outside answered hit");
}

/* ---- (c) invalid answers ---------------------------------------------------------- */

static void t_contract_breaches_are_invalid(void)
{
    double in[N_IN];
    t4_in(in, 1, 1, 3);
    double nan_t[N_OUT] = {1, NAN, 0.25, 0.25}, nan_u[N_OUT] = {1, 2, NAN, 0.25};
    double neg_t[N_OUT] = {1, -1, 0.25, 0.25}, big_t[N_OUT] = {1, 3.5, 0.25, 0.25};
    judged r = judge(in, nan_t);
    VERDICT_IS(r, VERDICT_INVALID, "NaN t on a hit");
    cr_assert_not_null(r.j.why);
    r = judge(in, nan_u);
    VERDICT_IS(r, VERDICT_INVALID, "NaN u on a hit");
    r = judge(in, neg_t);
    VERDICT_IS(r, VERDICT_INVALID, "t < 0 on a hit");
    cr_assert_not_null(r.j.why);
    r = judge(in, big_t);
    VERDICT_IS(r, VERDICT_INVALID, "t > tmax on a hit");
    /* Also when ref misses. */
    t4_in(in, 6, 6, 3);
    r = judge(in, big_t);
    VERDICT_IS(r, VERDICT_INVALID, "t > tmax on a hit where ref misses");
    /* A NaN on a miss carries no claim: not invalid. */
    double nan_miss[N_OUT] = {0, NAN, NAN, NAN};
    r = judge(in, nan_miss);
    VERDICT_IS(r, VERDICT_AGREE, "NaN outputs on an agreeing miss");
}

/* ---- (d) exact answers agree --------------------------------------------------------- */

static void t_exact_answers_agree(void)
{
    double in[N_IN];
    static const double pts[][2] = {{1, 1}, {2, 0}, {4, 0}, {0, 0}, {1, 3}, {6, 6}, {-1, 1}};
    for (size_t i = 0; i < sizeof pts / sizeof *pts; i++) {
        t4_in(in, pts[i][0], pts[i][1], INFINITY);
        double out[N_OUT];
        cr_assert_eq(q->ref(in, out), REF_OK);
        judged r = judge(in, out);
        VERDICT_IS(r, VERDICT_AGREE, "ref's own answer");
        cr_assert_eq(r.j.severity, 0);
        cr_assert_eq(r.j.slot, -1);
    }
    /* The correctly rounded answer to a 1/3 case, with binary32 rounding of
     * t (as a float target returns it): within ulps. */
    double in3[N_IN] = {1, 1, 0, 0, 0, 3, INFINITY, 0, 0, 1, 3, 0, 1, 0, 3, 1};
    double f[N_OUT] = {1, (float)(1.0 / 3), (float)(1.0 / 3), (float)(1.0 / 3)};
    judged r = judge(in3, f);
    VERDICT_IS(r, VERDICT_AGREE, "binary32-rounded thirds");
}

/* ---- (e) invalid input --------------------------------------------------------------- */

static void t_invalid_input_any_defined_answer_agrees(void)
{
    double in[N_IN];
    t4_in(in, 1, 1, INFINITY);
    in[0] = NAN;
    double miss[N_OUT] = {0}, hit[N_OUT] = {1, 2, 0.25, 0.25};
    judged r = judge(in, miss);
    cr_assert_eq(r.ref_status, REF_INVALID);
    VERDICT_IS(r, VERDICT_AGREE, "invalid input, answer miss");
    r = judge(in, hit);
    VERDICT_IS(r, VERDICT_AGREE, "invalid input, answer hit without NaN");
    /* Negative tmax, inf position. */
    t4_in(in, 1, 1, -1);
    r = judge(in, miss);
    cr_assert_eq(r.ref_status, REF_INVALID);
    VERDICT_IS(r, VERDICT_AGREE, "negative tmax, answer miss");
    t4_in(in, 1, 1, INFINITY);
    in[9] = INFINITY;
    r = judge(in, miss);
    cr_assert_eq(r.ref_status, REF_INVALID);
    VERDICT_IS(r, VERDICT_AGREE, "inf vertex, answer miss");
    /* NaN on a hit is still the target's own breach. */
    double nan_hit[N_OUT] = {1, NAN, 0, 0};
    r = judge(in, nan_hit);
    VERDICT_IS(r, VERDICT_INVALID, "invalid input, NaN on a hit");
}

/* ---- (f) severity grows with the distance ---------------------------------------------- */

static void t_severity_monotone_in_distance(void)
{
    double in[N_IN], prev = -1;
    bool disputed[N_OUT] = {true, false, false, false};
    double hit[N_OUT] = {1, 2, 0, 0.25};
    /* Origin x = -2^-k outside edge v0v2 (x = 0), y = 1; answer hit. */
    for (int k = 24; k >= 1; k -= 2) {
        t4_in(in, -ldexp(1, -k), 1, INFINITY);
        double out[N_OUT];
        cr_assert_eq(q->ref(in, out), REF_OK);
        cr_assert_eq(out[0], 0);
        double s = isect_severity(q, in, hit, disputed);
        judged r = judge(in, hit);
        cr_assert_eq(r.j.severity, s, "judge and isect_severity disagree at 2^-%d", k);
        cr_assert(s > prev, "severity %g at distance 2^-%d not above %g at a quarter of it", s, k, prev);
        /* A lower bound: moving the origin (S = 4) by d = 2^-k needs
         * d / (2^-24 * 4) units at most; certified bounds stay below. */
        cr_assert(s <= ldexp(1, 24 - k) / 4 * 1.0001, "severity %g above the distance 2^-%d itself", s, k);
        prev = s;
    }
    cr_assert(prev > 1e5, "severity %g at distance 1/2", prev);
}

/* ---- (g) the zoo -------------------------------------------------------------------------- */

static void t_zoo_mt_eps_on_a_tiny_triangle(void)
{
    /* v0 = (0,0,0), v1 = (2^-12,0,0), v2 = (0,2^-12,0); ray from
     * (2^-14, 2^-14, 2^-12) along (0,0,-1): meets z = 0 at t = 2^-12, at
     * u = v = 1/4 (squarely inside).  det = e1 . (dir x e2) =
     * (2^-12,0,0) . (2^-12,0,0) = 2^-24 < 1e-6: Moller-Trumbore with the
     * absolute epsilon calls the ray parallel and misses. */
    double in[N_IN] = {0x1p-14, 0x1p-14, 0x1p-12, 0, 0, -1, INFINITY, 0, 0, 0, 0x1p-12, 0, 0, 0, 0x1p-12, 0};
    double ref_out[N_OUT];
    cr_assert_eq(q->ref(in, ref_out), REF_OK);
    cr_assert(ref_out[0] == 1 && ref_out[1] == 0x1p-12 && ref_out[2] == 0.25 && ref_out[3] == 0.25);

    const isect_target *zoo = isect_target_find("zoo:mt_eps");
    cr_assert_not_null(zoo);
    const isect_target_entry *ze = isect_target_entry_for(zoo, "ray_triangle");
    cr_assert_not_null(ze);
    double out[N_OUT];
    q->run(ze->fn, in, out);
    cr_assert_eq(out[0], 0, "zoo:mt_eps should miss the tiny triangle");
    isect_judgement j = isect_judge(q, in, REF_OK, ref_out, out, ze->ulps, ze->tolerance);
    cr_assert(j.verdict == VERDICT_DISCREPANCY, "zoo:mt_eps verdict %s severity %g", isect_verdict_name(j.verdict),
              j.severity);
    cr_assert(j.severity > 1e5, "severity %g", j.severity);

    const isect_target_entry *fe = isect_target_entry_for(isect_target_find("fast"), "ray_triangle");
    q->run(fe->fn, in, out);
    cr_assert_eq(out[0], 1, "fast should hit the tiny triangle");
    j = isect_judge(q, in, REF_OK, ref_out, out, fe->ulps, fe->tolerance);
    cr_assert(j.verdict == VERDICT_AGREE, "fast verdict %s severity %g", isect_verdict_name(j.verdict), j.severity);

    /* At unit scale (everything times 2^12, det = 1) mt_eps agrees. */
    for (int i = 0; i < N_IN; i++)
        if (i < 3 || i >= 7)
            in[i] *= 0x1p12;
    cr_assert_eq(q->ref(in, ref_out), REF_OK);
    q->run(ze->fn, in, out);
    j = isect_judge(q, in, REF_OK, ref_out, out, ze->ulps, ze->tolerance);
    cr_assert(j.verdict == VERDICT_AGREE, "zoo:mt_eps at unit scale: %s", isect_verdict_name(j.verdict));
}

/* A fake target function run through q->run: the catalog's adapter passes
 * the inputs through and the outputs back in catalog order. */
static bool fake_seen;
static bool fake_target(isect_ray r, isect_triangle t, isect_ray_triangle_result *out)
{
    fake_seen = r.origin.x == 1 && r.dir.z == 1 && r.tmax == 5 && t.v1.x == 4 && t.v2.y == 4;
    *out = (isect_ray_triangle_result){true, 2, 0.5f, 0.25f}; /* u, v swapped for (1, 2) */
    return true;
}

static void t_fake_target_through_run(void)
{
    double in[N_IN], out[N_OUT], ref_out[N_OUT];
    t4_in(in, 1, 2, 5);
    q->run((isect_any_fn)fake_target, in, out);
    cr_assert(fake_seen, "run did not pass the inputs in catalog order");
    cr_assert(out[0] == 1 && out[1] == 2 && out[2] == 0.5 && out[3] == 0.25);
    cr_assert_eq(q->ref(in, ref_out), REF_OK);
    isect_judgement j = isect_judge(q, in, REF_OK, ref_out, out, ulps, tolerance);
    cr_assert(j.verdict == VERDICT_DISCREPANCY, "verdict %s", isect_verdict_name(j.verdict));
}

/* Soundness on random boundary-ish inputs: fast's answers are never a
 * discrepancy (its declared tolerance holds there), and a target answering
 * ref's exact answer perturbed to the nearest binary32 always agrees. */
static void t_fast_never_discrepant_on_small_integers(void)
{
    unsigned long long st = 99;
    const isect_target_entry *fe = isect_target_entry_for(isect_target_find("fast"), "ray_triangle");
    int hits = 0;
    for (int n = 0; n < 10000; n++) {
        double in[N_IN], ref_out[N_OUT], out[N_OUT];
        for (int i = 0; i < N_IN; i++) {
            st = st * 6364136223846793005ull + 1442695040888963407ull;
            in[i] = (double)((int)(st >> 60) % 5 - 2);
        }
        in[6] = n % 2 ? INFINITY : 2;
        int rs = q->ref(in, ref_out);
        q->run(fe->fn, in, out);
        isect_judgement j = isect_judge(q, in, rs, ref_out, out, fe->ulps, fe->tolerance);
        cr_assert(j.verdict == VERDICT_AGREE || j.verdict == VERDICT_TOLERATED,
                  "case %d: fast %s (severity %g, slot %d)", n, isect_verdict_name(j.verdict), j.severity, j.slot);
        hits += ref_out[0] != 0;
        double f[N_OUT] = {ref_out[0], (float)ref_out[1], (float)ref_out[2], (float)ref_out[3]};
        j = isect_judge(q, in, rs, ref_out, f, fe->ulps, fe->tolerance);
        cr_assert(j.verdict == VERDICT_AGREE, "case %d: ref rounded to binary32: %s", n, isect_verdict_name(j.verdict));
    }
    cr_assert(hits > 500, "only %d hits", hits);
}

/* ---- (e) witnesses of tolerated verdicts ------------------------------------------- */

/* A witness w must be: within hi units of in, of the query's format (here
 * binary32: all inputs are normal), and an input where ref's exact answer
 * agrees with the target's answer (the hit flag, and t u v within ulps). */
static void assert_witness(const double *in, const double *tgt, const double *w, double moved, double hi)
{
    double S = 4, unit = 0x1p-24 * S, out[N_OUT]; /* every case here has positions up to 4, |dir| = 1 */
    cr_assert(moved > 0 && moved <= hi, "moved %g, expected in (0, %g]", moved, hi);
    for (int k = 0; k < N_IN; k++) {
        cr_assert_eq((double)(float)w[k], w[k], "witness value %d is not binary32", k);
        double u = k >= 3 && k < 7 ? 0x1p-24 : unit; /* dir and tmax have their own classes (|dir| = 1) */
        if (k == 6)
            continue; /* tmax = inf stays */
        cr_assert(fabs(w[k] - in[k]) <= hi * u, "value %d moved by %g units", k, fabs(w[k] - in[k]) / u);
    }
    cr_assert_eq(q->ref(w, out), REF_OK);
    cr_assert_eq(out[0] != 0, tgt[0] != 0, "ref at the witness: hit %g, target %g", out[0], tgt[0]);
    for (int k = 1; k < N_OUT && tgt[0] != 0; k++)
        cr_assert(fabs(out[k] - tgt[k]) <= ulps * 0x1p-24 * fmax(fabs(out[k]), 1),
                  "output %d: ref at the witness %.9g, target %.9g", k, out[k], tgt[k]);
}

static void t_witness_of_tolerated_mismatches(void)
{
    double in[N_IN], w[N_IN], w2[N_IN], moved, moved2, hi = 4 * tolerance;
    /* On the hypotenuse (x + y = 4), answered miss: a point just outside
     * is a witness. */
    double miss[N_OUT] = {0, 0, 0, 0};
    t4_in(in, 1, 3, INFINITY);
    judged r = judge(in, miss);
    VERDICT_IS(r, VERDICT_TOLERATED, "hypotenuse hit, answer miss");
    cr_assert(isect_witness(q, in, miss, ulps, r.j.severity, hi, w, &moved), "no witness for a boundary miss");
    assert_witness(in, miss, w, moved, hi);
    /* Deterministic: the same search gives the same witness. */
    cr_assert(isect_witness(q, in, miss, ulps, r.j.severity, hi, w2, &moved2));
    cr_assert(memcmp(w, w2, sizeof w) == 0 && moved == moved2, "two searches, two witnesses");

    /* One binary32 ulp outside v1v2, answered hit with t u v of the point
     * on the edge: moving back inside agrees, numbers included. */
    t4_in(in, nextafterf(2, 3), 2, INFINITY);
    double hit[N_OUT] = {1, 2, 0.5, 0.5};
    r = judge(in, hit);
    VERDICT_IS(r, VERDICT_TOLERATED, "one ulp outside, answer hit");
    cr_assert(isect_witness(q, in, hit, ulps, r.j.severity, hi, w, &moved), "no witness one ulp outside");
    assert_witness(in, hit, w, moved, hi);
}

static void t_no_witness_for_gross_errors(void)
{
    double in[N_IN], w[N_IN], moved, miss[N_OUT] = {0, 0, 0, 0};
    /* The centroid (4/3, 4/3) answered miss: a miss is 2^22 units away at
     * least, far beyond the search. */
    t4_in(in, 1.25, 1.25, INFINITY);
    cr_assert(!isect_witness(q, in, miss, ulps, 0, 4 * tolerance, w, &moved), "a witness for a gross miss");
    /* t off by a factor two on a central hit. */
    double t2[N_OUT] = {1, 4, 0.3125, 0.3125};
    cr_assert(!isect_witness(q, in, t2, ulps, 0, 4 * tolerance, w, &moved), "a witness for t = 2 t_exact");
}

/* sphere_sphere, subnormal: c1 - c0 = (3, 4, 0) 2^-149 and r0 + r1 = 5 2^-149
 * touch; one unit (2^-24 S, S = 2^-147) is far below the binary32 grid
 * there, so the witness of "no overlap" is off the grid, and it is one:
 * 9 + 16 > 25 after the move, which ref decides exactly. */
static void t_witness_below_the_binary32_grid(void)
{
    const isect_query *qs = isect_query_find("sphere_sphere");
    cr_assert_not_null(qs);
    double in[8] = {0, 0, 0, 0x1p-148, 0x1.8p-148, 0x1p-147, 0, 0x1.8p-148}, out[1], miss[1] = {0}, w[8], moved;
    cr_assert_eq(qs->ref(in, out), REF_OK);
    cr_assert_eq(out[0], 1, "touching subnormal spheres overlap");
    cr_assert(isect_witness(qs, in, miss, 1, 0, 16, w, &moved), "no witness below the grid");
    cr_assert(moved > 0 && moved <= 16, "moved %g", moved);
    cr_assert_eq(qs->ref(w, out), REF_OK);
    cr_assert_eq(out[0], 0, "ref at the witness still says overlap");
    int off_grid = 0;
    for (int k = 0; k < 8; k++)
        off_grid |= (double)(float)w[k] != w[k];
    cr_assert(off_grid, "a binary32 witness cannot exist within 16 units here");
}

/* Grouped: each Criterion test is a process of its own (ASan start-up and
 * leak check), so related checks share one. */
Test(judge, boundary_mismatches_are_tolerated)
{
    t_edge_hit_answered_miss_is_tolerated();
    t_one_ulp_outside_answered_hit_is_tolerated();
    t_t_just_beyond_ulps_is_tolerated();
    t_t_equal_tmax_answered_miss_is_tolerated();
}

Test(judge, gross_errors_are_discrepancies)
{
    t_centroid_miss_is_gross();
    t_t_factor_two_is_gross();
    t_swapped_barycentrics_are_gross();
    t_far_outside_hit_is_gross();
}

Test(judge, invalid_and_agree)
{
    t_contract_breaches_are_invalid();
    t_exact_answers_agree();
    t_invalid_input_any_defined_answer_agrees();
}

Test(judge, witnesses)
{
    t_witness_of_tolerated_mismatches();
    t_no_witness_for_gross_errors();
    t_witness_below_the_binary32_grid();
}

Test(judge, severity_monotone_in_distance)
{
    t_severity_monotone_in_distance();
}

Test(judge, targets)
{
    t_zoo_mt_eps_on_a_tiny_triangle();
    t_fake_target_through_run();
    t_fast_never_discrepant_on_small_integers();
}
