/* fast/fast_quantum.h: exact-zero certificates from the quantum of the
 * inputs.  Internal to libisect.
 *
 * Every finite binary32 value v != 0 is an integer multiple of 2^L(v), L(v)
 * the exponent of its lowest set bit (fq_lsb_exp: -149 for the least
 * subnormal, at most 127 - 23 = 104).  So:
 * - the exact difference x - y of two binary32 values is a multiple of
 *   2^min(L(x), L(y)) (an integer combination of two such multiples); for a
 *   vector difference, of 2^min over its coordinates;
 * - a product of such differences is a multiple of the product of their
 *   quanta, and a sum of such products (a 2x2 determinant, a triple
 *   product: every term a product of one coordinate of each factor) is a
 *   multiple of the product of the factors' quanta 2^(q1 + q2 (+ q3)).
 * An exact value V that is a multiple of Q = 2^q and satisfies |V| < Q is
 * 0.  With a computed value v and a derived bound |v - V| <= err
 * (fast/fast_bounds.h), fl(|v| + err) < Q proves |V| < Q: Q is a power of
 * two, so representable, and rounding is monotone (x >= Q gives
 * fl(x) >= Q).  Hence fq_certainly_zero: the value is 0 exactly, no
 * expansion needed.  |V| = Q itself is not certified (`<`, not `<=`).
 *
 * Zero: L(0) is FQ_ZERO (300), larger than every L of a non-zero value;
 * 0 is a multiple of any power of two, so the rule holds with it, and the
 * sums of at most three exponents stay within [-447, 900], where fv_pow2
 * (fast/fast_vec3.h) gives 2^q exactly (binary64 normal range).
 * No libm; the lowest set bit of the significand by __builtin_ctz under
 * gcc and clang, by a loop elsewhere.
 */
#ifndef ISECT_FAST_QUANTUM_H
#define ISECT_FAST_QUANTUM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "fast_vec3.h"

enum { FQ_ZERO = 300 };

/* The number of trailing zero bits of m != 0. */
static inline int fq_ctz32(uint32_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(m);
#else
    int n = 0;
    while (!(m & 1u)) {
        m >>= 1;
        n++;
    }
    return n;
#endif
}

/* L(v): v is an integer multiple of 2^L(v), odd times it (finite v != 0);
 * FQ_ZERO for v == 0 (either sign).  A normal v is (2^23 + f) 2^(E - 150)
 * with its biased exponent E and fraction f, a subnormal one f 2^-149. */
static inline int fq_lsb_exp(float v)
{
    uint32_t b;
    memcpy(&b, &v, sizeof b);
    uint32_t e = (b >> 23) & 0xffu, m = b & 0x7fffffu;
    if (e != 0)
        m |= 0x800000u;
    else if (m == 0)
        return FQ_ZERO;
    else
        e = 1;
    return (int)e - 150 + fq_ctz32(m);
}

static inline int fq_min(int a, int b) { return a < b ? a : b; }

/* The exact value V is 0, given a computed v with |v - V| <= err and V a
 * multiple of 2^qexp (-1022 <= qexp <= 1023). */
static inline bool fq_certainly_zero(double v, double err, int qexp) { return fabs(v) + err < fv_pow2(qexp); }

/* ---- four points at once -------------------------------------------------
 * fq_quad: the exponents L of the coordinates of four points (lane m =
 * point m; l[k][m] for the coordinate k), for the quantum of differences
 * from point 0.  fq_quad_init also reports whether every coordinate is
 * finite (exponent field not 255).  Returns q0 = sum over m = 1..3 of
 * min(L(point m), L(point 0)), L(point) the minimum over its coordinates:
 * the quantum exponent of the triple product
 * (x1 - x0).((x2 - x0) x (x3 - x0)), each of whose terms is a product of
 * one coordinate of each difference.  Portable C (no vector intrinsics:
 * fast/ is plain C11); tests/test_point_in_triangle_quantum.c checks it
 * against an independent formulation. */
typedef struct {
    int l[3][4];
    int qm; /* the least of the twelve (fq_orient_zero_mod) */
} fq_quad;

