/* bench/overlap_plain.h: the baselines that `make bench` times the static-
 * overlap queries of fast against: plain binary32 textbook code with the
 * signatures of isect.h, no rescaling, no error bound, no validation of the
 * input, touching = hit, *out all zero on a miss and filled on a hit
 * (sphere_triangle: the closest point and the squared distance; the two
 * side queries fill side always and return true when it is straddling, as
 * fast does).  The cost floor of a shipping implementation, nothing more
 * (they are not correct on the inputs fast is careful about: touching and
 * near-touching configurations, points on a triangle, coplanar or thin
 * triangles, large or tiny magnitudes). */
#ifndef ISECT_BENCH_OVERLAP_PLAIN_H
#define ISECT_BENCH_OVERLAP_PLAIN_H

#include "isect.h"

/* |c0 - c1|^2 <= (r0 + r1)^2 */
bool plain_sphere_sphere(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out);
/* the intervals overlap on each axis */
bool plain_aabb_aabb(isect_aabb a, isect_aabb b, isect_aabb_aabb_result *out);
/* Arvo (1990): the squared distance outside the box, axis by axis, <= r^2 */
bool plain_sphere_aabb(isect_sphere s, isect_aabb b, isect_sphere_aabb_result *out);
/* on the plane of n = (v1-v0)x(v2-v0) exactly, then each edge's cross
 * product with p dotted with n >= 0 (a zero-area triangle: n = 0, every
 * point is inside) */
bool plain_point_in_triangle(isect_vec3 p, isect_triangle tri, isect_point_in_triangle_result *out);
/* closest point by the Voronoi regions of the vertices, edges and face */
bool plain_sphere_triangle(isect_sphere s, isect_triangle tri, isect_sphere_triangle_result *out);
/* s = (c - point).n against r |n| */
bool plain_sphere_plane(isect_sphere s, isect_plane plane, isect_sphere_plane_result *out);
/* centre and half extents: s = (c - point).n against sum e_i |n_i| */
bool plain_aabb_plane(isect_aabb b, isect_plane plane, isect_aabb_plane_result *out);
/* separating axes: 3 + 3 face axes and the 9 edge cross products, from the
 * axes as given (not assumed orthonormal) */
bool plain_obb_obb(isect_obb a, isect_obb b, isect_obb_obb_result *out);
/* the box's closest point to the centre, assuming orthonormal axes */
bool plain_sphere_obb(isect_sphere s, isect_obb box, isect_sphere_obb_result *out);
/* the closest points of the two segments (clamped), <= (r0 + r1)^2 */
bool plain_capsule_capsule(isect_capsule a, isect_capsule b, isect_capsule_capsule_result *out);
/* separating axes in the box-centred frame: 3 box faces, the triangle's
 * normal, the 9 cross products of box axes and triangle edges */
bool plain_aabb_triangle(isect_aabb b, isect_triangle tri, isect_aabb_triangle_result *out);
/* Moller (1997): signed distances to the other plane, intervals on the
 * line of the planes; coplanar: 2D edge-edge and point-in-triangle tests */
bool plain_triangle_triangle(isect_triangle a, isect_triangle b, isect_triangle_triangle_result *out);

#endif
