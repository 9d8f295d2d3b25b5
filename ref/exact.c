/* ref/exact.c: exact-number layer; see exact.h. */
#include "exact.h"

#include <mpfr.h>

ref_stats_t ref_stats;
static int filter_on = 1;

void ref_set_filter(int on) { filter_on = on != 0; }
int ref_filter_enabled(void) { return filter_on; }

void q3_init(q3 *v)
{
    mpq_init(v->x);
    mpq_init(v->y);
    mpq_init(v->z);
}

void q3_clear(q3 *v)
{
    mpq_clear(v->x);
    mpq_clear(v->y);
    mpq_clear(v->z);
}

void q3_set_d(q3 *v, const double xyz[3])
{
    mpq_set_d(v->x, xyz[0]);
    mpq_set_d(v->y, xyz[1]);
    mpq_set_d(v->z, xyz[2]);
}

void q3_sub(q3 *r, const q3 *a, const q3 *b)
{
    mpq_sub(r->x, a->x, b->x);
    mpq_sub(r->y, a->y, b->y);
    mpq_sub(r->z, a->z, b->z);
}

void q3_cross(q3 *r, const q3 *a, const q3 *b)
{
    mpq_t t;
    mpq_init(t);
    mpq_mul(r->x, a->y, b->z);
    mpq_mul(t, a->z, b->y);
    mpq_sub(r->x, r->x, t);
    mpq_mul(r->y, a->z, b->x);
    mpq_mul(t, a->x, b->z);
    mpq_sub(r->y, r->y, t);
    mpq_mul(r->z, a->x, b->y);
    mpq_mul(t, a->y, b->x);
    mpq_sub(r->z, r->z, t);
    mpq_clear(t);
}

void q3_dot(mpq_ptr r, const q3 *a, const q3 *b)
{
    mpq_t t;
    mpq_init(t);
    mpq_mul(r, a->x, b->x);
    mpq_mul(t, a->y, b->y);
    mpq_add(r, r, t);
    mpq_mul(t, a->z, b->z);
    mpq_add(r, r, t);
    mpq_clear(t);
}

double q_to_double(mpq_srcptr q)
{
    /* binary64 in MPFR's convention (significand in [1/2, 1)): 53 bits,
     * smallest subnormal 2^-1074 = 0.5 * 2^-1073, largest finite < 2^1024. */
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
    mpfr_t f;
    mpfr_init2(f, 53);
    int inex = mpfr_set_q(f, q, MPFR_RNDN);
    mpfr_subnormalize(f, inex, MPFR_RNDN);
    double d = mpfr_get_d(f, MPFR_RNDN);
    mpfr_clear(f);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return d;
}
