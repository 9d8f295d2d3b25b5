/* fast/sphere_obb.c: closed ball against oriented box (parallelepiped, axes
 * as given), binary32 inputs.
 *
 * The squared distance from the centre to the box, as in ref: 0 when the
 * centre is certainly inside (|n_i.w| <= |det| for the face normals
 * n_i = u_j x u_k, with their rounding errors bounded), otherwise the least
 * distance to the six faces (a face: its plane when the projection falls in
 * it, else its four edges).  Binary64 throughout: u_i = half_i axis_i is
 * exact, every product of two binary32 values is exact, and no intermediate
 * of binary32 inputs can overflow or underflow.  An uncertain inside test
 * falls back to the faces, which is harmless: it happens only within the
 * rounding of the boundary, or for a box thinner than the rounding, and
 * there the distance to the faces is that small.
 * docs/queries/sphere_obb.md.
 */
#include "overlap.h"

static double clampd(double x) { return x < -1 ? -1 : x > 1 ? 1 : x; }

/* Squared distance from d to the segment e0 + t e, t in [-1, 1]. */
static double seg2(ov_d3 d, ov_d3 e0, ov_d3 e)
{
    ov_d3 r = ov_dsub(d, e0);
    double ee = ov_ddot(e, e);
    if (ee > 0)
        r = ov_dsub(r, ov_dmul(e, clampd(ov_ddot(e, r) / ee)));
    return ov_ddot(r, r);
}

/* Squared distance from d to the parallelogram a u + b v, |a|, |b| <= 1. */
static double face2(ov_d3 d, ov_d3 u, ov_d3 v)
{
    ov_d3 n = ov_dcross(u, v);
    double g = ov_ddot(n, n);
    if (g > 0) {
        double uu = ov_ddot(u, u), vv = ov_ddot(v, v), uv = ov_ddot(u, v), ud = ov_ddot(u, d), vd = ov_ddot(v, d);
        double a = (vv * ud - uv * vd) / g, b = (uu * vd - uv * ud) / g;
        if (fabs(a) <= 1 && fabs(b) <= 1) {
            double s = ov_ddot(n, d);
            return s * (s / g);
        }
    }
    ov_d3 mu = ov_dmul(u, -1), mv = ov_dmul(v, -1);
    double r = seg2(d, u, v), x;
    if ((x = seg2(d, mu, v)) < r)
        r = x;
    if ((x = seg2(d, v, u)) < r)
        r = x;
    if ((x = seg2(d, mv, u)) < r)
        r = x;
    return r;
}

static double absdot(ov_d3 a, ov_d3 b) { return fabs(a.x * b.x) + fabs(a.y * b.y) + fabs(a.z * b.z); }

bool isect_sphere_obb(isect_sphere s, isect_obb box, isect_sphere_obb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!ov_finite3(s.center) || !isfinite(s.radius) || !(s.radius >= 0) || !ov_finite3(box.center) ||
        !ov_finite3(box.axis[0]) || !ov_finite3(box.axis[1]) || !ov_finite3(box.axis[2]) || !ov_finite3(box.half) ||
        !(box.half.x >= 0 && box.half.y >= 0 && box.half.z >= 0))
        return false;

    const float h[3] = {box.half.x, box.half.y, box.half.z};
    ov_d3 u[3], w = ov_dsub(ov_d(s.center), ov_d(box.center));
    for (int i = 0; i < 3; i++)
        u[i] = ov_dmul(ov_d(box.axis[i]), h[i]);
    double r2 = (double)s.radius * s.radius;

    /* inside for certain?  |w.n_i| + err <= |det| - err */
    ov_d3 n0 = ov_dcross(u[1], u[2]);
    double det = ov_ddot(u[0], n0);
    /* each n_i component: two products and a difference (relative 2^-52 of
     * the sum of the product magnitudes); a dot product adds 2^-51 */
    double det_err = 0x1p-49 * (absdot(u[0], (ov_d3){fabs(u[1].y * u[2].z) + fabs(u[1].z * u[2].y),
                                                    fabs(u[1].z * u[2].x) + fabs(u[1].x * u[2].z),
                                                    fabs(u[1].x * u[2].y) + fabs(u[1].y * u[2].x)}));
    bool inside = fabs(det) > det_err;
    for (int i = 0; i < 3 && inside; i++) {
        ov_d3 a = u[(i + 1) % 3], b = u[(i + 2) % 3];
        ov_d3 n = ov_dcross(a, b);
        ov_d3 nm = {fabs(a.y * b.z) + fabs(a.z * b.y), fabs(a.z * b.x) + fabs(a.x * b.z), fabs(a.x * b.y) + fabs(a.y * b.x)};
        double err = 0x1p-49 * absdot(w, nm) + 0x1p-52 * absdot(w, n);
        inside = fabs(ov_ddot(w, n)) + err <= fabs(det) - det_err;
    }
    double d2 = 0;
    if (!inside) {
        d2 = INFINITY;
        for (int i = 0; i < 3; i++)
            for (int sg = -1; sg <= 1; sg += 2) {
                double x = face2(ov_dsub(w, ov_dmul(u[i], sg)), u[(i + 1) % 3], u[(i + 2) % 3]);
                if (x < d2)
                    d2 = x;
            }
    }
    bool hit = d2 <= r2;
    if (out)
        out->hit = hit;
    return hit;
}
