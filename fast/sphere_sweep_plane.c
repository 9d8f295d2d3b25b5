/* fast/sphere_sweep_plane.c: a moving sphere against a closed, two-sided
 * plane, binary32.
 *
 * With d0 = n.(c - q), dv = n.v, N = n.n (ref/sphere_sweep_plane.c): the
 * sphere touches at the start iff d0^2 <= r^2 N (t = 0); otherwise it
 * touches iff it approaches (d0 dv < 0) and either crosses the plane by
 * t = 1 (|dv| >= |d0|, i.e. d0 + dv has dv's sign or is 0) or ends within r
 * of it, f(1) = (d0 + dv)^2 - r^2 N <= 0.  Every sign is taken from binary64
 * values (w = c - q one rounding, products of binary32 values exact; no
 * overflow or underflow for any binary32 input, so nothing is rescaled)
 * when the guards FB_SWEEP_LIN and FB_SWEEP_QUAD certify it
 * (fast/fast_bounds.h), else from exact expansions (fast/fast_sweep_exact.h,
 * degree <= 4): the hit flag is exact.  Then
 * t = (|d0| - r sqrt(N)) / |dv| in binary64, rounded once to binary32.
 * docs/queries/sphere_sweep_plane.md, "Exact hit".
 */
#include "fast_sweep.h"

#include "fast_bounds.h"
#include "fast_sweep_exact.h"

#include <string.h>

/* Called once per query that takes the exact path; nothing in libisect,
 * tests/test_sphere_sweep_plane_exact.c counts the calls. */
#ifndef SPL_EXACT_HOOK
#define SPL_EXACT_HOOK() ((void)0)
#endif

/* The exact decision: 0 miss, 1 touching at t = 0, 2 contact in (0, 1]. */
static ISECT_NOINLINE int plane_exact(isect_moving_sphere s, isect_plane pl)
{
    SPL_EXACT_HOOK();
    const double c[3] = {s.center.x, s.center.y, s.center.z}, q[3] = {pl.point.x, pl.point.y, pl.point.z};
    const double n[3] = {pl.normal.x, pl.normal.y, pl.normal.z};
    const double v[3] = {s.velocity.x, s.velocity.y, s.velocity.z}, r = s.radius;
    double w[2], d0[FE_ACC], dv[FE_ACC], N[FE_ACC], r2[2], rN[FE_ACC], t[FE_ACC];
    int nd0 = 0, ndv = 0, nN = 0;
    for (int i = 0; i < 3; i++) {
        int nw = px_diff(w, c[i], q[i]);
        nd0 = px_add_prod(d0, nd0, n + i, 1, w, nw, 1);
        ndv = px_add_prod(dv, ndv, n + i, 1, v + i, 1, 1);
        nN = px_add_prod(N, nN, n + i, 1, n + i, 1, 1);
    }
    nd0 = fe_norm_buf(d0, nd0);
    nN = fe_norm_buf(N, nN);
    int nr2 = px_add_prod(r2, 0, &r, 1, &r, 1, 1);
    int nrN = fe_norm_buf(rN, px_add_prod(rN, 0, r2, nr2, N, nN, 1));
    int nt = px_add_prod(t, 0, d0, nd0, d0, nd0, 1); /* d0^2 - r^2 N */
    nt = px_add(t, nt, rN, nrN, -1);
    if (fx_sign(t, nt) <= 0)
        return 1;
    int sv = fx_sign(dv, ndv);
    if (fx_sign(d0, nd0) * sv >= 0)
        return 0;
    memcpy(t, d0, (size_t)nd0 * sizeof *t);
    nt = fe_norm_buf(t, px_add(t, nd0, dv, ndv, 1)); /* d0 + dv */
    if (fx_sign(t, nt) * sv >= 0)
        return 2;
    double f[FE_ACC];
    int nf = px_add_prod(f, 0, t, nt, t, nt, 1); /* (d0 + dv)^2 - r^2 N */
    nf = px_add(f, nf, rN, nrN, -1);
    return fx_sign(f, nf) <= 0 ? 2 : 0;
}

/* The decision from the binary64 values (M0 = sum |n_i w_i|,
 * Mv = sum |n_i v_i|, rN = r^2 N), or -1 when a guard cannot certify it. */
static inline int plane_filtered(double d0, double M0, double dv, double Mv, double rN)
{
    double c = d0 * d0 - rN, gc = FB_SWEEP_QUAD * (M0 * M0 + rN);
    if (c <= gc)
        return c < -gc ? 1 : -1;
    /* Here d0^2 > 2^-47 M0^2, so |d0| > 2^-24 M0 exceeds d0's guard
     * 2^-49 M0: d0's sign is certain. */
    if (Mv == 0)
        return 0; /* dv = 0 exactly: parallel motion or none */
    if (!(fabs(dv) > FB_SWEEP_LIN * Mv))
        return -1;
    if ((d0 > 0) == (dv > 0))
        return 0;
    double sum = d0 + dv, sd = dv > 0 ? sum : -sum, K = M0 + Mv, gs = FB_SWEEP_LIN * K;
    if (sd > gs)
        return 2;
    if (sd >= -gs)
        return -1;
    double f = sum * sum - rN, gf = FB_SWEEP_QUAD * (K * K + rN);
    return f < -gf ? 2 : f > gf ? 0 : -1;
}

bool isect_sphere_sweep_plane(isect_moving_sphere s, isect_plane plane, isect_sphere_sweep_plane_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    const double nx = plane.normal.x, ny = plane.normal.y, nz = plane.normal.z, r = s.radius;
    const double wx = (double)s.center.x - plane.point.x, wy = (double)s.center.y - plane.point.y,
                 wz = (double)s.center.z - plane.point.z;
    const double vx = s.velocity.x, vy = s.velocity.y, vz = s.velocity.z;
    double N = nx * nx + ny * ny + nz * nz, rN = r * r * N;
    double d0 = nx * wx + ny * wy + nz * wz, dv = nx * vx + ny * vy + nz * vz;
    /* Valid: every input finite (an infinite or NaN one makes d0, dv, N or
     * the sum non-finite; finite values stay below 2^262), r >= 0, n != 0
     * (N = 0 only then: squares of binary32 values do not underflow). */
    double chk = (d0 + dv) + (N + r);
    if (!(chk - chk == 0) || !(r >= 0) || N == 0)
        return false;
    double M0 = fabs(nx * wx) + fabs(ny * wy) + fabs(nz * wz), Mv = fabs(nx * vx) + fabs(ny * vy) + fabs(nz * vz);
    int k = plane_filtered(d0, M0, dv, Mv, rN);
    if (k < 0)
        k = plane_exact(s, plane);
    if (k == 0)
        return false;
    if (out) {
        double t = k == 1 ? 0 : (fabs(d0) - r * sqrt(N)) / fabs(dv);
        out->hit = true;
        out->t = (float)(t > 1 ? 1 : t >= 0 ? t : 0); /* NaN (dv rounded to 0): 0 */
    }
    return true;
}
