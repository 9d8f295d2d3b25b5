/* fast/fast_tri_exact.h: exact segment, triangle and box predicates for
 * the exact paths of triangle_triangle and aabb_triangle (issue 14), in fe
 * expansions (fast/fast_exact.h): every value below is a polynomial of
 * degree <= 3 in binary32 inputs, held exactly, so every sign is exact.
 * Closed sets throughout; a degenerate triangle (n = 0 exactly) is the hull
 * of its vertices, the union of its edges; a segment may be a point.
 * docs/queries/triangle_triangle.md and aabb_triangle.md, "Exact".
 * Internal to libisect.
 */
#ifndef ISECT_FAST_TRI_EXACT_H
#define ISECT_FAST_TRI_EXACT_H

#include "fast_bounds.h"
#include "fast_exact.h"
#include "fast_overlap.h"
#include "fast_vec3.h"

/* The exact differences a - b of binary32 vectors as binary64 values, when
 * each one is (fx_two_sum's error is 0: true unless the exponents of a
 * coordinate pair are more than 29 apart); false otherwise. */
static inline bool tx_diff3_exact(double *d, isect_vec3 a, isect_vec3 b)
{
    double e0, e1, e2;
    d[0] = fx_two_sum(a.x, -(double)b.x, &e0);
    d[1] = fx_two_sum(a.y, -(double)b.y, &e1);
    d[2] = fx_two_sum(a.z, -(double)b.z, &e2);
    return e0 == 0 && e1 == 0 && e2 == 0;
}

/* The points a and b are equal (binary32 coordinates, finite). */
static inline bool tx_same_point(isect_vec3 a, isect_vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

/* The sign of x.(y x z), exactly, as fx_triple computes it, from the
 * products y_j z_k = p[i][1] + p[i][0] and y_k z_j = p[i][3] + p[i][2]
 * (fx_two_prod pairs, (i, j, k) a cyclic order) already computed. */
static inline int tx_triple_sign_pairs(const double *x, double p[3][4])
{
    double h[24];
    int na = 0;
    for (int i = 0; i < 3; i++) {
        double c[4], t[8];
        int n = fx_grow(c, 0, p[i][0]);
        n = fx_grow(c, n, p[i][1]);
        n = fx_grow(c, n, -p[i][2]);
        n = fx_grow(c, n, -p[i][3]);
        int m = n ? fx_scale(t, c, n, x[i]) : 0;
        for (int l = 0; l < m; l++)
            na = fx_grow(h, na, t[l]);
    }
    return fx_sign(h, na);
}

/* y x z's products for tx_triple_sign_short and tx_triple_sign_split:
 * p[i] = {err, y_j z_k, err, y_k z_j} (each product exact by itself when
 * the six entries have at most 26 significant bits, fx_low27, its error
 * then 0; else by fx_two_prod) and c_i = fl(y_j z_k - y_k z_j).  True when
 * every c_i is exact (both errors 0 and fx_two_sum's error 0). */
static inline bool tx_cross_exact(const double *y, const double *z, double *c, double (*p)[4])
{
    int ok = 1;
    bool narrow = (fx_low27(y[0]) | fx_low27(y[1]) | fx_low27(y[2]) | fx_low27(z[0]) | fx_low27(z[1]) |
                   fx_low27(z[2])) == 0;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        double e3;
        if (narrow) { /* at most 26 significant bits each: the products fit 52 bits, exact */
            p[i][1] = y[j] * z[k];
            p[i][3] = y[k] * z[j];
            p[i][0] = p[i][2] = 0;
        } else {
            p[i][1] = fx_two_prod(y[j], z[k], &p[i][0]);
            p[i][3] = fx_two_prod(y[k], z[j], &p[i][2]);
        }
        c[i] = fx_two_sum(p[i][1], -p[i][3], &e3);
        ok &= p[i][0] == 0 && p[i][2] == 0 && e3 == 0;
    }
    return ok;
}

