/* fast/sphere_triangle_exact.c: sphere_triangle's exact decision, for the
 * inputs its certificates (fast/sphere_triangle.c) leave undecided.
 *
 * The ball meets the triangle iff it contains a vertex, or the foot of the
 * centre on an edge's line lies strictly inside the edge within r, or the
 * projection on the plane (n != 0) lies in the closed triangle within r
 * (docs/queries/sphere_triangle.md, "fast", the exact path); each sign (a
 * polynomial of degree <= 6) is evaluated in binary64 first and taken when
 * beyond its guard (FB_ST_CERT), else exactly: staged orientations when
 * r = 0; for the plane and the edges' lines, brackets of exact values
 * (FB_ST_BRACKET) when the differences are exact in binary64; else fe
 * expansions (fast/fast_exact.h).
 */
#include "sphere_triangle_exact.h"

#include "fast_exact.h"
#include "fast_tri_exact.h"

/* ---- the exact path: filtered signs ------------------------------------ */

enum { ST_UNSURE = 2 };

/* The sign of the exact value of a binary64 evaluation v whose magnitude
 * tree (the same tree on magnitudes, every - a +) gave m: decided beyond
 * the guard FB_ST_CERT m; m == 0 means every monomial is 0 (no underflow:
 * fast/fast_bounds.h); else ST_UNSURE. */
static inline int st_sign(double v, double m)
{
    if (m == 0)
        return 0;
    double g = FB_ST_CERT * m;
    return v > g ? 1 : v < -g ? -1 : ST_UNSURE;
}

/* Magnitudes of a cross product's components: |x_j y_k| + |x_k y_j|. */
static inline fv_d3 st_abs_cross(fv_d3 x, fv_d3 y)
{
    return (fv_d3){fabs(x.y * y.z) + fabs(x.z * y.y), fabs(x.z * y.x) + fabs(x.x * y.z),
                   fabs(x.x * y.y) + fabs(x.y * y.x)};
}

static inline fv_d3 st_abs3(fv_d3 x) { return (fv_d3){fabs(x.x), fabs(x.y), fabs(x.z)}; }

static inline int st_fe_sign3(fe *a, const fe *b, double sb)
{
    fe_add_to(a, a, b, sb);
    return fe_sign(a);
}

/* |p - v|^2 <= r^2. */
static bool vertex_within(isect_vec3 p, isect_vec3 v, double rr)
{
    fv_d3 w = fv_dsub(fv_d(p), fv_d(v));
    double ww = fv_ddot(w, w);
    int s = st_sign(ww - rr, ww + rr);
    if (s != ST_UNSURE)
        return s <= 0;
    fe d[3], x, y;
    fe_diff3(d, p, v);
    fe_dot3_to(&x, d, d);
    fe_of_to(&y, rr);
    return st_fe_sign3(&x, &y, -1) <= 0;
}

static int line_sign_bracket(isect_vec3 p, isect_vec3 x, isect_vec3 y, double rr);

/* The foot of p on the line x y is strictly inside the segment and within
 * r: (p - x).e > 0, (y - p).e > 0 and |(p - x) x e|^2 <= r^2 e.e, e = y - x.
 * Each sign from binary64 when beyond its guard, else from fe values. */
