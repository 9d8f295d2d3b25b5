/* fast/overlap.h: helpers shared by the static-overlap queries of libisect
 * (fast/sphere_sphere.c, aabb_aabb.c, sphere_aabb.c, point_in_triangle.c,
 * sphere_plane.c, aabb_plane.c, sphere_triangle.c, obb_obb.c, ...).
 * Internal to libisect.
 *
 * Rescaling.  The binary32 queries evaluate squared lengths; for them a
 * power-of-two rescaling of the inputs is exact (away from underflow) and
 * commutes with rounding.  ov_rescale() gives the factor that brings the
 * largest magnitude m of a unit class into [1/2, 1) when m lies outside the
 * comfortable range [2^-30, 2^60]; inside it no product or sum of three
 * squares can overflow, and the absolute error of an underflowed product
 * (at most 2^-150) is below (2^-44 m)^2: a perturbation of the inputs by
 * 2^-20 units of 2^-24 m absorbs it (docs/queries/sphere_sphere.md).
 * Outside it the rescaled values are in [0, 1) and the same holds.
 *
 * Binary64.  Where a query needs cross products or long dot products it
 * takes binary32 differences (one rounding each: a perturbation of the
 * inputs) and evaluates the rest in binary64, where the product of two
 * binary32 values is exact and no product of a few of them over- or
 * underflows (docs/queries/point_in_triangle.md explains the bound).
 */
#ifndef ISECT_FAST_OVERLAP_H
#define ISECT_FAST_OVERLAP_H

#include "isect.h"
#include "fminmax.h"
#include "pow2.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

