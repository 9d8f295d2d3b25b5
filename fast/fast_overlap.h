/* fast/fast_overlap.h: closest points shared by the static-overlap queries
 * of libisect (fast/point_in_triangle.c, sphere_triangle.c; the rescaling
 * and the vectors are in fast/fast_vec3.h).  Internal to libisect.
 *
 * Rescaling.  The binary32 queries evaluate squared lengths; for them a
 * power-of-two rescaling of the inputs is exact (away from underflow) and
 * commutes with rounding.  fv_rescale_exp(m, FB_COMFY_HI_SQ) gives the
 * factor that brings the largest magnitude m of a unit class into [1/2, 1)
 * when m lies outside the comfortable range [2^-30, 2^60] (why that range:
 * fast/fast_bounds.h, docs/queries/sphere_sphere.md).
 *
 * Binary64.  Where a query needs cross products or long dot products it
 * takes binary32 differences (one rounding each: a perturbation of the
 * inputs) and evaluates the rest in binary64, where the product of two
 * binary32 values is exact and no product of a few of them over- or
 * underflows (docs/queries/point_in_triangle.md explains the bound).
 */
#ifndef ISECT_FAST_OVERLAP_H
#define ISECT_FAST_OVERLAP_H

#include "fast_bounds.h"
#include "fast_vec3.h"

/* ---- closest point of a triangle ---------------------------------------- */

/* The magnitude terms of the cross product y x z: m_x = |y_y z_z| +
 * |y_z z_y| and cyclically (ov_abs_triple's inner sums; a caller that
 * bounds several triple products with one y x z computes them once). */
static inline fv_d3 ov_cross_terms(fv_d3 y, fv_d3 z)
{
    return (fv_d3){fabs(y.y * z.z) + fabs(y.z * z.y), fabs(y.z * z.x) + fabs(y.x * z.z),
                   fabs(y.x * z.y) + fabs(y.y * z.x)};
}

/* |x.(y x z)| computed with all its products and sums in magnitude: it
 * bounds every intermediate of x.(y x z) in binary64, so the rounding of
 * that triple product (the cross product's two roundings per component,
 * then the dot product's three, and one rounding in each coordinate of
 * any one factor) is below FB_TRIPLE = 2^-50 of it (fast/fast_bounds.h).
 * ov_abs_triple_terms: the same from m = ov_cross_terms(y, z). */
static inline double ov_abs_triple_terms(fv_d3 x, fv_d3 m)
{
    return fabs(x.x) * m.x + fabs(x.y) * m.y + fabs(x.z) * m.z;
}
static inline double ov_abs_triple(fv_d3 x, fv_d3 y, fv_d3 z) { return ov_abs_triple_terms(x, ov_cross_terms(y, z)); }

/* Closest point of the segment x + t e, t in [0, 1], to w (all relative to
 * the same origin); returns the squared distance and writes the point. */
static inline double ov_closest_segment(fv_d3 x, fv_d3 e, fv_d3 w, fv_d3 *q)
{
    fv_d3 d = fv_dsub(w, x);
    double ee = fv_ddot(e, e), t = 0;
    if (ee > 0) {
        t = fv_ddot(e, d) / ee;
        t = t > 0 ? (t < 1 ? t : 1) : 0;
    }
    *q = fv_dadd(x, fv_dmul(e, t));
    fv_d3 r = fv_dsub(d, fv_dmul(e, t));
    return fv_ddot(r, r);
}

/* The closest point q of the closed triangle (0, ab, ac) to ap, and the
 * squared distance (binary64; the arguments are binary32 differences, so
 * every product of two coordinates is exact).  The projection onto the plane
 * when n = ab x ac != 0 and the scaled barycentrics vb = n.(ap x ac),
 * vc = n.(ab x ap), n.n - vb - vc are certainly >= 0 (beyond their rounding
 * bounds, ov_abs_triple); otherwise the closest of the three edges' closest
 * points (a degenerate triangle is the union of its edges).  For a sliver
 * triangle the barycentrics are ill-conditioned (vb cancels, its rounding
 * may exceed n.n many times over), hence the certificate; where it fails
 * although the projection is inside, the projection is within 2^-49 |ap| of
 * an edge's line, so the edges give the distance to that accuracy
 * (docs/queries/sphere_triangle.md). */
static inline double ov_closest_triangle(fv_d3 ab, fv_d3 ac, fv_d3 ap, fv_d3 *q)
{
    fv_d3 n = fv_dcross(ab, ac);
    double nn = fv_ddot(n, n);
    if (nn > 0) {
        double vb = fv_ddot(n, fv_dcross(ap, ac)), vc = fv_ddot(n, fv_dcross(ab, ap));
        double eb = FB_TRIPLE * ov_abs_triple(n, ap, ac), ec = FB_TRIPLE * ov_abs_triple(n, ab, ap);
        if (vb >= eb && vc >= ec && (vb + vc + eb + ec) * (1 + FB_SUMSQ) <= nn * (1 - FB_SUMSQ)) {
            double s = fv_ddot(n, ap);
            *q = fv_dsub(ap, fv_dmul(n, s / nn));
            return s * (s / nn);
        }
    }
    fv_d3 zero = {0, 0, 0}, q1, q2;
    double d0 = ov_closest_segment(zero, ab, ap, q);
    double d1 = ov_closest_segment(zero, ac, ap, &q1);
    double d2 = ov_closest_segment(ab, fv_dsub(ac, ab), ap, &q2);
    if (d1 < d0) {
        d0 = d1;
        *q = q1;
    }
    if (d2 < d0) {
        d0 = d2;
        *q = q2;
    }
    return d0;
}

#endif
