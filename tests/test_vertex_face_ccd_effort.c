/* tests/test_vertex_face_ccd_effort.c: the search effort of fast's CCD
 * queries (vertex_face_ccd and edge_edge_ccd share the search of
 * fast/ccd_common.c) as a tested property: docs/queries/vertex_face_ccd.md,
 * "fast", "The search effort" (E1-E8).  The one-sided contract cannot see a pruning
 * test made weaker or an enclosure made wider; the effort can.
 *
 * Families of hand-derived inputs, each at scales 2^-200 .. 2^200 (both ways
 * of computing the polynomials: binary64 with its a-priori bound within
 * 2^+-100, intervals beyond) and with or without a common translation (which
 * leaves every polynomial unchanged: they are built from the vertices
 * relative to one of them):
 * - transversal hits at t = i/7: the coplanarity polynomial f is affine with
 *   one simple root, so its Bernstein coefficients on [0, 1] (f at 0, 1/3,
 *   2/3, 1) isolate it at once (L = 0 levels): K = 2^(L+1) - 1 = 1 piece,
 *   asserted with a margin of 2 (<= 2 pieces); the side functions are
 *   certainly positive at the root with a margin the bisection reaches by
 *   step 4 (derived per family below), so the root is certified and no
 *   distance test runs; the reported t is within 2^-30 below i/7;
 * - two crossings of the plane (f quadratic): isolated after L = 1 and 2
 *   levels, K = 3 and 7 (<= 6 and 14 asserted);
 * - contacts at t = 0: the leaf [0, 2^-36] is searched first and holds the
 *   contact: 1 piece (<= 2 asserted), t = 0, decided by the touch rule
 *   (no distance test); the point in the plane but
 *   outside at t = 0, then a transversal hit: the leaf dropped, then 1
 *   piece, K = 2 (<= 4);
 * - certain misses (f of one sign on [0, 1], or a side function negative
 *   for all t): dropped by the Bernstein test at the top, 1 piece (<= 2),
 *   no distance test;
 * - grazing for all t (a degenerate shape within 2^-20 S < near of the
 *   other, never touching): once the budget is spent the first surviving
 *   piece is reported, K = FCCD_BUDGET + 32 (<= 2K).
 * - a tangential touch (E6: f = (t - r)^2, r the middle of a level-18
 *   piece, where split tries its three-way cut): K = 46, t within 2^-20
 *   below r (the window where f is within its error of 0);
 * - a contact at t = 0 with two more roots within 2^-31 (E7: the end
 *   bracket's rest has an uncertain second coefficient): h0 = 2^-36 all
 *   the same, 1 piece (<= 2), t = 0;
 * - two entries of a motion coplanar for all t (f uncertain everywhere):
 *   the first entry's leaf dropped, the rest after it searched with
 *   isolation, a second entry: K = 3 (<= 6);
 * - transversal hits on an edge (a side 0 for all t: never certified):
 *   narrow's bracket decided by the touch rule at Newton's estimate of the
 *   root, 1 piece (<= 2), no distance test;
 * - near misses 2^-51 s above an edge, which only the touch rule's box test
 *   drops: a miss, 1 piece (<= 2), no distance test;
 * - a coplanar point entering across an edge (E8: f = 0 for all t, one side
 *   function affine with its root r near a middle of entry's bisection):
 *   K = 4 D + 1, D = 30 - J the depth of the rest after the bisection's
 *   stop (J = 25 .. 28), t within 2^-29 below r.
 * Expected values by hand; fast is only asked for its answer and effort,
 * and its answer must equal the public entry's bit for bit. */
#include <criterion/criterion.h>

#include "fast_ccd.h"
#include "isect.h"

#include <math.h>
#include <string.h>

enum { SLACK = 2 }; /* the margin: the derived piece count times 2 */

typedef struct {
    int hit, i;     /* expected: hit at t = i / den (i = 0: at t = 0); miss; -1: either */
    bool distance;  /* may a distance test run */
    const char *what;
    int den;        /* 0: 7 */
    int K;          /* the derived pieces (0: 1) */
    int tol;        /* t within 2^-tol below i / den (0: 30) */
    bool f_alone;   /* a miss that f's Bernstein coefficients on [0, 1] decide */
    double r;       /* > 0: a hit at t within 2^-tol below this double (E8) */
} expect_t;

static isect_dvec3 V(double x, double y, double z, double s) { return (isect_dvec3){x * s, y * s, z * s}; }

/* the t = 1 frame moved by the common translation (3, -5, 2) s */
static void shift(isect_ccd_frame *f, double s)
{
    for (int k = 0; k < 4; k++)
        f->v[k] = (isect_dvec3){f->v[k].x + 3 * s, f->v[k].y - 5 * s, f->v[k].z + 2 * s};
}

