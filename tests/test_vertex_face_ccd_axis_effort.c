/* tests/test_vertex_face_ccd_axis_effort.c: the search effort of fast's CCD
 * queries (the property of tests/test_vertex_face_ccd_effort.c, E1-E7,
 * docs/queries/vertex_face_ccd.md, "fast"; kept apart so the two can be
 * merged) on families the one-sided contract cannot judge, each derived
 * in its comment: a degenerate shape sliding fast along its own line beside
 * the other, where only the axis test (fast/ccd_common.c axis_separates)
 * keeps the search small (and the same below 2^-500, where only the
 * rescaled distance bounds decide: its answer is asserted); a root within
 * rounding of narrow's first middle, where the general search takes over;
 * a point beside a degenerate triangle's box and a degenerate triangle
 * turning in its plane, dropped by the box tests before any distance test;
 * still coplanar shapes far from the origin, decided by excluded's interval
 * side tests; two crossings of the plane, the first within rounding of the
 * first split middle (split's three-way cut); a contact at t = 0 with the
 * end bracket 2^-28 (leaf_depth).  A weaker test keeps every answer sound
 * (the distance test then drops the pieces at width about 2 D / lip); the
 * effort shows it.
 *
 * The first family, at scales s = 2^-200 .. 2^200 (both ways of computing the
 * polynomials) and with or without a common translation (3, -5, 2) s of the
 * t = 1 frame; every coordinate below times s, e = 2^-10:
 * - vertex-face: the triangle a from (-16, -16, 0) to (0, 0, 0), b = c from
 *   (0, 0, 0) to (16, 16, 0): the segment from -16 (1 - t) (1, 1, 0) to
 *   16 t (1, 1, 0) on the line y = x, z = 0, holding the origin at every t;
 *   p = (e, -e, 0) still.  Its foot on the line is the origin, so the
 *   distance is D = sqrt(2) e = 2^-9.5 > near = 2^-14 S = 2^-10 (S = 16) at
 *   every t: a miss, never reported in the budget phase.
 * - edge-edge: cd the same sliding segment, ab from (-1 + e, -1 - e, 0) to
 *   (1 + e, 1 - e, 0), still, parallel to it at the same D (cd covers ab's
 *   projection [-1, 1] on the line at every t): a miss.
 * Everything lies in z = 0 and the shapes are parallel or degenerate, so
 * n = 0 (m = 0): f and the side functions vanish for all t, every Bernstein
 * coefficient is uncertain (no drop, isolation or entry), and f's sign is
 * uncertain at 0, at 1 and at every end_bracket candidate: search_top
 * searches the leaf [0, 2^-36] (1 piece), then [2^-36, 1 - 2^-36] (1
 * piece), and last the leaf [1 - 2^-36, 1] (1 piece), kept apart because
 * f's sign is uncertain at 1.
 * - The leaves: the shapes are D apart and move by at most 16 sqrt 2 2^-36:
 *   the box test (vertex-face: p's x = e beyond the segment's 16 2^-36) or
 *   the distance test (lo = D > lip 2^-37, lip = 16 sqrt 2) drops it.
 * - [2^-36, 1 - 2^-36]: the boxes overlap and lo = D < lip / 2, but fccd_axis at the
 *   middle gives n = (-e, e, 0) (from p, or ab, to its closest point on the
 *   other shape), and n.(v_k - v_j) = e (x_j - y_j) - e (x_k - y_k) for a
 *   point j of P and k of Q: the sliding vertices have x_k = y_k, p and a, b
 *   have x_j - y_j = 2e, so every product is 2 e^2 = 2^-19 (times s^2) > 0
 *   at both ends, far beyond its rounding: dropped.
 * K = 3 pieces (asserted), a miss; one distance test runs.  Without the
 * axis test the distance test needs pieces of width 2 D / lip < 2^-12 across
 * [0, 1]: thousands of pieces.  (Seed 89: the axis test's threshold 0 made 1
 * at the start's check, which disables it wherever 2 e^2 s^2 <= 1, and n's y
 * interval made [n[1], n[0]], which straddles 0 here, each survive the
 * corpus and the other tests.) */
#include <criterion/criterion.h>

#include "fast_ccd.h"
#include "isect.h"

