/* oracle/q_sphere_sweep_mutate.h, .c: structure-aware mutations of the sweep
 * queries (the `mutate` hooks of oracle/q_sphere_sweep_*.c).
 *
 * Every sweep starts with center[3] velocity[3] radius; the set follows
 * (a point, a segment's two points, a triangle's three, or a plane's point
 * and normal).  The generic mutator (fuzz/mutator.c) sees the velocity as a
 * point; these edits know what it is:
 *   - aim the path at a vertex, an edge point, a point just outside an edge
 *     or vertex, or the centroid, with an offset of about r, so that the
 *     sphere grazes or just reaches a feature, or its centre path meets the
 *     plane outside the triangle while the sphere hits an edge (Nettle's
 *     case);
 *   - an exact tangent graze of a vertex (the velocity perpendicular to an
 *     axis, the centre r away along that axis at mid-path: D = 0), a near
 *     tangent graze of an edge;
 *   - the velocity parallel to an edge, in the plane of the triangle, zero;
 *   - the radius to 0, halved many times, subnormal, or equal to the
 *     distance to a feature (touching at the start);
 *   - the centre and velocity mirrored through the triangle's plane (the
 *     same motion from behind).
 * Values are computed in binary64; the caller's mutator rounds them to
 * binary32.  Internal to the oracle; only the sweep rows include it.
 */
#ifndef ISECT_Q_SPHERE_SWEEP_MUTATE_H
#define ISECT_Q_SPHERE_SWEEP_MUTATE_H

/* One sweep edit of in (center[3] velocity[3] radius, then the set) drawn
 * with the random word.  npts: points of the set (1, 2 or 3); plane: the set
 * is a plane (point, normal).  Returns 1 when it edited in. */
int swm_mutate(double *in, unsigned long long word, int npts, int plane);

#endif
