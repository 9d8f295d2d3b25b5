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
 * (fast/fast_bounds.h), else from exact expansions (fe, fast/fast_exact.h,
 * degree <= 4): the hit flag is exact.  Then
 * t = (|d0| - r sqrt(N)) / |dv| in binary64, rounded once to binary32.
 * docs/queries/sphere_sweep_plane.md, "Exact hit".
 */
#include "fast_sweep.h"

#include "fast_bounds.h"
#include "fast_exact.h"

#include <string.h>

/* Called once per query that takes the exact path; nothing in libisect,
 * tests/test_sphere_sweep_plane_exact.c counts the calls. */
#ifndef SPL_EXACT_HOOK
#define SPL_EXACT_HOOK() ((void)0)
#endif

static void fe_vec(fe *r, isect_vec3 a)
{
    r[0] = fe_of(a.x);
    r[1] = fe_of(a.y);
    r[2] = fe_of(a.z);
}

/* The exact decision: 0 miss, 1 touching at t = 0, 2 contact in (0, 1]. */
static int plane_exact(isect_moving_sphere s, isect_plane pl)
{
    SPL_EXACT_HOOK();
    fe w[3], n[3], v[3];
    fe_diff3(w, s.center, pl.point);
    fe_vec(n, pl.normal);
    fe_vec(v, s.velocity);
    fe d0 = fe_dot3(n, w), dv = fe_dot3(n, v), N = fe_dot3(n, n);
    fe r = fe_of(s.radius), r2 = fe_mul(&r, &r), rN = fe_mul(&r2, &N), d02 = fe_mul(&d0, &d0);
    fe c = fe_add(&d02, &rN, -1);
    if (fe_sign(&c) <= 0)
        return 1;
    int sv = fe_sign(&dv);
    if (fe_sign(&d0) * sv >= 0)
        return 0;
    fe sum = fe_add(&d0, &dv, 1);
    if (fe_sign(&sum) * sv >= 0)
        return 2;
    fe s2 = fe_mul(&sum, &sum), f = fe_add(&s2, &rN, -1);
    return fe_sign(&f) <= 0 ? 2 : 0;
}

/* The decision from the binary64 values (M0 = sum |n_i w_i|,
 * Mv = sum |n_i v_i|, rN = r^2 N), or -1 when a guard cannot certify it. */
static int plane_filtered(double d0, double M0, double dv, double Mv, double rN)
{
    double c = d0 * d0 - rN, gc = FB_SWEEP_QUAD * (M0 * M0 + rN);
    if (c <= gc)
        return c < -gc ? 1 : -1;
    double g0 = FB_SWEEP_LIN * M0, gv = FB_SWEEP_LIN * Mv;
    if (Mv == 0)
        return 0; /* dv = 0 exactly: parallel motion or none */
    if (!(fabs(d0) > g0) || !(fabs(dv) > gv))
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
    isect_vec3 nf = plane.normal;
    if (!fv_finite3(s.center) || !fv_finite3(s.velocity) || !isfinite(s.radius) || !(s.radius >= 0) ||
        !fv_finite3(plane.point) || !fv_finite3(nf) || (nf.x == 0 && nf.y == 0 && nf.z == 0))
        return false;
    fv_d3 n = fv_d(nf), w = fv_dsub(fv_d(s.center), fv_d(plane.point)), v = fv_d(s.velocity);
    double r = s.radius, N = fv_ddot(n, n), rN = r * r * N;
    double d0 = fv_ddot(n, w), dv = fv_ddot(n, v);
    int k = plane_filtered(d0, fv_dabsdot(n, w), dv, fv_dabsdot(n, v), rN);
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
