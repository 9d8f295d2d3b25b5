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

/* acc (n components) += s x y exactly, x and y expansions (every product
 * of components is of degree <= 4 in binary32 values: fx_two_prod is exact,
 * fast/fast_exact.h). */
static int spl_add_prod(double *acc, int n, const double *x, int nx, const double *y, int ny, double s)
{
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) {
            double err, p = fx_two_prod(x[i], y[j], &err);
            n = fx_grow(acc, n, s * err);
            n = fx_grow(acc, n, s * p);
        }
    return n;
}

/* The exact decision: 0 miss, 1 touching at t = 0, 2 contact in (0, 1].
 * Small expansions, no normalisation: d0 = sum n_i c_i - sum n_i q_i,
 * dv = n.v and N = n.n are sums of products of two binary32 values, each
 * exact in binary64 (at most 6, 3, 3 components); r^2 is exact, r^2 N at
 * most 6 components, d0 + dv at most 9; d0^2 - r^2 N then has at most
 * 6 + 2 x 36 and (d0 + dv)^2 - r^2 N at most 6 + 2 x 81 < FE_ACC
 * components (fx_grow: one more per call at most). */
static ISECT_NOINLINE int plane_exact(isect_moving_sphere s, isect_plane pl)
{
    SPL_EXACT_HOOK();
    const float c[3] = {s.center.x, s.center.y, s.center.z}, q[3] = {pl.point.x, pl.point.y, pl.point.z};
    const float n[3] = {pl.normal.x, pl.normal.y, pl.normal.z};
    const float v[3] = {s.velocity.x, s.velocity.y, s.velocity.z};
    const double r2 = (double)s.radius * s.radius;
    double d0[8], dv[4], N[4], rN[8], t[FE_ACC];
    int nd0 = 0, ndv = 0, nN = 0, nrN = 0;
    for (int i = 0; i < 3; i++) {
        nd0 = fx_grow(d0, nd0, (double)n[i] * c[i]);
        nd0 = fx_grow(d0, nd0, -((double)n[i] * q[i]));
        ndv = fx_grow(dv, ndv, (double)n[i] * v[i]);
        nN = fx_grow(N, nN, (double)n[i] * n[i]);
    }
    nrN = spl_add_prod(rN, 0, &r2, 1, N, nN, 1);
    int nt = spl_add_prod(t, 0, d0, nd0, d0, nd0, 1); /* d0^2 - r^2 N */
    nt = px_add(t, nt, rN, nrN, -1);
    if (fx_sign(t, nt) <= 0)
        return 1;
    int sv = fx_sign(dv, ndv);
    if (fx_sign(d0, nd0) * sv >= 0)
        return 0;
    double sum[12];
    memcpy(sum, d0, (size_t)nd0 * sizeof *sum);
    int ns = px_add(sum, nd0, dv, ndv, 1); /* d0 + dv */
    if (fx_sign(sum, ns) * sv >= 0)
        return 2;
    nt = spl_add_prod(t, 0, sum, ns, sum, ns, 1); /* (d0 + dv)^2 - r^2 N */
    nt = px_add(t, nt, rN, nrN, -1);
    return fx_sign(t, nt) <= 0 ? 2 : 0;
}

/* The decision from the binary64 values (M0 = sum |n_i w_i|,
 * Mv = sum |n_i v_i|, rN = r^2 N), or -1 when a guard cannot certify it,
 * without a branch: every test is computed and the verdict assembled from
 * their bits (on random input each test goes either way, and the bench
 * visits its cases in a fresh order per pass).  In order: touching at
 * t = 0 (c = d0^2 - r^2 N certainly <= 0: 1; uncertain: -1); else d0's
 * sign is certain (d0^2 > 2^-47 M0^2, so |d0| > 2^-24 M0 exceeds d0's
 * guard 2^-49 M0); Mv == 0 (dv = 0 exactly: parallel motion or none): 0;
 * dv's sign uncertain: -1; receding (d0, dv of one sign): 0; the centre
 * crosses the plane by t = 1 (sd, d0 + dv with dv's sign, certainly > 0):
 * 2, uncertain: -1; else f = (d0 + dv)^2 - r^2 N: certainly < 0: 2,
 * > 0: 0, else -1.  The values past a decided test may be inf or NaN
 * (never for valid input, but unused either way); sd = (d0 + dv) sign(dv)
 * by copysign, exact (dv = 0 is decided before sd matters). */
static inline int plane_filtered(double d0, double M0, double dv, double Mv, double rN)
{
    double c = d0 * d0 - rN, gc = FB_SWEEP_QUAD * (M0 * M0 + rN);
    double sum = d0 + dv, sd = sum * copysign(1.0, dv), K = M0 + Mv, gs = FB_SWEEP_LIN * K;
    double f = sum * sum - rN, gf = FB_SWEEP_QUAD * (K * K + rN);
    unsigned at0 = c < -gc, far = c > gc, moving = Mv != 0, sure_v = fabs(dv) > FB_SWEEP_LIN * Mv;
    unsigned approach = (d0 > 0) != (dv > 0), cross = sd > gs, before = sd < -gs;
    unsigned f_in = f < -gf, f_out = f > gf;
    unsigned open = far & moving & sure_v & approach; /* the sign tests passed, not receding */
    unsigned hit_t = open & (cross | (before & f_in));
    unsigned unsure = (!at0 & !far) | (far & moving & !sure_v) | (open & !cross & !before) |
                      (open & before & !f_in & !f_out);
    return (int)(at0 + 2 * hit_t) - (int)unsure; /* exclusive: unsure implies !at0 and !hit_t */
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
    /* Valid: every input finite (an infinite or NaN c, q or n makes a term
     * of d0 infinite or NaN, v one of dv; finite values stay below 2^262,
     * so the sum is finite iff they are), r >= 0, n != 0 (N = 0 only then:
     * squares of binary32 values do not underflow); one test. */
    double chk = (d0 + dv) + r;
    if (ISECT_UNLIKELY(!((chk - chk == 0) & (r >= 0) & (N != 0))))
        return false;
    double M0 = fabs(nx * wx) + fabs(ny * wy) + fabs(nz * wz), Mv = fabs(nx * vx) + fabs(ny * vy) + fabs(nz * vz);
    int k = plane_filtered(d0, M0, dv, Mv, rN);
    if (ISECT_UNLIKELY(k < 0))
        k = plane_exact(s, plane);
    /* t on every call, kept on a hit (no branch on the verdict): a contact
     * at t = 0 gives 0, else (|d0| - r sqrt(N))/|dv| clamped to [0, 1]: inf
     * (dv rounded to 0 where the exact path found a crossing) to 1, a NaN
     * or a value <= 0 to +0.  one is 1 (dv is finite on valid input), as a
     * value GCC cannot fold: with the constant it branches instead of minsd. */
    double t = (fabs(d0) - r * sqrt(N)) / fabs(dv), one = fabs(dv) * 0 + 1;
    double tc = t > one ? one : t;
    float tf = (float)tc;
    tf = fv_keep32(tf, (k == 2) & (tf > 0));
    if (out) {
        out->hit = k != 0;
        out->t = tf;
    }
    return k != 0;
}
