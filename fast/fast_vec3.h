/* fast/fast_vec3.h: the private vector and number toolkit of libisect, used
 * by every file of fast/.  Internal to libisect; static inline throughout.
 *
 * - fminf/fmaxf/fmin/fmax as inline code (isect_fmaxf, ...);
 * - exact power-of-two scaling without libm (fv_exp, fv_pow2, fv_ldexp,
 *   fv_scale3, fv_rescale_exp);
 * - binary32 vectors (isect_vec3): fv_sub, fv_dot, ...;
 * - binary64 vectors (fv_d3) built from binary32 ones: fv_d, fv_dsub,
 *   fv_ddot, fv_dcross, ...
 *
 * Every expression is written in the one operation order the queries'
 * error analyses assume (docs/queries/); -ffp-contract=off keeps the
 * compiler from fusing any of them.  The guard constants that bound their
 * rounding are in fast/fast_bounds.h, the exact (expansion) arithmetic in
 * fast/fast_exact.h.
 */
#ifndef ISECT_FAST_VEC3_H
#define ISECT_FAST_VEC3_H

#include "isect.h"
#include "fast_bounds.h"

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* A rare slow path kept out of line, so that its large locals do not weigh
 * on the caller's frame (only a hint: plain C11 without it). */
#if defined(__GNUC__) || defined(__clang__)
#define ISECT_NOINLINE __attribute__((noinline))
#else
#define ISECT_NOINLINE
#endif

/* ---- fmaxf, fminf, fmax, fmin --------------------------------------------
 * Without -ffinite-math-only (never used here) gcc and clang call libm for
 * fmax and fmin, since the x86 min/max instructions treat NaN differently;
 * the hot paths of fast call them a dozen times per query.  These have the
 * C library's semantics: a NaN argument is ignored unless both are NaN.  (For
 * equal arguments of different sign, +0 and -0, C allows either; every use
 * here takes magnitudes or clamps, where the sign of a zero is irrelevant.) */
static inline float isect_fmaxf(float a, float b) { return a > b || b != b ? a : b; }
static inline float isect_fminf(float a, float b) { return a < b || b != b ? a : b; }
static inline double isect_fmax(double a, double b) { return a > b || b != b ? a : b; }
static inline double isect_fmin(double a, double b) { return a < b || b != b ? a : b; }

/* ---- powers of two ---------------------------------------------------------
 * frexpf and ldexpf are library calls (a few ns each, and the queries
 * rescale every input); these read and build the binary exponent directly
 * and give the same values. */

/* The exponent e with |m| * 2^-e in [0.5, 1) (frexpf's), 0 for m == 0 or a
 * non-finite m (never passed).  A subnormal m is first multiplied by 2^64,
 * which is exact and makes it normal. */
static inline int fv_exp(float m)
{
    int bias = 126;
    uint32_t b;
    memcpy(&b, &m, sizeof b);
    if ((b & 0x7f800000u) == 0) {
        if (m == 0)
            return 0;
        m *= 0x1p64f;
        memcpy(&b, &m, sizeof b);
        bias += 64;
    }
    return (int)((b >> 23) & 0xff) - bias;
}

