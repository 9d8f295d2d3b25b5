/* fast/sphere_obb.c: closed ball against oriented box (parallelepiped, axes
 * as given), binary32 inputs, exact answer (ref's for every valid input).
 *
 * Stages, each deciding what it can for certain:
 * 0. here, the textbook test (clamped projections on the axes) in binary64,
 *    certified by a bound on the axes' distance from orthonormality
 *    (sphere_obb_gram, FB_SOBB_GRAM): branch-free, it decides ~all random
 *    inputs at the plain test's speed; what it leaves goes on to
 * 0b. here, the same to second order in the axes' skew, for near-
 *    orthonormal axes (sphere_obb_second, FB_SOBB_2ND);
 * 1. here, for axes that are signed unit coordinate vectors, the exact
 *    distance (sphere_obb_aligned: A^T A = I exactly, exact sums); else a
 *    certified filter (sphere_obb_certified): a point of the box (the
 *    clamped projections and one Jacobi step) and a separating direction,
 *    with derived rounding bounds;
 * 2. what it leaves, fast/sphere_obb_filter.c: the certificates again at
 *    a better point, then ref's decision with each sign filtered in
 *    binary64;
 * 3. the signs left undecided, exactly (fast/sphere_obb_exact.c).
 * docs/queries/sphere_obb.md, "fast".
 */
#include "fast_bounds.h"
#include "sphere_obb_exact.h"

/* t clamped to [-h, h] (h >= 0; NaN t: -h). */
static inline double clamp_h(double t, double h)
{
    t = t > -h ? t : -h;
    return t < h ? t : h;
}

/* ---- certified filter (issue 14) -------------------------------------------
 * 1 hit, 0 miss, -1 undecided, from a point P = box_center + sum s_i u_i
 * of the box (s_i = t_i / half_i, t_i = w.a_i clamped to [-half_i, half_i]:
 * the closest point for orthonormal axes, no division; any s in the cube is
 * a point of the box) and g = center - P as computed: a certified upper bound of |g|^2
 * at most r^2 is a hit; a certified lower bound gl of the exact
 * g.w - sum_i |g.u_i| (the gap between the box and the centre along g) with
 * gl^2 > r^2 g.g a miss (FB_CERT_DOT, FB_CERT_SQ, FB_SPHERE_OBB_GAP,
 * FB_CAPSULE_SQ; docs/queries/sphere_obb.md, "Certified filter"). */
static inline int certify_g(fv_d3 w, const fv_d3 *u, fv_d3 g, fv_d3 A, double RR)
{
    double gg = fv_ddot(g, g);
    if (gg <= RR) { /* likely a hit */
        fv_d3 up = {fabs(g.x) + (FB_CERT_DOT * A.x + 0x1p-500), fabs(g.y) + (FB_CERT_DOT * A.y + 0x1p-500),
                    fabs(g.z) + (FB_CERT_DOT * A.z + 0x1p-500)};
        return fv_ddot(up, up) * (1 + FB_CERT_SQ) <= RR ? 1 : -1;
    }
    if (!(gg >= 0x1p-400 && gg <= 0x1p400) || (RR != 0 && RR < 0x1p-600))
        return -1;
    double gl = fv_ddot(g, w) - FB_SPHERE_OBB_GAP * fv_dabsdot(g, w);
    for (int i = 0; i < 3; i++)
        gl -= fabs(fv_ddot(g, u[i])) + FB_SPHERE_OBB_GAP * fv_dabsdot(g, u[i]);
    gl -= 0x1p-1000;
    return gl > 0 && gl * gl > RR * gg * (1 + FB_CAPSULE_SQ) ? 0 : -1;
}

/* g = w - sum_i t_i a_i and A = |w| + sum_i |t_i| |a_i|, then the
 * certificates. */
int sobb_certify_at(fv_d3 w, const fv_d3 *a, const double *h, const double *t, double RR)
{
    fv_d3 g = w, A = {fabs(w.x), fabs(w.y), fabs(w.z)}, u[3];
    for (int i = 0; i < 3; i++) {
        u[i] = fv_dmul(a[i], h[i]); /* exact products */
        g = fv_dsub(g, fv_dmul(a[i], t[i]));
        double m = fabs(t[i]);
        A = fv_dadd(A, (fv_d3){m * fabs(a[i].x), m * fabs(a[i].y), m * fabs(a[i].z)});
    }
    return certify_g(w, u, g, A, RR);
}

/* The first point: t_i = w.a_i clamped to [-h_i, h_i] (the closest point
 * for orthonormal axes), then one Jacobi step t_i += g.a_i, clamped again,
 * with g = w - sum t_i a_i (for axes within e of orthonormal, the free
 * coordinates' residuals g.a_i drop from O(e |w|) to O(e^2 |w|): the miss
 * certificate's gap, first-order in them, is then as tight as the hit's).
 * Any t in the box is sound: the certificates are sobb_certify_at's. */
