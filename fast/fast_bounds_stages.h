/* fast/fast_bounds_stages.h: the second half of fast/fast_bounds.h's
 * sections (it includes this file; the table of every bound and the
 * notation, u = 2^-53 and gamma_n, are at its top): the guards of the
 * staged exact paths that issue 14's speed work added, from FB_RAY_CYL on.
 * Internal to libisect.
 */
#ifndef ISECT_FAST_BOUNDS_STAGES_H
#define ISECT_FAST_BOUNDS_STAGES_H

/* FB_RAY_CYL (2^-47 = 64u): the guard of fast/fast_cyl.h's filter.  Each
 * value there (DW, VW, UW, VT, UT, C, QT, K0, K1, A, B, AT, S0, S1, D) is a
 * polynomial of degree <= 6 in the binary32 inputs evaluated in binary64 by
 * a fixed expression tree whose leaves are binary32 values, exact products
 * of two, and differences of two rounded once (v, u, w).  Written out as a
 * sum of monomials in the exact leaves, the computed value carries on each
 * monomial at most k factors (1 + delta), |delta| <= u, k the number of
 * roundings on the longest leaf-to-root path (Higham 3.1), so it errs by
 * at most gamma_k P, P the same tree evaluated exactly on the leaves'
 * magnitudes with every - made a + (fmv's p, fast/fast_magval.h).
 * Counting (a rounded leaf 1, a product 1 plus its factors', a sum 1 plus
 * its larger operand's):
 * DW 4, VW 5, UW 6 (as v.w - w.w), n = d x w 3, v x w 4, VT 6, UT 7,
 * C 12, QT 14, K0 K1 18, A 9, B 10, AT 11, S0 10, S1 11 (Lagrange's
 * form, (d.d)(x.w) - (d.w)(d.x)), D 16: k <= 18.  The computed p (the same
 * tree on the computed magnitudes, non-negative terms only) is at least
 * (1 - u)^18 P, so gamma_18 P < 18.1u p < 64u p = g (the product by 2^-47
 * is exact): a computed value beyond +-g has the exact value's sign, and
 * p == 0 (every monomial 0, no underflow below) means the value is 0.
 * Range: every leaf is a multiple of 2^-149 (a rounded difference of such
 * is one), so a node of degree j is a multiple of 2^(-149 j) >= 2^-894 and,
 * when not zero, normal: no product underflows; leaves stay below 2^129, so
 * values and magnitudes stay below 2^800: nothing overflows.  Generous on
 * purpose: the exact path runs only within 2^-47 (relative to P) of a
 * boundary.  docs/queries/ray_cylinder.md, "Exact hit". */
#define FB_RAY_CYL 0x1p-47

/* FB_ST_CERT (2^-47 = 64u): the guard of the signs of sphere_triangle's
 * exact path (fast/sphere_triangle.c: vertex_within, edge_within,
 * inner_side, face_within).  Each value is a polynomial of degree <= 6 in
 * the binary32 inputs evaluated in binary64 by a fixed expression tree
 * whose leaves are binary32 values, r^2 (exact) and differences of two
 * binary32 values rounded once; as for FB_RAY_CYL, the computed value errs
 * by at most gamma_k P, P the same tree evaluated exactly on the leaves'
 * magnitudes with every - made a +, k the number of roundings on the
 * longest leaf-to-root path (a rounded leaf 1, a product 1 plus its two
 * factors', a sum 1 plus its larger operand's).  Counting: a squared
 * distance minus r^2, |w|^2 - r^2, 6; a dot product of two rounded
 * differences 5; a cross product's component of rounded differences 4
 * (the normal n = ab x ac too); |w x e|^2 - r^2 e.e 12; (e x w).n 11;
 * (n.ap)^2 - r^2 n.n 18: k <= 18.  The magnitude tree m, computed by the
 * same tree on magnitudes (non-negative terms only), is at least
 * (1 - u)^18 P, so gamma_18 P < 18.1u P < 64u m = g (the product by 2^-47
 * is exact): a computed value beyond +-g has the exact value's sign.
 * Range: every leaf is a multiple of 2^-149 (a rounded difference of such
 * is one), so a node of degree j <= 6 is a multiple of 2^(-149 j) >=
 * 2^-894 and, when not zero, normal: no product underflows, and m == 0
 * means P == 0, every monomial 0, the value 0; leaves stay below 2^129, so
 * values stay below 2^800.  docs/queries/sphere_triangle.md, "Exact". */
#define FB_ST_CERT 0x1p-47

/* FB_ST_BRACKET (2^-48 = 32u): sphere_triangle's plane test h^2 <= r^2 n.n
 * from brackets of exact values (fast/sphere_triangle.c,
 * plane_sign_bracket): |h| in [h - eh, h + eh] and |n_i| in
 * [v_i - e_i, v_i + e_i] as real numbers (h, v_i, eh, e_i binary64).  The
 * upper side fl(fl(hu hu) (1 + 32u)), hu = fl(h + eh), is at least
 * (h + eh)^2 (1 - u)^4 (1 + 32u) > (h + eh)^2 >= h_exact^2; the lower side
 * fl(fl(r^2 L) (1 - 32u)), L = fl(sum fl(l_i l_i)) with l_i = fl(v_i - e_i)
 * when positive (else 0), is at most r^2 n.n (1 + u)^7 (1 - 32u) < r^2 n.n
 * (r^2 exact): "<=" between them certifies h^2 <= r^2 n.n.  Symmetrically
 * (hl = fl(h - eh) > 0, fl(hl hl) (1 - 32u) against
 * fl(r^2 U) (1 + 32u), U the sum of fl(v_i + e_i)^2) for ">".  Every
 * non-zero value is a product of multiples of 2^-149 of degree <= 6, at
 * least 2^-894: no underflow (FB_ST_CERT's range argument). */
#define FB_ST_BRACKET 0x1p-48

