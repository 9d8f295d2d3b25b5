/* tests/test_sphere_obb_exact.c: fast's sphere_obb hit flag is ref's exact
 * answer (issue 14), and its exact predicates (fast/sphere_obb_exact.c)
 * decide exactly.
 *
 * Flat layout: in = center[3] radius box_center[3] axis0[3] axis1[3]
 * axis2[3] half[3].  Hand-derived touching cases on a sheared box (a face,
 * an edge, a vertex), flat boxes (a zero half extent, parallel axes, a zero
 * axis, a segment, a point), each at the touching radius (a hit) and one
 * binary32 ulp below it (a miss), the expected answers argued in the
 * comments.  Each case is also run scaled: positions by 2^70 and 2^-60
 * (outside the binary64 filter's comfortable range, so the plane tests go
 * to the exact path), and axes by 2^40 with halves by 2^-40 (the same
 * box); a power-of-two scaling changes no answer.  Then the exact
 * predicates called directly on the touching cases (stage 3 forced), the
 * degree-8 comparison sobb_sq_minus_sign against GMP on expansions
 * spanning its whole range, and a randomized comparison with ref on
 * touching placements at extreme scales.  ISECT_SEED changes the seed.
 */
#include "testlib.h"
#include "tl_fe_gmp.h"

#include <gmp.h>

#include "isect.h"
#include "sphere_obb_exact.h"
#include "targets.h"

static const isect_query *q;

static void setup(void)
{
    q = tl_query("sphere_obb");
    tl_init_seed(0x50b8);
}

TestSuite(sphere_obb_exact, .init = setup);

typedef struct {
    double p[3], r, c[3], a[3][3], h[3];
} ball_box;

static void to_in(double *in, const ball_box *b)
{
    memcpy(in, b->p, 3 * sizeof *in);
    in[3] = b->r;
    memcpy(in + 4, b->c, 3 * sizeof *in);
    memcpy(in + 7, b->a, 9 * sizeof *in);
    memcpy(in + 16, b->h, 3 * sizeof *in);
}

/* positions (centre, radius, box centre, halves) times 2^ep, axes times
 * 2^ea and halves times 2^-ea: exact, the same geometry scaled */
static ball_box scaled(ball_box b, int ep, int ea)
{
    for (int k = 0; k < 3; k++) {
        b.p[k] = ldexp(b.p[k], ep);
        b.c[k] = ldexp(b.c[k], ep);
        b.h[k] = ldexp(b.h[k], ep - ea);
        for (int i = 0; i < 3; i++)
            b.a[i][k] = ldexp(b.a[i][k], ea);
    }
    b.r = ldexp(b.r, ep);
    return b;
}

static isect_sphere sph(const ball_box *b) { return (isect_sphere){{b->p[0], b->p[1], b->p[2]}, (float)b->r}; }
static isect_obb obb(const ball_box *b)
{
    isect_obb o = {{b->c[0], b->c[1], b->c[2]}, {{0}}, {b->h[0], b->h[1], b->h[2]}};
    for (int i = 0; i < 3; i++)
        o.axis[i] = (isect_vec3){b->a[i][0], b->a[i][1], b->a[i][2]};
    return o;
}

/* fast and ref both answer want, at every scaling; and at r one ulp below,
 * both answer a miss (want_below). */
static void expect(ball_box b, int want, int want_below, const char *what)
{
    static const int sc[][2] = {{0, 0}, {70, 0}, {-60, 0}, {0, 40}, {70, -40}};
    for (size_t s = 0; s < sizeof sc / sizeof *sc; s++)
        for (int below = 0; below < 2; below++) {
            ball_box x = scaled(b, sc[s][0], sc[s][1]);
            if (below)
                x.r = nextafterf((float)x.r, 0);
            double in[19], out[1], ref[1];
            to_in(in, &x);
            int w = below ? want_below : want;
            cr_assert_eq(tl_ref(q, in, ref), REF_OK);
            cr_assert_eq(ref[0], w, "%s (scale 2^%d, 2^%d%s): ref %g", what, sc[s][0], sc[s][1],
                         below ? ", r - ulp" : "", ref[0]);
            tl_run(q, "fast", in, out);
            cr_assert_eq(out[0], w, "%s (scale 2^%d, 2^%d%s): fast %g", what, sc[s][0], sc[s][1],
                         below ? ", r - ulp" : "", out[0]);
        }
}

/* The sheared box of most cases: centre 0, axes (1,0,0), (1,1,0), (0,0,1),
 * halves 1: the prism over the parallelogram with corners (2,1), (0,1),
 * (-2,-1), (0,-1), for |z| <= 1.  Its faces: y = +-1 (i = 1), x - y = +-1
 * (i = 0, normal (1,-1,0)), z = +-1 (i = 2). */
