/* ref/sphere_aabb.c: exact sphere_aabb.
 *
 * The closed ball |x - c| <= r and the closed box min <= x <= max overlap
 * iff the squared distance from c to the box is at most r^2:
 *   g = sum_i e_i^2 - r^2 <= 0,   e_i = max(min_i - c_i, 0, c_i - max_i),
 * touching (g = 0) included.  Each e_i is an exact difference; g is decided
 * by its exact sign.  docs/queries/sphere_aabb.md.
 */
#include "exact.h"

#include <string.h>

enum { IN_C = 0, IN_R = 3, IN_MIN = 4, IN_MAX = 7, N_IN = 10 };
enum { OUT_HIT, N_OUT };

static int valid_input(const double *in)
{
    if (!ref_all_finite(in, N_IN) || !(in[IN_R] >= 0))
        return 0;
    for (int i = 0; i < 3; i++)
        if (in[IN_MIN + i] > in[IN_MAX + i])
            return 0;
    return 1;
}

void ref_sphere_aabb_encl(const iv *in, iv *out)
{
    iv g = iv_neg(iv_sqr(iv_valid_nonneg(in[IN_R])));
    for (int i = 0; i < 3; i++) {
        iv c = in[IN_C + i];
        iv e = iv_max(iv_max(iv_sub(in[IN_MIN + i], c), iv_sub(c, in[IN_MAX + i])), iv_point(0));
        g = iv_add(g, iv_sqr(e));
    }
    out[OUT_HIT] = iv_le0(g);
}

int ref_sphere_aabb(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    if (ref_filter_decided(ref_sphere_aabb_encl, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    mpq_t g, e, t;
    mpq_inits(g, e, t, NULL);
    for (int i = 0; i < 3; i++) {
        double c = in[IN_C + i], lo = in[IN_MIN + i], hi = in[IN_MAX + i];
        if (c < lo) { /* comparisons of binary64 values are exact */
            mpq_set_d(e, lo);
            mpq_set_d(t, c);
        } else if (c > hi) {
            mpq_set_d(e, c);
            mpq_set_d(t, hi);
        } else {
            continue;
        }
        mpq_sub(e, e, t);
        mpq_mul(e, e, e);
        mpq_add(g, g, e);
    }
    mpq_set_d(t, in[IN_R]);
    mpq_mul(t, t, t);
    out[OUT_HIT] = mpq_cmp(g, t) <= 0;
    mpq_clears(g, e, t, NULL);
    return REF_OK;
}
