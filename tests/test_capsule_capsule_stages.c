/* tests/test_capsule_capsule_stages.c: the stages of capsule_capsule's
 * exact path (fast/capsule_capsule.c, issue 14), on a copy of fast's
 * source: the binary64 stage cc_stage64 (the stationary point's position
 * from Binet-Cauchy values, FB_CAPSULE_BC; its distance test cc_final64)
 * and what follows each of its outcomes.
 *
 * Hand-derived cases, each one's values worked out in its comment: two
 * crossing segments touching exactly at their stationary point (the
 * filter cannot certify that, the binary64 stage passes it on to the
 * expansions) and one ulp of a radius either side (the binary64 stage
 * decides); a stationary point outside the square with the endpoint
 * exactly touching (the stage certifies "outside", the endpoints decide);
 * parallel segments and a zero-length segment (every Binet-Cauchy value is
 * 0: undecided).  Then random near-contacts (the bench's touching edit on
 * random binary32 coordinates; generic crossing segments with r0 + r1 set
 * just below their line distance): every outcome of the stage occurs, and
 * each certified outcome, and fast's answer, equals ref's (GMP).
 * in = p0[3] p1[3] r0 q0[3] q1[3] r1.
 */
#include "testlib.h"

bool hooked_capsule_capsule(isect_capsule a, isect_capsule b, isect_capsule_capsule_result *out);
#define isect_capsule_capsule hooked_capsule_capsule
#include "../fast/capsule_capsule.c"
#undef isect_capsule_capsule

/* The binary64 stage of the filter with the binary32 parameters: 1 hit,
 * 0 miss, -1 undecided. */
static int capsule_capsule_certified(isect_capsule a, isect_capsule b)
{
    float s, t;
    closest_params(fv_sub(a.p1, a.p0), fv_sub(b.p1, b.p0), fv_sub(a.p0, b.p0), &s, &t);
    return cc_filter64(a, b, s, t);
}

static const isect_query *qc;

static void setup(void)
{
    qc = tl_query("capsule_capsule");
    tl_init_seed(0xcc64);
}

TestSuite(capsule_capsule_stages, .init = setup);

static isect_capsule cap(float x0, float y0, float z0, float x1, float y1, float z1, float r)
{
    return (isect_capsule){{x0, y0, z0}, {x1, y1, z1}, r};
}

/* ref's answer (GMP) on the pair. */
static int ref_hit(isect_capsule a, isect_capsule b)
{
    double in[14] = {a.p0.x, a.p0.y, a.p0.z, a.p1.x, a.p1.y, a.p1.z, a.radius,
                     b.p0.x, b.p0.y, b.p0.z, b.p1.x, b.p1.y, b.p1.z, b.radius};
    double out[1];
    cr_assert_eq(tl_ref(qc, in, out), REF_OK);
    return out[0] != 0;
}

/* a: the x axis from -1 to 1, r0 = 1; b: x = 0, y from -1 to 1, z = 3.
 * d1 = (2,0,0), d2 = (0,2,0), r = q0 - p0 = (1,-1,3), e = p1 - q0 =
 * (1,1,-3), f = q1 - p0 = (1,1,3): A = 4, B = 0, C = 4, r.d1 = 2,
 * r.d2 = -2, e.d1 = 2, e.d2 = 2, f.d1 = 2, f.d2 = 2, so s n.n = 2*4 - 0 =
 * 8, (1 - s) n.n = 2*4 - 0 = 8, t n.n = 0 - 4*(-2) = 8, (1 - t) n.n =
 * 4*2 - 0 = 8, n.n = 16: s = t = 1/2, inside.  h = r.(d1 x d2) =
 * r.(0,0,4) = 12: squared distance 144/16 = 9.  With r1 = 2: R = 3,
 * RR n.n = 144 = h^2, touching (a hit) and undecidable in binary64; with
 * r1 = 2 - 2^-23 (one ulp below 2): RR n.n = 16 (3 - 2^-23)^2 < 144, a miss
 * by a relative 2^-22; with r1 = 2 + 2^-22 (one ulp above): a hit. */
