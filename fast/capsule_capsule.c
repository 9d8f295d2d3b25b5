/* fast/capsule_capsule.c: capsules (segments swept by balls) overlap,
 * binary32 inputs.
 *
 * The squared distance between the segments, as in ref: the least of the
 * four endpoint-to-segment distances and, when the lines are not parallel
 * and their closest points fall in both segments, the line-to-line distance
 * (n.r)^2/n.n with n = d1 x d2; against (r0 + r1)^2.  Binary64 from the
 * binary32 inputs, nothing overflows or underflows, and there is no
 * parallel epsilon.  The cross products are computed with exact products
 * (the differences d1, d2, r are not binary32, so plain binary64 products
 * round), so n is accurate to its own magnitude however parallel the
 * segments; with an accurate n a misplaced stationary point (ill-conditioned
 * for nearly parallel segments) changes the distance only by rounding
 * (docs/queries/capsule_capsule.md).
 */
#include "fast_exact.h"
#include "fast_overlap.h"

/* a*b - c*d with one rounding: Dekker's exact products (fx_two_prod; no
 * FMA needed, exact for magnitudes below 2^995, far above any product of
 * binary32 differences) and a compensated difference. */
static double diff_of_products(double a, double b, double c, double d)
{
    double e1, e2, p1 = fx_two_prod(a, b, &e1), p2 = fx_two_prod(c, d, &e2);
    return (p1 - p2) + (e1 - e2);
}

/* x cross y with each component accurate to a few units of 2^-53 of its own
 * magnitude: the differences of binary32 coordinates are not binary32, so
 * their products are not exact in binary64, and nearly parallel segments
 * make the cross product a cancellation. */
static fv_d3 cross_acc(fv_d3 x, fv_d3 y)
{
    return (fv_d3){diff_of_products(x.y, y.z, x.z, y.y), diff_of_products(x.z, y.x, x.x, y.z),
                   diff_of_products(x.x, y.y, x.y, y.x)};
}

/* Squared distance from x to the segment a + t e, t in [0, 1]. */
static double seg_dist2(fv_d3 x, fv_d3 a, fv_d3 e)
{
    fv_d3 q;
    return ov_closest_segment(a, e, x, &q);
}

static bool capsule_valid(isect_capsule c)
{
    return fv_finite3(c.p0) && fv_finite3(c.p1) && isfinite(c.radius) && c.radius >= 0;
}

bool isect_capsule_capsule(isect_capsule a, isect_capsule b, isect_capsule_capsule_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!capsule_valid(a) || !capsule_valid(b))
        return false;

    fv_d3 p0 = fv_d(a.p0), p1 = fv_d(a.p1), q0 = fv_d(b.p0), q1 = fv_d(b.p1);
    fv_d3 d1 = fv_dsub(p1, p0), d2 = fv_dsub(q1, q0), r = fv_dsub(q0, p0);
    double best = seg_dist2(p0, q0, d2), x;
    if ((x = seg_dist2(p1, q0, d2)) < best)
        best = x;
    if ((x = seg_dist2(q0, p0, d1)) < best)
        best = x;
    if ((x = seg_dist2(q1, p0, d1)) < best)
        best = x;
    fv_d3 n = cross_acc(d1, d2);
    double nn = fv_ddot(n, n);
    if (nn > 0) {
        double s = fv_ddot(cross_acc(r, d2), n), t = fv_ddot(cross_acc(r, d1), n);
        if (s >= 0 && s <= nn && t >= 0 && t <= nn) {
            double h = fv_ddot(n, r);
            if ((x = h * (h / nn)) < best)
                best = x;
        }
    }
    double R = (double)a.radius + b.radius;
    bool hit = best <= R * R;
    if (out)
        out->hit = hit;
    return hit;
}
