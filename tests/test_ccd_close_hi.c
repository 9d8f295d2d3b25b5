/* tests/test_ccd_close_hi.c: fccd_close_hi (fast/ccd_dist.c), the cheap
 * certified upper bound of the distance between the CCD shapes that lets a
 * leaf of fast's search skip the distance test (fast/ccd_common.c,
 * close_at).  It must never be below the true distance (else a leaf that
 * the distance test drops would be kept: a far false positive), and it
 * should find the closest pair (else it never helps).  Soundness is
 * checked against ref's certified lower bound (ref_*_ccd_min_dist at one
 * time, a static input), tightness against the textbook distance in long
 * double: nothing expected comes from fast. */
#include "../fast/fast_ccd.h"
#include "testlib_ccd.h"

#include <math.h>

/* Static inputs (the frames at t = 1 equal those at t = 0), so the
 * distance at any time is the distance of the configuration. */
static void still(double *in)
{
    for (int i = 0; i < 12; i++)
        in[12 + i] = in[i];
}

/* the bound from exact point enclosures of the vertices */
static double close_hi(fccd_kind kind, const double *in)
{
    fiv3 v[4];
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 3; i++)
            v[k].x[i] = (fiv){in[3 * k + i], in[3 * k + i]};
    return fccd_close_hi(kind, v);
}

/* Random configurations in [-1, 1]^3 and their degenerate kinds: the point
 * (vertex 0) or the first segment's end placed on the other shape, a
 * triangle or segment collapsed (collinear, a point), parallel segments. */
static void configuration(fccd_kind kind, int c, double *in)
{
    for (int i = 0; i < 12; i++)
        in[i] = 2 * tl_unit() - 1;
    int shape = c % 6;
    double w[3] = {tl_unit(), tl_unit(), tl_unit()};
    if (kind == FCCD_VERTEX_FACE) {
        if (shape == 1) { /* the point on the triangle */
            double s = w[0] + w[1] + w[2];
            for (int i = 0; i < 3; i++)
                in[i] = (w[0] * in[3 + i] + w[1] * in[6 + i] + w[2] * in[9 + i]) / s;
        } else if (shape == 2) { /* the point on an edge */
            for (int i = 0; i < 3; i++)
                in[i] = in[3 + i] + w[0] * (in[6 + i] - in[3 + i]);
        } else if (shape == 3) { /* a collinear triangle */
            for (int i = 0; i < 3; i++)
                in[9 + i] = in[3 + i] + 0.5 * (in[6 + i] - in[3 + i]);
        } else if (shape == 4) { /* a triangle that is a point */
            for (int i = 0; i < 3; i++)
                in[6 + i] = in[9 + i] = in[3 + i];
        }
    } else {
        if (shape == 1) { /* a on the segment cd */
            for (int i = 0; i < 3; i++)
                in[i] = in[6 + i] + w[0] * (in[9 + i] - in[6 + i]);
        } else if (shape == 2) { /* parallel segments */
            for (int i = 0; i < 3; i++)
                in[9 + i] = in[6 + i] + 0.5 * (in[3 + i] - in[i]);
        } else if (shape == 3) { /* ab a point */
            for (int i = 0; i < 3; i++)
                in[3 + i] = in[i];
        } else if (shape == 4) { /* both points */
            for (int i = 0; i < 3; i++)
                in[3 + i] = in[i], in[9 + i] = in[6 + i];
        }
    }
    still(in);
}

/* ---- the distance in long double, by the textbook cases (the tightness
 * check only: its rounding, about 2^-63 relative, is far below 2^-40) ---- */
typedef long double ld;