/* FB_RAY_OBB (2^-49 = 16u): the guard of fast/ray_obb.c's filter.  The
 * inputs are binary32 (axes a_k, dir d, halves h, tmax) except
 * w = fl(origin - center) (one rounding of W, relative u); r_j =
 * fl(a_{j+1} x a_{j+2}) rounds each exact component R_jl once (the products
 * of two binary32 values are exact).  Counting the roundings on each
 * monomial (Higham 3.1): q_j = fl(r_j.d) errs by at most gamma_4 sum_l
 * |R_jl d_l|, p_j = fl(r_j.w) by gamma_5 sum_l |R_jl W_l|, det = fl(a_0.r_0)
 * by gamma_4 sum_l |a_0l R_0l|, t_k = fl(a_k.fl(w x d)) by gamma_6 sum_l
 * |a_kl| (|W_l+1 d_l+2| + |W_l+2 d_l+1|); | |x| - |X| | <= |x - X|.  Bounding
 * the sums by norms, rho_j = sum_l |R_jl|, Om = max |W_l|, Dl = max |d_l|,
 * A = max |a_0l|, al_k = sum_l |a_kl|:
 * - q_j: gamma_4 rho_j Dl;
 * - f_k = fl(fl(h_i |q_j| + h_j |q_i|) - |t_k|): gamma_7 Dl (h_i rho_j +
 *   h_j rho_i + 2 al_k Om) (each product and sum one rounding more);
 * - x_j = fl(fl(h_j |det|) - s p_j) and z_j = fl(fl(h_j |det|) - |p_j|):
 *   gamma_6 (h_j A rho_0 + rho_j Om);
 * - y_j = fl(fl(fl(tmax |q_j|) + fl(h_j |det|)) + s p_j): gamma_7 (tmax
 *   rho_j Dl + h_j A rho_0 + rho_j Om);
 * (s = sign q_j, certified: |q_j| > the guard of q_j).  The guards are
 * 2^-49 times the same bounds computed from the computed magnitudes
 * (|r_jl| >= (1 - u)|R_jl|, fl(|o - c|) >= (1 - u)|W|, at most seven
 * roundings of non-negative terms on any path: at least (1 - u)^7 of the
 * exact bound M), so g >= 16u (1 - 7u) M > gamma_7 M: a value v >= g
 * proves the exact value >= 0 (M = 0 makes v exact), v < -g proves it
 * < 0, and |q_j| > g proves sign Q_j = sign q_j.  Range: every value is a
 * polynomial of degree <= 4 in binary32 values and rounded differences,
 * a multiple of 2^-596 below 2^520 when not zero, so nothing under- or
 * overflows (tmax = inf: y_j = g = inf reads as >= 0, which Y_j is).
 * docs/queries/ray_obb.md, "Exact hit". */
#define FB_RAY_OBB 0x1p-49

/* FB_RAY_OBB_COARSE (2^-46 = 64u): ray_obb's first stage, the same values
 * as for FB_RAY_OBB with one scale per class: al >= max |a_kl| over the
 * nine axis coordinates, Om >= max |W_l|, Dl >= max |d_l|, H >= max h_j
 * (ray_obb.c takes the sums of the magnitudes, which also test the input
 * for inf and NaN; the computed sums, a few roundings of non-negative
 * terms, are at least (1 - 4u) of the exact ones, and Om's terms are
 * |fl(o - c)|).  Then |R_jl| <=
 * 2 al^2, rho_j <= 6 al^2, sum_l |a_0l R_0l| <= 6 al^3 and al_k <= 3 al,
 * so the bounds of FB_RAY_OBB are at most gamma_4 6 al^2 Dl (q_j),
 * gamma_4 6 al^3 (det), gamma_6 6 al^2 (H al + Om) (x_j), gamma_7 6 al^2
 * (tmax Dl + H al + Om) (y_j) and gamma_7 6 al Dl (2 H al + Om) (f_k).
 * The guards are 2^-46 times these products without the factor 6,
 * computed with at most five roundings of non-negative terms from the
 * computed scales: 64u (1 - 10u) > 6 gamma_7 (1 + u).  Same reading and
 * range as FB_RAY_OBB; coarser (by up to 9^3 for unit axes, still 2^-36
 * relative), and more so for boxes whose axes differ much in length, which
 * then go to the second stage. */
#define FB_RAY_OBB_COARSE 0x1p-46

/* ---- 2D orientations: point_in_triangle, tx_orient2 (issue 14) ----------------
 * FB_CERT_ORIENT2 (2^-50 = 8u): the rounding of a 2x2 determinant
 * d = x1 y2 - x2 y1 of binary64 differences of binary32 values (each
 * x = fl(X), X the exact difference, one rounding, relative u, or exact),
 * against its exact value D = X1 Y2 - X2 Y1: each computed product is
 * X1 Y2 (1 + t3), |t3| <= gamma_3 (two rounded factors, the product), the
 * difference rounds once more: |d - D| <= gamma_4 M, M = |X1 Y2| + |X2 Y1|.
 * The computed m = fl(|fl(x1 y2)| + |fl(x2 y1)|) is at least
 * (1 - gamma_4) M, so g = 2^-50 m (exact scaling) >= 8u (1 - gamma_4) M >
 * gamma_4 M: |d| > g certifies the sign of D, and fl(|d| + g) < Q proves
 * D = 0 when D is a multiple of the power of two Q (fast/fast_quantum.h).
 * No underflow: the differences are multiples of 2^-149, their non-zero
 * products at least 2^-298, g (if not 0) at least 2^-348; below 2^260.
 * FB_CERT_TRIPLE serves the same way: its section shows |o - O| <= gamma_8 T
 * < 2^-49 fl(T) for the orientation o of rounded differences, so
 * fl(|o| + 2^-49 fl(T)) < Q proves O = 0 (a point exactly in the plane).
 * docs/queries/point_in_triangle.md, "Certificates". */
#define FB_CERT_ORIENT2 0x1p-50

