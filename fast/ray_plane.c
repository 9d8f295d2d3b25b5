/* fast/ray_plane.c: ray against a plane in binary32.
 *
 * t = num/den, num = (point - origin).n, den = dir.n, evaluated in binary64
 * (no overflow or underflow for any binary32 input: no rescaling) as a
 * filtered exact predicate.  The common path computes num, den, their
 * guards (FB_RAY_DOT) and the guarded comparisons of |num| with tmax |den|
 * (FB_RAY_END) without a branch, then takes ONE branch: when the signs of
 * num and den are certain and either they differ or the comparison is
 * certain either way, or num's sign is certain and den is exactly 0 (the
 * computed den is 0 and its first sum exact: a direction in the plane, a
 * miss), the answer is selected from these values (t = num/den,
 * the same binary64 values); otherwise a cold function validates the input
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
static ISECT_NOINLINE bool rp_cold(const isect_ray *rp, const isect_plane *pp, isect_ray_plane_result *out)
{
    const isect_ray ray = *rp;
    const isect_plane pl = *pp;
    if (out)
        memset(out, 0, sizeof *out);
    if (!rc_ray_valid(ray) || !fv_finite3(pl.point) || !fv_finite3(pl.normal) || fv_max3abs(pl.normal) == 0)
        return false;
    RC_EXACT_HOOK();
    const float p[3] = {pl.point.x, pl.point.y, pl.point.z}, o[3] = {ray.origin.x, ray.origin.y, ray.origin.z};
    const float n[3] = {pl.normal.x, pl.normal.y, pl.normal.z}, d[3] = {ray.dir.x, ray.dir.y, ray.dir.z};
    double num[6], den[3], m[12], na, da, ma;
    for (int i = 0; i < 3; i++) { /* num: (p_i - o_i) n_i first, their errors last */
        num[i] = fx_two_sum((double)p[i] * n[i], -(double)o[i] * n[i], &num[3 + i]);
        den[i] = (double)d[i] * n[i];
    }
    int sn = rp_sign(num, 6, &na);
    float t = 0;
    if (sn != 0) {
        for (int i = 0; i < 3; i++)
            m[6 + 2 * i] = fx_two_prod(-(double)ray.tmax, den[i], &m[7 + 2 * i]);
        if (rp_sign(den, 3, &da) != sn)
            return false; /* parallel off the plane, or the plane behind */
        memcpy(m, num, sizeof num); /* rp_sign keeps the exact sum in num */
        if (ray.tmax != INFINITY && rp_sign(m, 12, &ma) * sn > 0)
            return false; /* (num - tmax den) sn = |num| - tmax |den| > 0 */
        t = (float)(na / da);
    }
    if (out) {
        out->hit = true;
        out->t = t > ray.tmax ? ray.tmax : t >= 0 ? t : 0; /* NaN: 0 */
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
    bool within = (an + gn) * (1 + FB_RAY_END) <= tmax * (ad - gd); /* |num| <= tmax |den|, certain */
    bool beyond = an - gn > tmax * (ad + gd) * (1 + FB_RAY_END);    /* |num| > tmax |den|, certain */
    /* den exactly 0 (a direction in the plane): the computed den is 0 and
     * its first sum is exact (fl(x + y) == 0 only if x + y == 0, so the
     * exact den is that sum's rounding error). */
    (void)fx_two_sum(d.x * n.x, d.y * n.y, &err);
    bool parallel = (den == 0) & (err == 0);
    bool sure_den = ad > gd;
    if (!((an > gn) & ((sure_den & (within | beyond | !same)) | parallel)))
        return rp_cold(&ray, &plane, out); /* pointers: no copy of the arguments */
    bool hit = sure_den & same & within; /* a negative tmax with den == 0 would pass "within" */
    if (out) {
        float t = (float)(num / den);
        out->hit = hit;
        out->t = !hit ? 0 : t > ray.tmax ? ray.tmax : t;
    }
    return hit;
}
