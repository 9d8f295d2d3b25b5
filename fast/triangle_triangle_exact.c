/* fast/triangle_triangle_exact.c: triangle_triangle's exact path, the
 * pairs whose binary64 sides (fast/triangle_triangle.c) are not all
 * certified: sides completed exactly, then the coplanar and degenerate
 * tests, every sign exact (docs/queries/triangle_triangle.md, "Exact").
 * Orientations by fast/fast_tri_exact.h's split stages (tx_orient3_split,
 * tx_orient2_cmp): the boundary cases' exact zeros are cheap there. */
#include "triangle_triangle_exact.h"

#include "fast_tri_exact.h"

/* n = (t1 - t0) x (t2 - t0) exactly in binary64, when it is: the edge
 * differences exact (tx_diff3_exact) with at most 26 significant bits each
 * (fx_low27: the six products exact, 52 bits) and the three differences of
 * products exact (fx_two_sum's error 0); else false. */
static bool normal_exact(double *n, const isect_vec3 *t)
{
    double y[3], z[3], e0, e1, e2;
    if (!tx_diff3_exact(y, t[1], t[0]) || !tx_diff3_exact(z, t[2], t[0]) ||
        (fx_low27(y[0]) | fx_low27(y[1]) | fx_low27(y[2]) | fx_low27(z[0]) | fx_low27(z[1]) | fx_low27(z[2])) != 0)
        return false;
    n[0] = fx_two_sum(y[1] * z[2], -(y[2] * z[1]), &e0);
    n[1] = fx_two_sum(y[2] * z[0], -(y[0] * z[2]), &e1);
    n[2] = fx_two_sum(y[0] * z[1], -(y[1] * z[0]), &e2);
    return e0 == 0 && e1 == 0 && e2 == 0;
}

/* A coordinate k with n_k != 0 (n = (v1 - v0) x (v2 - v0), n_k =
 * orient2d(v0, v1, v2) in the coordinates k + 1, k + 2 mod 3) and the sign
 * t->ns[k] of n_k; k = -1 when n = 0 (a degenerate triangle).  The other
 * ns are not computed (0): only ns[k] is read here.  Stages: a component
 * whose binary64 value FB_CERT_ORIENT2 certifies (the products and bound
 * of tx_orient2(v0, v1, v2, k + 1, k + 2), term for term); else n exact
 * (normal_exact) and its signs; else tx_orient2_cmp per component. */
static void tri_init(tx_tri *t, const isect_vec3 *v)
{
    t->v[0] = v[0];
    t->v[1] = v[1];
    t->v[2] = v[2];
    t->ns[0] = t->ns[1] = t->ns[2] = 0;
    fv_d3 o = fv_d(v[0]), e1 = fv_dsub(fv_d(v[1]), o), e2 = fv_dsub(fv_d(v[2]), o);
    const double p[3] = {e1.y * e2.z, e1.z * e2.x, e1.x * e2.y}, q[3] = {e1.z * e2.y, e1.x * e2.z, e1.y * e2.x};
    for (int k = 0; k < 3; k++) {
        double d = p[k] - q[k], g = FB_CERT_ORIENT2 * (fabs(p[k]) + fabs(q[k]));
        if (d > g || -d > g) {
            t->k = k;
            t->ns[k] = d > 0 ? 1 : -1;
            return;
        }
    }
    double n[3];
    bool exact = normal_exact(n, v);
    for (int k = 0; k < 3; k++) {
        int s = exact ? (n[k] > 0) - (n[k] < 0) : tx_orient2_cmp(v[0], v[1], v[2], (k + 1) % 3, (k + 2) % 3);
        if (s) {
            t->k = k;
            t->ns[k] = s;
            return;
        }
    }
    t->k = -1;
}

/* A point of the coordinate plane (k + 1, k + 2): binary32 values. */
typedef struct {
    double x, y;
} pt2;

static pt2 proj(isect_vec3 v, int k) { return k == 0 ? (pt2){v.y, v.z} : k == 1 ? (pt2){v.z, v.x} : (pt2){v.x, v.y}; }

/* orient2d(p, q, r) of projected points, exactly: tx_orient2's filter and
 * zero tests on the projected values, then tx_orient2_cmp's exact stages
 * (the points back in binary32, exact: the coordinates are binary32). */
static int orient2p(const pt2 *p, const pt2 *q, const pt2 *r)
{
    double x1 = q->x - p->x, y1 = q->y - p->y, x2 = r->x - p->x, y2 = r->y - p->y;
    double s = x1 * y2, t = y1 * x2, d = s - t, g = FB_CERT_ORIENT2 * (fabs(s) + fabs(t));
    if (d > g || -d > g)
        return d > 0 ? 1 : -1;
    if (g == 0 || (q->x == r->x && q->y == r->y))
        return 0;
    isect_vec3 P = {(float)p->x, (float)p->y, 0}, Q = {(float)q->x, (float)q->y, 0}, R = {(float)r->x, (float)r->y, 0};
    return tx_orient2_cmp(P, Q, R, 0, 1);
}

