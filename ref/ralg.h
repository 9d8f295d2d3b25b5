/* ref/ralg.h: polynomials over the rationals and the real roots of low
 * degree ones, as exact real algebraic numbers.
 *
 * The continuous collision queries (ref/ccd_exact.c) need the earliest root
 * in [0, 1] of a polynomial of degree up to 3 (the coplanarity cubic) at
 * which the signs of other polynomials (of degree up to 4) say the shapes
 * touch, and that root correctly rounded to double.  This layer does that
 * with exact rational arithmetic only:
 *
 *   - qpoly: a polynomial with mpq coefficients, degree <= QP_MAXDEG;
 *   - ralg: a real algebraic number, either a rational r (lo = hi = r) or
 *     the only root of a squarefree polynomial f in an open interval
 *     (lo, hi) with rational ends, f(lo) and f(hi) non-zero of opposite
 *     signs (its isolating interval);
 *   - ra_roots01: the distinct real roots in [0, 1] of a non-zero qpoly,
 *     ascending (squarefree part, Sturm counts, bisection; a rational root
 *     met at a split point is kept exactly and divided out);
 *   - ra_sign: the exact sign of a qpoly at a ralg (zero iff the gcd with f
 *     vanishes there; otherwise the interval is bisected until a Taylor bound
 *     at its midpoint certifies the sign);
 *   - ra_to_double: the nearest double, ties to even (bisection on the
 *     binary64 grid, then one exact sign at the midpoint of the two
 *     neighbouring doubles: exact, no precision loop).
 *
 * Why not FLINT/Arb: degree <= 3 for the roots and <= 4 for the signs keeps
 * Sturm sequences tiny; a hand-written layer on GMP needs no new package
 * (docs/queries/vertex_face_ccd.md has the measurements and the argument).
 *
 * Conventions (after GMP/MPFR): output first, inputs const; outputs may not
 * alias inputs unless a function says so; every object is initialised with
 * its _init and released with its _clear.
 */
#ifndef ISECT_REF_RALG_H
#define ISECT_REF_RALG_H

#include <gmp.h>
#include <stdbool.h>

enum { QP_MAXDEG = 8 };

/* c[0] + c[1] t + ... + c[deg] t^deg; deg = -1 for the zero polynomial, and
 * c[deg] != 0 otherwise.  Coefficients above deg are zero. */
typedef struct {
    int deg;
    mpq_t c[QP_MAXDEG + 1];
} qpoly;

void qp_init(qpoly *p); /* p = 0 */
void qp_clear(qpoly *p);
void qp_set(qpoly *r, const qpoly *a); /* r may alias a */
/* r = x0 + t (x1 - x0): a coordinate moving linearly from x0 (t = 0) to x1. */
void qp_set_motion(qpoly *r, double x0, double x1);
void qp_add(qpoly *r, const qpoly *a, const qpoly *b); /* r may alias a or b */
void qp_sub(qpoly *r, const qpoly *a, const qpoly *b); /* r may alias a or b */
void qp_mul(qpoly *r, const qpoly *a, const qpoly *b); /* deg a + deg b <= QP_MAXDEG; no aliasing */
bool qp_is_zero(const qpoly *p);
void qp_eval(mpq_ptr r, const qpoly *p, mpq_srcptr x);
int qp_sign_at(const qpoly *p, mpq_srcptr x);
/* p times the positive rational that makes its coefficients coprime
 * integers (ref/ralg_sign.c); the zero polynomial stays zero. */
void qp_primitive(qpoly *p);
/* ralg.c's Taylor test on integers when h, m and w are dyadic (the sign,
 * or 0 when not certified), 2 when they are not (ref/ralg_sign.c). */
int qp_taylor_sign_dyadic(const qpoly *h, mpq_srcptr m, mpq_srcptr w);
/* r = gcd(a, b) up to a constant factor (not both zero; r does not alias
 * them), on integers (ref/ralg_sign.c). */
void qp_gcd_int(qpoly *r, const qpoly *a, const qpoly *b);

/* A real algebraic number (see above). */
typedef struct {
    qpoly f;      /* squarefree, with exactly one root in (lo, hi); unused when rational */
    mpq_t lo, hi; /* lo = hi = the value when rational */
    bool rational;
    int slo;      /* the sign of f at lo once known (it never changes), else 0 */
} ralg;

void ra_init(ralg *a);
void ra_clear(ralg *a);
void ra_set_q(ralg *a, mpq_srcptr q);

/* The distinct real roots of p (not the zero polynomial, degree <= 4) in
 * [0, 1], ascending, into roots[0..n); returns n.  roots[] must hold
 * QP_MAXDEG initialised ralgs. */
int ra_roots01(ralg *roots, const qpoly *p);

/* The sign of h at a: -1, 0 or 1, exact.  May shrink a's interval (a stays
 * the same number). */
int ra_sign(ralg *a, const qpoly *h);

/* Shrinks a's interval around its root by Newton's method at prec bits,
 * verified exactly (ref/ralg_zoom.c); true when it changed (a stays the
 * same number, possibly found rational), false when nothing changed. */
bool ra_zoom(ralg *a, long prec);

/* The double nearest to a (ties to even), exact.  May shrink a's interval. */
double ra_to_double(ralg *a);

#endif
