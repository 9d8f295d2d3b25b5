/* ref/ray_obb.c: exact ray_obb.
 *
 * The box is { center + M s : |s_i| <= half_i }, M = [axis0 axis1 axis2]
 * (columns), with the axes exactly as given: float axes are never exactly
 * orthonormal, so the box is a parallelepiped.  With the rows of the
 * adjugate r_0 = axis1 x axis2, r_1 = axis2 x axis0, r_2 = axis0 x axis1 and
 * det = axis0 . r_0, Cramer's rule gives s_i = r_i . (x - center) / det, and
 * the box is the intersection of the three slabs
 *   |r_i . (x - center)| <= half_i |det|.
 * Along the ray, with sg = sign(det): x_i(t) = sg r_i.(origin - center)
 * + t sg r_i.dir must stay in [-half_i |det|, half_i |det|]: a slab test in
 * rationals as in ray_aabb.  A singular M (det = 0: a zero axis, or axes in
 * a plane) is a flat set that is not a box: invalid input (documented).
 * docs/queries/ray_obb.md.
 */
#include "isect_ref.h"

#include "exact.h"
#include "ivl.h"
#include "ref_ray.h"

#include <math.h>
#include <string.h>

enum { IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_C = 7, IN_A0 = 10, IN_A1 = 13, IN_A2 = 16, IN_H = 19, N_IN = 22 };
enum { OUT_HIT, OUT_T, N_OUT };

static int finite_input(const double *in)
{
    if (!rq_ray_finite(in, N_IN, IN_TMAX))
        return 0;
    for (int i = 0; i < 3; i++)
        if (!(in[IN_H + i] >= 0))
            return 0;
    return 1;
}

void ref_ray_obb_encl(const iv *in, iv *out)
{
    iv3 o = iv3_load(in, IN_O), d = iv3_load(in, IN_D), c = iv3_load(in, IN_C);
    iv3 a[3] = {iv3_load(in, IN_A0), iv3_load(in, IN_A1), iv3_load(in, IN_A2)};
    iv tmax = in[IN_TMAX];
    iv3 r[3] = {iv3_cross(a[1], a[2]), iv3_cross(a[2], a[0]), iv3_cross(a[0], a[1])};
    iv det = iv3_dot(a[0], r[0]);
    out[OUT_HIT] = iv_make(0, 1);
    out[OUT_T] = iv_make(0, tmax.hi);
    if (iv_has_nan(det) || (det.lo <= 0 && det.hi >= 0))
        return; /* may be singular (invalid there) or change orientation: nothing known */
    double sg = det.lo > 0 ? 1 : -1;
    iv adet = sg > 0 ? det : iv_neg(det);
    iv3 w = iv3_sub(o, c);
    iv entry = iv_point(0), exit = tmax;
    bool empty_any = false;
    for (int i = 0; i < 3; i++) {
        iv x = iv3_dot(r[i], w), dx = iv3_dot(r[i], d), B = iv_mul(in[IN_H + i], adet);
        if (sg < 0) {
            x = iv_neg(x);
            dx = iv_neg(dx);
        }
        rq_meet_slab(x, dx, iv_neg(B), B, &entry, &exit, &empty_any);
    }
    out[OUT_HIT] = iv_bool(!empty_any && entry.hi <= exit.lo, empty_any || entry.lo > exit.hi);
    out[OUT_T] = rq_clip_t(entry, tmax);
}

/* On a certified hit (so det != 0): t = max(0, entry ends of the three
 * slabs), each (-+B - x)/dx enclosed by ivl.h (docs/queries/ray_obb.md). */