/* Every point y[m] strictly on the side s (s != 0) of the line p q, or,
 * for s == 0, all strictly on one side. */
static bool all_beyond(const pt2 *p, const pt2 *q, const pt2 *y, int s)
{
    int o0 = orient2p(p, q, &y[0]);
    if (o0 == 0 || (s && o0 != s))
        return false;
    return orient2p(p, q, &y[1]) == o0 && orient2p(p, q, &y[2]) == o0;
}

/* Coplanar triangles: t non-degenerate, the three points y in its plane.
 * The projection that drops the coordinate k (n_k != 0) is one to one on
 * the plane; there, two closed convex polygons are disjoint iff an edge
 * line of one has the other strictly on its outer side (the edges of their
 * Minkowski difference are parallel to theirs); for the points y collinear
 * (or one point) the edges of their hull are their line, either side. */
static bool coplanar_hit(const tx_tri *t, const isect_vec3 *y)
{
    int k = t->k, st = t->ns[k];
    const pt2 a[3] = {proj(t->v[0], k), proj(t->v[1], k), proj(t->v[2], k)},
              b[3] = {proj(y[0], k), proj(y[1], k), proj(y[2], k)};
    for (int e = 0; e < 3; e++)
        if (all_beyond(&a[e], &a[(e + 1) % 3], b, -st))
            return false;
    int sy = orient2p(&b[0], &b[1], &b[2]);
    for (int e = 0; e < 3; e++)
        if (all_beyond(&b[e], &b[(e + 1) % 3], a, -sy))
            return false;
    return true;
}

/* The closed segments p q and r s of the coordinate plane (i, j) meet
 * (either may be a point): tx_segments_meet2 by tx_orient2_cmp. */
static bool segments_meet2(isect_vec3 p, isect_vec3 q, isect_vec3 r, isect_vec3 s, int i, int j)
{
    int o1 = tx_orient2_cmp(p, q, r, i, j), o2 = tx_orient2_cmp(p, q, s, i, j);
    if (tx_same_strict(o1, o2))
        return false;
    int o3 = tx_orient2_cmp(r, s, p, i, j), o4 = tx_orient2_cmp(r, s, q, i, j);
    if (tx_same_strict(o3, o4))
        return false;
    if (o1 || o2 || o3 || o4)
        return true;
    for (int k = 0; k < 2; k++) { /* collinear: the ranges overlap in both coordinates */
        int c = k ? j : i;
        float a0 = fv_comp(p, c), a1 = fv_comp(q, c), b0 = fv_comp(r, c), b1 = fv_comp(s, c);
        if (isect_fmaxf(a0, a1) < isect_fminf(b0, b1) || isect_fmaxf(b0, b1) < isect_fminf(a0, a1))
            return false;
    }
    return true;
}

/* The closed segments p q and r s of space meet: coplanar, and their
 * projections on the three coordinate planes meet. */
static bool segments_meet(isect_vec3 p, isect_vec3 q, isect_vec3 r, isect_vec3 s)
{
    return tx_orient3_split(p, q, r, s) == 0 && segments_meet2(p, q, r, s, 1, 2) &&
           segments_meet2(p, q, r, s, 2, 0) && segments_meet2(p, q, r, s, 0, 1);
}

/* The closed segment p q meets the closed non-degenerate triangle t; sp,
 * sq the exact sides of p and q, not both 0 (degenerate_hit: the ends of a
 * hull both in t's plane put the whole line there, and that pair went to
 * coplanar_hit): strictly on one side, no; else the line crosses the plane
 * at one point of the segment, inside iff the three edge orientations have
 * no two strict opposite signs (tx_segment_meets_triangle's last case). */
static bool segment_meets_triangle(isect_vec3 p, isect_vec3 q, int sp, int sq, const tx_tri *t)
{
    const isect_vec3 *v = t->v;
    if (tx_same_strict(sp, sq))
        return false;
    int o0 = tx_orient3_split(p, q, v[0], v[1]), o1 = tx_orient3_split(p, q, v[1], v[2]),
        o2 = tx_orient3_split(p, q, v[2], v[0]);
    return !((o0 > 0 || o1 > 0 || o2 > 0) && (o0 < 0 || o1 < 0 || o2 < 0));
}

/* The hull of collinear points d[0..2] (a degenerate triangle), the segment
 * d[*lo] d[*hi]: along their line a coordinate c that is not constant is
 * strictly monotone, so its least and greatest values are the ends (equal
 * values of c, equal points); all three coordinates constant: one point. */