static void check(fccd_kind kind, isect_ccd_frame t0, isect_ccd_frame t1, int k, const expect_t *e)
{
    fccd_effort eff = {-1, true};
    isect_ccd_result r, pub;
    bool hit = fccd_query_effort(kind, &t0, &t1, &r, &eff);
    bool phit = kind == FCCD_VERTEX_FACE ? isect_vertex_face_ccd(t0, t1, &pub) : isect_edge_edge_ccd(t0, t1, &pub);
    cr_assert(hit == r.hit && phit == pub.hit && hit == pub.hit && memcmp(&r.t, &pub.t, sizeof r.t) == 0,
              "%s, scale 2^%d: fccd_query_effort's answer (%d, %a) is not the public one (%d, %a)", e->what, k, hit,
              r.t, phit, pub.t);
    int K = e->K ? e->K : 1, den = e->den ? e->den : 7, tol = e->tol ? e->tol : 30;
    /* a miss that f alone decides takes no piece on the binary64 path
     * (2^-100 <= S <= 2^100): fccd_bern_init ends the query there
     * (f_excludes, fast/ccd_bern.c), before the search; elsewhere the
     * search's first piece drops it */
    double S = 0;
    for (int v = 0; v < 4; v++) {
        const isect_dvec3 *a = &t0.v[v], *b = &t1.v[v];
        double m[6] = {a->x, a->y, a->z, b->x, b->y, b->z};
        for (int i = 0; i < 6; i++)
            S = fabs(m[i]) > S ? fabs(m[i]) : S;
    }
    if (e->f_alone && S >= 0x1p-100 && S <= 0x1p100)
        cr_assert_eq(eff.pieces, 0, "%s, scale 2^%d: %d pieces (derived: 0, f alone)", e->what, k, eff.pieces);
    else
        cr_assert(eff.pieces >= 1 && eff.pieces <= SLACK * K, "%s, scale 2^%d: %d pieces (derived: %d, bound %d)",
                  e->what, k, eff.pieces, K, SLACK * K);
    cr_assert(e->distance || !eff.distance, "%s, scale 2^%d: a distance test ran (derived: none)", e->what, k);
    if (e->hit < 0)
        return;
    cr_assert_eq(hit, e->hit, "%s, scale 2^%d: hit %d", e->what, k, hit);
    if (!hit)
        return;
    if (e->r > 0) {
        /* both in [1/2, 1] when t is near r: r - t exact (Sterbenz); else
         * rounded, keeping its order with the double 2^-tol */
        cr_assert(r.t <= e->r && e->r - r.t < ldexp(1, -tol), "%s, scale 2^%d: t = %a not within 2^-%d below %a",
                  e->what, k, r.t, tol, e->r);
        return;
    }
    if (e->i == 0) {
        cr_assert(r.t == 0, "%s, scale 2^%d: t = %a, not 0", e->what, k, r.t);
        return;
    }
    /* 0 <= i/den - t < 2^-tol: fma rounds den t - i once, keeping its sign,
     * and den 2^-tol is a double, so fl(x) < den 2^-tol implies x < den 2^-tol */
    cr_assert(fma(den, r.t, -e->i) <= 0 && fma(-den, r.t, e->i) < ldexp(den, -tol),
              "%s, scale 2^%d: t = %a not within 2^-%d below %d/%d", e->what, k, r.t, tol, e->i, den);
}

static const int scales[] = {-200, -150, -110, -101, -100, -60, -20, 0, 20, 60, 100, 101, 110, 150, 200};
#define NSCALES (int)(sizeof scales / sizeof scales[0])

/* The triangle a = 0, b = (1, 0, 0), c = (0, 1, 0) (times s), still; the
 * point p = (x(t), y, z(t)).  n = (b - a) x (c - a) = (0, 0, s^2), so
 * f = n.(p - a) = s^3 z(t), and the side functions are s^4 times
 * y, 1 - x - y, x (the barycentrics of c, a, b).  z from z0 to z1: a root at
 * z0 / (z0 - z1). */
static void vf(double x0, double x1, double y, double z0, double z1, double s, bool move, isect_ccd_frame *t0,
               isect_ccd_frame *t1)
{
    *t0 = (isect_ccd_frame){{V(x0, y, z0, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 1, 0, s)}};
    *t1 = (isect_ccd_frame){{V(x1, y, z1, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 1, 0, s)}};
    if (move)
        shift(t1, s);
}

/* The segment ab from (-1, 0, z) to (1, 0, z), z from z0 to z1, and cd from
 * (u, -1, 0) to (u, 1, 0), u from u0 to u1.  e1 = (2, 0, 0), e2 = (0, 2, 0),
 * m = e1 x e2 = (0, 0, 4), w = c - a = (u + 1, -1, -z), d - a = (u + 1, 1, -z):
 * f = m.(d - a) = -4 z, su = (w x e2).m = 8 (u + 1), sv = (w x e1).m = 8,
 * m.m = 16 (times s^3, s^4): the lines meet at the parameters (u + 1) / 2 on
 * ab and 1/2 on cd when z = 0. */
static void ee(double z0, double z1, double u0, double u1, double s, bool move, isect_ccd_frame *t0,
               isect_ccd_frame *t1)
{
    *t0 = (isect_ccd_frame){{V(-1, 0, z0, s), V(1, 0, z0, s), V(u0, -1, 0, s), V(u0, 1, 0, s)}};
    *t1 = (isect_ccd_frame){{V(-1, 0, z1, s), V(1, 0, z1, s), V(u1, -1, 0, s), V(u1, 1, 0, s)}};
    if (move)
        shift(t1, s);
}

/* p = (1/4, 1/4, z) falls from z = i to i - 7: f = s^3 (i - 7t), one simple
 * root r = i/7; the sides are s^4 (1/4, 1/2, 1/4), constant: certainly
 * positive already in [0, 1]'s Bernstein coefficients, so narrow starts
 * certified and reports its last bracket (width 2^-30, holding r). */
Test(ccd_effort, vertex_face_transversal_certified)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++)
            for (int i = 1; i <= 6; i++) {
                isect_ccd_frame t0, t1;
                vf(0.25, 0.25, 0.25, i, i - 7, ldexp(1, scales[j]), m, &t0, &t1);
                check(FCCD_VERTEX_FACE, t0, t1, scales[j], &(expect_t){1, i, false, "vf certified hit"});
            }
}

