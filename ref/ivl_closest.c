/* ref/ivl_closest.c: closest points of a segment and of a triangle in
 * ref/ivl.h's long-double intervals, mirroring q3_closest_segment() and
 * q3_closest_triangle() (ref/exact.c), for the tight exits of
 * sphere_sweep_segment, sphere_sweep_triangle and sphere_triangle.  Each
 * returns false when a branch the exact construction takes is not certain
 * at the inputs; otherwise y and d2 = |x - y|^2 enclose the exact values,
 * and *end names the input point y is exactly, when it is one (an end of
 * the segment, a vertex). */
#include "ivl.h"

#include <stddef.h>

bool ivl_closest_segment(const double *x, const double *p0, const double *p1, const double **end, ivl3 *y, ivl *d2)
{
    ivl3 e = ivl3_sub(ivl3_at(p1), ivl3_at(p0)), w = ivl3_sub(ivl3_at(x), ivl3_at(p0));
    ivl E = ivl3_dot(e, e), we = ivl3_dot(w, e), rest = ivl_sub(E, we);
    /* p0 + clamp(w.e / E, 0, 1) e; the clamp at 1 gives p0 + (p1 - p0) = p1 */
    *end = E.hi == 0 || we.hi <= 0 ? p0 : rest.hi <= 0 ? p1 : NULL;
    if (*end) {
        *y = ivl3_at(*end);
    } else {
        if (!(we.lo > 0 && rest.lo > 0))
            return false;
        ivl s = ivl_div(we, E), p[3] = {ivl_d(p0[0]), ivl_d(p0[1]), ivl_d(p0[2])};
        *y = (ivl3){ivl_add(p[0], ivl_mul(s, e.x)), ivl_add(p[1], ivl_mul(s, e.y)), ivl_add(p[2], ivl_mul(s, e.z))};
    }
    ivl3 g = ivl3_sub(ivl3_at(x), *y);
    *d2 = ivl3_dot(g, g);
    return true;
}

/* The projection p - n (n.ap)/(n.n) when it is certainly inside (n = ab x
 * ac, n.n > 0, the three weights >= 0), with d2 = (n.ap)^2 / (n.n); when it
 * is certainly outside (a weight < 0, or n = 0) the closest point of the
 * edge nearest p, unique (the triangle is convex), so any edge whose squared
 * distance is certainly least gives it, and so do tied edges whose closest
 * point is the same vertex. */
bool ivl_closest_triangle(const double *p, const double *a, const double *b, const double *c, const double **end,
                          ivl3 *y, ivl *d2)
{
    ivl3 A = ivl3_at(a), ab = ivl3_sub(ivl3_at(b), A), ac = ivl3_sub(ivl3_at(c), A), ap = ivl3_sub(ivl3_at(p), A);
    ivl3 n = ivl3_cross(ab, ac);
    ivl nn = ivl3_dot(n, n), vb = ivl3_dot(n, ivl3_cross(ap, ac)), vc = ivl3_dot(n, ivl3_cross(ab, ap));
    ivl va = ivl_sub(ivl_sub(nn, vb), vc);
    if (nn.lo > 0 && va.lo >= 0 && vb.lo >= 0 && vc.lo >= 0) {
        ivl na = ivl3_dot(n, ap), s = ivl_div(na, nn), P[3] = {ivl_d(p[0]), ivl_d(p[1]), ivl_d(p[2])};
        *y = (ivl3){ivl_sub(P[0], ivl_mul(s, n.x)), ivl_sub(P[1], ivl_mul(s, n.y)), ivl_sub(P[2], ivl_mul(s, n.z))};
        *d2 = ivl_div(ivl_mul(na, na), nn);
        *end = NULL;
        return true;
    }
    if (!(nn.hi == 0 || va.hi < 0 || vb.hi < 0 || vc.hi < 0))
        return false;
    const double *ends[3][2] = {{a, b}, {b, c}, {c, a}}, *en[3];
    ivl3 ys[3];
    ivl ds[3];
    int k = 0;
    for (int j = 0; j < 3; j++) {
        if (!ivl_closest_segment(p, ends[j][0], ends[j][1], &en[j], &ys[j], &ds[j]))
            return false;
        if (ds[j].lo < ds[k].lo)
            k = j;
    }
    for (int j = 0; j < 3; j++)
        if (j != k && !(ds[j].lo > ds[k].hi) && !(en[k] && en[j] == en[k]))
            return false;
    *end = en[k];
    *y = ys[k];
    *d2 = ds[k];
    return true;
}
