/* fast/point_in_triangle.c: point in closed 3D triangle, binary32 inputs,
 * exact answer.
 *
 * p is in the triangle a b c iff it is in its plane, orient = n.(p - a) = 0
 * with n = (b - a) x (c - a), and inside its three edges.  The binary64
 * orientation, certified by FB_CERT_TRIPLE (fast/fast_bounds.h), settles
 * every point off the plane; a point the bound cannot place off it goes to
 * the exact path (fe expansions, fast/fast_exact.h): the exact orientation,
 * then the edge tests as 2D orientations in the coordinate plane of a
 * non-zero component n_k of the normal (the projection along axis k maps
 * the triangle's plane onto that coordinate plane one to one, so it keeps
 * containment); a degenerate triangle (n = 0) is the union of its three
 * edges, its hull.  ref's answer for every binary32 input:
 * docs/queries/point_in_triangle.md.
 */
#include "fast_exact.h"
#include "fast_overlap.h"

/* p on the closed segment x y: (p - x) x (y - x) = 0 and (p - x).(p - y) <= 0. */
static bool on_segment_exact(isect_vec3 p, isect_vec3 x, isect_vec3 y)
{
    fe px[3], py[3], yx[3], c[3];
    fe_diff3(px, p, x);
    fe_diff3(py, p, y);
    fe_diff3(yx, y, x);
    fe_cross3(c, px, yx);
    if (fe_sign(&c[0]) || fe_sign(&c[1]) || fe_sign(&c[2]))
        return false;
    fe d = fe_dot3(px, py);
    return fe_sign(&d) <= 0;
}

/* orient2d of (x, y, p) in the coordinates i, j, exactly. */
static int orient2_exact(isect_vec3 x, isect_vec3 y, isect_vec3 p, int i, int j)
{
    fe yi = fe_diff(fv_comp(y, i), fv_comp(x, i)), yj = fe_diff(fv_comp(y, j), fv_comp(x, j));
    fe pi = fe_diff(fv_comp(p, i), fv_comp(x, i)), pj = fe_diff(fv_comp(p, j), fv_comp(x, j));
    fe s = fe_mul(&yi, &pj), t = fe_mul(&yj, &pi), o = fe_add(&s, &t, -1);
    return fe_sign(&o);
}

static bool point_in_triangle_exact(isect_vec3 p, isect_triangle tri)
{
    fe ab[3], ac[3], ap[3], n[3];
    fe_diff3(ab, tri.v1, tri.v0);
    fe_diff3(ac, tri.v2, tri.v0);
    fe_diff3(ap, p, tri.v0);
    fe_cross3(n, ab, ac);
    int k = fe_sign(&n[0]) ? 0 : fe_sign(&n[1]) ? 1 : fe_sign(&n[2]) ? 2 : -1;
    if (k < 0) /* a segment or a point: its hull is the union of its edges */
        return on_segment_exact(p, tri.v0, tri.v1) || on_segment_exact(p, tri.v1, tri.v2) ||
               on_segment_exact(p, tri.v2, tri.v0);
    fe o = fe_dot3(n, ap);
    if (fe_sign(&o))
        return false;
    /* n_k = orient2d(v0, v1, v2) in the coordinates i, j */
    int i = (k + 1) % 3, j = (k + 2) % 3, s = fe_sign(&n[k]);
    return s * orient2_exact(tri.v0, tri.v1, p, i, j) >= 0 && s * orient2_exact(tri.v1, tri.v2, p, i, j) >= 0 &&
           s * orient2_exact(tri.v2, tri.v0, p, i, j) >= 0;
}

bool isect_point_in_triangle(isect_vec3 p, isect_triangle tri, isect_point_in_triangle_result *out)
{
    if (out)
        out->hit = false;
    fv_d3 a = fv_d(tri.v0), ab = fv_dsub(fv_d(tri.v1), a), ac = fv_dsub(fv_d(tri.v2), a), ap = fv_dsub(fv_d(p), a);
    double o = fv_ddot(ap, fv_dcross(ab, ac)), t = ov_abs_triple(ap, ab, ac);
    /* a non-finite input makes t inf or NaN (0 inf included) unless it
     * cancels out of every product: checked before the exact path */
    if (o > FB_CERT_TRIPLE * t || -o > FB_CERT_TRIPLE * t)
        return false; /* certainly off the plane (or not finite) */
    if (!(fv_finite3(p) && fv_finite3(tri.v0) && fv_finite3(tri.v1) && fv_finite3(tri.v2)))
        return false;
    bool hit = point_in_triangle_exact(p, tri);
    if (out)
        out->hit = hit;
    return hit;
}