/* p = (x, 1/8, z), x from -1/4 to 3/4 (outside the edge ca at t = 0: side x
 * is negative there, so [0, 1]'s coefficients do not certify) and z from i
 * to i - 7, i = 3, 4, 5: at r = i/7, x = r - 1/4 >= 5/28, y = 1/8,
 * 1 - x - y = 7/8 - x >= 11/28.  Each side is affine in t with slope at most
 * 1 (times s^4), so on a bracket of width w holding r, Horner's interval
 * (exact for an affine polynomial, up to rounding) stays above 5/28 - w > 0
 * for w <= 2^-3: narrow's side check at step 4 (w = 2^-4) certifies. */
Test(ccd_effort, vertex_face_transversal_entering)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++)
            for (int i = 3; i <= 5; i++) {
                isect_ccd_frame t0, t1;
                vf(-0.25, 0.75, 0.125, i, i - 7, ldexp(1, scales[j]), m, &t0, &t1);
                check(FCCD_VERTEX_FACE, t0, t1, scales[j], &(expect_t){1, i, false, "vf entering hit"});
            }
}

/* On the triangle at t = 0 (z from 0 to -1): f(0) = 0, its sign uncertain,
 * f(2^-36) = -2^-36 s^3 certain (the a-priori bound is about 2^-48 s^3), so
 * search_top searches the leaf [0, 2^-36] first; it holds the contact, no
 * test drops it: a hit at t = 0 in 1 piece.  The leaf is decided by the
 * touch rule at r = 0 (f(0) uncertain): the sides at 0 are s^4 times 1/4,
 * 1/2, 1/4 (none negative), the boxes meet, and p lies on the triangle
 * (weights 1/2, 1/4, 1/4, exact): fccd_close_hi's pair, p and the point of
 * the triangle it estimates in binary64, is within rounding, far below
 * 2^-40 S.  So no distance test runs (cm9 in
 * docs/mutants.md: the rule restricted to a certain f(0) made it run). */
Test(ccd_effort, vertex_face_contact_at_start)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++) {
            isect_ccd_frame t0, t1;
            vf(0.25, 0.25, 0.25, 0, -1, ldexp(1, scales[j]), m, &t0, &t1);
            check(FCCD_VERTEX_FACE, t0, t1, scales[j], &(expect_t){1, 0, false, "vf contact at t = 0"});
        }
}

/* The point in the plane at t = 0 but outside the triangle, then a
 * transversal hit.  c moves from (0, 1, 0) to (0, 1, g): n = (0, -g t, 1);
 * p from (1/4, -1/4, 0) to (1/4, 3/4, vz): f = vz t - g t (t - 1/4) =
 * (vz + g/4) t - g t^2, roots 0 and r = vz/g + 1/4 (5/12, 7/12, 9/20, 13/20
 * for (g, vz) = (3, 1/2), (3, 1), (5, 1), (5, 2)); f(1) = vz - 3g/4 < 0.
 * f(0) = 0 is uncertain and f(2^-36) = (vz + g/4) 2^-36 certain, so
 * search_top takes the end bracket h0 = 2^-36: the leaf [0, 2^-36], where
 * the side ((b - a) x (p - a)).n = y + g t z = -1/4 + t + g vz t^2 is about
 * -1/4, is dropped by its Bernstein coefficients (1 piece, no distance
 * test); on [2^-36, 1] f's degree-3 Bernstein coefficients are about
 * 0+, (vz + g/4)/3, 2(vz + g/4)/3 - g/3, f(1) (for (3, 1/2): 0+, 5/12,
 * -1/6, -7/4): one sign change (E1, L = 0), narrow: 1 piece.  K = 2.  Each
 * side at r over the sum of i |c_i| of its power coefficients (exact
 * rationals, by hand) is at least 0.107, 0.193, 0.110, 0.218 for the four
 * motions: a bracket of width 2^-4 certifies (narrow's step 4). */
Test(ccd_effort, vertex_face_start_on_plane)
{
    static const double gv[4][2] = {{3, 0.5}, {3, 1}, {5, 1}, {5, 2}};
    static const int num[4] = {5, 7, 9, 13}, den[4] = {12, 12, 20, 20};
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++)
            for (int q = 0; q < 4; q++) {
                double s = ldexp(1, scales[j]);
                isect_ccd_frame t0 = {{V(0.25, -0.25, 0, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 1, 0, s)}};
                isect_ccd_frame t1 = {
                    {V(0.25, 0.75, gv[q][1], s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 1, gv[q][0], s)}};
                if (m)
                    shift(&t1, s);
                check(FCCD_VERTEX_FACE, t0, t1, scales[j],
                      &(expect_t){1, num[q], false, "vf start on the plane, then a hit", den[q], 2});
            }
}

/* Two crossings of the plane, the first inside the triangle: c from
 * (0, 1, 0) to (0, 1, g), p from (1/4, -1/4, z0) to (1/4, 3/4, z0 + vz), so
 * f = z0 + (vz + g/4) t - g t^2 (n = (0, -g t, 1), as above).
 * - g = 12, z0 = -3, vz = 10: f = -12 (t - 1/3)(t - 3/4).  Bernstein
 *   coefficients (degree 3, by hand) on [0, 1]: -3, 4/3, 5/3, -2 (V = 2,
 *   split on the Bernstein tests: level 0 < FCCD_ISOLATE); on [0, 1/2]:
 *   -3, -5/6, 1/3, 1/2 (V = 1: narrow).  L = 1, K = 2^2 - 1 = 3 (visited: 2).
 *   At r = 1/3, p = (1/4, 1/12, 1/3), c = (0, 1, 4): barycentrics 2/3, 1/4,
 *   1/12.  The sides -1/4 - 35 t + 120 t^2, 1 + 35 t - 12 t^2, 1/4 + 36 t^2
 *   are 17/12, 34/3, 17/4 at r, over sum i |c_i| = 275, 59, 72: at least
 *   0.005, so a bracket of width 2^-8 certifies (narrow's step 8 from
 *   [0, 1/2]).
 * - g = 40, z0 = -21, vz = 49: f = -40 (t - 3/5)(t - 7/8).  On [0, 1]:
 *   -21, -4/3, 5, -2 (V = 2); [0, 1/2]: -21, -67/6, -14/3, -3/2 (V = 0,
 *   dropped); [1/2, 1]: -3/2, 5/3, 3/2, -2 (V = 2); [1/2, 3/4]: -3/2, 1/12,
 *   5/6, 3/4 (V = 1).  L = 2, K = 7 (visited: 4).  At r = 3/5: barycentrics
 *   2/5, 1/4, 7/20; side over sum i |c_i| at least 0.042: width 2^-5
 *   certifies (step 4 from [1/2, 3/4]). */