static bool tight(const double *in, double *out)
{
    ivl3 a0 = ivl3_at(in + IN_A0), a1 = ivl3_at(in + IN_A1), a2 = ivl3_at(in + IN_A2);
    ivl3 r[3] = {ivl3_cross(a1, a2), ivl3_cross(a2, a0), ivl3_cross(a0, a1)};
    ivl det = ivl3_dot(a0, r[0]);
    if (!(det.lo > 0 || det.hi < 0))
        return false;
    bool neg = det.hi < 0;
    ivl adet = neg ? ivl_neg(det) : det, entry = ivl_d(0);
    ivl3 w = ivl3_sub(ivl3_at(in + IN_O), ivl3_at(in + IN_C)), d = ivl3_at(in + IN_D);
    for (int i = 0; i < 3; i++) {
        ivl x = ivl3_dot(r[i], w), dx = ivl3_dot(r[i], d), B = ivl_mul(ivl_d(in[IN_H + i]), adet);
        if (neg) {
            x = ivl_neg(x);
            dx = ivl_neg(dx);
        }
        if (dx.lo == 0 && dx.hi == 0)
            continue; /* parallel: the slab holds for every t (the hit is certified) */
        if (!(dx.lo > 0 || dx.hi < 0))
            return false;
        entry = ivl_max(entry, ivl_div(ivl_sub(dx.lo > 0 ? ivl_neg(B) : B, x), dx));
    }
    if (entry.lo == 0 && entry.hi == 0)
        return true; /* exactly 0: out[OUT_T] stays 0 */
    return ivl_round(entry, &out[OUT_T]);
}

int ref_ray_obb(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!finite_input(in))
        return REF_INVALID;

    /* The filter first: a certain miss or hit implies det != 0 (the
     * enclosure knows nothing where det may be 0), so the input is valid. */
    if (ref_filter_miss_or_tight(ref_ray_obb_encl, tight, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    q3 o, d, c, a0, a1, a2, w, r[3];
    mpq_t det, x, dx, B, lo, hi, entry, exit, tmp;
    q3 *all[] = {&o, &d, &c, &a0, &a1, &a2, &w, &r[0], &r[1], &r[2]};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_inits(det, x, dx, B, lo, hi, entry, exit, tmp, NULL);

    q3_set_d(&o, in + IN_O);
    q3_set_d(&d, in + IN_D);
    q3_set_d(&c, in + IN_C);
    q3_set_d(&a0, in + IN_A0);
    q3_set_d(&a1, in + IN_A1);
    q3_set_d(&a2, in + IN_A2);
    q3_cross(&r[0], &a1, &a2);
    q3_cross(&r[1], &a2, &a0);
    q3_cross(&r[2], &a0, &a1);
    q3_dot(det, &a0, &r[0]);
    int sg = mpq_sgn(det), status = REF_OK;
    if (sg == 0) {
        status = REF_INVALID; /* singular axes: a flat set, not a box */
    } else {
        q3_sub(&w, &o, &c);
        mpq_abs(det, det);
        int hit = 1, bounded = isfinite(in[IN_TMAX]);
        if (bounded)
            mpq_set_d(exit, in[IN_TMAX]);
        for (int i = 0; i < 3 && hit; i++) {
            q3_dot(x, &r[i], &w);
            q3_dot(dx, &r[i], &d);
            if (sg < 0) {
                mpq_neg(x, x);
                mpq_neg(dx, dx);
            }
            mpq_set_d(B, in[IN_H + i]);
            mpq_mul(B, B, det);
            if (mpq_sgn(dx) == 0) {
                /* parallel to the slab: inside iff -B <= x <= B */
                mpq_neg(tmp, B);
                hit = mpq_cmp(tmp, x) <= 0 && mpq_cmp(x, B) <= 0;
                continue;
            }
            /* ends (-B - x)/dx and (B - x)/dx, ordered by the sign of dx */
            mpq_neg(lo, B);
            mpq_sub(lo, lo, x);
            mpq_div(lo, lo, dx);
            mpq_sub(hi, B, x);
            mpq_div(hi, hi, dx);
            if (mpq_sgn(dx) < 0)
                mpq_swap(lo, hi);
            if (mpq_cmp(lo, entry) > 0)
                mpq_set(entry, lo);
            if (!bounded || mpq_cmp(hi, exit) < 0)
                mpq_set(exit, hi);
            bounded = 1;
        }
        if (hit && bounded)
            hit = mpq_cmp(entry, exit) <= 0;
        if (hit) {
            out[OUT_HIT] = 1;
            out[OUT_T] = q_to_double(entry);
        }
    }

    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clears(det, x, dx, B, lo, hi, entry, exit, tmp, NULL);
    return status;
}
