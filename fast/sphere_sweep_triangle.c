/* fast/sphere_sweep_triangle.c: a moving sphere against a closed,
 * two-sided triangle, binary32, after Fauerby (2003): start overlap
 * (closest point), then the face, the three edges and the three vertices
 * (fast/sphere_sweep_common.c), earliest first.  Unlike the published
 * method: no back-face culling (two-sided), no "embedded in the plane"
 * shortcut, a stable root, no division when the motion is parallel to an
 * edge or zero, and a degenerate triangle is its edges (the face offers
 * nothing when its normal is 0).  Pruned as exact arithmetic allows: a
 * face contact is first, a sphere never within r of the plane misses, a
 * vertex of an edge with a contact is not first (fast_sweep.h).  docs/queries/sphere_sweep_triangle.md. */
#include "fast_sweep.h"

#include <string.h>

bool isect_sphere_sweep_triangle(isect_moving_sphere s, isect_triangle tri, isect_sphere_sweep_triangle_result *out)
{
    isect_sphere_sweep_triangle_result r;
    memset(&r, 0, sizeof r);
    if (out)
        *out = r;
    fsw_ball b;
    isect_vec3 v[3] = {tri.v0, tri.v1, tri.v2}, P[3];
    if (!fsw_setup(&b, s, v, 3, P))
        return false;
    fsw_contact k = {FSW_MISS, 0, {0, 0, 0}};
    isect_vec3 y;
    fsw_closest_triangle(&y, P[0], P[1], P[2]);
    if (fsw_touches(&b, y)) {
        k.kind = FSW_START;
        k.p = y;
    } else {
        int face = fsw_face(&k, &b, P[0], P[1], P[2]);
        if (face == FSW_FACE_NEVER)
            return false;
        if (face == FSW_FACE_OTHER) {
            /* edge i joins P[i] and P[i + 1]; a vertex with an edge contact
             * cannot be reached first (fast_sweep.h) */
            bool e[3];
            for (int i = 0; i < 3; i++)
                e[i] = fsw_edge(&k, &b, P[i], P[(i + 1) % 3]);
            for (int i = 0; i < 3; i++)
                if (!e[i] && !e[(i + 2) % 3])
                    fsw_vertex(&k, &b, P[i]);
        }
    }
    if (k.kind == FSW_MISS)
        return false;
    r.hit = true;
    r.t = k.t;
    r.point = fsw_world(&b, k.p);
    if (k.kind == FSW_VERTEX)
        for (int i = 0; i < 3; i++)
            if (k.p.x == P[i].x && k.p.y == P[i].y && k.p.z == P[i].z)
                r.point = v[i]; /* the vertex exactly as given */
    if (out)
        *out = r;
    return true;
}
