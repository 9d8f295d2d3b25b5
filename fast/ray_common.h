/* fast/ray_common.h: small helpers shared by the ray-against-solid queries
 * (fast/ray_plane.c, ray_sphere.c, ray_aabb.c, ray_obb.c, ray_capsule.c,
 * ray_cylinder.c).  Internal to libisect.
 *
 * The queries rescale their inputs by powers of two before any arithmetic:
 * that is exact (away from underflow), commutes with rounding, and keeps
 * every product and sum of the rescaled values far from overflow, so one
 * error analysis holds for every finite binary32 input (docs/queries/ray_*.md).
 */
#ifndef ISECT_FAST_RAY_COMMON_H
#define ISECT_FAST_RAY_COMMON_H

#include "isect.h"

#include <math.h>
#include <stdbool.h>

static inline bool rc_finite3(isect_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

static inline bool rc_ray_valid(isect_ray r)
{
    return rc_finite3(r.origin) && rc_finite3(r.dir) && !isnan(r.tmax) && r.tmax >= 0;
}

static inline float rc_max3abs(isect_vec3 v) { return fmaxf(fabsf(v.x), fmaxf(fabsf(v.y), fabsf(v.z))); }

/* The exponent e with m * 2^-e in [0.5, 1) (frexp's), 0 for m == 0. */
static inline int rc_exp(float m)
{
    int e = 0;
    if (m != 0)
        frexpf(m, &e);
    return e;
}

static inline isect_vec3 rc_scale(isect_vec3 a, int e)
{
    return (isect_vec3){ldexpf(a.x, e), ldexpf(a.y, e), ldexpf(a.z, e)};
}

/* A quotient num/den * 2^e kept as q * 2^k with q in (1/4, 1) (the
 * significands divided, rounded once), so that neither overflow nor
 * underflow can occur before the caller compares it or scales it back. */
typedef struct {
    float q;
    int k;
} rc_quot;

static inline rc_quot rc_div(float num, float den, int e)
{
    int a, b;
    float fa = frexpf(num, &a), fb = frexpf(den, &b);
    return (rc_quot){fabsf(fa / fb) * 0.5f, a - b + e + 1};
}

/* Is q * 2^k <= y (q >= 0, y >= 0 or +inf)?  Exact. */
static inline bool rc_quot_le(rc_quot x, float y)
{
    if (x.q == 0 || y == INFINITY)
        return true;
    if (y == 0)
        return false;
    int ex, ey;
    float mx = frexpf(x.q, &ex), my = frexpf(y, &ey);
    if (ex + x.k != ey)
        return ex + x.k < ey;
    return mx <= my;
}

/* Compare two non-negative quotients exactly: -1, 0 or 1.  q == 0 stands for
 * the value 0 (rc_quot_zero). */
static inline rc_quot rc_quot_zero(void) { return (rc_quot){0, 0}; }

static inline int rc_quot_cmp(rc_quot x, rc_quot y)
{
    if (x.q == 0 || y.q == 0)
        return (x.q != 0) - (y.q != 0);
    int ex, ey;
    float mx = frexpf(x.q, &ex), my = frexpf(y.q, &ey);
    if (ex + x.k != ey + y.k)
        return ex + x.k < ey + y.k ? -1 : 1;
    return (mx > my) - (mx < my);
}

/* q * 2^k rounded to binary32 (inf beyond FLT_MAX, gradual underflow). */
static inline float rc_quot_value(rc_quot x) { return ldexpf(x.q, x.k); }

static inline isect_vec3 rc_sub(isect_vec3 a, isect_vec3 b) { return (isect_vec3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static inline isect_vec3 rc_add(isect_vec3 a, isect_vec3 b) { return (isect_vec3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static inline isect_vec3 rc_mul(isect_vec3 a, float s) { return (isect_vec3){a.x * s, a.y * s, a.z * s}; }
static inline float rc_dot(isect_vec3 a, isect_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline isect_vec3 rc_cross(isect_vec3 a, isect_vec3 b)
{
    return (isect_vec3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
static inline float rc_comp(isect_vec3 v, int k) { return k == 0 ? v.x : k == 1 ? v.y : v.z; }

#endif
