/* fast/triangle_triangle.c: closed triangles share a point, binary32 inputs.
 *
 * The separating-axis test: both normals, the nine cross products of the
 * edges, and the six in-plane edge normals (which decide coplanar
 * triangles); for degenerate triangles also the offset between the
 * centroids and its component off the longest edge.  Projections in
 * binary64 on the original coordinates; an axis separates only when the gap
 * exceeds the guard FB_SAT_PROJ sum_i |L_i| M_i (M_i the largest magnitude of
 * coordinate i), which bounds their rounding: fast never separates
 * triangles that touch, and no epsilon decides coplanarity.
 * docs/queries/triangle_triangle.md.
 */
#include "fast_vec3.h"

typedef struct {
    fv_d3 a[3], b[3];
    double M[3];
} config;

static bool separates(const config *c, fv_d3 L)
{
    double g = FB_SAT_PROJ * (fabs(L.x) * c->M[0] + fabs(L.y) * c->M[1] + fabs(L.z) * c->M[2]);
    double p0 = fv_ddot(L, c->a[0]), p1 = fv_ddot(L, c->a[1]), p2 = fv_ddot(L, c->a[2]);
    double q0 = fv_ddot(L, c->b[0]), q1 = fv_ddot(L, c->b[1]), q2 = fv_ddot(L, c->b[2]);
    double amin = isect_fmin(p0, isect_fmin(p1, p2)), amax = isect_fmax(p0, isect_fmax(p1, p2));
    double bmin = isect_fmin(q0, isect_fmin(q1, q2)), bmax = isect_fmax(q0, isect_fmax(q1, q2));
    return amax + g < bmin || bmax + g < amin;
}

bool isect_triangle_triangle(isect_triangle ta, isect_triangle tb, isect_triangle_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!fv_finite3(ta.v0) || !fv_finite3(ta.v1) || !fv_finite3(ta.v2) || !fv_finite3(tb.v0) || !fv_finite3(tb.v1) ||
        !fv_finite3(tb.v2))
        return false;

    config c = {{fv_d(ta.v0), fv_d(ta.v1), fv_d(ta.v2)}, {fv_d(tb.v0), fv_d(tb.v1), fv_d(tb.v2)}, {0, 0, 0}};
    for (int k = 0; k < 3; k++) {
        const fv_d3 *p[2] = {&c.a[k], &c.b[k]};
        for (int s = 0; s < 2; s++) {
            c.M[0] = isect_fmax(c.M[0], fabs(p[s]->x));
            c.M[1] = isect_fmax(c.M[1], fabs(p[s]->y));
            c.M[2] = isect_fmax(c.M[2], fabs(p[s]->z));
        }
    }
    fv_d3 ea[3], eb[3];
    for (int k = 0; k < 3; k++) {
        ea[k] = fv_dsub(c.a[(k + 1) % 3], c.a[k]);
        eb[k] = fv_dsub(c.b[(k + 1) % 3], c.b[k]);
    }
    fv_d3 na = fv_dcross(ea[0], ea[1]), nb = fv_dcross(eb[0], eb[1]);
    if (separates(&c, na) || separates(&c, nb))
        return false;
    fv_d3 longest = ea[0];
    for (int i = 0; i < 3; i++) {
        if (separates(&c, fv_dcross(na, ea[i])) || separates(&c, fv_dcross(nb, eb[i])))
            return false;
        for (int j = 0; j < 3; j++)
            if (separates(&c, fv_dcross(ea[i], eb[j])))
                return false;
        if (fv_ddot(ea[i], ea[i]) > fv_ddot(longest, longest))
            longest = ea[i];
        if (fv_ddot(eb[i], eb[i]) > fv_ddot(longest, longest))
            longest = eb[i];
    }
    /* degenerate triangles (segments, points) */
    fv_d3 t = fv_dsub(fv_dadd(fv_dadd(c.b[0], c.b[1]), c.b[2]), fv_dadd(fv_dadd(c.a[0], c.a[1]), c.a[2]));
    if (separates(&c, t) || separates(&c, fv_dcross(longest, fv_dcross(t, longest))))
        return false;
    if (out)
        out->hit = true;
    return true;
}