Test(ccd_effort, vertex_face_two_crossings)
{
    static const double gzv[2][3] = {{12, -3, 10}, {40, -21, 49}};
    static const int num[2] = {1, 3}, den[2] = {3, 5}, K[2] = {3, 7};
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++)
            for (int q = 0; q < 2; q++) {
                double s = ldexp(1, scales[j]), g = gzv[q][0], z0 = gzv[q][1], vz = gzv[q][2];
                isect_ccd_frame t0 = {{V(0.25, -0.25, z0, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 1, 0, s)}};
                isect_ccd_frame t1 = {{V(0.25, 0.75, z0 + vz, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 1, g, s)}};
                if (m)
                    shift(&t1, s);
                check(FCCD_VERTEX_FACE, t0, t1, scales[j],
                      &(expect_t){1, num[q], false, "vf two crossings", den[q], K[q]});
            }
}

/* Misses: z from 2 to 1 (f = s^3 (2 - t) > 0: every Bernstein coefficient
 * positive), and p = (-1/4, 1/4, z) crossing the plane at t = 1/2 beside
 * the triangle (the side x = -1/4 s^4 for all t: all its coefficients
 * negative).  fccd_bern_excluded drops [0, 1]: 1 piece; on the binary64
 * path the first is decided by f alone before the search (0 pieces). */
Test(ccd_effort, vertex_face_certain_miss)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++) {
            isect_ccd_frame t0, t1;
            double s = ldexp(1, scales[j]);
            vf(0.25, 0.25, 0.25, 2, 1, s, m, &t0, &t1);
            check(FCCD_VERTEX_FACE, t0, t1, scales[j], &(expect_t){0, 0, false, "vf above", .f_alone = true});
            vf(-0.25, -0.25, 0.25, 1, -1, s, m, &t0, &t1);
            check(FCCD_VERTEX_FACE, t0, t1, scales[j], &(expect_t){0, 0, false, "vf beside"});
        }
}

/* ab falls from z = i to i - 7, cd at u = -1/2: f = -4 s^3 (i - 7t), root
 * r = i/7; su = 4, sv = 8, m.m - su = 12, m.m - sv = 8 (times s^4), constant:
 * certified from the start. */
Test(ccd_effort, edge_edge_transversal_certified)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++)
            for (int i = 1; i <= 6; i++) {
                isect_ccd_frame t0, t1;
                ee(i, i - 7, -0.5, -0.5, ldexp(1, scales[j]), m, &t0, &t1);
                check(FCCD_EDGE_EDGE, t0, t1, scales[j], &(expect_t){1, i, false, "ee certified hit"});
            }
}

/* cd's u from -5/4 to 3/4 (u = -5/4 + 2t: su = 8 (u + 1) = -2 s^4 at t = 0,
 * not certified), i = 3, 4, 5: at r = i/7, u = -5/4 + 2i/7 in
 * [-11/28, 5/28], so su >= 34/7 and m.m - su >= 46/7 (times s^4), each of
 * slope 16: positive on a bracket of width w <= 2^-2 around r (34/7 - 4 >
 * 0); step 4 (w = 2^-4) certifies. */
Test(ccd_effort, edge_edge_transversal_entering)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++)
            for (int i = 3; i <= 5; i++) {
                isect_ccd_frame t0, t1;
                ee(i, i - 7, -1.25, 0.75, ldexp(1, scales[j]), m, &t0, &t1);
                check(FCCD_EDGE_EDGE, t0, t1, scales[j], &(expect_t){1, i, false, "ee entering hit"});
            }
}

/* ab on cd at t = 0 (z from 0 to -1, u = -1/2): the leaf [0, 2^-36] first,
 * a hit at t = 0 in 1 piece, decided by the touch rule as the vertex-face
 * one (su, sv, du, dv at 0: 4, 8, 12, 8 times s^4; the segments cross at
 * (-1/2, 0, 0), the parameters 1/4 and 1/2 exact): no distance test. */
Test(ccd_effort, edge_edge_contact_at_start)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++) {
            isect_ccd_frame t0, t1;
            ee(0, -1, -0.5, -0.5, ldexp(1, scales[j]), m, &t0, &t1);
            check(FCCD_EDGE_EDGE, t0, t1, scales[j], &(expect_t){1, 0, false, "ee contact at t = 0"});
        }
}

/* Misses: ab from z = 2 to 1 (f = -4 s^3 (2 - t) < 0; f alone, 0 pieces on
 * the binary64 path), and cd at u = -3/2 (the lines meet at the parameter
 * -1/4 of ab: su = -4 s^4 for all t; 1 piece). */
Test(ccd_effort, edge_edge_certain_miss)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++) {
            isect_ccd_frame t0, t1;
            double s = ldexp(1, scales[j]);
            ee(2, 1, -0.5, -0.5, s, m, &t0, &t1);
            check(FCCD_EDGE_EDGE, t0, t1, scales[j], &(expect_t){0, 0, false, "ee above", .f_alone = true});
            ee(1, -1, -1.5, -1.5, s, m, &t0, &t1);
            check(FCCD_EDGE_EDGE, t0, t1, scales[j], &(expect_t){0, 0, false, "ee beside"});
        }
}