#include <math.h>
#include <string.h>

static isect_dvec3 V(double x, double y, double z, double s) { return (isect_dvec3){x * s, y * s, z * s}; }

static void shift(isect_ccd_frame *f, double s)
{
    for (int k = 0; k < 4; k++)
        f->v[k] = (isect_dvec3){f->v[k].x + 3 * s, f->v[k].y - 5 * s, f->v[k].z + 2 * s};
}

/* fccd_query_effort on the frames, checked against the public function
 * (same hit, same bits of t); a failure names the query, the scale 2^scale
 * and the shift (-1: none). */
static fccd_effort effort_checked(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1,
                                  isect_ccd_result *res, int scale, int shift)
{
    fccd_effort eff = {-1, true};
    isect_ccd_result pub;
    bool hit = fccd_query_effort(kind, t0, t1, res, &eff);
    bool phit = kind == FCCD_EDGE_EDGE ? isect_edge_edge_ccd(*t0, *t1, &pub) : isect_vertex_face_ccd(*t0, *t1, &pub);
    cr_assert(hit == res->hit && phit == pub.hit && hit == pub.hit && memcmp(&res->t, &pub.t, sizeof res->t) == 0,
              "%s, scale 2^%d, shift %d: fccd_query_effort's answer is not the public one",
              kind == FCCD_EDGE_EDGE ? "edge-edge" : "vertex-face", scale, shift);
    return eff;
}

static const int scales[] = {-200, -150, -110, -101, -100, -60, -20, 0, 20, 60, 100, 101, 110, 150, 200};
#define NSCALES (int)(sizeof scales / sizeof scales[0])

/* The first family's frames at scale s (q = 0: vertex-face, 1: edge-edge;
 * m = 1: the second frame shifted). */
static void sliding_frames(int q, int m, double s, isect_ccd_frame *t0, isect_ccd_frame *t1)
{
    const double e = 0x1p-10;
    if (q == 0) {
        *t0 = (isect_ccd_frame){{V(e, -e, 0, s), V(-16, -16, 0, s), V(0, 0, 0, s), V(0, 0, 0, s)}};
        *t1 = (isect_ccd_frame){{V(e, -e, 0, s), V(0, 0, 0, s), V(16, 16, 0, s), V(16, 16, 0, s)}};
    } else {
        *t0 = (isect_ccd_frame){{V(-1 + e, -1 - e, 0, s), V(1 + e, 1 - e, 0, s), V(-16, -16, 0, s), V(0, 0, 0, s)}};
        *t1 = (isect_ccd_frame){{V(-1 + e, -1 - e, 0, s), V(1 + e, 1 - e, 0, s), V(0, 0, 0, s), V(16, 16, 0, s)}};
    }
    if (m)
        shift(t1, s);
}

Test(ccd_axis_effort, sliding_segment_beside)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++)
            for (int q = 0; q < 2; q++) {
                double s = ldexp(1, scales[j]);
                isect_ccd_frame t0, t1;
                sliding_frames(q, m, s, &t0, &t1);
                fccd_kind kind = q ? FCCD_EDGE_EDGE : FCCD_VERTEX_FACE;
                isect_ccd_result r;
                fccd_effort eff = effort_checked(kind, &t0, &t1, &r, scales[j], m);
                cr_assert(!r.hit, "%s, scale 2^%d, shift %d: hit at %a (the shapes are 2^-9.5 S apart)",
                          q ? "edge-edge" : "vertex-face", scales[j], m, r.t);
                cr_assert(eff.pieces == 3, "%s, scale 2^%d, shift %d: %d pieces (derived: 3)",
                          q ? "edge-edge" : "vertex-face", scales[j], m, eff.pieces);
            }
}

