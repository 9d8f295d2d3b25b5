/* fast/sphere_sweep_sphere.c: two moving spheres, binary32.  The relative
 * motion, w = c0 - c1, v = v0 - v1, R = r0 + r1, decided exactly by
 * fsw_pair (fast/sphere_sweep_point.c): the differences and the radius sum
 * enter the binary64 filter with one rounding each and the exact fallback
 * as exact expansions.  docs/queries/sphere_sweep_sphere.md. */
#include "fast_sweep.h"

#include <string.h>

static bool valid(isect_moving_sphere s)
{
    return fv_finite3(s.center) && fv_finite3(s.velocity) && isfinite(s.radius) && s.radius >= 0;
}

bool isect_sphere_sweep_sphere(isect_moving_sphere a, isect_moving_sphere b, isect_sphere_sweep_sphere_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!valid(a) || !valid(b))
        return false;
    double t;
    if (fsw_pair(a, b, &t) == 0)
        return false;
    if (out) {
        out->hit = true;
        out->t = (float)t;
    }
    return true;
}
