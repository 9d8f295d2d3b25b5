/* fast/sphere_sweep_point.c: a moving sphere against a point, binary32, and
 * the relative motion of two moving spheres that sphere_sweep_sphere shares.
 *
 * With w = c0 - c1, v = v0 - v1, R = r0 + r1 (a point: c1 = p, v1 = 0,
 * r1 = 0), a = v.v, b = w.v, c = w.w - R^2 and f(t) = a t^2 + 2 b t + c
 * (the squared distance minus R^2 at t), the spheres touch iff f <= 0
 * somewhere on [0, 1], ref's semantics (ref/sphere_sweep_exact.c):
 *   c <= 0: touching at the start, t = 0; else
 *   a == 0 or b >= 0 (no motion, or moving apart): miss; else
 *   a + b >= 0 (closest approach -b/a <= 1): hit iff D = b^2 - a c >= 0;
 *   else hit iff f(1) <= 0.
 * Every sign is taken from binary64 values (w, v, R one rounding each; no
 * overflow or underflow for any binary32 input, so nothing is rescaled)
 * when the guards FB_SWEEP_LIN and FB_SWEEP_QUAD certify it
 * (fast/fast_bounds.h), else from exact expansions (fast/fast_sweep_exact.h,
 * degree <= 4): the hit flag is exact.  The entry root is ray_sphere's
 * accurate pair, (-b - sqrt(a e))/a or c/(-b + sqrt(a e)), e = R^2 - l.l
 * from the closest approach l = w - (b/a) v.
 * docs/queries/sphere_sweep_point.md, "Exact hit".
 */
#include "fast_sweep.h"

#include "fast_bounds.h"
#include "fast_sweep_exact.h"

#include <string.h>

/* Called once per query that takes the exact path; nothing in libisect,
 * tests/test_sphere_sweep_point_exact.c counts the calls. */
#ifndef SSP_EXACT_HOOK
#define SSP_EXACT_HOOK() ((void)0)
#endif

static void pair_arrays(isect_moving_sphere s, float *c, float *v)
{
    c[0] = s.center.x, c[1] = s.center.y, c[2] = s.center.z;
    v[0] = s.velocity.x, v[1] = s.velocity.y, v[2] = s.velocity.z;
}

/* The exact decision: 0 miss, 1 touching at t = 0, 2 contact in (0, 1]. */
static ISECT_NOINLINE int pair_exact(isect_moving_sphere s0, isect_moving_sphere s1)
{
    SSP_EXACT_HOOK();
    float c0[3], v0[3], c1[3], v1[3];
    pair_arrays(s0, c0, v0);
    pair_arrays(s1, c1, v1);
    double w[3][2], v[3][2], R[2], a[FE_ACC], b[FE_ACC], c[FE_ACC], t[FE_ACC];
    int nw[3], nv[3], na = 0, nb = 0, nc = 0;
    for (int i = 0; i < 3; i++) {
        nw[i] = px_diff(w[i], c0[i], c1[i]);
        nv[i] = px_diff(v[i], v0[i], v1[i]);
        na = px_add_prod(a, na, v[i], nv[i], v[i], nv[i], 1);
        nb = px_add_prod(b, nb, w[i], nw[i], v[i], nv[i], 1);
        nc = px_add_prod(c, nc, w[i], nw[i], w[i], nw[i], 1);
    }
    int nR = px_diff(R, s0.radius, -(double)s1.radius);
    nc = px_add_prod(c, nc, R, nR, R, nR, -1);
    if (fx_sign(c, nc) <= 0)
        return 1;
    if (na == 0 || fx_sign(b, nb) >= 0)
        return 0;
    na = fe_norm_buf(a, na);
    nb = fe_norm_buf(b, nb);
    nc = fe_norm_buf(c, nc);
    memcpy(t, a, (size_t)na * sizeof *t);
    int nt = px_add(t, na, b, nb, 1); /* m = a + b */
    if (fx_sign(t, nt) >= 0) {
        nt = px_add_prod(t, 0, b, nb, b, nb, 1); /* D = b^2 - a c */
        nt = px_add_prod(t, nt, a, na, c, nc, -1);
        return fx_sign(t, nt) >= 0 ? 2 : 0;
    }
    nt = px_add(t, nt, b, nb, 1); /* f(1) = a + 2 b + c */
    nt = px_add(t, nt, c, nc, 1);
    return fx_sign(t, nt) <= 0 ? 2 : 0;
}