/* Grazing for all t, the budget phase (E5): a segment-like triangle (a, b
 * and c = 0 collinear for all t: n = 0, so f and the sides vanish and no
 * Bernstein test, isolation or entry applies) turning about c, a from
 * (-1, 0, 0) to (-1, -1, 0) and b from (1, 0, 0) to (1, 1, 0), and the point
 * p = (0, D, 0), D = 2^-20, still: its distance to the line ab is
 * D / sqrt(1 + t^2), in [D / sqrt 2, D], and it projects inside ab, so the
 * shapes are within D < near = 2^-14 S (S = 1) at every t and never touch.
 * Edge-edge: the same ab and cd the point p (c = d: m = 0).  Whether or not
 * the search spends FCCD_BUDGET, once it is spent every piece that survives
 * is reported (its start within D of the other shape), so after the
 * budget's last piece only pending pieces of the recursion are visited, each
 * dropped, then the one reported: K = FCCD_BUDGET + 30 + 2.  A hit (within
 * near: tolerated) or a miss are both within the contract. */
Test(ccd_effort, grazing_budget_phase)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++)
            for (int q = 0; q < 2; q++) {
                double s = ldexp(1, scales[j]), D = 0x1p-20;
                isect_ccd_frame t0, t1;
                if (q == 0) {
                    t0 = (isect_ccd_frame){{V(0, D, 0, s), V(-1, 0, 0, s), V(1, 0, 0, s), V(0, 0, 0, s)}};
                    t1 = (isect_ccd_frame){{V(0, D, 0, s), V(-1, -1, 0, s), V(1, 1, 0, s), V(0, 0, 0, s)}};
                } else {
                    t0 = (isect_ccd_frame){{V(-1, 0, 0, s), V(1, 0, 0, s), V(0, D, 0, s), V(0, D, 0, s)}};
                    t1 = (isect_ccd_frame){{V(-1, -1, 0, s), V(1, 1, 0, s), V(0, D, 0, s), V(0, D, 0, s)}};
                }
                if (m)
                    shift(&t1, s);
                check(q ? FCCD_EDGE_EDGE : FCCD_VERTEX_FACE, t0, t1, scales[j],
                      &(expect_t){-1, 0, true, "grazing for all t", 0, FCCD_BUDGET + 32});
            }
}

/* E6, a tangential touch at a split middle.  c from (0, 1, 0) to (0, 1, 1)
 * (n = (0, -t, 1)), p from (1/4, 3/4, r^2) to (1/4, -1/4, r^2 - 2r + 3/4),
 * r = 1/2 + 2^-19: f = r^2 + (3/4 - 2r - 3/4) t + t^2 = (t - r)^2 (times
 * s^3), a double root at r, the middle of the level-18 piece
 * P = [1/2, 1/2 + 2^-18]; at r, p = (1/4, 1/4 - 2^-19, .) has barycentrics
 * about 1/2, 1/4, 1/4: a contact, the first (f > 0 before it).  Every
 * coefficient of f has a half-width below 2^-44 (FB_CCD_POLY times shadows
 * at most 9/4, or the interval path's roundings), and on a piece [a, b]
 * left of r its Bernstein coefficients are at least (r - b)^2 (those of
 * (t - r)^2: (r-a)^2, (r-a)(r-b), (r-b)^2, raised): pieces off the window
 * (r - 2^-21, r + 2^-21) are dropped by their Bernstein coefficients, and
 * inside it nothing else drops a piece (the distance, at most 2^-42, is far
 * below lip 2^-31; p's speed along the normal, about 1/4, moves it across
 * the axis plane within any piece; the boxes overlap).  So t > r - 2^-21 -
 * 2^-30 (asserted: within 2^-20 below r; a double root is only known to
 * about the square root of the coefficients' error), and the search visits:
 * the pieces holding r at levels 0 .. 18 (19) and the left sibling at
 * level 1 (r's bits below 1/2 are 0 down to 2^-19), 20 pieces up to P; at
 * P, f(r) is uncertain, so split tries the three-way cut (h^2 at m +- h,
 * uncertain at h = 2^-36 .. 2^-28, either way at 2^-24) or splits at r;
 * below P, the path to the reported leaf (12 levels) with at most one left
 * sibling each, dropped at once (no piece survives whose descendants are
 * all dropped: below level 18 the coefficients' widths are equal to within
 * 2^-17, and the last coefficient, (r - b)^2, the least, is inherited by
 * the right child), and the cut's outer piece: K = 20 + 24 + 2 = 46.  No
 * common translation: the a-priori bound's shadows are built from the
 * absolute coordinates, so a translation widens the coefficients and with
 * them the window (with (3, -5, 2) s, t comes 2^-19.9 before r: sound and
 * near, but outside this derivation's window). */
Test(ccd_effort, vertex_face_tangential_touch)
{
    double r = 0.5 + 0x1p-19, z1 = -0x1p-19 + 0x1p-38;
    for (int j = 0; j < NSCALES; j++) {
        double s = ldexp(1, scales[j]);
        isect_ccd_frame t0 = {{V(0.25, 0.75, r * r, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 1, 0, s)}};
        isect_ccd_frame t1 = {{V(0.25, -0.25, z1, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 1, 1, s)}};
        check(FCCD_VERTEX_FACE, t0, t1, scales[j],
              &(expect_t){1, (1 << 18) + 1, true, "vf tangential touch", 1 << 19, 46, 20});
    }
}

