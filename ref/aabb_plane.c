/* ref/aabb_plane.c: exact aabb_plane.
 *
 * The plane (x - point).normal = 0; front is the side the normal points to.
 * Over the closed box the signed quantity (x - point).normal ranges over
 * [lo, hi] with
 *   lo = sum_i min((min_i - p_i) n_i, (max_i - p_i) n_i),
 *   hi = sum_i max((min_i - p_i) n_i, (max_i - p_i) n_i)
 * (its extremes are at the corners).  The box is front iff lo > 0, back iff
 * hi < 0, straddling otherwise (touching straddles).  Exact rationals.
 * docs/queries/aabb_plane.md.
 */
#include "exact.h"

#include <string.h>

enum { IN_MIN = 0, IN_MAX = 3, IN_P = 6, IN_N = 9, N_IN = 12 };
enum { OUT_SIDE, N_OUT };

static int valid_input(const double *in)
{
    if (!ref_all_finite(in, N_IN) || (in[IN_N] == 0 && in[IN_N + 1] == 0 && in[IN_N + 2] == 0))
        return 0;
    for (int i = 0; i < 3; i++)
        if (in[IN_MIN + i] > in[IN_MAX + i])
            return 0;
    return 1;
}

void ref_aabb_plane_encl(const iv *in, iv *out)
{
    iv lo = iv_point(0), hi = iv_point(0);
    for (int i = 0; i < 3; i++) {
        iv a = iv_mul(iv_sub(in[IN_MIN + i], in[IN_P + i]), in[IN_N + i]);
        iv b = iv_mul(iv_sub(in[IN_MAX + i], in[IN_P + i]), in[IN_N + i]);
        lo = iv_add(lo, iv_min(a, b));
        hi = iv_add(hi, iv_max(a, b));
    }
    if (iv_has_nan(lo) || iv_has_nan(hi)) {
        out[OUT_SIDE] = iv_make(-1, 1);
        return;
    }
    bool front = lo.hi > 0, back = hi.lo < 0, straddle = lo.lo <= 0 && hi.hi >= 0;
    double l = back ? -1 : straddle ? 0 : 1, h = front ? 1 : straddle ? 0 : -1;
    out[OUT_SIDE] = l <= h ? iv_make(l, h) : iv_make(-1, 1);
}

int ref_aabb_plane(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    if (ref_filter_decided(ref_aabb_plane_encl, in, N_IN, N_OUT, OUT_SIDE, out))
        return REF_OK;

    mpq_t lo, hi, a, b, t;
    mpq_inits(lo, hi, a, b, t, NULL);
    for (int i = 0; i < 3; i++) {
        mpq_set_d(t, in[IN_P + i]);
        mpq_set_d(a, in[IN_MIN + i]);
        mpq_sub(a, a, t);
        mpq_set_d(b, in[IN_MAX + i]);
        mpq_sub(b, b, t);
        mpq_set_d(t, in[IN_N + i]);
        mpq_mul(a, a, t);
        mpq_mul(b, b, t);
        if (mpq_cmp(a, b) > 0)
            mpq_swap(a, b);
        mpq_add(lo, lo, a);
        mpq_add(hi, hi, b);
    }
    out[OUT_SIDE] = mpq_sgn(lo) > 0 ? 1 : mpq_sgn(hi) < 0 ? -1 : 0;
    mpq_clears(lo, hi, a, b, t, NULL);
    return REF_OK;
}
