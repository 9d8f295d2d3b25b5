/* fast/fast_bounds.h: the named error bounds, guards and ranges of
 * libisect, each with its derivation.  Internal to libisect.
 *
 * Notation: u = 2^-53 (binary64 unit roundoff), gamma_n = n u / (1 - n u),
 * the relative error bound of a product or sum through n roundings
 * (Higham, Accuracy and Stability of Numerical Algorithms, 3.1).  The
 * inputs are binary32, so the product of two of them is exact in binary64,
 * and no product of at most four binary32 magnitudes over- or underflows in
 * binary64 (2^-600 < |x| < 2^512).  The queries use a guard in one of two
 * ways: a separation (or an "inside") is reported only when the computed
 * margin exceeds the guard, which bounds the rounding of that margin; or a
 * certain sign is required before a fast formula is taken, else the query
 * falls back to a slower path that needs no certificate (the edges of a
 * face, exact expansions in fast/fast_exact.h).
 *
 * | name               | value       | used by                               |
 * |--------------------|-------------|---------------------------------------|
 * | FB_TRIPLE          | 2^-50       | fast_overlap.h, obb_obb.c             |
 * | FB_SUMSQ           | 2^-50       | fast_overlap.h                        |
 * | FB_SLAB            | 2^-50       | sphere_obb_filter.c (inside test)     |
 * | FB_COMFY_LO        | 2^-30       | fv_rescale_exp callers                |
 * | FB_COMFY_HI_SQ     | 2^60        | fast_overlap.h, sphere_triangle.c     |
 * | FB_CERT_SQ         | 2^-48       | the exact overlap queries (issue 14)  |
 * | FB_CERT_DOT        | 2^-50       | the exact overlap queries (issue 14)  |
 * | FB_CERT_TRIPLE     | 2^-49       | point_in_triangle.c, fast_tri_exact.h |
 * | FB_CERT_SQ32       | 2^-19       | sphere_sphere.c (binary32 stage)      |
 * | FB_CERT_DOT32      | 2^-20       | aabb_plane.c (binary32 stage)         |
 * | FB_RAY_END         | 2^-50       | ray_aabb.c                            |
 * | FB_RAY_DOT         | 2^-49       | ray_plane.c, ray_sphere.c             |
 * | FB_RAY_QUAD        | 2^-48       | ray_sphere.c                          |
 * | FB_RAY_TRI         | 2^-49       | ray_triangle.c                        |
 * | FB_CERT_SAT        | 2^-47       | aabb_triangle.c                       |
 * | FB_CAPSULE_GAP     | 2^-49       | capsule_capsule.c, sphere_triangle.c  |
 * | FB_CAPSULE_SQ      | 2^-46       | capsule_capsule, sphere_obb, sph._tri. |
 * | FB_OBB_CERT        | 2^-47       | obb_obb.c                             |
 * | FB_SPHERE_OBB_GAP  | 2^-48       | sphere_obb.c                          |
 * | FB_SWEEP_LIN       | 2^-49       | sphere_sweep_point.c (+sphere), plane |
 * | FB_SWEEP_QUAD      | 2^-47       | sphere_sweep_point.c (+sphere), plane |
 * | FB_RAY_CYL         | 2^-47       | fast_cyl.h (ray_cylinder, ray_capsule) |
 * | FB_ST_CERT         | 2^-47       | sphere_triangle.c (exact path)        |
 * | FB_ST_BRACKET      | 2^-48       | sphere_triangle.c (plane test)        |
 * | FB_RAY_OBB         | 2^-49       | ray_obb.c                             |
 * | FB_RAY_OBB_COARSE  | 2^-46       | ray_obb.c (first stage)               |
 * | FB_CERT_ORIENT2    | 2^-50       | point_in_triangle, tx_orient2         |
 * | FB_SOBB_POLY       | 2^-48       | sphere_obb_filter.c (feature filter) |
 * | FB_CAPSULE_BC      | 2^-49       | capsule_capsule.c (exact path stage)  |
 * | FB_RAY_SUM_CERT    | 2           | fast_ray.h (rays' exact stages)     |
 * | FB_RT_GRID_BITS    | 15          | ray_triangle.c (grid stage)           |
 * | FB_SWEEP_END       | 2^-49       | aabb_sweep_aabb.c                     |
 * | FB_CCD_POLY        | 2^-48       | ccd_bern.c (CCD polynomials, binary64) |
 * | FB_SOBB_GRAM(_REL) | 2^-45/2^-44 | sphere_obb.c (stage 0)               |
 * | FB_PIT_GRID_BITS   | 15          | point_in_triangle.c (stage 0: exact)  |
 * | FB_CC32_*          | 2^-11 ...   | capsule_capsule.c (binary32 stage)    |
 * | FB_SOBB_2ND(_*)    | 2^-46 ...   | sphere_obb.c (stage 0b, 2nd order)    |
 * | FB_RAY32_SLAB(_ABS) | 2^-20/2^-140 | ray_aabb.c (binary32 stage)         |
 * | FB_ST_OUT_*        | 2^-46/2^-22 | sphere_triangle.c (witness outputs)   |
 * | FB_SPHERE_PLANE_Q  | 2^-47       | sphere_plane.c (common path)          |
 * (the ray guards and the issue-14 certificates: their own sections at the
 * end; aabb_sweep_aabb.c has its own, FB_SWEEP_END; from FB_RAY_CYL on, the
 * sections are in fast/fast_bounds_stages.h, which this file includes)
 */
