/* isect.h: libisect, binary32 intersection tests with a stated accuracy contract.
 *
 * Every query NAME is `bool isect_NAME(inputs by value..., isect_NAME_result *out)`:
 * it returns the hit flag and, when `out` is not NULL, fills every field of
 * *out (all zero on a miss, never NaN on a hit).
 *
 * Shared conventions (docs/semantics.md):
 * - every solid and surface is a closed set: touching counts as a hit;
 * - a ray is origin + t*dir for t in [0, tmax] (tmax may be +inf); dir is not
 *   normalised and t is in units of dir;
 * - inputs outside a query's domain (non-finite values, negative tmax, ...)
 *   give a miss; they never give undefined behaviour.
 * The input domain, the boundary conventions and the error bound of each
 * query are in docs/queries/NAME.md; the fuzzers check the bound against the
 * exact reference (libisect_ref).
 */
#ifndef ISECT_H
#define ISECT_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    float x, y, z;
} isect_vec3;

typedef struct {
    isect_vec3 origin, dir;
    float tmax;
} isect_ray;

typedef struct {
    isect_vec3 v0, v1, v2;
} isect_triangle;

/* ray_triangle
 * Hit when the ray meets the closed, two-sided triangle at some t in
 * [0, tmax].  A zero-area triangle, a zero direction and a ray parallel to
 * the triangle's plane are misses (the triangle has no thickness).
 * Watertight: the edge and vertex tests are exact for the ray-space
 * vertices, and the vertices are transformed once per vertex, so a ray
 * through a shared edge or vertex of a closed mesh hits at least one of the
 * triangles sharing it.
 * Output: t, and the barycentrics u (weight of v1) and v (weight of v2);
 * the point is (1-u-v) v0 + u v1 + v v2.
 * Error bound: docs/queries/ray_triangle.md. */
typedef struct {
    bool hit;
    float t, u, v;
} isect_ray_triangle_result;

bool isect_ray_triangle(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out);
typedef bool isect_ray_triangle_fn(isect_ray, isect_triangle, isect_ray_triangle_result *);

/* ---- rays against solids ------------------------------------------------ */

/* Rays against solids (docs/queries/ray_NAME.md).  Every solid is closed; a
 * ray whose origin is inside the solid hits at t = 0.  Output: the first t
 * in [0, tmax] at which the ray is in the solid.  Invalid input (non-finite
 * values other than tmax = +inf, NaN or negative tmax, negative radius or
 * half extent, min > max, zero plane normal) is a miss. */
typedef struct {
    bool hit;
    float t;
} isect_ray_hit;

/* ray_plane: the plane through point with normal (not normalised, not zero).
 * A ray lying in the plane, or starting on it, hits at t = 0; a ray
 * parallel to the plane and off it misses. */
typedef struct {
    isect_vec3 point, normal;
} isect_plane;
typedef isect_ray_hit isect_ray_plane_result;
bool isect_ray_plane(isect_ray ray, isect_plane plane, isect_ray_plane_result *out);
typedef bool isect_ray_plane_fn(isect_ray, isect_plane, isect_ray_plane_result *);

/* ray_sphere: the closed ball |x - center| <= radius (radius 0: a point). */
typedef struct {
    isect_vec3 center;
    float radius;
} isect_sphere;
typedef isect_ray_hit isect_ray_sphere_result;
bool isect_ray_sphere(isect_ray ray, isect_sphere sphere, isect_ray_sphere_result *out);
typedef bool isect_ray_sphere_fn(isect_ray, isect_sphere, isect_ray_sphere_result *);

/* ray_aabb: the closed box min <= x <= max (componentwise; flat boxes are
 * valid).  Zero direction components are handled exactly. */
typedef struct {
    isect_vec3 min, max;
} isect_aabb;
typedef isect_ray_hit isect_ray_aabb_result;
bool isect_ray_aabb(isect_ray ray, isect_aabb box, isect_ray_aabb_result *out);
typedef bool isect_ray_aabb_fn(isect_ray, isect_aabb, isect_ray_aabb_result *);

/* ray_obb: the parallelepiped center + sum s_i axis[i], |s_i| <= half_i,
 * with the axes used as given (not assumed orthonormal). */
