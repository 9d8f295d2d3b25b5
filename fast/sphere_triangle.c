/* fast/sphere_triangle.c: closed ball against closed triangle, binary32
 * inputs and outputs; the hit flag is exact.
 *
 * The hit flag is ref's (docs/queries/sphere_triangle.md, "fast"), decided
 * first, on the binary64 differences p - a, p - b, p - c, b - a, c - a
 * (one rounding each; exact unless a coordinate pair's exponents are far
 * apart):
 * - a miss when the triangle's bounding box is certainly farther than r;
 * - a miss when the plane normal to n = fl(ab x ac) (signed towards p)
 *   certainly separates (the miss certificate below with n for g; tried
 *   when fl(n.ap)^2 > r^2 n.n);
 * - parameters (s, t) near the closest point's, by Voronoi regions in
 *   binary64 (st_params), rounded so that s, t >= 0 and s + t <= 1 exactly:
 *   w = a + s (b - a) + t (c - a) is in the triangle;
 * - a hit when w is certainly within r (FB_CERT_DOT, FB_CERT_SQ, as
 *   capsule_capsule's witness);
 * - a miss when the plane normal to g = p - w certainly separates: every
 *   vertex v has g.(p - v) > r |g| (FB_CAPSULE_GAP, FB_CAPSULE_SQ);
 * - otherwise (st_cold) a hit at the centre when it lies in the closed
 *   triangle (a vertex, or point_in_triangle), else exactly: the ball
 *   meets the triangle iff it contains a
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
#include "fast_overlap.h"
#include "sphere_triangle_exact.h"

/* ---- the decision: a witness or a separating plane ---------------------- */

/* The binary64 differences of the triangle and the centre: relative to a,
 * and the centre relative to b and c. */
typedef struct {
    fv_d3 ab, ac, ap, bp, cp;
} st_frame;

/* x rounded to a multiple of 2^-52 in [0, 1] (fl(1 + x) is one in [1, 2]
 * and subtracting 1 is exact; NaN gives 0).  Branch-free: the clamps are
 * maxsd and minsd. */
static inline double st_grid01(double x)
{
    x = x > 0 ? x : 0;
    x = x < 1 ? x : 1;
    return (x + 1) - 1;
}

/* Parameters (s, t) of a point a + s ab + t ac near the closest point of
 * the triangle, by Voronoi regions in Ericson's order (Real-Time Collision
 * Detection, 5.1.5: vertex a, vertex b, edge ab, vertex c, edge ac, edge
 * bc, face; each region's dot products computed when first needed) in
 * binary64, the dot products with p - b and p - c from those with p - a
 * and the Gram entries ab.ab, ab.ac, ac.ac (one dot product fewer);
 * nothing here needs to be exact: the certificates hold for any s, t >= 0
 * with s + t <= 1, which the grid makes exact (s on the 2^-52 grid: 1 - s
 * is exact, and t is cut to it). */
static void st_params(const st_frame *f, double *s, double *t)
{
    double x = 0, y = 0;
    double d1 = fv_ddot(f->ab, f->ap), d2 = fv_ddot(f->ac, f->ap);
    if (d1 <= 0 && d2 <= 0)
        goto done; /* vertex a */
    double bb = fv_ddot(f->ab, f->ab), bc = fv_ddot(f->ab, f->ac), cc = fv_ddot(f->ac, f->ac);
    double d3 = d1 - bb, d4 = d2 - bc;
    if (d3 >= 0 && d4 <= d3) {
        x = 1;
        goto done;
    }
    double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) {
        x = d1 / (d1 - d3);
        goto done;
    }
    double d5 = d1 - bc, d6 = d2 - cc;
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
    x = st_grid01(x);
    y = st_grid01(y);
    *s = x;
    *t = y < 1 - x ? y : 1 - x; /* s + t > 1 iff t > 1 - s, both exact on the grid */
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

/* On a certain hit: the outputs from the witness w, when [L, U] (it holds
 * d2, L = m^2 / g.g; and U >= |c - w|^2 >= d2 + |q - w|^2, q the closest
 * point: the triangle is convex) is narrow: U <= (1 + 2^-22) L and
 * U - L <= tau = fl(M M) 2^-46 <= 2^-44 S^2 (1 + 3u) (M the largest
 * |c_i - v_i| as rounded, at most 2 S (1 + u), S the largest input
 * magnitude), each checked by products whose slack covers their roundings
 * (FB_ST_OUT_*, fast/fast_bounds_stages.h).  Then point = fl32(c - g) is
 * within 5.01 2^-24 S of q and dist2 = fl32(U) within 5.01 2^-24 d2: both
 * inside the entry's 8 ulps.  Else false. */
