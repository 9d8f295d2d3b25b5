/* fast/aabb_aabb.c: closed axis-aligned boxes overlap, binary32.
 *
 * Six comparisons of the given binary32 values: exact, so fast agrees with
 * ref everywhere (severity 0).  A NaN anywhere, an infinite value or a box
 * with min > max is a miss; since invalid input is a miss, validity is
 * checked only when the six comparisons say hit.  docs/queries/aabb_aabb.md.
 */
#include "fast_vec3.h"

/* min <= max on each axis and every value finite: the binary64 extent
 * max - min (no overflow) is in [0, DBL_MAX]; NaN fails every comparison. */
static bool box_valid(isect_aabb b)
{
    double ex = (double)b.max.x - b.min.x, ey = (double)b.max.y - b.min.y, ez = (double)b.max.z - b.min.z;
    return ex >= 0 && ex <= DBL_MAX && ey >= 0 && ey <= DBL_MAX && ez >= 0 && ez <= DBL_MAX;
}

bool isect_aabb_aabb(isect_aabb a, isect_aabb b, isect_aabb_aabb_result *out)
{
    bool hit = a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
               a.min.z <= b.max.z && b.min.z <= a.max.z && box_valid(a) && box_valid(b);
    if (out)
        out->hit = hit;
    return hit;
}
