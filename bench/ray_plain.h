/* bench/ray_plain.h: the baselines that `make bench` times the ray-against-
 * solid queries of fast against: plain binary32 textbook code with the
 * signatures of isect.h, no rescaling, no error bound, touching = hit, *out
 * all zero on a miss.  The cost floor of a shipping implementation, nothing
 * more (they are not correct on the inputs fast is careful about). */
#ifndef ISECT_BENCH_RAY_PLAIN_H
#define ISECT_BENCH_RAY_PLAIN_H

#include "isect.h"

bool plain_ray_plane(isect_ray ray, isect_plane plane, isect_ray_plane_result *out);
bool plain_ray_sphere(isect_ray ray, isect_sphere s, isect_ray_sphere_result *out);
bool plain_ray_aabb(isect_ray ray, isect_aabb box, isect_ray_aabb_result *out);   /* slabs with 1/dir */
bool plain_ray_obb(isect_ray ray, isect_obb box, isect_ray_obb_result *out);      /* projections on the axes */
bool plain_ray_cylinder(isect_ray ray, isect_cylinder c, isect_ray_cylinder_result *out);
bool plain_ray_capsule(isect_ray ray, isect_capsule c, isect_ray_capsule_result *out);

#endif
