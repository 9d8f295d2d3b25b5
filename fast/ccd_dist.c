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
 * drops a NaN candidate; a NaN or negative result reads as no bound).
 * Also here: fccd_close_hi (one witness pair's distance, an upper bound)
 * and the box tests of the search's pieces (fccd_vf_excluded,
 * fccd_ee_excluded). */
#include "fast_ccd.h"
#include "fast_overlap.h"

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
 *   End^2 <= D^2 + 4 m.m / (e1.e1 + e2.e2); with m = 0, D = End.
 * - Short segments: D >= End - min(|e1|, |e2|) (below). */
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
    fiv e11 = fiv3_dot(e1, e1), e22 = fiv3_dot(e2, e2), den = fiv_add(e11, e22);
    /* a lies within |e1| of the closest point on ab: End <= |a - cd| <= D + |e1|
     * (and so for e2): the bound left where both segments are (nearly)
     * points, m and den then too small to certify anything. */
    double el = fmin(fiv_sqrt_up(e11.hi), fiv_sqrt_up(e22.hi));
    if (end < INFINITY && el == el)
        lo = fmax(lo, down(end - el));
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

/* ---- fccd_axis: plain binary64, no bound (fast_ccd.h) ----
 * The closest points by fast_overlap.h's binary64 helpers (written for
 * binary32 differences; here only the direction they give is used, and any
 * direction keeps the axis test sound). */

/* keeps y - x as *n when it is shorter than *best */
static void keep(fv_d3 x, fv_d3 y, double *best, fv_d3 *n)
{
    fv_d3 d = fv_dsub(y, x);
    double dd = fv_ddot(d, d);
    if (dd < *best)
        *best = dd, *n = d;
}

bool fccd_axis(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, double t, double *n)
{
    fv_d3 v[4], q;
    for (int k = 0; k < 4; k++) {
        const isect_dvec3 *a0 = &t0->v[k], *a1 = &t1->v[k], *b0 = &t0->v[0], *b1 = &t1->v[0];
        fv_d3 d0 = {a0->x - b0->x, a0->y - b0->y, a0->z - b0->z}, d1 = {a1->x - b1->x, a1->y - b1->y, a1->z - b1->z};
        v[k] = fv_dadd(fv_dmul(d0, 1 - t), fv_dmul(d1, t));
    }
    double best = INFINITY;
    fv_d3 r = {0, 0, 0};
    if (kind == FCCD_VERTEX_FACE) {
        fv_d3 ap = fv_dsub(v[0], v[1]);
        ov_closest_triangle(fv_dsub(v[2], v[1]), fv_dsub(v[3], v[1]), ap, &q);
        keep(ap, q, &best, &r);
    } else {
        fv_d3 e1 = fv_dsub(v[1], v[0]), e2 = fv_dsub(v[3], v[2]);
        for (int i = 0; i < 2; i++) {
            ov_closest_segment(v[2], e2, v[i], &q);
            keep(v[i], q, &best, &r);
            ov_closest_segment(v[0], e1, v[2 + i], &q);
            keep(q, v[2 + i], &best, &r);
        }
        fv_d3 w = fv_dsub(v[2], v[0]), m = fv_dcross(e1, e2);
        double mm = fv_ddot(m, m), u = fv_ddot(fv_dcross(w, e2), m) / mm, s = fv_ddot(fv_dcross(w, e1), m) / mm;
        if (mm > 0 && u >= 0 && u <= 1 && s >= 0 && s <= 1)
            keep(fv_dadd(v[0], fv_dmul(e1, u)), fv_dadd(v[2], fv_dmul(e2, s)), &best, &r);
    }
    n[0] = r.x, n[1] = r.y, n[2] = r.z;
    return best > 0 && best < INFINITY;
}

/* ---- fccd_close_hi: an upper bound from one witness pair (fast_ccd.h) ----
 * The parameters of the closest points come from the enclosures' middles
 * in plain binary64 (no bound: any parameters in range give points on the
 * shapes); only the one pair found closest is then evaluated with the
 * interval operations. */

/* the closest parameter of p on x + s e, clamped to [0, 1] (0 for e = 0 or NaN) */
static double seg_param(fv_d3 x, fv_d3 e, fv_d3 p)
{
    double s = fv_ddot(e, fv_dsub(p, x)) / fv_ddot(e, e);
    return s > 0 ? (s < 1 ? s : 1) : 0;
}

/* |x + s e - p|^2 in plain binary64 */
static double seg_sq(fv_d3 x, double s, fv_d3 e, fv_d3 p)
{
    fv_d3 c = fv_dsub(fv_dadd(x, fv_dmul(e, s)), p);
    return fv_ddot(c, c);
}

