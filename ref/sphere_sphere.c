/* ref/sphere_sphere.c: exact sphere_sphere.
 *
 * Two closed balls |x - c0| <= r0 and |x - c1| <= r1 overlap iff
 *   g = |c1 - c0|^2 - (r0 + r1)^2 <= 0,
 * touching (g = 0) included.  Decided by the exact sign of g; a radius of 0
 * is a point.  docs/queries/sphere_sphere.md.
 */
#include "exact.h"

#include <string.h>

enum { IN_C0 = 0, IN_R0 = 3, IN_C1 = 4, IN_R1 = 7, N_IN = 8 };
enum { OUT_HIT, N_OUT };

static int valid_input(const double *in)
{
    return ref_all_finite(in, N_IN) && in[IN_R0] >= 0 && in[IN_R1] >= 0;
}

void ref_sphere_sphere_encl(const iv *in, iv *out)
{
    iv3 d = iv3_sub(iv3_load(in, IN_C1), iv3_load(in, IN_C0));
    iv r = iv_add(iv_valid_nonneg(in[IN_R0]), iv_valid_nonneg(in[IN_R1]));
    out[OUT_HIT] = iv_le0(iv_sub(iv3_norm2(d), iv_sqr(r)));
}

int ref_sphere_sphere(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    if (ref_filter_decided(ref_sphere_sphere_encl, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    q3 c0, c1, d;
    mpq_t d2, r, r2;
    q3_init(&c0);
    q3_init(&c1);
    q3_init(&d);
    mpq_inits(d2, r, r2, NULL);

    q3_set_d(&c0, in + IN_C0);
    q3_set_d(&c1, in + IN_C1);
    q3_sub(&d, &c1, &c0);
    q3_dot(d2, &d, &d);
    mpq_set_d(r, in[IN_R0]);
    mpq_set_d(r2, in[IN_R1]);
    mpq_add(r, r, r2);
    mpq_mul(r2, r, r);
    out[OUT_HIT] = mpq_cmp(d2, r2) <= 0;

    q3_clear(&c0);
    q3_clear(&c1);
    q3_clear(&d);
    mpq_clears(d2, r, r2, NULL);
    return REF_OK;
}
