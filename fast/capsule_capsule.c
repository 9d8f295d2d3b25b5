/* fast/capsule_capsule.c: capsules (segments swept by balls) overlap,
 * binary32 inputs, exact answer (ref's for every valid input).
 *
 * Filter (binary64): parameters s, t in [0, 1] of nearly closest points
 * P = p0 + s d1, Q = q0 + t d2 (the textbook clamped solution; any s, t
 * in [0, 1] will do, their accuracy only decides how often the filter
 * certifies).  Hit, certified: an upper bound of the exact |P - Q|^2 at
 * most (r0 + r1)^2.  Miss, certified: with g = P - Q as computed, a lower
 * bound of the exact gap min over the endpoints of g.(p_k - q_l) whose
 * square exceeds (r0 + r1)^2 g.g (the segments lie on either side of a slab
 * of width gap/|g|).  Otherwise the exact path: a binary64 stage
 * (cc_stage64: the lines' stationary point certainly inside the square,
 * with its distance certified, or certainly outside, from Binet-Cauchy
 * products of dot products, FB_CAPSULE_BC), then fe expansions
 * (fast/fast_exact.h) for what it leaves: the stationary point decides
 * alone when strictly inside, else an endpoint within r0 + r1 of the other
 * segment.  docs/queries/capsule_capsule.md, "Exact path".
 */
#include "fast_exact.h"
#include "fast_overlap.h"

/* ---- exact path ------------------------------------------------------------------ */

/* A value rewritten into its shortest form (fe_norm_buf: same value, fewer
 * components; fast/fast_exact.h), so that the products after it stay short. */
static void cc_norm(fe *v)
{
    if (v->n > 2)
        v->n = fe_norm_buf(v->e, v->n);
}

/* r = x.y, shortened (pointer forms, no fe copies). */
static void cc_dot(fe *r, const fe *x, const fe *y)
{
    fe_dot3_to(r, x, y);
    cc_norm(r);
}

/* |x - a|^2 <= RR, or the foot of x on the line a b strictly inside the
 * segment and |(x - a) x e|^2 <= RR e.e (e = b - a): x within R of a b. */
static bool point_within(isect_vec3 x, isect_vec3 a, isect_vec3 b, const fe *RR)
{
    fe w[3], v[3], e[3], c[3], d, g, A;
    fe_diff3(w, x, a);
    cc_dot(&d, w, w);
    fe_add_to(&g, &d, RR, -1);
    if (fe_sign(&g) <= 0)
        return true;
    fe_diff3(v, b, x);
    cc_dot(&d, v, v);
    fe_add_to(&g, &d, RR, -1);
    if (fe_sign(&g) <= 0)
        return true;
    fe_diff3(e, b, a);
    cc_dot(&A, w, e);
    if (fe_sign(&A) <= 0)
        return false;
    cc_dot(&A, v, e);
    if (fe_sign(&A) <= 0)
        return false;
    fe_cross3(c, w, e);
    cc_dot(&d, c, c);
    cc_dot(&A, e, e);
    fe_mul_to(&g, RR, &A);
    fe_add_to(&g, &d, &g, -1);
    return fe_sign(&g) <= 0;
}

/* The lines' data for the stationary point (fe values): n = d1 x d2 (its
 * components shortened), n.n, r = q0 - p0, d1, d2. */
typedef struct {
    fe d1[3], d2[3], r[3], n[3], nn;
} cc_lines;

/* Returns false when n = 0 (parallel or degenerate segments). */
static bool cc_lines_init(cc_lines *L, isect_capsule a, isect_capsule b)
{
    fe_diff3(L->d1, a.p1, a.p0);
    fe_diff3(L->d2, b.p1, b.p0);
    fe_diff3(L->r, b.p0, a.p0);
    fe_cross3(L->n, L->d1, L->d2);
    if (!fe_sign(&L->n[0]) && !fe_sign(&L->n[1]) && !fe_sign(&L->n[2]))
        return false;
    for (int k = 0; k < 3; k++)
        cc_norm(&L->n[k]);
    cc_dot(&L->nn, L->n, L->n);
    return true;
}