/* The first family's edge-edge form with the still segment made short and
 * not parallel to the sliding one (seed 113): ab the sliding segment, from
 * -16 (1 - t) (1, 1, 0) to 16 t (1, 1, 0), and cd from c = (e, -e, 0) to
 * d = (e + L, -e, 0), L = 2^-40, still (times s; e = 2^-10).  c's foot on
 * the line y = x is the origin, inside ab at every t, and d is farther
 * ((2e + L) / sqrt 2): the distance is D = sqrt(2) e = 2^-9.5 > near at
 * every t, a miss.  Everything lies in z = 0, so f = 0 for all t.  Relative
 * to a, e1 = 16 (1, 1, 0), e2 = (L, 0, 0), m = e1 x e2 = (0, 0, -16 L), and
 * the side functions are su = 16 L^2 (16 (1 - t) - e), sv = -512 e L,
 * mm - su = 16 L^2 (16 t + e), mm - sv = 256 L^2 + 512 e L (times s^4): at
 * most 2^-40 s^4, far below their coefficients' a-priori bound (2^-48 of
 * products of four relative coordinates up to 16 s: about 2^-32 s^4), so
 * every coefficient is uncertain, as with n = 0: the same three pieces as
 * the first family, [2^-36, 1 - 2^-36] dropped by the axis test (fccd_axis at the
 * middle: c and its foot, the origin, are the closest pair, n = (e, -e, 0),
 * and n.(v_k - v_j) is 2 e^2 for c and e (2 e + L) for d against a and b,
 * on y = x, at both ends).  K = 3 (asserted), a miss.  The lines meet
 * at (-e, -e, 0), inside ab (u = (16 (1 - t) - e) / 16) but at s = -2e / L
 * = -2^31 on cd: fccd_axis must not take that pair (seed 113: its range
 * test `s >= 0 && s <= 1` made `s >= 0 || s <= 1` keeps it, 0 apart up to
 * rounding, the axis is lost and the distance test takes 26115 pieces). */
Test(ccd_axis_effort, sliding_segment_beside_short_segment)
{
    const double e = 0x1p-10, L = 0x1p-40;
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++) {
            double s = ldexp(1, scales[j]);
            isect_ccd_frame t0 = {{V(-16, -16, 0, s), V(0, 0, 0, s), V(e, -e, 0, s), V(e + L, -e, 0, s)}};
            isect_ccd_frame t1 = {{V(0, 0, 0, s), V(16, 16, 0, s), V(e, -e, 0, s), V(e + L, -e, 0, s)}};
            if (m)
                shift(&t1, s);
            isect_ccd_result r;
            fccd_effort eff = effort_checked(FCCD_EDGE_EDGE, &t0, &t1, &r, scales[j], m);
            cr_assert(!r.hit, "scale 2^%d, shift %d: hit at %a (the shapes are 2^-9.5 s apart)", scales[j], m, r.t);
            cr_assert(eff.pieces == 3, "scale 2^%d, shift %d: %d pieces (derived: 3)", scales[j], m,
                      eff.pieces);
        }
}

/* A root within rounding of narrow's first middle.  The triangle a = 0,
 * b = (1, -1, 0), c = (0, 1, -1) (times s), still: n = (1, 1, 1), and no
 * product in f's coefficients vanishes, so their a-priori bound is about
 * 2^-48 s^3 (FB_CCD_POLY of shadows near 1).  p = q + z(t) (1, 1, 1) with
 * q = (1/4, 0, -1/4) (barycentrics 1/2, 1/4, 1/4: inside) and
 * z = 2^-24 (r - t), r = 1/2 + 2^-30 (every coordinate a double), so
 * f = n.(p - a) = 3 z = 3 2^-24 (r - t) s^3: affine, one simple root r,
 * where p = q is inside: a hit at r.  f's Bernstein coefficients on [0, 1]
 * (f at 0, 1/3, 2/3, 1, at least 2^-25 s^3 in size) have one sign change:
 * narrow(0, 1).  Its first middle 1/2 has |f| = 3 2^-54 s^3, and 1/2 +- h
 * (h <= 2^-31) at most 3 2^-55.4 s^3, all below the bound: no bracket, so
 * the general search takes [0, 1] (iso false).  There p moves at speed
 * sqrt 3 2^-24 along n (lip), the distance is sqrt 3 |z|, and a piece whose
 * closure misses r is dropped by the Bernstein test (f of one sign) or, near
 * r, by the distance test (D(tm) > lip w / 2) up to rounding: at most the
 * two pieces next to r survive each level, so at most 4 are visited per
 * level, and the first leaf that survives is a hit: pieces <= 2 + 4 * 30 =
 * 122 (<= 244 asserted; 60 measured: two per level), t <= r (the leaf's
 * start; fast reports 1/2 - 2^-25 - 2^-30 at each scale here, where the
 * distance is about 2^-48 s, within the plane distance's rounding).  (Seed 89: narrow's general search with
 * iso true isolates the same root on the same piece and re-enters narrow on
 * it, once per piece of the budget: 2000 pieces and a budget-phase hit.) */