typedef struct {
    isect_vec3 center;
    isect_vec3 axis[3];
    isect_vec3 half;
} isect_obb;
typedef isect_ray_hit isect_ray_obb_result;
bool isect_ray_obb(isect_ray ray, isect_obb box, isect_ray_obb_result *out);
typedef bool isect_ray_obb_fn(isect_ray, isect_obb, isect_ray_obb_result *);

/* ray_capsule: the points within radius of the segment p0 p1 (p0 == p1: a
 * ball). */
typedef struct {
    isect_vec3 p0, p1;
    float radius;
} isect_capsule;
typedef isect_ray_hit isect_ray_capsule_result;
bool isect_ray_capsule(isect_ray ray, isect_capsule capsule, isect_ray_capsule_result *out);
typedef bool isect_ray_capsule_fn(isect_ray, isect_capsule, isect_ray_capsule_result *);

/* ray_cylinder: the solid capped cylinder of axis p0 p1 and the given
 * radius (side and both end discs included); p0 == p1 is empty. */
typedef struct {
    isect_vec3 p0, p1;
    float radius;
} isect_cylinder;
typedef isect_ray_hit isect_ray_cylinder_result;
bool isect_ray_cylinder(isect_ray ray, isect_cylinder cylinder, isect_ray_cylinder_result *out);
typedef bool isect_ray_cylinder_fn(isect_ray, isect_cylinder, isect_ray_cylinder_result *);

/* ---- swept spheres ------------------------------------------------------- */

/* Swept spheres (docs/queries/sphere_sweep_NAME.md).  A sphere of radius
 * radius >= 0 whose centre moves from center to center + velocity over t in
 * [0, 1] (velocity is the displacement, not a rate); the output is the
 * earliest t at which the sphere touches the closed set, t = 0 when it
 * overlaps it at the start.  Radius 0 is a moving point; velocity 0 a static
 * overlap test.  Invalid input (non-finite values, negative or NaN radius, a
 * zero plane normal) is a miss.  The point outputs are the contact point on
 * the set: at t = 0 its closest point to the centre. */
typedef struct {
    isect_vec3 center, velocity;
    float radius;
} isect_moving_sphere;

/* sphere_sweep_point: against the point p. */
typedef struct {
    bool hit;
    float t;
} isect_sphere_sweep_point_result;
bool isect_sphere_sweep_point(isect_moving_sphere s, isect_vec3 p, isect_sphere_sweep_point_result *out);
typedef bool isect_sphere_sweep_point_fn(isect_moving_sphere, isect_vec3, isect_sphere_sweep_point_result *);

/* sphere_sweep_sphere: two moving spheres (a and b each move by their own
 * velocity over t in [0, 1]); the earliest t at which they touch. */
typedef struct {
    bool hit;
    float t;
} isect_sphere_sweep_sphere_result;
bool isect_sphere_sweep_sphere(isect_moving_sphere a, isect_moving_sphere b, isect_sphere_sweep_sphere_result *out);
typedef bool isect_sphere_sweep_sphere_fn(isect_moving_sphere, isect_moving_sphere, isect_sphere_sweep_sphere_result *);

/* sphere_sweep_segment: against the closed segment p0 p1 (p0 == p1: a point). */
typedef struct {
    bool hit;
    float t;
    isect_vec3 point;
} isect_sphere_sweep_segment_result;
bool isect_sphere_sweep_segment(isect_moving_sphere s, isect_vec3 p0, isect_vec3 p1,
                                isect_sphere_sweep_segment_result *out);
typedef bool isect_sphere_sweep_segment_fn(isect_moving_sphere, isect_vec3, isect_vec3,
                                           isect_sphere_sweep_segment_result *);

/* sphere_sweep_triangle: against the closed, two-sided triangle; a
 * degenerate triangle is the hull of its vertices (a segment or a point). */
typedef struct {
    bool hit;
    float t;
    isect_vec3 point;
} isect_sphere_sweep_triangle_result;
bool isect_sphere_sweep_triangle(isect_moving_sphere s, isect_triangle tri, isect_sphere_sweep_triangle_result *out);
typedef bool isect_sphere_sweep_triangle_fn(isect_moving_sphere, isect_triangle, isect_sphere_sweep_triangle_result *);

/* sphere_sweep_plane: against the closed, two-sided plane (isect_plane:
 * point, non-zero normal). */
