/* fast/ray_triangle.c: ray/triangle in binary32 with an exact hit flag.
 *
 * Moller-Trumbore's quantities (ref's, docs/queries/ray_triangle.md), with
 * e1 = v1 - v0, e2 = v2 - v0, s = origin - v0, p = dir x e2, q = s x e1:
 *   det = e1.p, U = s.p, V = dir.q, T = e2.q, W = det - U - V,
 *   R = tmax det - T;
 * the ray hits iff det != 0 and, with sg = sign(det), sg U, sg V, sg W,
 * sg T and (finite tmax) sg R are all >= 0.  Four stages:
 * 1. (inline) the six values in binary64, each with its guard
 *    (FB_RAY_TRI, fast/fast_bounds.h, times products of 1-norms, one
 *    shared by both edges), in Moller-Trumbore's order with its early
 *    exits: a value certainly of the wrong sign is a miss, all certainly
 *    right a hit; nothing over- or underflows for any finite binary32
 *    input, so nothing is rescaled.  Otherwise rt_cold (out of line):
 * 2. the grid stage: when the 12 position coordinates are integer
 *    multiples of 2^(ep - 15) and the 3 dir coordinates of 2^(ed - 15)
 *    (2^ep, 2^ed above their magnitudes), every
 *    binary64 operation of stage 1 is exact (FB_RT_GRID_BITS), so the
 *    values are exact, zeros included (exact edge, vertex and coplanar
 *    inputs on a grid); R alone is taken exactly with fx_two_prod;
 * 3. when e1, e2 and s are exact in binary64: det, U, V, T as expansions
 *    of at most 24 components (fx_triple), W and R from them;
 * 4. else fe expansions (fast/fast_exact.h).
 * The hit flag is exact for every input, hence watertight: a ray through
 * an edge or vertex shared by two closed triangles hits both.  t = T/det,
 * u = U/det, v = V/det are rounded from the binary64 values (from the
 * expansions on stages 3 and 4) and clamped to the exact ranges [0, tmax],
 * [0, 1].  docs/queries/ray_triangle.md.
 */
#include "isect.h"

#include "fast_ray.h"
#include "fast_tri_exact.h"

#include <string.h>

/* Called with the stage (2, 3, 4) that decides a query the filter left
 * undecided: nothing in libisect; tests/test_ray_triangle_exact.c counts. */
#ifndef RT_STAGE_HOOK
#define RT_STAGE_HOOK(stage) ((void)0)
#endif

/* Moller-Trumbore's vectors and values, every operation in binary64, in
 * the one order FB_RAY_TRI and FB_RT_GRID_BITS assume. */
typedef struct {
    double d[3], e1[3], e2[3], s[3];
    double det, U, V, T;
} rt_mt;

/* What stage 1 hands to rt_cold: its binary64 det and, when uvt, its
 * U, V, T times sg = sign(det) (the same operations as rt_values), and
 * whether it certified R >= 0 (tmax = inf, or R beyond its guard).  Passed
 * in registers (scalars, not a struct built in memory: a struct argument
 * is stored field by field and reloaded 16 bytes at a time, which stalls
 * store forwarding). */
typedef struct {
    double det, U, V, T;
    bool uvt, r_ok;
} rt_have;

static inline rt_mt rt_values(const isect_ray *ray, const isect_triangle *tri)
{
    rt_mt m;
    const double ax = tri->v0.x, ay = tri->v0.y, az = tri->v0.z;
    const double dx = ray->dir.x, dy = ray->dir.y, dz = ray->dir.z;
    const double e1x = tri->v1.x - ax, e1y = tri->v1.y - ay, e1z = tri->v1.z - az;
    const double e2x = tri->v2.x - ax, e2y = tri->v2.y - ay, e2z = tri->v2.z - az;
    const double sx = ray->origin.x - ax, sy = ray->origin.y - ay, sz = ray->origin.z - az;
    const double px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
    const double qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
    m.det = e1x * px + e1y * py + e1z * pz;
    m.U = sx * px + sy * py + sz * pz;
    m.V = dx * qx + dy * qy + dz * qz;
    m.T = e2x * qx + e2y * qy + e2z * qz;
    m.d[0] = dx, m.d[1] = dy, m.d[2] = dz;
    m.e1[0] = e1x, m.e1[1] = e1y, m.e1[2] = e1z;
    m.e2[0] = e2x, m.e2[1] = e2y, m.e2[2] = e2z;
    m.s[0] = sx, m.s[1] = sy, m.s[2] = sz;
    return m;
}