/* FB_SOBB_POLY (2^-48 = 32u): the guard of sphere_obb's filtered features
 * (fast/sphere_obb_filter.c, fmv).  Each value (a vertex's r^2 - |v|^2, an
 * edge's h_k a.a -+ a.q and r^2 a.a - |q x a|^2, a face's h_j m.m -+ d.(a_k x m),
 * h_k m.m -+ d.(m x a_j) and r^2 m.m - (m.d)^2) is evaluated in binary64 by
 * a fixed expression tree whose leaves are binary32 values, exact products
 * of two (u_i = h_i a_i, r^2) and w = fl(center - box_center) (one
 * rounding).  As for FB_RAY_CYL (Higham 3.1), the computed value carries on
 * each monomial at most k factors (1 + delta), k the number of roundings on
 * the longest leaf-to-root path (a rounded leaf 1, a product 1 plus its
 * factors', a sum 1 plus its larger operand's), so it errs by at most
 * gamma_k M, M the tree on the leaves' magnitudes with every - made a +;
 * the computed m (non-negative terms only) is at least (1 - u)^k M.
 * Counting (docs/queries/sphere_obb.md, "Filtered features"): vertex 13,
 * edge 7 and 14, face 10 and 16: k <= 16, and for k <= 30
 * gamma_k M <= 30u (1 + 31u) M < 32u (1 - 30u) M <= 32u m = g (the product
 * by 2^-48 exact): a computed value beyond +-g has the exact value's sign,
 * and m == 0 (every monomial 0) means the value is 0.
 * Range: the leaves are multiples of 2^-149 below 2^129 (w: a rounded
 * difference of such), and the values of degree <= 6 (all but the plane's
 * (m.d)^2, degree 8) are multiples of 2^-894 below 2^800: never subnormal
 * when not zero, no overflow.  The plane's value is filtered only when
 * every input is 0 or of magnitude in [2^-60, 2^60] (its multiples of
 * 2^-664 below 2^500), else it goes to the exact path.  Generous on
 * purpose: the exact path runs only within 2^-48 (relative) of a boundary. */
#define FB_SOBB_POLY 0x1p-48

/* ---- capsule_capsule's binary64 stage of the exact path (issue 14) ----------
 * FB_CAPSULE_BC (2^-49 = 16u): the rounding of V = X1 X2 - X3 X4, each X_k
 * a dot product of two 3-vectors of binary64 differences of binary32
 * values (each coordinate x = fl(X) one rounding, relative u, or exact),
 * computed as v = fl(fl(x1 x2) - fl(x3 x4)) with x_k = fl(sum of three
 * products) summed left to right.  Each term of a dot product is a
 * product of two rounded coordinates (2u), rounded (u) and summed with at
 * most two roundings: |x_k - X_k| <= gamma_5 M_k, M_k the exact sum of
 * the terms' magnitudes, and |x_k| <= (1 + gamma_5) M_k.  Then
 * |fl(x1 x2) - X1 X2| <= |x1| |x2 - X2| + |X2| |x1 - X1| + u |x1 x2|
 * <= ((2 + gamma_5) gamma_5 + u (1 + gamma_5)^2) M1 M2 <= gamma_11 M1 M2,
 * and the difference rounds once more (u (1 + gamma_11) (M1 M2 + M3 M4)):
 * |v - V| <= gamma_12 M, M = M1 M2 + M3 M4.  The computed magnitude
 * m = fl(fl(m1 m2) + fl(m3 m4)), m_k = fl(sum |fl(x_i y_i)|) (two rounded
 * factors, the product, two additions: at least (1 - u)^5 M_k), is at
 * least (1 - u)^12 M, and 16u (1 - 12u) > gamma_12: v > 2^-49 m certifies
 * V > 0, v < -2^-49 m V < 0 (the scaling by 2^-49 is exact).  Range: the
 * differences are multiples of 2^-149 below 2^129, non-zero products of
 * four at least 2^-596 (normal, so relative rounding holds), all below
 * 2^520.  Where a factor is a squared norm (X = d.d), m_k = x_k.
 * The final test of the stationary point's distance, with n.n =
 * (d1.d1)(d2.d2) - (d1.d2)^2 (Lagrange) as V above (nn within
 * en = 2^-49 m) and h = fl(r.(d1 x d2)) within eh = 2^-49 fl(T)
 * (FB_CERT_TRIPLE), RR = fl(R^2), R = fl(r0 + r1), RR within (1 + u)^3
 * of (r0 + r1)^2 either way:
 * - miss, H^2 > (r0 + r1)^2 NN, when hl = fl(|h| - eh) > 0 and
 *   fl(hl^2) > fl(fl(RR nu) (1 + 2^-46)), nu = fl(nn + en): hl <= |H| (1 + u),
 *   nu >= NN (1 - u), so H^2 >= fl(hl^2) / (1 + u)^3 and
 *   (r0 + r1)^2 NN <= fl(RR nu) (1 + u) / (1 - u)^4, and
 *   (1 - u)^6 (1 + 128u) / (1 + u)^3 > 1; RR = 0 (both radii 0) or
 *   fl(RR nu) >= 2^-1000 (normal products: relative rounding holds);
 * - hit, H^2 <= (r0 + r1)^2 NN, when nl = fl(nn - en) > 0 and
 *   fl(fl(hu^2) (1 + 2^-46)) <= fl(RR nl), hu = fl(|h| + eh) >= |H| (1 - u),
 *   nl <= NN (1 + u): H^2 <= fl(hu^2) / (1 - u)^3 and (r0 + r1)^2 NN >=
 *   fl(RR nl) / (1 + u)^5, and (1 + u)^5 / ((1 + 128u) (1 - u)^4) < 1;
 *   hu = 0 (H = 0) or fl(hu^2) >= 2^-1000.
 * docs/queries/capsule_capsule.md, "Exact path". */
#define FB_CAPSULE_BC 0x1p-49

/* ---- the rays' short exact sums (issue 14, speed) ---------------------------
 * FB_RAY_SUM_CERT (2): rc_sum_sign (fast/fast_ray.h) holds an exact sum of
 * k <= 16 terms as s + E after one pass of fx_two_sum steps, E the exact sum
 * of the k - 1 errors e_i (a caller may keep other exact terms beside them,
 * such as fx_two_prod's errors in ray_sphere's c: the argument only needs
 * the sum to be s + E exactly, E a sum of at most 15 terms e_i); m = fl(sum |e_i|) (k - 2 roundings of non-negative
 * terms) >= (1 - u)^14 sum |e_i|, so 2 m > sum |e_i| >= |E| (the product by 2
 * exact; every use stays below 2^1000): |s| > 2 m gives the exact sum the
 * sign of s, and m == 0 means every e_i is 0 and the sum is s. */
#define FB_RAY_SUM_CERT 2.0

