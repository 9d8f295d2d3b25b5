/* ref/exact.h: the exact-number layer of ref.
 *
 * Inputs of every query are binary32 or binary64 values, hence dyadic
 * rationals; ref carries them as GMP rationals (mpq_t) and computes every
 * decision exactly.  Numeric outputs leave this layer through q_to_double(),
 * which rounds correctly (to nearest, ties to even, subnormals included).
 *
 * Conventions (after GMP/MPFR): output first, inputs const (mpq_srcptr);
 * outputs must not alias inputs unless a function says so.
 *
 * Private to libisect_ref (not installed): the exact toolkit every query
 * shares (rationals, 3-vectors of rationals, closest points), and the filter
 * in front of the exact paths.
 */
#ifndef ISECT_REF_EXACT_H
#define ISECT_REF_EXACT_H

#include "interval.h"

#include <gmp.h>
#include <stdbool.h>

/* The double nearest to q (ties to even), with gradual underflow and overflow
 * to +-inf exactly as IEEE 754 rounding of the exact value would give. */
double q_to_double(mpq_srcptr q);

/* ---- 3-vectors of rationals ------------------------------------------------ */

typedef struct {
    mpq_t x, y, z;
} q3;

void q3_init(q3 *v);
void q3_clear(q3 *v);
void q3_set_d(q3 *v, const double xyz[3]); /* exact: every double is a rational */
void q3_set(q3 *r, const q3 *a);
void q3_zero(q3 *r);
void q3_add(q3 *r, const q3 *a, const q3 *b);              /* r may alias a or b */
void q3_sub(q3 *r, const q3 *a, const q3 *b);              /* r may alias a or b */
void q3_scale(q3 *r, const q3 *a, mpq_srcptr s);           /* r = s a; r may alias a */
void q3_axpy(q3 *r, const q3 *a, mpq_srcptr s, const q3 *b); /* r = a + s b; r may alias a or b */
void q3_cross(q3 *r, const q3 *a, const q3 *b);            /* r must not alias a or b */
void q3_dot(mpq_ptr r, const q3 *a, const q3 *b);
bool q3_is_zero(const q3 *a);
bool q3_equal(const q3 *a, const q3 *b);
mpq_srcptr q3_at(const q3 *a, int i); /* component i: x, y, z */
void q3_to_double(double *out, const q3 *a); /* each component by q_to_double */

/* ---- closest points ------------------------------------------------------- */

/* The closest point y of the closed segment p0 p1 to x (p0 when the segment
 * is a point), and d2 = |x - y|^2: y = p0 + clamp(e.(x - p0)/e.e, 0, 1) e,
 * e = p1 - p0.  y must not alias the inputs. */
void q3_closest_segment(q3 *y, mpq_ptr d2, const q3 *x, const q3 *p0, const q3 *p1);

/* The feature of a triangle on which the closest point lies. */
enum { Q3_TRI_FACE, Q3_TRI_EDGE, Q3_TRI_VERTEX };

/* The closest point y of the closed triangle a b c (a degenerate one is the
 * hull of its vertices) to p, and d2 = |p - y|^2; returns its feature.  y
 * must not alias the inputs.  The construction is in exact.c. */
int q3_closest_triangle(q3 *y, mpq_ptr d2, const q3 *p, const q3 *a, const q3 *b, const q3 *c);

/* ---- linear feasibility (ref/overlap_lp.c) -------------------------------- */

/* Is {x in Q^n : E x = f, A x <= b} non-empty?  n <= 4, neq + nin <= 16,
 * nin <= 12; row i of E (of A) holds n coefficients then f_i (b_i).  The set
 * must be bounded.  Exact. */
int q_feasible(int n, int neq, mpq_t (*E)[5], int nin, mpq_t (*A)[5]);

/* ---- input domain and filters --------------------------------------------- */

/* Are in[0..n) all finite? */
bool ref_all_finite(const double *in, int n);

/* The filter of a query NAME: its enclosure ref_NAME_encl (isect_ref.h)
 * evaluated at the point box of in[0..n_in), into n_out intervals
 * (n_in <= REF_FILTER_MAX_IN, n_out <= REF_FILTER_MAX_OUT).  Each function
 * returns true when the enclosure settles the query, counting
 * ref_stats.filtered; otherwise, and always with the filter off, it counts
 * ref_stats.exact and returns false: the exact path must run.  The answer
 * array out is the caller's, zeroed. */
enum { REF_FILTER_MAX_IN = 32, REF_FILTER_MAX_OUT = 8 };
typedef void ref_encl_fn(const iv *in, iv *out);
/* A certain miss: output hit is [0, 0]; out is left as it is. */
bool ref_filter_miss(ref_encl_fn *encl, const double *in, int n_in, int n_out, int hit);
/* A certain miss, or a certain hit at t = 0 (hit [1, 1], t [0, 0]: a ray
 * starting inside a solid); the latter sets out[hit] = 1 and leaves out[t]. */
bool ref_filter_miss_or_start(ref_encl_fn *encl, const double *in, int n_in, int n_out, int hit, int t,
                              double *out);
/* A certain miss, or a certain hit (hit [1, 1]) whose numeric outputs
 * `tight` (ivl.h) rounds correctly: tight(in, out) runs only on a certified
 * hit, writes every numeric output of the query (into a scratch copy of out)
 * and returns true only when each is the correctly rounded double of the
 * exact value (ivl_round()); then out[hit] = 1 and those outputs are copied.
 * Otherwise the exact path must run. */
typedef bool ref_tight_fn(const double *in, double *out);
bool ref_filter_miss_or_tight(ref_encl_fn *encl, ref_tight_fn *tight, const double *in, int n_in, int n_out, int hit,
                              double *out);
/* The boolean out[slot] when the enclosure makes it single-valued, as
 * ref_filter_decided(); otherwise (with ivl_ready()) decide(in, out) may
 * settle it in long-double intervals (ivl.h) and write it: for queries whose
 * binary64 enclosure is too loose (a hit on a set of measure zero, as a
 * point in a triangle's plane; exact zeros on dyadic grids). */
typedef bool ref_decide_fn(const double *in, double *out);
bool ref_filter_decided_or(ref_encl_fn *encl, ref_decide_fn *decide, const double *in, int n_in, int n_out, int slot,
                           double *out);
/* A single-valued output `slot` (a boolean, a side): out[slot] = its value. */
bool ref_filter_decided(ref_encl_fn *encl, const double *in, int n_in, int n_out, int slot, double *out);

#endif
