/* ref/isect_ref.h: libisect_ref, the exact reference of every isect query.
 * The only public header of libisect_ref: it needs no other header of ref,
 * and everything it declares is prefixed (isect_, ref_, REF_).
 *
 * Each query NAME has
 *   int  ref_NAME(const double *in, double *out);
 *   void ref_NAME_encl(const isect_iv *in, isect_iv *out);
 * `in` holds the query's input fields in the order listed below, flattened
 * (a field p[3] is p.x p.y p.z); `out` its outputs in the order listed, a
 * boolean as 0 or 1.  The queries, their inputs -> outputs (with the number
 * of values of each array):
 *
 *   rays (a ray is origin + t dir, t in [0, tmax]; tmax may be +inf; t is in
 *   units of dir; origin inside a solid gives t = 0):
 *   ray_triangle   origin[3] dir[3] tmax v0[3] v1[3] v2[3]           (16) -> hit t u v  (4)
 *                  point = (1-u-v) v0 + u v1 + v v2; a zero-area triangle
 *                  or a ray parallel to its plane is a miss
 *   ray_plane      origin[3] dir[3] tmax point[3] normal[3]          (13) -> hit t  (2)
 *                  origin in the plane: t = 0
 *   ray_sphere     origin[3] dir[3] tmax center[3] radius            (11) -> hit t  (2)
 *   ray_aabb       origin[3] dir[3] tmax min[3] max[3]               (13) -> hit t  (2)
 *   ray_cylinder   origin[3] dir[3] tmax p0[3] p1[3] radius          (14) -> hit t  (2)
 *                  solid capped cylinder of axis p0 p1
 *   ray_capsule    origin[3] dir[3] tmax p0[3] p1[3] radius          (14) -> hit t  (2)
 *   ray_obb        origin[3] dir[3] tmax center[3] axis0[3] axis1[3] axis2[3] half[3]
 *                                                                    (22) -> hit t  (2)
 *                  the parallelepiped center + sum s_i axis_i, |s_i| <= half_i
 *
 *   swept spheres (the centre moves from center to center + velocity over
 *   t in [0, 1]; t is the first contact, 0 when they overlap at t = 0;
 *   point[3] is the contact point on the obstacle):
 *   sphere_sweep_point     center[3] velocity[3] radius p[3]               (10) -> hit t  (2)
 *   sphere_sweep_sphere    c0[3] velocity0[3] r0 c1[3] velocity1[3] r1                (14) -> hit t  (2)
 *   sphere_sweep_segment   center[3] velocity[3] radius p0[3] p1[3]        (13) -> hit t point[3]  (5)
 *   sphere_sweep_triangle  center[3] velocity[3] radius v0[3] v1[3] v2[3]  (16) -> hit t point[3]  (5)
 *   sphere_sweep_plane     center[3] velocity[3] radius point[3] normal[3] (13) -> hit t  (2)
 *   aabb_sweep_aabb        min0[3] max0[3] velocity0[3] min1[3] max1[3] velocity1[3]
 *                                                                   (18) -> hit t  (2)
 *                          two boxes, each moving by its own velocity
 *
 *   continuous collision (binary64 inputs; every vertex moves linearly from
 *   its t = 0 position, suffix 0, to its t = 1 position, suffix 1; t is the
 *   earliest contact in [0, 1]; degenerate motions are defined):
 *   vertex_face_ccd  p0[3] a0[3] b0[3] c0[3] p1[3] a1[3] b1[3] c1[3]  (24) -> hit t  (2)
 *                    the point p on the closed triangle abc
 *   edge_edge_ccd    a0[3] b0[3] c0[3] d0[3] a1[3] b1[3] c1[3] d1[3]  (24) -> hit t  (2)
 *                    the closed segments ab and cd share a point
 *
 *   static overlaps (closed sets: touching counts):
 *   sphere_sphere      c0[3] r0 c1[3] r1                        (8) -> hit  (1)
 *   aabb_aabb          min0[3] max0[3] min1[3] max1[3]         (12) -> hit  (1)
 *   sphere_aabb        center[3] radius min[3] max[3]          (10) -> hit  (1)
 *   point_in_triangle  p[3] v0[3] v1[3] v2[3]                  (12) -> hit  (1)
 *   sphere_triangle    center[3] radius v0[3] v1[3] v2[3]      (13) -> hit point[3] dist2  (5)
 *                      point: the closest point of the triangle to center;
 *                      dist2: its squared distance
 *   sphere_plane       center[3] radius point[3] normal[3]     (10) -> side  (1)
 *   aabb_plane         min[3] max[3] point[3] normal[3]        (12) -> side  (1)
 *                      side: -1 back, 0 straddling or touching, 1 on the normal's side
 *   obb_obb            center0[3] axis00[3] axis01[3] axis02[3] half0[3]
 *                      center1[3] axis10[3] axis11[3] axis12[3] half1[3]  (30) -> hit  (1)
 *   sphere_obb         center[3] radius box_center[3] axis0[3] axis1[3] axis2[3] half[3]
 *                                                              (19) -> hit  (1)
 *   capsule_capsule    p0[3] p1[3] r0 q0[3] q1[3] r1           (14) -> hit  (1)
 *   aabb_triangle      min[3] max[3] v0[3] v1[3] v2[3]         (15) -> hit  (1)
 *   triangle_triangle  a0[3] a1[3] a2[3] b0[3] b1[3] b2[3]     (18) -> hit  (1)
 *
 * A degenerate triangle (in sweeps and overlaps) is the hull of its
 * vertices.  The contracts in full are in docs/semantics.md and
 * docs/queries/NAME.md; oracle/catalog.c holds the same table for the tools.
 *
 * ref_NAME treats every input as the exact rational it denotes, decides every
 * boolean exactly and returns each numeric output correctly rounded to double
 * (nearest, ties to even).  It returns REF_OK, or REF_INVALID for input outside
 * the query's domain (non-finite values, negative radii or tmax, ...), in which
 * case out is all zeros.  On a miss every numeric output is 0.
 *
 * ref_NAME_encl is the certified companion the judge uses: given a box of
 * inputs (one interval per input value), it writes for each output an interval
 * that contains ref_NAME's exact output at every valid input point of the
 * box (booleans as [0,0], [1,1] or [0,1]); a numeric output's interval need
 * only hold its value at the points where the answer is a hit.  It is
 * computed with outward-rounded interval arithmetic, so it needs no GMP.
 */
