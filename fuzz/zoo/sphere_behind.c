/* fuzz/zoo/sphere_behind.c: the textbook ray-sphere test that many engines
 * ship: solve |o + t d - c|^2 = r^2 and return the smaller root
 * t = (-b - sqrt(b^2 - a c)) / a whenever the discriminant is non-negative
 * and t <= tmax, without checking t >= 0.  A sphere behind the origin, or
 * one that contains the origin, is reported as a hit at a negative t (the
 * exact answers: a miss, and t = 0).  It also inherits the cancellation of
 * b^2 - a c.  Kept to prove that the fuzzer catches it. */
#include "targets.h"

#include <string.h>
#include <math.h>

static bool sphere_behind(isect_ray ray, isect_sphere s, isect_ray_sphere_result *out)
{
    memset(out, 0, sizeof *out);
    isect_vec3 m = {ray.origin.x - s.center.x, ray.origin.y - s.center.y, ray.origin.z - s.center.z};
    isect_vec3 d = ray.dir;
    float a = d.x * d.x + d.y * d.y + d.z * d.z;
    float b = m.x * d.x + m.y * d.y + m.z * d.z;
    float c = m.x * m.x + m.y * m.y + m.z * m.z - s.radius * s.radius;
    float disc = b * b - a * c;
    if (disc < 0)
        return false;
    float t = (-b - sqrtf(disc)) / a; /* the bug: no t >= 0 test */
    if (t > ray.tmax)
        return false;
    out->hit = true;
    out->t = t;
    return true;
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(ray_sphere, sphere_behind, 8, 32),
    ISECT_ENTRIES_END,
};

static const isect_target sphere_behind_target = {
    "zoo:sphere_behind", "textbook ray-sphere returning the smaller root even behind the origin", entries,
};

ISECT_TARGETS(zoo_sphere_behind, &sphere_behind_target);