/* The stationary point of |p0 + s d1 - q0 - t d2|^2 (n != 0): s =
 * (r x d2).n / n.n, t = (r x d1).n / n.n strictly inside (0, 1)^2? */
static bool cc_inside(const cc_lines *L)
{
    fe c[3], x, y;
    for (int k = 0; k < 2; k++) {
        fe_cross3(c, L->r, k ? L->d1 : L->d2);
        cc_dot(&x, c, L->n);
        fe_add_to(&y, &L->nn, &x, -1);
        if (fe_sign(&x) <= 0 || fe_sign(&y) <= 0)
            return false;
    }
    return true;
}

/* At that point the squared distance is (n.r)^2 / n.n: within R iff
 * (n.r)^2 <= RR n.n. */
static bool cc_final(const cc_lines *L, const fe *RR)
{
    fe h, hh, y;
    cc_dot(&h, L->n, L->r);
    fe_mul_to(&hh, &h, &h);
    fe_mul_to(&y, RR, &L->nn);
    fe_add_to(&y, &hh, &y, -1);
    return fe_sign(&y) <= 0;
}

/* The binary64 stage of the exact path (docs/queries/capsule_capsule.md,
 * "Exact path"): the stationary point's position and distance from dot
 * products of rounded differences of the inputs. */
enum { CC_MISS, CC_HIT, CC_FINAL, CC_EDGES, CC_UNKNOWN };

/* V = x1 x2 - x3 x4 for dot products x_k of rounded differences with
 * magnitude sums m_k: 1 if V > 0 certainly, -1 if V < 0, else 0
 * (FB_CAPSULE_BC). */
static int cc_bc(double x1, double m1, double x2, double m2, double x3, double m3, double x4, double m4)
{
    double v = x1 * x2 - x3 * x4, e = FB_CAPSULE_BC * (m1 * m2 + m3 * m4);
    return v > e ? 1 : v < -e ? -1 : 0;
}

/* (n.r)^2 against RR n.n from nn = fl(A C - B^2) within en and the
 * triple product h = fl(r.(d1 x d2)) within eh (FB_CERT_TRIPLE),
 * FB_CAPSULE_SQ's margin (fast/fast_bounds.h, FB_CAPSULE_BC's section). */
static int cc_final64(double nn, double en, double h, double eh, double R)
{
    double RR = R * R, hl = fabs(h) - eh, nu = nn + en, hu = fabs(h) + eh, nl = nn - en;
    if (hl > 0) {
        double X = RR * nu;
        if ((RR == 0 || X >= 0x1p-1000) && hl * hl > X * (1 + FB_CAPSULE_SQ))
            return CC_MISS;
    }
    if (nl > 0) {
        double Y = hu * hu;
        if ((hu == 0 || Y >= 0x1p-1000) && Y * (1 + FB_CAPSULE_SQ) <= RR * nl)
            return CC_HIT;
    }
    return CC_FINAL;
}

/* s n.n = (r.d1) C - (r.d2) B, (1 - s) n.n = (e.d1) C - (e.d2) B,
 * t n.n = (r.d1) B - (r.d2) A, (1 - t) n.n = (f.d2) A - (f.d1) B, with
 * A = d1.d1, B = d1.d2, C = d2.d2, r = q0 - p0, e = p1 - q0, f = q1 - p0
 * (Binet-Cauchy; every factor a dot product of rounded differences). */
