/* ref/aabb_aabb.c: exact aabb_aabb.
 *
 * Two closed boxes min_k <= x <= max_k overlap iff on every axis i
 *   min0_i <= max1_i  and  min1_i <= max0_i
 * (touching faces, edges or corners overlap; flat boxes are valid).  The
 * inputs are binary64 values and comparisons of binary64 values are exact,
 * so no rational arithmetic is needed.  docs/queries/aabb_aabb.md.
 */
#include "exact.h"

#include <string.h>

enum { IN_MIN0 = 0, IN_MAX0 = 3, IN_MIN1 = 6, IN_MAX1 = 9, N_IN = 12 };
enum { OUT_HIT, N_OUT };

static int valid_input(const double *in)
{
    if (!ref_all_finite(in, N_IN))
        return 0;
    for (int i = 0; i < 3; i++)
        if (in[IN_MIN0 + i] > in[IN_MAX0 + i] || in[IN_MIN1 + i] > in[IN_MAX1 + i])
            return 0;
    return 1;
}

void ref_aabb_aabb_encl(const iv *in, iv *out)
{
    bool all = true, none = false;
    for (int i = 0; i < 3; i++) {
        iv min0 = in[IN_MIN0 + i], max0 = in[IN_MAX0 + i], min1 = in[IN_MIN1 + i], max1 = in[IN_MAX1 + i];
        if (iv_has_nan(min0) || iv_has_nan(max0) || iv_has_nan(min1) || iv_has_nan(max1)) {
            all = false;
            continue;
        }
        if (!(min0.hi <= max1.lo && min1.hi <= max0.lo))
            all = false;
        if (max1.hi < min0.lo || max0.hi < min1.lo)
            none = true;
    }
    out[OUT_HIT] = iv_bool(all, none);
}

int ref_aabb_aabb(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;
    if (ref_filter_decided(ref_aabb_aabb_encl, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK; /* the comparisons below are exact too: the filter only counts them as settled */
    int hit = 1;
    for (int i = 0; i < 3; i++)
        hit = hit && in[IN_MIN0 + i] <= in[IN_MAX1 + i] && in[IN_MIN1 + i] <= in[IN_MAX0 + i];
    out[OUT_HIT] = hit;
    return REF_OK;
}