#ifndef ISECT_REF_H
#define ISECT_REF_H

#include <stdbool.h>

/* ---- intervals ------------------------------------------------------------ */

/* A closed interval [lo, hi] of reals.  An interval with a NaN endpoint means
 * "nothing is known" (every real). */
typedef struct {
    double lo, hi;
} isect_iv;

/* [x - r, x + r] rounded outward (r >= 0): a box of inputs around a point. */
isect_iv isect_iv_around(double x, double r);
/* Does e hold x?  True when e has a NaN endpoint. */
bool isect_iv_contains(isect_iv e, double x);
/* Does e have a NaN endpoint (nothing known)? */
bool isect_iv_has_nan(isect_iv e);

/* ---- status, filter, statistics ------------------------------------------- */

enum { REF_OK = 0, REF_INVALID = 1 };

/* The floating-point filters in front of the exact paths can be switched off,
 * so that tests can compare the two on the same inputs.  On by default. */
void ref_set_filter(int on);
int ref_filter_enabled(void);

/* Counters for the bench: how many ref calls a filter answered, and how many
 * needed the exact path.  Not thread-safe; informational only. */
typedef struct {
    unsigned long long filtered, exact;
} ref_stats_t;
extern ref_stats_t ref_stats;

/* ---- queries -------------------------------------------------------------- */

int ref_ray_triangle(const double *in, double *out);
void ref_ray_triangle_encl(const isect_iv *in, isect_iv *out);

/* ---- rays against solids ------------------------------------------------ */
int ref_ray_plane(const double *in, double *out);
void ref_ray_plane_encl(const isect_iv *in, isect_iv *out);
int ref_ray_sphere(const double *in, double *out);
void ref_ray_sphere_encl(const isect_iv *in, isect_iv *out);
int ref_ray_aabb(const double *in, double *out);
void ref_ray_aabb_encl(const isect_iv *in, isect_iv *out);
int ref_ray_obb(const double *in, double *out);
void ref_ray_obb_encl(const isect_iv *in, isect_iv *out);
int ref_ray_capsule(const double *in, double *out);
void ref_ray_capsule_encl(const isect_iv *in, isect_iv *out);
int ref_ray_cylinder(const double *in, double *out);
void ref_ray_cylinder_encl(const isect_iv *in, isect_iv *out);

/* ---- swept spheres ------------------------------------------------------- */
/* The sweeps also name the feature of the exact first contact ("start",
 * "face", "edge", "vertex", "plane", "miss"; "invalid") for reports. */