typedef struct {
    bool hit;
    float t;
} isect_sphere_sweep_plane_result;
bool isect_sphere_sweep_plane(isect_moving_sphere s, isect_plane plane, isect_sphere_sweep_plane_result *out);
typedef bool isect_sphere_sweep_plane_fn(isect_moving_sphere, isect_plane, isect_sphere_sweep_plane_result *);

/* aabb_sweep_aabb (docs/queries/aabb_sweep_aabb.md): two closed boxes, each
 * moving by its own velocity (displacement over t in [0, 1]); the earliest t
 * at which they touch, 0 when they overlap at the start.  Exact hit flag;
 * invalid input (non-finite, min > max) is a miss. */
typedef struct {
    isect_aabb box;
    isect_vec3 velocity;
} isect_moving_aabb;
typedef struct {
    bool hit;
    float t;
} isect_aabb_sweep_aabb_result;
bool isect_aabb_sweep_aabb(isect_moving_aabb a, isect_moving_aabb b, isect_aabb_sweep_aabb_result *out);
typedef bool isect_aabb_sweep_aabb_fn(isect_moving_aabb, isect_moving_aabb, isect_aabb_sweep_aabb_result *);

/* ---- static overlaps ----------------------------------------------------- */

/* Static overlaps (docs/queries/NAME.md).  Every shape is closed: touching
 * overlaps.  A degenerate triangle is the convex hull of its vertices.
 * Invalid input (non-finite values, negative radius or half extent,
 * min > max, zero plane normal) is a miss with every output zero. */
typedef struct {
    bool hit;
} isect_overlap_result;

/* sphere_sphere: the closed balls share a point (radius 0: a point). */
typedef isect_overlap_result isect_sphere_sphere_result;
bool isect_sphere_sphere(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out);
typedef bool isect_sphere_sphere_fn(isect_sphere, isect_sphere, isect_sphere_sphere_result *);

/* aabb_aabb: the closed boxes share a point (flat boxes are valid). */
typedef isect_overlap_result isect_aabb_aabb_result;
bool isect_aabb_aabb(isect_aabb a, isect_aabb b, isect_aabb_aabb_result *out);
typedef bool isect_aabb_aabb_fn(isect_aabb, isect_aabb, isect_aabb_aabb_result *);

/* sphere_aabb: the closed ball and the closed box share a point. */
typedef isect_overlap_result isect_sphere_aabb_result;
bool isect_sphere_aabb(isect_sphere s, isect_aabb b, isect_sphere_aabb_result *out);
typedef bool isect_sphere_aabb_fn(isect_sphere, isect_aabb, isect_sphere_aabb_result *);

/* point_in_triangle: p in the closed triangle; off its plane is outside.
 * Exact: a hit iff p is exactly a point of the triangle (a point computed
 * near it is a miss unless exactly on it; docs/queries/point_in_triangle.md). */
typedef isect_overlap_result isect_point_in_triangle_result;
bool isect_point_in_triangle(isect_vec3 p, isect_triangle tri, isect_point_in_triangle_result *out);
typedef bool isect_point_in_triangle_fn(isect_vec3, isect_triangle, isect_point_in_triangle_result *);

/* sphere_triangle: the closed ball and the closed triangle share a point.
 * Output: the closest point of the triangle to the centre and the squared
 * distance from the centre to it (the penetration is radius - sqrt(dist2)). */
typedef struct {
    bool hit;
    isect_vec3 point;
    float dist2;
} isect_sphere_triangle_result;
bool isect_sphere_triangle(isect_sphere s, isect_triangle tri, isect_sphere_triangle_result *out);
typedef bool isect_sphere_triangle_fn(isect_sphere, isect_triangle, isect_sphere_triangle_result *);

/* Side of a plane (isect_plane: point, non-zero normal): front is the side
 * the normal points to; a shape touching the plane straddles it. */
typedef enum { ISECT_BACK = -1, ISECT_STRADDLING = 0, ISECT_FRONT = 1 } isect_side;
typedef struct {
    isect_side side;
} isect_side_result;

/* sphere_plane: the side of the closed ball; returns true when it straddles
 * (touches or crosses) the plane.  Invalid input: false, side 0. */
typedef isect_side_result isect_sphere_plane_result;
bool isect_sphere_plane(isect_sphere s, isect_plane plane, isect_sphere_plane_result *out);
typedef bool isect_sphere_plane_fn(isect_sphere, isect_plane, isect_sphere_plane_result *);