/* E7, a contact at t = 0 whose end bracket's rest has an uncertain second
 * coefficient.  a = 0, b from (1, 0, 0) to (1 + w, 0, 0), c from (0, 1, 0)
 * to (0, 1, 1), p from a to (0, py, pz): n = (0, -(1 + w t) t, 1 + w t),
 * f = t (1 + w t)(pz - py t) = alpha t + beta t^2 + gamma t^3 with
 * alpha = pz, beta = pz w - py, gamma = -w py; roots 0, pz/py ~ 2^-35 and
 * -1/w ~ 2^-31.4 (the triangle degenerates).  On [e, 1] the Bernstein
 * coefficients (degree 3) start with f(e) and b1(e) = (alpha (1 + 2e) +
 * beta e (2 + e) + 3 gamma e^2) / 3, i.e. 3 b1(e) = alpha + 2 (alpha +
 * beta) e + (beta + 3 gamma) e^2, which is k (e - 2^-36)(e - 2^-32) for
 * alpha = k 2^-68, alpha + beta = -k (2^-36 + 2^-32) / 2, beta + 3 gamma = k;
 * k = -3 gives pz = -3 2^-68, and w, py are the binary64 roundings of the
 * exact solution (w the root of alpha w^2 - beta w + gamma = 0 near
 * -2.93e9, py = pz w - beta).  In exact rationals from these doubles:
 * b1(2^-36) = -7.0e-39, b1(2^-32) = 2.0e-36, against half-widths of at
 * least |alpha| 2^-50 4/3 = 1.2e-35 (alpha's interval, weighted 1/3): both
 * uncertain; b1(2^-28) = -1.3e-17, certain.  f(2^-36) = -7.2e-32, its
 * half-width below 1e-43 (with the translation below): certain, and the
 * rest's first coefficient is f(2^-36) (the Taylor shift's q0 is Horner's
 * value).  end_bracket asks f's sign at 2^-36 and in the
 * rest's first coefficient: h0 = 2^-36, whatever b1 is; the leaf [0, 2^-36]
 * (leaf_depth 0) holds the contact (p = a at t = 0): 1 piece, t = 0.
 * (end_bracket's mutant that reads b1 goes on to h0 = 2^-28: the leaf
 * [0, 2^-28] is searched to depth 2, 3 pieces.)  w and py carry 53
 * significant bits, so only an x translation (3 s, exact) is applied. */
Test(ccd_effort, vertex_face_contact_at_start_close_roots)
{
    double w = -0x1.5d49df665d8f5p+31, py = -0x1.7741130e973a9p-32, pz = -3 * 0x1p-68;
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++) {
            double s = ldexp(1, scales[j]), x = m ? 3 * s : 0;
            isect_ccd_frame t0 = {{V(0, 0, 0, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 1, 0, s)}};
            isect_ccd_frame t1 = {{V(0, py, pz, s), V(0, 0, 0, s), V(1 + w, 0, 0, s), V(0, 1, 1, s)}};
            for (int k = 0; k < 4; k++)
                t1.v[k].x += x;
            check(FCCD_VERTEX_FACE, t0, t1, scales[j],
                  &(expect_t){1, 0, true, "vf contact at t = 0, two more roots by 2^-31"});
        }
}

/* Two entries of a motion coplanar for all t (entry's rest, cm9 in
 * docs/mutants.md): the triangle still, p from (-3/4, -1/4, 0) to
 * (1/4, 3/4, 0), so x = -3/4 + t, y = -1/4 + t, z = 0: f = 0 for all t
 * (its sign uncertain everywhere: no isolation, no end bracket), and the
 * sides are s^4 times y, 2 - 2t, x (the barycentrics of c, a, b).  The
 * point crosses the line of ab (y = 0) at t = 1/4, where x = -1/2 (outside),
 * and the line of ca (x = 0) at t = 3/4, where y = 1/2, 1 - x - y = 1/2: on
 * the edge ca, the contact (x < 0 before it).  search_top: f(0) uncertain,
 * the leaf [0, 2^-36] first, dropped by its Bernstein coefficients (y about
 * -1/4: piece 1); f(1) uncertain, the leaf [1 - 2^-36, 1] kept for last;
 * the rest [2^-36, 1 - 2^-36] (piece 2): f's coefficients uncertain, y's
 * first one certainly negative with one sign change (y is affine), so
 * entry on y (the first side): its root 1/4 narrowed to a leaf (narrowing
 * steps are not pieces) where x, about -1/2, is certainly negative: dropped,
 * and the rest after it searched with isolation (piece 3): y positive at its
 * start (about 2^-31 s^4, far above the bounds), 2 - 2t positive, x
 * certainly negative at its start with one change: entry on x, its root 3/4
 * narrowed to a leaf that holds the contact (no sound test drops it),
 * reported at its start.  K = 3, t within 2^-30 below 3/4 (the leaf's tests
 * include the distance test).  Searched without isolation, the last rest
 * bisects towards 3/4 on the general tests, two pieces a level. */
Test(ccd_effort, vertex_face_coplanar_two_entries)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++) {
            double s = ldexp(1, scales[j]);
            isect_ccd_frame t0 = {{V(-0.75, -0.25, 0, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 1, 0, s)}};
            isect_ccd_frame t1 = {{V(0.25, 0.75, 0, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 1, 0, s)}};
            if (m)
                shift(&t1, s);
            check(FCCD_VERTEX_FACE, t0, t1, scales[j],
                  &(expect_t){1, 3, true, "vf coplanar, two entries", 4, 3});
        }
}

