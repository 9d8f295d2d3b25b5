/* fast/ray_plane.c: ray against a plane in binary32.
 *
 * t = num/den, num = (point - origin).n, den = dir.n, evaluated in binary64
 * (no overflow or underflow for any binary32 input: no rescaling) as a
 * filtered exact predicate.  The common path computes num, den, their
 * guards (FB_RAY_DOT) and the guarded comparison of |num| with tmax |den|
 * (x = |num| - tmax |den| against gn + tmax gd, within FB_RAY_DOT's slack)
 * without a branch, then takes ONE branch: when the signs of
 * num and den are certain and either they differ or the comparison is
 * certain either way, or num's sign is certain and den is exactly 0 (the
 * computed den is 0 and its first sum exact: a direction in the plane, a
 * miss), the answer is selected from these values (t = num/den,
 * the same binary64 values); otherwise a cold function first tries a
 * short proof that num is exactly 0 (rp_num_zero: the origin on the plane,
 * a hit at t = 0), else validates the input
 * and decides exactly: num (six exact products), den (three) and
 * num - tmax den (num's and tmax times den's, as exact pairs) are exact
 * sums whose signs rc_sum_sign certifies in one branch-free pass, or, when
 * it cannot, an expansion decides.  The certificate
 * also validates: it fails for a non-finite input or a zero normal (their
 * guards are inf or NaN, or num = den = 0), and a certified miss is what an
 * invalid tmax answers anyway.  The origin on the plane (num exactly 0,
 * which covers a ray lying in the plane) hits at t = 0; den exactly 0 with
 * num != 0 is parallel: a miss.  The hit flag is exact for every input.
 * docs/queries/ray_plane.md.
 */
#include "isect.h"

#include "fast_ray.h"

#include <string.h>

/* The sign of the exact sum of t[0..n-1] (n <= 12, exact terms, as
 * rc_sum_sign leaves them) by an expansion (fx_grow, at most n components),
 * and its approximation summed from the smallest component: the rare case
 * where rc_sum_sign cannot tell. */
static ISECT_NOINLINE int rp_sign_slow(const double *t, int n, double *approx)
{
    double e[12];
    int m = 0;
    for (int i = 0; i < n; i++)
        m = fx_grow(e, m, t[i]);
    *approx = 0;
    for (int i = 0; i < m; i++)
        *approx += e[i];
    return fx_sign(e, m);
}

/* The exact sign of the sum of t[0..n-1] and an approximation of it. */
static inline int rp_sign(double *t, int n, double *approx)
{
    int s = rc_sum_sign(t, n, approx);
    return s != 2 ? s : rp_sign_slow(t, n, approx);
}

/* rp_sign for num's six terms as rp_cold leaves them, t[0..2] the sums
 * s_i of the pairs and t[3..5] their errors, unrolled (no loop, short
 * chains): two fx_two_sum steps add s_0 + s_1 + s_2 into s with errors f_1,
 * f_2, so num = s + (t[3] + t[4] + t[5] + f_1 + f_2) exactly: six terms,
 * five errors of fx_two_sum steps, and FB_RAY_SUM_CERT's certificate
 * (fast/fast_bounds.h) holds as in rc_sum_sign.  Leaves in t six terms
 * that sum to num exactly (the slow case reads them) and *approx. */
static inline int rp_num_sign(double *t, double *approx)
{
    double f1, f2, s = fx_two_sum(fx_two_sum(t[0], t[1], &f1), t[2], &f2);
    const double m = (fabs(t[3]) + fabs(t[4])) + ((fabs(t[5]) + fabs(f1)) + fabs(f2));
    t[0] = f1, t[1] = f2, t[2] = s;
    *approx = s + ((t[3] + t[4]) + (t[5] + (f1 + f2)));
    const int sign = rc_cert_sign(s, m);
    return sign != 2 ? sign : rp_sign_slow(t, 6, approx);
}

