/* fast/fminmax.h: fmaxf, fminf, fmax and fmin as inline code.  Internal to
 * libisect.
 *
 * Without -ffinite-math-only (never used here) gcc and clang call libm for
 * fmax and fmin, since the x86 min/max instructions treat NaN differently;
 * the hot paths of fast call them a dozen times per query.  These have the
 * C library's semantics: a NaN argument is ignored unless both are NaN.  (For
 * equal arguments of different sign, +0 and -0, C allows either; every use
 * here takes magnitudes or clamps, where the sign of a zero is irrelevant.) */
#ifndef ISECT_FAST_FMINMAX_H
#define ISECT_FAST_FMINMAX_H

static inline float isect_fmaxf(float a, float b) { return a > b || b != b ? a : b; }
static inline float isect_fminf(float a, float b) { return a < b || b != b ? a : b; }
static inline double isect_fmax(double a, double b) { return a > b || b != b ? a : b; }
static inline double isect_fmin(double a, double b) { return a < b || b != b ? a : b; }

#endif