static ball_box sheared(double px, double py, double pz, double r)
{
    return (ball_box){{px, py, pz}, r, {0, 0, 0}, {{1, 0, 0}, {1, 1, 0}, {0, 0, 1}}, {1, 1, 1}};
}

Test(sphere_obb_exact, entry_claims_exact_booleans)
{
    const isect_target_entry *e = tl_entry(q, "fast");
    cr_assert(e && (e->exact & ISECT_EXACT_BOOLS));
}

Test(sphere_obb_exact, touching_sheared_box)
{
    /* the top face z = 1 (a supporting plane of the box) at its point
     * (1/2, 1/2, 1), inside the face: p = (1/2, 1/2, 3), distance 2 */
    expect(sheared(0.5, 0.5, 3, 2), 1, 0, "face z = 1");
    /* the slanted face x - y = 1 (points (1,0,z) + a (1,1,0)), normal
     * (1,-1,0)/sqrt 2: p = (2,-1,0) is sqrt 2 from its point (1,0,0), the
     * face's centre; binary32 has no sqrt 2: 0x1.6a09e8p+0 (1.41421366) is
     * above it (a hit), the one below, 0x1.6a09e6p+0 (1.41421354), a miss */
    expect(sheared(2, -1, 0, 0x1.6a09e8p+0), 1, 0, "face x - y = 1");
    expect(sheared(2, -1, 0, 0x1.6a09e6p+0), 0, 0, "face x - y = 1, r below sqrt 2");
    /* the vertical edge at the corner (2,1): its normal cone in the xy plane
     * is spanned by (0,1) and (1,-1); (1,0) is inside, so p = (5,1,0) is 3
     * from the edge's point (2,1,0), the foot strictly inside |z| <= 1 */
    expect(sheared(5, 1, 0, 3), 1, 0, "edge at (2,1)");
    /* the vertex (2,1,1): its normal cone is spanned by (0,1,0), (1,-1,0),
     * (0,0,1), and (2,1,2) = 3 (0,1,0) + 2 (1,-1,0) + 2 (0,0,1) is inside
     * it: p = (2,1,1) + (2,1,2) = (4,2,3) is 3 from the vertex */
    expect(sheared(4, 2, 3, 3), 1, 0, "vertex (2,1,1)");
    /* the acute vertical edge at (0,-1) ... (-2,-1) side: the corner
     * (-2,-1) has the sides y = -1 (normal (0,-1)) and x - y = -1 (normal
     * (-1,1)); (-1,0) is inside the cone: p = (-5,-1,1/2) is 3 from it */
    expect(sheared(-5, -1, 0.5, 3), 1, 0, "edge at (-2,-1)");
    /* inside, touching nothing: the centre (1/2,0,0) (s = (1/2, 0, 0)), r = 0 */
    expect(sheared(0.5, 0, 0, 0), 1, 1, "centre inside, r = 0");
    /* on the face y = 1 exactly, r = 0: s = (0, 1, 0) */
    expect(sheared(1, 1, 0, 0), 1, 1, "centre on a face, r = 0");
}

