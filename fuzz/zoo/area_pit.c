/* fuzz/zoo/area_pit.c: the area-sum point-in-triangle test of
 * ../shared/references/000_6bec02f8da45fea8.txt (pointInTriangle2):
 *
 *     triArea = area(A, B, C)                    (binary32, stored in a double)
 *     area    = area(P, A, B) + area(P, A, C) + area(P, B, C)
 *     inside  = |triArea - area| < 0.0001
 *
 * with area(x, y, z) = 0.5f * |(y - x) x (z - x)| in binary32.  The epsilon
 * is absolute: at a small scale every point near the triangle (off its plane
 * included) is "inside", at a large scale the rounding of the areas exceeds
 * it and points of the triangle are "outside".  Re-implemented from the
 * description; the bug under study, do not copy. */
#include "targets.h"

#include <math.h>
#include <string.h>

#define AREA_EPSILON 0.0001 /* the bug under study */

static isect_vec3 sub(isect_vec3 a, isect_vec3 b) { return (isect_vec3){a.x - b.x, a.y - b.y, a.z - b.z}; }

static float triangle_area(isect_vec3 p1, isect_vec3 p2, isect_vec3 p3)
{
    isect_vec3 d1 = sub(p2, p1), d2 = sub(p3, p1);
    isect_vec3 c = {d1.y * d2.z - d1.z * d2.y, d1.z * d2.x - d1.x * d2.z, d1.x * d2.y - d1.y * d2.x};
    return 0.5f * sqrtf(c.x * c.x + c.y * c.y + c.z * c.z);
}

static bool area_pit(isect_vec3 p, isect_triangle t, isect_point_in_triangle_result *out)
{
    memset(out, 0, sizeof *out);
    double tri = triangle_area(t.v0, t.v1, t.v2);
    double area = triangle_area(p, t.v0, t.v1);
    area += triangle_area(p, t.v0, t.v2);
    area += triangle_area(p, t.v1, t.v2);
    out->hit = fabs(tri - area) < AREA_EPSILON;
    return out->hit;
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(point_in_triangle, area_pit, 8, 16),
    ISECT_ENTRIES_END,
};

static const isect_target area_pit_target = {
    "zoo:area_pit", "area-sum point-in-triangle with an absolute 1e-4 epsilon (2010 blog)", entries,
};

ISECT_TARGETS(zoo_area_pit, &area_pit_target);
