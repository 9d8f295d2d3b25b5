/* fast/fast_ray.h: small helpers shared by the ray-against-solid queries
 * (fast/ray_plane.c, ray_sphere.c, ray_aabb.c, ray_obb.c, ray_capsule.c,
 * ray_cylinder.c).  Internal to libisect.
 *
 * Several queries rescale their inputs by powers of two before any
 * arithmetic: that is exact (away from underflow), commutes with rounding,
 * and keeps every product and sum of the rescaled values far from
 * overflow, so one error analysis holds for every finite binary32 input
 * (docs/queries/ray_*.md). */
#ifndef ISECT_FAST_RAY_H
#define ISECT_FAST_RAY_H

#include "fast_exact.h"
#include "fast_vec3.h"

static inline bool rc_ray_valid(isect_ray r)
{
    return fv_finite3(r.origin) && fv_finite3(r.dir) && !isnan(r.tmax) && r.tmax >= 0;
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
