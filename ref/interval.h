/* ref/interval.h: closed intervals of doubles with outward rounding.
 *
 * Every operation returns an interval that contains the exact result of the
 * operation applied to any points of its operands (the inclusion property).
 * Arithmetic runs in the default round-to-nearest mode; each computed endpoint
 * is then moved one double outward with nextafter().  Round-to-nearest errs by
 * at most half an ulp (and by at most 2^-1075 in the subnormal range), so the
 * moved endpoint is on the safe side of the exact one.  Overflow gives an
 * infinite endpoint, which is still safe.  The derivation is in
 * docs/judge.md#interval-arithmetic.
 *
 * An interval with a NaN endpoint means "nothing is known"; iv_has_nan() tests
 * for it and every consumer treats it as the widest interval.
 */
#ifndef ISECT_REF_INTERVAL_H
#define ISECT_REF_INTERVAL_H

#include <stdbool.h>

typedef struct {
    double lo, hi;
} iv;

iv iv_point(double x);            /* [x, x] exactly */
iv iv_make(double lo, double hi); /* [lo, hi] exactly */
iv iv_add(iv a, iv b);
iv iv_sub(iv a, iv b);
iv iv_neg(iv a);
iv iv_mul(iv a, iv b);
iv iv_sqr(iv a);                  /* tighter than iv_mul(a, a) across zero */
iv iv_div(iv a, iv b);            /* whole line if b contains 0 */
iv iv_sqrt(iv a);                 /* of the non-negative part; NaN interval if a < 0 */
iv iv_hull(iv a, iv b);

bool iv_has_nan(iv a);
bool iv_contains(iv a, double x);
/* Certain signs: every point of a is >= 0 (resp. > 0, <= 0, < 0). */
bool iv_nonneg(iv a);
bool iv_pos(iv a);
bool iv_nonpos(iv a);
bool iv_neg_strict(iv a);

typedef struct {
    iv x, y, z;
} iv3;

iv3 iv3_sub(iv3 a, iv3 b);
iv3 iv3_cross(iv3 a, iv3 b);
iv iv3_dot(iv3 a, iv3 b);

/* Enclosure of a boolean: [0,0] certainly false, [1,1] certainly true,
 * [0,1] either. */
iv iv_bool(bool certain_true, bool certain_false);

#endif
