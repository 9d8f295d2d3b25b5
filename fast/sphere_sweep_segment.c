/* fast/sphere_sweep_segment.c: a moving sphere against a closed segment,
 * binary32: start overlap (closest point), then the edge and its two
 * endpoints (fast/sphere_sweep_common.h); docs/queries/sphere_sweep_segment.md. */
#include "sphere_sweep_common.h"

bool isect_sphere_sweep_segment(isect_moving_sphere s, isect_vec3 p0, isect_vec3 p1,
                                isect_sphere_sweep_segment_result *out)
{
    fsw_ball b;
    isect_vec3 pts[2] = {p0, p1}, P[2];
    fsw_contact k = {FSW_MISS, 0, {0, 0, 0}};
    if (ssc_setup(&b, &s, pts, 2, P)) {
        isect_vec3 y;
        ssc_closest_segment(&y, &P[0], &P[1]);
        if (ssc_touches(&b, &y)) {
            k.kind = FSW_START;
            k.p = y;
        } else {
            if (!ssc_edge(&k, &b, &P[0], &P[1])) { /* else no end is reached first */
                ssc_vertex(&k, &b, &P[0]);
                ssc_vertex(&k, &b, &P[1]);
            }
        }
    }
    if (k.kind == FSW_MISS) {
        if (out)
            memset(out, 0, sizeof *out);
        return false;
    }
    if (out) {
        memset(out, 0, sizeof *out);
        out->hit = true;
        out->t = k.t;
        /* Endpoints exactly as given. */
        out->point = k.kind == FSW_VERTEX ? (k.p.x == P[0].x && k.p.y == P[0].y && k.p.z == P[0].z ? p0 : p1)
                                          : fsw_world(&b, k.p);
    }
    return true;
}