static int cc_stage64(isect_capsule a, isect_capsule b)
{
    fv_d3 p0 = fv_d(a.p0), p1 = fv_d(a.p1), q0 = fv_d(b.p0), q1 = fv_d(b.p1);
    fv_d3 d1 = fv_dsub(p1, p0), d2 = fv_dsub(q1, q0), r = fv_dsub(q0, p0), e = fv_dsub(p1, q0), f = fv_dsub(q1, p0);
    double A = fv_ddot(d1, d1), B = fv_ddot(d1, d2), C = fv_ddot(d2, d2), mB = fv_dabsdot(d1, d2);
    double rd1 = fv_ddot(r, d1), rd2 = fv_ddot(r, d2), mr1 = fv_dabsdot(r, d1), mr2 = fv_dabsdot(r, d2);
    double ed1 = fv_ddot(e, d1), ed2 = fv_ddot(e, d2), me1 = fv_dabsdot(e, d1), me2 = fv_dabsdot(e, d2);
    double fd1 = fv_ddot(f, d1), fd2 = fv_ddot(f, d2), mf1 = fv_dabsdot(f, d1), mf2 = fv_dabsdot(f, d2);
    int s0 = cc_bc(rd1, mr1, C, C, rd2, mr2, B, mB), s1 = cc_bc(ed1, me1, C, C, ed2, me2, B, mB);
    int t0 = cc_bc(B, mB, rd1, mr1, A, A, rd2, mr2), t1 = cc_bc(A, A, fd2, mf2, B, mB, fd1, mf1);
    if (s0 < 0 || s1 < 0 || t0 < 0 || t1 < 0)
        return CC_EDGES;
    if (!(s0 > 0 && s1 > 0 && t0 > 0 && t1 > 0))
        return CC_UNKNOWN;
    double nn = A * C - B * B, en = FB_CAPSULE_BC * (A * C + mB * mB);
    double h = fv_ddot(r, fv_dcross(d1, d2)), eh = FB_CERT_TRIPLE * ov_abs_triple(r, d1, d2);
    return cc_final64(nn, en, h, eh, (double)a.radius + b.radius);
}

/* The distance test at a stationary point strictly inside the square
 * (CC_FINAL: n.n > 0) when both segments lie in planes perpendicular to
 * one axis k (p0_k = p1_k, q0_k = q1_k: the catalog's crossing contacts):
 * then d1_k = d2_k = 0, n = d1 x d2 = n_k e_k with n_k != 0, n.r = n_k r_k
 * (r = q0 - p0), and (n.r)^2 <= R^2 n.n iff |q0_k - p0_k| <= r0 + r1:
 * decided exactly by the sign of a sum of four binary32 values (fx_grow).
 * 1 hit, 0 miss, -1 no such axis. */
static int cc_plane_final(isect_capsule a, isect_capsule b)
{
    const float p[3] = {a.p0.x, a.p0.y, a.p0.z}, p1[3] = {a.p1.x, a.p1.y, a.p1.z};
    const float q[3] = {b.p0.x, b.p0.y, b.p0.z}, q1[3] = {b.p1.x, b.p1.y, b.p1.z};
    for (int k = 0; k < 3; k++) {
        if (p[k] != p1[k] || q[k] != q1[k])
            continue;
        double hi = q[k] > p[k] ? q[k] : p[k], lo = q[k] > p[k] ? p[k] : q[k], e[4];
        int n = fx_grow(e, 0, hi);
        n = fx_grow(e, n, -lo);
        n = fx_grow(e, n, -(double)a.radius);
        n = fx_grow(e, n, -(double)b.radius);
        return fx_sign(e, n) <= 0;
    }
    return -1;
}

/* The squared distance of the segments is the minimum over [0, 1]^2 of a
 * convex quadratic: at the stationary point if it lies strictly inside
 * (the minimum of the strictly convex quadratic there: it decides alone),
 * else on the square's boundary (the four endpoint-to-segment distances). */
