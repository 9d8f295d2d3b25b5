/* fast/ray_triangle.c: ray/triangle in binary32 with an exact hit flag.
 *
 * Moller-Trumbore's quantities (ref's, docs/queries/ray_triangle.md), with
 * e1 = v1 - v0, e2 = v2 - v0, s = origin - v0, p = dir x e2, q = s x e1:
 *   det = e1.p, U = s.p, V = dir.q, T = e2.q, W = det - U - V,
 *   R = tmax det - T;
 * the ray hits iff det != 0 and, with sg = sign(det), sg U, sg V, sg W,
 * sg T and (finite tmax) sg R are all >= 0.  They are evaluated in
 * binary64 (products of two binary32 values are exact; nothing over- or
 * underflows for any finite binary32 input, so nothing is rescaled) as a
 * filtered exact predicate: a sign is taken when the value exceeds its
 * guard (FB_RAY_TRI, fast/fast_bounds.h, times products of 1-norms); a miss
 * is reported as soon as one value is certainly of the wrong sign, a hit
 * when all are certainly right; otherwise the exact expansions of
 * fast/fast_exact.h decide.  The hit flag is exact for every input, hence
 * watertight: a ray through an edge or vertex shared by two closed
 * triangles hits both.  t = T/det, u = U/det, v = V/det are rounded from
 * the binary64 values (from the expansions on the exact path) and clamped
 * to the exact ranges [0, tmax], [0, 1].  docs/queries/ray_triangle.md.
 */
#include "isect.h"

#include "fast_ray.h"

#include <string.h>

/* The value of an expansion to within a few ulps (summed from the
 * smallest component). */
static double fe_approx(const fe *a)
{
    double s = 0;
    for (int i = 0; i < a->n; i++)
        s += a->e[i];
    return s;
}

/* Does sg x < 0 hold (sg = +-1)? */
static bool fe_wrong(const fe *x, int sg) { return fe_sign(x) * sg < 0; }

/* ---- the first exact stage: binary64 operations checked for exactness ----
 * Each product and sum is taken with its error-free transformation
 * (fx_two_prod, fx_two_sum; the range argument of fast/fast_exact.h holds:
 * polynomials of degree <= 4 in binary32 values); when every error is 0,
 * the binary64 values are the exact ones, signs and zeros included.  Grid
 * inputs (the exact edge, vertex and tmax hits) pass here. */
typedef struct {
    bool inexact;
} xk;

static double xmul(xk *k, double a, double b)
{
    double e, p = fx_two_prod(a, b, &e);
    k->inexact |= e != 0;
    return p;
}

static double xadd(xk *k, double a, double b)
{
    double e, s = fx_two_sum(a, b, &e);
    k->inexact |= e != 0;
    return s;
}

/* x.(y x z), every operation checked. */
static double xtriple(xk *k, const double *x, const double *y, const double *z)
{
    double c[3];
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, l = (i + 2) % 3;
        c[i] = xadd(k, xmul(k, y[j], z[l]), -xmul(k, y[l], z[j]));
    }
    return xadd(k, xadd(k, xmul(k, x[0], c[0]), xmul(k, x[1], c[1])), xmul(k, x[2], c[2]));
}

/* Is sign(sg) x >= 0? */
static bool sign_ok(double x, double sg) { return sg > 0 ? x >= 0 : x <= 0; }

/* The decision if every operation is exact: 0 miss, 1 hit, -1 inexact. */
static int checked_triangle(isect_ray ray, isect_triangle tri, double *tuv)
{
    xk k = {false};
    const isect_vec3 *v[3] = {&tri.v1, &tri.v2, &ray.origin};
    double w[3][3], d[3] = {ray.dir.x, ray.dir.y, ray.dir.z}; /* e1, e2, s */
    for (int i = 0; i < 3; i++) {
        w[i][0] = xadd(&k, v[i]->x, -(double)tri.v0.x);
        w[i][1] = xadd(&k, v[i]->y, -(double)tri.v0.y);
        w[i][2] = xadd(&k, v[i]->z, -(double)tri.v0.z);
    }
    double det = xtriple(&k, w[0], d, w[1]), U = xtriple(&k, w[2], d, w[1]);
    double V = xtriple(&k, d, w[2], w[0]), T = xtriple(&k, w[1], w[2], w[0]);
    double W = xadd(&k, xadd(&k, det, -U), -V);
    double R = ray.tmax == INFINITY ? det : xadd(&k, xmul(&k, ray.tmax, det), -T);
    if (k.inexact)
        return -1;
    double sg = det;
    if (det == 0 || !sign_ok(U, sg) || !sign_ok(V, sg) || !sign_ok(W, sg) || !sign_ok(T, sg) || !sign_ok(R, sg))
        return 0;
    tuv[0] = T / det;
    tuv[1] = U / det;
    tuv[2] = V / det;
    return 1;
}