/* The sign of x.(y x z), exactly, for fx_triple's entries, in a short
 * fixed expansion when the cross product is exact in binary64: each
 * y_j z_k exact by itself when the six entries of y and z have at most 26
 * significant bits (fx_low27), else by fx_two_prod, exact when its error
 * is 0, and c_i = y_j z_k -
 * y_k z_j exact when fx_two_sum's error is 0; then x.c = sum of the three
 * fx_two_prod pairs x_i c_i = h_i + t_i exactly (fx_triple's range: c_i
 * a multiple of 2^-298 below 2^259, x_i c_i of 2^-447 below 2^388, no
 * underflow), six values summed by fx_sum8_exact (its sign when exact,
 * else fx_grow, exact always).  Otherwise tx_triple_sign_pairs on the
 * products already made.  No bound
 * is involved: every step is checked exact or is exact by construction. */
static inline int tx_triple_sign_short(const double *x, const double *y, const double *z)
{
    double c[3], p[3][4];
    if (!tx_cross_exact(y, z, c, p))
        return tx_triple_sign_pairs(x, p);
    double t0, t1, t2, h0 = fx_two_prod(x[0], c[0], &t0), h1 = fx_two_prod(x[1], c[1], &t1),
                       h2 = fx_two_prod(x[2], c[2], &t2), v;
    if (fx_sum8_exact(h0, h1, h2, t0, t1, t2, 0, 0, &v))
        return (v > 0) - (v < 0);
    double e[6];
    int n = fx_grow(e, 0, t0);
    n = fx_grow(e, n, t1);
    n = fx_grow(e, n, t2);
    n = fx_grow(e, n, h0);
    n = fx_grow(e, n, h1);
    n = fx_grow(e, n, h2);
    return fx_sign(e, n);
}

/* tx_orient3's exact stages, for a caller whose binary64 filter did not
 * decide and whose bound g is not 0 (see tx_orient3): 0 for two equal
 * points among q, r, s; else, when the nine differences are exact in
 * binary64, tx_triple_sign_short; else fe expansions. */
static inline int tx_orient3_exact(isect_vec3 p, isect_vec3 q, isect_vec3 r, isect_vec3 s)
{
    if (tx_same_point(q, r) || tx_same_point(q, s) || tx_same_point(r, s))
        return 0;
    double xe[3], ye[3], ze[3];
    if (tx_diff3_exact(xe, q, p) && tx_diff3_exact(ye, r, p) && tx_diff3_exact(ze, s, p))
        return tx_triple_sign_short(xe, ye, ze);
    fe qp[3], rp[3], sp[3], c[3];
    fe_diff3(qp, q, p);
    fe_diff3(rp, r, p);
    fe_diff3(sp, s, p);
    fe_cross3(c, rp, sp);
    fe d = fe_dot3(qp, c);
    return fe_sign(&d);
}

/* orient(p, q, r, s) = (q - p).((r - p) x (s - p)), exactly; its sign.
 * Three stages: the binary64 value certified by FB_CERT_TRIPLE
 * (fast/fast_bounds.h); else two exact zeros, a bound g of 0 or two equal
 * points (below); else tx_orient3_exact.
 * g = 0 proves the value 0: ov_abs_triple sums the six monomials
 * |x_i| |y_j| |z_k| of the triple product, and a non-zero one is at least
 * 2^-447 (binary64 differences of binary32 values are 0 only for equal
 * values, else at least 2^-149), normal, so it neither rounds to 0 nor lets
 * a sum of non-negative terms do so: fl(T) = 0 only when every monomial is
 * 0 (p equal to another point makes a zero difference, hence g = 0).  Two
 * equal points among q, r, s make two equal differences (a determinant
 * with two equal rows).  tx_orient3_filtered: the certified value and
 * g = 0 (1, -1, 0), or 2 when neither decides. */
static inline int tx_orient3_filtered(isect_vec3 p, isect_vec3 q, isect_vec3 r, isect_vec3 s)
{
    fv_d3 dp = fv_d(p), x = fv_dsub(fv_d(q), dp), y = fv_dsub(fv_d(r), dp), z = fv_dsub(fv_d(s), dp);
    double o = fv_ddot(x, fv_dcross(y, z)), g = FB_CERT_TRIPLE * ov_abs_triple(x, y, z);
    if (o > g || -o > g)
        return o > 0 ? 1 : -1;
    return g == 0 ? 0 : 2;
}