#ifndef ISECT_FAST_BOUNDS_H
#define ISECT_FAST_BOUNDS_H

/* FB_TRIPLE: the rounding of a triple product x.(y x z) in binary64,
 * relative to T = |x.x| (|y.y z.z| + |y.z z.y|) + ... (ov_abs_triple: the
 * same products and sums taken in magnitude, which bound every intermediate).
 * Each term passes through two roundings in the cross product (the product
 * y_j z_k, inexact when y or z is not binary32, and the difference) and
 * three in the dot product (the product and the two additions): the error
 * against the exact triple product of the computed operands is at most
 * gamma_5 T.  Where one factor is itself a rounded cross product of
 * binary32 vectors (the normal n = fl(ab x ac) of ov_closest_triangle, each
 * component one rounding of its exact value) the certificate holds for the
 * exact normal too: one more rounding, gamma_6 T < 6.0001 u T.  The computed
 * T (five roundings of non-negative terms) is at least (1 - u)^5 T, and the
 * product by 2^-50 = 8u is exact, so FB_TRIPLE fl(T) >= 8u (1 - 5u) T
 * exceeds gamma_6 T by about 2u T, which absorbs the one rounding of the
 * certificate's own sum |x.(y x z)| + FB_TRIPLE fl(T) (at most u (1 + 9u) T).
 * Users: ov_closest_triangle (the barycentrics vb = n.(ap x ac),
 * vc = n.(ab x ap)), sphere_obb's face2 (d.(v x n), d.(n x u)) and
 * flat_box2 (w.(n x u_k), u_j.(n x u_k)); docs/queries/sphere_triangle.md,
 * docs/queries/sphere_obb.md steps 4 and 5. */
#define FB_TRIPLE 0x1p-50

/* FB_SUMSQ: the rounding of a short sum of non-negative terms, used to
 * round a bound down (times 1 - FB_SUMSQ) or up (times 1 + FB_SUMSQ).  A
 * squared length n.n (three products, two additions) is within gamma_3 of
 * its exact value, and so is a sum of four non-negative terms (three
 * additions); the scaling by (1 -+ 2^-50) and its own rounding give
 * fl(fl(s) (1 - 8u)) <= fl(s) (1 - 8u)(1 + u) <= fl(s) / (1 + gamma_3) <= s
 * and fl(fl(s) (1 + 8u)) >= fl(s) (1 + 8u)(1 - u) >= fl(s) (1 + gamma_3) >= s:
 * a certified lower (upper) bound of the exact s.  Users:
 * ov_closest_triangle ((vb + vc + eb + ec) against n.n), sphere_obb's face2
 * (n.n rounded down) and flat_box2 (the zonotope's support, a sum of at
 * most two positive terms, rounded down). */
#define FB_SUMSQ 0x1p-50

