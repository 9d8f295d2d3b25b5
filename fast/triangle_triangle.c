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
 * The common path has two branches (a triangle strictly on one side of
 * the other's plane, a miss) and one to each cold path (an uncertain side,
 * an uncertain orientation): every other test is combined as integers.
 */
#include "fast_overlap.h"
#include "fast_tri_exact.h"
#include "triangle_triangle_exact.h"

/* ---- filter --------------------------------------------------------------------- */

/* The triple product o = (x - t0).n, n = e1 x e2 (the side of x against
 * the plane through t0 spanned by e1, e2), and its bound *g =
 * FB_CERT_TRIPLE ov_abs_triple(x - t0, e1, e2), from m =
 * ov_cross_terms(e1, e2) (fast/fast_overlap.h), computed once per plane. */
static inline double side(fv_d3 x, fv_d3 t0, fv_d3 n, fv_d3 m, double *g)
{
    fv_d3 w = fv_dsub(x, t0);
    *g = FB_CERT_TRIPLE * ov_abs_triple_terms(w, m);
    return fv_ddot(w, n);
}

/* The certified sides of the points x[k] with respect to the plane of t,
 * as bit masks: bit k of *pos (*neg) set when x[k] is certainly above
 * (below) it (|o| > g), neither when not certain; gs[k] the bound.  The
 * comparisons are combined as integers: no branch. */
static inline void sides(const fv_d3 *t, const fv_d3 *x, int *pos, int *neg, double *gs)
{
    fv_d3 e1 = fv_dsub(t[1], t[0]), e2 = fv_dsub(t[2], t[0]), n = fv_dcross(e1, e2), m = ov_cross_terms(e1, e2);
    double o0 = side(x[0], t[0], n, m, &gs[0]), o1 = side(x[1], t[0], n, m, &gs[1]),
           o2 = side(x[2], t[0], n, m, &gs[2]);
    *pos = (o0 > gs[0]) | (o1 > gs[1]) << 1 | (o2 > gs[2]) << 2;
    *neg = (-o0 > gs[0]) | (-o1 > gs[1]) << 1 | (-o2 > gs[2]) << 2;
}

/* A vertex whose side is strictly above both others' or strictly below
 * both, from exact (or certified) sides' masks: pos and neg disjoint, the
 * signs not all equal.  The only positive side when there is one (the
 * others are 0 or negative); else the only negative one; else two sides
 * are of one sign and the third is 0: that one.  No branch: sp (sn) is 1
 * when pos (neg, and pos is not) is the mask of one side (0x16 has the
 * bits 1, 2 and 4), the chosen mask is selected by and-ing with -1 or 0,
 * and its one bit 2^k gives k = mask / 2. */
static inline int lone(int pos, int neg)
{
    int sp = (0x16 >> pos) & 1, sn = (0x16 >> neg) & 1 & ~sp;
    return ((pos & -sp) | (neg & -sn) | (7 & ~(pos | neg) & (sp + sn - 1))) >> 1;
}

/* Both triangles non-degenerate, their planes crossing in the line L,
 * neither strictly on one side of the other's plane: A meets the plane of
 * B in the segment between the points alpha_x where the lines p1 x (p1 =
 * a[lone(pa, na)], x the other two vertices) meet B's plane (alpha_x = x for x in
 * the plane, = p1 for p1 in the plane), since the sides of the two x differ
 * from p1's in the same direction; B likewise with p2, beta_y.  The four
 * orientations orient(p1, x, p2, y) = c (beta_y - alpha_x) along L, one
 * constant c != 0 for the four (docs/queries/triangle_triangle.md): a miss
 * iff all four are of one strict sign; a zero is a common point.
 * crossing_orients: the four in binary64, o[u] and its bound g[u] (the
 * value and bound tx_orient3(p1, x, p2, y) computes, term for term: pq =
 * p2 - p1, the cross product pq x (y - p1) and its magnitude terms once
 * for both x), u = 2 xi + yi for x = a[(i + 1 + xi) % 3], y = b[(j + 1 +
 * yi) % 3]; the third index of 0, 1, 2 is 3 minus the other two. */
typedef struct {
    int i, j;          /* p1 = a[i], p2 = b[j] */
    double o[4], g[4]; /* orient(p1, x, p2, y) and its bound */
} crossing;

static inline int next3(int i) { return (unsigned)(i + 1) % 3; }

static inline void crossing_orients(crossing *c, const fv_d3 *a, const fv_d3 *b, int i, int j)
{
    int i1 = next3(i), j1 = next3(j);
    fv_d3 p1 = a[i], pq = fv_dsub(b[j], p1), x0 = a[i1], x1 = a[3 - i - i1];
    fv_d3 y0 = fv_dsub(b[j1], p1), y1 = fv_dsub(b[3 - j - j1], p1);
    fv_d3 n0 = fv_dcross(pq, y0), n1 = fv_dcross(pq, y1), m0 = ov_cross_terms(pq, y0), m1 = ov_cross_terms(pq, y1);
    c->i = i;
    c->j = j;
    c->o[0] = side(x0, p1, n0, m0, &c->g[0]);
    c->o[1] = side(x0, p1, n1, m1, &c->g[1]);
    c->o[2] = side(x1, p1, n0, m0, &c->g[2]);
    c->o[3] = side(x1, p1, n1, m1, &c->g[3]);
}