/* The first two stages above (tx_orient3_filtered: 1, -1, 0, or 2 when
 * neither decides), then tx_orient3_exact. */
static inline int tx_orient3(isect_vec3 p, isect_vec3 q, isect_vec3 r, isect_vec3 s)
{
    int f = tx_orient3_filtered(p, q, r, s);
    return f != 2 ? f : tx_orient3_exact(p, q, r, s);
}

/* tx_orient2's exact stages: when the four differences are exact in
 * binary64, each product is two components by fx_two_prod and the
 * difference a four-component expansion; else fe expansions. */
static inline int tx_orient2_exact(isect_vec3 p, isect_vec3 q, isect_vec3 r, int i, int j)
{
    double pi = fv_comp(p, i), pj = fv_comp(p, j), e[4], a[4], o[4];
    a[0] = fx_two_sum(fv_comp(q, i), -pi, &e[0]);
    a[1] = fx_two_sum(fv_comp(r, j), -pj, &e[1]);
    a[2] = fx_two_sum(fv_comp(q, j), -pj, &e[2]);
    a[3] = fx_two_sum(fv_comp(r, i), -pi, &e[3]);
    if (e[0] == 0 && e[1] == 0 && e[2] == 0 && e[3] == 0) {
        double e1, e2, p1 = fx_two_prod(a[0], a[1], &e1), p2 = fx_two_prod(a[2], a[3], &e2);
        int n = fx_grow(o, 0, e1);
        n = fx_grow(o, n, p1);
        n = fx_grow(o, n, -e2);
        n = fx_grow(o, n, -p2);
        return fx_sign(o, n);
    }
    fe qi = fe_diff(fv_comp(q, i), fv_comp(p, i)), qj = fe_diff(fv_comp(q, j), fv_comp(p, j));
    fe ri = fe_diff(fv_comp(r, i), fv_comp(p, i)), rj = fe_diff(fv_comp(r, j), fv_comp(p, j));
    fe s = fe_mul(&qi, &rj), t = fe_mul(&qj, &ri), d = fe_add(&s, &t, -1);
    return fe_sign(&d);
}

/* orient2d(p, q, r) in the coordinates i, j, exactly: (q - p)_i (r - p)_j -
 * (q - p)_j (r - p)_i.  Three stages: its binary64 value (binary64
 * differences of binary32 values) when FB_CERT_ORIENT2 (fast/fast_bounds.h)
 * certifies the sign; else 0 when g = 0 (as in tx_orient3: the two
 * monomials' magnitudes, non-zero ones at least 2^-298, sum to 0 only when
 * both are 0; p equal to q or r in (i, j) gives that) or when q and r
 * coincide in (i, j); else tx_orient2_exact. */
static inline int tx_orient2_filtered(isect_vec3 p, isect_vec3 q, isect_vec3 r, int i, int j)
{
    double pi = fv_comp(p, i), pj = fv_comp(p, j), qi = fv_comp(q, i), qj = fv_comp(q, j), ri = fv_comp(r, i),
           rj = fv_comp(r, j);
    double x1 = qi - pi, y1 = qj - pj, x2 = ri - pi, y2 = rj - pj;
    double s = x1 * y2, t = y1 * x2, d = s - t, g = FB_CERT_ORIENT2 * (fabs(s) + fabs(t));
    if (d > g || -d > g)
        return d > 0 ? 1 : -1;
    return g == 0 || (qi == ri && qj == rj) ? 0 : 2;
}

/* The first two stages above (tx_orient2_filtered: 1, -1, 0, or 2 when
 * neither decides), then tx_orient2_exact. */
static inline int tx_orient2(isect_vec3 p, isect_vec3 q, isect_vec3 r, int i, int j)
{
    int f = tx_orient2_filtered(p, q, r, i, j);
    return f != 2 ? f : tx_orient2_exact(p, q, r, i, j);
}

