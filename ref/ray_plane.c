/* ref/ray_plane.c: exact ray_plane.
 *
 * The plane is { x : (x - point) . normal = 0 }.  With
 *   N = (point - origin) . normal,   Dn = dir . normal,
 * the ray origin + t*dir meets the plane where t*Dn = N.  It hits iff
 *   N = 0                                  (the origin is on the plane: t = 0,
 *                                           which covers a ray lying in it), or
 *   N*Dn > 0 and |N| <= tmax*|Dn|          (t = N / Dn in (0, tmax]).
 * Dn = 0 with N != 0 (parallel, off the plane) is a miss.  A zero normal is
 * invalid input.  docs/queries/ray_plane.md derives these.
 */
#include "isect_ref.h"

#include "exact.h"
#include "ivl.h"
#include "ref_ray.h"

#include <math.h>
#include <string.h>

enum { IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_P = 7, IN_N = 10, N_IN = 13 };
enum { OUT_HIT, OUT_T, N_OUT };

static int valid_input(const double *in)
{
    return rq_ray_finite(in, N_IN, IN_TMAX) && (in[IN_N] != 0 || in[IN_N + 1] != 0 || in[IN_N + 2] != 0);
}

void ref_ray_plane_encl(const iv *in, iv *out)
{
    iv3 o = iv3_load(in, IN_O), d = iv3_load(in, IN_D), p = iv3_load(in, IN_P), n = iv3_load(in, IN_N);
    iv tmax = in[IN_TMAX];
    iv N = iv3_dot(iv3_sub(p, o), n), Dn = iv3_dot(d, n);
    int finite_tmax = !(tmax.lo == INFINITY);
    /* R+ = tmax*Dn - N (>= 0 needed when N, Dn > 0), R- = N - tmax*Dn (>= 0
     * needed when N, Dn < 0); with tmax = inf the condition always holds. */
    iv Rp = finite_tmax ? iv_sub(iv_mul(tmax, Dn), N) : iv_point(1);
    iv Rm = finite_tmax ? iv_neg(Rp) : iv_point(1);
    bool bad = iv_has_nan(N) || iv_has_nan(Dn) || iv_has_nan(Rp);

    bool hit_all = !bad && ((N.lo == 0 && N.hi == 0) || (iv_pos(N) && iv_pos(Dn) && iv_nonneg(Rp)) ||
                            (iv_neg_strict(N) && iv_neg_strict(Dn) && iv_nonneg(Rm)));
    bool miss_all = !bad && ((iv_pos(N) && (iv_nonpos(Dn) || iv_neg_strict(Rp))) ||
                             (iv_neg_strict(N) && (iv_nonneg(Dn) || iv_neg_strict(Rm))));
    out[OUT_HIT] = iv_bool(hit_all, miss_all);

    /* On a hit t = N/Dn, or 0 when N = 0; always in [0, tmax]. */
    iv t = iv_div(N, Dn);
    if (iv_has_nan(t))
        t = iv_make(-INFINITY, INFINITY);
    if (!iv_pos(N) && !iv_neg_strict(N))
        t = iv_hull(t, iv_point(0));
    if (t.lo < 0)
        t.lo = 0;
    out[OUT_T] = rq_clip_t(t, tmax);
}

/* On a certified hit with N != 0, t = N / Dn (ivl.h). */
static bool tight(const double *in, double *out)
{
    ivl3 n = ivl3_at(in + IN_N);
    ivl N = ivl3_dot(ivl3_sub(ivl3_at(in + IN_P), ivl3_at(in + IN_O)), n), Dn = ivl3_dot(ivl3_at(in + IN_D), n);
    return ivl_round(ivl_div(N, Dn), &out[OUT_T]);
}

int ref_ray_plane(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    if (ref_filter_miss_or_tight(ref_ray_plane_encl, tight, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    q3 o, d, p, n, w;
    mpq_t N, Dn, R, tmax;
    q3 *all[] = {&o, &d, &p, &n, &w};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_inits(N, Dn, R, tmax, NULL);

    q3_set_d(&o, in + IN_O);
    q3_set_d(&d, in + IN_D);
    q3_set_d(&p, in + IN_P);
    q3_set_d(&n, in + IN_N);
    q3_sub(&w, &p, &o);
    q3_dot(N, &w, &n);
    q3_dot(Dn, &d, &n);

    int sn = mpq_sgn(N), sd = mpq_sgn(Dn);
    if (sn == 0) {
        out[OUT_HIT] = 1; /* t = 0 */
    } else if (sn == sd) {
        int hit = 1;
        if (isfinite(in[IN_TMAX])) {
            mpq_set_d(tmax, in[IN_TMAX]);
            mpq_mul(R, tmax, Dn);
            mpq_sub(R, R, N); /* tmax*Dn - N, same sign as Dn when t <= tmax */
            hit = mpq_sgn(R) * sd >= 0;
        }
        if (hit) {
            mpq_div(R, N, Dn);
            out[OUT_HIT] = 1;
            out[OUT_T] = q_to_double(R);
        }
    }

    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clears(N, Dn, R, tmax, NULL);
    return REF_OK;
}
