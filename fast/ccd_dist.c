/* fast/ccd_dist.c: certified lower and upper bounds of the distance between
 * the shapes of vertex_face_ccd (a point and a triangle) and edge_edge_ccd
 * (two segments) at one time, from outward-rounded enclosures of their
 * vertices (fast_ccd.h).  The search (fast/ccd_common.c) drops a time piece
 * when the lower bound at its middle exceeds how far the distance can fall
 * over half the piece, and reports a budget-exhausted hit only where the
 * upper bound is small; docs/queries/vertex_face_ccd.md, "fast".
 *
 * Upper bounds: the distance to a point of the other shape that is certainly
 * on it (a convex combination with exact double weights, its position
 * enclosed).  Lower bounds: facts that hold for every input, each computed
 * with the interval operations; the result is the largest of them (fmax
 * drops a NaN candidate; a NaN or negative result reads as no bound). */
#include "fast_ccd.h"

static inline double mid(fiv x) { return 0.5 * x.lo + 0.5 * x.hi; }
static inline double pos(double x) { return x > 0 ? x : 0; }

/* a + s e, s a double */
static fiv3 along(fiv3 a, double s, fiv3 e)
{
    fiv3 r;
    for (int i = 0; i < 3; i++)
        r.x[i] = fiv_add(a.x[i], fiv_mul((fiv){s, s}, e.x[i]));
    return r;
}

static double norm_up(fiv3 d)
{
    fiv dd = fiv3_dot(d, d);
    return dd.hi == dd.hi ? fiv_sqrt_up(dd.hi) : INFINITY;
}

/* |x| / sqrt(yy), rounded down (0 unless both are certainly positive). */
static double quot_dn(fiv x, fiv yy)
{
    double a = fmax(x.lo, -x.hi);
    if (!(a > 0) || !(yy.hi > 0))
        return 0;
    return pos(down(a / fiv_sqrt_up(yy.hi)));
}

/* Distance of p to the segment ab.
 * - The segment lies within |b - a| of a: D >= |p - a| - |b - a|.
 * - The distance to the line, |(p - a) x e| / |e| (e = b - a), is at most D.
 * - When (p - a).e <= 0 the closest point is a; when it is >= e.e, b. */
static double seg_dist(fiv3 p, fiv3 a, fiv3 b, double *hi)
{
    fiv3 e = fiv3_sub(b, a), w = fiv3_sub(p, a), wb = fiv3_sub(p, b);
    fiv ee = fiv3_dot(e, e), we = fiv3_dot(w, e), ww = fiv3_dot(w, w);
    double s = mid(we) / mid(ee);
    s = s > 0 ? (s < 1 ? s : 1) : 0; /* NaN: 0 */
    *hi = norm_up(fiv3_sub(p, along(a, s, e)));
    double lo = down(fiv_sqrt_dn(ww.lo) - fiv_sqrt_up(ee.hi));
    if (ee.lo > 0) {
        fiv3 c = fiv3_cross(w, e);
        lo = fmax(lo, down(fiv_sqrt_dn(fiv3_dot(c, c).lo) / fiv_sqrt_up(ee.hi)));
    }
    if (we.hi <= 0)
        lo = fmax(lo, fiv_sqrt_dn(ww.lo));
    if (fiv_sub(we, ee).lo >= 0)
        lo = fmax(lo, fiv_sqrt_dn(fiv3_dot(wb, wb).lo));
    return pos(lo);
}

static double sq_mid(fiv3 a, fiv3 b)
{
    double s = 0;
    for (int i = 0; i < 3; i++) {
        double d = mid(a.x[i]) - mid(b.x[i]);
        s += d * d;
    }
    return s;
}

/* The point v[0], the triangle K = conv(v[1], v[2], v[3]), n = (b-a) x (c-a).
 * - D is at least the distance to K's plane, |(p - a).n| / |n|.
 * - When an edge function ((x_j - x_i) x (p - x_i)).n is certainly negative,
 *   the projection of p is outside K and D is the least edge distance.
 * - K = conv(E, v) for an edge E and the opposite vertex v, and every point
 *   of K is within dist(v, E) of E (a convex function's maximum over a hull
 *   is at a vertex): D >= dist(p, E) - dist(v, E).  E is the longest edge,
 *   where dist(v, E) is the least altitude: a degenerate triangle. */