static bool capsule_capsule_exact(isect_capsule a, isect_capsule b)
{
    int st = cc_stage64(a, b);
    if (st == CC_HIT || st == CC_MISS)
        return st == CC_HIT;
    int plane = st == CC_FINAL ? cc_plane_final(a, b) : -1;
    if (plane >= 0)
        return plane == 1;
    fe R, RR;
    fe_diff_to(&R, a.radius, -(double)b.radius);
    fe_mul_to(&RR, &R, &R);
    if (st != CC_EDGES) {
        cc_lines L;
        if (cc_lines_init(&L, a, b) && (st == CC_FINAL || cc_inside(&L)))
            return cc_final(&L, &RR);
    }
    return point_within(a.p0, b.p0, b.p1, &RR) || point_within(a.p1, b.p0, b.p1, &RR) ||
           point_within(b.p0, a.p0, a.p1, &RR) || point_within(b.p1, a.p0, a.p1, &RR);
}

/* ---- filter ---------------------------------------------------------------------- */

/* x clamped into [0, 1] without a branch, on the bits: a set sign bit
 * (negative, -0, a negative NaN) gives +0 by a mask, then the minimum
 * with the bits of 1 (the bits of non-negative binary32 values, +inf and
 * a positive NaN above them, order as the values: a positive NaN gives
 * 1), an integer minimum gcc makes a conditional move.  Written as
 * x > 0 ? x : 0, gcc 12 branches on the sign (it threads the known 0
 * through the minimum), and x < 1 ? x : 1 is a branch too where it is
 * inlined after a division: on the bench's random set they mispredicted
 * on about a third of the calls, 11 % of the query's time. */
static float clamp01(float x)
{
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    b &= ~(uint32_t)((int32_t)b >> 31);
    b = b < 0x3f800000u ? b : 0x3f800000u;
    memcpy(&x, &b, sizeof x);
    return x;
}

/* s, t in [0, 1]: the textbook clamped closest parameters (Ericson 5.1.9),
 * in binary32 (any values in [0, 1] make the certificates correct; their
 * accuracy only decides how often those certify, and binary32 divisions are
 * the faster; an overflow gives inf or NaN, clamped into [0, 1]). */
static inline void closest_params(isect_vec3 d1, isect_vec3 d2, isect_vec3 w, float *sp, float *tp)
{
    float aa = fv_dot(d1, d1), ee = fv_dot(d2, d2), f = fv_dot(d2, w), s = 0, t = 0;
    if (aa == 0) {
        if (ee != 0)
            t = clamp01(f / ee);
    } else {
        float c = fv_dot(d1, w);
        if (ee == 0)
            s = clamp01(-c / aa);
        else {
            float bb = fv_dot(d1, d2), den = aa * ee - bb * bb;
            s = den > 0 ? clamp01((bb * f - c * ee) / den) : 0;
            float tt = (bb * s + f) / ee;
            if (tt < 0)
                s = clamp01(-c / aa);
            else if (tt > 1)
                s = clamp01((bb - c) / aa);
            t = clamp01(tt);
        }
    }
    *sp = s;
    *tp = t;
}

/* The binary64 stage, for what the binary32 one leaves: 1 hit, 0 miss,
 * -1 undecided (FB_CERT_SQ, FB_CAPSULE_GAP; docs/queries/
 * capsule_capsule.md, "Filter"), with any s, t in [0, 1]. */