static ld ld_dot(const ld *a, const ld *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* the distance of p to the segment x y */
static ld pt_seg(const double *p, const double *x, const double *y)
{
    ld e[3], w[3], r[3];
    for (int i = 0; i < 3; i++)
        e[i] = (ld)y[i] - x[i], w[i] = (ld)p[i] - x[i];
    ld ee = ld_dot(e, e), s = ee > 0 ? ld_dot(w, e) / ee : 0;
    s = s < 0 ? 0 : s > 1 ? 1 : s;
    for (int i = 0; i < 3; i++)
        r[i] = w[i] - s * e[i];
    return sqrtl(ld_dot(r, r));
}

static ld min3(ld a, ld b, ld c) { return a < b ? (a < c ? a : c) : (b < c ? b : c); }

static ld true_dist(fccd_kind kind, const double *in)
{
    const double *v0 = in, *v1 = in + 3, *v2 = in + 6, *v3 = in + 9;
    if (kind == FCCD_VERTEX_FACE) {
        ld e1[3], e2[3], w[3], n[3];
        for (int i = 0; i < 3; i++)
            e1[i] = (ld)v2[i] - v1[i], e2[i] = (ld)v3[i] - v1[i], w[i] = (ld)v0[i] - v1[i];
        for (int i = 0; i < 3; i++)
            n[i] = e1[(i + 1) % 3] * e2[(i + 2) % 3] - e1[(i + 2) % 3] * e2[(i + 1) % 3];
        ld nn = ld_dot(n, n), edges = min3(pt_seg(v0, v1, v2), pt_seg(v0, v1, v3), pt_seg(v0, v2, v3));
        if (nn > 0) {
            ld x[3], y[3];
            for (int i = 0; i < 3; i++) {
                x[i] = w[(i + 1) % 3] * e2[(i + 2) % 3] - w[(i + 2) % 3] * e2[(i + 1) % 3];
                y[i] = e1[(i + 1) % 3] * w[(i + 2) % 3] - e1[(i + 2) % 3] * w[(i + 1) % 3];
            }
            ld b = ld_dot(x, n) / nn, g = ld_dot(y, n) / nn;
            if (b >= 0 && g >= 0 && b + g <= 1) {
                ld h = fabsl(ld_dot(w, n)) / sqrtl(nn);
                return h < edges ? h : edges;
            }
        }
        return edges;
    }
    ld d = min3(pt_seg(v0, v2, v3), pt_seg(v1, v2, v3), pt_seg(v2, v0, v1));
    d = d < pt_seg(v3, v0, v1) ? d : pt_seg(v3, v0, v1);
    ld e1[3], e2[3], w[3];
    for (int i = 0; i < 3; i++)
        e1[i] = (ld)v1[i] - v0[i], e2[i] = (ld)v3[i] - v2[i], w[i] = (ld)v2[i] - v0[i];
    ld a = ld_dot(e1, e1), b = ld_dot(e1, e2), c = ld_dot(e2, e2), dd = ld_dot(e1, w), ee = ld_dot(e2, w);
    ld den = a * c - b * b;
    if (den > 0) { /* the lines' closest parameters */
        ld u = (dd * c - b * ee) / den, t = (b * dd - a * ee) / den;
        if (u >= 0 && u <= 1 && t >= 0 && t <= 1) {
            ld r[3];
            for (int i = 0; i < 3; i++)
                r[i] = u * e1[i] - w[i] - t * e2[i];
            ld l = sqrtl(ld_dot(r, r));
            d = l < d ? l : d;
        }
    }
    return d;
}

static void check(fccd_kind kind)
{
    int close = 0;
    for (int c = 0; c < 600; c++) {
        double in[24];
        configuration(kind, c, in);
        double hi = close_hi(kind, in);
        double lo = kind == FCCD_VERTEX_FACE ? ref_vertex_face_ccd_min_dist(in, 0, 0, INFINITY)
                                             : ref_edge_edge_ccd_min_dist(in, 0, 0, INFINITY);
        cr_assert(hi >= lo, "case %d: upper bound %a below ref's lower bound %a", c, hi, lo);
        /* the closest pair found: within rounding of the distance (the
         * shapes' scale is 1) */
        ld d = true_dist(kind, in);
        cr_assert(hi <= d + 0x1p-40, "case %d: upper bound %a far above the distance %La", c, hi, d);
        close += hi <= 0x1p-40;
    }
    /* the touching kinds came out as touching (the case the search needs) */
    cr_assert(close >= 100, "only %d of 600 configurations within 2^-40", close);
}

Test(ccd_close_hi, vertex_face_bound_holds_and_is_tight) { check(FCCD_VERTEX_FACE); }

Test(ccd_close_hi, edge_edge_bound_holds_and_is_tight) { check(FCCD_EDGE_EDGE); }

/* fccd_vf_dist and fccd_ee_dist (fast/ccd_dist.c; fast_ccd.h: certified
 * bounds of the distance from the vertices' enclosures at one time): the
 * lower bound, returned, drops a piece in the search's distance test, and
 * the upper one, *hi, reports a piece once the budget is spent (the
 * distance to a point certainly on each shape).  On the same
 * configurations, from exact point enclosures: hi is never below ref's
 * certified lower bound, and lo never above the distance (long double; its
 * rounding is far below the 2^-40 margin).  (Seed 113: seg_dist's clamp of
 * s to [0, 1] made [0, 2), fccd_vf_dist's projection built from the point
 * instead of a, fccd_ee_dist's lines' pair taken with t in range alone:
 * each gives an upper bound below the distance, from a point off a shape,
 * where the budget phase may report shapes that never come within near.) */
static void check_dist(fccd_kind kind)
{
    for (int c = 0; c < 198; c++) { /* 33 of each shape: ref's bound costs about 10 ms under ASan */
        double in[24], hi;
        configuration(kind, c, in);
        fiv3 v[4];
        for (int k = 0; k < 4; k++)
            for (int i = 0; i < 3; i++)
                v[k].x[i] = (fiv){in[3 * k + i], in[3 * k + i]};
        double lo = kind == FCCD_VERTEX_FACE ? fccd_vf_dist(v, &hi) : fccd_ee_dist(v, &hi);
        double rlo = kind == FCCD_VERTEX_FACE ? ref_vertex_face_ccd_min_dist(in, 0, 0, INFINITY)
                                              : ref_edge_edge_ccd_min_dist(in, 0, 0, INFINITY);
        ld d = true_dist(kind, in);
        cr_assert(hi >= rlo, "case %d: upper bound %a below ref's lower bound %a", c, hi, rlo);
        cr_assert(lo <= d + 0x1p-40, "case %d: lower bound %a above the distance %La", c, lo, d);
    }
}

Test(ccd_dist_bounds, vertex_face_bounds_hold) { check_dist(FCCD_VERTEX_FACE); }

Test(ccd_dist_bounds, edge_edge_bounds_hold) { check_dist(FCCD_EDGE_EDGE); }
