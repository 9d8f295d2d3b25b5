/* fast/aabb_plane.c: closed box against plane: front, back or straddling,
 * binary32 inputs, exact answer.
 *
 * With v- and v+ the box's vertices least and most along the normal n
 * (v-_i = min_i where n_i > 0, else max_i): front iff n.(v- - point) > 0,
 * back iff n.(v+ - point) < 0, else straddling (the centre-extent test
 * s -+ e.|n|, Ericson 5.2.3, written per vertex).  Both dot products in
 * binary32 at once, certified by FB_CERT_DOT32 (fast/fast_bounds.h), one
 * branch to the cold path; there each uncertain sign: 0 when every term is
 * 0, else binary64 certified by FB_CERT_DOT, else the exact sum of six
 * exact products when nothing rounds (fx_sum8_exact), else exact
 * (dot_sign_exact: a binary64 expansion when the differences are exact in
 * binary64, else fe expansions, fast/fast_exact.h).
 * docs/queries/aabb_plane.md.
 */
#include "fast_exact.h"
#include "fast_vec3.h"

/* The sign of n.(v - p), exactly: when the differences v_i - p_i are exact
 * in binary64 (fx_two_sum's error 0), the three products by fx_two_prod
 * summed as an expansion (six components); else fe expansions. */
static int dot_sign_exact(const isect_vec3 *v, const isect_vec3 *p, const isect_vec3 *n)
{
    double e[3], w[3], acc[6];
    w[0] = fx_two_sum(v->x, -(double)p->x, &e[0]);
    w[1] = fx_two_sum(v->y, -(double)p->y, &e[1]);
    w[2] = fx_two_sum(v->z, -(double)p->z, &e[2]);
    if (e[0] == 0 && e[1] == 0 && e[2] == 0) {
        const double m[3] = {n->x, n->y, n->z};
        int k = 0;
        for (int i = 0; i < 3; i++) {
            double err, q = fx_two_prod(w[i], m[i], &err);
            k = fx_grow(acc, k, err);
            k = fx_grow(acc, k, q);
        }
        return fx_sign(acc, k);
    }
    fe x, d[3], m[3];
    fe_diff3(d, *v, *p);
    fe_of_to(&m[0], n->x);
    fe_of_to(&m[1], n->y);
    fe_of_to(&m[2], n->z);
    fe_dot3_to(&x, d, m);
    return fe_sign(&x);
}

/* The sign of n.(v - p) on the cold path: the binary64 value certified
 * by FB_CERT_DOT; else exact: the six products n_i v_i, -n_i p_i of
 * binary32 values are exact in binary64, and fx_sum8_exact sums them when no
 * partial sum rounds (a plane through a corner, an axis normal); else
 * dot_sign_exact.  Finite inputs (checked by the caller). */
static int dot_sign_cold(const isect_vec3 *v, const isect_vec3 *p, const isect_vec3 *n)
{
    double wx = (double)v->x - p->x, wy = (double)v->y - p->y, wz = (double)v->z - p->z;
    double tx = wx * n->x, ty = wy * n->y, tz = wz * n->z, d = tx + ty + tz;
    double g = FB_CERT_DOT * (fabs(tx) + fabs(ty) + fabs(tz));
    if (d > g || -d > g)
        return d > 0 ? 1 : -1;
    double s;
    if (fx_sum8_exact((double)n->x * v->x, -((double)n->x * p->x), (double)n->y * v->y, -((double)n->y * p->y),
                      (double)n->z * v->z, -((double)n->z * p->z), 0, 0, &s))
        return (s > 0) - (s < 0);
    return dot_sign_exact(v, p, n);
}

/* The sign of n.(v - p) on the cold path, given the vertex: 0 when every
 * term is 0 exactly (v_i = p_i or n_i = 0: a plane through the vertex, or
 * an axis normal through a face), else dot_sign_cold. */
static int vertex_sign(const isect_vec3 *v, const isect_vec3 *p, const isect_vec3 *n)
{
    if ((v->x == p->x || n->x == 0) && (v->y == p->y || n->y == 0) && (v->z == p->z || n->z == 0))
        return 0;
    return dot_sign_cold(v, p, n);
}

/* Everything the common path could not certify: invalid input, a zero
 * normal, a vertex on or within rounding of the plane.  cert: the common
 * path's certificates (AP_*); AP_OK says the input passed its checks, so
 * that only n = 0 remains to test.  The arguments by pointer: no copy of
 * the structs on the way in.  First the plane through a point of the box,
 * exactly (the boundary set's corners and faces): on every axis n_i = 0 or
 * min_i <= p_i <= max_i, so that the point p' (p_i where n_i != 0, min_i
 * where n_i = 0) is on the plane and in the box: straddling, whatever
 * the dot products round to (comparisons, no arithmetic). */