static void hull(const isect_vec3 *d, int *lo, int *hi)
{
    *lo = *hi = 0;
    for (int c = 0; c < 3; c++) {
        float x0 = fv_comp(d[0], c), x1 = fv_comp(d[1], c), x2 = fv_comp(d[2], c);
        if (x0 == x1 && x0 == x2)
            continue;
        *lo = x0 <= x1 && x0 <= x2 ? 0 : x1 <= x2 ? 1 : 2;
        *hi = x0 >= x1 && x0 >= x2 ? 0 : x1 >= x2 ? 1 : 2;
        return;
    }
}

/* d degenerate (n = 0 exactly): its hull, a segment (or a point), meets
 * t (a triangle, or also degenerate: its hull); sd the exact sides of d's
 * vertices against t's plane (0 for a degenerate t). */
static bool degenerate_hit(const isect_vec3 *d, const int *sd, const tx_tri *t)
{
    int l, h;
    hull(d, &l, &h);
    if (t->k >= 0)
        return segment_meets_triangle(d[l], d[h], sd[l], sd[h], t);
    int tl, th;
    hull(t->v, &tl, &th);
    return segments_meet(d[l], d[h], t->v[tl], t->v[th]);
}

/* The side of x against the plane of t, orient(t0, x, t1, t2) = (x - t0).n,
 * exactly, n exact (normal_exact): x - t0 exact, the three fx_two_prod
 * pairs (x - t0)_i n_i summed by tx_sum6_sign (fx_triple's range: no
 * underflow, no overflow); else tx_orient3_exact_split. */
static int side_exact(const double *n, const isect_vec3 *t, isect_vec3 x)
{
    double w[3];
    if (!tx_diff3_exact(w, x, t[0]))
        return tx_orient3_exact_split(t[0], x, t[1], t[2]);
    double l0, l1, l2, h0 = fx_two_prod(w[0], n[0], &l0), h1 = fx_two_prod(w[1], n[1], &l1),
                       h2 = fx_two_prod(w[2], n[2], &l2);
    return tx_sum6_sign(h0, h1, h2, l0, l1, l2);
}

/* The uncertain sides of x against the plane of t exactly: when all three
 * are uncertain, t is first classified (tri_init: a degenerate t makes
 * every side 0); else orient(t0, x, t1, t2), whose filter
 * triangle_triangle.c's sides already computed term for term (a bound g of
 * 0 is an exact 0, tx_orient3's argument): by side_exact on t's normal
 * when normal_exact holds (computed once for the three), else
 * tx_orient3_exact_split.  tt->k = -2 when t was not classified.  True
 * when the three are of one strict sign. */
static bool exact_sides(tx_tri *tt, const isect_vec3 *t, const isect_vec3 *x, int *s, const double *g)
{
    tt->k = -2;
    if (!s[0] && !s[1] && !s[2]) {
        tri_init(tt, t);
        if (tt->k < 0)
            return false;
    }
    double n[3];
    int have = -1; /* normal_exact not yet tried */
    for (int k = 0; k < 3; k++)
        if (!s[k] && g[k] != 0) {
            if (have < 0)
                have = normal_exact(n, t);
            s[k] = have ? side_exact(n, t, x[k]) : tx_orient3_exact_split(t[0], x[k], t[1], t[2]);
        }
    return tx_same_strict(s[0], s[1]) && tx_same_strict(s[0], s[2]);
}

int isect_triangle_triangle_exact(const isect_vec3 *av, const isect_vec3 *bv, int *sa, int *sb, const double *ga,
                                  const double *gb)
{
    for (int k = 0; k < 3; k++) /* no certificate holds for a non-finite input: it comes here */
        if (!fv_finite3(av[k]) || !fv_finite3(bv[k]))
            return 0;
    tx_tri ta, tb;
    if (exact_sides(&ta, av, bv, sb, gb))
        return 0;
    /* b in a's plane, or a degenerate; three zero sides were three
     * uncertain ones (a certified side is not 0), so a is classified */
    bool bflat = !sb[0] && !sb[1] && !sb[2];
    if (bflat && ta.k >= 0)
        return coplanar_hit(&ta, bv);
    if (exact_sides(&tb, bv, av, sa, ga))
        return 0;
    if (!sa[0] && !sa[1] && !sa[2]) { /* a in b's plane, or b degenerate (b classified, as a above) */
        if (tb.k >= 0)
            return coplanar_hit(&tb, av);
        if (bflat) /* both degenerate */
            return degenerate_hit(av, sa, &tb);
        if (ta.k == -2)
            tri_init(&ta, av);
        return degenerate_hit(bv, sb, &ta);
    }
    if (bflat) { /* a degenerate, b not */
        if (tb.k == -2)
            tri_init(&tb, bv);
        return degenerate_hit(av, sa, &tb);
    }
    return 2;
}
