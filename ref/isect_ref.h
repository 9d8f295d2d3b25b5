/* ref/isect_ref.h: libisect_ref, the exact reference of every isect query.
 *
 * Each query NAME has
 *   int  ref_NAME(const double *in, double *out);
 *   void ref_NAME_encl(const iv *in, iv *out);
 * `in` holds the query's input fields in catalog order, flattened (for
 * ray_triangle: origin[3] dir[3] tmax v0[3] v1[3] v2[3], 16 values); `out` its
 * outputs in catalog order (for ray_triangle: hit t u v), a boolean as 0 or 1.
 * `oracle/catalog.c` is the table of fields and outputs.
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
 * only hold its value at the points where the answer is a hit.  It is computed with outward-rounded
 * interval arithmetic (interval.h), so it needs no GMP.
 */
#ifndef ISECT_REF_H
#define ISECT_REF_H

#include "exact.h"
#include "interval.h"

enum { REF_OK = 0, REF_INVALID = 1 };

int ref_ray_triangle(const double *in, double *out);
void ref_ray_triangle_encl(const iv *in, iv *out);

/* ---- rays against solids ------------------------------------------------ */
int ref_ray_plane(const double *in, double *out);
void ref_ray_plane_encl(const iv *in, iv *out);
int ref_ray_sphere(const double *in, double *out);
void ref_ray_sphere_encl(const iv *in, iv *out);
int ref_ray_aabb(const double *in, double *out);
void ref_ray_aabb_encl(const iv *in, iv *out);
int ref_ray_obb(const double *in, double *out);
void ref_ray_obb_encl(const iv *in, iv *out);
int ref_ray_capsule(const double *in, double *out);
void ref_ray_capsule_encl(const iv *in, iv *out);
int ref_ray_cylinder(const double *in, double *out);
void ref_ray_cylinder_encl(const iv *in, iv *out);

/* ---- swept spheres ------------------------------------------------------- */
/* The sweeps also name the feature of the exact first contact ("start",
 * "face", "edge", "vertex", "plane", "miss"; "invalid") for reports. */
int ref_sphere_sweep_point(const double *in, double *out);
void ref_sphere_sweep_point_encl(const iv *in, iv *out);
const char *ref_sphere_sweep_point_feature(const double *in);
int ref_sphere_sweep_segment(const double *in, double *out);
void ref_sphere_sweep_segment_encl(const iv *in, iv *out);
const char *ref_sphere_sweep_segment_feature(const double *in);
int ref_sphere_sweep_triangle(const double *in, double *out);
void ref_sphere_sweep_triangle_encl(const iv *in, iv *out);
const char *ref_sphere_sweep_triangle_feature(const double *in);
int ref_sphere_sweep_plane(const double *in, double *out);
void ref_sphere_sweep_plane_encl(const iv *in, iv *out);
const char *ref_sphere_sweep_plane_feature(const double *in);

/* ---- static overlaps ----------------------------------------------------- */
int ref_sphere_sphere(const double *in, double *out);
void ref_sphere_sphere_encl(const iv *in, iv *out);
int ref_aabb_aabb(const double *in, double *out);
void ref_aabb_aabb_encl(const iv *in, iv *out);
int ref_sphere_aabb(const double *in, double *out);
void ref_sphere_aabb_encl(const iv *in, iv *out);
int ref_point_in_triangle(const double *in, double *out);
void ref_point_in_triangle_encl(const iv *in, iv *out);
int ref_sphere_triangle(const double *in, double *out);
void ref_sphere_triangle_encl(const iv *in, iv *out);
const char *ref_sphere_triangle_feature(const double *in, const double *ref_out);
int ref_sphere_plane(const double *in, double *out);
void ref_sphere_plane_encl(const iv *in, iv *out);
int ref_aabb_plane(const double *in, double *out);
void ref_aabb_plane_encl(const iv *in, iv *out);
int ref_obb_obb(const double *in, double *out);
void ref_obb_obb_encl(const iv *in, iv *out);
int ref_sphere_obb(const double *in, double *out);
void ref_sphere_obb_encl(const iv *in, iv *out);
int ref_capsule_capsule(const double *in, double *out);
void ref_capsule_capsule_encl(const iv *in, iv *out);
int ref_aabb_triangle(const double *in, double *out);
void ref_aabb_triangle_encl(const iv *in, iv *out);
int ref_triangle_triangle(const double *in, double *out);
void ref_triangle_triangle_encl(const iv *in, iv *out);

#endif
