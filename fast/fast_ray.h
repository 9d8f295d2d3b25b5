/* fast/fast_ray.h: small helpers shared by the ray-against-solid queries
 * (fast/ray_plane.c, ray_sphere.c, ray_aabb.c, ray_obb.c, ray_capsule.c,
 * ray_cylinder.c).  Internal to libisect.
 *
 * The queries rescale their inputs by powers of two before any arithmetic:
 * that is exact (away from underflow), commutes with rounding, and keeps
 * every product and sum of the rescaled values far from overflow, so one
 * error analysis holds for every finite binary32 input (docs/queries/ray_*.md).
 */
#ifndef ISECT_FAST_RAY_H
#define ISECT_FAST_RAY_H

#include "fast_exact.h"
#include "fast_vec3.h"

static inline bool rc_ray_valid(isect_ray r)
{
    return fv_finite3(r.origin) && fv_finite3(r.dir) && !isnan(r.tmax) && r.tmax >= 0;
}

/* A quotient num/den * 2^e kept as |q| * 2^k with q = num/den in binary64
 * (one rounding, relative error at most 2^-53) and k = e, so that neither
 * overflow nor underflow can occur before the caller compares it or scales
 * it back: for non-zero binary32 num and den, 2^-277 < |num/den| < 2^277,
 * far inside binary64's normal range.  q == 0 stands for the value 0.  The
 * comparisons below are exact for these values; when the exponents k agree
 * (the usual case: one query scales all its ends alike) they are one
 * binary64 comparison. */
typedef struct {
    double q;
    int k;
} rc_quot;

static inline rc_quot rc_div(float num, float den, int e) { return (rc_quot){fabs((double)num / (double)den), e}; }

static inline rc_quot rc_quot_zero(void) { return (rc_quot){0, 0}; }

/* |q| * 2^d exactly, for 2^-277 < |q| < 2^277 and -600 <= d <= 600 (the
 * result is within 2^-877 .. 2^877: no rounding). */
static inline double rc_quot_scaled(double q, int d) { return q * fv_pow2(d); }

/* Is q * 2^k <= y (y >= 0 or +inf)?  Exact: beyond |k| = 600 the exponent
 * alone decides, since 2^-149 <= y <= 2^128 and 2^-277 < q < 2^277. */
static inline bool rc_quot_le(rc_quot x, float y)
{
    if (x.q == 0 || y == INFINITY)
        return true;
    if (y == 0)
        return false;
    if (x.k > 600 || x.k < -600)
        return x.k < 0;
    return rc_quot_scaled(x.q, x.k) <= (double)y;
}

/* Compare two non-negative quotients exactly: -1, 0 or 1. */
static inline int rc_quot_cmp(rc_quot x, rc_quot y)
{
    if (x.q == 0 || y.q == 0)
        return (x.q != 0) - (y.q != 0);
    double a = x.q, b = y.q;
    if (x.k != y.k) {
        int d = x.k - y.k; /* |a|, |b| within 2^-277 .. 2^277 (or inf): beyond 600, d decides */
        if (d > 600 || d < -600)
            return d > 0 ? 1 : -1;
        a = rc_quot_scaled(a, d);
    }
    return (a > b) - (a < b);
}

/* q * 2^k rounded to binary32 (inf beyond FLT_MAX, gradual underflow): the
 * binary64 product is exact, the conversion rounds once more. */
static inline float rc_quot_value(rc_quot x)
{
    if (x.q == 0)
        return 0;
    if (x.k > 600 || x.k < -600)
        return x.k > 0 ? INFINITY : 0.0f;
    return (float)rc_quot_scaled(x.q, x.k);
}

/* The set of t in [0, tmax] where a ray is inside a convex solid, built as
 * the intersection of intervals whose ends are quotients num/den * 2^e:
 * entry (>= 0) is the largest lower end, exit the smallest upper end (none
 * yet: unbounded).  Ends are compared exactly (rc_quot); a negative lower
 * end is 0 for this purpose, a negative upper end empties the set. */
typedef struct {
    rc_quot entry, exit;
    bool bounded, empty;
} rc_span;

static inline rc_span rc_span_all(void) { return (rc_span){rc_quot_zero(), rc_quot_zero(), false, false}; }

static inline void rc_span_lower(rc_span *s, float num, float den, int e)
{
    if (num == 0 || (num > 0) != (den > 0))
        return; /* <= 0 */
    rc_quot q = rc_div(num, den, e);
    if (rc_quot_cmp(q, s->entry) > 0)
        s->entry = q;
}

