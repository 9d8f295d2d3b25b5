/* fast/fast_sweep.h: the features of the sweep queries (binary32 in and out),
 * shared by fast/sphere_sweep_{segment,triangle}.c (internal to libisect);
 * sphere_sweep_point, _sphere and _plane no longer use this frame: their
 * hit flags are exact (fsw_pair below, fast/sphere_sweep_plane.c).
 *
 * Every query first rescales its positions (centre, velocity, radius, the
 * points of the set) by one power of two 2^-e so that the largest magnitude
 * is in [1/2, 1), which is exact (below 2^-149 of the scale, subnormal
 * rounding loses nothing that matters), then translates the set so that the
 * sphere starts at the origin: every later quantity is at most a small
 * multiple of 1 and no product can overflow.
 *
 * In that frame the sphere is centred at t v.  Each feature (vertex, edge,
 * face) gives the time the sphere starts touching it, from the quadratic
 * a t^2 + 2 b t + c = 0 of ref (ref/sphere_sweep_impl.h), its discriminant
 * in Lagrange form (no b^2 - a c cancellation) and the stable root pair
 * (-b - sqrt(D)) / a or c / (-b + sqrt(D)); a feature is a candidate only
 * when c > 0, a > 0, b < 0, D >= 0 and t <= 1, so a = 0 (motion parallel
 * to an edge, zero velocity) never divides by zero and a near-zero a gives
 * t >> 1 unless the sphere really grazes.  The earliest candidate wins.
 *
 * Precision: the interface and the frame (scaling, translation) are
 * binary32; the features, the start tests and the closest point on a
 * triangle are binary64 computed from the binary32 frame values, where the
 * product of two binary32 values is exact, so every cross-product component
 * is its exact value rounded once.  In binary32 these quantities are
 * rounding noise near degeneracy (thin triangles, a centre near an edge's
 * line, a centre far from the plane, a start touching a vertex with a
 * tangential motion) and give answers no small perturbation explains: the
 * fuzzer found each case; they are the regress_*.case files of
 * corpus/sphere_sweep_triangle/ and corpus/sphere_sweep_point/.  The error
 * analysis is in docs/queries/sphere_sweep_triangle.md.
 */
#ifndef ISECT_FAST_SWEEP_H
#define ISECT_FAST_SWEEP_H

#include "fast_vec3.h"

enum { FSW_MISS, FSW_START, FSW_FACE, FSW_EDGE, FSW_VERTEX };

/* The moving sphere in the scaled, translated frame. */
typedef struct {
    int e;         /* positions were scaled by 2^-e */
    isect_vec3 c;  /* the scaled centre (the frame's origin) */
    isect_vec3 v;  /* scaled velocity */
    float r;       /* scaled radius */
} fsw_ball;

typedef struct {
    int kind;
    float t;
    isect_vec3 p; /* contact point in the frame */
} fsw_contact;

/* The frame (ssc_setup), the edge and vertex features (ssc_edge,
 * ssc_vertex), the start tests and the triangle's closest point are in
 * fast/sphere_sweep_common.h; the face is in fast/sphere_sweep_triangle.c.
 * A feature offers its candidate to the best contact (kept when strictly
 * earlier).  When an edge offers one, the sphere meets the edge's line
 * first at a point of the edge, no later than at either end (both on that
 * line), so the ends need no root of their own.  A face candidate (the
 * centre projects into the triangle when the sphere reaches the plane) is
 * the first contact, every other feature lying in the plane; a centre that
 * stays farther than r from the plane over [0, 1] reaches no point of the
 * triangle.  These are exact-arithmetic facts; in floating point they
 * differ from computing every feature only where two features' times or a
 * time and 1 agree to rounding (within the declared tolerance). */

/* A frame point back in world coordinates (finite). */
isect_vec3 fsw_world(const fsw_ball *b, isect_vec3 p);

/* The relative motion of two moving spheres (sphere_sweep_point: the point
 * as a sphere of radius 0 at rest), decided exactly: 0 miss, 1 touching at
 * t = 0, 2 first contact at *t in (0, 1] (*t = 0 unless 2).
 * fast/sphere_sweep_point.c; the inputs are valid (finite, radii >= 0). */
int fsw_pair(isect_moving_sphere s0, isect_moving_sphere s1, double *t);

#endif
