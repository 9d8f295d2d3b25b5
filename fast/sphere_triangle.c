/* fast/sphere_triangle.c: closed ball against closed triangle, binary32
 * inputs and outputs; the hit flag is exact.
 *
 * The hit flag is ref's (docs/queries/sphere_triangle.md, "fast"), decided
 * first, on the binary64 differences p - a, p - b, p - c, b - a, c - a
 * (one rounding each; exact unless a coordinate pair's exponents are far
 * apart):
 * - a miss when the triangle's bounding box is certainly farther than r;
 * - parameters (s, t) near the closest point's, by Voronoi regions in
 *   binary64 (st_params), rounded so that s, t >= 0 and s + t <= 1 exactly:
 *   w = a + s (b - a) + t (c - a) is in the triangle;
 * - a hit when w is certainly within r (FB_CERT_DOT, FB_CERT_SQ, as
 *   capsule_capsule's witness);
 * - a miss when the plane normal to g = p - w certainly separates: every
 *   vertex v has g.(p - v) > r |g| (FB_CAPSULE_GAP, FB_CAPSULE_SQ);
 * - otherwise exactly: the ball meets the triangle iff it contains a
 *   vertex, or the foot of the centre on an edge's line lies strictly inside
 *   the edge within r, or the projection on the plane (n != 0) lies in the
 *   closed triangle within r; each of these signs (polynomials of degree
 *   <= 6) is evaluated in binary64 first and taken when beyond its guard
 *   (FB_ST_CERT), else exactly (staged orientations when r = 0; for the
 *   plane, brackets of the exact h and n_i (FB_ST_BRACKET); else fe
 *   expansions, fast/fast_exact.h).
 *
 * The outputs, on a hit: the closest point of the triangle to the centre
 * (fast/fast_overlap.h: ov_closest_triangle) on the binary32 differences
 * b - a, c - a, p - a after an exact power-of-two rescaling, then binary64,
 * where the products of two binary32 values are exact; they are those of
 * the exact problem for the vertices and centre moved by at most
 * 2 * 2^-24 * S (one rounding of each difference), up to binary64 rounding
 * and the final rounding to binary32.
 */
#include "fast_exact.h"
#include "fast_overlap.h"
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

/* The plane test's middle stage, when b - a, c - a, p - a are exact in
 * binary64: h = n.(p - a) = (b - a).((c - a) x (p - a)) exactly
 * (fx_triple) and each n_i as four components (fx_two_prod), bracketed by
 * st_bracket: |h| in [h - eh, h + eh], |n_i| in [v_i - en_i, v_i + en_i];
 * then h^2 <= r^2 n.n is certain, or its negation, beyond the rounding of
 * the bounds' squares and sums (FB_ST_BRACKET, fast/fast_bounds.h).
 * 1, -1 or ST_UNSURE (also when a difference is not exact). */
static int plane_sign_bracket(isect_vec3 p, isect_triangle t, double rr)
{
    double ab[3], ac[3], ap[3], hx[25], eh, lo = 0, hi = 0;
    if (!tx_diff3_exact(ab, t.v1, t.v0) || !tx_diff3_exact(ac, t.v2, t.v0) || !tx_diff3_exact(ap, p, t.v0))
        return ST_UNSURE;
    double h = fabs(st_bracket(hx, fx_triple(hx, ab, ac, ap), &eh));
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3, n = 0;
        double c[5], e1, e2, p1 = fx_two_prod(ab[j], ac[k], &e1), p2 = fx_two_prod(ab[k], ac[j], &e2), en;
        n = fx_grow(c, n, e1);
        n = fx_grow(c, n, p1);
        n = fx_grow(c, n, -e2);
        n = fx_grow(c, n, -p2);
        double v = fabs(st_bracket(c, n, &en)), l = v - en;
        lo += l > 0 ? l * l : 0;
        hi += (v + en) * (v + en);
    }
    double hl = h - eh, hu = h + eh, nl = rr * lo * (1 - FB_ST_BRACKET), nu = rr * hi * (1 + FB_ST_BRACKET);
    if (hu * hu * (1 + FB_ST_BRACKET) <= nl)
        return -1;
    if (hl > 0 && hl * hl * (1 - FB_ST_BRACKET) > nu)
        return 1;
    return ST_UNSURE;
}