static inline void rc_span_upper(rc_span *s, float num, float den, int e)
{
    if (num != 0 && (num > 0) != (den > 0)) {
        s->empty = true; /* < 0 */
        return;
    }
    rc_quot q = num == 0 ? rc_quot_zero() : rc_div(num, den, e);
    if (!s->bounded || rc_quot_cmp(q, s->exit) < 0)
        s->exit = q;
    s->bounded = true;
}

/* The slab lo <= x + t dx <= hi (lo <= hi), with an exact test for dx == 0. */
static inline void rc_span_slab(rc_span *s, float x, float dx, float lo, float hi, int e)
{
    float a = lo - x, b = hi - x;
    if (dx == 0) {
        if (a > 0 || b < 0)
            s->empty = true;
        return;
    }
    rc_span_lower(s, dx > 0 ? a : b, dx, e);
    rc_span_upper(s, dx > 0 ? b : a, dx, e);
}

/* Hit test and t: entry <= exit and entry <= tmax. */
static inline bool rc_span_hit(const rc_span *s, float tmax, float *t)
{
    if (s->empty || (s->bounded && rc_quot_cmp(s->entry, s->exit) > 0) || !rc_quot_le(s->entry, tmax))
        return false;
    *t = isect_fminf(rc_quot_value(s->entry), tmax);
    return true;
}

/* The interval where a t^2 + 2 b t + c <= 0, a > 0, given e = (b^2 - a c)/a
 * >= 0 computed without cancellation by the caller, as numerator/denominator
 * pairs of its ends; each end takes the form of the root that is accurate
 * (docs/queries/ray_sphere.md): (-b -+ s)/a unless that cancels (s > |b|/2
 * with the sign of b that cancels), else c/(-b +- s), s = sqrt(a e). */
static inline void rc_span_quadratic(rc_span *sp, float a, float b, float c, float e, int k)
{
    float s = sqrtf(a) * sqrtf(e); /* a * e may underflow */
    if (b > 0 || s <= -0.5f * b)
        rc_span_lower(sp, -b - s, a, k);
    else
        rc_span_lower(sp, c, -b + s, k);
    if (b < 0 || s <= 0.5f * b)
        rc_span_upper(sp, -b + s, a, k);
    else
        rc_span_upper(sp, c, -b - s, k);
}

/* An orthonormal frame (u1, u2, wn) around the unit vector wn (Hughes and
 * Moller 1999: zero the smallest component). */
static inline void rc_frame(isect_vec3 wn, isect_vec3 *u1, isect_vec3 *u2)
{
    if (fabsf(wn.x) >= fabsf(wn.y)) {
        float inv = 1.0f / sqrtf(wn.x * wn.x + wn.z * wn.z);
        *u1 = (isect_vec3){-wn.z * inv, 0, wn.x * inv};
    } else {
        float inv = 1.0f / sqrtf(wn.y * wn.y + wn.z * wn.z);
        *u1 = (isect_vec3){0, wn.z * inv, -wn.y * inv};
    }
    *u2 = fv_cross(wn, *u1);
}

/* ---- filtered exact slab ends (ray_aabb) ----------------------------------
 * A slab end (p - q)/d, d > 0, with binary32 p, q, d.  In binary64 it is
 * computed as fl(fl(p - q) * fl(1/d)): three roundings, within gamma_3 of
 * its exact value (relative), its sign exact, never over- or underflowing
 * (2^-277 <= |end| <= 2^278).  Exactly: the sign of
 * (p1 - q1)/d1 - (p2 - q2)/d2 is the sign of (p1 - q1) d2 - (p2 - q2) d1,
 * four products of two binary32 values (exact in binary64) summed as an
 * expansion (fast/fast_exact.h). */
typedef struct {
    float p, q, d;
} rc_end;

/* Called once per query that takes an exact path (a fallback): nothing in
 * libisect; tests/test_ray_exact.c defines it to count them. */
#ifndef RC_EXACT_HOOK
#define RC_EXACT_HOOK() ((void)0)
#endif

static inline int rc_end_cmp(rc_end a, rc_end b)
{
    double e[8];
    int n = 0;
    n = fx_grow(e, n, (double)a.p * b.d);
    n = fx_grow(e, n, -(double)a.q * b.d);
    n = fx_grow(e, n, -(double)b.p * a.d);
    n = fx_grow(e, n, (double)b.q * a.d);
    return fx_sign(e, n);
}

#endif