Test(ccd_axis_effort, root_within_rounding_of_a_middle)
{
    static const int sc[] = {-60, -20, 0, 20, 60};
    const double z0 = 0x1p-25 + 0x1p-54, z1 = -0x1p-25 + 0x1p-54, r = 0.5 + 0x1p-30;
    for (int j = 0; j < 5; j++) {
        double s = ldexp(1, sc[j]);
        isect_ccd_frame t0 = {{V(0.25 + z0, z0, -0.25 + z0, s), V(0, 0, 0, s), V(1, -1, 0, s), V(0, 1, -1, s)}};
        isect_ccd_frame t1 = {{V(0.25 + z1, z1, -0.25 + z1, s), V(0, 0, 0, s), V(1, -1, 0, s), V(0, 1, -1, s)}};
        isect_ccd_result res;
        fccd_effort eff = effort_checked(FCCD_VERTEX_FACE, &t0, &t1, &res, sc[j], -1);
        cr_assert(res.hit && res.t <= r, "scale 2^%d: hit %d at %a (r = %a)", sc[j], res.hit, res.t, r);
        cr_assert(eff.pieces >= 1 && eff.pieces <= 244, "scale 2^%d: %d pieces (derived: at most 122)", sc[j],
                  eff.pieces);
    }
}

/* A degenerate triangle and a point beside it, outside its box: the box
 * test alone drops every piece.  a = (-1, 0, 0), b = (1, 0, 0), c = 0 (the
 * segment ab, n = 0: f and the side functions vanish for all t, every
 * Bernstein coefficient is uncertain) and p = (0, 1, 0), all still (times
 * s; with the common translation the t = 1 frame moves by (3, -5, 2) s).
 * search_top finds f's sign uncertain at 0, 1 and every end_bracket
 * candidate: the leaf [0, 2^-36], then [2^-36, 1 - 2^-36], then the leaf
 * [1 - 2^-36, 1].  On each, p's box is
 * apart from the triangle's in y (p_y - a_y = 1 > 0 = b_y - a_y = c_y - a_y),
 * in absolute coordinates (still) or relative to a (translated: the
 * differences do not move), so vf_excluded drops it before the distance
 * test: 3 pieces (asserted), no distance test, a miss.  (Seed 89: the
 * point's box compared with the hull of p, b and c, and the box test's
 * `return true` made false: both leave the pieces to the distance test.) */
Test(ccd_axis_effort, point_beside_segment_box_test)
{
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < NSCALES; j++) {
            double s = ldexp(1, scales[j]);
            isect_ccd_frame t0 = {{V(0, 1, 0, s), V(-1, 0, 0, s), V(1, 0, 0, s), V(0, 0, 0, s)}}, t1 = t0;
            if (m)
                shift(&t1, s);
            isect_ccd_result res;
            fccd_effort eff = effort_checked(FCCD_VERTEX_FACE, &t0, &t1, &res, scales[j], m);
            cr_assert(!res.hit, "scale 2^%d, shift %d: hit at %a", scales[j], m, res.t);
            cr_assert(eff.pieces == 3 && !eff.distance,
                      "scale 2^%d, shift %d: %d pieces, distance test %d (derived: 3 pieces, none)", scales[j], m,
                      eff.pieces, eff.distance);
        }
}

/* The first family at s = 2^-530 and 2^-540, below 2^-250, where
 * scale_frames rescales the copy the distance bounds work on.  The answer
 * is still a miss (the shapes stay D = 2^-9.5 s apart, more than near =
 * 2^-14 S = 2^-10 s, so neither a leaf nor the budget phase may report a
 * hit).  Unscaled, the bounds would be lost: the line distances' degree-4
 * products (about (e s 16 s)^2 < 2^-2100) and p's or a's foot inside the
 * other segment leave every lower bound at 0 in the 2^-1060 absolute slack,
 * and the axis test's products 2 e^2 s^2 <= 2^-1079 drown there too, so
 * every piece would survive to a leaf and be reported.  Only the answer is
 * asserted: with the axis test lost the search drops the pieces at width
 * about 2 D / lip on the rescaled copy (thousands of pieces). */
