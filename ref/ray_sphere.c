/* ref/ray_sphere.c: exact ray_sphere.
 *
 * With v = origin - center, the ray is in the closed ball where
 *   f(t) = a t^2 + 2 b t + c <= 0,   a = dir.dir,  b = v.dir,  c = v.v - r^2.
 * - c <= 0: the origin is in the ball: t = 0.
 * - otherwise the ray must move towards the centre (b < 0; then a > 0) and
 *   meet the sphere: D = b^2 - a c >= 0; since c > 0 both roots have the
 *   sign of -b, and the first one, t = (-b - sqrt(D)) / a > 0, must be <= tmax.
 * t is compared with tmax exactly (ref/algebraic.h) and rounded correctly.
 * docs/queries/ray_sphere.md derives these and the enclosure.
 */
#include "isect_ref.h"

#include "algebraic.h"
#include "exact.h"
#include "ivl.h"
#include "ref_ray.h"

#include <math.h>
#include <string.h>

enum { IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_C = 7, IN_R = 10, N_IN = 11 };
enum { OUT_HIT, OUT_T, N_OUT };

static int valid_input(const double *in)
{
    return rq_ray_finite(in, N_IN, IN_TMAX) && in[IN_R] >= 0;
}

void ref_ray_sphere_encl(const iv *in, iv *out)
{
    iv3 o = iv3_load(in, IN_O), d = iv3_load(in, IN_D), ce = iv3_load(in, IN_C);
    iv r = in[IN_R], tmax = in[IN_TMAX];
    iv3 v = iv3_sub(o, ce);
    iv a = iv3_norm2(d), b = iv3_dot(v, d), r2 = iv_sqr(r);
    iv c = iv_sub(iv3_norm2(v), r2);
    /* D = b^2 - a c, and the same as a (r^2 - |l|^2) with l = v - (b/a) dir,
     * the offset of the line's closest point to the centre: both enclose D
     * at every point of the box (where a > 0), so their intersection does. */
    iv D = iv_sub(iv_sqr(b), iv_mul(a, c));
    iv ba = iv_div(b, a);
    iv3 l = {iv_sub(v.x, iv_mul(ba, d.x)), iv_sub(v.y, iv_mul(ba, d.y)), iv_sub(v.z, iv_mul(ba, d.z))};
    iv D2 = iv_mul(a, iv_sub(r2, iv3_norm2(l)));
    if (!iv_has_nan(D2) && !iv_has_nan(D) && D2.lo <= D.hi && D.lo <= D2.hi)
        D = iv_meet(D, D2);

    /* The entry root, at points where c > 0, b < 0, D >= 0: (-b - sqrt D)/a
     * and c / (-b + sqrt D) (no cancellation). */
    iv sD = iv_sqrt(D);
    iv t1 = iv_div(iv_sub(iv_neg(b), sD), a), t2 = iv_div(c, iv_add(iv_neg(b), sD));
    iv troot = iv_meet(t1, t2);
    if (iv_has_nan(troot) || troot.lo > troot.hi)
        troot = iv_make(-INFINITY, INFINITY);
    int finite_tmax = tmax.lo != INFINITY;

    bool inside_all = iv_nonpos(c);
    bool outside_all = iv_pos(c);
    bool root_hit_all = iv_neg_strict(b) && iv_nonneg(D) && (!finite_tmax || troot.hi <= tmax.lo);
    bool root_miss_all = iv_nonneg(b) || iv_neg_strict(D) || (finite_tmax && troot.lo > tmax.hi);
    out[OUT_HIT] = iv_bool(inside_all || root_hit_all, outside_all && root_miss_all);

    /* t: 0 where the origin may be inside; the root where it may not. */
    iv t = inside_all ? iv_point(0) : troot;
    if (!outside_all)
        t = iv_hull(t, iv_point(0));
    if (t.lo < 0)
        t.lo = 0;
    out[OUT_T] = rq_clip_t(t, tmax);
}

/* On a certified hit: t = 0 when c <= 0, else t = c / (-b + sqrt D) (then
 * b < 0 and D >= 0 exactly, so D's lower end may be raised to 0), enclosed
 * by ivl.h (docs/queries/ray_sphere.md). */
static bool tight(const double *in, double *out)
{
    ivl3 d = ivl3_at(in + IN_D), v = ivl3_sub(ivl3_at(in + IN_O), ivl3_at(in + IN_C));
    ivl r = ivl_d(in[IN_R]);
    ivl c = ivl_sub(ivl3_dot(v, v), ivl_mul(r, r));
    if (c.hi <= 0)
        return true; /* the origin is in the ball: t = 0, out[OUT_T] stays 0 */
    if (!(c.lo > 0))
        return false;
    /* D = b^2 - a c = r^2 a - |v x d|^2 (Lagrange's identity): no cancellation
     * between b^2 and a |v|^2. */
    ivl3 x = ivl3_cross(v, d);
    ivl b = ivl3_dot(v, d), sD = ivl_sqrt(ivl_nonneg(ivl_sub(ivl_mul(ivl_mul(r, r), ivl3_dot(d, d)), ivl3_dot(x, x))));
    return ivl_round(ivl_div(c, ivl_sub(sD, b)), &out[OUT_T]);
}

int ref_ray_sphere(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    /* A certain miss, or a certain hit whose t tight() rounds. */
    if (ref_filter_miss_or_tight(ref_ray_sphere_encl, tight, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    q3 o, d, ce, v;
    mpq_t a, b, c, r, tmax;
    qsqrt t;
    q3 *all[] = {&o, &d, &ce, &v};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_inits(a, b, c, r, tmax, NULL);
    qs_init(&t);

    q3_set_d(&o, in + IN_O);
    q3_set_d(&d, in + IN_D);
    q3_set_d(&ce, in + IN_C);
    mpq_set_d(r, in[IN_R]);
    q3_sub(&v, &o, &ce);
    q3_dot(a, &d, &d);
    q3_dot(b, &v, &d);
    q3_dot(c, &v, &v);
    mpq_mul(r, r, r);
    mpq_sub(c, c, r);

    if (mpq_sgn(c) <= 0) {
        out[OUT_HIT] = 1; /* origin in the ball: t = 0 */
    } else if (mpq_sgn(b) < 0 && qs_root(&t, a, b, c, -1, NULL)) {
        int hit = 1;
        if (isfinite(in[IN_TMAX])) {
            mpq_set_d(tmax, in[IN_TMAX]);
            hit = qs_cmp_q(&t, tmax) <= 0;
        }
        if (hit) {
            out[OUT_HIT] = 1;
            out[OUT_T] = qs_to_double(&t);
        }
    }

    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clears(a, b, c, r, tmax, NULL);
    qs_clear(&t);
    return REF_OK;
}