double fccd_vf_dist(const fiv3 *v, double *hi)
{
    fiv3 p = v[0];
    double elo[3], ehi[3], emin = INFINITY, h = INFINITY, len[3];
    for (int i = 0; i < 3; i++) {
        elo[i] = seg_dist(p, v[1 + i], v[1 + (i + 1) % 3], &ehi[i]);
        emin = fmin(emin, elo[i]);
        h = fmin(h, ehi[i]);
        len[i] = sq_mid(v[1 + i], v[1 + (i + 1) % 3]);
    }
    fiv3 e1 = fiv3_sub(v[2], v[1]), e2 = fiv3_sub(v[3], v[1]), w = fiv3_sub(p, v[1]);
    fiv3 n = fiv3_cross(e1, e2);
    fiv nn = fiv3_dot(n, n);
    double lo = quot_dn(fiv3_dot(w, n), nn);
    bool outside = false;
    for (int i = 0; i < 3; i++) {
        fiv3 xi = v[1 + i], ei = fiv3_sub(v[1 + (i + 1) % 3], xi);
        outside |= fiv_neg(fiv3_dot(fiv3_cross(ei, fiv3_sub(p, xi)), n));
    }
    if (outside)
        lo = fmax(lo, emin);
    int k = len[0] >= len[1] && len[0] >= len[2] ? 0 : len[1] >= len[2] ? 1 : 2;
    double alt;
    seg_dist(v[1 + (k + 2) % 3], v[1 + k], v[1 + (k + 1) % 3], &alt);
    lo = fmax(lo, down(elo[k] - alt));
    /* the projection, when its barycentrics (doubles) are a convex
     * combination: 0 <= beta, gamma and beta + gamma < 1 in reals */
    double m2 = mid(nn), beta = mid(fiv3_dot(fiv3_cross(w, e2), n)) / m2;
    double gamma = mid(fiv3_dot(fiv3_cross(e1, w), n)) / m2;
    if (beta >= 0 && gamma >= 0 && beta + gamma <= 1 - 0x1p-50)
        h = fmin(h, norm_up(fiv3_sub(p, along(along(v[1], beta, e1), gamma, e2))));
    *hi = h;
    return pos(lo);
}

/* The segments v[0] v[1] and v[2] v[3]; e1 = b - a, e2 = d - c, w = c - a,
 * m = e1 x e2.  The squared distance f(u, v) = |a + u e1 - c - v e2|^2 is a
 * convex quadratic on the unit square.
 * - D is at least the distance of the lines, |m.w| / |m|.
 * - Its minimum is on the square's boundary (End: an endpoint against the
 *   other segment) unless the lines' closest parameters u = (w x e2).m / m.m
 *   and v = (w x e1).m / m.m are both in [0, 1]; certainly outside: D = End.
 * - Near-parallel: from an interior minimum, moving along the eigenvector of
 *   f's quadratic part with the least eigenvalue lambda <= det / (trace / 2)
 *   = 2 m.m / (e1.e1 + e2.e2) reaches the boundary within sqrt(2), so
 *   End^2 <= D^2 + 4 m.m / (e1.e1 + e2.e2); with m = 0, D = End. */
double fccd_ee_dist(const fiv3 *v, double *hi)
{
    static const int pt[4] = {0, 1, 2, 3}, sa[4] = {2, 2, 0, 0};
    double end = INFINITY, h = INFINITY, eh;
    for (int i = 0; i < 4; i++) {
        end = fmin(end, seg_dist(v[pt[i]], v[sa[i]], v[sa[i] + 1], &eh));
        h = fmin(h, eh);
    }
    fiv3 e1 = fiv3_sub(v[1], v[0]), e2 = fiv3_sub(v[3], v[2]), w = fiv3_sub(v[2], v[0]);
    fiv3 m = fiv3_cross(e1, e2);
    fiv mm = fiv3_dot(m, m), su = fiv3_dot(fiv3_cross(w, e2), m), sv = fiv3_dot(fiv3_cross(w, e1), m);
    double lo = quot_dn(fiv3_dot(m, w), mm);
    if (fiv_neg(su) || fiv_neg(sv) || fiv_neg(fiv_sub(mm, su)) || fiv_neg(fiv_sub(mm, sv)))
        lo = fmax(lo, end);
    fiv den = fiv_add(fiv3_dot(e1, e1), fiv3_dot(e2, e2));
    if (mm.hi == 0)
        lo = fmax(lo, end);
    else if (den.lo > 0 && end < INFINITY)
        lo = fmax(lo, fiv_sqrt_dn(down(down(end * end) - up(up(4 * mm.hi) / den.lo))));
    double u = mid(su) / mid(mm), t = mid(sv) / mid(mm);
    if (u >= 0 && u <= 1 && t >= 0 && t <= 1)
        h = fmin(h, norm_up(fiv3_sub(along(v[0], u, e1), along(v[2], t, e2))));
    *hi = h;
    return pos(lo);
}