Test(ccd_axis_effort, sliding_segment_beside_tiny)
{
    static const int sc[] = {-530, -540};
    for (int m = 0; m < 2; m++)
        for (int j = 0; j < 2; j++)
            for (int q = 0; q < 2; q++) {
                double s = ldexp(1, sc[j]);
                isect_ccd_frame t0, t1;
                sliding_frames(q, m, s, &t0, &t1);
                isect_ccd_result r;
                bool hit = q ? isect_edge_edge_ccd(t0, t1, &r) : isect_vertex_face_ccd(t0, t1, &r);
                cr_assert(!hit, "%s, scale 2^%d, shift %d: hit at %a (the shapes are 2^-9.5 s apart)",
                          q ? "edge-edge" : "vertex-face", sc[j], m, r.t);
            }
}

/* A degenerate triangle turning in its plane, dropped by the absolute box
 * test where the boxes relative to a overlap.  a from (-1, 9, 0) to
 * (-1, 11, 0), b from (1, 11, 0) to (1, 9, 0), c = (0, 10, 0) = (a + b) / 2
 * for all t (so n = (b - a) x (c - a) = 0: f and the side functions vanish,
 * every Bernstein coefficient is uncertain), p = (0, 12, 0) still (times s).
 * The triangle's y stays in [9, 11] < 12 = p_y: a miss, and on every piece
 * the absolute boxes are apart in y.  Relative to a, p - a = (1, 3 - 2t, 0)
 * and the triangle's hull 0, b - a = (2, 2 - 4t, 0), c - a = (1, 1 - 2t, 0):
 * on [2^-36, 1 - 2^-36] their y ranges (1, 3) and (-2, 2) overlap (x and
 * z too), so only the absolute test drops it.  search_top: the leaf
 * [0, 2^-36], [2^-36, 1 - 2^-36] and the leaf [1 - 2^-36, 1], each
 * dropped by the box test: 3 pieces (asserted), no distance test.  (Seed 89: vertex_at's (1 - tb) interval made
 * [1 + tb, 1 - tb], an enclosure widened by tb |x0|: b's y at tb = 1 is
 * then [0, 2] 11 + 9 = [9, 31], over p_y, and the distance test runs.) */
Test(ccd_axis_effort, turning_segment_absolute_box)
{
    for (int j = 0; j < NSCALES; j++) {
        double s = ldexp(1, scales[j]);
        isect_ccd_frame t0 = {{V(0, 12, 0, s), V(-1, 9, 0, s), V(1, 11, 0, s), V(0, 10, 0, s)}};
        isect_ccd_frame t1 = {{V(0, 12, 0, s), V(-1, 11, 0, s), V(1, 9, 0, s), V(0, 10, 0, s)}};
        isect_ccd_result res;
        fccd_effort eff = effort_checked(FCCD_VERTEX_FACE, &t0, &t1, &res, scales[j], -1);
        cr_assert(!res.hit, "scale 2^%d: hit at %a", scales[j], res.t);
        cr_assert(eff.pieces == 3 && !eff.distance,
                  "scale 2^%d: %d pieces, distance test %d (derived: 3 pieces, none)", scales[j], eff.pieces,
                  eff.distance);
    }
}