static inline int fq_quad_init(fq_quad *f, isect_vec3 x0, isect_vec3 x1, isect_vec3 x2, isect_vec3 x3, bool *finite)
{
    const isect_vec3 *x[4] = {&x0, &x1, &x2, &x3};
    int mn[4];
    *finite = fv_finite3(x0) && fv_finite3(x1) && fv_finite3(x2) && fv_finite3(x3);
    for (int m = 0; m < 4; m++) {
        f->l[0][m] = fq_lsb_exp(x[m]->x);
        f->l[1][m] = fq_lsb_exp(x[m]->y);
        f->l[2][m] = fq_lsb_exp(x[m]->z);
        mn[m] = fq_min(f->l[0][m], fq_min(f->l[1][m], f->l[2][m]));
    }
    f->qm = fq_min(fq_min(mn[0], mn[1]), fq_min(mn[2], mn[3]));
    return fq_min(mn[1], mn[0]) + fq_min(mn[2], mn[0]) + fq_min(mn[3], mn[0]);
}

/* ---- the orientation modulo 2^64 (issue 14, pitspeed) ---------------------
 * With qm the least L over the twelve coordinates (fq_quad), every
 * coordinate c is an integer C = c 2^-qm (c is a multiple of 2^L(c), and
 * L(c) >= qm).  If every |C| < 2^63 (tested as mx 2^-qm < 2^63, mx the
 * largest magnitude, in binary64: the product is exact, a power-of-two
 * scaling without over- or underflow: 2^-qm is in [2^-300, 2^149]), each C
 * converts to int64 exactly.  The orientation
 * O = (x1 - x0).((x2 - x0) x (x3 - x0)) is then N 2^(3 qm), N the same
 * polynomial with integer coefficients in the C's; evaluated in uint64
 * arithmetic, which C11 defines modulo 2^64 (wrapping, overflow included),
 * it gives N mod 2^64 exactly.  If also fl(|o| + err) < 2^(64 + 3 qm)
 * (o the computed value, |o - O| <= err; Q' = 2^(64 + 3 qm) is in
 * [2^-383, 2^964], representable, and rounding is monotone, as in
 * fq_certainly_zero), then |N| < 2^64, and N = 0 iff N mod 2^64 = 0.
 * This decides O = 0 or O != 0 (not its sign) with twelve conversions and
 * twelve integer products, where the expansions need a few hundred
 * operations; it applies when the coordinates span fewer than about 37
 * bits (|o| + err about 2^-49 times the magnitudes' products:
 * docs/queries/point_in_triangle.md, "fast", step 2).  Returns 1 (O = 0),
 * 0 (O != 0) or -1 (the conditions do not hold).  Finite inputs. */
static inline float fq_fmax(float a, float b) { return a > b ? a : b; } /* finite a, b */
static inline float fq_amax3(isect_vec3 v) { return fq_fmax(fq_fmax(fabsf(v.x), fabsf(v.y)), fabsf(v.z)); }
static inline uint64_t fq_int(float c, double s) { return (uint64_t)(int64_t)((double)c * s); }

static inline int fq_orient_zero_mod(const fq_quad *f, const isect_vec3 *x0, const isect_vec3 *x1,
                                     const isect_vec3 *x2, const isect_vec3 *x3, double o, double err)
{
    int qm = f->qm;
    float mx = fq_fmax(fq_fmax(fq_amax3(*x0), fq_amax3(*x1)), fq_fmax(fq_amax3(*x2), fq_amax3(*x3)));
    double s = fv_pow2(-qm);
    if (!((double)mx * s < 0x1p63) || !(fabs(o) + err < fv_pow2(64 + 3 * qm)))
        return -1;
    uint64_t a0 = fq_int(x0->x, s), a1 = fq_int(x0->y, s), a2 = fq_int(x0->z, s);
    uint64_t p0 = fq_int(x1->x, s) - a0, p1 = fq_int(x1->y, s) - a1, p2 = fq_int(x1->z, s) - a2;
    uint64_t b0 = fq_int(x2->x, s) - a0, b1 = fq_int(x2->y, s) - a1, b2 = fq_int(x2->z, s) - a2;
    uint64_t c0 = fq_int(x3->x, s) - a0, c1 = fq_int(x3->y, s) - a1, c2 = fq_int(x3->z, s) - a2;
    uint64_t n = p0 * (b1 * c2 - b2 * c1) + p1 * (b2 * c0 - b0 * c2) + p2 * (b0 * c1 - b1 * c0);
    return n == 0;
}

#endif