static int cc_filter64(isect_capsule a, isect_capsule b, double s, double t)
{
    fv_d3 p0 = fv_d(a.p0), q0 = fv_d(b.p0);
    fv_d3 d1 = fv_dsub(fv_d(a.p1), p0), d2 = fv_dsub(fv_d(b.p1), q0), w = fv_dsub(p0, q0);
    fv_d3 g = fv_dsub(fv_dadd(w, fv_dmul(d1, s)), fv_dmul(d2, t));
    double R = (double)a.radius + b.radius, RR = R * R, gg = fv_ddot(g, g);
    if (gg <= RR) { /* likely a hit: |g_i - G_i| <= 2^-50 A_i + 2^-500, A_i = |w_i| + s |d1_i| + t |d2_i| */
        fv_d3 up = {fabs(g.x) + (FB_CERT_DOT * (fabs(w.x) + s * fabs(d1.x) + t * fabs(d2.x)) + 0x1p-500),
                    fabs(g.y) + (FB_CERT_DOT * (fabs(w.y) + s * fabs(d1.y) + t * fabs(d2.y)) + 0x1p-500),
                    fabs(g.z) + (FB_CERT_DOT * (fabs(w.z) + s * fabs(d1.z) + t * fabs(d2.z)) + 0x1p-500)};
        return fv_ddot(up, up) * (1 + FB_CERT_SQ) <= RR ? 1 : -1;
    }
    /* likely a miss: gl <= the exact min over the endpoints of g.(p_k - q_l),
     * with p_k - q_l = W + k D1 - l D2 (exact W = p0 - q0, D1, D2) */
    if (!(gg >= 0x1p-400 && gg <= 0x1p400) || (RR != 0 && RR < 0x1p-600))
        return -1;
    double t0 = fv_ddot(g, w) - FB_CAPSULE_GAP * fv_dabsdot(g, w);
    double t1 = fv_ddot(g, d1) - FB_CAPSULE_GAP * fv_dabsdot(g, d1);
    double t2 = -fv_ddot(g, d2) - FB_CAPSULE_GAP * fv_dabsdot(g, d2);
    double gl = t0 + (t1 < 0 ? t1 : 0) + (t2 < 0 ? t2 : 0) - 0x1p-1000;
    return gl > 0 && gl * gl > RR * gg * (1 + FB_CAPSULE_SQ) ? 0 : -1;
}

/* min(x, 0) for the slab's gap, by the sign bit: x when it is set, else
 * +0 (the same values as x < 0 ? x : 0, but -0 and a NaN with its sign
 * bit set, which are kept: -0 adds nothing, NaN makes the gap NaN and
 * certifies nothing).  gcc 12 compiled that select into a branch,
 * mispredicted on a quarter of the random set's calls. */
static inline float cc_neg_part(float x)
{
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    b &= (uint32_t)((int32_t)b >> 31);
    memcpy(&x, &b, sizeof x);
    return x;
}

/* The binary32 stage (FB_CC32_ETA, FB_CC32_E, FB_CC32_MIN, FB_CC32_GMIN;
 * docs/queries/capsule_capsule.md, "Filter"): the textbook's own values
 * g = w + s d1 - t d2 and g.g, and the slab's g.w, g.d1, g.d2, with one
 * error term e for all, from the squared lengths of w, d1, d2 (Cauchy-
 * Schwarz).  Both certificates without a branch; returns whether one
 * holds, *hit whether it is the hit.  The hit needs finite values (a
 * non-finite input makes e, so T, -inf or NaN; RR < inf) and radii >= 0; a certified miss is right for any input
 * (an invalid one is a miss), and an overflow of F (to inf) or of gg F
 * leaves nothing that gap^2 can exceed. */
static inline bool cc_filter32(isect_capsule a, isect_capsule b, isect_vec3 d1, isect_vec3 d2, isect_vec3 w, float s,
                               float t, bool *hit)
{
    isect_vec3 g = fv_sub(fv_add(w, fv_mul(d1, s)), fv_mul(d2, t));
    float gg = fv_dot(g, g), R = a.radius + b.radius, RR = R * R;
    float e = FB_CC32_E * ((fv_dot(w, w) + fv_dot(d1, d1)) + fv_dot(d2, d2));
    float T = (RR - e) * (1 - 2 * FB_CC32_ETA), F = RR * (1 + FB_CC32_ETA) + e; /* T before s, t are known */
    bool h = (gg <= T) & (RR >= FB_CC32_MIN) & (RR < INFINITY) & (a.radius >= 0) & (b.radius >= 0);
    float t0 = fv_dot(g, w), t1 = fv_dot(g, d1), t2 = -fv_dot(g, d2);
    float gap = (t0 + cc_neg_part(t1)) + cc_neg_part(t2);
    bool m = (gap > 0) & (gg >= FB_CC32_GMIN) & (F >= FB_CC32_GMIN) & (gap * gap > gg * F);
    *hit = h;
    return h | m;
}