static inline bool ov_finite3(isect_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

static inline float ov_max3abs(isect_vec3 v) { return isect_fmaxf(fabsf(v.x), isect_fmaxf(fabsf(v.y), fabsf(v.z))); }

/* 2^k as a binary32, for -126 <= k <= 127. */
static inline float ov_pow2f(int k)
{
    uint32_t b = (uint32_t)(127 + k) << 23;
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* The factor (a power of two) by which to multiply a unit class whose
 * largest magnitude is m (finite, >= 0): 1 inside [2^-30, 2^60] or for
 * m == 0, otherwise 2^-e with m * 2^-e in [1/2, 1).  The factor itself may
 * lie outside the binary32 range (m subnormal: up to 2^149), so it is
 * returned as an exponent: multiply with ov_scalef(). */
static inline int ov_rescale_exp(float m)
{
    if (m == 0 || (m >= 0x1p-30f && m <= 0x1p60f))
        return 0;
    return -p2_exp(m);
}

/* x * 2^k in binary32, exact unless the result underflows. */
static inline float ov_scalef(float x, int k) { return k == 0 ? x : p2_ldexp(x, k); }

static inline isect_vec3 ov_scale3(isect_vec3 v, int k)
{
    if (k == 0)
        return v;
    return (isect_vec3){p2_ldexp(v.x, k), p2_ldexp(v.y, k), p2_ldexp(v.z, k)};
}

static inline isect_vec3 ov_sub3(isect_vec3 a, isect_vec3 b) { return (isect_vec3){a.x - b.x, a.y - b.y, a.z - b.z}; }

/* ---- binary64 ------------------------------------------------------------ */

typedef struct {
    double x, y, z;
} ov_d3;

static inline ov_d3 ov_d(isect_vec3 v) { return (ov_d3){v.x, v.y, v.z}; }
static inline ov_d3 ov_dsub(ov_d3 a, ov_d3 b) { return (ov_d3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static inline ov_d3 ov_dadd(ov_d3 a, ov_d3 b) { return (ov_d3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static inline ov_d3 ov_dmul(ov_d3 a, double s) { return (ov_d3){a.x * s, a.y * s, a.z * s}; }
static inline double ov_ddot(ov_d3 a, ov_d3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline ov_d3 ov_dcross(ov_d3 a, ov_d3 b)
{
    return (ov_d3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
static inline double ov_dabsmax(ov_d3 a) { return isect_fmax(fabs(a.x), isect_fmax(fabs(a.y), fabs(a.z))); }

/* ---- closest point of a triangle ---------------------------------------- */

/* |x.(y x z)| computed with all its products and sums in magnitude: it
 * bounds every intermediate of x.(y x z) in binary64, so the rounding of
 * that triple product (the cross product's two roundings per component,
 * then the dot product's three, and one rounding in each coordinate of
 * any one factor) is below 2^-50 of it. */
static inline double ov_abs_triple(ov_d3 x, ov_d3 y, ov_d3 z)
{
    return fabs(x.x) * (fabs(y.y * z.z) + fabs(y.z * z.y)) + fabs(x.y) * (fabs(y.z * z.x) + fabs(y.x * z.z)) +
           fabs(x.z) * (fabs(y.x * z.y) + fabs(y.y * z.x));
}

/* Closest point of the segment x + t e, t in [0, 1], to w (all relative to
 * the same origin); returns the squared distance and writes the point. */
static inline double ov_closest_segment(ov_d3 x, ov_d3 e, ov_d3 w, ov_d3 *q)
{
    ov_d3 d = ov_dsub(w, x);
    double ee = ov_ddot(e, e), t = 0;
    if (ee > 0) {
        t = ov_ddot(e, d) / ee;
        t = t > 0 ? (t < 1 ? t : 1) : 0;
    }
    *q = ov_dadd(x, ov_dmul(e, t));
    ov_d3 r = ov_dsub(d, ov_dmul(e, t));
    return ov_ddot(r, r);
}

/* The closest point q of the closed triangle (0, ab, ac) to ap, and the
 * squared distance (binary64; the arguments are binary32 differences, so
 * every product of two coordinates is exact).  The projection onto the plane
 * when n = ab x ac != 0 and the scaled barycentrics vb = n.(ap x ac),
 * vc = n.(ab x ap), n.n - vb - vc are certainly >= 0 (beyond their rounding
 * bounds, ov_abs_triple); otherwise the closest of the three edges' closest
 * points (a degenerate triangle is the union of its edges).  For a sliver
 * triangle the barycentrics are ill-conditioned (vb cancels, its rounding
 * may exceed n.n many times over), hence the certificate; where it fails
 * although the projection is inside, the projection is within 2^-49 |ap| of
 * an edge's line, so the edges give the distance to that accuracy
 * (docs/queries/sphere_triangle.md). */
static inline double ov_closest_triangle(ov_d3 ab, ov_d3 ac, ov_d3 ap, ov_d3 *q)
{
    ov_d3 n = ov_dcross(ab, ac);
    double nn = ov_ddot(n, n);
    if (nn > 0) {
        double vb = ov_ddot(n, ov_dcross(ap, ac)), vc = ov_ddot(n, ov_dcross(ab, ap));
        double eb = 0x1p-50 * ov_abs_triple(n, ap, ac), ec = 0x1p-50 * ov_abs_triple(n, ab, ap);
        if (vb >= eb && vc >= ec && (vb + vc + eb + ec) * (1 + 0x1p-50) <= nn * (1 - 0x1p-50)) {
            double s = ov_ddot(n, ap);
            *q = ov_dsub(ap, ov_dmul(n, s / nn));
            return s * (s / nn);
        }
    }
    ov_d3 zero = {0, 0, 0}, q1, q2;
    double d0 = ov_closest_segment(zero, ab, ap, q);
    double d1 = ov_closest_segment(zero, ac, ap, &q1);
    double d2 = ov_closest_segment(ab, ov_dsub(ac, ab), ap, &q2);
    if (d1 < d0) {
        d0 = d1;
        *q = q1;
    }
    if (d2 < d0) {
        d0 = d2;
        *q = q2;
    }
    return d0;
}

#endif