static bool edge_within(isect_vec3 p, isect_vec3 x, isect_vec3 y, double rr)
{
    fv_d3 e = fv_dsub(fv_d(y), fv_d(x)), w = fv_dsub(fv_d(p), fv_d(x)), v = fv_dsub(fv_d(y), fv_d(p));
    int sa = st_sign(fv_ddot(w, e), fv_dabsdot(w, e));
    if (sa == 0 || sa == -1)
        return false;
    int sb = st_sign(fv_ddot(v, e), fv_dabsdot(v, e));
    if (sb == 0 || sb == -1)
        return false;
    fe fe_e[3], fe_w[3], fc[3], a, b;
    bool built = sa == ST_UNSURE || sb == ST_UNSURE;
    if (built) {
        fe_diff3(fe_e, y, x);
        fe_diff3(fe_w, p, x);
    }
    if (sa == ST_UNSURE) {
        fe_dot3_to(&a, fe_w, fe_e);
        if (fe_sign(&a) <= 0)
            return false;
    }
    if (sb == ST_UNSURE) {
        fe_diff3(fc, y, p);
        fe_dot3_to(&b, fc, fe_e);
        if (fe_sign(&b) <= 0)
            return false;
    }
    fv_d3 c = fv_dcross(w, e), cm = st_abs_cross(w, e);
    double ee = fv_ddot(e, e), rree = rr * ee;
    int sc = st_sign(fv_ddot(c, c) - rree, fv_ddot(cm, cm) + rree);
    if (sc != ST_UNSURE)
        return sc <= 0;
    if (rr == 0) /* within 0: w x e = 0, three staged exact orientations */
        return !tx_orient2(x, p, y, 1, 2) && !tx_orient2(x, p, y, 2, 0) && !tx_orient2(x, p, y, 0, 1);
    sc = line_sign_bracket(p, x, y, rr);
    if (sc != ST_UNSURE)
        return sc <= 0;
    if (!built) {
        fe_diff3(fe_e, y, x);
        fe_diff3(fe_w, p, x);
    }
    fe_cross3(fc, fe_w, fe_e);
    fe_dot3_to(&a, fc, fc);
    fe_dot3_to(&b, fe_e, fe_e);
    fe_of_to(&fc[0], rr);
    fe_mul_to(&b, &b, &fc[0]);
    return st_fe_sign3(&a, &b, -1) <= 0;
}

/* The exact normal n = (b - a) x (c - a), built once when needed. */
typedef struct {
    isect_triangle t;
    bool built;
    fe n[3];
} st_normal;

static const fe *st_fe_normal(st_normal *sn)
{
    if (!sn->built) {
        fe ab[3], ac[3];
        fe_diff3(ab, sn->t.v1, sn->t.v0);
        fe_diff3(ac, sn->t.v2, sn->t.v0);
        fe_cross3(sn->n, ab, ac);
        sn->built = true;
    }
    return sn->n;
}

/* The binary64 filter of ((y - x) x (p - x)).n (p's projection on the
 * inner side of x y), n and nm the binary64 normal and its magnitudes. */
static int inner_sign(isect_vec3 p, isect_vec3 x, isect_vec3 y, fv_d3 n, fv_d3 nm)
{
    fv_d3 e = fv_dsub(fv_d(y), fv_d(x)), w = fv_dsub(fv_d(p), fv_d(x));
    return st_sign(fv_ddot(fv_dcross(e, w), n), fv_ddot(st_abs_cross(e, w), nm));
}

/* ((y - x) x (p - x)).n >= 0, exactly, from the filter's sign s. */
static bool inner_side(int s, isect_vec3 p, isect_vec3 x, isect_vec3 y, st_normal *sn)
{
    if (s != ST_UNSURE)
        return s >= 0;
    fe fe_e[3], fe_w[3], c[3], d;
    fe_diff3(fe_e, y, x);
    fe_diff3(fe_w, p, x);
    fe_cross3(c, fe_e, fe_w);
    fe_dot3_to(&d, c, st_fe_normal(sn));
    return fe_sign(&d) >= 0;
}

/* The face's binary64 values: the normal n = ab x ac, its magnitudes, ap,
 * whether n != 0 is certain, and the filters of the three inner sides. */
typedef struct {
    fv_d3 n, nm, ap;
    bool nonzero;
    int side[3];
} st_face;

static void st_face_init(st_face *f, isect_vec3 p, isect_triangle t)
{
    fv_d3 a = fv_d(t.v0), ab = fv_dsub(fv_d(t.v1), a), ac = fv_dsub(fv_d(t.v2), a);
    f->ap = fv_dsub(fv_d(p), a);
    f->n = fv_dcross(ab, ac);
    f->nm = st_abs_cross(ab, ac);
    f->nonzero = st_sign(fabs(f->n.x), f->nm.x) == 1 || st_sign(fabs(f->n.y), f->nm.y) == 1 ||
                 st_sign(fabs(f->n.z), f->nm.z) == 1;
    f->side[0] = inner_sign(p, t.v0, t.v1, f->n, f->nm);
    f->side[1] = inner_sign(p, t.v1, t.v2, f->n, f->nm);
    f->side[2] = inner_sign(p, t.v2, t.v0, f->n, f->nm);
}

/* An expansion e[0..n-1] (non-overlapping, increasing: fx_grow) as its
 * plain sum v and a bound of |e - v|: the exact residual e - v is again
 * such an expansion, whose components below the last sum to less than the
 * last one (their bits are disjoint and below its lowest bit), so
 * |e - v| < 2 |last|. */