/* The decision from the binary64 values (B = sum |w_i v_i|,
 * P = w.w + R^2), or -1 when a guard cannot certify it. */
static inline int pair_filtered(double a, double b, double B, double c, double P)
{
    double gc = FB_SWEEP_QUAD * P;
    if (c <= gc)
        return c < -gc ? 1 : -1;
    double gb = FB_SWEEP_LIN * B;
    if (a == 0 || B == 0 || b > gb)
        return 0; /* B == 0: every w_i v_i is 0 exactly (no underflow), b = 0 */
    if (b >= -gb)
        return -1;
    double m = a + b, gm = FB_SWEEP_LIN * (a + B);
    if (m > gm) {
        double D = b * b - a * c, gD = FB_SWEEP_QUAD * (B * B + a * P);
        return D > gD ? 2 : D < -gD ? 0 : -1;
    }
    if (m >= -gm)
        return -1;
    double f = c + (2 * b + a), gf = FB_SWEEP_QUAD * (P + 2 * B + a);
    return f < -gf ? 2 : f > gf ? 0 : -1;
}

/* The entry root of a hit (k = 2) in binary64, clamped to [0, 1], else 0:
 * ray_sphere's accurate pair from w, v, R^2, a, b and c. */
static inline double pair_root(int k, fv_d3 w, fv_d3 v, double R2, double a, double b, double c)
{
    if (k != 2)
        return 0;
    fv_d3 l = fv_dsub(w, fv_dmul(v, b / a));
    double e = R2 - fv_ddot(l, l), s = e > 0 ? sqrt(a * e) : 0;
    double root = s <= -0.5 * b ? (-b - s) / a : c / (-b + s);
    return root > 1 ? 1 : root >= 0 ? root : 0; /* NaN (0/0 after cancellation): 0 */
}

int fsw_pair(isect_moving_sphere s0, isect_moving_sphere s1, double *t)
{
    fv_d3 w = fv_dsub(fv_d(s0.center), fv_d(s1.center)), v = fv_dsub(fv_d(s0.velocity), fv_d(s1.velocity));
    double R = (double)s0.radius + s1.radius, ww = fv_ddot(w, w), R2 = R * R;
    double a = fv_ddot(v, v), b = fv_ddot(w, v), c = ww - R2;
    int k = pair_filtered(a, b, fv_dabsdot(w, v), c, ww + R2);
    if (k < 0)
        k = pair_exact(s0, s1);
    *t = pair_root(k, w, v, R2, a, b, c);
    return k;
}

/* fsw_pair with s1 = the point at rest (v1 = 0, r1 = 0: v and R are the
 * binary32 inputs, exactly what fsw_pair computes, so the same bits), and
 * one finiteness test: w.w, v.v (below 2^260 for finite inputs) and r are
 * finite iff every input is. */
bool isect_sphere_sweep_point(isect_moving_sphere s, isect_vec3 p, isect_sphere_sweep_point_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    fv_d3 w = fv_dsub(fv_d(s.center), fv_d(p)), v = fv_d(s.velocity);
    double R = s.radius, ww = fv_ddot(w, w), R2 = R * R;
    double a = fv_ddot(v, v), b = fv_ddot(w, v), c = ww - R2;
    double chk = (ww + a) + R;
    if (!(chk - chk == 0) || !(R >= 0))
        return false;
    int k = pair_filtered(a, b, fv_dabsdot(w, v), c, ww + R2);
    if (k < 0)
        k = pair_exact(s, (isect_moving_sphere){p, {0, 0, 0}, 0});
    if (k == 0)
        return false;
    if (out) {
        out->hit = true;
        out->t = (float)pair_root(k, w, v, R2, a, b, c);
    }
    return true;
}