/* ---- fccd_axis: plain binary64, no bound (fast_ccd.h) ---- */
typedef struct {
    double x[3];
} dv3;

static dv3 dv_sub(dv3 a, dv3 b) { return (dv3){{a.x[0] - b.x[0], a.x[1] - b.x[1], a.x[2] - b.x[2]}}; }
static dv3 dv_along(dv3 a, double s, dv3 e) { return (dv3){{a.x[0] + s * e.x[0], a.x[1] + s * e.x[1], a.x[2] + s * e.x[2]}}; }
static double dv_dot(dv3 a, dv3 b) { return a.x[0] * b.x[0] + a.x[1] * b.x[1] + a.x[2] * b.x[2]; }
static dv3 dv_cross(dv3 a, dv3 b)
{
    return (dv3){{a.x[1] * b.x[2] - a.x[2] * b.x[1], a.x[2] * b.x[0] - a.x[0] * b.x[2], a.x[0] * b.x[1] - a.x[1] * b.x[0]}};
}

/* the point of segment ab nearest to p */
static dv3 dv_seg(dv3 p, dv3 a, dv3 b)
{
    dv3 e = dv_sub(b, a);
    double ee = dv_dot(e, e), s = ee > 0 ? dv_dot(dv_sub(p, a), e) / ee : 0;
    return dv_along(a, s > 0 ? (s < 1 ? s : 1) : 0, e);
}

/* keeps q - p as *n when it is shorter than *best */
static void keep(dv3 p, dv3 q, double *best, dv3 *n)
{
    dv3 d = dv_sub(q, p);
    if (dv_dot(d, d) < *best)
        *best = dv_dot(d, d), *n = d;
}

bool fccd_axis(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, double t, double *n)
{
    dv3 v[4];
    for (int k = 0; k < 4; k++) {
        const isect_dvec3 *a0 = &t0->v[k], *a1 = &t1->v[k], *b0 = &t0->v[0], *b1 = &t1->v[0];
        double d0[3] = {a0->x - b0->x, a0->y - b0->y, a0->z - b0->z}, d1[3] = {a1->x - b1->x, a1->y - b1->y, a1->z - b1->z};
        for (int i = 0; i < 3; i++)
            v[k].x[i] = (1 - t) * d0[i] + t * d1[i];
    }
    double best = INFINITY;
    dv3 r = {{0, 0, 0}};
    if (kind == FCCD_VERTEX_FACE) {
        for (int i = 0; i < 3; i++)
            keep(v[0], dv_seg(v[0], v[1 + i], v[1 + (i + 1) % 3]), &best, &r);
        dv3 e1 = dv_sub(v[2], v[1]), e2 = dv_sub(v[3], v[1]), w = dv_sub(v[0], v[1]), m = dv_cross(e1, e2);
        double mm = dv_dot(m, m), be = dv_dot(dv_cross(w, e2), m) / mm, ga = dv_dot(dv_cross(e1, w), m) / mm;
        if (mm > 0 && be >= 0 && ga >= 0 && be + ga <= 1)
            keep(v[0], dv_along(dv_along(v[1], be, e1), ga, e2), &best, &r);
    } else {
        for (int i = 0; i < 2; i++) {
            keep(v[i], dv_seg(v[i], v[2], v[3]), &best, &r);
            keep(dv_seg(v[2 + i], v[0], v[1]), v[2 + i], &best, &r);
        }
        dv3 e1 = dv_sub(v[1], v[0]), e2 = dv_sub(v[3], v[2]), w = dv_sub(v[2], v[0]), m = dv_cross(e1, e2);
        double mm = dv_dot(m, m), u = dv_dot(dv_cross(w, e2), m) / mm, s = dv_dot(dv_cross(w, e1), m) / mm;
        if (mm > 0 && u >= 0 && u <= 1 && s >= 0 && s <= 1)
            keep(dv_along(v[0], u, e1), dv_along(v[2], s, e2), &best, &r);
    }
    for (int i = 0; i < 3; i++)
        n[i] = r.x[i];
    return best > 0 && best < INFINITY;
}
