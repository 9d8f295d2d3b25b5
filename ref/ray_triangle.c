/* ref/ray_triangle.c: exact ray_triangle.
 *
 * With e1 = v1 - v0, e2 = v2 - v0, s = origin - v0, p = dir x e2, q = s x e1:
 *   det = e1 . p,  U = s . p,  V = dir . q,  T = e2 . q,
 * and, when det != 0, the ray meets the triangle's plane at
 *   t = T / det, with barycentrics u = U / det (weight of v1), v = V / det (weight of v2).
 * The ray hits the closed triangle iff det != 0 and, with s = sign(det),
 *   s U >= 0,  s V >= 0,  s (det - U - V) >= 0,  s T >= 0,  s (tmax det - T) >= 0
 * (the last one only when tmax is finite).  det = 0 (zero-area triangle, zero
 * direction, or a ray parallel to the plane) is a miss.  docs/queries/ray_triangle.md
 * derives these and the filter below.
 */
#include "isect_ref.h"

#include "exact.h"
#include "ivl.h"
#include "ref_ray.h"

#include <math.h>
#include <string.h>

enum { IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_V0 = 7, IN_V1 = 10, IN_V2 = 13, N_IN = 16 };
enum { OUT_HIT, OUT_T, OUT_U, OUT_V, N_OUT };

static int valid_input(const double *in)
{
    return rq_ray_finite(in, N_IN, IN_TMAX); /* tmax may be +inf */
}

void ref_ray_triangle_encl(const iv *in, iv *out)
{
    iv3 o = iv3_load(in, IN_O), d = iv3_load(in, IN_D);
    iv3 v0 = iv3_load(in, IN_V0), v1 = iv3_load(in, IN_V1), v2 = iv3_load(in, IN_V2);
    iv tmax = in[IN_TMAX];
    iv3 e1 = iv3_sub(v1, v0), e2 = iv3_sub(v2, v0), s = iv3_sub(o, v0);
    iv3 p = iv3_cross(d, e2), q = iv3_cross(s, e1);
    iv det = iv3_dot(e1, p), U = iv3_dot(s, p), V = iv3_dot(d, q), T = iv3_dot(e2, q);
    iv W = iv_sub(iv_sub(det, U), V);
    int finite_tmax = !(tmax.lo == INFINITY);
    iv R = finite_tmax ? iv_sub(iv_mul(tmax, det), T) : iv_point(1);

    /* With det > 0 a hit needs U, V, W, T, R >= 0; with det < 0 all <= 0. */
    iv c[5] = {U, V, W, T, R};
    int pos_possible = !(det.hi <= 0) || iv_has_nan(det);
    int neg_possible = !(det.lo >= 0) || iv_has_nan(det);
    int pos_all = iv_pos(det), neg_all = iv_neg_strict(det);
    for (int i = 0; i < 5; i++) {
        if (i == 4 && !finite_tmax)
            continue;
        if (iv_neg_strict(c[i]))
            pos_possible = 0;
        if (iv_pos(c[i]))
            neg_possible = 0;
        if (!iv_nonneg(c[i]))
            pos_all = 0;
        if (!iv_nonpos(c[i]))
            neg_all = 0;
    }
    out[OUT_HIT] = iv_bool(pos_all || neg_all, !pos_possible && !neg_possible);
    out[OUT_T] = iv_div(T, det);
    out[OUT_U] = iv_div(U, det);
    out[OUT_V] = iv_div(V, det);
}

/* On a certified hit (det != 0): t = T/det, u = U/det, v = V/det (ivl.h). */
static bool tight(const double *in, double *out)
{
    ivl3 d = ivl3_at(in + IN_D), v0 = ivl3_at(in + IN_V0);
    ivl3 e1 = ivl3_sub(ivl3_at(in + IN_V1), v0), e2 = ivl3_sub(ivl3_at(in + IN_V2), v0);
    ivl3 s = ivl3_sub(ivl3_at(in + IN_O), v0), p = ivl3_cross(d, e2), q = ivl3_cross(s, e1);
    ivl det = ivl3_dot(e1, p);
    return ivl_round(ivl_div(ivl3_dot(e2, q), det), &out[OUT_T]) &&
           ivl_round(ivl_div(ivl3_dot(s, p), det), &out[OUT_U]) &&
           ivl_round(ivl_div(ivl3_dot(d, q), det), &out[OUT_V]);
}

int ref_ray_triangle(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    /* The enclosure at the point box is a certified filter: when it says
     * "certainly a miss", or "certainly a hit" and tight() rounds t, u, v,
     * no rational arithmetic is needed. */
    if (ref_filter_miss_or_tight(ref_ray_triangle_encl, tight, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    q3 o, d, v0, v1, v2, e1, e2, s, p, q;
    mpq_t det, U, V, T, W, R, tmax;
    q3 *all[] = {&o, &d, &v0, &v1, &v2, &e1, &e2, &s, &p, &q};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_inits(det, U, V, T, W, R, tmax, NULL);

    q3_set_d(&o, in + IN_O);
    q3_set_d(&d, in + IN_D);
    q3_set_d(&v0, in + IN_V0);
    q3_set_d(&v1, in + IN_V1);
    q3_set_d(&v2, in + IN_V2);
    q3_sub(&e1, &v1, &v0);
    q3_sub(&e2, &v2, &v0);
    q3_sub(&s, &o, &v0);
    q3_cross(&p, &d, &e2);
    q3_cross(&q, &s, &e1);
    q3_dot(det, &e1, &p);
    q3_dot(U, &s, &p);
    q3_dot(V, &d, &q);
    q3_dot(T, &e2, &q);
    mpq_sub(W, det, U);
    mpq_sub(W, W, V);

    int sd = mpq_sgn(det);
    int hit = sd != 0 && mpq_sgn(U) * sd >= 0 && mpq_sgn(V) * sd >= 0 && mpq_sgn(W) * sd >= 0 &&
              mpq_sgn(T) * sd >= 0;
    if (hit && isfinite(in[IN_TMAX])) {
        mpq_set_d(tmax, in[IN_TMAX]);
        mpq_mul(R, tmax, det);
        mpq_sub(R, R, T);
        hit = mpq_sgn(R) * sd >= 0;
    }
    if (hit) {
        out[OUT_HIT] = 1;
        mpq_div(T, T, det);
        mpq_div(U, U, det);
        mpq_div(V, V, det);
        out[OUT_T] = q_to_double(T);
        out[OUT_U] = q_to_double(U);
        out[OUT_V] = q_to_double(V);
    }

    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clears(det, U, V, T, W, R, tmax, NULL);
    return REF_OK;
}