static inline float rt_clamp(double x, float hi)
{
    float f = (float)x;
    f = f > 0 ? f : 0; /* -0 and NaN: +0 */
    return f > hi ? hi : f;
}

/* The answer from t, u, v (tuv) on a hit, zeros on a miss. */
static inline bool rt_out(bool hit, const double *tuv, float tmax, isect_ray_triangle_result *out)
{
    if (out)
        *out = hit ? (isect_ray_triangle_result){true, rt_clamp(tuv[0], tmax), rt_clamp(tuv[1], 1),
                                                 rt_clamp(tuv[2], 1)}
                   : (isect_ray_triangle_result){false, 0, 0, 0};
    return hit;
}

/* ---- stage 2: the grid ---------------------------------------------------
 * FB_RT_GRID_BITS (fast/fast_bounds.h): with every position coordinate an
 * integer multiple of X = 2^(ep - B) and every dir coordinate one of
 * Y = 2^(ed - B), B = 15, every value stage 1 computes is an integer
 * multiple of X, X^2, XY, X^2 Y or X^3 below 2^53 of that unit: exact. */

/* The larger of a and b (maxss, no branch: a NaN b is taken, a NaN a
 * skipped; a NaN or inf magnitude fails the grid test either way, through
 * rt_grid_const or rt_off_grid). */
static inline float rt_fmax(float a, float b) { return a > b ? a : b; }

/* The largest magnitude of v's coordinates. */
static inline float rt_max3(isect_vec3 v) { return rt_fmax(rt_fmax(fabsf(v.x), fabsf(v.y)), fabsf(v.z)); }

/* The rounding constant of the grid test, c = 1.5 2^(e + 23 - B) as a
 * binary32, 2^e a power of two above m, the largest magnitude (m >= 0 or
 * NaN): e = E - 126 for m's biased exponent E, the least such power for a
 * normal m, 2^-126 for a subnormal m or 0 (a coarser grid than the least
 * power would give: such inputs may fail the test; none passes wrongly);
 * 0 when e > RT_GRID_EMAX (c would overflow; m inf or NaN included): the
 * grid stage is then skipped.  c is normal: e >= -126 > RT_GRID_EMIN. */
enum { RT_GRID_EMIN = FB_RT_GRID_BITS - 23 - 125, RT_GRID_EMAX = FB_RT_GRID_BITS - 23 + 127 };
static inline float rt_grid_const(float m)
{
    uint32_t b;
    memcpy(&b, &m, sizeof b);
    const int e = (int)(b >> 23) - 126; /* the sign bit is clear: m is a magnitude */
    b = (uint32_t)(e + 23 - FB_RT_GRID_BITS + 127) << 23 | 0x400000u;
    float c;
    memcpy(&c, &b, sizeof c);
    return e <= RT_GRID_EMAX ? c : 0;
}

/* The distance of x to the nearest multiple of 2^(e - B) (c from
 * rt_grid_const; |x| < 2^e): 0 iff x is a multiple (NaN or inf for a
 * non-finite x).  In binary32, x + c lies in c's binade, where the spacing
 * is 2^(e - B), so fl(x + c) - c (exact, Sterbenz) is x rounded to that
 * grid (fast/fast_bounds.h, FB_RT_GRID_BITS); the difference is exact. */
static inline float rt_off1(float x, float c) { return fabsf(((x + c) - c) - x); }

/* The sum of rt_off1 over v's coordinates, and the sum of two such sums:
 * sums of magnitudes, so 0 iff every term is 0 (a non-zero term keeps the
 * sum non-zero, or inf, or NaN).  Summed as a tree (short dependency
 * chains: the 15 terms are independent). */
static inline float rt_off3(isect_vec3 v, float c) { return (rt_off1(v.x, c) + rt_off1(v.y, c)) + rt_off1(v.z, c); }