/* Two crossings of the plane, the first within rounding of the first split
 * middle: the three-way cut.  As in E6, c from (0, 1, 0) to (0, 1, 1), so
 * n = (b - a) x (c - a) = (0, -t, 1) with a = 0, b = (1, 0, 0) still; p =
 * (1/4, y, z) with y from -1/4 - 2^-50 to 3/4 - 2^-50 and z from
 * -(3/8 + 3 2^-52) to 5/8 - 3 2^-52 (doubles; times s).  Then
 * f = n.(p - a) = z - t y = -(t - r1)(t - r2), r1 = 1/2 + 2^-50, r2 = 3/4:
 * negative before r1, where p = (1/4, 1/4, r1/4) has barycentrics 1/2, 1/4,
 * 1/4 (inside): the first contact, t = r1.  f's Bernstein coefficients on
 * [0, 1] (-3/8, 1/24, 1/8, -1/8, of certain signs) change sign twice, so
 * search splits [0, 1] on them alone (level 0 < FCCD_ISOLATE), at m = 1/2,
 * where |f| = 2^-52 is below its error bound (about 2^-48): split's
 * three-way cut, whose first h = 2^-36 has certain signs -, + at m -+ h
 * (|f| about h / 4 = 2^-38).  [0, 1/2 - h]: f certainly negative, dropped by
 * its Bernstein coefficients (1 piece); [1/2 - h, 1/2 + h]: one sign change
 * (the inner coefficients are about -+ h / 12) and the side functions
 * certainly positive (barycentrics near 1/2, 1/4, 1/4): narrow starts
 * certified on a bracket narrower than 2^-30 and reports 1/2 - 2^-36 at once
 * (1 piece).  K = 3 pieces (<= 6 asserted), no distance test, t within
 * 2^-29 below r1.  (Seed 89: the cut taken only with three sign changes, or
 * skipped when f(m + h) is positive, leaves the plain split at 1/2, whose
 * halves keep the uncertain f(1/2) among their coefficients: the general
 * search then runs the chain of pieces next to 1/2 down to a leaf, about 60
 * pieces.) */
Test(ccd_axis_effort, first_root_at_a_split_middle)
{
    const double r1 = 0.5 + 0x1p-50, y0 = -0x1.0000000000010p-2, y1 = 0x1.7fffffffffff8p-1;
    const double z0 = -0x1.800000000000cp-2, z1 = 0x1.3fffffffffffap-1;
    for (int j = 0; j < NSCALES; j++) {
        double s = ldexp(1, scales[j]);
        isect_ccd_frame t0 = {{V(0.25, y0, z0, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 1, 0, s)}};
        isect_ccd_frame t1 = {{V(0.25, y1, z1, s), V(0, 0, 0, s), V(1, 0, 0, s), V(0, 1, 1, s)}};
        isect_ccd_result res;
        fccd_effort eff = effort_checked(FCCD_VERTEX_FACE, &t0, &t1, &res, scales[j], -1);
        cr_assert(res.hit && res.t <= r1 && r1 - res.t < 0x1p-29, "scale 2^%d: hit %d at %a (r1 = %a)", scales[j],
                  res.hit, res.t, r1);
        cr_assert(eff.pieces >= 1 && eff.pieces <= 6 && !eff.distance,
                  "scale 2^%d: %d pieces, distance test %d (derived: 3 pieces, none)", scales[j], eff.pieces,
                  eff.distance);
    }
}

/* Still shapes in one plane, far from the origin, decided by the interval
 * side tests of excluded (fast/ccd_common.c vf_excluded, ee_excluded).
 * Every vertex is translated by (T, T, T), T = 2^30 (times s), so the
 * a-priori bound of the binary64 polynomials, built from shadows of the
 * absolute coordinates (docs/queries/vertex_face_ccd.md; the note under E6
 * in tests/test_vertex_face_ccd_effort.c), leaves every Bernstein
 * coefficient uncertain (f vanishes for all t anyway: coplanar), while the
 * boxes (relative to the first vertex: exact small differences) keep the
 * side functions certain.
 * - vertex-face: a = 0, b = (1, 0, 0), c = (1, 1, 0) (the triangle
 *   0 <= y <= x <= 1), p = (1/4, 3/4, 0): inside the triangle's box, beyond
 *   the edge ca (y > x), sqrt(2) / 4 from it.  The side functions of ab and
 *   bc are positive (y = 3/4 >= 0, x = 1/4 <= 1), that of ca, the third
 *   test, certainly negative: a miss.
 * - edge-edge: ab from 0 to (1, 1, 0), cd from (1/4, 1/2, 0) to
 *   (1/4, 3/4, 0), inside ab's box; the lines meet at (1/4, 1/4, 0), u = 1/4
 *   on ab but v = -1 on cd: sv = v m.m certainly negative, the segments
 *   1 / (4 sqrt 2) apart: a miss.
 * f's sign is uncertain at 0 and at 1: the leaf [0, 2^-36], then [2^-36,
 * 1 - 2^-36], then the leaf [1 - 2^-36, 1], each
 * dropped by vf_excluded or ee_excluded (the boxes overlap, the coplanarity
 * test cannot decide, the side test does) before the distance test:
 * 3 pieces (asserted), no distance test.  (Seed 89: vf_excluded's
 * third side test made (cp x cp).n, never negative, and ee_excluded's
 * w = c - a made b - a, which leaves every side enclosure holding 0: the
 * distance test then decides.) */