/* x - x is 0 for a finite x, NaN for an infinite or NaN one; so the sum
 * of those of the fourteen fields is 0 iff all are finite (one test, no
 * branch per field). */
static float cc_zero(isect_vec3 v) { return ((v.x - v.x) + (v.y - v.y)) + (v.z - v.z); }

static bool capsules_valid(isect_capsule a, isect_capsule b)
{
    float z = ((cc_zero(a.p0) + cc_zero(a.p1)) + (a.radius - a.radius)) +
              ((cc_zero(b.p0) + cc_zero(b.p1)) + (b.radius - b.radius));
    return z == 0 && a.radius >= 0 && b.radius >= 0;
}

/* What the binary32 stage leaves (rare): validity, the binary64 stage,
 * the exact path. */
static ISECT_NOINLINE bool capsule_capsule_slow(isect_capsule a, isect_capsule b, float s, float t)
{
    if (!capsules_valid(a, b))
        return false;
    int certain = cc_filter64(a, b, s, t);
    return certain >= 0 ? certain == 1 : capsule_capsule_exact(a, b);
}

/* The gap between the two segments' extents along one axis (the larger of
 * the two one-sided gaps; negative when they overlap), rounded once, in
 * binary32 (an overflow gives +-inf, the rounding of a value beyond
 * FLT_MAX: still monotone).  The ends are selected by two different
 * comparisons (< for the least, > for the greatest: minss, maxss; one
 * shared comparison, or the selection in binary64, gcc 12 compiles into a
 * branch, unpredictable: three mispredictions a call on the bench's
 * random set). */
static inline float cc_axis_gap(float a0, float a1, float b0, float b1)
{
    float alo = a0 < a1 ? a0 : a1, ahi = a0 > a1 ? a0 : a1, blo = b0 < b1 ? b0 : b1, bhi = b0 > b1 ? b0 : b1;
    float g1 = blo - ahi, g2 = alo - bhi;
    return g1 > g2 ? g1 : g2;
}

/* First a certified miss from the segments' bounding boxes: an axis gap
 * above r0 + r1 (both rounded once; rounding is monotone, so fl(gap) >
 * fl(r0 + r1) proves gap > r0 + r1, and every pair of points is farther
 * apart than the gap).  A quarter of the random set ends there, before the
 * divisions.  Any comparison with a NaN is false; a miss is right for an
 * invalid input anyway.  Then the binary32 stage, and what it leaves out of
 * line. */
bool isect_capsule_capsule(isect_capsule a, isect_capsule b, isect_capsule_capsule_result *out)
{
    float gx = cc_axis_gap(a.p0.x, a.p1.x, b.p0.x, b.p1.x), gy = cc_axis_gap(a.p0.y, a.p1.y, b.p0.y, b.p1.y);
    float gz = cc_axis_gap(a.p0.z, a.p1.z, b.p0.z, b.p1.z), gm = gx > gy ? gx : gy;
    if ((gm > gz ? gm : gz) > a.radius + b.radius) {
        if (out)
            out->hit = false;
        return false;
    }
    isect_vec3 d1 = fv_sub(a.p1, a.p0), d2 = fv_sub(b.p1, b.p0), w = fv_sub(a.p0, b.p0);
    float s, t;
    bool hit;
    closest_params(d1, d2, w, &s, &t);
    if (!cc_filter32(a, b, d1, d2, w, s, t, &hit))
        hit = capsule_capsule_slow(a, b, s, t);
    if (out)
        *out = (isect_capsule_capsule_result){hit};
    return hit;
}