/* (n.(p - a))^2 <= r^2 n.n (the plane within r). */
static bool plane_within(const st_face *f, isect_vec3 p, isect_triangle t, double rr, st_normal *sn)
{
    double h = fv_ddot(f->n, f->ap), hm = fv_ddot(f->nm, st_abs3(f->ap));
    double nn = fv_ddot(f->n, f->n), nnm = fv_ddot(f->nm, f->nm);
    int s = st_sign(h * h - rr * nn, hm * hm + rr * nnm);
    if (s != ST_UNSURE)
        return s <= 0;
    if (rr == 0) /* within 0: n.(p - a) = 0, the staged exact orientation */
        return tx_orient3(t.v0, t.v1, t.v2, p) == 0;
    s = plane_sign_bracket(p, t, rr);
    if (s != ST_UNSURE)
        return s <= 0;
    const fe *fn = st_fe_normal(sn);
    fe fap[3], hh, nnf, r;
    fe_diff3(fap, p, t.v0);
    fe_dot3_to(&hh, fn, fap);
    fe_mul_to(&hh, &hh, &hh);
    fe_dot3_to(&nnf, fn, fn);
    fe_of_to(&r, rr);
    fe_mul_to(&nnf, &nnf, &r);
    return st_fe_sign3(&hh, &nnf, -1) <= 0;
}

/* n != 0, the projection of p in the closed triangle, and the plane
 * within r. */
static bool face_within(const st_face *f, isect_vec3 p, isect_triangle t, double rr, st_normal *sn)
{
    if (!f->nonzero) {
        const fe *fn = st_fe_normal(sn);
        if (!fe_sign(&fn[0]) && !fe_sign(&fn[1]) && !fe_sign(&fn[2]))
            return false; /* degenerate: its hull is covered by the edges and vertices */
    }
    if (!inner_side(f->side[0], p, t.v0, t.v1, sn) || !inner_side(f->side[1], p, t.v1, t.v2, sn) ||
        !inner_side(f->side[2], p, t.v2, t.v0, sn))
        return false;
    return plane_within(f, p, t, rr, sn);
}

/* The exact decision.  When the filters alone show the projection strictly
 * inside (n != 0, the three inner sides > 0), the closest point is the
 * projection and the plane decides; otherwise the disjunction over the
 * features. */
bool isect_sphere_triangle_hit_exact(const isect_sphere *s, const isect_triangle *tri);

/* Not static: kept out of line (its fe temporaries would otherwise enlarge
 * the stack frame of the common path); the inputs by pointer (by value, the
 * caller would store them again for the call). */
ISECT_NOINLINE bool isect_sphere_triangle_hit_exact(const isect_sphere *s, const isect_triangle *tri)
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
        return plane_within(&f, p, t, rr, &sn);
    return vertex_within(p, t.v0, rr) || vertex_within(p, t.v1, rr) || vertex_within(p, t.v2, rr) ||
           edge_within(p, t.v0, t.v1, rr) || edge_within(p, t.v1, t.v2, rr) || edge_within(p, t.v2, t.v0, rr) ||
           face_within(&f, p, t, rr, &sn);
}

/* ---- the decision: a witness or a separating plane ---------------------- */

/* The binary64 differences of the triangle and the centre: relative to a,
 * and the centre relative to b and c. */
typedef struct {
    fv_d3 ab, ac, ap, bp, cp;
} st_frame;

/* x rounded to a multiple of 2^-52 in [0, 1] (fl(1 + x) is one in [1, 2]
 * and subtracting 1 is exact; NaN gives 0). */
static inline double st_grid01(double x) { return x > 0 ? (x < 1 ? (x + 1) - 1 : 1) : 0; }

/* Parameters (s, t) of a point a + s ab + t ac near the closest point of
 * the triangle, by Voronoi regions in Ericson's order (Real-Time Collision
 * Detection, 5.1.5: vertex a, vertex b, edge ab, vertex c, edge ac, edge
 * bc, face; each region's dot products computed when first needed) in
 * binary64; nothing here needs to be exact: the certificates hold for any
 * s, t >= 0 with s + t <= 1, which the grid makes exact (both on the 2^-52
 * grid: s + t and 1 - s are exact). */