Test(ccd_axis_effort, far_coplanar_side_tests)
{
    for (int j = 0; j < NSCALES; j++)
        for (int q = 0; q < 2; q++) {
            double s = ldexp(1, scales[j]), T = 0x1p30;
            isect_ccd_frame t0;
            if (q == 0)
                t0 = (isect_ccd_frame){
                    {V(T + 0.25, T + 0.75, T, s), V(T, T, T, s), V(T + 1, T, T, s), V(T + 1, T + 1, T, s)}};
            else
                t0 = (isect_ccd_frame){
                    {V(T, T, T, s), V(T + 1, T + 1, T, s), V(T + 0.25, T + 0.5, T, s), V(T + 0.25, T + 0.75, T, s)}};
            isect_ccd_frame t1 = t0;
            fccd_kind kind = q ? FCCD_EDGE_EDGE : FCCD_VERTEX_FACE;
            isect_ccd_result res;
            fccd_effort eff = effort_checked(kind, &t0, &t1, &res, scales[j], -1);
            cr_assert(!res.hit, "%s, scale 2^%d: hit at %a", q ? "edge-edge" : "vertex-face", scales[j], res.t);
            cr_assert(eff.pieces == 3 && !eff.distance,
                      "%s, scale 2^%d: %d pieces, distance test %d (derived: 3 pieces, none)",
                      q ? "edge-edge" : "vertex-face", scales[j], eff.pieces, eff.distance);
        }
}

/* A contact at t = 0 whose end bracket is h0 = 2^-28 (E3 for a larger h0):
 * the leaf [0, h0] is searched with leaf_depth(h0) = 2 levels (2^-28 ->
 * 2^-29 -> 2^-30), the path of earliest children, and its first piece at
 * level 2 holds the contact: exactly 1 + 2 = 3 pieces, t = 0.  The triangle
 * of root_within_rounding_of_a_middle (n = (1, 1, 1), shadows near 1, the
 * coefficients' bound about 2^-48) and p = q + 2^-19 t (1, 1, 1): on the
 * face at t = 0 (barycentrics 1/2, 1/4, 1/4), leaving it: f = 3 2^-19 t.
 * end_bracket tries h = 2^-36, 2^-32, 2^-28: |f| = 3 2^-55 and 3 2^-51 are
 * below the bound, 3 2^-47 above it, so h0 = 2^-28; the leaf and its left
 * children are not dropped (they hold the contact) nor isolated (f's first
 * coefficient is 0, uncertain), and a side function is never certainly
 * negative there.  (Seed 89: leaf_depth's width > 2^-30 made >=, one level
 * more for power-of-two widths: 4 pieces.) */
Test(ccd_axis_effort, contact_at_start_bracket_2m28)
{
    const double v = 0x1p-19;
    for (int j = 0; j < NSCALES; j++) {
        double s = ldexp(1, scales[j]);
        isect_ccd_frame t0 = {{V(0.25, 0, -0.25, s), V(0, 0, 0, s), V(1, -1, 0, s), V(0, 1, -1, s)}};
        isect_ccd_frame t1 = {{V(0.25 + v, v, -0.25 + v, s), V(0, 0, 0, s), V(1, -1, 0, s), V(0, 1, -1, s)}};
        isect_ccd_result res;
        fccd_effort eff = effort_checked(FCCD_VERTEX_FACE, &t0, &t1, &res, scales[j], -1);
        cr_assert(res.hit && res.t == 0, "scale 2^%d: hit %d at %a", scales[j], res.hit, res.t);
        cr_assert(eff.pieces == 3, "scale 2^%d: %d pieces (derived: 3)", scales[j], eff.pieces);
    }
}