/* ---- ray_triangle (issue 14, speed; docs/queries/ray_triangle.md) ---------
 * Stage 1 takes FB_RAY_TRI with ne = max(n1, n2) for both edges' norms:
 * every guard is at least FB_RAY_TRI's for the same value (ne >= each).
 * FB_RT_GRID_BITS (B): position coordinates integer multiples of
 * X = 2^(ep - B), |x| < 2^ep, dir ones of Y = 2^(ed - B) make stage 1 exact:
 * e1, e2, s < 2^(B+1) X; p < 2^(2B+2) XY, q < 2^(2B+3) X^2; det, U, V,
 * partial sums < 3 2^(3B+3) X^2 Y; T < 3 2^(3B+4) X^3; W < 9 2^(3B+3) X^2 Y;
 * B = 15: integers below 2^52 of units >= 2^-489, so nothing rounds.  The
 * test, in binary32: c = 1.5 2^(e + 23 - B) normal (-133 <= e <= 119),
 * |x| < 2^e: x + c stays in c's binade (spacing 2^(e - B)), so
 * fl(fl(x + c) - c) (Sterbenz) is x rounded to the grid; its difference
 * to x is 0 iff x is on it (non-zero stays non-zero: gradual underflow;
 * NaN or inf for non-finite x).  R = tmax |det| - sg T: fx_two_prod and a
 * three-component expansion (products multiples of 2^-638, below 2^520). */
#define FB_RT_GRID_BITS 15

/* ---- sphere_obb stage 0 (issue 14): FB_SOBB_GRAM 2^-45 = 256u, _REL 2^-44 --
 * W = C - B exact, T = A^T W, E = A^T A - I, S = sum_{i<=j} |E_ij| >= ||E||_2,
 * K = |W|^2 + |h|^2, D = sum dist(T_i, [-h_i, h_i])^2: |W - A s|^2 = |T - s|^2
 * + W^T (I - A A^T) W + s^T E s, so the exact squared distance is D +- S K.
 * Rounding (products of binary32 or w_j = fl(C_j - B_j) are multiples of
 * 2^-298, all below 2^530): |fl(w.a_i) - T_i| <= gamma_4 |W| |a_i|, dist is
 * 1-Lipschitz, sum |a_i|^2 <= 3 (1 + S): |d2 - D| <= 39.1u (1 + S) |W|^2;
 * e = fl(sum |fl(a_i.a_j - [i=j])|) gives S <= e (1 + 24.1u) + 18.1u; k =
 * fl(w.w + h.h) >= (1 - 6.01u) K; so m = fl((e (1 + 2^-44) + 2^-45) k) has
 * m / (1 + u) >= (e (1 + 499u) + 253u) K > |d2 - delta^2| and
 * fl(|d2 - r^2|) > m certifies the sign.  Non-finite centres, axes, halves
 * make m inf or NaN.  Full derivation: docs/queries/sphere_obb.md, "Stage 0". */
#define FB_SOBB_GRAM 0x1p-45
#define FB_SOBB_GRAM_REL 0x1p-44

/* FB_PIT_GRID_BITS (15): point_in_triangle's stage 0.  Every coordinate
 * x = m 2^(E-15), |m| < 2^15: the differences are below 2^16 units, the
 * cross product's terms 2^33, the orientation 2^51, the 2D orientations
 * 2^33, so binary64 holds every value exactly.  Full derivation:
 * docs/queries/point_in_triangle.md, "Stage 0". */
#define FB_PIT_GRID_BITS 15

/* ---- capsule_capsule's binary32 stage (issue 14) -------------------------
 * In full: docs/queries/capsule_capsule.md, "Binary32 stage: the
 * derivation". u = 2^-24.  W,
 * D1, D2 exact, w, d1, d2 rounded once; s, t in [0, 1]; g = fl(fl(w + fl(s
 * d1)) - fl(t d2)), G = W + s D1 - t D2; Sx = |W|^2 + |D1|^2 + |D2|^2 <= (1
 * + 8u) S + 2^-145, S = fl(fl(w.w + d1.d1) + d2.d2); e = fl(2^-28 S)
 * (FB_CC32_E); RR = fl(fl(r0 + r1)^2), R = r0 + r1, R^2 <= RR (1 + 3.01u) +
 * 2^-149. |g_i - G_i| <= 4.01u B_i + 2^-149 (B_i = |W_i| + |D1_i| + |D2_i|,
 * |B|^2 <= 3 Sx), so |g - G|^2 <= 96.5u^2 Sx + 2^-296; (a + b)^2 <= (1 +
 * 2^-12) a^2 + 4097 b^2, 4097 * 96.5u^2 (1 + 8u) < 2^-29.4: |G|^2 <= (1 +
 * 2^-12) (1 + 3.01u) gg + 2^-29.4 S + 2^-130.  Hit: gg <= T = fl(fl(RR -
 * e)(1 - 2 FB_CC32_ETA)) <= (RR - e)(1 - 2^-10) (1 + u)^2 + 2^-150 (if RR -
 * e >= 0; else T < 0 <= gg), (1 + 2^-12)(1 + 3.01u)(1 - 2^-10)(1 + u)^2 <= 1
 * - 2^-11, e >= 2^-28 S - 2^-150: |G|^2 <= (1 - 2^-11) RR + 2^-129 < R^2
 * when FB_CC32_MIN = 2^-100 <= RR < inf, r0, r1 >= 0 (RR normal: R^2 >= RR /
 * (1 + 3.01u)).  Miss: gc = fl(fl(g.w + min(0, g.d1)) + min(0, -g.d2)) is
 * within 6.1u |g| sqrt(3 Sx) + 2^-145 of the slab gap of g (gamma_4 per dot,
 * 2.01u the sums, Cauchy-Schwarz); with k = 6.1u sqrt(3 Sx), (R + k)^2 <= (1
 * + 2^-12)(1 + 3.01u) RR + 2^-29.2 S + 2^-130 <= (1 - 2^-13) F + 2^-127, F =
 * fl(fl(RR (1 + 2^-11)) + e).  gc > 0, gg >= 2^-60, F >= 2^-60
 * (FB_CC32_GMIN), fl(gc^2) > fl(gg F) >= 2^-120 give (gc - 2^-145)^2 > (|g|
 * (R + k))^2: the gap exceeds R |g|, a miss. */
#define FB_CC32_ETA 0x1p-11f
#define FB_CC32_E 0x1p-28f
#define FB_CC32_MIN 0x1p-100f
#define FB_CC32_GMIN 0x1p-60f