static inline double st_bracket(double *e, int n, double *err)
{
    double v = 0;
    for (int i = 0; i < n; i++)
        v += e[i];
    int m = fx_grow(e, n, -v);
    *err = m ? 2 * fabs(e[m - 1]) : 0;
    return v;
}

/* Bounds lo <= |a x b|^2 <= hi (before the rounding of their squares and
 * sums, which FB_ST_BRACKET covers) for exact binary64 vectors a, b: each
 * component a_j b_k - a_k b_j as four components (fx_two_prod), bracketed
 * by st_bracket, |c_i| in [v_i - en_i, v_i + en_i]. */
static void st_cross_sq_bracket(const double *a, const double *b, double *lo, double *hi)
{
    *lo = 0, *hi = 0;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3, n = 0;
        double c[5], e1, e2, p1 = fx_two_prod(a[j], b[k], &e1), p2 = fx_two_prod(a[k], b[j], &e2), en;
        n = fx_grow(c, n, e1);
        n = fx_grow(c, n, p1);
        n = fx_grow(c, n, -e2);
        n = fx_grow(c, n, -p2);
        double v = fabs(st_bracket(c, n, &en)), l = v - en;
        *lo += l > 0 ? l * l : 0;
        *hi += (v + en) * (v + en);
    }
}

/* The edge's line test's middle stage, when e = y - x and w = p - x are
 * exact in binary64: each component of w x e as four components
 * (fx_two_prod), bracketed by st_bracket: |c_i| in [v_i - en_i,
 * v_i + en_i]; e.e from the exact e_i; then |w x e|^2 <= r^2 e.e is
 * certain, or its negation, beyond the rounding of the bounds' squares and
 * sums (FB_ST_BRACKET, fast/fast_bounds_stages.h: the plane test's count
 * with the sides swapped).  1, -1 or ST_UNSURE (also when a difference is
 * not exact). */
static int line_sign_bracket(isect_vec3 p, isect_vec3 x, isect_vec3 y, double rr)
{
    double e[3], w[3], lo, hi, ee = 0;
    if (!tx_diff3_exact(e, y, x) || !tx_diff3_exact(w, p, x))
        return ST_UNSURE;
    st_cross_sq_bracket(w, e, &lo, &hi);
    for (int i = 0; i < 3; i++)
        ee += e[i] * e[i];
    if (hi * (1 + FB_ST_BRACKET) <= rr * ee * (1 - FB_ST_BRACKET))
        return -1;
    if (lo * (1 - FB_ST_BRACKET) > rr * ee * (1 + FB_ST_BRACKET))
        return 1;
    return ST_UNSURE;
}

/* The plane test's middle stage, when b - a, c - a, p - a are exact in
 * binary64: h = n.(p - a) = (b - a).((c - a) x (p - a)) exactly
 * (fx_triple) and each n_i as four components (fx_two_prod), bracketed by
 * st_bracket: |h| in [h - eh, h + eh], |n_i| in [v_i - en_i, v_i + en_i];
 * then h^2 <= r^2 n.n is certain, or its negation, beyond the rounding of
 * the bounds' squares and sums (FB_ST_BRACKET, fast/fast_bounds.h).
 * 1, -1 or ST_UNSURE (also when a difference is not exact). */
static int plane_sign_bracket(isect_vec3 p, isect_triangle t, double rr)
{
    double ab[3], ac[3], ap[3], hx[25], eh, lo, hi;
    if (!tx_diff3_exact(ab, t.v1, t.v0) || !tx_diff3_exact(ac, t.v2, t.v0) || !tx_diff3_exact(ap, p, t.v0))
        return ST_UNSURE;
    double h = fabs(st_bracket(hx, fx_triple(hx, ab, ac, ap), &eh));
    st_cross_sq_bracket(ab, ac, &lo, &hi);
    double hl = h - eh, hu = h + eh, nl = rr * lo * (1 - FB_ST_BRACKET), nu = rr * hi * (1 + FB_ST_BRACKET);
    if (hu * hu * (1 + FB_ST_BRACKET) <= nl)
        return -1;
    if (hl > 0 && hl * hl * (1 - FB_ST_BRACKET) > nu)
        return 1;
    return ST_UNSURE;
}