/* The bits of a binary32 / binary64 value. */
static inline uint32_t fv_bits32(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static inline uint64_t fv_bits64(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

/* x when keep is true, else +0, without a branch (a mask on the bits): for
 * an output computed on every call and kept only on a hit, whose branch
 * would go either way on random inputs. */
static inline float fv_keep32(float x, bool keep)
{
    uint32_t u = fv_bits32(x) & (0u - (uint32_t)keep);
    float r;
    memcpy(&r, &u, sizeof r);
    return r;
}

/* k ? x : y without a branch (the bits masked): for selections by signs
 * that go either way on random inputs. */
static inline double fv_sel64(bool k, double x, double y)
{
    uint64_t m = 0 - (uint64_t)k, u = (fv_bits64(x) & m) | (fv_bits64(y) & ~m);
    double r;
    memcpy(&r, &u, sizeof r);
    return r;
}

/* 2^e as a binary64, -1022 <= e <= 1023 (every exponent used here is within
 * a few hundred). */
static inline double fv_pow2(int e)
{
    uint64_t b = (uint64_t)(e + 1023) << 52;
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

/* x * 2^e rounded once to binary32, as ldexpf: the binary64 product is
 * exact (24 significant bits, exponent in range), the conversion rounds
 * (subnormals and overflow included). */
static inline float fv_ldexp(float x, int e) { return (float)((double)x * fv_pow2(e)); }

/* v * 2^e, component by component (fv_ldexp; e == 0 returns v as it is,
 * which is the same value). */
static inline isect_vec3 fv_scale3(isect_vec3 v, int e)
{
    if (e == 0)
        return v;
    return (isect_vec3){fv_ldexp(v.x, e), fv_ldexp(v.y, e), fv_ldexp(v.z, e)};
}

/* The exponent k of the power of two 2^k by which to multiply a unit class
 * whose largest magnitude is m (finite, >= 0): 0 when m == 0 or m lies in
 * the comfortable range [FB_COMFY_LO, hi] (fast/fast_bounds.h gives each query's
 * range and why), otherwise the k with m * 2^k in [1/2, 1).  2^k itself may
 * lie outside the binary32 range (m subnormal: up to 2^149), hence an
 * exponent: multiply with fv_ldexp() or fv_scale3(). */
static inline int fv_rescale_exp(float m, float hi)
{
    if (m == 0 || (m >= FB_COMFY_LO && m <= hi))
        return 0;
    return -fv_exp(m);
}

/* ---- binary32 vectors -------------------------------------------------- */

static inline bool fv_finite3(isect_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }
static inline float fv_comp(isect_vec3 v, int k) { return k == 0 ? v.x : k == 1 ? v.y : v.z; }

static inline isect_vec3 fv_sub(isect_vec3 a, isect_vec3 b) { return (isect_vec3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static inline isect_vec3 fv_add(isect_vec3 a, isect_vec3 b) { return (isect_vec3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static inline isect_vec3 fv_mul(isect_vec3 a, float s) { return (isect_vec3){a.x * s, a.y * s, a.z * s}; }
/* ((a.x b.x + a.y b.y) + a.z b.z) */
static inline float fv_dot(isect_vec3 a, isect_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

/* ---- binary64 vectors ----------------------------------------------------
 * Built from binary32 values, where the product of two of them is exact: a
 * component of the cross product of two binary32 vectors is its exact value
 * rounded once. */

typedef struct {
    double x, y, z;
} fv_d3;

static inline fv_d3 fv_d(isect_vec3 v) { return (fv_d3){v.x, v.y, v.z}; }
static inline isect_vec3 fv_f(fv_d3 a) { return (isect_vec3){(float)a.x, (float)a.y, (float)a.z}; }
static inline double fv_dcomp(fv_d3 a, int k) { return k == 0 ? a.x : k == 1 ? a.y : a.z; }
static inline fv_d3 fv_dsub(fv_d3 a, fv_d3 b) { return (fv_d3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static inline fv_d3 fv_dadd(fv_d3 a, fv_d3 b) { return (fv_d3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static inline fv_d3 fv_dmul(fv_d3 a, double s) { return (fv_d3){a.x * s, a.y * s, a.z * s}; }
static inline double fv_ddot(fv_d3 a, fv_d3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline fv_d3 fv_dcross(fv_d3 a, fv_d3 b)
{
    return (fv_d3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
/* |a.x b.x| + |a.y b.y| + |a.z b.z|: the magnitude of a dot product's terms. */
static inline double fv_dabsdot(fv_d3 a, fv_d3 b) { return fabs(a.x * b.x) + fabs(a.y * b.y) + fabs(a.z * b.z); }

/* A branch to a cold path, taken rarely: without the hint gcc splits a
 * combined certificate test (a | b) into two data-dependent branches
 * (issue 14's common paths; plain C11 without it). */
#if defined(__GNUC__) || defined(__clang__)
#define ISECT_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define ISECT_UNLIKELY(x) (x)
#endif

#endif