Test(capsule_capsule_stages, crossing_touching)
{
    isect_capsule a = cap(-1, 0, 0, 1, 0, 0, 1);
    isect_capsule b = cap(0, -1, 3, 0, 1, 3, 2);
    cr_assert_eq(capsule_capsule_certified(a, b), -1, "the filter cannot certify an exact contact");
    cr_assert_eq(cc_stage64(a, b), CC_FINAL);
    cr_assert(hooked_capsule_capsule(a, b, NULL));
    b.radius = nextafterf(2, 0);
    cr_assert_eq(b.radius, 2 - 0x1p-23f);
    cr_assert_eq(cc_stage64(a, b), CC_MISS);
    cr_assert(!hooked_capsule_capsule(a, b, NULL));
    b.radius = nextafterf(2, 4);
    cr_assert_eq(b.radius, 2 + 0x1p-22f);
    cr_assert_eq(cc_stage64(a, b), CC_HIT);
    cr_assert(hooked_capsule_capsule(a, b, NULL));
}

/* The same at a scale of 2^-60 (every value above times 2^-60, products
 * of four times 2^-240: far from underflow) and with r0 = 0: R = r1 = 3. */
Test(capsule_capsule_stages, crossing_touching_scaled)
{
    float k = 0x1p-60f;
    isect_capsule a = cap(-k, 0, 0, k, 0, 0, 0);
    isect_capsule b = cap(0, -k, 3 * k, 0, k, 3 * k, 3 * k);
    cr_assert_eq(cc_stage64(a, b), CC_FINAL);
    cr_assert(hooked_capsule_capsule(a, b, NULL));
    b.radius = nextafterf(3 * k, 0);
    cr_assert_eq(cc_stage64(a, b), CC_MISS);
    cr_assert(!hooked_capsule_capsule(a, b, NULL));
}

/* a from (-1,0,0) to the origin, r0 = 2; b: x = 3, z = 4, y from -1 to 1,
 * r1 = 3.  d1 = (1,0,0), d2 = (0,2,0), r = (4,-1,4), e = p1 - q0 =
 * (-3,1,-4): A = 1, B = 0, C = 4, (1 - s) n.n = (e.d1) C - (e.d2) B = -12
 * < 0 (s = 4: the stationary point lies beyond p1): outside, certified.
 * The endpoint p1 = 0 is at distance 5 from b (its foot (3,0,4) inside b):
 * w = p1 - q0 = (-3,1,-4), e_b = (0,2,0), |w x e_b|^2 = |(8,0,-6)|^2 = 100
 * = 25 * |e_b|^2: touching, a hit.  (The lines' distance is smaller: h =
 * r.(0,0,2) = 8, n.n = 4, 16 < 25.)  With r1 = 3 - 2^-22: a miss. */
Test(capsule_capsule_stages, outside_endpoint_touching)
{
    isect_capsule a = cap(-1, 0, 0, 0, 0, 0, 2);
    isect_capsule b = cap(3, -1, 4, 3, 1, 4, 3);
    cr_assert_eq(capsule_capsule_certified(a, b), -1);
    cr_assert_eq(cc_stage64(a, b), CC_EDGES);
    cr_assert(hooked_capsule_capsule(a, b, NULL));
    b.radius = nextafterf(3, 0);
    cr_assert_eq(cc_stage64(a, b), CC_EDGES);
    cr_assert(!hooked_capsule_capsule(a, b, NULL));
}

/* Parallel: a from the origin to (4,0,0), b from (2,3,0) to (6,3,0),
 * radii 1.5: d1 x d2 = 0, so every Binet-Cauchy value is exactly 0 (and
 * computed as 0): undecided; the endpoints find q0 at distance 3 from a
 * (foot (2,0,0) inside): touching.  One ulp below 1.5 (1.5 - 2^-23): a
 * miss.  A zero-length a (a ball at the origin, radius 1) and b from
 * (3,-1,4) to (3,1,4), r1 = 4: d1 = 0, all values 0 again; distance 5 =
 * 1 + 4: touching. */
Test(capsule_capsule_stages, parallel_and_degenerate)
{
    isect_capsule a = cap(0, 0, 0, 4, 0, 0, 1.5f);
    isect_capsule b = cap(2, 3, 0, 6, 3, 0, 1.5f);
    cr_assert_eq(cc_stage64(a, b), CC_UNKNOWN);
    cr_assert(hooked_capsule_capsule(a, b, NULL));
    b.radius = nextafterf(1.5f, 0);
    cr_assert_eq(cc_stage64(a, b), CC_UNKNOWN);
    cr_assert(!hooked_capsule_capsule(a, b, NULL));
    a = cap(0, 0, 0, 0, 0, 0, 1);
    b = cap(3, -1, 4, 3, 1, 4, 4);
    cr_assert_eq(cc_stage64(a, b), CC_UNKNOWN);
    cr_assert(hooked_capsule_capsule(a, b, NULL));
    b.radius = nextafterf(4, 0);
    cr_assert(!hooked_capsule_capsule(a, b, NULL));
}