/* Transversal hits on the edge ab: p = (1/4, 0, z), z from i to i - 7, so
 * f = s^3 (i - 7t) is affine (E1, K = 1) but the side y is 0 for all t:
 * never certified.  narrow's bracket around Newton's estimate (f's signs
 * certain at its ends, i/7 inside) goes to bracket_hit with the sides
 * uncertain there (y straddles 0, the others about 1/4 and 3/4), so the
 * touch rule decides at r', Newton's estimate of f's root (within rounding
 * of i/7): no side is certainly negative there, the boxes meet, and p is
 * within about 7 |r' - i/7| s of the edge, far below 2^-40 S: a hit at the
 * bracket's start, 1 piece, no distance test (cm9 in docs/mutants.md: touch
 * left to entry's brackets, or placed at the middle of the bracket, runs
 * one), t within 2^-30 below i/7. */
Test(ccd_effort, vertex_face_transversal_on_edge)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++)
            for (int i = 1; i <= 6; i++) {
                isect_ccd_frame t0, t1;
                vf(0.25, 0.25, 0, i, i - 7, ldexp(1, scales[j]), m, &t0, &t1);
                check(FCCD_VERTEX_FACE, t0, t1, scales[j], &(expect_t){1, i, false, "vf hit on an edge"});
            }
}

/* Near misses that only the touch rule's box test drops: the triangle
 * a = 0, b = (1, 0, 0), c = (0, 0, -1) (in the plane y = 0, below z = 0),
 * the point p = (1/4, y, g s), y from i to i - 7, g = 2^-51 (exact also
 * after the translation: 2 + 2^-51 is a double).  n = (0, s^2, 0), f =
 * s^3 y(t) affine (E1, K = 1); the point crosses the plane at i/7 a gap g s
 * above the edge ab, outside: the side of ab is -g s^4, below the
 * coefficients' bound on the binary64 path (about 2^-48 s^4: uncertain; the
 * interval path may find it certainly negative and drop [0, 1] at once, the
 * same count).  So narrow's bracket reaches bracket_hit with the sides
 * uncertain, and the touch rule: no side certainly negative at r', but the
 * boxes over the bracket are apart in z, P above Q (absolutely, and
 * relative to a, which the translated copies need: their absolute boxes
 * move 2 s 2^-30 over the bracket), so the bracket is dropped: a miss, 1
 * piece, no distance test (cm9 in docs/mutants.md: the box test without
 * the relative boxes, without z, or seeing only P below Q reports these
 * shapes, 2^-51 s apart, as a hit). */
Test(ccd_effort, vertex_face_touch_boxes_apart)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++)
            for (int i = 1; i <= 6; i++) {
                double s = ldexp(1, scales[j]), g = 0x1p-51;
                isect_ccd_frame t0 = {{V(0.25, i, g, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 0, -1, s)}};
                isect_ccd_frame t1 = {{V(0.25, i - 7, g, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 0, -1, s)}};
                if (m)
                    shift(&t1, s);
                check(FCCD_VERTEX_FACE, t0, t1, scales[j], &(expect_t){0, 0, false, "vf near miss, boxes apart"});
            }
}

