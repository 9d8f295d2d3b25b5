/* fast/aabb_aabb.c: closed axis-aligned boxes overlap, binary32.
 *
 * Six comparisons of the given binary32 values: exact, so fast agrees with
 * ref everywhere (severity 0).  Written so that a NaN anywhere, or a box
 * with min > max, is a miss.  docs/queries/aabb_aabb.md.
 */
#include "fast_vec3.h"

static bool box_valid(isect_aabb b)
{
    return fv_finite3(b.min) && fv_finite3(b.max) && b.min.x <= b.max.x && b.min.y <= b.max.y &&
           b.min.z <= b.max.z;
}

bool isect_aabb_aabb(isect_aabb a, isect_aabb b, isect_aabb_aabb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!box_valid(a) || !box_valid(b))
        return false;
    bool hit = a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
               a.min.z <= b.max.z && b.min.z <= a.max.z;
    if (out)
        out->hit = hit;
    return hit;
}
