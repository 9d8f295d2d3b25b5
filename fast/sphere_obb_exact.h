/* fast/sphere_obb_exact.h: the functions shared by sphere_obb's stages
 * (fast/sphere_obb.c, sphere_obb_filter.c, sphere_obb_exact.c), internal
 * to libisect.
 *
 * Notation of docs/queries/sphere_obb.md, "Exact": w = center - box_center,
 * u_i = h_i a_i (h = half, a = the axes as given), sg[i] in {-1, 0, 1}.
 * Each function answers one of the features' questions exactly, for every
 * finite valid binary32 input (ref's answer).
 */
#ifndef ISECT_SPHERE_OBB_EXACT_H
#define ISECT_SPHERE_OBB_EXACT_H

#include <stdbool.h>

#include "fast_exact.h"
#include "fast_vec3.h"

/* fast/sphere_obb.c: the certificates at the point box_center + sum t_i a_i
 * (|t_i| <= h_i, any binary64 t_i): 1 hit, 0 miss, -1 undecided. */
int sobb_certify_at(fv_d3 w, const fv_d3 *a, const double *h, const double *t, double RR);

/* fast/sphere_obb_filter.c: stages 2 and 3, ref's answer. */
bool sobb_undecided(isect_sphere s, isect_obb box);

/* fast/sphere_obb_exact.c: */

/* The centre in the box by Cramer's rule: det(a) != 0 and
 * |w.(a_j x a_k)| <= h_i |det(a)| for the three i (with a zero h_i, w in
 * the flat box, also a hit). */
bool sobb_inside_exact(isect_sphere s, isect_obb box);

/* The vertex w - sum_i sg[i] u_i (sg[i] = +-1) within the radius:
 * |w - sum sg_i u_i|^2 <= r^2. */
bool sobb_vertex_exact(isect_sphere s, isect_obb box, const int *sg);

/* The groups of a feature's tests, for need: the groups not in need are
 * known to be true (the binary64 filter certified them). */
enum { SOBB_FOOT = 1, SOBB_LINE = 2, SOBB_IN_A = 1, SOBB_IN_B = 2, SOBB_PLANE = 4 };

/* The edge q + t u_k, |t| <= 1, q = w - sum_{i != k} sg[i] u_i (sg[k] = 0),
 * h_k > 0 and a_k != 0: its foot strictly inside, |a_k.q| < h_k a_k.a_k
 * (SOBB_FOOT), and the line within the radius, |q x a_k|^2 <= r^2 a_k.a_k
 * (SOBB_LINE). */
bool sobb_edge_exact(isect_sphere s, isect_obb box, const int *sg, int k, int need);

/* The face +-u_i + a u_j + b u_k (sg = +-1, j = i + 1, k = i + 2 mod 3)
 * with h_j, h_k > 0 and m = a_j x a_k != 0: the projection of
 * d = w - sg u_i on the face's plane in the face, |d.(a_k x m)| <= h_j m.m
 * (SOBB_IN_A) and |d.(m x a_j)| <= h_k m.m (SOBB_IN_B), and the plane
 * within the radius, (m.d)^2 <= r^2 m.m (SOBB_PLANE). */
bool sobb_face_exact(isect_sphere s, isect_obb box, int i, int sg, int need);

/* The sign of x^2 - y for values x (a multiple of 2^-596 below 2^517 in
 * magnitude) and y (0 <= y < 2^772, a multiple of 2^-894), exactly: the
 * plane test's degree-8 comparison, whose terms span more than binary64's
 * exponent range (docs/queries/sphere_obb.md, "Exact"). */
int sobb_sq_minus_sign(const fe *x, const fe *y);

#endif