enum { AP_LO_NEG = 1, AP_HI_POS = 2, AP_OK = 4 };
static ISECT_NOINLINE bool aabb_plane_cold(const isect_aabb *bp, const isect_plane *pp, isect_aabb_plane_result *out,
                                           unsigned cert)
{
    if (out)
        out->side = ISECT_STRADDLING;
    const isect_aabb b = *bp;
    const isect_vec3 n = pp->normal, p = pp->point;
    if (n.x == 0 && n.y == 0 && n.z == 0)
        return false;
    if (!(cert & AP_OK) &&
        (!(b.min.x <= b.max.x && b.min.y <= b.max.y && b.min.z <= b.max.z) || !fv_finite3(b.min) ||
         !fv_finite3(b.max) || !fv_finite3(p) || !fv_finite3(n)))
        return false;
    unsigned in = ((n.x == 0) | ((b.min.x <= p.x) & (p.x <= b.max.x))) &
                  ((n.y == 0) | ((b.min.y <= p.y) & (p.y <= b.max.y))) &
                  ((n.z == 0) | ((b.min.z <= p.z) & (p.z <= b.max.z)));
    if (in)
        return true;
    isect_vec3 lo = {n.x > 0 ? b.min.x : b.max.x, n.y > 0 ? b.min.y : b.max.y, n.z > 0 ? b.min.z : b.max.z};
    isect_vec3 hi = {n.x > 0 ? b.max.x : b.min.x, n.y > 0 ? b.max.y : b.min.y, n.z > 0 ? b.max.z : b.min.z};
    int sl = cert & AP_LO_NEG ? -1 : vertex_sign(&lo, &p, &n);
    int sh = sl > 0 ? 1 : cert & AP_HI_POS ? 1 : vertex_sign(&hi, &p, &n);
    isect_side side = sl > 0 ? ISECT_FRONT : sh < 0 ? ISECT_BACK : ISECT_STRADDLING;
    if (out)
        out->side = side;
    return side == ISECT_STRADDLING;
}

/* The common path, binary32 as the textbook test.  Per axis the terms of
 * both box ends, a_i = fl(fl(min_i - p_i) n_i) and b_i (max_i); the least
 * (greatest) of the two is the term of v- (v+): rounding is monotone.  dl,
 * dh: the sums over the axes, left to right, certified by FB_CERT_DOT32
 * with one bound for both, g = fl(2^-20 M + 2^-140), M = sum_i (|a_i| +
 * |b_i|), which is at least each dot product's sum of magnitudes (monotone
 * rounding): both signs certain when min(|dl|, |dh|) > g.  A finite M
 * proves every input finite; n = 0 makes dl = dh = 0 and certifies
 * nothing.  One branch, well predicted: certified and valid, or the cold
 * path, told which signs are already certain. */
bool isect_aabb_plane(isect_aabb b, isect_plane plane, isect_aabb_plane_result *out)
{
    isect_vec3 n = plane.normal, p = plane.point;
    float ax = (b.min.x - p.x) * n.x, bx = (b.max.x - p.x) * n.x;
    float ay = (b.min.y - p.y) * n.y, by = (b.max.y - p.y) * n.y;
    float az = (b.min.z - p.z) * n.z, bz = (b.max.z - p.z) * n.z;
    float dl = (ax < bx ? ax : bx) + (ay < by ? ay : by) + (az < bz ? az : bz);
    float dh = (ax < bx ? bx : ax) + (ay < by ? by : ay) + (az < bz ? bz : az);
    float m = (fabsf(ax) + fabsf(bx)) + (fabsf(ay) + fabsf(by)) + (fabsf(az) + fabsf(bz));
    float g = FB_CERT_DOT32 * m + FB_CERT_DOT32_ABS;
    /* the box's extents, >= 0 iff min <= max (the sign of a difference is
     * exact); NaN only when m is NaN too (then ok is 0 whatever ex is) */
    float ex = b.max.x - b.min.x, ey = b.max.y - b.min.y, ez = b.max.z - b.min.z;
    float el = ex < ey ? ex : ey, lo = fabsf(dl), hi = fabsf(dh);
    el = el < ez ? el : ez;
    unsigned ok = (m <= FLT_MAX) & (el >= 0);
    /* both signs certain (g > 0): then front iff dl > 0, back iff dh < 0,
     * else straddling (dl <= dh: rounding is monotone) */
    unsigned cert = (lo < hi ? lo : hi) > g;
    if (ISECT_UNLIKELY((cert & ok) == 0)) {
        unsigned lo_neg = dl < -g, hi_pos = dh > g;
        return aabb_plane_cold(&b, &plane, out, lo_neg * AP_LO_NEG + hi_pos * AP_HI_POS + ok * AP_OK);
    }
    unsigned front = dl > 0, back = dh < 0;
    if (out)
        out->side = (isect_side)((int)front - (int)back);
    return !(front | back);
}