int ref_sphere_sweep_point(const double *in, double *out);
void ref_sphere_sweep_point_encl(const isect_iv *in, isect_iv *out);
const char *ref_sphere_sweep_point_feature(const double *in);
int ref_sphere_sweep_sphere(const double *in, double *out);
void ref_sphere_sweep_sphere_encl(const isect_iv *in, isect_iv *out);
const char *ref_sphere_sweep_sphere_feature(const double *in);
int ref_sphere_sweep_segment(const double *in, double *out);
void ref_sphere_sweep_segment_encl(const isect_iv *in, isect_iv *out);
const char *ref_sphere_sweep_segment_feature(const double *in);
int ref_sphere_sweep_triangle(const double *in, double *out);
void ref_sphere_sweep_triangle_encl(const isect_iv *in, isect_iv *out);
const char *ref_sphere_sweep_triangle_feature(const double *in);
int ref_sphere_sweep_plane(const double *in, double *out);
void ref_sphere_sweep_plane_encl(const isect_iv *in, isect_iv *out);
const char *ref_sphere_sweep_plane_feature(const double *in);
int ref_aabb_sweep_aabb(const double *in, double *out);
void ref_aabb_sweep_aabb_encl(const isect_iv *in, isect_iv *out);
const char *ref_aabb_sweep_aabb_feature(const double *in);

/* ---- continuous collision ------------------------------------------------ */
int ref_vertex_face_ccd(const double *in, double *out);
void ref_vertex_face_ccd_encl(const isect_iv *in, isect_iv *out);
int ref_edge_edge_ccd(const double *in, double *out);
void ref_edge_edge_ccd_encl(const isect_iv *in, isect_iv *out);
/* A certified lower bound of the least Euclidean distance between the point
 * and the triangle (the two segments) over t in [t0, t1], for a finite
 * input: refined by bisection of [t0, t1] until it exceeds `stop` (then the
 * distance certainly does), or a depth or budget limit (then it may be
 * loose).  The judge's one-sided contract uses it (docs/judge.md). */
double ref_vertex_face_ccd_min_dist(const double *in, double t0, double t1, double stop);
double ref_edge_edge_ccd_min_dist(const double *in, double t0, double t1, double stop);

/* ---- static overlaps ----------------------------------------------------- */
int ref_sphere_sphere(const double *in, double *out);
void ref_sphere_sphere_encl(const isect_iv *in, isect_iv *out);
int ref_aabb_aabb(const double *in, double *out);
void ref_aabb_aabb_encl(const isect_iv *in, isect_iv *out);
int ref_sphere_aabb(const double *in, double *out);
void ref_sphere_aabb_encl(const isect_iv *in, isect_iv *out);
int ref_point_in_triangle(const double *in, double *out);
void ref_point_in_triangle_encl(const isect_iv *in, isect_iv *out);
/* Its degenerate set D (docs/judge.md, "Inputs on a degenerate set"): p
 * exactly in the plane of a triangle whose v1 - v0 and v2 - v0 are linearly
 * independent.  _on_set decides exactly whether in lies on D; _set_encl
 * encloses the exact outputs at every point of the box that lies on D (it
 * may say anything about points of the box off D). */
int ref_point_in_triangle_on_set(const double *in);
void ref_point_in_triangle_set_encl(const isect_iv *in, isect_iv *out);
int ref_sphere_triangle(const double *in, double *out);
void ref_sphere_triangle_encl(const isect_iv *in, isect_iv *out);
/* The feature of the closest point ("face", "edge", "vertex"; "miss" when
 * ref_out says so; "invalid"), given ref_sphere_triangle's answer ref_out. */
const char *ref_sphere_triangle_feature(const double *in, const double *ref_out);
int ref_sphere_plane(const double *in, double *out);
void ref_sphere_plane_encl(const isect_iv *in, isect_iv *out);
int ref_aabb_plane(const double *in, double *out);
void ref_aabb_plane_encl(const isect_iv *in, isect_iv *out);
int ref_obb_obb(const double *in, double *out);
void ref_obb_obb_encl(const isect_iv *in, isect_iv *out);
int ref_sphere_obb(const double *in, double *out);
void ref_sphere_obb_encl(const isect_iv *in, isect_iv *out);
int ref_capsule_capsule(const double *in, double *out);
void ref_capsule_capsule_encl(const isect_iv *in, isect_iv *out);
int ref_aabb_triangle(const double *in, double *out);
void ref_aabb_triangle_encl(const isect_iv *in, isect_iv *out);
int ref_triangle_triangle(const double *in, double *out);
void ref_triangle_triangle_encl(const isect_iv *in, isect_iv *out);

#endif