/* ---- FB_SOBB_GRAM (2^-45 = 256u) and _REL (2^-44 = 512u), in full -----------
 * sphere_obb's stage 0 (fast/sphere_obb.c, sphere_obb_gram), the section
 * "sphere_obb stage 0" above written out step by step.  u = 2^-53,
 * gamma_n = n u / (1 - n u).  Exact values: W = C - B (centre minus box
 * centre), a_i the axes (binary32), T_i = W.a_i, E = A^T A - I (A the axes
 * as columns), S = sum_{i<=j} |E_ij|, K = |W|^2 + |h|^2, R_i =
 * dist(T_i, [-h_i, h_i]), D = sum_i R_i^2, delta^2 the squared distance
 * from the centre to the box, r^2 = RR (binary32 r: exact in binary64).
 * Range: every product of two binary32 values, or of a binary32 value and
 * w_j = fl(C_j - B_j) (a multiple of 2^-149), is a multiple of 2^-298 and
 * exact or normal; t_i, x_i are multiples of 2^-298, their squares of
 * 2^-596 (normal when not 0); nothing exceeds 2^530.  So every rounding
 * below is relative, with no underflow term.
 * 1. The model.  For every s, |W - A s|^2 = |W|^2 - 2 s.T + s^T A^T A s =
 *    |T - s|^2 + W^T (I - A A^T) W + s^T E s.  A A^T - I has E's eigenvalues,
 *    |x^T E x| <= ||E||_2 |x|^2, and ||E||_2 <= the largest row sum of |E|
 *    <= S.  With |s|^2 <= |h|^2 in the box, the two sides differ by at most
 *    S K at every s of the box, so their minima do: |delta^2 - D| <= S K.
 *    Also sum R_i^2 <= |T|^2 = W^T A A^T W <= (1 + S) |W|^2, R_i <= |T_i|
 *    <= |W| |a_i|, and sum |a_i|^2 = 3 + tr E <= 3 + S <= 3 (1 + S).
 * 2. The projections.  w_j = W_j (1 + d), |d| <= u; the products w_j a_ij
 *    round once, the two sums twice: |t_i - T_i| <= gamma_4 sum_j |W_j a_ij|
 *    <= gamma_4 |W| |a_i| =: e_i.  clamp(t_i) selects t_i or +-h_i (exact)
 *    and dist is 1-Lipschitz, so rho_i = |t_i - clamp(t_i)| (the exact
 *    difference of the computed values) is within e_i of R_i.
 * 3. The sum.  |sum rho_i^2 - D| <= sum e_i (2 R_i + e_i) <= (2 gamma_4 +
 *    gamma_4^2) |W|^2 sum |a_i|^2 <= 24.001u (1 + S) |W|^2.  d2 =
 *    fl(sum fl(fl(t_i - clamp)^2)) is sum rho_i^2 (1 + th_i), |th_i| <=
 *    gamma_5 (one difference, one square, two sums, one spare), and
 *    gamma_5 sum rho_i^2 <= 5.0001u ((1 + S) |W|^2 + 24.001u (1 + S) |W|^2)
 *    <= 5.001u (1 + S) |W|^2: |d2 - D| <= 29.01u (1 + S) |W|^2.
 * 4. The entries.  G_ij = fl(a_i.a_j): exact products, two sums, within
 *    gamma_2 |a_i| |a_j|; the diagonal's fl(G_ii - 1) one more rounding; e
 *    (five sums of six non-negative terms) >= (1 - u)^6 times the sum of
 *    the six exact |G_ii - 1|, |G_ij|.  With sum_{i<j} |a_i| |a_j| <=
 *    sum |a_i|^2 <= 3 + S: S <= e / (1 - u)^6 + 2 gamma_2 (3 + S), so
 *    S (1 - 4.001u) <= e (1 + 6.001u) + 12.001u and
 *    S <= e (1 + 10.01u) + 12.01u.
 * 5. The scale.  k = fl(fl(w.w) + fl(h.h)): w_j^2 = W_j^2 (1 + d)^2, one
 *    rounding per square and two per sum, h_j^2 exact: k >= (1 - u)^6 K,
 *    so K <= (1 + 6.02u) k.
 * 6. Altogether.  |d2 - delta^2| <= S K + 29.01u (1 + S) K (|W|^2 <= K) =
 *    (S (1 + 29.01u) + 29.01u) K <= (e (1 + 39.03u) + 41.03u) K <=
 *    (e (1 + 45.1u) + 41.3u) k =: M.
 * 7. The test.  m = fl(fl(fl(e (1 + 512u)) + 256u) k) >= (1 - u)^3
 *    (e (1 + 512u) + 256u) k (1 + 512u = 1 + 2^-44 and 256u = 2^-45 are
 *    binary64 constants); fl(|d2 - RR|) > m gives |d2 - RR| > m / (1 + u)
 *    >= (1 - 4.01u)(e (1 + 512u) + 256u) k >= (e (1 + 507u) + 255u) k > M
 *    (when e k > 0 or k > 0; k = 0 means W = 0 and h = 0, where d2 = 0 =
 *    delta^2 exactly).  Then delta^2 - RR has the sign of d2 - RR, non-zero:
 *    d2 <= RR is the exact hit.  The slack (507u against 45.1u, 255u against
 *    41.3u) is why dropping the factor 1 + 2^-44 leaves every corpus answer
 *    right (docs/queries/sphere_obb.md, "Stage 0": not killed).
 * 8. Invalid input.  A non-finite centre or half makes k inf or NaN, a
 *    non-finite axis e inf or NaN; finite binary32 inputs keep e and k
 *    below 2^262 and m below 2^530.  So m is finite iff the centres, axes
 *    and halves are: sphere_obb_valid takes m <= DBL_MAX for those checks
 *    (with the radius's and the halves' signs). */