/* aabb_plane: the side of the closed box, as sphere_plane. */
typedef isect_side_result isect_aabb_plane_result;
bool isect_aabb_plane(isect_aabb b, isect_plane plane, isect_aabb_plane_result *out);
typedef bool isect_aabb_plane_fn(isect_aabb, isect_plane, isect_aabb_plane_result *);

/* obb_obb: the closed boxes (isect_obb: center + sum s_i axis[i],
 * |s_i| <= half_i, axes as given) share a point.  Parallel or zero axes
 * and zero half extents give flat boxes, which are valid. */
typedef isect_overlap_result isect_obb_obb_result;
bool isect_obb_obb(isect_obb a, isect_obb b, isect_obb_obb_result *out);
typedef bool isect_obb_obb_fn(isect_obb, isect_obb, isect_obb_obb_result *);

/* sphere_obb: the closed ball and the closed box (isect_obb, axes as given)
 * share a point. */
typedef isect_overlap_result isect_sphere_obb_result;
bool isect_sphere_obb(isect_sphere s, isect_obb box, isect_sphere_obb_result *out);
typedef bool isect_sphere_obb_fn(isect_sphere, isect_obb, isect_sphere_obb_result *);

/* capsule_capsule: the capsules (points within radius of the closed segment
 * p0 p1; a ball when p0 == p1) share a point. */
typedef isect_overlap_result isect_capsule_capsule_result;
bool isect_capsule_capsule(isect_capsule a, isect_capsule b, isect_capsule_capsule_result *out);
typedef bool isect_capsule_capsule_fn(isect_capsule, isect_capsule, isect_capsule_capsule_result *);

/* aabb_triangle: the closed box and the closed triangle share a point. */
typedef isect_overlap_result isect_aabb_triangle_result;
bool isect_aabb_triangle(isect_aabb b, isect_triangle tri, isect_aabb_triangle_result *out);
typedef bool isect_aabb_triangle_fn(isect_aabb, isect_triangle, isect_aabb_triangle_result *);

/* triangle_triangle: the closed triangles share a point (coplanar ones
 * included). */
typedef isect_overlap_result isect_triangle_triangle_result;
bool isect_triangle_triangle(isect_triangle a, isect_triangle b, isect_triangle_triangle_result *out);
typedef bool isect_triangle_triangle_fn(isect_triangle, isect_triangle, isect_triangle_triangle_result *);

/* ---- continuous collision (binary64) ------------------------------------ */

/* The vertex-face and edge-edge continuous collision queries take binary64
 * inputs (docs/queries/vertex_face_ccd.md).  A frame holds the four vertices
 * at one time: p a b c (the point and the triangle) for vertex_face_ccd,
 * a b c d (the segments ab and cd) for edge_edge_ccd; every vertex moves
 * linearly from its position in t0 (t = 0) to its position in t1 (t = 1).
 * Conservative, like Tight-Inclusion: a miss only where the exact answer is
 * a miss (never a false negative, on every finite input); a hit may be
 * reported where the shapes come very close without touching.  t is never
 * later than the exact earliest contact, and earlier by at most 2^-30
 * (docs/queries/vertex_face_ccd.md).  Non-finite input: a miss. */
typedef struct {
    double x, y, z;
} isect_dvec3;

typedef struct {
    isect_dvec3 v[4];
} isect_ccd_frame;

typedef struct {
    bool hit;
    double t;
} isect_ccd_result;

/* vertex_face_ccd: the point meets the closed triangle. */
typedef isect_ccd_result isect_vertex_face_ccd_result;
bool isect_vertex_face_ccd(isect_ccd_frame t0, isect_ccd_frame t1, isect_vertex_face_ccd_result *out);
typedef bool isect_vertex_face_ccd_fn(isect_ccd_frame, isect_ccd_frame, isect_vertex_face_ccd_result *);

/* edge_edge_ccd: the closed segments share a point. */
typedef isect_ccd_result isect_edge_edge_ccd_result;
bool isect_edge_edge_ccd(isect_ccd_frame t0, isect_ccd_frame t1, isect_edge_edge_ccd_result *out);
typedef bool isect_edge_edge_ccd_fn(isect_ccd_frame, isect_ccd_frame, isect_edge_edge_ccd_result *);

#ifdef __cplusplus
}
#endif

#endif
