/* fast/sphere_sweep_point.c: a moving sphere against a point, binary32.
 * The vertex feature of fast/sphere_sweep_common.c after a start-overlap
 * test; docs/queries/sphere_sweep_point.md. */
#include "fast_sweep.h"

#include <string.h>

bool isect_sphere_sweep_point(isect_moving_sphere s, isect_vec3 p, isect_sphere_sweep_point_result *out)
{
    isect_sphere_sweep_point_result r;
    memset(&r, 0, sizeof r);
    if (out)
        *out = r;
    fsw_ball b;
    isect_vec3 P;
    if (!fsw_setup(&b, s, &p, 1, &P))
        return false;
    fsw_contact k = {FSW_MISS, 0, {0, 0, 0}};
    if (fsw_touches(&b, P))
        k.kind = FSW_START;
    else
        fsw_vertex(&k, &b, P);
    if (k.kind == FSW_MISS)
        return false;
    r.hit = true;
    r.t = k.t;
    if (out)
        *out = r;
    return true;
}