/* ---- sphere_obb's stage 0b, second order (issue 14, boundary speed) --------
 * FB_SOBB_2ND (2^-46 = 128u), _E (2^-5), _SREL (2^-40), _SABS (2^-48),
 * _SQ (9/8); u = 2^-53; notation and steps 1-5 of "FB_SOBB_GRAM ... in
 * full" above.  Used only when the computed e <= 2^-5, so S <= e (1 +
 * 10.01u) + 12.01u < 1/16.  c = clamp(t) (computed, in the box),
 * P = clamp(T) (exact); |c_i - P_i| <= |t_i - T_i| <= e_i.
 * 1. Bounds.  delta^2 <= |W - A c|^2 = |T - c|^2 + q + c^T E c (q = |W|^2
 *    - |T|^2, the identity of step 1), |T - c|^2 <= sum (R_i + e_i)^2 <=
 *    D + 24.6u |W|^2.  For s = P + d in the box, (T - P).d <= 0 (P is the
 *    projection of T on the box), so |T - s|^2 >= D + |d|^2, and s^T E s >=
 *    P^T E P - 2 S |P| |d| - S |d|^2: minimised over |d|, delta^2 >=
 *    V - S^2 |h|^2 / (1 - S), V = D + q + P^T E P; and |c^T E c - P^T E P|
 *    <= S |c - P| |c + P| <= 0.51u K.
 * 2. Rounding of v = fl(fl(d2 + fl(ww - tt)) + cq).  d2 within 30.83u
 *    |W|^2 of D (step 3, S < 1/16); ww = fl(w.w) within gamma_5 |W|^2 of
 *    |W|^2; tt = fl(sum t_i^2) within sum e_i (2 |T_i| + e_i) + gamma_3
 *    sum t_i^2 <= 27.7u |W|^2 of |T|^2; so fl(ww - tt) within 32.8u |W|^2
 *    of q (|q| <= S |W|^2).  cq: the entries within 2.2u of E's (step 4),
 *    so sum |(E^ - E)_ij c_i c_j| <= 2.2u (sum |c_i|)^2 <= 6.6u |h|^2; each
 *    term two roundings (the factor 2 exact), five sums: gamma_7
 *    sum |E^_ij c_i c_j| <= 0.44u |h|^2.  The last two sums: 2.27u K.
 *    Altogether |v - (D + q + c^T E c)| <= 72.9u K.
 * 3. The test.  delta^2 <= v + 97.5u K and delta^2 >= v - 73.5u K -
 *    1.0667 S^2 |h|^2.  m2 = fl(fl(2^-46 fl(ww + hh)) + fl(fl(fl(sb sb) hh)
 *    9/8)), sb = fl(fl(e (1 + 2^-40)) + 2^-48) >= S (2^-40 = 8192u, 2^-48
 *    = 32u, two roundings), hh = fl(h.h) >= (1 - 2u) |h|^2, K <= (1 +
 *    6.02u) fl(ww + hh) (step 5): m2 / (1 + u) >= 127u K and >= 1.124 S^2
 *    |h|^2, each exceeding its term, so fl(|v - RR|) > m2 (RR = r^2
 *    exact) gives delta^2 < RR when v < RR and delta^2 > RR when v > RR.
 *    Range: products of three of c, E^ are multiples of 2^-894 below
 *    2^800, sb^2 hh 0 or at least 2^-394: no under- or overflow. */
#define FB_SOBB_2ND 0x1p-46
#define FB_SOBB_2ND_E 0x1p-5
#define FB_SOBB_2ND_SREL 0x1p-40
#define FB_SOBB_2ND_SABS 0x1p-48
#define FB_SOBB_2ND_SQ 1.125
/* ---- ray_cylinder's quick stage (issue 14, speed): FB_RAY_CYL on norms --
 * fast/ray_cylinder.c's stage 1 evaluates fast_cyl.h's values by the same
 * expression trees (so each errs by at most gamma_18 P, FB_RAY_CYL's
 * section) but without the magnitude lane: its guard is FB_RAY_CYL times a
 * product N of the computed 1-norms a = |v|_1, b = |w|_1, c = |d|_1 (of
 * the rounded leaves), r^2 and tmax, with N >= P for the exact 1-norms:
 * n_i = d_j w_k - d_k w_j has sum_i P(n_i) = sum_{j != k} |d_j| |w_k| <= cb,
 * likewise sum_i P(m_i) <= ab (m = v x w); so P(A) <= (cb)^2,
 * P(v.n) <= a cb, P(D) <= (cb)^2 (r^2 + a^2), P(d.w) <= cb, P(v.w) <= ab,
 * P(u.w) <= ab + b^2, P(C) <= b^2 (a^2 + r^2), P(B) <= ab cb,
 * P(VT) <= ab + tmax cb, P(UT) <= ab + b^2 + tmax cb,
 * P(AT) <= (cb)^2 tmax + ab cb, P(S0) <= 2 ab c^2, P(S1) <= 2 (ab + b^2) c^2,
 * P(K0) <= (bc)^2 (4 a^2 + r^2) (P(e_i) = P(d.w) |v_i| + P(v.w) |d_i|, their
 * sum <= 2abc), P(K1) the same with |u|_1 <= a + b (u's own leaves),
 * P(QT) <= b^2 ((a + tmax c)^2 + r^2).  Each computed N is at least
 * (1 - u)^16 of the exact product of the exact norms (three roundings per
 * norm, the rest in the products and sums, no underflow: the factors are 0
 * or multiples of 2^-149 of degree <= 6, as in FB_RAY_CYL's range
 * argument; tmax a binary32), so 2^-47 N > 18.1u P: a computed value
 * beyond +-FB_RAY_CYL N has the exact sign.  A value within its guard
 * (exactly 0 included) sends the query to stage 2.  docs/queries/
 * ray_cylinder.md, "Quick stage". */