/* FB_SLAB: the slab tests of sphere_obb's inside test
 * (sphere_obb_filter.c), |N_i| <= |D_i| with
 * N_i = w.n_i, D_i = h_i (a_i.n_i), n_i = fl(fl(a_j x a_k) * h_j h_k),
 * against their exact values for the exact w = center - box_center and
 * n_i = h_j h_k (a_j x a_k).  N_i: w one rounding (a binary64 difference of
 * binary32 values), n_i two (the cross product's difference of exact
 * products, then the product by h_j h_k, which is exact), the dot product
 * three: gamma_6 sum_l |w_l n_il|.  D_i: n_i two, the dot product with the
 * binary32 a_i three, the product by h_i one: gamma_6 h_i sum_l |a_il n_il|.
 * The bounds eN = FB_SLAB fl(sum_l |w_l n_il|) and
 * eD = fl(FB_SLAB h_i) fl(sum_l |a_il n_il|) lose at most four roundings of
 * non-negative terms, 8u (1 - 4u) > gamma_6 + 2u (1 + 9u): the margin
 * absorbs the rounding of |N_i| + eN and of |D_i| - eD.  When neither
 * "inside" nor "outside" is certain, exact Cramer signs decide
 * (docs/queries/sphere_obb.md, "Stage 2" and "Stage 3"). */
#define FB_SLAB 0x1p-50

/* The comfortable ranges of the power-of-two rescaling (fv_rescale_exp):
 * inside [FB_COMFY_LO, hi] the inputs are used as they are, outside they
 * are brought to [1/2, 1) (exact).
 * - FB_COMFY_HI_SQ (2^60) for the queries that sum squares of positions
 *   (sphere_sphere, sphere_aabb, point_in_triangle, sphere_triangle): a
 *   product or a sum of three squares of magnitudes <= 2^61 stays below
 *   3 * 2^122 < 2^128; and with magnitudes m >= 2^-30 an underflowed
 *   product errs by at most 2^-150 < (2^-44 m)^2, which a perturbation of
 *   the inputs by 2^-20 units of 2^-24 m absorbs
 *   (docs/queries/sphere_sphere.md).
 *   (sphere_plane and aabb_plane no longer rescale: their certificates,
 *   FB_CERT_DOT, work on the inputs as they are.) */
#define FB_COMFY_LO 0x1p-30f
#define FB_COMFY_HI_SQ 0x1p60f

/* ---- filtered exact overlap and side queries (issue 14) ----------------------
 * The static overlap and side queries give ref's exact answer: a plain
 * binary64 evaluation decides when its a-priori rounding bound certifies the
 * sign, otherwise the exact path (fe values, fast/fast_exact.h) decides.
 * Notation as above: u = 2^-53, gamma_n; the inputs are binary32, so a
 * binary64 difference of two of them rounds once (relative u), a product of
 * two is exact, and nothing over- or underflows (products of at most four
 * binary32 magnitudes, or squares of differences, lie in [2^-600, 2^520]
 * when not zero).
 *
 * FB_CERT_SQ (2^-48): the certificate of a comparison D <= R of two sums of
 * non-negative terms each computed with at most five roundings (a squared
 * difference and two additions: fl(fl(d_i)^2) summed; (r0 + r1)^2; r^2 n.n),
 * so that d <= D_exact (1 + gamma_5), d >= D_exact (1 - gamma_5), likewise
 * for R.  "D <= R" is certain when fl(d (1 + 2^-48)) <= r:
 * d (1 + 2^-48)(1 - u) >= d (1 + gamma_5)/(1 - gamma_5) (32u - u > 10.01u),
 * so D_exact <= d/(1 - gamma_5) <= r/(1 + gamma_5) <= R_exact.  "D > R" is
 * certain when d > fl(r (1 + 2^-48)), symmetrically.  In between, the exact
 * path decides.  Users: sphere_sphere, sphere_aabb, sphere_plane,
 * sphere_triangle, point/segment distances of capsule_capsule.
 *
 * FB_CERT_DOT (2^-50): the rounding of a dot product s = w.n of a binary64
 * difference of binary32 values w_i = fl(x_i - y_i) with binary32 n_i:
 * against the exact sum_i (x_i - y_i) n_i it errs by at most
 * gamma_4 sum_i |w_i n_i| (one rounding in w_i, one in the product, two in
 * the additions), and the computed A = fl(sum_i |w_i n_i|) is at least
 * (1 - gamma_3) of that sum, so delta = 2^-50 A (exact scaling) bounds the
 * error: 8u (1 - gamma_3) > gamma_4.  Users: sphere_plane, aabb_plane. */
#define FB_CERT_SQ 0x1p-48
#define FB_CERT_DOT 0x1p-50