/* E8, a coplanar point entering across an edge (entry, fast/ccd_common.c).
 * The triangle a = 0, b = (2, 2, 0), c = (-2, 2, 0) (times s), still:
 * n = (0, 0, 8 s^2); the point in its plane for all t, so f = 0 for all t
 * (every coefficient of f holds 0: its sign is uncertain at every time and
 * on every piece, so no end bracket and no isolation), entering across edge
 * E at its middle M along the inward normal u: p(t) = M + v (t - r) u, so
 * the side function of E is affine, s_E = sigma (t - r), sigma = |E| |n|
 * |u| v = 32 v s^4, and p(r) = M, inside E: the contact, the first (s_E < 0
 * before it; the other two sides are positive on [0, 1]).
 *   E   M            u            v         sigma / s^4   shadow
 *   ab  (1, 1, 0)    (-1, 1, 0)   2^-10     2^-5          36 * 72 = 2592
 *   bc  (0, 2, 0)    (0, -1, 0)   3 2^-9    3 2^-4        216 * 72 = 15552
 *   ca  (-1, 1, 0)   (1, 1, 0)    3 2^-10   3 2^-5        108 * 72 = 7776
 * The shadow (fast/ccd_bern.c, its coefficients' sum) is s_E's expression
 * with each coordinate of a vertex minus a replaced by 2 (|v0| + |a0|) +
 * |v1| + |a1| (the two coordinates at t = 0 and 1: 6 for b and c, about 3
 * for p, 12 and 9 for p - b and p - c), times s^4, below these figures
 * times 1.01 (p's motion).  So W, the sum of the half-widths of s_E's power
 * coefficients (2^-48 times the shadow, plus 2^-50 of each and 2^-700),
 * is below 2^-31.64 sigma for all three (v chosen so), and
 * delta = 2 W (1 + 2^-10) / sigma < 2^-30.6: s_E's sign is certain at a
 * point farther than delta from r (Horner's interval holds s_E and is at
 * most 2 W wide), and its Bernstein coefficients on a piece ending before
 * r - delta are certainly negative (they are s_E at points of the piece,
 * and their intervals, from the Taylor shift and de Casteljau's averages,
 * are at most 2 W (1 + 2^-10) wide).  Only on the binary64 path
 * (2^-100 <= S <= 2^100, here S is about 2 s): beyond it the interval
 * path's roundings are not bounded this tightly.
 * r = 1 - 2^-36 - 2^-(J+1) + 2^-32 + 2^-37, J = 25 .. 28: the middle m_J of
 * entry's bisection of [2^-36, 1 - 2^-36] (m_j = 1 - 2^-36 - 2^-(j+1) +
 * 2^-(j+36), rounded; every earlier middle is at least 2^-29 below r, so
 * certain) plus 2^-32 + 2^-37, as far as the end r' + 2^-31 of Newton's
 * bracket (r' = 1 - 2^-(J+1), r rounded to 2^-30); and r = m_J - 2^-31 -
 * 2^-33 (2^-29.5 above m_(J-1), beyond delta; 2^-33 + 2^-36 below the end
 * of a Newton bracket, 1 - 2^-(J+1) - 2^-31; m_J above r: the bisection
 * turns left there if m_J is certain, which the bound does not need).
 * search_top: the leaf [0, 2^-36] (piece 1; s_E about -sigma) is dropped,
 * [2^-36, b = 1 - 2^-36] (piece 2: s_E's coefficients certain, one change,
 * the last sigma (b - r) > sigma 2^-30 > 2 W) goes to entry; Newton's bracket
 * certified is reported at once (2 pieces); else the bisection passes the
 * certain middles m_0 .. m_(J-1), so la >= m_(J-1) = 1 - 2^-36 - 2^-J (1 -
 * 2^-35), and the rest [la, 1 - 2^-36] is searched to depth D <= 30 - J
 * (or a bracket of width 2^-30 is reported: 2 pieces).  In the rest a
 * visited piece starts at or before r, and survives only if it ends after
 * r - delta: at most 2 survivors a level above the leaves (width > 2^-30 >
 * delta), so at most 1 + 2 + 4 (D - 1) pieces: K = 2 + 4 D - 1 = 4 D + 1
 * (9, 13, 17, 21).  The reported leaf ends after r - delta: t within
 * 2^-30 + delta < 2^-29 below r, never after it.  No claim on the distance
 * test (the rest's pieces may run it).
 * The second half: each v doubled (delta < 2^-31.6) and r = m_J itself (its
 * double, computed as entry's bisection does: s_E(m_J) = 0 exactly, so a
 * bisection would stop there, robustly).  The middles of s_E's power
 * coefficients are within W of its own, so the polynomial Newton's steps
 * work on has its root within W / sigma = delta / 2 of r and is nearly
 * affine (its curvature below 12 W, against the slope sigma): the steps
 * from 1/2 converge to it, and it rounds to r' = 1 - 2^-(J+1), 2^-36 above
 * r; the bracket's ends r' -+ 2^-31 are 2^-31 -+ 2^-36 from r, beyond
 * delta: certain, so Newton's bracket is certified and bracket_hit reports
 * its start: K = 2 pieces, t within 2^-30 below r (a mutant that skips the
 * bracket bisects to m_J and searches the rest, at least 2 + 30 - J + 1).
 * Edges in three orientations: the coordinates rotated (x, y, z) ->
 * (y, z, x) -> (z, x, y), which leaves every shadow unchanged.  No
 * translation (it enlarges the shadows). */
Test(ccd_effort, vertex_face_coplanar_entry)
{
    static const double tri[3][3] = {{0, 0, 0}, {2, 2, 0}, {-2, 2, 0}};
    static const double mid[3][3] = {{1, 1, 0}, {0, 2, 0}, {-1, 1, 0}};
    static const double dir[3][3] = {{-1, 1, 0}, {0, -1, 0}, {1, 1, 0}};
    static const double vel[3] = {0x1p-10, 3 * 0x1p-9, 3 * 0x1p-10};
    static const char *what[6] = {"vf coplanar entry across ab",         "vf coplanar entry across bc",
                                  "vf coplanar entry across ca",         "vf coplanar entry across ab, Newton",
                                  "vf coplanar entry across bc, Newton", "vf coplanar entry across ca, Newton"};
    static const int sc[] = {-101, -60, -20, 0, 20, 60, 98}; /* S about 2 s: the binary64 path */
    for (int e = 0; e < 3; e++)
        for (int rot = 0; rot < 3; rot++)
            for (int J = 25; J <= 28; J++)
                for (int j = 0; j < 3 * (int)(sizeof sc / sizeof sc[0]); j++) {
                    int var = j % 3; /* r = m_J + 2^-32 + 2^-37, m_J - 2^-31 - 2^-33, m_J (Newton) */
                    bool newton = var == 2;
                    double s = ldexp(1, sc[j / 3]), v = newton ? 2 * vel[e] : vel[e], la = 0x1p-36, lb = 1 - 0x1p-36;
                    for (int i = 0; i < J; i++)
                        la = 0.5 * la + 0.5 * lb; /* m_(J-1) */
                    double r = newton ? 0.5 * la + 0.5 * lb
                                      : 1 - 0x1p-36 - ldexp(1, -(J + 1)) + (var ? -0x1p-31 - 0x1p-33 : 0x1p-32 + 0x1p-37);
                    double q[2][3];
                    for (int i = 0; i < 3; i++) {
                        q[0][i] = mid[e][i] - v * r * dir[e][i];
                        q[1][i] = mid[e][i] + v * (1 - r) * dir[e][i];
                        /* exact (at most 48 significant bits): p(r) = M */
                        cr_assert(q[0][i] + v * r * dir[e][i] == mid[e][i] && q[1][i] - q[0][i] == v * dir[e][i]);
                    }
                    isect_ccd_frame f[2];
                    for (int m = 0; m < 2; m++)
                        for (int k = 0; k < 4; k++) {
                            const double *x = k ? tri[k - 1] : q[m];
                            f[m].v[k] = V(x[rot], x[(rot + 1) % 3], x[(rot + 2) % 3], s);
                        }
                    check(FCCD_VERTEX_FACE, f[0], f[1], sc[j / 3],
                          &(expect_t){1, 0, true, what[e + 3 * newton], 0, newton ? 2 : 4 * (30 - J) + 1,
                                      newton ? 30 : 29, .r = r});
                }
}