static bool st_witness_out(const st_frame *f, fv_d3 g, double gg, double U, isect_vec3 p,
                           isect_sphere_triangle_result *out)
{
    double m = st_least(f, g), mm = m * m;
    double M = st_maxabs3(f->cp, st_maxabs3(f->bp, st_maxabs3(f->ap, 0)));
    double tau = M * M * FB_ST_OUT_TAU, ug = U * gg * (1 + FB_ST_OUT_SLACK);
    if (!(m > 0 && ug <= mm * (1 + FB_ST_OUT_REL) && (U - tau) * gg * (1 + FB_ST_OUT_SLACK) <= mm))
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
    /* the plane first: the miss certificate below with the fixed
     * direction n (towards p) for g; o^2 > r^2 n.n only chooses to try */
    fv_d3 n = fv_dcross(f->ab, f->ac);
    double o = fv_ddot(n, f->ap), nn = fv_ddot(n, n);
    if (o * o > rr * nn) {
        n = fv_dmul(n, o < 0 ? -1 : 1);
        double mn = st_least(f, n);
        if (mn > 0 && nn >= 0x1p-400 && nn <= 0x1p400 && mn * mn > rr * nn * (1 + FB_CAPSULE_SQ))
            return ST_MISS;
    }
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
    return out && st_witness_out(f, g, gg, U, p, out) ? ST_HIT_OUT : ST_HIT;
}

static inline float st_minf(float a, float b) { return a < b ? a : b; }
static inline float st_maxf(float a, float b) { return a > b ? a : b; }

/* The squared gap from x to [lo, hi] (lo <= hi) along one axis, in
 * binary32: x clamped to [lo, hi] exactly, the difference rounded once, its
 * square once (FB_CERT_SQ32's sums). */
static inline float st_gap2(float x, float lo, float hi)
{
    float gap = x - st_minf(st_maxf(x, lo), hi);
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

/* The points a and b are equal (binary32 comparisons: 0 with a NaN); an
 * int, so that callers may OR them without branches. */
static inline int st_same(isect_vec3 a, isect_vec3 b) { return (a.x == b.x) & (a.y == b.y) & (a.z == b.z); }

/* The centre lies in the closed triangle (then its distance is 0 and it is
 * the closest point): certainly when it is a vertex of a finite input
 * (finite: known to be, else checked; a NaN compares unequal; an infinite
 * centre equal to an infinite vertex is invalid input, which
 * point_in_triangle calls a miss), else as
 * isect_point_in_triangle says (exact: fast/point_in_triangle.c; a miss on
 * non-finite input). */
static inline bool st_centre_in(const isect_sphere *s, const isect_triangle *t, bool finite)
{
    bool vertex = st_same(s->center, t->v0) | st_same(s->center, t->v1) | st_same(s->center, t->v2);
    return (vertex && (finite || st_finite(s, t))) || isect_point_in_triangle(s->center, *t, NULL);
}

/* A hit at the centre: point = the centre, dist2 = 0 exactly (the 0 that
 * isect_sphere_triangle's memset left). */
static inline bool st_at_centre(const isect_sphere *s, isect_sphere_triangle_result *out)
{
    if (out) {
        out->hit = true;
        out->point = s->center;
    }
    return true;
}

/* The undecided cases: validity; the centre on the triangle (most of the
 * undecided hits have a radius of a few ulps of 0: the certificates' slack
 * exceeds it); then the exact path, then the outputs. */
static ISECT_NOINLINE bool st_cold(const isect_sphere *s, const isect_triangle *t,
                                   isect_sphere_triangle_result *out)
{
    if (!st_finite(s, t))
        return false;
    if (st_centre_in(s, t, true))
        return st_at_centre(s, out);
    if (!isect_sphere_triangle_hit_exact(s, t))
        return false;
    if (out)
        st_outputs(s, t, out);
    return true;
}

/* Radius 0: the ball is its centre, which meets the triangle iff it lies
 * in it. */
static ISECT_NOINLINE bool st_point(const isect_sphere *s, const isect_triangle *t, isect_sphere_triangle_result *out)
{
    return st_centre_in(s, t, false) && st_at_centre(s, out);
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
    /* the triangle's bounding box certainly farther than r, in binary32
     * (FB_CERT_SQ32: the sums of sphere_sphere's first stage; an overflow
     * of the gaps' sum is a miss, one of r^2 none) */
    float box = st_gap2(p.x, st_minf(a.x, st_minf(b.x, c.x)), st_maxf(a.x, st_maxf(b.x, c.x))) +
                st_gap2(p.y, st_minf(a.y, st_minf(b.y, c.y)), st_maxf(a.y, st_maxf(b.y, c.y))) +
                st_gap2(p.z, st_minf(a.z, st_minf(b.z, c.z)), st_maxf(a.z, st_maxf(b.z, c.z)));
    if (box > r * r * (1 + FB_CERT_SQ32) + FB_CERT_SQ32_MIN)
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