/* FB_CERT_TRIPLE (2^-49): the rounding of the orientation x.(y x z) of
 * binary64 differences x, y, z of binary32 values (each coordinate one
 * rounding, relative u), against its exact value: each of the six terms
 * x_i y_j z_k is a product of three rounded coordinates (3u), the cross
 * product rounds twice more (product, difference) and the dot product three
 * times (product, two additions): at most gamma_8 T, T = sum of the terms'
 * magnitudes (ov_abs_triple).  The computed T (five roundings of
 * non-negative terms and three rounded factors) is at least (1 - gamma_8) T,
 * and 16u (1 - gamma_8) > gamma_8 (1 + u): |o| > 2^-49 fl(T) certifies the
 * sign of the exact orientation (the comparison's own product is exact).
 * Users: point_in_triangle (a point off the plane), fast_tri_exact.h's
 * tx_orient3 (triangle_triangle, aabb_triangle). */
#define FB_CERT_TRIPLE 0x1p-49

/* FB_CERT_SQ32 (2^-19) and FB_CERT_SQ32_MIN (2^-100): FB_CERT_SQ for the
 * same sums evaluated in binary32 (u32 = 2^-24), the first stage of
 * sphere_sphere, which costs what a textbook test costs.  Relative errors
 * as for FB_CERT_SQ with u32 (gamma_5 < 5.01 u32); in binary32 a square or
 * a sum may also underflow (absolute error below 2^-150 each, at most four
 * for d, two for r) or overflow.
 * - "D <= R" from fl(d (1 + 2^-19)) <= r with 2^-100 <= r <= FLT_MAX: d is
 *   finite, the absolute errors are below 2^-47 r, and
 *   32 u32 - u32 - 2^-23 u32 > 10.01 u32 as for FB_CERT_SQ.
 * - "D > R" from d > fl(fl(r (1 + 2^-19)) + 2^-100): then d >= 2^-100, so
 *   the absolute errors are below 2^-47 d and the relative argument holds;
 *   if d overflowed to inf, D exceeds FLT_MAX (1 - gamma_5) while R is at
 *   most (1 + gamma_3) FLT_MAX / (1 + 2^-19).  Invalid input (NaN, inf,
 *   a negative radius) never passes the hit certificate (its checks) and
 *   a miss is its answer anyway. */
#define FB_CERT_SQ32 0x1p-19f
#define FB_CERT_SQ32_MIN 0x1p-100f

/* FB_CERT_DOT32 (2^-20) and FB_CERT_DOT32_ABS (2^-140): FB_CERT_DOT for
 * the same dot product d = w.n evaluated in binary32 (u32 = 2^-24), the
 * first stage of aabb_plane.  w_i = fl(x_i - y_i) rounds relatively (or
 * overflows: then the bound below is inf or NaN and nothing is certified),
 * a product relatively or, underflowing, by at most 2^-150 absolutely, an
 * addition relatively (sums of subnormals are exact): |d - D| <=
 * gamma_4 sum_i |w_i n_i| + 3 2^-150, while the computed a =
 * fl(sum_i |w_i n_i|) >= (1 - gamma_3) sum_i |w_i n_i| - 3 2^-150.  So
 * |d| > fl(fl(2^-20 a) + 2^-140) certifies the sign of D: 16 u32 (1 -
 * gamma_3)(1 - u32)^2 > gamma_4 and 2^-140 (1 - u32) > 12 2^-150.  A finite
 * a proves w and n finite (0 inf is NaN). */
#define FB_CERT_DOT32 0x1p-20f
#define FB_CERT_DOT32_ABS 0x1p-140f

/* ---- the rays' filters ----------------------------------------------------
 * Each ray query decides its hit from the signs of a few polynomials in
 * the binary32 inputs; it evaluates them in binary64 and takes a sign only
 * when the value exceeds its guard, else the exact expansions of
 * fast/fast_exact.h decide (docs/queries/ray_*.md, "Exact hit").  u = 2^-53.
 *
 * FB_RAY_END: ray_aabb's slab ends E = fl(fl(p - q) fl(1/d)) are within
 * gamma_3 (relative) of their exact values, their signs exact.  An entry
 * (the largest lower end, or 0) lo and an exit (the smallest upper end, or
 * tmax, both exact) hi satisfy exact entry <= exact exit when
 * fl(lo (1 + 8u)) <= hi: fl(lo (1 + 8u)) >= lo (1 + 8u)(1 - u) >
 * lo (1 + gamma_3) / (1 - gamma_3) (about lo (1 + 6u)).  Symmetrically the
 * exit precedes the entry when fl(hi (1 + 8u)) < lo. */
