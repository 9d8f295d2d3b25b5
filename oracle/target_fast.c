/* oracle/target_fast.c: libisect as a target.  The tolerances are the error
 * bounds derived in docs/queries/NAME.md; the fuzzers check them. */
/* Every entry keeps isect.h's result contract: all outputs zero on a miss,
 * invalid input a miss (oracle/targets.h, ISECT_MISS_ZERO). */
#define ISECT_ENTRY_MISS ISECT_MISS_ZERO
#include "targets.h"

static const isect_target_entry entries[] = {
    ISECT_ENTRY_EXACT(ray_triangle, isect_ray_triangle, 8, 32),
    /* rays against solids */
    ISECT_ENTRY_EXACT(ray_plane, isect_ray_plane, 8, 32),
    ISECT_ENTRY_EXACT(ray_sphere, isect_ray_sphere, 8, 32),
    ISECT_ENTRY_EXACT(ray_aabb, isect_ray_aabb, 8, 32),
    ISECT_ENTRY_EXACT(ray_cylinder, isect_ray_cylinder, 8, 32),
    ISECT_ENTRY_EXACT(ray_capsule, isect_ray_capsule, 8, 32),
    ISECT_ENTRY_EXACT(ray_obb, isect_ray_obb, 8, 32),
    /* swept spheres */
    ISECT_ENTRY_EXACT(sphere_sweep_point, isect_sphere_sweep_point, 8, 32),
    ISECT_ENTRY_EXACT(sphere_sweep_sphere, isect_sphere_sweep_sphere, 16, 96),
    ISECT_ENTRY(sphere_sweep_segment, isect_sphere_sweep_segment, 8, 32),
    ISECT_ENTRY(sphere_sweep_triangle, isect_sphere_sweep_triangle, 8, 32),
    ISECT_ENTRY_EXACT(sphere_sweep_plane, isect_sphere_sweep_plane, 8, 32),
    ISECT_ENTRY_EXACT(aabb_sweep_aabb, isect_aabb_sweep_aabb, 2, 4),
    /* continuous collision (binary64, conservative) */
    ISECT_ENTRY_ONE_SIDED(vertex_face_ccd, isect_vertex_face_ccd, 0x1p24, 0x1p40, ISECT_BINARY64, 0x1p40),
    ISECT_ENTRY_ONE_SIDED(edge_edge_ccd, isect_edge_edge_ccd, 0x1p24, 0x1p40, ISECT_BINARY64, 0x1p40),
    /* static overlaps */
    ISECT_ENTRY_EXACT(sphere_sphere, isect_sphere_sphere, 1, 0),
    ISECT_ENTRY_EXACT(aabb_aabb, isect_aabb_aabb, 1, 0),
    ISECT_ENTRY_EXACT(sphere_aabb, isect_sphere_aabb, 1, 0),
    ISECT_ENTRY_EXACT(point_in_triangle, isect_point_in_triangle, 1, 0),
    ISECT_ENTRY_EXACT(sphere_triangle, isect_sphere_triangle, 8, 4),
    ISECT_ENTRY_EXACT(sphere_plane, isect_sphere_plane, 1, 0),
    ISECT_ENTRY_EXACT(aabb_plane, isect_aabb_plane, 1, 0),
    ISECT_ENTRY_EXACT(obb_obb, isect_obb_obb, 1, 0),
    ISECT_ENTRY_EXACT(sphere_obb, isect_sphere_obb, 1, 0),
    ISECT_ENTRY_EXACT(capsule_capsule, isect_capsule_capsule, 1, 0),
    ISECT_ENTRY_EXACT(aabb_triangle, isect_aabb_triangle, 1, 0),
    ISECT_ENTRY_EXACT(triangle_triangle, isect_triangle_triangle, 1, 0),
    ISECT_ENTRIES_END,
};

const isect_target isect_target_fast = {
    "fast", "libisect, binary32 (this project)", entries,
};