Test(sphere_obb_exact, touching_flat_boxes)
{
    ball_box b = sheared(0.5, 0.25, 2, 2);
    /* a zero half extent: the parallelogram of the sheared box at z = 0;
     * p = (1/2, 1/4, 2) is above its interior point (1/2, 1/4, 0) */
    b.h[2] = 0;
    expect(b, 1, 0, "zero half extent, above the interior");
    /* a zero axis instead: the same parallelogram */
    b.h[2] = 1;
    b.a[2][2] = 0;
    expect(b, 1, 0, "zero axis, above the interior");
    /* parallel axes: (1,0,0) twice and (0,1,0): the rectangle |x| <= 2,
     * |y| <= 1 in z = 0; p = (5,0,0) is 3 from its side x = 2 */
    ball_box p = {{5, 0, 0}, 3, {0, 0, 0}, {{1, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {1, 1, 1}};
    expect(p, 1, 0, "parallel axes, a side");
    /* the same rectangle, p = (2,1,0) + (0,0,3) above its corner */
    p.p[0] = 2;
    p.p[1] = 1;
    p.p[2] = 3;
    expect(p, 1, 0, "parallel axes, above a corner");
    /* a segment: axis (1,2,2), halves (1,0,0); p = (2,1,-2) is orthogonal
     * to it ((1,2,2).(2,1,-2) = 0) and 3 from its centre */
    ball_box s = {{2, 1, -2}, 3, {0, 0, 0}, {{1, 2, 2}, {0, 1, 0}, {0, 0, 1}}, {1, 0, 0}};
    expect(s, 1, 0, "segment, beside its middle");
    /* beyond its end (1,2,2), along (1,2,2): p = (2,4,4), 3 from the end */
    s.p[0] = 2;
    s.p[1] = 4;
    s.p[2] = 4;
    expect(s, 1, 0, "segment, beyond its end");
    /* three collinear axes (1,2,2), (-2,-4,-4), (1/2,1,1), halves 1: the
     * segment of half-length 3.5 (1,2,2); p = 3.5 (1,2,2) + (2,1,-2) */
    ball_box c = {{5.5, 8, 5}, 3, {0, 0, 0}, {{1, 2, 2}, {-2, -4, -4}, {0.5, 1, 1}}, {1, 1, 1}};
    expect(c, 1, 0, "collinear axes, beside an end");
    /* a point box (halves 0) at (1,2,2), p = 0: distance 3 */
    ball_box o = {{0, 0, 0}, 3, {1, 2, 2}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {0, 0, 0}};
    expect(o, 1, 0, "point box");
    /* coplanar axes with positive halves: (1,0,0), (0,1,0), (1,1,0): the
     * hexagon |x| <= 2, |y| <= 2, |x - y| <= 2 in z = 0, with the corner
     * (2,2,0); p = (2,2,3) is 3 above it */
    ball_box h = {{2, 2, 3}, 3, {0, 0, 0}, {{1, 0, 0}, {0, 1, 0}, {1, 1, 0}}, {1, 1, 1}};
    expect(h, 1, 0, "coplanar axes, above a corner");
}

/* ---- the exact predicates, forced ---------------------------------------- */

Test(sphere_obb_exact, predicates_forced)
{
    int vx[3] = {1, 1, 1}, ed[3] = {1, 1, 0};
    ball_box f = sheared(0.5, 0.5, 3, 2), e = sheared(5, 1, 0, 3), v = sheared(4, 2, 3, 3);
    for (int below = 0; below < 2; below++) {
        if (below) {
            f.r = nextafterf((float)f.r, 0);
            e.r = nextafterf((float)e.r, 0);
            v.r = nextafterf((float)v.r, 0);
        }
        /* face i = 2, sg = +1 (z = 1); edge k = 2 at +u0 + u1; vertex (+,+,+) */
        cr_assert_eq(sobb_face_exact(sph(&f), obb(&f), 2, 1, 7), !below);
        cr_assert_eq(sobb_edge_exact(sph(&e), obb(&e), ed, 2, 3), !below);
        cr_assert_eq(sobb_vertex_exact(sph(&v), obb(&v), vx), !below);
    }
    /* the face's projection: the point (1/2, 1/2, 3) projects inside z = 1,
     * (5/2, 1/2, 3) outside (beyond x - y = 1): no plane answer there, at
     * any radius */
    ball_box g = sheared(2.5, 0.5, 3, 100);
    cr_assert(!sobb_face_exact(sph(&g), obb(&g), 2, 1, 7));
    /* the edge's foot outside: (5,1,5) has its foot at z = 5 > 1 */
    ball_box h = sheared(5, 1, 5, 100);
    cr_assert(!sobb_edge_exact(sph(&h), obb(&h), ed, 2, 3));
    /* inside: s = (1, 0, 0) exactly on a slab's boundary; one ulp beyond */
    ball_box in = sheared(1, 0, 0, 0);
    cr_assert(sobb_inside_exact(sph(&in), obb(&in)));
    in.p[0] = nextafterf(1, 2);
    cr_assert(!sobb_inside_exact(sph(&in), obb(&in)));
    /* a zero half extent (det(axes) != 0): the test says "in the flat box":
     * (1/2, 0, 0) is, (1/2, 0, 2^-100) is not; coplanar axes: never */
    in.p[0] = 0.5;
    in.h[2] = 0;
    cr_assert(sobb_inside_exact(sph(&in), obb(&in)));
    in.p[2] = 0x1p-100;
    cr_assert(!sobb_inside_exact(sph(&in), obb(&in)));
    in.p[2] = 0;
    in.h[2] = 1;
    in.a[2][0] = 1;
    in.a[2][2] = 0; /* a2 = (1,0,0) = a0: det = 0 */
    cr_assert(!sobb_inside_exact(sph(&in), obb(&in)));
}

/* ---- x^2 - y over the whole range, against GMP ----------------------------- */

/* A random expansion of multiples of 2^-quantum below 2^top: fx_grow of
 * components with random exponents in that range. */
static void random_fe(fe *x, int quantum, int top, int n)
{
    x->n = 0;
    for (int i = 0; i < n; i++) {
        int e = tl_int(-quantum + 53, top - 1);
        double m = (double)(tl_rnd() >> 11) * 0x1p-53 + 0.5; /* [1/2, 1), 53 bits */
        double c = ldexp(m, e);
        x->n = fx_grow(x->e, x->n, tl_rnd() & 1 ? c : -c);
    }
}

Test(sphere_obb_exact, sq_minus_sign_equals_gmp)
{
    mpq_t X, Y;
    mpq_inits(X, Y, NULL);
    int signs[3] = {0, 0, 0};
    for (int it = 0; it < 20000; it++) {
        fe x, y;
        /* x: multiples of 2^-596 below 2^515 (the plane's m.d); y: the
         * square of a random part of x plus a small change, so that the
         * sign is close (or zero) */
        random_fe(&x, 596, tl_int(-400, 514), tl_int(1, 12));
        if (tl_int(0, 3) == 0) {
            random_fe(&y, 894, 768, tl_int(0, 10)); /* below 10 2^767 < 2^771 */
            if (fe_sign(&y) < 0)
                fe_add_to(&y, &(fe){0}, &y, -1);
        } else {
            fe z, d;
            random_fe(&z, 298, tl_int(-200, 380), tl_int(1, 4));
            if (tl_int(0, 1))
                memcpy(&x, &z, sizeof x); /* x representable so that x^2 is a multiple of 2^-596 */
            fe_mul_to(&y, &z, &z);
            random_fe(&d, 894, tl_int(-800, 100), tl_int(0, 2));
            fe_add_to(&y, &y, &d, 1);
            if (fe_sign(&y) < 0)
                fe_add_to(&y, &(fe){0}, &y, -1);
        }
        tl_fe_value(X, &x);
        tl_fe_value(Y, &y);
        mpq_mul(X, X, X);
        int want = mpq_cmp(X, Y);
        want = want > 0 ? 1 : want < 0 ? -1 : 0;
        int got = sobb_sq_minus_sign(&x, &y);
        cr_assert_eq(got, want, "iteration %d: sign %d, GMP %d (ISECT_SEED=%llu)", it, got, want,
                     (unsigned long long)tl_seed);
        signs[want + 1]++;
    }
    cr_assert(signs[0] > 1000 && signs[1] > 100 && signs[2] > 1000, "%d %d %d", signs[0], signs[1], signs[2]);
    mpq_clears(X, Y, NULL);
}

/* ---- random touching placements at extreme scales, against ref ------------- */

static void gen(double *in)
{
    /* a box of small integer axes and halves, the centre placed on a
     * feature and pushed out along an integer direction, the radius its
     * length when that is an integer; then every unit class scaled */
    for (int k = 0; k < 19; k++)
        in[k] = tl_int(-3, 3);
    for (int i = 0; i < 3; i++)
        in[16 + i] = tl_int(0, 2);
    static const int pyth[][4] = {{1, 2, 2, 3}, {2, 3, 6, 7}, {0, 3, 4, 5}, {1, 4, 8, 9}, {0, 0, 1, 1}};
    const int *d = pyth[tl_int(0, 4)];
    for (int k = 0; k < 3; k++) {
        double v = in[4 + k];
        for (int i = 0; i < 3; i++)
            v += tl_int(-1, 1) * in[16 + i] * in[7 + 3 * i + k];
        in[k] = v + (tl_rnd() & 1 ? d[k] : -d[k]);
    }
    in[3] = d[3];
    if (tl_int(0, 2) == 0)
        in[3] = nextafterf((float)in[3], tl_int(0, 1) ? 0 : 100);
    int ep = tl_int(-100, 100), ea = tl_int(-60, 60);
    for (int k = 0; k < 7; k++)
        in[k] = ldexp(in[k], ep);
    for (int k = 7; k < 16; k++)
        in[k] = ldexp(in[k], ea + (tl_int(0, 4) == 0 ? tl_int(-30, 30) : 0));
    for (int k = 16; k < 19; k++)
        in[k] = ldexp(in[k], ep - ea);
    if (tl_int(0, 4) == 0)
        q->mutate(in, tl_rnd());
    for (int k = 0; k < 19; k++)
        in[k] = (float)in[k];
}

Test(sphere_obb_exact, random_equals_ref)
{
    int valid, hits;
    tl_fast_hit_equals_ref(q, gen, 20000, &valid, &hits);
    cr_assert(valid > 15000 && hits > 3000 && hits < valid - 3000, "%d valid cases, %d hits", valid, hits);
}
