/* ref/exact.c: exact-number layer; see exact.h. */
#include "exact.h"

#include <mpfr.h>
#include <stdlib.h>

ref_stats_t ref_stats;
static int filter_on = 1;

void ref_set_filter(int on) { filter_on = on != 0; }
int ref_filter_enabled(void) { return filter_on; }

/* enc = encl at the point box of in; false when the filter is off. */
static bool filter_at_point(ref_encl_fn *encl, const double *in, int n_in, int n_out, iv *enc)
{
    if (n_in > REF_FILTER_MAX_IN || n_out > REF_FILTER_MAX_OUT)
        abort(); /* a query larger than the bounds in exact.h */
    if (!filter_on)
        return false;
    iv box[REF_FILTER_MAX_IN];
    for (int i = 0; i < n_in; i++)
        box[i] = iv_point(in[i]);
    encl(box, enc);
    return true;
}

/* Counts the call as filtered when settled, else as exact. */
static bool count(bool settled)
{
    if (settled)
        ref_stats.filtered++;
    else
        ref_stats.exact++;
    return settled;
}

bool ref_filter_miss(ref_encl_fn *encl, const double *in, int n_in, int n_out, int hit)
{
    iv enc[REF_FILTER_MAX_OUT];
    return count(filter_at_point(encl, in, n_in, n_out, enc) && enc[hit].hi == 0);
}

bool ref_filter_miss_or_start(ref_encl_fn *encl, const double *in, int n_in, int n_out, int hit, int t,
                              double *out)
{
    iv enc[REF_FILTER_MAX_OUT];
    if (!filter_at_point(encl, in, n_in, n_out, enc))
        return count(false);
    if (enc[hit].hi == 0)
        return count(true);
    if (enc[hit].lo == 1 && enc[t].lo == 0 && enc[t].hi == 0) {
        out[hit] = 1;
        return count(true);
    }
    return count(false);
}

bool ref_filter_decided(ref_encl_fn *encl, const double *in, int n_in, int n_out, int slot, double *out)
{
    iv enc[REF_FILTER_MAX_OUT];
    if (filter_at_point(encl, in, n_in, n_out, enc) && enc[slot].lo == enc[slot].hi) {
        out[slot] = enc[slot].lo;
        return count(true);
    }
    return count(false);
}

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
