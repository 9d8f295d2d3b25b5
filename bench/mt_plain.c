/* bench/mt_plain.c: plain binary32 Moller-Trumbore, the bench's baseline.
 * Kept in its own translation unit, like fast/ in libisect, so that neither
 * can be inlined into the timing loop. */
#include "mt_plain.h"

#include <string.h>

static isect_vec3 sub3(isect_vec3 a, isect_vec3 b) { return (isect_vec3){a.x - b.x, a.y - b.y, a.z - b.z}; }

static isect_vec3 cross3(isect_vec3 a, isect_vec3 b)
{
    return (isect_vec3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

static float dot3(isect_vec3 a, isect_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

bool mt_plain_ray_triangle(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);

    isect_vec3 e1 = sub3(tri.v1, tri.v0), e2 = sub3(tri.v2, tri.v0);
    isect_vec3 p = cross3(ray.dir, e2);
    float det = dot3(e1, p);
    if (det == 0)
        return false;
    float inv = 1.0f / det;
    isect_vec3 s = sub3(ray.origin, tri.v0);
    float u = dot3(s, p) * inv;
    if (u < 0 || u > 1)
        return false;
    isect_vec3 q = cross3(s, e1);
    float v = dot3(ray.dir, q) * inv;
    if (v < 0 || u + v > 1)
        return false;
    float t = dot3(e2, q) * inv;
    if (t < 0 || t > ray.tmax)
        return false;
    if (out)
        *out = (isect_ray_triangle_result){true, t, u, v};
    return true;
}
