/* fast/sphere_sweep_sphere.c: two moving spheres, binary32.  The relative
 * motion: the sphere of radius r0 + r1 centred at c0 moves by v0 - v1
 * against the point c1 (isect_sphere_sweep_point); the two roundings (the
 * velocity difference, the radius sum) are within one unit of the input
 * scale each.  docs/queries/sphere_sweep_sphere.md. */
#include "isect.h"

#include <string.h>

bool isect_sphere_sweep_sphere(isect_moving_sphere a, isect_moving_sphere b, isect_sphere_sweep_sphere_result *out)
{
    isect_moving_sphere rel = {a.center,
                               {a.velocity.x - b.velocity.x, a.velocity.y - b.velocity.y, a.velocity.z - b.velocity.z},
                               a.radius + b.radius};
    isect_sphere_sweep_point_result r;
    memset(&r, 0, sizeof r);
    /* A negative or NaN radius is invalid even when the sum is not. */
    bool hit = a.radius >= 0 && b.radius >= 0 && isect_sphere_sweep_point(rel, b.center, &r);
    if (out) {
        memset(out, 0, sizeof *out);
        out->hit = hit;
        out->t = hit ? r.t : 0;
    }
    return hit;
}