static void st_params(const st_frame *f, double *s, double *t)
{
    double x = 0, y = 0;
    double d1 = fv_ddot(f->ab, f->ap), d2 = fv_ddot(f->ac, f->ap);
    if (d1 <= 0 && d2 <= 0)
        goto done; /* vertex a */
    double d3 = fv_ddot(f->ab, f->bp), d4 = fv_ddot(f->ac, f->bp);
    if (d3 >= 0 && d4 <= d3) {
        x = 1;
        goto done;
    }
    double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) {
        x = d1 / (d1 - d3);
        goto done;
    }
    double d5 = fv_ddot(f->ab, f->cp), d6 = fv_ddot(f->ac, f->cp);
    if (d6 >= 0 && d5 <= d6) {
        y = 1;
        goto done;
    }
    double vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) {
        y = d2 / (d2 - d6);
        goto done;
    }
    double va = d3 * d6 - d5 * d4;
    if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
        y = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        x = 1 - st_grid01(y);
    } else {
        double inv = 1 / (va + vb + vc);
        x = vb * inv;
        y = vc * inv;
    }
done:
    *s = st_grid01(x);
    *t = st_grid01(y);
    if (*s + *t > 1)
        *t = 1 - *s;
}

enum { ST_MISS = 0, ST_HIT = 1, ST_HIT_OUT = 2, ST_UNDECIDED = 3 };

/* A lower bound of the least g.(c - v) over the vertices v, from the
 * binary64 differences x = fl(c - v) (FB_CAPSULE_GAP: each g.x less
 * 2^-49 sum |g_i x_i| + 2^-1000); it bounds g.(c - y) below for every y
 * of the triangle, the hull of its vertices. */
static inline double st_least(const st_frame *f, fv_d3 g)
{
    double la = fv_ddot(g, f->ap) - (FB_CAPSULE_GAP * fv_dabsdot(g, f->ap) + 0x1p-1000);
    double lb = fv_ddot(g, f->bp) - (FB_CAPSULE_GAP * fv_dabsdot(g, f->bp) + 0x1p-1000);
    double lc = fv_ddot(g, f->cp) - (FB_CAPSULE_GAP * fv_dabsdot(g, f->cp) + 0x1p-1000);
    double m = la < lb ? la : lb;
    return m < lc ? m : lc;
}

static inline double st_maxabs3(fv_d3 v, double m)
{
    double x = fabs(v.x), y = fabs(v.y), z = fabs(v.z);
    m = m > x ? m : x;
    m = m > y ? m : y;
    return m > z ? m : z;
}

/* On a certain hit: the outputs from the witness w, when [m^2 / g.g, U]
 * (it holds d2, and |c - w|^2 <= U is at least d2 + |q - w|^2, q the
 * closest point: the triangle is convex) is narrow: U <= (1 + 2^-22) L and
 * U - L <= tau, L = m^2 / g.g, tau = fl(M M) 2^-46 <= 2^-44 S^2 (1 + 4u)
 * (M the largest |c_i - v_i| as rounded, at most 2 S (1 + u), S the
 * largest input magnitude); each checked by products whose slack 1 + 2^-46
 * covers their roundings (docs/queries/sphere_triangle.md).  Then
 * point = fl32(c - g) is within 5.01 2^-24 S of q and dist2 = fl32(U)
 * within 5.01 2^-24 d2: both inside the entry's 8 ulps.  U in
 * [2^-100, 2^100] and M >= 2^-99 keep binary32 normal.  Else false. */
static bool st_witness_out(const st_frame *f, fv_d3 g, double gg, double U, isect_vec3 p,
                           isect_sphere_triangle_result *out)
{
    double m = st_least(f, g), mm = m * m;
    double M = st_maxabs3(f->cp, st_maxabs3(f->bp, st_maxabs3(f->ap, 0)));
    double tau = M * M * 0x1p-46, ug = U * gg * (1 + 0x1p-46);
    if (!(m > 0 && ug <= mm * (1 + 0x1p-22) && (U - tau) * gg * (1 + 0x1p-46) <= mm && U >= 0x1p-100 &&
          U <= 0x1p100 && M >= 0x1p-99))
        return false;
    out->hit = true;
    out->point.x = (float)(p.x - g.x);
    out->point.y = (float)(p.y - g.y);
    out->point.z = (float)(p.z - g.z);
    out->dist2 = (float)U;
    return true;
}

