/* fast/ray_plane.c: ray against a plane in binary32.
 *
 * t = num/den, num = (point - origin).n, den = dir.n, evaluated in binary64
 * (no overflow or underflow for any binary32 input: no rescaling) as a
 * filtered exact predicate: the signs of num and den and the comparison
 * |num| <= tmax |den| are taken when the guard FB_RAY_DOT certifies them,
 * else exact expansions decide (num: six exact products; den: three;
 * num - tmax den: tmax times den's components, exact).  The origin on the
 * plane (num exactly 0, which covers a ray lying in the plane) hits at
 * t = 0; den exactly 0 with num != 0 is parallel: a miss.  The hit flag is
 * exact for every input.  docs/queries/ray_plane.md.
 */
#include "isect.h"

#include "fast_ray.h"

#include <string.h>

/* The sum of an expansion's components from the smallest: within a few
 * ulps of its value. */
static double approx(const fx_num *a)
{
    double s = 0;
    for (int i = 0; i < a->n; i++)
        s += a->e[i];
    return s;
}

/* The exact decision: 0 miss, 1 hit at t = 0 (num == 0), 2 hit; *t the
 * quotient of the expansions' approximations (the binary64 num and den may
 * have cancelled to nothing). */
static int exact_plane(isect_ray ray, isect_plane pl, double *t)
{
    RC_EXACT_HOOK();
    fx_num num, den, m;
    const float p[3] = {pl.point.x, pl.point.y, pl.point.z}, o[3] = {ray.origin.x, ray.origin.y, ray.origin.z};
    const float n[3] = {pl.normal.x, pl.normal.y, pl.normal.z}, d[3] = {ray.dir.x, ray.dir.y, ray.dir.z};
    num.n = den.n = 0;
    for (int i = 0; i < 3; i++) {
        fx_num_grow(&num, (double)p[i] * n[i]);
        fx_num_grow(&num, -(double)o[i] * n[i]);
        fx_num_grow(&den, (double)d[i] * n[i]);
    }
    int sn = fx_num_sign(&num), sd = fx_num_sign(&den);
    *t = sd == 0 ? 0 : approx(&num) / approx(&den);
    if (sn == 0)
        return 1;
    if (sd != sn)
        return 0; /* parallel off the plane, or the plane behind */
    if (ray.tmax == INFINITY)
        return 2;
    fx_num_copy(&m, &num); /* sign of num - tmax den, times sn: |num| - tmax |den| */
    fx_num_add_scaled(&m, &den, -(double)ray.tmax);
    return fx_num_sign(&m) * sn <= 0 ? 2 : 0;
}

bool isect_ray_plane(isect_ray ray, isect_plane plane, isect_ray_plane_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!rc_ray_valid(ray) || !fv_finite3(plane.point) || !fv_finite3(plane.normal) || fv_max3abs(plane.normal) == 0)
        return false;

    fv_d3 n = fv_d(plane.normal), w = fv_dsub(fv_d(plane.point), fv_d(ray.origin)), d = fv_d(ray.dir);
    double num = fv_ddot(w, n), den = fv_ddot(d, n);
    double gn = FB_RAY_DOT * fv_dabsdot(w, n), gd = FB_RAY_DOT * fv_dabsdot(d, n);
    double an = fabs(num), ad = fabs(den);
    double q = num / den;
    int decision; /* as exact_plane's */
    if (num == 0 && gn == 0)
        decision = 1; /* every term exactly 0 */
    else if (an <= gn || ad <= gd)
        decision = exact_plane(ray, plane, &q);
    else if ((num > 0) != (den > 0))
        return false;
    else if (ray.tmax == INFINITY || (an + gn) * (1 + FB_RAY_END) <= ray.tmax * (ad - gd))
        decision = 2;
    else if ((an - gn) > ray.tmax * (ad + gd) * (1 + FB_RAY_END))
        return false;
    else
        decision = exact_plane(ray, plane, &q);
    if (decision == 0)
        return false;
    if (out) {
        float t = decision == 1 ? 0.0f : (float)q;
        out->hit = true;
        out->t = t > ray.tmax ? ray.tmax : t >= 0 ? t : 0; /* NaN: 0 */
    }
    return true;
}
