/* ref/exact.h: the exact-number layer of ref.
 *
 * Inputs of every query are binary32 or binary64 values, hence dyadic
 * rationals; ref carries them as GMP rationals (mpq_t) and computes every
 * decision exactly.  Numeric outputs leave this layer through q_to_double(),
 * which rounds correctly (to nearest, ties to even, subnormals included).
 *
 * Conventions (after GMP/MPFR): output first, inputs const (mpq_srcptr);
 * outputs must not alias inputs unless a function says so.
 */
#ifndef ISECT_REF_EXACT_H
#define ISECT_REF_EXACT_H

#include "interval.h"

#include <gmp.h>
#include <stdbool.h>

typedef struct {
    mpq_t x, y, z;
} q3;

void q3_init(q3 *v);
void q3_clear(q3 *v);
void q3_set_d(q3 *v, const double xyz[3]); /* exact: every double is a rational */
void q3_sub(q3 *r, const q3 *a, const q3 *b); /* r may alias a or b */
void q3_cross(q3 *r, const q3 *a, const q3 *b); /* r must not alias a or b */
void q3_dot(mpq_ptr r, const q3 *a, const q3 *b);

/* The double nearest to q (ties to even), with gradual underflow and overflow
 * to +-inf exactly as IEEE 754 rounding of the exact value would give. */
double q_to_double(mpq_srcptr q);

/* Counters for the bench: how many ref calls a filter answered, and how many
 * needed the exact path.  Not thread-safe; informational only. */
typedef struct {
    unsigned long long filtered, exact;
} ref_stats_t;
extern ref_stats_t ref_stats;

/* The floating-point filters in front of the exact paths can be switched off,
 * so that tests can compare the two on the same inputs.  On by default. */
void ref_set_filter(int on);
int ref_filter_enabled(void);

/* The filter of a query NAME: its enclosure ref_NAME_encl (isect_ref.h)
 * evaluated at the point box of in[0..n_in), into n_out intervals
 * (n_in <= REF_FILTER_MAX_IN, n_out <= REF_FILTER_MAX_OUT).  Each function
 * returns true when the enclosure settles the query, counting
 * ref_stats.filtered; otherwise, and always with the filter off, it counts
 * ref_stats.exact and returns false: the exact path must run.  The answer
 * array out is the caller's, zeroed. */
enum { REF_FILTER_MAX_IN = 32, REF_FILTER_MAX_OUT = 8 };
typedef void ref_encl_fn(const iv *in, iv *out);
/* A certain miss: output hit is [0, 0]; out is left as it is. */
bool ref_filter_miss(ref_encl_fn *encl, const double *in, int n_in, int n_out, int hit);
/* A certain miss, or a certain hit at t = 0 (hit [1, 1], t [0, 0]: a ray
 * starting inside a solid); the latter sets out[hit] = 1 and leaves out[t]. */
bool ref_filter_miss_or_start(ref_encl_fn *encl, const double *in, int n_in, int n_out, int hit, int t,
                              double *out);
/* A single-valued output `slot` (a boolean, a side): out[slot] = its value. */
bool ref_filter_decided(ref_encl_fn *encl, const double *in, int n_in, int n_out, int slot, double *out);

#endif
