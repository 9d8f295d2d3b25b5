/* ref/ray_aabb.c: exact ray_aabb (slab test in rationals).
 *
 * For each axis i with dir_i != 0 the ray is between the planes x_i = min_i
 * and x_i = max_i for t between (min_i - o_i)/dir_i and (max_i - o_i)/dir_i;
 * with dir_i = 0 it is there for every t when min_i <= o_i <= max_i and never
 * otherwise.  The ray hits the closed box iff
 *   entry = max(0, lower ends) <= exit = min(tmax, upper ends),
 * and then t = entry.  Every quantity is a rational; no infinity and no
 * 0 * inf arises (zero components are handled by the exact case above).
 * docs/queries/ray_aabb.md derives these and the enclosure.
 */
#include "isect_ref.h"

#include "exact.h"
#include "ivl.h"
#include "ref_ray.h"

#include <math.h>
#include <string.h>

enum { IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_MIN = 7, IN_MAX = 10, N_IN = 13 };
enum { OUT_HIT, OUT_T, N_OUT };

static int valid_input(const double *in)
{
    if (!rq_ray_finite(in, N_IN, IN_TMAX))
        return 0;
    for (int i = 0; i < 3; i++)
        if (in[IN_MIN + i] > in[IN_MAX + i])
            return 0;
    return 1;
}

void ref_ray_aabb_encl(const iv *in, iv *out)
{
    iv tmax = in[IN_TMAX];
    iv entry = iv_point(0), exit = iv_make(tmax.lo, tmax.hi);
    bool empty_any = false;
    for (int i = 0; i < 3; i++)
        rq_meet_slab(in[IN_O + i], in[IN_D + i], in[IN_MIN + i], in[IN_MAX + i], &entry, &exit, &empty_any);
    out[OUT_HIT] = iv_bool(!empty_any && entry.hi <= exit.lo, empty_any || entry.lo > exit.hi);
    out[OUT_T] = rq_clip_t(entry, tmax);
}

/* On a certified hit: t = max(0, entry ends of the slabs with dir_i != 0),
 * each (bound - o_i)/dir_i enclosed by ivl.h (docs/queries/ray_aabb.md). */
static bool tight(const double *in, double *out)
{
    ivl entry = ivl_d(0);
    for (int i = 0; i < 3; i++) {
        double d = in[IN_D + i];
        if (d == 0)
            continue; /* the slab holds for every t (the hit is certified) */
        double bound = in[d > 0 ? IN_MIN + i : IN_MAX + i];
        entry = ivl_max(entry, ivl_div(ivl_sub(ivl_d(bound), ivl_d(in[IN_O + i])), ivl_d(d)));
    }
    if (entry.lo == 0 && entry.hi == 0)
        return true; /* exactly 0: out[OUT_T] stays 0 */
    return ivl_round(entry, &out[OUT_T]);
}

int ref_ray_aabb(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    /* A certain miss, or a certain hit whose t tight() rounds. */
    if (ref_filter_miss_or_tight(ref_ray_aabb_encl, tight, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    mpq_t entry, exit, lo, hi, o, d, tmp;
    mpq_inits(entry, exit, lo, hi, o, d, tmp, NULL);
    int hit = 1, finite_exit = isfinite(in[IN_TMAX]); /* exit = tmax, or +inf */
    if (finite_exit)
        mpq_set_d(exit, in[IN_TMAX]);
    for (int i = 0; i < 3 && hit; i++) {
        mpq_set_d(o, in[IN_O + i]);
        mpq_set_d(d, in[IN_D + i]);
        if (mpq_sgn(d) == 0) {
            hit = in[IN_MIN + i] <= in[IN_O + i] && in[IN_O + i] <= in[IN_MAX + i];
            continue;
        }
        mpq_set_d(tmp, in[mpq_sgn(d) > 0 ? IN_MIN + i : IN_MAX + i]);
        mpq_sub(lo, tmp, o);
        mpq_div(lo, lo, d);
        mpq_set_d(tmp, in[mpq_sgn(d) > 0 ? IN_MAX + i : IN_MIN + i]);
        mpq_sub(hi, tmp, o);
        mpq_div(hi, hi, d);
        if (mpq_cmp(lo, entry) > 0)
            mpq_set(entry, lo);
        if (!finite_exit || mpq_cmp(hi, exit) < 0) {
            mpq_set(exit, hi);
            finite_exit = 1;
        }
    }
    if (hit && finite_exit)
        hit = mpq_cmp(entry, exit) <= 0;
    if (hit) {
        out[OUT_HIT] = 1;
        out[OUT_T] = q_to_double(entry);
    }
    mpq_clears(entry, exit, lo, hi, o, d, tmp, NULL);
    return REF_OK;
}
