/* fast/pow2.h: exact scaling by powers of two without libm.  Internal to
 * libisect.
 *
 * frexpf and ldexpf are library calls (a few ns each, and the queries
 * rescale every input); these read and build the binary exponent directly
 * and give the same values. */
#ifndef ISECT_FAST_POW2_H
#define ISECT_FAST_POW2_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* The exponent e with |m| * 2^-e in [0.5, 1) (frexp's), 0 for m == 0; read
 * from the bits (no libm call) except for subnormals. */
static inline int p2_exp(float m)
{
    uint32_t b;
    memcpy(&b, &m, sizeof b);
    int be = (int)((b >> 23) & 0xff);
    if (be != 0)
        return be - 126;
    int e = 0;
    if (m != 0)
        frexpf(m, &e);
    return e;
}

/* 2^e as a double, -1022 <= e <= 1023 (every exponent used here is within
 * a few hundred). */
static inline double p2_pow2(int e)
{
    uint64_t b = (uint64_t)(e + 1023) << 52;
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

/* x * 2^e rounded once to binary32, as ldexpf: the binary64 product is
 * exact (24 significant bits, exponent in range), the conversion rounds
 * (subnormals and overflow included). */
static inline float p2_ldexp(float x, int e) { return (float)((double)x * p2_pow2(e)); }

#endif