/* The exact decision, with t, u, v (in tuv) on a hit. */
static bool exact_triangle(isect_ray ray, isect_triangle tri, double *tuv)
{
    RC_EXACT_HOOK();
    int c = checked_triangle(ray, tri, tuv);
    if (c >= 0)
        return c;
    fe e1[3], e2[3], s[3], d[3], p[3], q[3];
    fe_diff3(e1, tri.v1, tri.v0);
    fe_diff3(e2, tri.v2, tri.v0);
    fe_diff3(s, ray.origin, tri.v0);
    fe_of_to(&d[0], ray.dir.x);
    fe_of_to(&d[1], ray.dir.y);
    fe_of_to(&d[2], ray.dir.z);
    fe_cross3(p, d, e2);
    fe det = fe_dot3(e1, p);
    int sg = fe_sign(&det);
    if (sg == 0)
        return false; /* zero area, zero dir, or parallel */
    fe U = fe_dot3(s, p);
    if (fe_wrong(&U, sg))
        return false;
    fe_cross3(q, s, e1);
    fe V = fe_dot3(d, q);
    if (fe_wrong(&V, sg))
        return false;
    fe W = fe_add(&det, &U, -1);
    fe_add_to(&W, &W, &V, -1);
    fe T = fe_dot3(e2, q);
    if (fe_wrong(&W, sg) || fe_wrong(&T, sg))
        return false;
    if (ray.tmax != INFINITY) {
        fe tm = fe_of(ray.tmax), R = fe_mul(&tm, &det);
        fe_add_to(&R, &R, &T, -1);
        if (fe_wrong(&R, sg))
            return false;
    }
    double a = fe_approx(&det);
    tuv[0] = fe_approx(&T) / a;
    tuv[1] = fe_approx(&U) / a;
    tuv[2] = fe_approx(&V) / a;
    return true;
}

static double norm1(double x, double y, double z) { return fabs(x) + fabs(y) + fabs(z); }

static float clamp(double x, float hi)
{
    float f = (float)x;
    return f > hi ? hi : f > 0 ? f : 0; /* -0 and NaN: +0 */
}

/* The filtered decision: 0 miss, 1 hit (tuv set), -1 undecided. */
static int filtered(isect_ray ray, isect_triangle tri, double *tuv)
{
    const double dx = ray.dir.x, dy = ray.dir.y, dz = ray.dir.z;
    const double ax = tri.v0.x, ay = tri.v0.y, az = tri.v0.z;
    const double e1x = tri.v1.x - ax, e1y = tri.v1.y - ay, e1z = tri.v1.z - az;
    const double e2x = tri.v2.x - ax, e2y = tri.v2.y - ay, e2z = tri.v2.z - az;
    const double px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
    const double det = e1x * px + e1y * py + e1z * pz;
    const double n1 = norm1(e1x, e1y, e1z), n2 = norm1(e2x, e2y, e2z), nd2 = norm1(dx, dy, dz) * n2;
    const double gdet = FB_RAY_TRI * (n1 * nd2), adet = fabs(det);
    if (!(adet > gdet))
        return -1; /* the sign of det is not certain (or det is 0) */
    const double sg = det > 0 ? 1.0 : -1.0; /* multiplications by sg are exact */
    const double sx = ray.origin.x - ax, sy = ray.origin.y - ay, sz = ray.origin.z - az;
    const double ns = norm1(sx, sy, sz), gU = FB_RAY_TRI * (ns * nd2);
    const double U = (sx * px + sy * py + sz * pz) * sg;
    if (U < -gU || U - adet > gdet + gU)
        return 0; /* sg U < 0, or sg (det - U) < 0 (then sg W < 0 unless sg V < 0) */
    const double qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
    const double ns1 = ns * n1, gV = FB_RAY_TRI * (norm1(dx, dy, dz) * ns1);
    const double V = (dx * qx + dy * qy + dz * qz) * sg;
    const double W = adet - U - V, gW = gdet + gU + gV;
    if (V < -gV || W < -gW)
        return 0;
    const double gT = FB_RAY_TRI * (n2 * ns1);
    const double T = (e2x * qx + e2y * qy + e2z * qz) * sg;
    if (T < -gT)
        return 0;
    const double tmax = ray.tmax;
    const double R = tmax * adet - T, gR = tmax * gdet + gT; /* inf - T, inf: no test */
    if (tmax != INFINITY && R < -gR)
        return 0;
    if (!(U > gU && V > gV && W > gW && T > gT && (tmax == INFINITY || R > gR)))
        return -1;
    const double inv = 1 / adet; /* one more rounding in t, u, v */
    tuv[0] = T * inv;
    tuv[1] = U * inv;
    tuv[2] = V * inv;
    return 1;
}

bool isect_ray_triangle(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    /* Invalid input (a non-finite value other than tmax = inf, NaN or
     * negative tmax) never passes filtered's hit certificate: a finite
     * guard proves the vectors it bounds finite, R > gR a valid tmax
     * (docs/queries/ray_triangle.md); it is a miss either way.  So the
     * validity test waits for the exact path, which needs it. */
    double tuv[3];
    int decision = filtered(ray, tri, tuv);
    if (decision < 0) {
        if (!rc_ray_valid(ray) || !fv_finite3(tri.v0) || !fv_finite3(tri.v1) || !fv_finite3(tri.v2))
            return false;
        decision = exact_triangle(ray, tri, tuv);
    }
    if (decision == 0)
        return false;
    if (out)
        *out = (isect_ray_triangle_result){true, clamp(tuv[0], ray.tmax), clamp(tuv[1], 1), clamp(tuv[2], 1)};
    return true;
}