double fccd_close_hi(fccd_kind kind, const fiv3 *v)
{
    fv_d3 m[4]; /* the enclosures' middles */
    for (int k = 0; k < 4; k++)
        m[k] = (fv_d3){mid(v[k].x[0]), mid(v[k].x[1]), mid(v[k].x[2])};
    if (kind == FCCD_EDGE_EDGE) {
        /* a + u e1 against c + t e2: the four endpoint pairs, then the
         * lines' closest parameters when both are in [0, 1] */
        fv_d3 e1 = fv_dsub(m[1], m[0]), e2 = fv_dsub(m[3], m[2]), w = fv_dsub(m[2], m[0]), mc = fv_dcross(e1, e2);
        double u[5] = {0, 1, seg_param(m[0], e1, m[2]), seg_param(m[0], e1, m[3]), 0};
        double t[5] = {seg_param(m[2], e2, m[0]), seg_param(m[2], e2, m[1]), 0, 1, 0};
        double mm = fv_ddot(mc, mc);
        u[4] = fv_ddot(fv_dcross(w, e2), mc) / mm, t[4] = fv_ddot(fv_dcross(w, e1), mc) / mm;
        int n = u[4] >= 0 && u[4] <= 1 && t[4] >= 0 && t[4] <= 1 ? 5 : 4, k = 0;
        double best = INFINITY;
        for (int i = 0; i < n; i++) {
            double d = seg_sq(m[0], u[i], e1, fv_dadd(m[2], fv_dmul(e2, t[i])));
            if (d < best)
                best = d, k = i;
        }
        return norm_up(fiv3_sub(along(v[0], u[k], fiv3_sub(v[1], v[0])), along(v[2], t[k], fiv3_sub(v[3], v[2]))));
    }
    /* vertex-face: the projection when its barycentrics (doubles) make a
     * convex combination (as fccd_vf_dist), else the closest of the three
     * edges' points */
    fv_d3 e1 = fv_dsub(m[2], m[1]), e2 = fv_dsub(m[3], m[1]), e3 = fv_dsub(m[3], m[2]), w = fv_dsub(m[0], m[1]);
    fv_d3 n = fv_dcross(e1, e2);
    double nn = fv_ddot(n, n), beta = fv_ddot(fv_dcross(w, e2), n) / nn, gamma = fv_ddot(fv_dcross(e1, w), n) / nn;
    fiv3 E1 = fiv3_sub(v[2], v[1]), E2 = fiv3_sub(v[3], v[1]);
    if (beta >= 0 && gamma >= 0 && beta + gamma <= 1 - 0x1p-50)
        return norm_up(fiv3_sub(v[0], along(along(v[1], beta, E1), gamma, E2)));
    double sab = seg_param(m[1], e1, m[0]), sac = seg_param(m[1], e2, m[0]), sbc = seg_param(m[2], e3, m[0]);
    double dab = seg_sq(m[1], sab, e1, m[0]), dac = seg_sq(m[1], sac, e2, m[0]), dbc = seg_sq(m[2], sbc, e3, m[0]);
    if (dab <= dac && dab <= dbc)
        return norm_up(fiv3_sub(v[0], along(v[1], sab, E1)));
    if (dac <= dbc)
        return norm_up(fiv3_sub(v[0], along(v[1], sac, E2)));
    return norm_up(fiv3_sub(v[0], along(v[2], sbc, fiv3_sub(v[3], v[2]))));
}

/* ---- the box tests (fast_ccd.h) ---- */

static fiv3 hull(fiv3 a, fiv3 b)
{
    for (int i = 0; i < 3; i++) {
        a.x[i] = fiv_join(a.x[i], b.x[i]);
    }
    return a;
}

static bool apart(fiv3 a, fiv3 b)
{
    for (int i = 0; i < 3; i++)
        if (a.x[i].hi < b.x[i].lo || b.x[i].hi < a.x[i].lo)
            return true;
    return false;
}

/* p on the triangle abc implies ((b-a) x (p-a)) . n >= 0 for n = (b-a) x (c-a)
 * (it is the barycentric of c times |n|^2), and likewise for the other two
 * edges; all four points coplanar. */
bool fccd_vf_excluded(const fiv3 *v)
{
    if (apart(v[0], hull(v[1], hull(v[2], v[3]))))
        return true;
    fiv3 ab = fiv3_sub(v[2], v[1]), ac = fiv3_sub(v[3], v[1]), ap = fiv3_sub(v[0], v[1]);
    fiv3 n = fiv3_cross(ab, ac);
    if (fiv_nonzero(fiv3_dot(n, ap)))
        return true;
    fiv3 bc = fiv3_sub(v[3], v[2]), bp = fiv3_sub(v[0], v[2]), cp = fiv3_sub(v[0], v[3]);
    fiv3 ca = fiv3_sub(v[1], v[3]);
    return fiv_neg(fiv3_dot(fiv3_cross(ab, ap), n)) || fiv_neg(fiv3_dot(fiv3_cross(bc, bp), n)) ||
           fiv_neg(fiv3_dot(fiv3_cross(ca, cp), n));
}

/* a + u e1 = c + v e2 with u, v in [0, 1] implies, for m = e1 x e2 and
 * w = c - a: (w x e2).m = u m.m and (w x e1).m = v m.m, each in [0, m.m];
 * and the four points coplanar. */
bool fccd_ee_excluded(const fiv3 *v)
{
    if (apart(hull(v[0], v[1]), hull(v[2], v[3])))
        return true;
    fiv3 e1 = fiv3_sub(v[1], v[0]), e2 = fiv3_sub(v[3], v[2]), w = fiv3_sub(v[2], v[0]);
    fiv3 m = fiv3_cross(e1, e2);
    if (fiv_nonzero(fiv3_dot(m, fiv3_sub(v[3], v[0])))) /* -det(b-a, c-a, d-a) */
        return true;
    fiv mm = fiv3_dot(m, m), su = fiv3_dot(fiv3_cross(w, e2), m), sv = fiv3_dot(fiv3_cross(w, e1), m);
    return fiv_neg(su) || fiv_neg(sv) || fiv_neg(fiv_sub(mm, su)) || fiv_neg(fiv_sub(mm, sv));
}