#define FB_RAY_END 0x1p-50

/* FB_RAY_DOT: a dot product s = sum_i w_i n_i of three terms, each w_i
 * one rounding of an exact difference of binary32 values (or exact) and
 * n_i binary32, evaluated in binary64: each term passes through at most
 * two roundings (the difference, the product) and the two additions: the
 * error is at most gamma_4 M, M = sum_i |w_i n_i| (exact w_i).  The
 * computed fl(M) (three roundings, and the one of w_i) is at least
 * (1 - 4.01u) M, so g = FB_RAY_DOT fl(M) = 16u fl(M) > 15.9u M exceeds the
 * error by more than 11u M, which absorbs the rounding (at most
 * u (|s| + g) < 1.1u M) of the guarded values fl(|s| +- g) and of one
 * product by a binary64 value (tmax).  Users: ray_plane (num, den),
 * ray_sphere (b = v.d, a = d.d). */
#define FB_RAY_DOT 0x1p-49

/* FB_RAY_QUAD: ray_sphere's degree-four values, D = b^2 - a c (a = d.d,
 * b = v.d, c = v.v - r^2, v = o - center) and f(tmax) = c + 2 b tmax +
 * a tmax^2, and c itself.  c = fl(fl(v.v) - fl(r^2)), v rounded once:
 * within gamma_6 P (P = v.v + r^2).  With B = sum |v_i d_i| >= |b|, P = v.v + r^2 >= |c| and the
 * errors |db| <= gamma_4 B, |da| <= gamma_2 a, |dc| <= gamma_5 P: fl(b^2)
 * errs by at most (8.01u + u) B^2, fl(a c) by (5.01 + 2.01 + 1.01)u a P, and
 * the difference by u (B^2 + a P): |D - fl(D)| < 11u (B^2 + a P).  f(tmax)
 * (tmax exact): 2 b tmax errs by 5.01u (2 B tmax), a tmax^2 by 4.01u, c by
 * 5.01u P, the two sums by 2u: < 8u (P + 2 B tmax + a tmax^2).  The guard
 * 32u times the computed bound (within 1.1 of the exact one) leaves a
 * factor above 2, which absorbs the rounding of the comparisons. */
#define FB_RAY_QUAD 0x1p-48

/* FB_RAY_TRI (2^-49): ray_triangle's Moller-Trumbore values in binary64,
 * det = e1.(d x e2), U = s.(d x e2), V = d.(s x e1), T = e2.(s x e1),
 * W = det - U - V and R = tmax det - T, with e1 = fl(v1 - v0),
 * e2 = fl(v2 - v0), s = fl(o - v0) (one rounding each, relative u) and d
 * binary32.  A triple product x.(y x z) passes each of its six terms
 * x_i y_j z_k through the roundings of its rounded factors (two for det,
 * U and V; three for T), the cross product's product and difference, and
 * the dot product's product and at most two additions: det, U, V err by at
 * most gamma_7 P, T by
 * gamma_8 P, P the sum of the six terms' exact magnitudes, and
 * P <= N_x N_y N_z, N the exact 1-norms.  W = fl(fl(|det| - sU) - sV)
 * errs by at most (gamma_7 + 2.01u)(P_det + P_U + P_V) and
 * R = fl(fl(tmax |det|) - sT) by 10.1u (tmax P_det + P_T).  The guards are
 * 2^-49 times the computed products of computed 1-norms of the rounded
 * vectors (each norm at least (1 - u)^3 of the exact one, a product of
 * three at least (1 - u)^11 of N_x N_y N_z), summed (W, R: two more
 * roundings): at least 16u (1 - 13u) of the bound above, which exceeds
 * 10.1u.  So a computed value beyond its guard has the exact sign
 * (the comparison itself is exact).  Nothing over- or underflows: the
 * values are polynomials of degree <= 4 in binary32 values, between 2^-600
 * and 2^520 when not zero.  docs/queries/ray_triangle.md, "Exact hit". */
