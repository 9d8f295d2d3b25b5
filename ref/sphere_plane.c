/* ref/sphere_plane.c: exact sphere_plane.
 *
 * The plane (x - point).normal = 0; front is the side the normal points to.
 * With s = (center - point).normal (the signed distance times |normal|), the
 * closed ball is
 *   front        iff s > 0 and s^2 > r^2 |normal|^2  (s > r |normal|),
 *   back         iff s < 0 and s^2 > r^2 |normal|^2,
 *   straddling   otherwise (|s| <= r |normal|: touching straddles).
 * Every decision is the exact sign of a rational.  docs/queries/sphere_plane.md.
 */
#include "exact.h"

#include <string.h>

enum { IN_C = 0, IN_R = 3, IN_P = 4, IN_N = 7, N_IN = 10 };
enum { OUT_SIDE, N_OUT };

static int valid_input(const double *in)
{
    return ref_all_finite(in, N_IN) && in[IN_R] >= 0 && (in[IN_N] != 0 || in[IN_N + 1] != 0 || in[IN_N + 2] != 0);
}

void ref_sphere_plane_encl(const iv *in, iv *out)
{
    iv3 n = iv3_load(in, IN_N);
    iv s = iv3_dot(iv3_sub(iv3_load(in, IN_C), iv3_load(in, IN_P)), n);
    iv g = iv_sub(iv_sqr(s), iv_mul(iv_sqr(iv_valid_nonneg(in[IN_R])), iv3_norm2(n))); /* s^2 - r^2 |n|^2 */
    if (iv_has_nan(s) || iv_has_nan(g)) {
        out[OUT_SIDE] = iv_make(-1, 1);
        return;
    }
    bool front = s.hi > 0 && g.hi > 0, back = s.lo < 0 && g.hi > 0, straddle = g.lo <= 0;
    double lo = back ? -1 : straddle ? 0 : 1, hi = front ? 1 : straddle ? 0 : -1;
    out[OUT_SIDE] = lo <= hi ? iv_make(lo, hi) : iv_make(-1, 1);
}

int ref_sphere_plane(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    if (ref_filter_decided(ref_sphere_plane_encl, in, N_IN, N_OUT, OUT_SIDE, out))
        return REF_OK;

    q3 c, p, n;
    mpq_t s, s2, r2;
    q3_init(&c);
    q3_init(&p);
    q3_init(&n);
    mpq_inits(s, s2, r2, NULL);
    q3_set_d(&c, in + IN_C);
    q3_set_d(&p, in + IN_P);
    q3_set_d(&n, in + IN_N);
    q3_sub(&c, &c, &p);
    q3_dot(s, &c, &n);
    mpq_mul(s2, s, s);
    q3_dot(r2, &n, &n);
    mpq_set_d(p.x, in[IN_R]);
    mpq_mul(p.x, p.x, p.x);
    mpq_mul(r2, r2, p.x);
    out[OUT_SIDE] = mpq_cmp(s2, r2) <= 0 ? 0 : mpq_sgn(s);
    q3_clear(&c);
    q3_clear(&p);
    q3_clear(&n);
    mpq_clears(s, s2, r2, NULL);
    return REF_OK;
}
