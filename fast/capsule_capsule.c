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
 * of width gap/|g|).  Otherwise the exact path (fe expansions,
 * fast/fast_exact.h): the distance is at most r0 + r1 iff an endpoint is
 * within it of the other segment, or the lines' stationary point lies
 * inside both segments within it.  docs/queries/capsule_capsule.md,
 * "Exact".
 */
#include "fast_exact.h"
#include "fast_overlap.h"

/* ---- exact path ------------------------------------------------------------------ */

/* |x - a|^2 <= RR, or the foot of x on the line a b strictly inside the
 * segment and |(x - a) x e|^2 <= RR e.e (e = b - a): x within R of a b. */
static bool point_within(isect_vec3 x, isect_vec3 a, isect_vec3 b, const fe *RR)
{
    fe w[3], v[3], e[3], c[3];
    fe_diff3(w, x, a);
    fe d = fe_dot3(w, w), g = fe_add(&d, RR, -1);
    if (fe_sign(&g) <= 0)
        return true;
    fe_diff3(v, b, x);
    fe_dot3_to(&d, v, v);
    fe_add_to(&g, &d, RR, -1);
    if (fe_sign(&g) <= 0)
        return true;
    fe_diff3(e, b, a);
    fe A = fe_dot3(w, e), B = fe_dot3(v, e);
    if (fe_sign(&A) <= 0 || fe_sign(&B) <= 0)
        return false;
    fe_cross3(c, w, e);
    fe cc = fe_dot3(c, c), ee = fe_dot3(e, e), Ree = fe_mul(RR, &ee);
    fe_add_to(&g, &cc, &Ree, -1);
    return fe_sign(&g) <= 0;
}

/* The stationary point of |p0 + s d1 - q0 - t d2|^2 (n = d1 x d2 != 0,
 * r = q0 - p0): s = (r x d2).n / n.n, t = (r x d1).n / n.n strictly inside
 * (0, 1) (the boundary is the endpoints' case), and (n.r)^2 <= RR n.n. */
static bool interior_within(isect_capsule a, isect_capsule b, const fe *RR)
{
    fe d1[3], d2[3], r[3], n[3], c[3];
    fe_diff3(d1, a.p1, a.p0);
    fe_diff3(d2, b.p1, b.p0);
    fe_diff3(r, b.p0, a.p0);
    fe_cross3(n, d1, d2);
    if (!fe_sign(&n[0]) && !fe_sign(&n[1]) && !fe_sign(&n[2]))
        return false;
    fe nn = fe_dot3(n, n);
    for (int k = 0; k < 2; k++) {
        fe_cross3(c, r, k ? d1 : d2);
        fe x = fe_dot3(c, n), y = fe_add(&nn, &x, -1);
        if (fe_sign(&x) <= 0 || fe_sign(&y) <= 0)
            return false;
    }
    fe h = fe_dot3(n, r), hh = fe_mul(&h, &h), Rnn = fe_mul(RR, &nn), g = fe_add(&hh, &Rnn, -1);
    return fe_sign(&g) <= 0;
}

/* The squared distance of the segments is the minimum over [0, 1]^2 of a
 * convex quadratic: at the stationary point if it lies inside, else on the
 * square's boundary (the four endpoint-to-segment distances). */
static bool capsule_capsule_exact(isect_capsule a, isect_capsule b)
{
    fe R = fe_diff(a.radius, -(double)b.radius), RR = fe_mul(&R, &R);
    return point_within(a.p0, b.p0, b.p1, &RR) || point_within(a.p1, b.p0, b.p1, &RR) ||
           point_within(b.p0, a.p0, a.p1, &RR) || point_within(b.p1, a.p0, a.p1, &RR) || interior_within(a, b, &RR);
}

/* ---- filter ---------------------------------------------------------------------- */

static float clamp01(float x) { return x > 0 ? (x < 1 ? x : 1) : 0; /* NaN: 0 */ }

/* s, t in [0, 1]: the textbook clamped closest parameters (Ericson 5.1.9),
 * in binary32 (any values in [0, 1] make the certificates correct; their
 * accuracy only decides how often those certify, and binary32 divisions are
 * the faster; an overflow gives inf or NaN, clamped into [0, 1]). */
static void closest_params(isect_vec3 d1, isect_vec3 d2, isect_vec3 w, double *sd, double *td)
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
    *sd = s;
    *td = t;
}

/* 1 hit, 0 miss, -1 undecided (FB_CERT_SQ, FB_CAPSULE_GAP;
 * docs/queries/capsule_capsule.md, "Exact"). */
static int capsule_capsule_certified(isect_capsule a, isect_capsule b)
{
    fv_d3 p0 = fv_d(a.p0), q0 = fv_d(b.p0);
    fv_d3 d1 = fv_dsub(fv_d(a.p1), p0), d2 = fv_dsub(fv_d(b.p1), q0), w = fv_dsub(p0, q0);
    double s, t;
    closest_params(fv_sub(a.p1, a.p0), fv_sub(b.p1, b.p0), fv_sub(a.p0, b.p0), &s, &t);
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

static bool capsule_valid(isect_capsule c)
{
    return fv_finite3(c.p0) && fv_finite3(c.p1) && isfinite(c.radius) && c.radius >= 0;
}

bool isect_capsule_capsule(isect_capsule a, isect_capsule b, isect_capsule_capsule_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!capsule_valid(a) || !capsule_valid(b))
        return false;
    int certain = capsule_capsule_certified(a, b);
    bool hit = certain < 0 ? capsule_capsule_exact(a, b) : certain == 1;
    if (out)
        out->hit = hit;
    return hit;
}