#define FB_RAY_TRI 0x1p-49

/* ---- certified separating axes (issue 14: aabb_triangle) --------------------
 * FB_CERT_SAT (2^-47 = 64u): the guard of aabb_triangle's filter, for the
 * separating-axis test on the exact axis (not only on the computed one, so
 * a certified answer is the exact one), with the box's centre c = fl(0.5 fl(lo + hi))
 * and half extents h = fl(0.5 fl(hi - lo)) (each within u M_i of the exact
 * ones, M_i the largest magnitude of coordinate i) and w_k = fl(v_k - c)
 * (within 3.01u M_i, |w_k| <= 2.01 M_i).  On an edge axis L = e_a x f
 * (two components, f = fl(v' - v) within u |f|) with G = sum_i |L_i| M_i:
 * a projection fl(L.w) is within 2.01u 2.01 G + 3.01u G + 2.01u G < 9.1u G
 * of the exact L.(v - c), the radius fl(sum |L_i| h_i) within 4.1u G of
 * the exact sum |L_i| h_i.  On the normal n = fl(f0 x f1) (each component
 * within gamma_4 m_i of the exact one, m_i = |f0_j f1_k| + |f0_k f1_j|
 * computed, 4.03u m_i) with G = sum_i m_i M_i: the projection within
 * 6.1u + 3.04u + 8.06u < 17.3u G, the radius within 8.1u G.  The computed
 * G is within gamma_3 of its value, and the comparisons' own sums r +- g
 * round by at most 1.2u G: "pmin > r + g" (or "pmax < -(r + g)") certifies
 * separation on the exact axis, "pmin <= r - g and pmax >= -(r - g)"
 * certifies that the exact axis does not separate, with a margin of more
 * than 30u G (docs/queries/aabb_triangle.md, "Exact"). */
#define FB_CERT_SAT 0x1p-47

/* ---- capsule_capsule's certificates (issue 14) -------------------------------
 * The hit certificate uses FB_CERT_DOT and FB_CERT_SQ: g = fl(fl(w +
 * fl(s d1)) - fl(t d2)) for parameters s, t in [0, 1] (w = fl(p0 - q0),
 * d1, d2 rounded differences) is within gamma_4 A_i (A_i = |w_i| +
 * s |d1_i| + t |d2_i|) plus underflow (below 2^-1073) of the exact
 * P - Q, so |g_i| + 2^-50 A_i + 2^-500 bounds |P_i - Q_i| (8u (1 - gamma_3)
 * > 4.01u; the 2^-500 also keeps the squares normal), and its squared sum
 * against (r0 + r1)^2 is FB_CERT_SQ's comparison.
 * FB_CAPSULE_GAP (2^-49): g.x for x = fl(p_k - q_l) errs by at most
 * gamma_4 sum_i |g_i x_i| (the difference, the product, two additions) plus
 * underflow; fl(g.x - fl(2^-49 S + 2^-1000)), S = fl(sum |g_i x_i|), is a
 * lower bound of the exact g.(p_k - q_l): 16u (1 - gamma_3) - 4.01u exceeds
 * the rounding of the subtraction (1.02u S).
 * FB_CAPSULE_SQ (2^-46): gl^2 > (r0 + r1)^2 g.g certain when
 * fl(gl gl) > fl(fl(RR gg) (1 + 2^-46)), RR = fl(fl(r0 + r1)^2) and
 * gg = fl(g.g) within gamma_3 each, the products one rounding each:
 * (1 - gamma_8)(1 + 64u)(1 - u) / (1 + u) > 1; the caller requires
 * gg in [2^-400, 2^400] and RR = 0 or RR >= 2^-600, so nothing underflows
 * (docs/queries/capsule_capsule.md, "Exact"). */
#define FB_CAPSULE_GAP 0x1p-49
#define FB_CAPSULE_SQ 0x1p-46

