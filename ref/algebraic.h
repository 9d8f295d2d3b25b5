/* ref/algebraic.h: exact arithmetic on numbers of the form A + B sqrt(D).
 *
 * The roots of a quadratic with rational coefficients, and every quantity
 * that is affine in such a root (a barycentric, a projection parameter, a
 * coordinate of a contact point), are numbers
 *
 *     x = A + B sqrt(D),   A, B, D rational, D >= 0.
 *
 * This layer compares them exactly (by sign case analysis: isolate the
 * square root, square under sign conditions; never by evaluating at some
 * precision) and rounds them correctly to double (an MPFR Ziv loop on an
 * interval that shrinks with the precision; an irrational x is never a
 * double nor a midpoint between two doubles, so the loop terminates).
 *
 * Conventions (after GMP/MPFR): output first, inputs const; outputs may not
 * alias inputs unless a function says so.  A qsqrt must be initialised with
 * qs_init and released with qs_clear.  A qsqrt is *canonical* when B = 0
 * whenever x is rational (D = 0 or D a square of a rational); qs_root and
 * qs_canon produce canonical values and qs_affine keeps them canonical.
 * Nothing here needs canonical values for correctness; it only makes
 * qs_is_rational and rounding cheaper.
 *
 * Used by the sweep queries (ref/sphere_sweep_*.c) and available to any ref
 * query whose answer is a root of a quadratic (ray_sphere, ray_capsule,
 * ray_cylinder, ...).
 */
#ifndef ISECT_REF_ALGEBRAIC_H
#define ISECT_REF_ALGEBRAIC_H

#include <gmp.h>

/* The number a + b * sqrt(d), d >= 0. */
typedef struct {
    mpq_t a, b, d;
} qsqrt;

void qs_init(qsqrt *x);   /* x = 0 */
void qs_clear(qsqrt *x);
void qs_set(qsqrt *r, const qsqrt *x); /* r may alias x */
void qs_set_q(qsqrt *r, mpq_srcptr q); /* r = q (b = d = 0) */

/* Sign of a + b sqrt(d) (d >= 0): -1, 0 or 1, exact. */
int qs_sign2(mpq_srcptr a, mpq_srcptr b, mpq_srcptr d);
/* Sign of a + b sqrt(d1) + c sqrt(d2) (d1, d2 >= 0), exact. */
int qs_sign3(mpq_srcptr a, mpq_srcptr b, mpq_srcptr d1, mpq_srcptr c, mpq_srcptr d2);

int qs_sgn(const qsqrt *x);                   /* sign of x */
int qs_cmp(const qsqrt *x, const qsqrt *y);   /* sign of x - y; the d's may differ */
int qs_cmp_q(const qsqrt *x, mpq_srcptr q);   /* sign of x - q */
int qs_cmp_si(const qsqrt *x, long q);        /* sign of x - q */

/* r = alpha + beta * x.  r may alias x. */
void qs_affine(qsqrt *r, mpq_srcptr alpha, mpq_srcptr beta, const qsqrt *x);
/* Sign of alpha + beta * x, without building it. */
int qs_sgn_affine(mpq_srcptr alpha, mpq_srcptr beta, const qsqrt *x);

/* 1 when x is rational: b = 0, d = 0 or d the square of a rational. */
int qs_is_rational(const qsqrt *x);
/* Rewrites x with b = d = 0 when it is rational (see canonical above). */
void qs_canon(qsqrt *x);
/* x as a rational, for x rational (qs_is_rational); r may not alias x. */
void qs_get_q(mpq_ptr r, const qsqrt *x);

/* A root of qa t^2 + 2 qb t + qc = 0 with qa != 0 (note the 2: the reduced
 * discriminant is D = qb^2 - qa qc):
 *     t = (-qb + s sqrt(D)) / qa,  s = -1 or +1.
 * With qa > 0, s = -1 gives the smaller root.  Returns 0 (and leaves t
 * unchanged) when D < 0; otherwise writes the canonical t and returns 1.
 * If disc is not NULL it receives D. */
int qs_root(qsqrt *t, mpq_srcptr qa, mpq_srcptr qb, mpq_srcptr qc, int s, mpq_ptr disc);

/* The double nearest to x (ties to even; gradual underflow and overflow as
 * IEEE 754 rounding of the exact value gives).  Exact: rational x goes
 * through q_to_double; an irrational x through a Ziv loop that raises the
 * precision until both ends of an enclosing interval round alike. */
double qs_to_double(const qsqrt *x);

/* Enclosing interval [*lo, *hi] of x in doubles (directed roundings), for
 * tests and reports. */
void qs_bounds(const qsqrt *x, double *lo, double *hi);

#endif
