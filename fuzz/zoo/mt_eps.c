/* fuzz/zoo/mt_eps.c: Möller-Trumbore (1997) with the classic absolute
 * determinant epsilon, two-sided: |det| < 1e-6 is taken as "parallel".
 * The epsilon is absolute, so a small triangle or a short direction (det
 * scales with both) is missed although the ray hits it squarely. */
#include "targets.h"

#include <string.h>

#define MT_EPSILON 0.000001f /* the bug under study; do not copy */

static isect_vec3 sub(isect_vec3 a, isect_vec3 b) { return (isect_vec3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static float dot(isect_vec3 a, isect_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static isect_vec3 cross(isect_vec3 a, isect_vec3 b)
{
    return (isect_vec3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

static bool mt_eps(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out)
{
    memset(out, 0, sizeof *out);
    isect_vec3 e1 = sub(tri.v1, tri.v0), e2 = sub(tri.v2, tri.v0);
    isect_vec3 p = cross(ray.dir, e2);
    float det = dot(e1, p);
    if (det > -MT_EPSILON && det < MT_EPSILON)
        return false;
    float inv = 1.0f / det;
    isect_vec3 s = sub(ray.origin, tri.v0);
    float u = dot(s, p) * inv;
    if (u < 0 || u > 1)
        return false;
    isect_vec3 q = cross(s, e1);
    float v = dot(ray.dir, q) * inv;
    if (v < 0 || u + v > 1)
        return false;
    float t = dot(e2, q) * inv;
    if (!(t >= 0 && t <= ray.tmax))
        return false;
    *out = (isect_ray_triangle_result){true, t, u, v};
    return true;
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(ray_triangle, mt_eps, 8, 32),
    ISECT_ENTRIES_END,
};

static const isect_target mt_eps_target = {
    "zoo:mt_eps", "Moller-Trumbore with an absolute 1e-6 determinant epsilon", entries,
};

ISECT_TARGETS(zoo_mt_eps, &mt_eps_target);
