/* fast/fast_magval.h: a binary64 value carried with the magnitude of its
 * terms, for certified signs.  Internal to libisect.
 *
 * A value x computed by a fixed expression tree whose leaves are exact or
 * rounded once, and p the same tree evaluated on the leaves' magnitudes
 * with every - made a + (so p >= 0, computed from non-negative terms).
 * Written as a sum of monomials in the exact leaves, the computed x errs by
 * at most gamma_k P, k the number of roundings on the longest leaf-to-root
 * path and P the exact value of the magnitude tree (Higham, Accuracy and
 * Stability of Numerical Algorithms, 3.1), and the computed p is at least
 * (1 - u)^k P: so |x - exact| <= gamma_k (1 - u)^-k p.  Each user counts its
 * k and names its guard in fast/fast_bounds.h (FB_RAY_CYL for
 * fast/fast_cyl.h, FB_SOBB_POLY for fast/sphere_obb_filter.c). */
#ifndef ISECT_FAST_MAGVAL_H
#define ISECT_FAST_MAGVAL_H

#include <math.h>

typedef struct {
    double x, p;
} fmv;

static inline fmv fmv_of(double x) { return (fmv){x, fabs(x)}; }
static inline fmv fmv_add(fmv a, fmv b) { return (fmv){a.x + b.x, a.p + b.p}; }
static inline fmv fmv_sub(fmv a, fmv b) { return (fmv){a.x - b.x, a.p + b.p}; }
static inline fmv fmv_mul(fmv a, fmv b) { return (fmv){a.x * b.x, a.p * b.p}; }

static inline fmv fmv_dot(const fmv *a, const fmv *b)
{
    return fmv_add(fmv_add(fmv_mul(a[0], b[0]), fmv_mul(a[1], b[1])), fmv_mul(a[2], b[2]));
}

static inline void fmv_cross(fmv *r, const fmv *a, const fmv *b)
{
    r[0] = fmv_sub(fmv_mul(a[1], b[2]), fmv_mul(a[2], b[1]));
    r[1] = fmv_sub(fmv_mul(a[2], b[0]), fmv_mul(a[0], b[2]));
    r[2] = fmv_sub(fmv_mul(a[0], b[1]), fmv_mul(a[1], b[0]));
}

#endif