/* ---- point_in_triangle: FB_PIT_GRID_BITS written out (issue 14) ------------
 * FB_PIT_GRID_BITS (15), pit_on_grid and pit_grid, step by step.
 * 1. mx = the largest |coordinate| (binary32 comparisons, exact).  With f its
 *    biased exponent field, E = f - 126 for f >= 1 and E = -125 for f = 0:
 *    a normal mx lies in [2^(f-127), 2^(f-126)), a subnormal or zero one
 *    below 2^-126; so every |x| < 2^E.  f = 255 (inf, NaN) is excluded
 *    below.
 * 2. c = 1.5 2^(E + 8), built from its exponent field E + 8 + 127 = f + 9
 *    (f = 0 taken as 1: field 10) and fraction bit 0x400000; a finite
 *    binary32 needs f + 9 <= 254, so f > 245 (mx >= 2^119, and inf, NaN)
 *    is "not on the grid" (the general path).
 * 3. For |x| < 2^E: x + c lies in (1.5 2^(E+8) - 2^E, 1.5 2^(E+8) + 2^E),
 *    inside [2^(E+8), 2^(E+9)), where the binary32 spacing is 2^(E+8-23) =
 *    2^(E-15) = q; c is a multiple of q, so fl(x + c) = c + N q, N the
 *    integer nearest x / q (ties to even), and below 2^(E+9) <= 2^128 (no
 *    overflow: f + 9 <= 254).  fl(x + c) - c is exact (Sterbenz: the two
 *    are within a factor 2) and equals N q, which equals x iff x is a
 *    multiple of q.  A subnormal or zero x is handled alike (x + c is
 *    still in that binade).
 * 4. So every coordinate is x = m q, q = 2^(E - 15), m an integer, |m| <
 *    2^15.  The exact differences are integers times q below 2^16 in
 *    magnitude (17 bits): exact in binary64.  A product of two is an
 *    integer times q^2 below 2^32, a cross product component n_k (a
 *    difference of two) below 2^33: exact.  o = ap.n: three terms below
 *    2^16 2^33 = 2^49 q^3, partial sums and o below 3 2^49 < 2^51 q^3,
 *    integers times q^3: exact.  v2 - v1 = ac - ab and p - v1 = ap - ab are
 *    the exact differences (below 2^16 q); the 2D orientations, below 2^33
 *    q^2, exact.  Every binary64 value of pit_grid is the exact one.
 * 5. Range: q in [2^-140, 2^104]; a non-zero value is at least q^3 >=
 *    2^-420 (normal), the largest o < 2^51 q^3 <= 2^363; the sign products
 *    d0 e lie in [q^4, 2^66 q^4], within [2^-560, 2^482]: neither under- nor
 *    overflows, so d0 e >= 0 is the sign test of the exact product.
 * 6. The width: with B bits (|m| < 2^B) o's sum is below 3 2^(3B + 4) q^3,
 *    which must stay below 2^53 for every partial sum to be exact: 3B + 4 +
 *    log2 3 <= 53, B <= 15.8, so B = 15.  The cross product (2B + 3 = 33
 *    bits) and the 2D orientations need less.  (The grid's c is then
 *    1.5 2^(E + 23 - B).)
 * 7. Exactness decides: o == 0 is the exact "in the plane"; k is the
 *    largest |n_k|, so n_k = 0 iff n = 0 (a degenerate triangle: -1, the
 *    general path); else the edge orientations against n_k's sign decide as
 *    in the general path's step 3 (docs/queries/point_in_triangle.md).
 * (The first version of stage 0 tested the grid in binary64, y = x 2^(15 -
 * E) integral by (y + 1.5 2^52) - 1.5 2^52 == y; the binary32 test above
 * needs no conversion and decides the same grid for f <= 245.) */
/* ---- ray_aabb's binary32 stage (issue 14): FB_RAY32_SLAB 2^-20, _ABS 2^-140
 * u = 2^-24.  A slab end E = P/d (P = b - o exact, d != 0, binary32 b, o,
 * d) computed as e = fl(fl(P) fl(1/d)): fl(P) = P(1 + d1) (a difference
 * rounds relatively, exact when subnormal; an overflow is inf); 1/d is in
 * [2^-128, 2^149] in magnitude: above FLT_MAX it is inf, below 2^-126 it
 * rounds within 2^-150 <= 2^-22 |1/d|, so fl(1/d) = (1/d)(1 + d2), |d2| <=
 * 4u; the product rounds within u of itself or within 2^-150.  So a finite
 * e has |e - E| <= 6.01u |E| + 2^-150, i.e. E is within 6.02u |e| + 2^-149
 * of e, and the sign of a non-zero e is E's.  Rounding is monotone, so the
 * computed lower end of a slab is the exact lower end's.  lo = max(0, the
 * lower ends) >= 0, hi = min(tmax, the upper ends), every end finite:
 * - hit: X = fl(fl(lo + 2^-140)(1 + 2^-20)) <= hi.  X >= (lo + 2^-140)
 *   (1 + 16u)(1 - u)^2 >= (lo + 2^-140)(1 + 13.9u) (normal), so hi > 0 and
 *   the exact exit is at least hi (1 - 6.02u) - 2^-149 >= (lo + 2^-140)
 *   (1 + 7.8u) - 2^-149 > lo (1 + 6.02u) + 2^-149, which bounds the exact
 *   entry (a negative lower end's exact value is below 2^-149).
 * - miss: Y = fl(fl(hi (1 + 2^-20)) + 2^-140) < lo.  If hi < 0, an upper
 *   end (or tmax: invalid, a miss anyway) is negative, so exactly.  Else Y
 *   >= (hi (1 + 16u)(1 - u) - 2^-150 + 2^-140)(1 - u) >= hi (1 + 14.9u) +
 *   0.99 2^-140, and lo > 0 is a lower end whose exact value is at least
 *   lo (1 - 6.02u) - 2^-149 > hi (1 + 8.8u) + 2^-141 > hi (1 + 6.02u) +
 *   2^-149, which the exact exit does not exceed.
 * A NaN tmax makes hi NaN: neither.  docs/queries/ray_aabb.md. */
#define FB_RAY32_SLAB 0x1p-20f
#define FB_RAY32_SLAB_ABS 0x1p-140f

