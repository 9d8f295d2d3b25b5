/* fast/aabb_triangle.c: closed axis-aligned box against closed triangle,
 * binary32 inputs.
 *
 * The separating-axis test of Akenine-Moller (2001) on its 13 axes: the
 * box's face normals (exact comparisons of the binary32 coordinates), the
 * triangle's normal, the nine cross products of the box's axes with the
 * triangle's edges; plus the triangle's in-plane edge normals n x f_j (for
 * flat boxes in the triangle's plane) and, for degenerate triangles, the
 * component of the offset between the centres off the longest edge.  The
 * projections run in binary64 on the original coordinates; an axis
 * separates only when the gap exceeds a guard that bounds their rounding,
 * FB_SAT_PROJ sum_i |L_i| M_i = 2^-49 ... (M_i the largest magnitude of coordinate i), so
 * fast never separates boxes and triangles that touch.
 * docs/queries/aabb_triangle.md.
 */
#include "fast_vec3.h"

typedef struct {
    fv_d3 v[3];
    double lo[3], hi[3], M[3];
} config;

static bool separates(const config *c, fv_d3 L)
{
    double l[3] = {L.x, L.y, L.z}, bmin = 0, bmax = 0, g = 0;
    for (int i = 0; i < 3; i++) {
        double p = l[i] * c->lo[i], q = l[i] * c->hi[i];
        bmin += p < q ? p : q;
        bmax += p < q ? q : p;
        g += fabs(l[i]) * c->M[i];
    }
    g *= FB_SAT_PROJ;
    double t0 = fv_ddot(L, c->v[0]), t1 = fv_ddot(L, c->v[1]), t2 = fv_ddot(L, c->v[2]);
    double tmin = isect_fmin(t0, isect_fmin(t1, t2)), tmax = isect_fmax(t0, isect_fmax(t1, t2));
    return tmax + g < bmin || tmin - g > bmax;
}

bool isect_aabb_triangle(isect_aabb b, isect_triangle tri, isect_aabb_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!fv_finite3(b.min) || !fv_finite3(b.max) || !fv_finite3(tri.v0) || !fv_finite3(tri.v1) ||
        !fv_finite3(tri.v2) || !(b.min.x <= b.max.x && b.min.y <= b.max.y && b.min.z <= b.max.z))
        return false;

    /* box face normals: exact */
    const float vx[3] = {tri.v0.x, tri.v1.x, tri.v2.x}, vy[3] = {tri.v0.y, tri.v1.y, tri.v2.y},
                vz[3] = {tri.v0.z, tri.v1.z, tri.v2.z};
    if (isect_fmaxf(vx[0], isect_fmaxf(vx[1], vx[2])) < b.min.x || isect_fminf(vx[0], isect_fminf(vx[1], vx[2])) > b.max.x ||
        isect_fmaxf(vy[0], isect_fmaxf(vy[1], vy[2])) < b.min.y || isect_fminf(vy[0], isect_fminf(vy[1], vy[2])) > b.max.y ||
        isect_fmaxf(vz[0], isect_fmaxf(vz[1], vz[2])) < b.min.z || isect_fminf(vz[0], isect_fminf(vz[1], vz[2])) > b.max.z)
        return false;

    config c = {{fv_d(tri.v0), fv_d(tri.v1), fv_d(tri.v2)}, {b.min.x, b.min.y, b.min.z}, {b.max.x, b.max.y, b.max.z},
                {0, 0, 0}};
    for (int i = 0; i < 3; i++) {
        double m = isect_fmax(fabs(c.lo[i]), fabs(c.hi[i]));
        for (int k = 0; k < 3; k++)
            m = isect_fmax(m, fabs(fv_dcomp(c.v[k], i)));
        c.M[i] = m;
    }
    fv_d3 f[3] = {fv_dsub(c.v[1], c.v[0]), fv_dsub(c.v[2], c.v[1]), fv_dsub(c.v[0], c.v[2])};
    fv_d3 n = fv_dcross(f[0], f[1]);
    if (separates(&c, n))
        return false;
    int kl = 0;
    for (int j = 0; j < 3; j++) {
        fv_d3 e = f[j];
        /* e_x x f = (0, -f.z, f.y), e_y x f = (f.z, 0, -f.x), e_z x f = (-f.y, f.x, 0) */
        if (separates(&c, (fv_d3){0, -e.z, e.y}) || separates(&c, (fv_d3){e.z, 0, -e.x}) ||
            separates(&c, (fv_d3){-e.y, e.x, 0}) || separates(&c, fv_dcross(n, e)))
            return false;
        if (fv_ddot(e, e) > fv_ddot(f[kl], f[kl]))
            kl = j;
    }
    /* degenerate triangles: the offset of the box centre off the longest edge's line */
    fv_d3 bc = {0.5 * c.lo[0] + 0.5 * c.hi[0], 0.5 * c.lo[1] + 0.5 * c.hi[1], 0.5 * c.lo[2] + 0.5 * c.hi[2]};
    fv_d3 t = fv_dsub(bc, c.v[0]);
    if (separates(&c, t) || separates(&c, fv_dcross(f[kl], fv_dcross(t, f[kl]))))
        return false;
    if (out)
        out->hit = true;
    return true;
}