/* The input the filter did not certify: invalid, or decided exactly from
 * exact sums of products of two binary32 values (and of tmax times such a
 * product, as fx_two_prod's exact pair), by rc_sum_sign (one branch-free
 * pass) or, when it cannot tell, an expansion: num (six terms: the pairs
 * p_i n_i - o_i n_i as fx_two_sum's sums, which cancel first, then their
 * errors, so that an origin exactly on the plane usually sums to 0 with no
 * rounding error at all), den (three) and num - tmax den (twelve, for a
 * finite tmax only).  num == 0: a hit at
 * t = 0 (the origin on the plane, a ray in the plane included); den == 0
 * or opposite signs: a miss; else |num| <= tmax |den|, i.e.
 * (num - tmax den) sn <= 0.  t is the quotient of num's and den's
 * approximations (the binary64 num and den may have cancelled to nothing). */
/* The validity of ray_plane's input from the filter's guards, g =
 * gn + gd = FB_RAY_DOT (sum |w_i n_i| + sum |d_i n_i|), w = fl(p - o):
 * g is finite iff every coordinate of origin, dir, point and normal is
 * (an inf or NaN coordinate makes its w_i or d_i, then its product with
 * n_i, inf or NaN: inf times 0 is NaN; a product of finite binary32
 * values or of their binary64 differences is finite); then tmax >= 0 (not
 * NaN, +inf allowed) and a non-zero normal: the same test as rc_ray_valid,
 * fv_finite3 and a normal of magnitude > 0. */
static inline bool rp_valid(double g, float tmax, isect_vec3 n)
{
    const bool nonzero = (n.x != 0) | (n.y != 0) | (n.z != 0);
    return (g <= DBL_MAX) & (tmax >= 0) & nonzero;
}

/* num exactly 0, proved from the common path's w_i = fl(p_i - o_i)
 * (binary64) and t_i = fl(w_i n_i), in a few short independent steps.
 * v_i = fl32(p_i - o_i) is exact when fl32(v_i + o_i) = p_i and
 * fl32(p_i - v_i) = o_i (binary32: for the operand of larger magnitude
 * Dekker's Fast2Sum lemma makes the difference exact, so it equals the
 * other operand only if v_i is exact); then w_i = v_i exactly and t_i, a
 * product of two binary32 values, is exact.  s = fl(t_x + t_y) is exact
 * by the same two tests in binary64, and fl(s + t_z) = 0 only when
 * s + t_z = 0.  Each test as a difference that is 0 iff it holds (inf and
 * NaN never give 0), their magnitudes summed.  True proves num = 0; false
 * proves nothing (the expansions decide).  The boundary set's origins
 * moved along the plane pass. */
static inline bool rp_num_zero(const isect_ray *rp, const isect_plane *pp, const double t[3])
{
    const isect_vec3 p = pp->point, o = rp->origin;
    const float vx = p.x - o.x, vy = p.y - o.y, vz = p.z - o.z;
    const float zx = fabsf((vx + o.x) - p.x) + fabsf((p.x - vx) - o.x);
    const float zy = fabsf((vy + o.y) - p.y) + fabsf((p.y - vy) - o.y);
    const float zz = fabsf((vz + o.z) - p.z) + fabsf((p.z - vz) - o.z);
    const double s = t[0] + t[1];
    const double z = (fabs((s - t[0]) - t[1]) + fabs((s - t[1]) - t[0])) + fabs(s + t[2]);
    return ((zx + zy) + zz == 0) & (z == 0);
}

/* The cold path (see above rp_valid); w: the common path's w, in
 * registers, for rp_num_zero's proof, tried first (the boundary set's
 * origins on the plane) and taken with the validity test. */