/* The decision from the witness w = a + s ab + t ac (in the triangle) and
 * the fixed direction g = fl(fl(ap - fl(s ab)) - fl(t ac)) ~ c - w:
 * - g.g <= r^2: U = fl(fl(up.up) (1 + 2^-48)) bounds |c - w|^2 >= d2
 *   above, where up_i = |g_i| + (2^-50 A_i + 2^-500) bounds |c_i - w_i|
 *   (A_i = |ap_i| + s |ab_i| + t |ac_i|: FB_CERT_DOT, FB_CERT_SQ, as
 *   capsule_capsule's witness): U <= r^2 is a certain hit (and U >= g.g,
 *   so nothing is lost on the other side);
 * - g.g > r^2: with m from st_least, d2 >= m^2 / g.g when m > 0: a certain
 *   miss when fl(m m) > fl(r^2 g.g) (1 + 2^-46) (FB_CAPSULE_SQ, g.g in
 *   [2^-400, 2^400]); on the other side m <= g.g (w is in the triangle),
 *   so m^2 <= r^2 g.g up to rounding: no miss is lost.
 * ST_HIT_OUT when the outputs were written from the witness, ST_HIT when
 * they are left to ov_closest_triangle. */
static int st_certify(const st_frame *f, double rr, isect_vec3 p, isect_sphere_triangle_result *out)
{
    double s, t;
    st_params(f, &s, &t);
    fv_d3 g = fv_dsub(fv_dsub(f->ap, fv_dmul(f->ab, s)), fv_dmul(f->ac, t));
    double gg = fv_ddot(g, g);
    if (!(gg <= rr)) {
        double m = st_least(f, g);
        return m > 0 && gg >= 0x1p-400 && gg <= 0x1p400 && m * m > rr * gg * (1 + FB_CAPSULE_SQ) ? ST_MISS
                                                                                                : ST_UNDECIDED;
    }
    fv_d3 up = {fabs(g.x) + (FB_CERT_DOT * (fabs(f->ap.x) + s * fabs(f->ab.x) + t * fabs(f->ac.x)) + 0x1p-500),
                fabs(g.y) + (FB_CERT_DOT * (fabs(f->ap.y) + s * fabs(f->ab.y) + t * fabs(f->ac.y)) + 0x1p-500),
                fabs(g.z) + (FB_CERT_DOT * (fabs(f->ap.z) + s * fabs(f->ab.z) + t * fabs(f->ac.z)) + 0x1p-500)};
    double U = fv_ddot(up, up) * (1 + FB_CERT_SQ);
    if (!(U <= rr))
        return ST_UNDECIDED;
    return out && gg >= 0x1p-400 && st_witness_out(f, g, gg, U, p, out) ? ST_HIT_OUT : ST_HIT;
}

static inline float st_minf(float a, float b) { return a < b ? a : b; }
static inline float st_maxf(float a, float b) { return a > b ? a : b; }

/* The squared gap from x to [lo, hi] (lo <= hi) along one axis: x clamped
 * to [lo, hi] exactly (in binary32), the difference rounded once. */
static inline double st_gap2(float x, float lo, float hi)
{
    double gap = (double)x - st_minf(st_maxf(x, lo), hi);
    return gap * gap;
}

/* The largest magnitude of the inputs (finite). */
static inline float st_maxabs(float m, isect_vec3 v)
{
    float x = fabsf(v.x), y = fabsf(v.y), z = fabsf(v.z);
    return st_maxf(st_maxf(m, x), st_maxf(y, z));
}

/* The outputs when the witness did not certify them (ov_closest_triangle):
 * binary32 differences after an exact power-of-two rescaling, so that
 * every product of two of them is exact in binary64; back to input units
 * by powers of two, then one rounding to binary32. */
