/* ref/sphere_triangle.c: exact sphere_triangle.
 *
 * The closed ball |x - c| <= r and the closed triangle v0 v1 v2 (a
 * degenerate one is the hull of its vertices) overlap iff the squared
 * distance d2 from c to the triangle is at most r^2.  The closest point q and
 * d2 are rationals (q3_closest_triangle, ref/exact.c); the decision is the
 * exact sign of d2 - r^2, and q and d2 are returned correctly rounded (zeros
 * on a miss).
 * docs/queries/sphere_triangle.md.
 */
#include "exact.h"
#include "ivl.h"

#include <string.h>

enum { IN_C = 0, IN_R = 3, IN_V0 = 4, IN_V1 = 7, IN_V2 = 10, N_IN = 13 };
enum { OUT_HIT, OUT_Q, OUT_D2 = 4, N_OUT };

static int valid_input(const double *in) { return ref_all_finite(in, N_IN) && in[IN_R] >= 0; }

void ref_sphere_triangle_encl(const iv *in, iv *out)
{
    iv3 q;
    iv d2;
    iv3_closest_triangle(&q, &d2, iv3_load(in, IN_C), iv3_load(in, IN_V0), iv3_load(in, IN_V1), iv3_load(in, IN_V2));
    iv r2 = iv_sqr(iv_valid_nonneg(in[IN_R]));
    out[OUT_HIT] = iv_has_nan(d2) || iv_has_nan(r2) ? iv_make(0, 1) : iv_bool(d2.hi <= r2.lo, d2.lo > r2.hi);
    out[OUT_Q + 0] = q.x;
    out[OUT_Q + 1] = q.y;
    out[OUT_Q + 2] = q.z;
    /* on a hit d2 <= r^2 */
    out[OUT_D2] = d2;
    if (!iv_has_nan(d2) && !iv_has_nan(r2) && r2.hi < d2.hi)
        out[OUT_D2].hi = r2.hi < d2.lo ? d2.lo : r2.hi;
}

/* On a certified hit: the closest point and d2 of q3_closest_triangle() in
 * ref/ivl.h's long-double intervals (ivl_closest_triangle), rounded. */
static bool tight(const double *in, double *out)
{
    const double *end;
    ivl3 y;
    ivl d2;
    if (!ivl_closest_triangle(in + IN_C, in + IN_V0, in + IN_V1, in + IN_V2, &end, &y, &d2))
        return false;
    if (end) {
        for (int i = 0; i < 3; i++)
            out[OUT_Q + i] = end[i] + 0.0; /* the vertex; +0 for a -0, as q_to_double() */
    } else if (!(ivl_round0(y.x, &out[OUT_Q]) && ivl_round0(y.y, &out[OUT_Q + 1]) &&
                 ivl_round0(y.z, &out[OUT_Q + 2]))) {
        return false;
    }
    return ivl_round0(d2, &out[OUT_D2]);
}

int ref_sphere_triangle(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    /* A certain miss, or a certain hit whose outputs tight() rounds. */
    if (ref_filter_miss_or_tight(ref_sphere_triangle_encl, tight, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    q3 c, v0, v1, v2, q;
    mpq_t d2, r2;
    q3 *all[] = {&c, &v0, &v1, &v2, &q};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_inits(d2, r2, NULL);
    q3_set_d(&c, in + IN_C);
    q3_set_d(&v0, in + IN_V0);
    q3_set_d(&v1, in + IN_V1);
    q3_set_d(&v2, in + IN_V2);
    q3_closest_triangle(&q, d2, &c, &v0, &v1, &v2);
    mpq_set_d(r2, in[IN_R]);
    mpq_mul(r2, r2, r2);
    if (mpq_cmp(d2, r2) <= 0) {
        out[OUT_HIT] = 1;
        q3_to_double(out + OUT_Q, &q);
        out[OUT_D2] = q_to_double(d2);
    }
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clears(d2, r2, NULL);
    return REF_OK;
}

/* The feature of the closest point, for reports. */
const char *ref_sphere_triangle_feature(const double *in, const double *ref_out)
{
    if (!valid_input(in))
        return "invalid";
    if (ref_out[OUT_HIT] == 0)
        return "miss";
    q3 c, v0, v1, v2, q;
    mpq_t d2;
    q3 *all[] = {&c, &v0, &v1, &v2, &q};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_init(d2);
    q3_set_d(&c, in + IN_C);
    q3_set_d(&v0, in + IN_V0);
    q3_set_d(&v1, in + IN_V1);
    q3_set_d(&v2, in + IN_V2);
    int f = q3_closest_triangle(&q, d2, &c, &v0, &v1, &v2);
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clear(d2);
    return f == Q3_TRI_FACE ? "face" : f == Q3_TRI_EDGE ? "edge" : "vertex";
}