/* ---- obb_obb's filter (issue 14) ----------------------------------------------
 * FB_OBB_CERT (2^-47 = 64u): the margin lhs = |t.L| - sum_k h_k |a_k.L| of
 * obb_obb along the computed axis L = fl(a_k x a_l) (binary32 axes: exact
 * products, one rounding per component, |L_i - L*_i| <= u |L*_i|), against
 * its value for the exact t = c1 - c0 and the exact axis L*: t rounds once
 * (u), t.L three times more and the axis once (gamma_5 sum |t_i L_i|); each
 * a_k.L three times and the axis once, the product by h_k once, the
 * accumulation of six terms five times (gamma_10 h_k sum |a_ki L_i|); the
 * final difference once: within gamma_11 mag, mag the magnitude sum as
 * computed (at least (1 - gamma_10) of its value).  So lhs > 2^-47 mag
 * certifies that the exact axis separates and lhs < -2^-47 mag that it
 * does not (64u (1 - gamma_10) > gamma_11 (1 + u) + u); nothing under- or
 * overflows (products of at most four binary32 values).
 * docs/queries/obb_obb.md, "Exact". */
#define FB_OBB_CERT 0x1p-47

/* ---- sphere_obb's certified filter (issue 14) ---------------------------------
 * FB_SPHERE_OBB_GAP (2^-48): the gap g.w - sum_i |g.u_i| of sphere_obb
 * along a computed g, w = fl(center - box_center) (one rounding), u_i =
 * half_i axis_i (exact products): fl(g.w) errs by at most gamma_4
 * sum_j |g_j w_j|, fl(g.u_i) by gamma_3 sum_j |g_j u_ij| (plus underflow,
 * below the 2^-1000 subtracted); the seven subtractions that combine the
 * terms round by at most 7.1u of the sum of the magnitudes involved, and
 * 32u (1 - gamma_3) - 4.01u > 7.1u: the computed gl is a lower bound of the
 * exact gap.  The hit side uses FB_CERT_DOT and FB_CERT_SQ (g within
 * gamma_4 A_i + underflow of the exact center - P, A_i = |w_i| +
 * sum |s_k u_ki|) and the miss side FB_CAPSULE_SQ, as capsule_capsule
 * (docs/queries/sphere_obb.md, "Certified filter"). */
#define FB_SPHERE_OBB_GAP 0x1p-48

/* ---- the sphere sweeps' filters (issue 14) ---------------------------------
 * sphere_sweep_point, sphere_sweep_sphere and sphere_sweep_plane decide
 * their hit from the signs of polynomials of degree <= 4 in the binary32
 * inputs, evaluated in binary64 (u = 2^-53) from one-rounding differences
 * w_i = fl(x_i - y_i), v_i = fl(va_i - vb_i), R = fl(r0 + r1) (relative
 * error u each, exact when a binary64 holds the difference) and exact
 * binary32 values; a sign is taken when the value exceeds its guard, else
 * exact expansions decide (fast/fast_sweep_exact.h, on the primitives of
 * fast/fast_exact.h).  No rescaling: the
 * values stay below 2^522, and every non-zero one (a polynomial of degree
 * <= 4 in multiples of 2^-149, rounded to a grid no finer) is at least
 * 2^-596, so the relative error model holds with no underflow.
 *
 * FB_SWEEP_LIN (2^-49), for the values linear in the products (point and
 * sphere: b = w.v, m = a + b with a = v.v; plane: d0 = n.w, dv = n.v and
 * s = d0 + dv), against the magnitude M (B = sum |w_i v_i|, a + B,
 * M0 = sum |n_i w_i|, Mv = sum |n_i v_i|, M0 + Mv): every term passes
 * through at most three roundings (two rounded factors and the product) and
 * two additions, so b errs by gamma_5 B, a by gamma_5 a, m by
 * (gamma_5 + 1.01u)(a + B) < 6.1u (a + B); d0 by gamma_4 M0, dv by
 * gamma_2 Mv, s by 5.1u (M0 + Mv).  The computed M (at most six
 * roundings of non-negative terms) is at least (1 - 6.01u) M, and
 * 16u (1 - 6.01u) > 6.1u + 1.01u leaves room for the rounding of the
 * guard's own sum; the scaling by 2^-49 is exact and the comparison too.
 *
 * FB_SWEEP_QUAD (2^-47), for the quadratic values:
 * - c = w.w - R^2 (P = w.w + R^2): w.w errs by gamma_5, R^2 by gamma_3,
 *   the difference once more: gamma_6 P;
 * - D = b^2 - a c (guard B^2 + a P): |b^2 - b_x^2| <= gamma_5 B (2 + gamma_5) B
 *   plus its rounding, < 11.1u B^2; |a c - a_x c_x| <= gamma_5 a P (1 + gamma_6)
 *   + a gamma_6 P plus its rounding, < 12.1u a P; the difference adds
 *   1.01u: < 13.2u (B^2 + a P);
 * - f(1) = c + (2 b + a) (guard P + 2 B + a): gamma_6 P + gamma_5 2 B +
 *   gamma_5 a and two additions: < 8.1u (P + 2 B + a);
 * - plane: c = d0^2 - r^2 N (guard M0^2 + r^2 N; N = n.n and r^2 exact
 *   products): d0^2 errs by gamma_4 M0 (2 + gamma_4) M0 plus its rounding,
 *   < 9.1u M0^2, r^2 N by gamma_3, the difference once: < 10.2u (M0^2 + r^2 N);
 *   f(1) = s^2 - r^2 N (guard (M0 + Mv)^2 + r^2 N): s errs by
 *   5.1u (M0 + Mv), so < 12.4u ((M0 + Mv)^2 + r^2 N).
 * The computed guard quantities (at most 16 roundings of non-negative
 * terms and of factors within gamma_6) are at least (1 - 20u) of the
 * exact ones, and 64u (1 - 20u) > 13.2u + 2.1u: the comparison certifies
 * the sign of the exact value.  Generous on purpose: the exact path runs
 * only within 2^-47 (relative) of a boundary.
 * docs/queries/sphere_sweep_point.md, sphere_sweep_plane.md, "Exact hit". */