/* ---- sphere_triangle's outputs from its witness (issue 14) ---------------------
 * FB_ST_OUT_SLACK 2^-46, FB_ST_OUT_REL 2^-22, FB_ST_OUT_TAU 2^-46
 * (fast/sphere_triangle.c, st_witness_out).  On a certain hit with the
 * witness w = a + s ab + t ac in the triangle (exact s, t), G = c - w:
 * U >= |G|^2 (FB_CERT_DOT, FB_CERT_SQ) and |G|^2 >= d2 + |q - w|^2 (q the
 * closest point; (c - q).(w - q) <= 0 on a convex set); m from
 * FB_CAPSULE_GAP bounds g.(c - y) below on the triangle, so for m > 0
 * d2 >= L = m^2 / (g.g)exact, and (g.g)exact <= gg (1 + 2^-51) (gamma_3).
 * g's components are 0 or multiples of 2^-201, so gg >= 2^-402 and
 * U gg >= gg^2 (U >= gg by monotone rounding) is normal.
 * - fl(fl(U gg)(1 + 2^-46)) <= fl(fl(m m)(1 + 2^-22)): with both sides
 *   normal, U gg (1 - u)^2 (1 + 2^-46) <= m^2 (1 + 2^-22)(1 + u)^2, and
 *   (1 + 2^-51)(1 + u)^2 / ((1 - u)^2 (1 + 2^-46)) < 1 gives
 *   U <= (1 + 2^-22) L: d2 is in [L, U], U - d2 <= 2^-22 d2.  An underflow
 *   of m m makes the right side below 2^-1021 < the left: no pass.
 * - fl(fl(fl(U - tau) gg)(1 + 2^-46)) <= fl(m m), tau = fl(M M) 2^-46 (M
 *   the largest |fl(c_i - v_i)| <= 2 S (1 + u), S the largest input
 *   magnitude, M >= 2^-149 when m > 0): for U > tau, likewise
 *   (U - tau) gg (1 - u)^3 (1 + 2^-46) <= m^2 (1 + u) (less 2^-1074 if the
 *   product underflows, which adds at most 2^-671 < 2^-300 tau below), so
 *   U - L <= tau <= 2^-44 S^2 (1 + 3u): |q - w| <= 2^-22 S (1 + 2u).
 * The outputs: point_i = fl32(fl(c_i - g_i)) is within E_i = 2^-50 A_i +
 * 2^-500 <= 2^-47 S of w_i before the binary32 rounding (2^-24 |w_i| <=
 * 2^-24 S, w in the hull), so within 5.01 2^-24 S of q_i; dist2 =
 * fl32(U) within (2^-22 + 2^-24 (1 + 2^-22)) d2 < 5.01 2^-24 d2 of d2.
 * ref rounds q and d2 once to binary64: both are inside the entry's 8 ulps
 * (scale max(|r|, S) for the point, |r| for dist2) while the values are
 * normal binary32 (below 2^-126 the binary32 grid is absolute, and above
 * FLT_MAX dist2 is inf, as on the fallback path).  The thresholds are
 * chosen, not forced: 2^-22 and 2^-44 S^2 spend 4 of the 8 ulps on the
 * witness.  docs/queries/sphere_triangle.md, "fast". */
#define FB_ST_OUT_SLACK 0x1p-46
#define FB_ST_OUT_REL 0x1p-22
#define FB_ST_OUT_TAU 0x1p-46

/* FB_ST_BRACKET is also the guard of sphere_triangle's edge-line stage
 * (fast/sphere_triangle_exact.c, line_sign_bracket): |w x e|^2 <= r^2 e.e
 * with the bracketed components c_i of w x e on the left (sum of three
 * squares: the upper side fl(fl(sum fl(fl(v_i + e_i)^2)) (1 + 32u)) >=
 * |w x e|^2 after at most five roundings, the lower side fl(l_i)^2 summed
 * at most |w x e|^2 (1 + u)^5) and r^2 e.e, e exact, on the right (fl(e_i
 * e_i) summed, then the product by r^2 and the factor: within (1 +- u)^5):
 * the same margins as the plane test's, 32u against at most 7u. */

/* ---- point_in_triangle: stage 0 as of issue 14 pitspeed ------------------
 * Changes to the steps of "FB_PIT_GRID_BITS written out" above (the bound
 * and its derivation are unchanged):
 * 1'. mx = max(hi, -lo), hi and lo the largest and least coordinates
 *    (binary32 comparisons, exact; no absolute values).  A NaN coordinate
 *    may be dropped from hi or lo (and with it the ones compared before
 *    it), so mx may then be below some |x|; that input is off the grid
 *    by 3'.  An infinite coordinate without a NaN is kept: f = 255.
 * 3'. The test is the residual r = fl(fl(x + c) - c) - x, its bits or-ed
 *    over the twelve: r = fl(N q - x) is +0 iff N q = x (x - x is +0 in
 *    round to nearest; a difference of two distinct binary32 values does
 *    not round to 0), so "every bit 0" is "every x on the grid"; an
 *    infinite x gives inf - inf = NaN and a NaN x a NaN: never +0 (so 1'
 *    needs no exclusion of them).
 * 4'. v2 - v1 and p - v1 are formed from the binary32 coordinates (one
 *    binary64 difference each): on the grid exact, the same values.
 * 7'. The edge orientations are taken in the projection along z when the
 *    (exact) n_z != 0 (one to one, like any axis with n_k != 0; no
 *    selection of k); n_z = 0: pit_grid_k, step 7 with the largest |n_k|
 *    (n = 0: the hull).  Before the grid test, stage 0a certifies misses
 *    in that projection with FB_CERT_ORIENT2 (any inputs; not exactness:
 *    docs/queries/point_in_triangle.md, "Stage 0a"). */

/* FB_SPHERE_PLANE_Q (2^-47): sphere_plane's common path decides the sign
 * of S^2 - R, S = (c - p).n, R = r^2 n.n, from q = fl(fl(d d) - rr)
 * against e = fl(2^-47 fl(fl(a a) + rr)), with d, a as for FB_CERT_DOT
 * (|d - S| <= gamma_4 A, A = sum_i |w_i n_i| <= a/(1 - gamma_3)) and
 * rr = fl(fl(r r) nn), nn = fl(sum_i n_i^2) (r r and the squares exact):
 * |rr - R| <= gamma_3 R.  |d| <= (1 + gamma_2) A, so
 * |S^2 - d^2| = |S - d| |S + d| <= gamma_4 A (2 |d| + gamma_4 A) < 8.01u a^2,
 * |fl(d d) - d^2| <= u d^2 < 1.01u a^2 and |rr - R| < 3.01u rr: the real
 * X = fl(d d) - rr is within 9.01u (a^2 + rr) < 2^-49.8 (a^2 + rr) of
 * S^2 - R, and q = fl(X) has X's sign with |q| <= (1 + u) |X|.  e >=
 * 2^-47 (a^2 + rr) (1 - u)^2, so q > e proves S^2 > R and -q > e proves
 * S^2 < R.  q > e also gives d^2 > 2^-47.1 a^2, |d| > 2^-24 a > gamma_4 A:
 * d has S's sign.  Ranges: for finite inputs every non-zero t_i = w_i n_i
 * is a multiple of 2^-298 below 2^258, so a^2, d^2 and rr lie in
 * [2^-596, 2^520] or are 0: no under- or overflow.  A non-finite input
 * makes a or rr (so e) inf or NaN, and n = 0 makes q = e = 0: neither
 * strict comparison holds.  docs/queries/sphere_plane.md. */
#define FB_SPHERE_PLANE_Q 0x1p-47

#endif
