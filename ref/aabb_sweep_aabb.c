/* ref/aabb_sweep_aabb.c: exact aabb_sweep_aabb (slab test in rationals).
 *
 * Box 0 spans [min0 + t v0, max0 + t v0], box 1 [min1 + t v1, max1 + t v1],
 * t in [0, 1].  With d = v0 - v1, L = min1 - max0 and H = max1 - min0 (all
 * exact rationals; L <= H), the boxes overlap on axis i at time t iff
 *   L_i <= t d_i <= H_i.
 * For d_i = 0 that holds for every t or for none (decided by comparing the
 * doubles: min1 <= max0 and min0 <= max1); otherwise for t between the slab
 * ends L_i/d_i and H_i/d_i.  The closed boxes touch iff
 *   entry = max(0, lower ends) <= exit = min(1, upper ends),
 * and then t = entry, correctly rounded by q_to_double.  The relative
 * motion is ray_aabb's slab test with origin 0, direction d, tmax 1 and the
 * box [L, H] (the Minkowski difference), so the enclosure is ray_aabb's slab
 * enclosure on the interval L, H and d.  docs/queries/aabb_sweep_aabb.md.
 */
#include "isect_ref.h"

#include "exact.h"
#include "ivl.h"
#include "ref_ray.h"

#include <string.h>

enum { IN_MIN0 = 0, IN_MAX0 = 3, IN_V0 = 6, IN_MIN1 = 9, IN_MAX1 = 12, IN_V1 = 15, N_IN = 18 };
enum { OUT_HIT, OUT_T, N_OUT };

static int valid_input(const double *in)
{
    if (!ref_all_finite(in, N_IN))
        return 0;
    for (int i = 0; i < 3; i++)
        if (in[IN_MIN0 + i] > in[IN_MAX0 + i] || in[IN_MIN1 + i] > in[IN_MAX1 + i])
            return 0;
    return 1;
}

void ref_aabb_sweep_aabb_encl(const iv *in, iv *out)
{
    iv entry = iv_point(0), exit = iv_point(1);
    bool empty_any = false;
    for (int i = 0; i < 3; i++) {
        iv d = iv_sub(in[IN_V0 + i], in[IN_V1 + i]);
        iv lo = iv_sub(in[IN_MIN1 + i], in[IN_MAX0 + i]), hi = iv_sub(in[IN_MAX1 + i], in[IN_MIN0 + i]);
        rq_meet_slab(iv_point(0), d, lo, hi, &entry, &exit, &empty_any);
    }
    out[OUT_HIT] = iv_bool(!empty_any && entry.hi <= exit.lo, empty_any || entry.lo > exit.hi);
    out[OUT_T] = rq_clip_t(entry, iv_point(1));
}

/* in[a] - in[b], exactly. */
static void q_diff(mpq_t r, const double *in, int a, int b, mpq_t tmp)
{
    mpq_set_d(r, in[a]);
    mpq_set_d(tmp, in[b]);
    mpq_sub(r, r, tmp);
}

/* The exact answer on valid input: 1 (hit, *entry the first contact) or 0;
 * *touching: the number of axes on which the boxes only touch at t = entry
 * > 0 (a slab end equal to entry, or d = 0 and L = 0 or H = 0): 1 a face,
 * 2 an edge, 3 a corner contact; 0 when entry = 0. */
static int solve(const double *in, mpq_t entry, int *touching)
{
    mpq_t exit, d, lo, hi, tmp, end[3][2];
    mpq_inits(exit, d, lo, hi, tmp, NULL);
    int hit = 1, moving[3] = {0, 0, 0}, flush[3] = {0, 0, 0};
    mpq_set_ui(entry, 0, 1);
    mpq_set_ui(exit, 1, 1);
    for (int i = 0; i < 3; i++) {
        mpq_inits(end[i][0], end[i][1], NULL);
        q_diff(d, in, IN_V0 + i, IN_V1 + i, tmp);
        if (mpq_sgn(d) == 0) {
            hit = hit && in[IN_MIN1 + i] <= in[IN_MAX0 + i] && in[IN_MIN0 + i] <= in[IN_MAX1 + i];
            flush[i] = in[IN_MIN1 + i] == in[IN_MAX0 + i] || in[IN_MIN0 + i] == in[IN_MAX1 + i];
            continue;
        }
        q_diff(lo, in, IN_MIN1 + i, IN_MAX0 + i, tmp); /* L */
        q_diff(hi, in, IN_MAX1 + i, IN_MIN0 + i, tmp); /* H */
        if (mpq_sgn(d) < 0)
            mpq_swap(lo, hi);
        mpq_div(end[i][0], lo, d);
        mpq_div(end[i][1], hi, d);
        moving[i] = 1;
        if (mpq_cmp(end[i][0], entry) > 0)
            mpq_set(entry, end[i][0]);
        if (mpq_cmp(end[i][1], exit) < 0)
            mpq_set(exit, end[i][1]);
    }
    if (hit)
        hit = mpq_cmp(entry, exit) <= 0;
    *touching = 0;
    for (int i = 0; i < 3; i++) {
        if (hit && mpq_sgn(entry) > 0)
            *touching += moving[i] ? mpq_equal(end[i][0], entry) || mpq_equal(end[i][1], entry) : flush[i];
        mpq_clears(end[i][0], end[i][1], NULL);
    }
    mpq_clears(exit, d, lo, hi, tmp, NULL);
    return hit;
}

/* On a certified hit: t = max(0, lower ends) in ref/ivl.h's long-double
 * intervals, each lower end (min1 - max0)/(v0 - v1) for v0 > v1 and
 * (max1 - min0)/(v0 - v1) for v0 < v1 (an axis with v0 = v1 holds for
 * every t: the hit is certified); t is ref's when both ends of the
 * enclosure round to one double (docs/queries/aabb_sweep_aabb.md). */
static bool tight(const double *in, double *out)
{
    ivl entry = ivl_d(0);
    for (int i = 0; i < 3; i++) {
        double v0 = in[IN_V0 + i], v1 = in[IN_V1 + i];
        if (v0 == v1)
            continue;
        ivl num = v0 > v1 ? ivl_sub(ivl_d(in[IN_MIN1 + i]), ivl_d(in[IN_MAX0 + i]))
                          : ivl_sub(ivl_d(in[IN_MAX1 + i]), ivl_d(in[IN_MIN0 + i]));
        entry = ivl_max(entry, ivl_div(num, ivl_sub(ivl_d(v0), ivl_d(v1))));
    }
    return ivl_round0(entry, &out[OUT_T]);
}

int ref_aabb_sweep_aabb(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    /* A certain miss, or a certain hit whose t tight() rounds. */
    if (ref_filter_miss_or_tight(ref_aabb_sweep_aabb_encl, tight, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    mpq_t entry;
    mpq_init(entry);
    int touching;
    if (solve(in, entry, &touching)) {
        out[OUT_HIT] = 1;
        out[OUT_T] = q_to_double(entry);
    }
    mpq_clear(entry);
    return REF_OK;
}

const char *ref_aabb_sweep_aabb_feature(const double *in)
{
    static const char *const name[] = {"start", "face", "edge", "vertex"};
    if (!valid_input(in))
        return "invalid";
    mpq_t entry;
    mpq_init(entry);
    int touching = 0, hit = solve(in, entry, &touching);
    mpq_clear(entry);
    return hit ? name[touching] : "miss";
}