static ISECT_NOINLINE bool rp_cold(const isect_ray *rp, const isect_plane *pp, double g, double wx, double wy,
                                   double wz, isect_ray_plane_result *out)
{
    const isect_vec3 nf = pp->normal;
    const double t3[3] = {wx * nf.x, wy * nf.y, wz * nf.z};
    if (rp_num_zero(rp, pp, t3) && rp_valid(g, rp->tmax, pp->normal)) {
        RC_EXACT_HOOK();
        if (out)
            *out = (isect_ray_plane_result){.hit = true, .t = 0};
        return true; /* the origin on the plane: a hit at t = 0 */
    }
    if (out)
        memset(out, 0, sizeof *out);
    if (!rp_valid(g, rp->tmax, pp->normal))
        return false;
    RC_EXACT_HOOK();
    const isect_vec3 p = pp->point, o = rp->origin, n = pp->normal, d = rp->dir;
    const float tmax = rp->tmax;
    /* num: (p_i - o_i) n_i first, their errors last */
    double num[6], den[3], m[12], na, da, ma;
    num[0] = fx_two_sum((double)p.x * n.x, -(double)o.x * n.x, &num[3]);
    num[1] = fx_two_sum((double)p.y * n.y, -(double)o.y * n.y, &num[4]);
    num[2] = fx_two_sum((double)p.z * n.z, -(double)o.z * n.z, &num[5]);
    int sn = rp_num_sign(num, &na);
    float t = 0;
    if (sn != 0) {
        den[0] = (double)d.x * n.x, den[1] = (double)d.y * n.y, den[2] = (double)d.z * n.z;
        for (int i = 0; i < 3; i++)
            m[6 + 2 * i] = fx_two_prod(-(double)tmax, den[i], &m[7 + 2 * i]);
        if (rp_sign(den, 3, &da) != sn)
            return false; /* parallel off the plane, or the plane behind */
        memcpy(m, num, sizeof num); /* rp_sign keeps the exact sum in num */
        if (tmax != INFINITY && rp_sign(m, 12, &ma) * sn > 0)
            return false; /* (num - tmax den) sn = |num| - tmax |den| > 0 */
        t = (float)(na / da);
    }
    if (out) {
        out->hit = true;
        out->t = t > tmax ? tmax : t >= 0 ? t : 0; /* NaN: 0 */
    }
    return true;
}

bool isect_ray_plane(isect_ray ray, isect_plane plane, isect_ray_plane_result *out)
{
    fv_d3 n = fv_d(plane.normal), w = fv_dsub(fv_d(plane.point), fv_d(ray.origin)), d = fv_d(ray.dir);
    double num = fv_ddot(w, n), dxy = d.x * n.x + d.y * n.y, den = dxy + d.z * n.z, tmax = ray.tmax;
    double gn = FB_RAY_DOT * fv_dabsdot(w, n), gd = FB_RAY_DOT * fv_dabsdot(d, n);
    double an = fabs(num), ad = fabs(den), err;
    bool same = (num > 0) == (den > 0);
    /* |num| - tmax |den| against gn + tmax gd, whose slack (FB_RAY_DOT:
     * more than 11u of each guarded magnitude) absorbs the roundings of
     * x and gx (docs/queries/ray_plane.md, step 1); tmax = inf gives
     * x = -inf, gx = inf: within iff den != 0.  |tmax| in gx: an invalid
     * tmax < 0 then fails "within" (x >= 0 < gx), -inf included (x = gx =
     * inf: neither comparison, the cold path) */
    double x = an - tmax * ad, gx = gn + fabs(tmax) * gd;
    bool within = x <= -gx; /* |num| <= tmax |den|, certain */
    bool beyond = x > gx;   /* |num| > tmax |den|, certain */
    /* den exactly 0 (a direction in the plane): the computed den is 0 and
     * its first sum is exact (fl(x + y) == 0 only if x + y == 0, so the
     * exact den is that sum's rounding error). */
    (void)fx_two_sum(d.x * n.x, d.y * n.y, &err);
    bool parallel = (den == 0) & (err == 0);
    bool sure_den = ad > gd;
    if (!((an > gn) & ((sure_den & (within | beyond | !same)) | parallel)))
        return rp_cold(&ray, &plane, gn + gd, w.x, w.y, w.z, out); /* pointers: no copy of the arguments */
    bool hit = sure_den & same & within; /* a negative tmax with den == 0 would pass "within" */
    if (out) { /* t on every call, kept on a hit: no branch on hit */
        float t = (float)(num / den);
        out->hit = hit;
        out->t = fv_keep32(t > ray.tmax ? ray.tmax : t, hit);
    }
    return hit;
}