/* The sign of tmax a - b, exactly, for binary64 a, b that are exact
 * polynomials of degree 3 in binary32 values (fx_two_prod's range holds). */
static int rt_r_sign(float tmax, double a, double b)
{
    double h[3], e, p = fx_two_prod(tmax, a, &e);
    int n = fx_grow(h, 0, e);
    n = fx_grow(h, n, -b);
    n = fx_grow(h, n, p);
    return fx_sign(h, n);
}

/* Stage 2: 1 hit, 0 miss (tuv set on a hit); -1 the inputs are not all
 * finite and on a grid.  mp and md: the largest magnitudes of the position
 * and the dir coordinates (rt_max3). */
static int rt_grid(const isect_ray *ray, const isect_triangle *tri, float mp, float md, const rt_have *h, double *tuv)
{
    const float cp = rt_grid_const(mp), cd = rt_grid_const(md);
    const float off = ((rt_off3(ray->origin, cp) + rt_off3(tri->v0, cp)) + (rt_off3(tri->v1, cp) + rt_off3(tri->v2, cp))) +
                      rt_off3(ray->dir, cd);
    if (cp == 0 || cd == 0 || !(off == 0) || !(ray->tmax >= 0)) /* NaN tmax fails too; +inf is valid */
        return -1;
    RT_STAGE_HOOK(2);
    if (h->det == 0) /* exact */
        return 0;
    double U = h->U, V = h->V, T = h->T;
    const double adet = fabs(h->det);
    if (!h->uvt) {
        const rt_mt m = rt_values(ray, tri); /* exact */
        const double sg = h->det > 0 ? 1.0 : -1.0;
        U = m.U * sg, V = m.V * sg, T = m.T * sg;
    }
    if (U < 0 || V < 0 || adet - U - V < 0 || T < 0) /* exact (-0 is 0) */
        return 0;
    if (!h->r_ok && ray->tmax != INFINITY && rt_r_sign(ray->tmax, adet, T) < 0)
        return 0;
    const double inv = 1 / adet; /* one rounding more than T / adet */
    tuv[0] = T * inv;
    tuv[1] = U * inv;
    tuv[2] = V * inv;
    return 1;
}

/* ---- stage 3: exact differences, short expansions ------------------------ */

/* The value of an expansion to within a few ulps (summed from the
 * smallest component). */
static double rt_approx(const double *h, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    return s;
}

/* Is a y b z - a z b y exactly 0 (binary64 a_, b_ below 2^130, multiples
 * of 2^-149)?  Each product is p + err exactly (fx_two_prod), p = fl(the
 * product) and err determined by it: equal products have equal pairs. */
static inline bool rt_equal_products(double a, double b, double c, double d)
{
    double e, f, p = fx_two_prod(a, b, &e), q = fx_two_prod(c, d, &f);
    return p == q && e == f;
}

/* e1 x e2 = 0 exactly (a zero-area triangle), for exact differences. */
static inline bool rt_zero_area(const double *a, const double *b)
{
    return rt_equal_products(a[1], b[2], a[2], b[1]) && rt_equal_products(a[2], b[0], a[0], b[2]) &&
           rt_equal_products(a[0], b[1], a[1], b[0]);
}

