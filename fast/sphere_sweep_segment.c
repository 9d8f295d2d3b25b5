/* fast/sphere_sweep_segment.c: a moving sphere against a closed segment,
 * binary32: start overlap (closest point), then the edge and its two
 * endpoints (fast/sphere_sweep_common.c); docs/queries/sphere_sweep_segment.md. */
#include "fast_sweep.h"

#include <string.h>

bool isect_sphere_sweep_segment(isect_moving_sphere s, isect_vec3 p0, isect_vec3 p1,
                                isect_sphere_sweep_segment_result *out)
{
    isect_sphere_sweep_segment_result r;
    memset(&r, 0, sizeof r);
    if (out)
        *out = r;
    fsw_ball b;
    isect_vec3 pts[2] = {p0, p1}, P[2];
    if (!fsw_setup(&b, s, pts, 2, P))
        return false;
    fsw_contact k = {FSW_MISS, 0, {0, 0, 0}};
    isect_vec3 y;
    fsw_closest_segment(&y, P[0], P[1]);
    if (fsw_touches(&b, y)) {
        k.kind = FSW_START;
        k.p = y;
    } else {
        if (!fsw_edge(&k, &b, P[0], P[1])) { /* else no end is reached first */
            fsw_vertex(&k, &b, P[0]);
            fsw_vertex(&k, &b, P[1]);
        }
    }
    if (k.kind == FSW_MISS)
        return false;
    r.hit = true;
    r.t = k.t;
    /* Endpoints exactly as given. */
    r.point = k.kind == FSW_VERTEX ? (k.p.x == P[0].x && k.p.y == P[0].y && k.p.z == P[0].z ? p0 : p1)
                                   : fsw_world(&b, k.p);
    if (out)
        *out = r;
    return true;
}
