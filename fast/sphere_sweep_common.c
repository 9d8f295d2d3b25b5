/* fast/sphere_sweep_common.c: binary32 features of the sweeps; see
 * fast_sweep.h and fast/sphere_sweep_common.h (the frame, the edges and
 * the vertices, inline).
 *
 * The entry root (ssc_root): the smaller root of a t^2 + 2 b t + c = 0
 * (discriminant D, computed by the caller in a form without the
 * cancellation of b^2 - a c) when the sphere enters the feature's
 * neighbourhood at t in (0, 1]: c > 0, a > 0, b < 0, D >= 0.  With
 * s = sqrt(D): t = (-b - s) / a when s <= -b/2 (no cancellation, c enters
 * only through D), else t = c / (-b + s) (two positive terms).
 *
 * Why binary64: c and D are computed independently, and where both are
 * near 0 (the sphere starts touching the feature and moves along it) their
 * rounding errors eps make the root about sqrt(eps / a), an answer that only
 * an input perturbation of relative size sqrt(eps) explains: 2^-12 (severity
 * ~4096) in binary32, found by the fuzzer on sphere_sweep_point
 * (corpus/sphere_sweep_point/regress_tangent_start.case); 2^-26.5 (severity
 * ~0.2) in binary64, where the products of binary32 values are exact. */
#include "sphere_sweep_common.h"

#include <float.h>

isect_vec3 fsw_world(const fsw_ball *b, isect_vec3 p)
{
    isect_vec3 w = fv_scale3(fv_add(b->c, p), b->e);
    /* Rounding can push a point of a set at the edge of the range past it. */
    w.x = isect_fminf(isect_fmaxf(w.x, -FLT_MAX), FLT_MAX);
    w.y = isect_fminf(isect_fmaxf(w.y, -FLT_MAX), FLT_MAX);
    w.z = isect_fminf(isect_fmaxf(w.z, -FLT_MAX), FLT_MAX);
    return w;
}

void ssc_closest_triangle(isect_vec3 *y, ssc_tri *T)
{
    const isect_vec3 *Ps = T->P;
    if (!(T->N > 0)) {
        /* Collinear (or a point): the hull is the longest edge. */
        int k = 0;
        float L = -1;
        for (int i = 0; i < 3; i++) {
            isect_vec3 e = fv_sub(Ps[(i + 1) % 3], Ps[i]);
            if (fv_dot(e, e) > L) {
                L = fv_dot(e, e);
                k = i;
            }
        }
        ssc_closest_segment(y, &Ps[k], &Ps[(k + 1) % 3]);
        return;
    }
    /* The projection of the origin on the plane, p = ((n.P0) / N) n; inside
     * the triangle it is the closest point. */
    fv_d3 p = fv_dmul(T->n, fv_ddot(T->n, fv_d(Ps[0])) / T->N);
    if (ssc_tri_inside(T, (fv_d3){0, 0, 0})) {
        *y = fv_f(p);
        return;
    }
    /* Outside: the closest point is on an edge; choose the edge by the
     * distance from p, in the plane.  (The 3D distances differ from these
     * by the same squared height, which would swamp them when the centre is
     * far from the plane.) */
    double best = INFINITY;
    for (int k = 0; k < 3; k++) {
        fv_d3 a = fv_dsub(fv_d(Ps[k]), p), e = fv_d(fv_sub(Ps[(k + 1) % 3], Ps[k]));
        double E = fv_ddot(e, e), s = -fv_ddot(a, e);
        s = !(E > 0) || s <= 0 ? 0 : s >= E ? 1 : s / E;
        fv_d3 yk = fv_dadd(a, fv_dmul(e, s));
        double dk = fv_ddot(yk, yk);
        if (k == 0 || dk < best) {
            best = dk;
            *y = s == 0 ? Ps[k] : s == 1 ? Ps[(k + 1) % 3] : fv_f(fv_dadd(yk, p));
        }
    }
}