/* Stage 3: 1 hit, 0 miss (tuv set on a hit), -1 a difference is inexact. */
static int rt_short(const isect_ray *rp, const isect_triangle *tp, double *tuv)
{
    const isect_ray ray = *rp;
    const isect_triangle tri = *tp;
    double e1[3], e2[3], s[3], det[24], U[24], V[24], T[24], W[72], R[72];
    const double d[3] = {ray.dir.x, ray.dir.y, ray.dir.z};
    if (!tx_diff3_exact(e1, tri.v1, tri.v0) || !tx_diff3_exact(e2, tri.v2, tri.v0) ||
        !tx_diff3_exact(s, ray.origin, tri.v0))
        return -1;
    RT_STAGE_HOOK(3);
    if (rt_zero_area(e1, e2))
        return 0; /* det = -d.(e1 x e2) = 0 */
    const int nd = fx_triple(det, e1, d, e2), sg = fx_sign(det, nd);
    if (sg == 0)
        return 0; /* zero area, zero dir, or parallel */
    const int nu = fx_triple(U, s, d, e2);
    if (fx_sign(U, nu) * sg < 0)
        return 0;
    const int nv = fx_triple(V, d, s, e1);
    if (fx_sign(V, nv) * sg < 0)
        return 0;
    int nw = nd;
    memcpy(W, det, (size_t)nd * sizeof *W);
    for (int i = 0; i < nu; i++)
        nw = fx_grow(W, nw, -U[i]);
    for (int i = 0; i < nv; i++)
        nw = fx_grow(W, nw, -V[i]);
    const int nt = fx_triple(T, e2, s, e1);
    if (fx_sign(W, nw) * sg < 0 || fx_sign(T, nt) * sg < 0)
        return 0;
    if (ray.tmax != INFINITY) {
        int nr = fx_scale(R, det, nd, ray.tmax);
        for (int i = 0; i < nt; i++)
            nr = fx_grow(R, nr, -T[i]);
        if (fx_sign(R, nr) * sg < 0)
            return 0;
    }
    const double a = rt_approx(det, nd);
    tuv[0] = rt_approx(T, nt) / a;
    tuv[1] = rt_approx(U, nu) / a;
    tuv[2] = rt_approx(V, nv) / a;
    return 1;
}

/* ---- stage 4: fe expansions ---------------------------------------------- */

static double fe_approx(const fe *a) { return rt_approx(a->e, a->n); }

/* Does sg x < 0 hold (sg = +-1)? */
static bool fe_wrong(const fe *x, int sg) { return fe_sign(x) * sg < 0; }

