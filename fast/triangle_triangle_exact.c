/* fast/triangle_triangle_exact.c: triangle_triangle's exact path, the
 * pairs whose binary64 sides (fast/triangle_triangle.c) are not all
 * certified: sides completed exactly, then the coplanar and degenerate
 * tests, every sign exact (docs/queries/triangle_triangle.md, "Exact").
 * Orientations by fast/fast_tri_exact.h's split stages (tx_orient3_split,
 * tx_orient2_cmp): the boundary cases' exact zeros are cheap there. */
#include "triangle_triangle_exact.h"

#include "fast_tri_exact.h"

/* n_k = orient2d(v0, v1, v2) in the coordinates k + 1, k + 2 (mod 3), as
 * tx_tri_init, by tx_orient2_cmp; k = -1 for a degenerate triangle. */
static void tri_init(tx_tri *t, const isect_vec3 *v)
{
    t->v[0] = v[0];
    t->v[1] = v[1];
    t->v[2] = v[2];
    for (int k = 0; k < 3; k++)
        t->ns[k] = tx_orient2_cmp(v[0], v[1], v[2], (k + 1) % 3, (k + 2) % 3);
    t->k = t->ns[0] ? 0 : t->ns[1] ? 1 : t->ns[2] ? 2 : -1;
}

/* Every point y[m] strictly on the side s (s != 0) of the line p q of the
 * coordinate plane (i, j), or, for s == 0, all strictly on one side. */
static bool all_beyond(isect_vec3 p, isect_vec3 q, const isect_vec3 *y, int s, int i, int j)
{
    int o0 = tx_orient2_cmp(p, q, y[0], i, j);
    if (o0 == 0 || (s && o0 != s))
        return false;
    int o1 = tx_orient2_cmp(p, q, y[1], i, j);
    return o1 == o0 && tx_orient2_cmp(p, q, y[2], i, j) == o0;
}

/* Coplanar triangles: t non-degenerate, the three points y in its plane.
 * The projection that drops the coordinate k (n_k != 0) is one to one on
 * the plane; there, two closed convex polygons are disjoint iff an edge
 * line of one has the other strictly on its outer side (the edges of their
 * Minkowski difference are parallel to theirs); for the points y collinear
 * (or one point) the edges of their hull are their line, either side. */
static bool coplanar_hit(const tx_tri *t, const isect_vec3 *y)
{
    int i = (t->k + 1) % 3, j = (t->k + 2) % 3, st = t->ns[t->k];
    for (int e = 0; e < 3; e++)
        if (all_beyond(t->v[e], t->v[(e + 1) % 3], y, -st, i, j))
            return false;
    int sy = tx_orient2_cmp(y[0], y[1], y[2], i, j);
    for (int e = 0; e < 3; e++)
        if (all_beyond(y[e], y[(e + 1) % 3], t->v, -sy, i, j))
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

/* p in the closed non-degenerate triangle t, p in its plane. */
static bool in_triangle2(const tx_tri *t, isect_vec3 p)
{
    int i = (t->k + 1) % 3, j = (t->k + 2) % 3, s = t->ns[t->k];
    return s * tx_orient2_cmp(t->v[0], t->v[1], p, i, j) >= 0 && s * tx_orient2_cmp(t->v[1], t->v[2], p, i, j) >= 0 &&
           s * tx_orient2_cmp(t->v[2], t->v[0], p, i, j) >= 0;
}

/* The closed segment p q meets the closed non-degenerate triangle t; sp,
 * sq the exact sides of p and q (tx_segment_meets_triangle's cases). */
static bool segment_meets_triangle(isect_vec3 p, isect_vec3 q, int sp, int sq, const tx_tri *t)
{
    const isect_vec3 *v = t->v;
    if (tx_same_strict(sp, sq))
        return false;
    if (sp == 0 && sq == 0) { /* in the plane: an end inside, or it crosses an edge */
        int i = (t->k + 1) % 3, j = (t->k + 2) % 3;
        return in_triangle2(t, p) || in_triangle2(t, q) || segments_meet2(p, q, v[0], v[1], i, j) ||
               segments_meet2(p, q, v[1], v[2], i, j) || segments_meet2(p, q, v[2], v[0], i, j);
    }
    /* the line crosses the plane at one point of the segment: inside iff the
     * three edge orientations have no two strict opposite signs */
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

/* The uncertain sides of x against the plane of t exactly: when all three
 * are uncertain, t is first classified (tri_init: a degenerate t makes
 * every side 0); else orient(t0, x, t1, t2) by tx_orient3_exact_split, whose
 * filter triangle_triangle.c's sides already computed term for term (a
 * bound g of 0 is an exact 0, tx_orient3's argument).  tt->k = -2 when t
 * was not classified.  True when the three are of one strict sign. */
static bool exact_sides(tx_tri *tt, const isect_vec3 *t, const isect_vec3 *x, int *s, const double *g)
{
    tt->k = -2;
    if (!s[0] && !s[1] && !s[2]) {
        tri_init(tt, t);
        if (tt->k < 0)
            return false;
    }
    for (int k = 0; k < 3; k++)
        if (!s[k] && g[k] != 0)
            s[k] = tx_orient3_exact_split(t[0], x[k], t[1], t[2]);
    return tx_same_strict(s[0], s[1]) && tx_same_strict(s[0], s[2]);
}

int isect_triangle_triangle_exact(const isect_vec3 *av, const isect_vec3 *bv, int *sa, int *sb, const double *ga,
                                  const double *gb)
{
    tx_tri ta, tb;
    if (exact_sides(&ta, av, bv, sb, gb))
        return 0;
    bool bflat = !sb[0] && !sb[1] && !sb[2]; /* b in a's plane, or a degenerate */
    if (bflat) {
        if (ta.k == -2)
            tri_init(&ta, av);
        if (ta.k >= 0)
            return coplanar_hit(&ta, bv);
    }
    if (exact_sides(&tb, bv, av, sa, ga))
        return 0;
    if (!sa[0] && !sa[1] && !sa[2]) { /* a in b's plane, or b degenerate */
        if (tb.k == -2)
            tri_init(&tb, bv);
        if (tb.k >= 0)
            return coplanar_hit(&tb, av);
        if (bflat) /* both degenerate */
            return degenerate_hit(av, sa, &tb);
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
