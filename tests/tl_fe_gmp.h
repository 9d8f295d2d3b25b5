/* tests/tl_fe_gmp.h: the exact value of an fe expansion (fast/fast_exact.h)
 * as a GMP rational, for the tests that check expansions against GMP. */
#ifndef TL_FE_GMP_H
#define TL_FE_GMP_H

#include <gmp.h>

#include "fast_exact.h"

/* v = the sum of a's components, exactly (each binary64 is a rational). */
static inline void tl_fe_value(mpq_t v, const fe *a)
{
    mpq_t t;
    mpq_init(t);
    mpq_set_ui(v, 0, 1);
    for (int i = 0; i < a->n; i++) {
        mpq_set_d(t, a->e[i]);
        mpq_add(v, v, t);
    }
    mpq_clear(t);
}

#endif
