/* fast/triangle_triangle.c: closed triangles share a point, binary32
 * inputs, exact answer (ref's for every finite input).
 *
 * Filter (binary64, every sign certified by FB_CERT_TRIPLE,
 * fast/fast_bounds.h): the sides of each triangle's vertices with respect
 * to the other's plane (orientations n.(x - o), n = e1 x e2); all strictly
 * on one side is a miss.  When every vertex is strictly off the other plane
 * and both triangles straddle, each meets the line L of the two planes in a
 * segment, and the segments overlap iff the four orientations
 * orient(p1, x, p2, y), p1 (p2) the vertex of A (B) alone on its side and
 * x (y) one of the other two, are not all of one strict sign (the sign of
 * each orders the points where the edges p1 x and p2 y cross L:
 * docs/queries/triangle_triangle.md, "Exact").  Any sign the bound cannot
 * certify sends the query to the exact path: the same decisions in
 * expansion arithmetic (fe, fast/fast_exact.h), and for coplanar,
 * touching or degenerate pairs the edge test: two closed triangles meet iff
 * an edge of one meets the other.
 */
#include "fast_overlap.h"
#include "fast_tri_exact.h"

/* ---- exact path (fast/fast_tri_exact.h) ---------------------------------------- */

/* Two closed triangles meet iff an edge of one meets the other: their
 * common points on the line of two crossing planes form the overlap of two
 * segments whose ends lie on edges; coplanar convex sets either cross at
 * their boundaries or one holds the other; a degenerate triangle is the
 * union of its edges. */
static bool triangle_triangle_exact(isect_triangle ta, isect_triangle tb)
{
    tx_tri a, b;
    tx_tri_init(&a, ta.v0, ta.v1, ta.v2);
    tx_tri_init(&b, tb.v0, tb.v1, tb.v2);
    int sa[3], sb[3]; /* sa: a's vertices against b's plane */
    for (int k = 0; k < 3; k++) {
        sa[k] = b.k < 0 ? 0 : tx_side(&b, a.v[k]);
        sb[k] = a.k < 0 ? 0 : tx_side(&a, b.v[k]);
    }
    if ((tx_same_strict(sa[0], sa[1]) && tx_same_strict(sa[0], sa[2])) ||
        (tx_same_strict(sb[0], sb[1]) && tx_same_strict(sb[0], sb[2])))
        return false;
    for (int k = 0; k < 3; k++) {
        int l = (k + 1) % 3;
        if (tx_segment_meets_triangle(a.v[k], a.v[l], sa[k], sa[l], &b) ||
            tx_segment_meets_triangle(b.v[k], b.v[l], sb[k], sb[l], &a))
            return true;
    }
    return false;
}

/* ---- filter --------------------------------------------------------------------- */

/* The sign of x.(y x z) for binary64 differences of binary32 values, if
 * FB_CERT_TRIPLE certifies it, else 0. */
static int triple_sign(fv_d3 x, fv_d3 y, fv_d3 z)
{
    double o = fv_ddot(x, fv_dcross(y, z)), g = FB_CERT_TRIPLE * ov_abs_triple(x, y, z);
    return o > g ? 1 : -o > g ? -1 : 0;
}

/* The certified sides s[k] of the points x[k] with respect to the plane of
 * t (0: not certain); returns +1 or -1 when all three are certainly on that
 * side, else 0.  n = e1 x e2 and its magnitude terms m, so that the bound
 * is ov_abs_triple(w, e1, e2) term for term. */
static int sides(const fv_d3 *t, const fv_d3 *x, int *s)
{
    fv_d3 e1 = fv_dsub(t[1], t[0]), e2 = fv_dsub(t[2], t[0]), n = fv_dcross(e1, e2);
    fv_d3 m = {fabs(e1.y * e2.z) + fabs(e1.z * e2.y), fabs(e1.z * e2.x) + fabs(e1.x * e2.z),
               fabs(e1.x * e2.y) + fabs(e1.y * e2.x)};
    for (int k = 0; k < 3; k++) {
        fv_d3 w = fv_dsub(x[k], t[0]);
        double o = fv_ddot(w, n), g = FB_CERT_TRIPLE * (fabs(w.x) * m.x + fabs(w.y) * m.y + fabs(w.z) * m.z);
        s[k] = o > g ? 1 : -o > g ? -1 : 0;
    }
    return s[0] == s[1] && s[0] == s[2] ? s[0] : 0;
}

/* The vertex alone on its side (the signs are strict and not all equal). */
static int lone(const int *s) { return s[1] == s[2] ? 0 : s[0] == s[2] ? 1 : 2; }

/* 1 hit, 0 miss, -1 undecided. */
static int triangle_triangle_certified(const fv_d3 *a, const fv_d3 *b)
{
    int sa[3], sb[3];
    if (sides(a, b, sb) != 0 || sides(b, a, sa) != 0)
        return 0;
    if (!sa[0] || !sa[1] || !sa[2] || !sb[0] || !sb[1] || !sb[2])
        return -1;
    int i = lone(sa), j = lone(sb), pos = 0, neg = 0;
    fv_d3 pq = fv_dsub(b[j], a[i]);
    for (int x = 1; x < 3; x++) {
        fv_d3 px = fv_dsub(a[(i + x) % 3], a[i]);
        for (int y = 1; y < 3; y++) {
            int s = triple_sign(px, pq, fv_dsub(b[(j + y) % 3], a[i]));
            if (s == 0)
                return -1;
            pos += s > 0;
            neg += s < 0;
        }
    }
    return pos && neg ? 1 : 0;
}

bool isect_triangle_triangle(isect_triangle ta, isect_triangle tb, isect_triangle_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!fv_finite3(ta.v0) || !fv_finite3(ta.v1) || !fv_finite3(ta.v2) || !fv_finite3(tb.v0) || !fv_finite3(tb.v1) ||
        !fv_finite3(tb.v2))
        return false;
    const fv_d3 a[3] = {fv_d(ta.v0), fv_d(ta.v1), fv_d(ta.v2)}, b[3] = {fv_d(tb.v0), fv_d(tb.v1), fv_d(tb.v2)};
    int certain = triangle_triangle_certified(a, b);
    bool hit = certain < 0 ? triangle_triangle_exact(ta, tb) : certain == 1;
    if (out)
        out->hit = hit;
    return hit;
}