static ISECT_NOINLINE void st_outputs(const isect_sphere *s, const isect_triangle *tri,
                                      isect_sphere_triangle_result *out)
{
    float m = st_maxabs(st_maxabs(st_maxabs(st_maxabs(s->radius, s->center), tri->v0), tri->v1), tri->v2);
    int k = fv_rescale_exp(m, FB_COMFY_HI_SQ);
    isect_vec3 a = fv_scale3(tri->v0, k);
    fv_d3 ab = fv_d(fv_sub(fv_scale3(tri->v1, k), a)), ac = fv_d(fv_sub(fv_scale3(tri->v2, k), a));
    fv_d3 ap = fv_d(fv_sub(fv_scale3(s->center, k), a)), q;
    double d2 = ov_closest_triangle(ab, ac, ap, &q), back = fv_pow2(-k);
    out->hit = true;
    out->point.x = (float)(((double)a.x + q.x) * back);
    out->point.y = (float)(((double)a.y + q.y) * back);
    out->point.z = (float)(((double)a.z + q.z) * back);
    out->dist2 = (float)(d2 * back * back);
}

/* The inputs are finite (the radius is checked before). */
static inline bool st_finite(const isect_sphere *s, const isect_triangle *t)
{
    return fv_finite3(s->center) && fv_finite3(t->v0) && fv_finite3(t->v1) && fv_finite3(t->v2);
}

/* The undecided cases: validity, then the exact path, then the outputs. */
static ISECT_NOINLINE bool st_cold(const isect_sphere *s, const isect_triangle *t,
                                   isect_sphere_triangle_result *out)
{
    if (!st_finite(s, t) || !isect_sphere_triangle_hit_exact(s, t))
        return false;
    if (out)
        st_outputs(s, t, out);
    return true;
}

/* Radius 0: the ball is its centre, which meets the triangle iff it lies
 * in it (isect_point_in_triangle, exact: fast/point_in_triangle.c); then
 * the closest point is the centre itself and the squared distance 0,
 * exactly.  point_in_triangle is a miss on non-finite input. */
static ISECT_NOINLINE bool st_point(const isect_sphere *s, const isect_triangle *t, isect_sphere_triangle_result *out)
{
    if (!isect_point_in_triangle(s->center, *t, NULL))
        return false;
    if (out) {
        out->hit = true;
        out->point = s->center;
    }
    return true;
}

/* Validity: a negative, NaN or infinite radius here; a non-finite
 * coordinate makes g non-finite (each coordinate enters g through ap, or
 * through ab or ac times s or t, where 0 * inf is NaN), so no certificate
 * holds and st_cold checks it; the box test may call such an input a miss,
 * which is its answer. */
bool isect_sphere_triangle(isect_sphere s, isect_triangle tri, isect_sphere_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    float r = s.radius;
    if (!(r >= 0 && r <= FLT_MAX))
        return false;
    if (r == 0)
        return st_point(&s, &tri, out);
    double rr = (double)r * r;
    isect_vec3 p = s.center, a = tri.v0, b = tri.v1, c = tri.v2;
    /* the triangle's bounding box certainly farther than r (FB_CERT_SQ) */
    double box = st_gap2(p.x, st_minf(a.x, st_minf(b.x, c.x)), st_maxf(a.x, st_maxf(b.x, c.x))) +
                 st_gap2(p.y, st_minf(a.y, st_minf(b.y, c.y)), st_maxf(a.y, st_maxf(b.y, c.y))) +
                 st_gap2(p.z, st_minf(a.z, st_minf(b.z, c.z)), st_maxf(a.z, st_maxf(b.z, c.z)));
    if (box > rr * (1 + FB_CERT_SQ))
        return false;
    st_frame f;
    fv_d3 pd = fv_d(p), ad = fv_d(a), bd = fv_d(b), cd = fv_d(c);
    f.ab = fv_dsub(bd, ad);
    f.ac = fv_dsub(cd, ad);
    f.ap = fv_dsub(pd, ad);
    f.bp = fv_dsub(pd, bd);
    f.cp = fv_dsub(pd, cd);
    int k = st_certify(&f, rr, p, out);
    if (k == ST_MISS)
        return false;
    if (k == ST_UNDECIDED)
        return st_cold(&s, &tri, out);
    if (k == ST_HIT && out)
        st_outputs(&s, &tri, out);
    return true;
}
