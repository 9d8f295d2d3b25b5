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
#include "fast_exact.h"
#include "fast_overlap.h"

/* ---- exact path --------------------------------------------------------------- */

/* orient(p, q, r, s) = (q - p).((r - p) x (s - p)), exactly; its sign. */
static int orient3_exact(isect_vec3 p, isect_vec3 q, isect_vec3 r, isect_vec3 s)
{
    fe qp[3], rp[3], sp[3], c[3];
    fe_diff3(qp, q, p);
    fe_diff3(rp, r, p);
    fe_diff3(sp, s, p);
    fe_cross3(c, rp, sp);
    fe d = fe_dot3(qp, c);
    return fe_sign(&d);
}

/* orient2d(p, q, r) in the coordinates i, j, exactly. */
static int orient2_exact(isect_vec3 p, isect_vec3 q, isect_vec3 r, int i, int j)
{
    fe qi = fe_diff(fv_comp(q, i), fv_comp(p, i)), qj = fe_diff(fv_comp(q, j), fv_comp(p, j));
    fe ri = fe_diff(fv_comp(r, i), fv_comp(p, i)), rj = fe_diff(fv_comp(r, j), fv_comp(p, j));
    fe s = fe_mul(&qi, &rj), t = fe_mul(&qj, &ri), o = fe_add(&s, &t, -1);
    return fe_sign(&o);
}

static bool same_strict(int s, int t) { return s * t > 0; }

/* The closed segments p q and r s of the coordinate plane (i, j) meet
 * (either may be a point). */
static bool segments_meet2(isect_vec3 p, isect_vec3 q, isect_vec3 r, isect_vec3 s, int i, int j)
{
    int o1 = orient2_exact(p, q, r, i, j), o2 = orient2_exact(p, q, s, i, j);
    if (same_strict(o1, o2))
        return false;
    int o3 = orient2_exact(r, s, p, i, j), o4 = orient2_exact(r, s, q, i, j);
    if (same_strict(o3, o4))
        return false;
    if (o1 || o2 || o3 || o4)
        return true;
    /* collinear: the coordinate ranges overlap in both coordinates (one of
     * them is one to one on the common line) */
    for (int k = 0; k < 2; k++) {
        int c = k ? j : i;
        float a0 = fv_comp(p, c), a1 = fv_comp(q, c), b0 = fv_comp(r, c), b1 = fv_comp(s, c);
        if (isect_fmaxf(a0, a1) < isect_fminf(b0, b1) || isect_fmaxf(b0, b1) < isect_fminf(a0, a1))
            return false;
    }
    return true;
}

/* The closed segments p q and r s of space meet: coplanar, and their
 * projections on the three coordinate planes meet (one of them is one to
 * one on a plane that holds both). */
static bool segments_meet(isect_vec3 p, isect_vec3 q, isect_vec3 r, isect_vec3 s)
{
    if (orient3_exact(p, q, r, s) != 0)
        return false;
    return segments_meet2(p, q, r, s, 1, 2) && segments_meet2(p, q, r, s, 2, 0) && segments_meet2(p, q, r, s, 0, 1);
}

typedef struct {
    isect_vec3 v[3];
    fe n[3]; /* (v1 - v0) x (v2 - v0), exactly */
    int k;   /* a coordinate with n_k != 0, or -1 (a degenerate triangle) */
} tri_exact;

static void tri_exact_init(tri_exact *t, isect_vec3 v0, isect_vec3 v1, isect_vec3 v2)
{
    fe e1[3], e2[3];
    t->v[0] = v0;
    t->v[1] = v1;
    t->v[2] = v2;
    fe_diff3(e1, v1, v0);
    fe_diff3(e2, v2, v0);
    fe_cross3(t->n, e1, e2);
    t->k = fe_sign(&t->n[0]) ? 0 : fe_sign(&t->n[1]) ? 1 : fe_sign(&t->n[2]) ? 2 : -1;
}

/* The side of x with respect to t's plane, n.(x - v0), exactly. */
static int side_exact(const tri_exact *t, isect_vec3 x)
{
    fe w[3];
    fe_diff3(w, x, t->v[0]);
    fe d = fe_dot3(t->n, w);
    return fe_sign(&d);
}

/* p in the closed non-degenerate triangle t, p in its plane. */
static bool in_triangle2(const tri_exact *t, isect_vec3 p)
{
    int i = (t->k + 1) % 3, j = (t->k + 2) % 3, s = fe_sign(&t->n[t->k]);
    return s * orient2_exact(t->v[0], t->v[1], p, i, j) >= 0 && s * orient2_exact(t->v[1], t->v[2], p, i, j) >= 0 &&
           s * orient2_exact(t->v[2], t->v[0], p, i, j) >= 0;
}

/* The closed segment p q meets the closed triangle t; sp, sq the sides of
 * p and q (side_exact; 0 for a degenerate t). */
static bool segment_meets_triangle(isect_vec3 p, isect_vec3 q, int sp, int sq, const tri_exact *t)
{
    const isect_vec3 *v = t->v;
    if (t->k < 0) /* a segment or a point: the union of its edges */
        return segments_meet(p, q, v[0], v[1]) || segments_meet(p, q, v[1], v[2]) || segments_meet(p, q, v[2], v[0]);
    if (same_strict(sp, sq))
        return false;
    if (sp == 0 && sq == 0) /* in the plane: an end inside, or it crosses an edge */
        return in_triangle2(t, p) || in_triangle2(t, q) || segments_meet(p, q, v[0], v[1]) ||
               segments_meet(p, q, v[1], v[2]) || segments_meet(p, q, v[2], v[0]);
    /* the line crosses the plane at one point of the segment: inside iff the
     * three edge orientations have no two strict opposite signs */
    int o0 = orient3_exact(p, q, v[0], v[1]), o1 = orient3_exact(p, q, v[1], v[2]), o2 = orient3_exact(p, q, v[2], v[0]);
    return !((o0 > 0 || o1 > 0 || o2 > 0) && (o0 < 0 || o1 < 0 || o2 < 0));
}

/* Two closed triangles meet iff an edge of one meets the other: their
 * common points on the line of two crossing planes form the overlap of two
 * segments whose ends lie on edges; coplanar convex sets either cross at
 * their boundaries or one holds the other; a degenerate triangle is the
 * union of its edges. */
static bool triangle_triangle_exact(isect_triangle ta, isect_triangle tb)
{
    tri_exact a, b;
    tri_exact_init(&a, ta.v0, ta.v1, ta.v2);
    tri_exact_init(&b, tb.v0, tb.v1, tb.v2);
    int sa[3], sb[3]; /* sa: a's vertices against b's plane */
    for (int k = 0; k < 3; k++) {
        sa[k] = b.k < 0 ? 0 : side_exact(&b, a.v[k]);
        sb[k] = a.k < 0 ? 0 : side_exact(&a, b.v[k]);
    }
    if ((same_strict(sa[0], sa[1]) && same_strict(sa[0], sa[2])) ||
        (same_strict(sb[0], sb[1]) && same_strict(sb[0], sb[2])))
        return false;
    for (int k = 0; k < 3; k++) {
        int l = (k + 1) % 3;
        if (segment_meets_triangle(a.v[k], a.v[l], sa[k], sa[l], &b) ||
            segment_meets_triangle(b.v[k], b.v[l], sb[k], sb[l], &a))
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
