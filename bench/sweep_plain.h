/* bench/sweep_plain.h: the baselines that `make bench` times the swept-sphere
 * queries of fast against: plain binary32 textbook code with the signatures
 * of isect.h, no rescaling, no error bound, touching = hit, t = 0 when the
 * sphere already touches at the start, *out all zero on a miss and filled on
 * a hit (point: the contact point on the obstacle).  The cost floor of a
 * shipping implementation, nothing more (they are not correct on the inputs
 * fast is careful about: near tangency, thin triangles, large magnitudes). */
#ifndef ISECT_BENCH_SWEEP_PLAIN_H
#define ISECT_BENCH_SWEEP_PLAIN_H

#include "isect.h"

/* the smaller root of |c + t v - p|^2 = r^2 */
bool plain_sphere_sweep_point(isect_moving_sphere s, isect_vec3 p, isect_sphere_sweep_point_result *out);
/* the relative motion: the smaller root of |c0 - c1 + t (v0 - v1)|^2 = (r0 + r1)^2 */
bool plain_sphere_sweep_sphere(isect_moving_sphere a, isect_moving_sphere b, isect_sphere_sweep_sphere_result *out);
/* the line's quadratic with its foot kept on the segment, then the two ends */
bool plain_sphere_sweep_segment(isect_moving_sphere s, isect_vec3 p0, isect_vec3 p1,
                                isect_sphere_sweep_segment_result *out);
/* the signed distance over |normal| reaching +-r */
bool plain_sphere_sweep_plane(isect_moving_sphere s, isect_plane plane, isect_sphere_sweep_plane_result *out);
/* Fauerby (2003) with the smaller root only: the plane's contact point if it
 * is inside, else the three edges and three vertices; a start overlap from
 * the closest point of the triangle */
bool plain_sphere_sweep_triangle(isect_moving_sphere s, isect_triangle tri, isect_sphere_sweep_triangle_result *out);
/* Ericson (2005) 5.5.8: per-axis first and last times of the relative
 * motion from reciprocal velocities */
bool plain_aabb_sweep_aabb(isect_moving_aabb a, isect_moving_aabb b, isect_aabb_sweep_aabb_result *out);

#endif
