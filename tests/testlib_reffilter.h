/* tests/testlib_reffilter.h: hand cases for ref's tight exits (ref/ivl.h),
 * shared by tests/test_*_reffilter.c.
 *
 * A certified hit is answered without GMP when both ends of a long-double
 * enclosure of each numeric output round to the same double.  The cases
 * here pin, per query, (1) a hit that exit settles, with a hand-derived
 * answer, and (2) hits whose exact t lies within 2^-70 of a rounding
 * boundary (a midpoint between two doubles), on the side where rounding to
 * nearest-even of the midpoint itself would give the wrong double: every
 * enclosure there holds the midpoint, so the exit must refuse and the exact
 * path must run and give the hand-derived double.  Both are also run with
 * the filter off: the same bits.
 *
 * The midpoints used: m1 = 1 + 2^-53 (between 1 and 1 + 2^-52; ties to
 * even give 1) and m3 = 1 + 3 2^-53 (between 1 + 2^-52 and 1 + 2^-51; ties
 * give 1 + 2^-51).  t = m1 + d rounds to 1 + 2^-52, t = m3 - d to
 * 1 + 2^-52 too (0 < d <= 2^-70).  Halved (t near 1/2) for the sweeps.
 */
#ifndef ISECT_TESTS_TESTLIB_REFFILTER_H
#define ISECT_TESTS_TESTLIB_REFFILTER_H

#include "testlib.h"

/* ref/ivl.h's run-time guard, restated: long double rounds to >= 64 bits
 * here (false under valgrind: then every hit takes the exact path). */
static inline bool rf_ivl_ready(void)
{
    volatile long double one = 1, eps = LDBL_EPSILON;
    return LDBL_MANT_DIG >= 64 && (one + eps) - one == eps;
}

enum { RF_SETTLED, RF_EXACT };

static const double RF_ONE_UP = 0x1.0000000000001p+0; /* 1 + 2^-52 */
static const double RF_THIRD = 0x1.5555555555555p-2;  /* 1/3 rounded (down: the next bits are 0101...) */

/* ref on in with the filter on must give want[0..nwant) bit for bit, by
 * the path named (RF_SETTLED: no exact path, when rf_ivl_ready(); RF_EXACT:
 * the exact path ran), and the same bits with the filter off. */
static inline void rf_case(const char *query, const double *in, const double *want, int nwant, int path,
                           const char *what)
{
    const isect_query *q = tl_query(query);
    int nout = isect_query_nout(q);
    double on[ISECT_MAX_OUT], off[ISECT_MAX_OUT];
    ref_set_filter(1);
    unsigned long long e0 = ref_stats.exact;
    cr_assert_eq(q->ref(in, on), REF_OK, "%s: %s: invalid", query, what);
    unsigned long long ran_exact = ref_stats.exact - e0;
    if (path == RF_EXACT)
        cr_assert(ran_exact > 0, "%s: %s: the exact path did not run", query, what);
    else if (rf_ivl_ready())
        cr_assert(ran_exact == 0, "%s: %s: not settled by the filter", query, what);
    ref_set_filter(0);
    cr_assert_eq(q->ref(in, off), REF_OK, "%s: %s: invalid without the filter", query, what);
    ref_set_filter(1);
    for (int k = 0; k < nout; k++)
        cr_assert(memcmp(&on[k], &off[k], sizeof on[k]) == 0, "%s: %s: out[%d] = %a with the filter, %a without",
                  query, what, k, on[k], off[k]);
    for (int k = 0; k < nwant; k++)
        cr_assert(memcmp(&on[k], &want[k], sizeof on[k]) == 0, "%s: %s: out[%d] = %a, want %a", query, what, k,
                  on[k], want[k]);
}

#endif