static int sphere_obb_certified(isect_sphere s, isect_obb box)
{
    fv_d3 w = fv_dsub(fv_d(s.center), fv_d(box.center)), a[3], g = w;
    const double h[3] = {box.half.x, box.half.y, box.half.z};
    double t[3];
    for (int i = 0; i < 3; i++) {
        a[i] = fv_d(box.axis[i]);
        t[i] = clamp_h(fv_ddot(w, a[i]), h[i]);
        g = fv_dsub(g, fv_dmul(a[i], t[i]));
    }
    for (int i = 0; i < 3; i++)
        t[i] = clamp_h(t[i] + fv_ddot(g, a[i]), h[i]);
    return sobb_certify_at(w, a, h, t, (double)s.radius * s.radius);
}

/* ---- stage 0: the textbook test, certified (issue 14 speed) ------------------
 * d2 = sum_i dist(w.a_i, [-h_i, h_i])^2 against r^2, with E = A^T A - I
 * (the axes' Gram matrix): the exact squared distance is within
 * ||E|| (|w|^2 + |h|^2) of the exact d2, bounded by e = sum_{i<=j} |E_ij|
 * as computed; with the rounding (FB_SOBB_GRAM, fast/fast_bounds.h),
 * |d2 - r^2| > m decides.  Non-finite centres, axes or halves make m
 * inf or NaN (no decision); the radius and the halves' signs are checked.
 * Returns whether it decided; *hit the answer then.
 * docs/queries/sphere_obb.md, "Stage 0". */

static inline bool sphere_obb_gram(isect_sphere s, isect_obb box, bool *hit, double *bound)
{
    /* in this order (the bound first, then the test): measured 15% faster */
    fv_d3 a0 = fv_d(box.axis[0]), a1 = fv_d(box.axis[1]), a2 = fv_d(box.axis[2]);
    double e = fabs(fv_ddot(a0, a0) - 1) + fabs(fv_ddot(a1, a1) - 1) + fabs(fv_ddot(a2, a2) - 1) +
               fabs(fv_ddot(a0, a1)) + fabs(fv_ddot(a0, a2)) + fabs(fv_ddot(a1, a2));
    fv_d3 w = fv_dsub(fv_d(s.center), fv_d(box.center));
    double h0 = box.half.x, h1 = box.half.y, h2 = box.half.z;
    double k = fv_ddot(w, w) + (h0 * h0 + h1 * h1 + h2 * h2);
    double m = (e * (1 + FB_SOBB_GRAM_REL) + FB_SOBB_GRAM) * k;
    double t0 = fv_ddot(w, a0), t1 = fv_ddot(w, a1), t2 = fv_ddot(w, a2);
    double x0 = t0 - clamp_h(t0, h0), x1 = t1 - clamp_h(t1, h1), x2 = t2 - clamp_h(t2, h2);
    double d2 = x0 * x0 + x1 * x1 + x2 * x2, rr = (double)s.radius * s.radius;
    *hit = d2 <= rr;
    *bound = m;
    /* the radius's encoding in [+0, FLT_MAX] (not negative, -0, inf or
     * NaN) and the halves' sign bits clear (a NaN half makes m NaN); the
     * inputs these leave (-0 too) go to the slow path's check */
    uint32_t br, bx, by, bz;
    memcpy(&br, &s.radius, sizeof br);
    memcpy(&bx, &box.half.x, sizeof bx);
    memcpy(&by, &box.half.y, sizeof by);
    memcpy(&bz, &box.half.z, sizeof bz);
    return (br <= 0x7f7fffffu) & ((bx | by | bz) >> 31 == 0) & (fabs(d2 - rr) > m);
}

/* Valid input, given stage 0's bound m: m is finite iff every centre, axis
 * and half is (binary32 values: no product overflows in binary64); the
 * radius finite and >= 0, the halves >= 0. */
static bool sphere_obb_valid(isect_sphere s, isect_obb box, double m)
{
    return m <= DBL_MAX && s.radius >= 0 && s.radius <= FLT_MAX && box.half.x >= 0 && box.half.y >= 0 &&
           box.half.z >= 0;
}

/* ---- stage 0b: the textbook test to second order (issue 14, boundary speed)
 * For axes within e <= 2^-5 of orthonormal, in the slow path: with c =
 * clamp(t) and the computed Gram entries E, v = d2 + (w.w - t.t) + c^T E c
 * (the first-order terms of |W - A s|^2 - |T - s|^2 at the clamped point)
 * is within 2^-46 k (rounding) above and that plus 1.125 sb^2 h.h below
 * (sb >= S, the clamped point's first-order error) of the exact squared
 * distance, so |v - r^2| > m2 decides (FB_SOBB_2ND,
 * fast/fast_bounds_stages.h).  A sphere touching a rotated box within its
 * e ~ 2^-22 relative is decided here instead of by stage 1 (half the
 * cost).  1 hit, 0 miss, -1 undecided. */
