/* fast/ray_aabb.c: ray against a closed axis-aligned box in binary32.
 *
 * The slab test (Kay and Kajiya 1986; Williams et al. 2005) as a filtered
 * exact predicate (Shewchuk's style).  A zero direction component is tested
 * exactly (the origin's coordinate between min and max), so no 0 * inf
 * arises for a ray lying in a face plane.  Otherwise each slab's ends
 * (b - o)/d are computed in binary64 (no overflow or underflow for any
 * binary32 input, so no rescaling), the entry is the largest lower end (at
 * least 0), the exit the smallest upper end (at most tmax); the decision
 * entry <= exit is taken when the guard FB_RAY_END certifies it, else every
 * pair of ends is compared exactly (rc_end_cmp: four exact products in an
 * expansion).  The hit flag is exact for every input; t is the entry
 * rounded to binary32 and clipped to tmax.  docs/queries/ray_aabb.md.
 */
#include "isect.h"

#include "fast_ray.h"

#include <string.h>

/* The slab ends as (p - q)/d, d > 0. */
typedef struct {
    rc_end lo, hi;
} slab;

/* Exactly: does some t in [0, tmax] lie in every slab s[0..n-1]? */
static bool exact_slabs(const slab *s, int n, float tmax)
{
    RC_EXACT_HOOK();
    for (int i = 0; i < n; i++) {
        if (s[i].hi.p < s[i].hi.q)
            return false; /* the slab is behind the origin */
        if (tmax != INFINITY && rc_end_cmp(s[i].lo, (rc_end){tmax, 0, 1}) > 0)
            return false; /* entered after tmax */
        for (int j = 0; j < n; j++)
            if (j != i && rc_end_cmp(s[i].lo, s[j].hi) > 0)
                return false;
    }
    return true;
}

bool isect_ray_aabb(isect_ray ray, isect_aabb box, isect_ray_aabb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!rc_ray_valid(ray) || !fv_finite3(box.min) || !fv_finite3(box.max) || !(box.min.x <= box.max.x) ||
        !(box.min.y <= box.max.y) || !(box.min.z <= box.max.z))
        return false;

    const float o[3] = {ray.origin.x, ray.origin.y, ray.origin.z}, d[3] = {ray.dir.x, ray.dir.y, ray.dir.z};
    const float mn[3] = {box.min.x, box.min.y, box.min.z}, mx[3] = {box.max.x, box.max.y, box.max.z};
    double lo = 0, hi = ray.tmax;
    slab s[3];
    int n = 0;
    for (int i = 0; i < 3; i++) {
        if (d[i] == 0) {
            if (o[i] < mn[i] || o[i] > mx[i])
                return false; /* parallel, outside the slab */
            continue;
        }
        double inv = 1.0 / d[i];
        double a = ((double)mn[i] - o[i]) * inv, b = ((double)mx[i] - o[i]) * inv;
        if (d[i] > 0) {
            s[n++] = (slab){{mn[i], o[i], d[i]}, {mx[i], o[i], d[i]}};
        } else {
            double t = a;
            a = b;
            b = t;
            s[n++] = (slab){{o[i], mx[i], -d[i]}, {o[i], mn[i], -d[i]}};
        }
        lo = a > lo ? a : lo;
        hi = b < hi ? b : hi;
    }
    if (hi < 0)
        return false; /* an upper end's sign is exact */
    if (!(lo * (1 + FB_RAY_END) <= hi) && (hi * (1 + FB_RAY_END) < lo || !exact_slabs(s, n, ray.tmax)))
        return false;
    if (out) {
        float t = (float)lo;
        out->hit = true;
        out->t = t > ray.tmax ? ray.tmax : t;  /* lo is never NaN */
    }
    return true;
}
