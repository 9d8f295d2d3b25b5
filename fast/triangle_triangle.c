/* fast/triangle_triangle.c: closed triangles share a point, binary32
 * inputs, exact answer (ref's for every finite input).
 *
 * Sides: the orientations n.(x - o), n = e1 x e2, of each triangle's
 * vertices against the other's plane, in binary64 certified by
 * FB_CERT_TRIPLE (fast/fast_bounds.h), the uncertain ones exactly in the
 * exact path (fast/triangle_triangle_exact.c, with the validity test: a
 * non-finite input certifies nothing and comes there); all strictly on one
 * side: a miss.  Then, with these exact signs
 * (docs/queries/triangle_triangle.md, "Exact"):
 * - b in the plane of a non-degenerate a (or a in b's): coplanar, a 2D
 *   separating-edge test in a coordinate plane (the exact path);
 * - a degenerate triangle: its hull against the other (the exact path);
 * - else the planes cross in a line L that both triangles meet in a
 *   segment (or a point), and the segments overlap iff the four
 *   orientations orient(p1, x, p2, y) are not all of one strict sign, p1
 *   (p2) the vertex of A (B) whose side is strictly above or below both
 *   others', x (y) one of the other two (crossing_hit): zero sides
 *   included.
 * crossing_hit's uncertain orientations: tx_orient3_exact_split.
 */
#include "fast_overlap.h"
#include "fast_tri_exact.h"
#include "triangle_triangle_exact.h"

/* ---- filter --------------------------------------------------------------------- */

/* The certified sides s[k] of the points x[k] with respect to the plane of
 * t (0: not certain); returns +1 or -1 when all three are certainly on that
 * side, else 0.  n = e1 x e2 and its magnitude terms m, so that the bound
 * is ov_abs_triple(w, e1, e2) term for term. */
static int sides(const fv_d3 *t, const fv_d3 *x, int *s, double *gs)
{
    fv_d3 e1 = fv_dsub(t[1], t[0]), e2 = fv_dsub(t[2], t[0]), n = fv_dcross(e1, e2);
    fv_d3 m = {fabs(e1.y * e2.z) + fabs(e1.z * e2.y), fabs(e1.z * e2.x) + fabs(e1.x * e2.z),
               fabs(e1.x * e2.y) + fabs(e1.y * e2.x)};
    for (int k = 0; k < 3; k++) {
        fv_d3 w = fv_dsub(x[k], t[0]);
        double o = fv_ddot(w, n), g = FB_CERT_TRIPLE * (fabs(w.x) * m.x + fabs(w.y) * m.y + fabs(w.z) * m.z);
        s[k] = o > g ? 1 : -o > g ? -1 : 0;
        gs[k] = g;
    }
    return s[0] == s[1] && s[0] == s[2] ? s[0] : 0;
}

/* A vertex whose side is strictly above both others' or strictly below
 * both (the signs are not all equal, so one exists). */
static int lone(const int *s)
{
    for (int k = 0; k < 2; k++) {
        int x = s[(k + 1) % 3], y = s[(k + 2) % 3];
        if ((s[k] > x && s[k] > y) || (s[k] < x && s[k] < y))
            return k;
    }
    return 2;
}

/* Both triangles non-degenerate, their planes crossing in the line L,
 * neither strictly on one side of the other's plane: A meets the plane of
 * B in the segment between the points alpha_x where the lines p1 x (p1 =
 * lone(sa), x the other two vertices) meet B's plane (alpha_x = x for x in
 * the plane, = p1 for p1 in the plane), since the sides of the two x differ
 * from p1's in the same direction; B likewise with p2, beta_y.  The four
 * orientations orient(p1, x, p2, y) = c (beta_y - alpha_x) along L, one
 * constant c != 0 for the four (docs/queries/triangle_triangle.md): a miss
 * iff all four are of one strict sign; a zero is a common point.  Each sign
 * is the binary64 one when FB_CERT_TRIPLE certifies it (the value and
 * bound tx_orient3(p1, x, p2, y) computes), else 0 for g = 0, else
 * tx_orient3_exact_split's. */
static bool crossing_hit(const isect_vec3 *av, const isect_vec3 *bv, const fv_d3 *a, const fv_d3 *b, const int *sa,
                         const int *sb)
{
    int i = lone(sa), j = lone(sb), pos = 0, neg = 0;
    fv_d3 pq = fv_dsub(b[j], a[i]);
    for (int x = 1; x < 3; x++) {
        int ix = (i + x) % 3;
        fv_d3 px = fv_dsub(a[ix], a[i]);
        for (int y = 1; y < 3; y++) {
            int jy = (j + y) % 3;
            fv_d3 py = fv_dsub(b[jy], a[i]);
            double o = fv_ddot(px, fv_dcross(pq, py)), g = FB_CERT_TRIPLE * ov_abs_triple(px, pq, py);
            int s = o > g ? 1 : -o > g ? -1 : g == 0 ? 0 : tx_orient3_exact_split(av[i], av[ix], bv[j], bv[jy]);
            pos += s > 0;
            neg += s < 0;
        }
    }
    return pos != 4 && neg != 4;
}

/* The sides certified in binary64 (sides); a triangle strictly on one
 * side: a miss; an uncertain side: the exact path
 * (fast/triangle_triangle_exact.c: the sides exactly, the coplanar and
 * degenerate pairs); else crossing_hit. */
static bool triangle_triangle_hit(isect_triangle ta, isect_triangle tb)
{
    const fv_d3 a[3] = {fv_d(ta.v0), fv_d(ta.v1), fv_d(ta.v2)}, b[3] = {fv_d(tb.v0), fv_d(tb.v1), fv_d(tb.v2)};
    int sa[3], sb[3];
    double ga[3], gb[3];
    if (sides(a, b, sb, gb) != 0 || sides(b, a, sa, ga) != 0)
        return false;
    const isect_vec3 av[3] = {ta.v0, ta.v1, ta.v2}, bv[3] = {tb.v0, tb.v1, tb.v2};
    if (!sa[0] || !sa[1] || !sa[2] || !sb[0] || !sb[1] || !sb[2]) {
        int r = isect_triangle_triangle_exact(av, bv, sa, sb, ga, gb);
        if (r != 2)
            return r;
    }
    return crossing_hit(av, bv, a, b, sa, sb);
}

bool isect_triangle_triangle(isect_triangle ta, isect_triangle tb, isect_triangle_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    bool hit = triangle_triangle_hit(ta, tb);
    if (out)
        out->hit = hit;
    return hit;
}