static int sphere_obb_second(isect_sphere s, isect_obb box)
{
    fv_d3 a0 = fv_d(box.axis[0]), a1 = fv_d(box.axis[1]), a2 = fv_d(box.axis[2]);
    double e00 = fv_ddot(a0, a0) - 1, e11 = fv_ddot(a1, a1) - 1, e22 = fv_ddot(a2, a2) - 1;
    double e01 = fv_ddot(a0, a1), e02 = fv_ddot(a0, a2), e12 = fv_ddot(a1, a2);
    double e = fabs(e00) + fabs(e11) + fabs(e22) + fabs(e01) + fabs(e02) + fabs(e12);
    if (!(e <= FB_SOBB_2ND_E))
        return -1;
    fv_d3 w = fv_dsub(fv_d(s.center), fv_d(box.center));
    double h0 = box.half.x, h1 = box.half.y, h2 = box.half.z;
    double t0 = fv_ddot(w, a0), t1 = fv_ddot(w, a1), t2 = fv_ddot(w, a2);
    double c0 = clamp_h(t0, h0), c1 = clamp_h(t1, h1), c2 = clamp_h(t2, h2);
    double x0 = t0 - c0, x1 = t1 - c1, x2 = t2 - c2;
    double d2 = x0 * x0 + x1 * x1 + x2 * x2, tt = t0 * t0 + t1 * t1 + t2 * t2;
    double ww = fv_ddot(w, w), hh = h0 * h0 + h1 * h1 + h2 * h2;
    double cq = e00 * c0 * c0 + e11 * c1 * c1 + e22 * c2 * c2 + 2 * (e01 * c0 * c1) + 2 * (e02 * c0 * c2) +
                2 * (e12 * c1 * c2);
    double v = (d2 + (ww - tt)) + cq, rr = (double)s.radius * s.radius;
    double sb = e * (1 + FB_SOBB_2ND_SREL) + FB_SOBB_2ND_SABS;
    double m2 = FB_SOBB_2ND * (ww + hh) + sb * sb * hh * FB_SOBB_2ND_SQ;
    return fabs(v - rr) > m2 ? v <= rr : -1;
}

/* ---- the axis-aligned box, exactly (issue 14, boundary speed) ---------------
 * Axes that are signed unit coordinate vectors of three distinct
 * coordinates (the only binary32 axes with A^T A = I exactly: a dyadic unit
 * vector is one): E = 0, so the squared distance is exactly
 * D = sum_i max(|C_c - B_c| - h_i, 0)^2, c = c_i the coordinate of axis i
 * (stage 0's identity).  Decided when every difference is exact in
 * binary64 (fx_two_sum's error 0): each x_i^2 by fx_two_prod (x_i a
 * multiple of 2^-149 below 2^130), r^2 exact (binary32 r), their sum by
 * fx_grow, its sign exact.  Returns 1 hit, 0 miss, -1 not decided.
 * docs/queries/sphere_obb.md, "Axis-aligned boxes". */
static int unit_coord(isect_vec3 a)
{
    if (fabsf(a.x) == 1 && a.y == 0 && a.z == 0)
        return 0;
    if (a.x == 0 && fabsf(a.y) == 1 && a.z == 0)
        return 1;
    return a.x == 0 && a.y == 0 && fabsf(a.z) == 1 ? 2 : -1;
}

static int sphere_obb_aligned(isect_sphere s, isect_obb box)
{
    int c[3];
    for (int i = 0; i < 3; i++)
        if ((c[i] = unit_coord(box.axis[i])) < 0)
            return -1;
    if (c[0] == c[1] || c[0] == c[2] || c[1] == c[2])
        return -1;
    double acc[7], err;
    int n = fx_grow(acc, 0, -((double)s.radius * s.radius));
    for (int i = 0; i < 3; i++) {
        double d = fx_two_sum(fv_comp(s.center, c[i]), -(double)fv_comp(box.center, c[i]), &err);
        if (err != 0)
            return -1;
        double x = fx_two_sum(fabs(d), -(double)fv_comp(box.half, i), &err);
        if (err != 0)
            return -1;
        if (x > 0) {
            double p = fx_two_prod(x, x, &err);
            n = fx_grow(acc, n, err);
            n = fx_grow(acc, n, p);
        }
    }
    return fx_sign(acc, n) <= 0;
}

/* Stages 1 to 3, with the validity check: the inputs stage 0 leaves. */
static ISECT_NOINLINE bool sphere_obb_slow(const isect_sphere *sp, const isect_obb *bp, double m)
{
    const isect_sphere s = *sp;
    const isect_obb box = *bp;
    if (!sphere_obb_valid(s, box, m))
        return false;
    int certain = sphere_obb_second(s, box);
    if (certain < 0)
        certain = sphere_obb_aligned(s, box);
    if (certain < 0)
        certain = sphere_obb_certified(s, box);
    return certain < 0 ? sobb_undecided(s, box) : certain == 1;
}

bool isect_sphere_obb(isect_sphere s, isect_obb box, isect_sphere_obb_result *out)
{
    bool hit;
    double m;
    if (!sphere_obb_gram(s, box, &hit, &m))
        hit = sphere_obb_slow(&s, &box, m);
    if (out)
        out->hit = hit;
    return hit;
}