/* The exact decision, with t, u, v (in tuv) on a hit. */
static bool rt_fe(const isect_ray *rp, const isect_triangle *tp, double *tuv)
{
    const isect_ray ray = *rp;
    const isect_triangle tri = *tp;
    RT_STAGE_HOOK(4);
    fe e1[3], e2[3], s[3], d[3], p[3], q[3], det, U, V, W, T;
    fe_diff3(e1, tri.v1, tri.v0);
    fe_diff3(e2, tri.v2, tri.v0);
    fe_diff3(s, ray.origin, tri.v0);
    fe_of_to(&d[0], ray.dir.x);
    fe_of_to(&d[1], ray.dir.y);
    fe_of_to(&d[2], ray.dir.z);
    fe_cross3(p, d, e2);
    fe_dot3_to(&det, e1, p);
    int sg = fe_sign(&det);
    if (sg == 0)
        return false; /* zero area, zero dir, or parallel */
    fe_dot3_to(&U, s, p);
    if (fe_wrong(&U, sg))
        return false;
    fe_cross3(q, s, e1);
    fe_dot3_to(&V, d, q);
    if (fe_wrong(&V, sg))
        return false;
    fe_add_to(&W, &det, &U, -1);
    fe_add_to(&W, &W, &V, -1);
    fe_dot3_to(&T, e2, q);
    if (fe_wrong(&W, sg) || fe_wrong(&T, sg))
        return false;
    if (ray.tmax != INFINITY) {
        fe R; /* in W's storage would do; W is not read again */
        fe_of_to(&R, ray.tmax);
        fe_mul_to(&R, &R, &det);
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

/* Stages 2 to 4, out of line: the queries the filter leaves undecided
 * (and invalid input, which it never certifies a hit). */
static ISECT_NOINLINE bool rt_cold(const isect_ray *rp, const isect_triangle *tp, isect_ray_triangle_result *out,
                                   double det, double U, double V, double T, int flags)
{
    RC_EXACT_HOOK();
    const rt_have h = {det, U, V, T, (flags & 1) != 0, (flags & 2) != 0};
    const float mp = rt_fmax(rt_fmax(rt_max3(rp->origin), rt_max3(tp->v0)), rt_fmax(rt_max3(tp->v1), rt_max3(tp->v2)));
    double tuv[3];
    int c = rt_grid(rp, tp, mp, rt_max3(rp->dir), &h, tuv);
    if (c < 0) {
        c = 0;
        if (rc_ray_valid(*rp) && fv_finite3(tp->v0) && fv_finite3(tp->v1) && fv_finite3(tp->v2)) {
            c = rt_short(rp, tp, tuv);
            if (c < 0)
                c = rt_fe(rp, tp, tuv);
        }
    }
    const bool hit = c;
    return rt_out(hit, tuv, rp->tmax, out);
}

static inline bool rt_miss(isect_ray_triangle_result *out)
{
    if (out)
        *out = (isect_ray_triangle_result){false, 0, 0, 0};
    return false;
}

/* Stage 1, in Moller-Trumbore's order with its early exits: each exit is
 * a value certainly of the wrong sign (beyond its guard); a value within
 * its guard goes to rt_cold.  The guards are FB_RAY_TRI times products of
 * computed 1-norms, with ne = max(n1, n2) for both edges (fast/fast_bounds.h,
 * "ray_triangle (issue 14, speed)"): gdet = FB ne ne nd, gUV = FB ne ns nd
 * (U and V), gT = FB ne ne ns, gW = gdet + 2 gUV, gR = tmax gdet + gT. */
bool isect_ray_triangle(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out)
{
    const double ax = tri.v0.x, ay = tri.v0.y, az = tri.v0.z;
    const double dx = ray.dir.x, dy = ray.dir.y, dz = ray.dir.z;
    const double e1x = tri.v1.x - ax, e1y = tri.v1.y - ay, e1z = tri.v1.z - az;
    const double e2x = tri.v2.x - ax, e2y = tri.v2.y - ay, e2z = tri.v2.z - az;
    const double px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
    const double det = e1x * px + e1y * py + e1z * pz;
    const double n1 = fabs(e1x) + fabs(e1y) + fabs(e1z), n2 = fabs(e2x) + fabs(e2y) + fabs(e2z);
    const double nd = fabs(dx) + fabs(dy) + fabs(dz), ne = n1 > n2 ? n1 : n2;
    const double fne = FB_RAY_TRI * ne, a = fne * nd, gdet = fne * (ne * nd); /* FB exact: a power of two */
    const double adet = fabs(det), sg = copysign(1.0, det); /* products by sg are exact */
    if (!(adet > gdet))
        return rt_cold(&ray, &tri, out, det, 0, 0, 0, 0); /* det uncertain, 0, invalid */
    const double sx = ray.origin.x - ax, sy = ray.origin.y - ay, sz = ray.origin.z - az;
    const double ns = fabs(sx) + fabs(sy) + fabs(sz), gUV = ns * a;
    const double U = (sx * px + sy * py + sz * pz) * sg;
    if (U < -gUV || U - adet > gdet + gUV)
        return rt_miss(out); /* sg U < 0, or sg (det - U) < 0: then sg W < 0 unless sg V < 0 */
    const double qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
    const double V = (dx * qx + dy * qy + dz * qz) * sg, W = adet - U - V, gW = gdet + (gUV + gUV);
    if (V < -gUV || W < -gW)
        return rt_miss(out);
    const double T = (e2x * qx + e2y * qy + e2z * qz) * sg, gT = ns * (fne * ne);
    const double tmax = ray.tmax, R = tmax * adet - T, gR = tmax * gdet + gT; /* inf: inf, inf */
    if (T < -gT || R < -gR)
        return rt_miss(out);
    /* Invalid input never passes: a finite guard proves the vectors it
     * bounds finite, R > gR a valid tmax (docs/queries/ray_triangle.md). */
    const bool r_ok = (tmax > FLT_MAX) | (R > gR);
    if (!((U > gUV) & (V > gUV) & (W > gW) & (T > gT) & r_ok))
        return rt_cold(&ray, &tri, out, det, U, V, T, 1 | (r_ok ? 2 : 0)); /* uvt, r_ok */
    const double inv = 1 / adet; /* one more rounding in t, u, v */
    float t = (float)(T * inv), u = (float)(U * inv), v = (float)(V * inv);
    if (out) /* t, u, v > 0 (or underflowing to +0): only the upper clamps */
        *out = (isect_ray_triangle_result){true, t > tmax ? tmax : t, u > 1 ? 1 : u, v > 1 ? 1 : v};
    return true;
}
