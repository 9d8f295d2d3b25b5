/* fuzz/zoo/pit_outside.c: a point_in_triangle that answers "outside" for
 * every input.  In 3D that is the exact answer for almost every input (a
 * random point is off the triangle's plane), and wrong for every point of
 * the triangle, all of which lie in its plane: a set of measure zero, which
 * is exactly where callers ask (points computed on the triangle, contact
 * points).  The judge measures such inputs over perturbations that stay in
 * the plane (docs/judge.md, "Inputs on a degenerate set"), so an "outside"
 * for a coplanar point well inside is a discrepancy. */
#include "targets.h"

#include <string.h>

static bool pit_outside(isect_vec3 p, isect_triangle t, isect_point_in_triangle_result *out)
{
    (void)p;
    (void)t;
    memset(out, 0, sizeof *out);
    return false;
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(point_in_triangle, pit_outside, 8, 16),
    ISECT_ENTRIES_END,
};

static const isect_target pit_outside_target = {
    "zoo:pit_outside", "point_in_triangle answering outside for every input (wrong on the plane only)", entries,
};

ISECT_TARGETS(zoo_pit_outside, &pit_outside_target);