#define FB_SWEEP_LIN 0x1p-49
#define FB_SWEEP_QUAD 0x1p-47

/* FB_SWEEP_END (2^-49 = 16u): aabb_sweep_aabb's slab ends E = fl(fl(L) fl(1/fl(d))),
 * L and d differences of binary32 values (rounded once or exact):
 * E = (L/d)(1 + e1)(1 + e3)(1 + e4)/(1 + e2), |e_k| <= u, within gamma_4 (Higham 3.1)
 * of the exact end, with its exact sign, no over- or underflow (2^-278 <= |E| <= 2^278).
 * Entry lo (largest lower end, or an exact 0), exit hi (smallest upper end, or exact 1):
 * - fl(lo (1 + 16u)) <= hi certifies exact entry <= exact exit: lo = 0 only when the
 *   exact entry is 0 (exact signs), and then hi >= 0 has the exact exit's sign; else
 *   fl(lo (1 + 16u)) >= lo (1 + 16u)(1 - u) > lo (1 + gamma_4)/(1 - gamma_4) (about
 *   lo (1 + 8u)): the exact exit >= hi/(1 + gamma_4) >= lo/(1 - gamma_4) >= exact entry;
 * - fl(hi (1 + 16u)) < lo certifies exact exit < exact entry the same way (hi < 0: an
 *   upper end's exact sign).  FB_RAY_END (8u) covers gamma_3 ends only.
 * docs/queries/aabb_sweep_aabb.md. */
#define FB_SWEEP_END 0x1p-49

/* FB_CCD_POLY, FB_CCD_POLY_ABS: the coefficients of the CCD search's
 * polynomials (fast/ccd_bern.c, init_dp; binary64 inputs) computed in
 * round-to-nearest beside their magnitude shadows m (every input replaced by
 * its absolute value, every subtraction by an addition).  Each path from an
 * input to a coefficient passes at most 18 roundings (differences 1, slopes
 * 2, cross products of affine factors 5 or 6, the dot with n or m 11,
 * m.m - su 12, a rounded Bernstein weight and its product 14, a sum of five
 * terms 18), so |fl(E) - E| <= gamma_18 M, and the computed shadow is at
 * least (1 - u)^18 M: gamma_19 (1 - u)^-19 < 2^-48.7 < FB_CCD_POLY.
 * Relative bounds need no underflow: used only for 2^-100 <= S <= 2^100,
 * where no product overflows (factors <= 4 S) and an underflowed operation
 * errs by at most 2^-1075 times at most three more factors (2^306), fewer
 * than 2^10 operations: below 2^-759 < FB_CCD_POLY_ABS.  Tested against
 * GMP in tests/test_ccd_bern.c. */
#define FB_CCD_POLY 0x1p-48
#define FB_CCD_POLY_ABS 0x1p-700

/* The sections from FB_RAY_CYL on (the guards of the staged exact paths). */
#include "fast_bounds_stages.h"

#endif