static inline bool tx_same_strict(int s, int t) { return s * t > 0; }

/* The closed segments p q and r s of the coordinate plane (i, j) meet
 * (either may be a point). */
static inline bool tx_segments_meet2(isect_vec3 p, isect_vec3 q, isect_vec3 r, isect_vec3 s, int i, int j)
{
    int o1 = tx_orient2(p, q, r, i, j), o2 = tx_orient2(p, q, s, i, j);
    if (tx_same_strict(o1, o2))
        return false;
    int o3 = tx_orient2(r, s, p, i, j), o4 = tx_orient2(r, s, q, i, j);
    if (tx_same_strict(o3, o4))
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
static inline bool tx_segments_meet(isect_vec3 p, isect_vec3 q, isect_vec3 r, isect_vec3 s)
{
    if (tx_orient3(p, q, r, s) != 0)
        return false;
    return tx_segments_meet2(p, q, r, s, 1, 2) && tx_segments_meet2(p, q, r, s, 2, 0) &&
           tx_segments_meet2(p, q, r, s, 0, 1);
}

typedef struct {
    isect_vec3 v[3];
    int ns[3]; /* the signs of n = (v1 - v0) x (v2 - v0), exactly */
    int k;     /* a coordinate with n_k != 0, or -1 (a degenerate triangle) */
} tx_tri;

/* n_k = orient2d(v0, v1, v2) in the coordinates k + 1, k + 2 (mod 3). */
static inline void tx_tri_init(tx_tri *t, isect_vec3 v0, isect_vec3 v1, isect_vec3 v2)
{
    t->v[0] = v0;
    t->v[1] = v1;
    t->v[2] = v2;
    for (int k = 0; k < 3; k++)
        t->ns[k] = tx_orient2(v0, v1, v2, (k + 1) % 3, (k + 2) % 3);
    t->k = t->ns[0] ? 0 : t->ns[1] ? 1 : t->ns[2] ? 2 : -1;
}

/* The side of x with respect to t's plane, n.(x - v0) = orient(v0, x, v1,
 * v2), exactly. */
static inline int tx_side(const tx_tri *t, isect_vec3 x) { return tx_orient3(t->v[0], x, t->v[1], t->v[2]); }

/* p in the closed non-degenerate triangle t, p in its plane. */
static inline bool tx_in_triangle2(const tx_tri *t, isect_vec3 p)
{
    int i = (t->k + 1) % 3, j = (t->k + 2) % 3, s = t->ns[t->k];
    return s * tx_orient2(t->v[0], t->v[1], p, i, j) >= 0 && s * tx_orient2(t->v[1], t->v[2], p, i, j) >= 0 &&
           s * tx_orient2(t->v[2], t->v[0], p, i, j) >= 0;
}

/* The closed segment p q meets the closed triangle t; sp, sq the sides of
 * p and q (tx_side; 0 for a degenerate t). */
static inline bool tx_segment_meets_triangle(isect_vec3 p, isect_vec3 q, int sp, int sq, const tx_tri *t)
{
    const isect_vec3 *v = t->v;
    if (t->k < 0) /* a segment or a point: the union of its edges */
        return tx_segments_meet(p, q, v[0], v[1]) || tx_segments_meet(p, q, v[1], v[2]) ||
               tx_segments_meet(p, q, v[2], v[0]);
    if (tx_same_strict(sp, sq))
        return false;
    if (sp == 0 && sq == 0) { /* in the plane: an end inside, or it crosses an edge; in
                               * the coordinates i, j (one to one on the plane, n_k != 0) */
        int i = (t->k + 1) % 3, j = (t->k + 2) % 3;
        return tx_in_triangle2(t, p) || tx_in_triangle2(t, q) || tx_segments_meet2(p, q, v[0], v[1], i, j) ||
               tx_segments_meet2(p, q, v[1], v[2], i, j) || tx_segments_meet2(p, q, v[2], v[0], i, j);
    }
    /* the line crosses the plane at one point of the segment: inside iff the
     * three edge orientations have no two strict opposite signs */
    int o0 = tx_orient3(p, q, v[0], v[1]), o1 = tx_orient3(p, q, v[1], v[2]), o2 = tx_orient3(p, q, v[2], v[0]);
    return !((o0 > 0 || o1 > 0 || o2 > 0) && (o0 < 0 || o1 < 0 || o2 < 0));
}

/* The closed segment p q meets the closed box [lo, hi] (lo <= hi; flat
 * boxes and p == q included): the parameters t in [0, 1] of the points
 * p + t (q - p) inside the slab of each axis i with q_i != p_i form an
 * interval [num/den, num'/den'] (den > 0, the differences exact); an axis
 * with q_i == p_i needs lo_i <= p_i <= hi_i.  The segment meets the box iff
 * every lower end is at most every upper end: num_l den_u <= num_u den_l,
 * products of two differences, exact. */
static inline bool tx_segment_meets_box(isect_vec3 p, isect_vec3 q, isect_vec3 lo, isect_vec3 hi)
{
    fe ln[4], ld[4], un[4], ud[4];
    int n = 1;
    fe_of_to(&ln[0], 0);
    fe_of_to(&ld[0], 1);
    fe_of_to(&un[0], 1);
    fe_of_to(&ud[0], 1);
    for (int i = 0; i < 3; i++) {
        float pi = fv_comp(p, i), qi = fv_comp(q, i), a = fv_comp(lo, i), b = fv_comp(hi, i);
        if (pi == qi) {
            if (pi < a || pi > b)
                return false;
            continue;
        }
        if (qi > pi) { /* t >= (a - p)/(q - p), t <= (b - p)/(q - p) */
            fe_diff_to(&ln[n], a, pi);
            fe_diff_to(&un[n], b, pi);
            fe_diff_to(&ld[n], qi, pi);
            fe_diff_to(&ud[n], qi, pi);
        } else { /* t >= (p - b)/(p - q), t <= (p - a)/(p - q) */
            fe_diff_to(&ln[n], pi, b);
            fe_diff_to(&un[n], pi, a);
            fe_diff_to(&ld[n], pi, qi);
            fe_diff_to(&ud[n], pi, qi);
        }
        n++;
    }
    for (int l = 0; l < n; l++)
        for (int u = 0; u < n; u++) {
            fe x = fe_mul(&ln[l], &ud[u]), y = fe_mul(&un[u], &ld[l]), d = fe_add(&x, &y, -1);
            if (fe_sign(&d) > 0)
                return false;
        }
    return true;
}

/* ---- cheaper exact stages (triangle_triangle, issue 14) ----------------------------
 * Same contracts as tx_orient3 / tx_orient2 above, other exact sums: the
 * boundary inputs (a vertex exactly in the other plane, collinear
 * vertices) make these signs exactly 0, and a zero is the costly case of
 * an expansion sum.  docs/queries/triangle_triangle.md, "Split sum". */

/* The sign of h0 + h1 + h2 + t0 + t1 + t2 (finite values), exactly.  s =
 * fl(fl(h0 + h1) + h2) and the two fx_two_sum errors e0, e1 make the sum
 * s + (e0 + e1 + t0 + t1 + t2) exactly; when those five small terms sum
 * exactly (((e0 + e1) + (t0 + t1)) + t2, every fx_two_sum error 0) to r, the sign of s + r is that of the exact
 * comparison of s with -r; else the six values s, e0, e1, t0, t1, t2 are
 * grown into an expansion (at most six components). */
static inline int tx_sum6_sign(double h0, double h1, double h2, double t0, double t1, double t2)
{
    double e0, e1, f0, f1, f2, f3, s = fx_two_sum(fx_two_sum(h0, h1, &e0), h2, &e1);
    double a = fx_two_sum(e0, e1, &f0), b = fx_two_sum(t0, t1, &f1), r = fx_two_sum(fx_two_sum(a, b, &f2), t2, &f3);
    if (f0 == 0 && f1 == 0 && f2 == 0 && f3 == 0)
        return (s > -r) - (s < -r);
    double e[6];
    int n = fx_grow(e, 0, t0);
    n = fx_grow(e, n, t1);
    n = fx_grow(e, n, t2);
    n = fx_grow(e, n, e0);
    n = fx_grow(e, n, e1);
    n = fx_grow(e, n, s);
    return fx_sign(e, n);
}

/* tx_triple_sign_short with the final sum by tx_sum6_sign: when the products
 * y_j z_k and the cross components c_i are exact in binary64 (the same
 * checks), x.c = sum of the fx_two_prod pairs x_i c_i = h_i + t_i, whose
 * large parts h_i are summed first and the small parts after (on an exact
 * zero the small parts of comparable magnitude sum exactly, where
 * fx_sum8_exact's mixed order rounds); else tx_triple_sign_pairs. */
static inline int tx_triple_sign_split(const double *x, const double *y, const double *z)
{
    double c[3], p[3][4];
    if (!tx_cross_exact(y, z, c, p))
        return tx_triple_sign_pairs(x, p);
    double t0, t1, t2, h0 = fx_two_prod(x[0], c[0], &t0), h1 = fx_two_prod(x[1], c[1], &t1),
                       h2 = fx_two_prod(x[2], c[2], &t2);
    return tx_sum6_sign(h0, h1, h2, t0, t1, t2);
}

/* tx_orient3_exact with tx_triple_sign_split (its other stages unchanged:
 * two equal points among q, r, s give 0; differences not exact in binary64
 * go to tx_orient3_exact's fe stage). */
static inline int tx_orient3_exact_split(isect_vec3 p, isect_vec3 q, isect_vec3 r, isect_vec3 s)
{
    if (tx_same_point(q, r) || tx_same_point(q, s) || tx_same_point(r, s))
        return 0;
    double xe[3], ye[3], ze[3];
    if (tx_diff3_exact(xe, q, p) && tx_diff3_exact(ye, r, p) && tx_diff3_exact(ze, s, p))
        return tx_triple_sign_split(xe, ye, ze);
    return tx_orient3_exact(p, q, r, s);
}

/* tx_orient3 with tx_orient3_exact_split as its last stage. */
static inline int tx_orient3_split(isect_vec3 p, isect_vec3 q, isect_vec3 r, isect_vec3 s)
{
    int f = tx_orient3_filtered(p, q, r, s);
    return f != 2 ? f : tx_orient3_exact_split(p, q, r, s);
}

/* tx_orient2 whose exact stage compares the two fx_two_prod pairs
 * (fx_pair_cmp: rounding is monotone, so the rounded products decide
 * unless equal, and then their errors) instead of summing an expansion,
 * when the four differences are exact in binary64; else tx_orient2_exact. */
static inline int tx_orient2_cmp(isect_vec3 p, isect_vec3 q, isect_vec3 r, int i, int j)
{
    int f = tx_orient2_filtered(p, q, r, i, j);
    if (f != 2)
        return f;
    double pi = fv_comp(p, i), pj = fv_comp(p, j), qi = fv_comp(q, i), qj = fv_comp(q, j), ri = fv_comp(r, i),
           rj = fv_comp(r, j);
    double x1 = qi - pi, y1 = qj - pj, x2 = ri - pi, y2 = rj - pj;
    double e0, e1, e2, e3, e4, e5;
    (void)fx_two_sum(qi, -pi, &e0);
    (void)fx_two_sum(rj, -pj, &e1);
    (void)fx_two_sum(qj, -pj, &e2);
    (void)fx_two_sum(ri, -pi, &e3);
    if (e0 != 0 || e1 != 0 || e2 != 0 || e3 != 0)
        return tx_orient2_exact(p, q, r, i, j);
    double p1 = fx_two_prod(x1, y2, &e4), p2 = fx_two_prod(y1, x2, &e5);
    return fx_pair_cmp(p1, e4, p2, e5);
}

#endif