static float urand(float lo, float hi) { return (float)(lo + (hi - lo) * tl_unit()); }

/* The bench's touching edit: axis-parallel segments of half length len
 * crossing at distance r0 + r1 (rounded) along the third axis, sometimes
 * with r0 a tiny power of two and the offset r1 exactly (a hit by r0), or
 * b moved along a's axis past its end. */
static void gen_touching(isect_capsule *a, isect_capsule *b)
{
    float c0[3] = {urand(-1, 1), urand(-1, 1), urand(-1, 1)}, p0[3], p1[3], q0[3], q1[3];
    float r0 = urand(0.05f, 0.5f), r1 = urand(0.05f, 0.5f), len = ldexpf(1, tl_int(-2, 5));
    int i = tl_int(0, 2), j = (i + 1) % 3, k = (i + 2) % 3, mode = tl_int(0, 2), sg = tl_int(0, 1) ? 1 : -1;
    if (mode == 1) {
        r0 = ldexpf(1, -tl_int(38, 45));
        c0[k] = 0;
    }
    double d = mode == 1 ? r1 : (double)r0 + r1;
    for (int m = 0; m < 3; m++)
        p0[m] = p1[m] = q0[m] = q1[m] = c0[m];
    p0[i] = (float)(c0[i] - len);
    p1[i] = (float)(c0[i] + len);
    q0[j] = (float)(c0[j] - len);
    q1[j] = (float)(c0[j] + len);
    q0[k] = q1[k] = (float)(c0[k] + sg * d);
    if (mode == 2)
        q0[i] = q1[i] = (float)(c0[i] + sg * urand(0.9f, 1.2f) * len);
    *a = (isect_capsule){{p0[0], p0[1], p0[2]}, {p1[0], p1[1], p1[2]}, r0};
    *b = (isect_capsule){{q0[0], q0[1], q0[2]}, {q1[0], q1[1], q1[2]}, r1};
}

/* Generic segments in [-1,1]^3, r1 + r0 just below (or at) their lines'
 * distance as binary64 computes it. */
static void gen_generic(isect_capsule *a, isect_capsule *b)
{
    float v[12];
    for (int m = 0; m < 12; m++)
        v[m] = urand(-1, 1);
    *a = (isect_capsule){{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, 0};
    *b = (isect_capsule){{v[6], v[7], v[8]}, {v[9], v[10], v[11]}, 0};
    fv_d3 d1 = fv_dsub(fv_d(a->p1), fv_d(a->p0)), d2 = fv_dsub(fv_d(b->p1), fv_d(b->p0));
    fv_d3 n = fv_dcross(d1, d2), r = fv_dsub(fv_d(b->p0), fv_d(a->p0));
    double dist = fabs(fv_ddot(n, r)) / sqrt(fv_ddot(n, n));
    float r1 = (float)dist;
    if (r1 > dist)
        r1 = nextafterf(r1, 0);
    float r0 = (float)(dist - r1);
    for (int m = tl_int(0, 2); m > 0; m--)
        r0 = nextafterf(r0, 0);
    a->radius = r0 > 0 ? r0 : 0;
    b->radius = r1;
}

Test(capsule_capsule_stages, random_near_contacts_equal_ref)
{
    int seen[5] = {0}, exact = 0;
    for (int n = 0; n < 30000; n++) {
        isect_capsule a, b;
        if (n % 2)
            gen_touching(&a, &b);
        else
            gen_generic(&a, &b);
        int want = ref_hit(a, b);
        cr_assert_eq(hooked_capsule_capsule(a, b, NULL), want, "case %d", n);
        if (capsule_capsule_certified(a, b) >= 0)
            continue;
        exact++;
        int st = cc_stage64(a, b);
        seen[st]++;
        if (st == CC_HIT || st == CC_MISS)
            cr_assert_eq(st == CC_HIT, want, "case %d: stage %d", n, st);
    }
    cr_assert(exact > 3000, "%d cases reached the exact path", exact);
    for (int st = CC_MISS; st <= CC_EDGES; st++)
        cr_assert(seen[st] > 0, "outcome %d of the binary64 stage never seen (%d %d %d %d %d)", st, seen[0], seen[1],
                  seen[2], seen[3], seen[4]);
}
