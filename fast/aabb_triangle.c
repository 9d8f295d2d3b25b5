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
 * 2^-49 sum_i |L_i| M_i (M_i the largest magnitude of coordinate i), so
 * fast never separates boxes and triangles that touch.
 * docs/queries/aabb_triangle.md.
 */
#include "overlap.h"

typedef struct {
    ov_d3 v[3];
    double lo[3], hi[3], M[3];
} config;

static double comp(ov_d3 a, int i) { return i == 0 ? a.x : i == 1 ? a.y : a.z; }

static bool separates(const config *c, ov_d3 L)
{
    double l[3] = {L.x, L.y, L.z}, bmin = 0, bmax = 0, g = 0;
    for (int i = 0; i < 3; i++) {
        double p = l[i] * c->lo[i], q = l[i] * c->hi[i];
        bmin += p < q ? p : q;
        bmax += p < q ? q : p;
        g += fabs(l[i]) * c->M[i];
    }
    g *= 0x1p-49;
    double t0 = ov_ddot(L, c->v[0]), t1 = ov_ddot(L, c->v[1]), t2 = ov_ddot(L, c->v[2]);
    double tmin = isect_fmin(t0, isect_fmin(t1, t2)), tmax = isect_fmax(t0, isect_fmax(t1, t2));
    return tmax + g < bmin || tmin - g > bmax;
}

bool isect_aabb_triangle(isect_aabb b, isect_triangle tri, isect_aabb_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!ov_finite3(b.min) || !ov_finite3(b.max) || !ov_finite3(tri.v0) || !ov_finite3(tri.v1) ||
        !ov_finite3(tri.v2) || !(b.min.x <= b.max.x && b.min.y <= b.max.y && b.min.z <= b.max.z))
        return false;

    /* box face normals: exact */
    const float vx[3] = {tri.v0.x, tri.v1.x, tri.v2.x}, vy[3] = {tri.v0.y, tri.v1.y, tri.v2.y},
                vz[3] = {tri.v0.z, tri.v1.z, tri.v2.z};
    if (isect_fmaxf(vx[0], isect_fmaxf(vx[1], vx[2])) < b.min.x || isect_fminf(vx[0], isect_fminf(vx[1], vx[2])) > b.max.x ||
        isect_fmaxf(vy[0], isect_fmaxf(vy[1], vy[2])) < b.min.y || isect_fminf(vy[0], isect_fminf(vy[1], vy[2])) > b.max.y ||
        isect_fmaxf(vz[0], isect_fmaxf(vz[1], vz[2])) < b.min.z || isect_fminf(vz[0], isect_fminf(vz[1], vz[2])) > b.max.z)
        return false;

    config c = {{ov_d(tri.v0), ov_d(tri.v1), ov_d(tri.v2)}, {b.min.x, b.min.y, b.min.z}, {b.max.x, b.max.y, b.max.z},
                {0, 0, 0}};
    for (int i = 0; i < 3; i++) {
        double m = isect_fmax(fabs(c.lo[i]), fabs(c.hi[i]));
        for (int k = 0; k < 3; k++)
            m = isect_fmax(m, fabs(comp(c.v[k], i)));
        c.M[i] = m;
    }
    ov_d3 f[3] = {ov_dsub(c.v[1], c.v[0]), ov_dsub(c.v[2], c.v[1]), ov_dsub(c.v[0], c.v[2])};
    ov_d3 n = ov_dcross(f[0], f[1]);
    if (separates(&c, n))
        return false;
    int kl = 0;
    for (int j = 0; j < 3; j++) {
        ov_d3 e = f[j];
        /* e_x x f = (0, -f.z, f.y), e_y x f = (f.z, 0, -f.x), e_z x f = (-f.y, f.x, 0) */
        if (separates(&c, (ov_d3){0, -e.z, e.y}) || separates(&c, (ov_d3){e.z, 0, -e.x}) ||
            separates(&c, (ov_d3){-e.y, e.x, 0}) || separates(&c, ov_dcross(n, e)))
            return false;
        if (ov_ddot(e, e) > ov_ddot(f[kl], f[kl]))
            kl = j;
    }
    /* degenerate triangles: the offset of the box centre off the longest edge's line */
    ov_d3 bc = {0.5 * c.lo[0] + 0.5 * c.hi[0], 0.5 * c.lo[1] + 0.5 * c.hi[1], 0.5 * c.lo[2] + 0.5 * c.hi[2]};
    ov_d3 t = ov_dsub(bc, c.v[0]);
    if (separates(&c, t) || separates(&c, ov_dcross(f[kl], ov_dcross(t, f[kl]))))
        return false;
    if (out)
        out->hit = true;
    return true;
}