/* crossing_hit's uncertain orientations (bit u of cp | cn clear): 0 for
 * g = 0, else tx_orient3_exact_split's; cp (cn) the masks of the
 * certainly positive (negative) ones.  A positive and a negative one
 * already make the answer a hit. */
static ISECT_NOINLINE bool crossing_exact(const isect_triangle *ta, const isect_triangle *tb, const crossing *c, int cp,
                                          int cn)
{
    if (cp && cn)
        return true;
    const isect_vec3 av[3] = {ta->v0, ta->v1, ta->v2}, bv[3] = {tb->v0, tb->v1, tb->v2};
    int i1 = next3(c->i), j1 = next3(c->j);
    for (int u = 0; u < 4; u++)
        if (!((cp | cn) >> u & 1) && c->g[u] != 0) {
            int ix = u >> 1 ? 3 - c->i - i1 : i1, jy = u & 1 ? 3 - c->j - j1 : j1;
            int s = tx_orient3_exact_split(av[c->i], av[ix], bv[c->j], bv[jy]);
            cp |= (s > 0) << u;
            cn |= (s < 0) << u;
        }
    return cp != 15 && cn != 15;
}

/* The crossing test (above) with the sides' masks of a's vertices (pa, na)
 * and b's (pb, nb): the four certified signs combined as integers, one
 * branch to crossing_exact when one is not certain. */
static inline bool crossing_hit(const isect_triangle *ta, const isect_triangle *tb, const fv_d3 *a, const fv_d3 *b,
                                int pa, int na, int pb, int nb)
{
    crossing c;
    crossing_orients(&c, a, b, lone(pa, na), lone(pb, nb));
    int cp = (c.o[0] > c.g[0]) | (c.o[1] > c.g[1]) << 1 | (c.o[2] > c.g[2]) << 2 | (c.o[3] > c.g[3]) << 3,
        cn = (-c.o[0] > c.g[0]) | (-c.o[1] > c.g[1]) << 1 | (-c.o[2] > c.g[2]) << 2 | (-c.o[3] > c.g[3]) << 3;
    if (ISECT_UNLIKELY((cp | cn) != 15))
        return crossing_exact(ta, tb, &c, cp, cn);
    return (cp != 15) & (cn != 15);
}

/* A pair with an uncertain side: the exact path
 * (fast/triangle_triangle_exact.c: the sides exactly, the coplanar and
 * degenerate pairs); its answer 0 or 1, or 2 with the exact sides' masks
 * in *pa, *na, *pb, *nb (the planes cross: crossing_hit). */
static ISECT_NOINLINE int uncertain_sides(const isect_triangle *ta, const isect_triangle *tb, int *pa, int *na,
                                          int *pb, int *nb, const double *ga, const double *gb)
{
    const isect_vec3 av[3] = {ta->v0, ta->v1, ta->v2}, bv[3] = {tb->v0, tb->v1, tb->v2};
    int sa[3], sb[3];
    for (int k = 0; k < 3; k++) {
        sa[k] = (*pa >> k & 1) - (*na >> k & 1);
        sb[k] = (*pb >> k & 1) - (*nb >> k & 1);
    }
    int r = isect_triangle_triangle_exact(av, bv, sa, sb, ga, gb);
    *pa = (sa[0] > 0) | (sa[1] > 0) << 1 | (sa[2] > 0) << 2;
    *na = (sa[0] < 0) | (sa[1] < 0) << 1 | (sa[2] < 0) << 2;
    *pb = (sb[0] > 0) | (sb[1] > 0) << 1 | (sb[2] > 0) << 2;
    *nb = (sb[0] < 0) | (sb[1] < 0) << 1 | (sb[2] < 0) << 2;
    return r;
}

/* The sides certified in binary64 (sides); a triangle strictly on one
 * side (a mask 7, the only one with bit 3 in mask + 1): a miss; an
 * uncertain side: uncertain_sides; else (or when the exact sides say the
 * planes cross) crossing_hit. */
static bool triangle_triangle_hit(const isect_triangle *ta, const isect_triangle *tb)
{
    const fv_d3 a[3] = {fv_d(ta->v0), fv_d(ta->v1), fv_d(ta->v2)}, b[3] = {fv_d(tb->v0), fv_d(tb->v1), fv_d(tb->v2)};
    int pa, na, pb, nb;
    double ga[3], gb[3];
    sides(a, b, &pb, &nb, gb);
    if (((pb + 1) | (nb + 1)) & 8)
        return false;
    sides(b, a, &pa, &na, ga);
    if (((pa + 1) | (na + 1)) & 8)
        return false;
    if (ISECT_UNLIKELY(((pa | na) & (pb | nb)) != 7)) {
        int r = uncertain_sides(ta, tb, &pa, &na, &pb, &nb, ga, gb);
        if (r != 2)
            return r;
    }
    return crossing_hit(ta, tb, a, b, pa, na, pb, nb);
}

bool isect_triangle_triangle(isect_triangle ta, isect_triangle tb, isect_triangle_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    bool hit = triangle_triangle_hit(&ta, &tb);
    if (out)
        out->hit = hit;
    return hit;
}