/* The plane test of a triangle parallel to a coordinate plane (its three
 * k coordinates equal, n != 0): then n_i = 0 for i != k, so
 * (n.(p - a))^2 <= r^2 n.n iff (p_k - a_k)^2 <= r^2, exactly when the
 * binary64 difference is exact (fx_two_sum's error 0): |p_k - a_k| <= r.
 * 1 (within), 0 (not), or ST_UNSURE (no such k, or a rounded
 * difference). */
static inline float st_coord(isect_vec3 v, int k) { return k == 0 ? v.x : k == 1 ? v.y : v.z; }

static int plane_axis(isect_vec3 p, isect_triangle t, float r)
{
    for (int k = 0; k < 3; k++) {
        float a = st_coord(t.v0, k);
        if (a == st_coord(t.v1, k) && a == st_coord(t.v2, k)) {
            double e, d = fx_two_sum(st_coord(p, k), -(double)a, &e);
            return e != 0 ? ST_UNSURE : fabs(d) <= r;
        }
    }
    return ST_UNSURE;
}

/* (n.(p - a))^2 <= r^2 n.n (the plane within r), n != 0. */
static bool plane_within(const st_face *f, isect_vec3 p, isect_triangle t, float r, st_normal *sn)
{
    double rr = (double)r * r, h = fv_ddot(f->n, f->ap), hm = fv_ddot(f->nm, st_abs3(f->ap));
    double nn = fv_ddot(f->n, f->n), nnm = fv_ddot(f->nm, f->nm);
    int s = st_sign(h * h - rr * nn, hm * hm + rr * nnm);
    if (s != ST_UNSURE)
        return s <= 0;
    if (rr == 0) /* within 0: n.(p - a) = 0, the staged exact orientation */
        return tx_orient3(t.v0, t.v1, t.v2, p) == 0;
    s = plane_axis(p, t, r);
    if (s != ST_UNSURE)
        return s;
    s = plane_sign_bracket(p, t, rr);
    if (s != ST_UNSURE)
        return s <= 0;
    const fe *fn = st_fe_normal(sn);
    fe fap[3], hh, nnf, fr;
    fe_diff3(fap, p, t.v0);
    fe_dot3_to(&hh, fn, fap);
    fe_mul_to(&hh, &hh, &hh);
    fe_dot3_to(&nnf, fn, fn);
    fe_of_to(&fr, rr);
    fe_mul_to(&nnf, &nnf, &fr);
    return st_fe_sign3(&hh, &nnf, -1) <= 0;
}

/* n != 0, the projection of p in the closed triangle, and the plane
 * within r. */
static bool face_within(const st_face *f, isect_vec3 p, isect_triangle t, float r, st_normal *sn)
{
    if (!f->nonzero) {
        const fe *fn = st_fe_normal(sn);
        if (!fe_sign(&fn[0]) && !fe_sign(&fn[1]) && !fe_sign(&fn[2]))
            return false; /* degenerate: its hull is covered by the edges and vertices */
    }
    if (!inner_side(f->side[0], p, t.v0, t.v1, sn) || !inner_side(f->side[1], p, t.v1, t.v2, sn) ||
        !inner_side(f->side[2], p, t.v2, t.v0, sn))
        return false;
    return plane_within(f, p, t, r, sn);
}

/* The exact decision.  When the filters alone show the projection strictly
 * inside (n != 0, the three inner sides > 0), the closest point is the
 * projection and the plane decides; otherwise the disjunction over the
 * features.  In a file of its own: its fe temporaries stay out of the
 * common path's stack frame. */
bool isect_sphere_triangle_hit_exact(const isect_sphere *s, const isect_triangle *tri)
{
    double rr = (double)s->radius * s->radius;
    isect_vec3 p = s->center;
    isect_triangle t = *tri;
    st_normal sn; /* the expansions stay unset until st_fe_normal builds them */
    sn.t = t;
    sn.built = false;
    st_face f;
    st_face_init(&f, p, t);
    if (f.nonzero && f.side[0] == 1 && f.side[1] == 1 && f.side[2] == 1)
        return plane_within(&f, p, t, s->radius, &sn);
    return vertex_within(p, t.v0, rr) || vertex_within(p, t.v1, rr) || vertex_within(p, t.v2, rr) ||
           edge_within(p, t.v0, t.v1, rr) || edge_within(p, t.v1, t.v2, rr) || edge_within(p, t.v2, t.v0, rr) ||
           face_within(&f, p, t, s->radius, &sn);
}
