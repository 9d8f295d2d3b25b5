/* ref/overlap.h: helpers of the static-overlap queries of ref (private to
 * ref/; not installed).
 *
 * Interval helpers complete interval.h with the exact lattice operations a
 * distance needs (max, min, abs: no rounding, so no widening), and with the
 * restriction of a box to a field's valid range (a radius box [-e, e] holds
 * invalid points; the enclosure only owes soundness at valid ones).  The
 * exact helpers complete exact.h. */
#ifndef ISECT_REF_OVERLAP_H
#define ISECT_REF_OVERLAP_H

#include "isect_ref.h"

#include <math.h>
#include <string.h>

/* ---- validity ------------------------------------------------------------ */

static inline int ov_all_finite(const double *in, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(in[i]))
            return 0;
    return 1;
}

/* ---- intervals ----------------------------------------------------------- */

static inline iv3 ov_box3(const iv *in, int at) { return (iv3){in[at], in[at + 1], in[at + 2]}; }

static inline iv ov_nan(void) { return (iv){NAN, NAN}; }

/* max and min of two intervals: exact (endpoints are compared, not computed). */
static inline iv ov_max(iv a, iv b)
{
    if (iv_has_nan(a) || iv_has_nan(b))
        return ov_nan();
    return (iv){a.lo > b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
}

static inline iv ov_min(iv a, iv b)
{
    if (iv_has_nan(a) || iv_has_nan(b))
        return ov_nan();
    return (iv){a.lo < b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
}

static inline iv ov_abs(iv a)
{
    if (iv_has_nan(a) || a.lo >= 0)
        return a;
    if (a.hi <= 0)
        return iv_neg(a);
    return (iv){0, -a.lo > a.hi ? -a.lo : a.hi};
}

/* The part of a where a field that must be >= 0 (a radius, a half extent) is
 * valid.  If no point is valid any interval is sound; [0, 0] is returned. */
static inline iv ov_nonneg(iv a)
{
    if (iv_has_nan(a))
        return a;
    return (iv){a.lo > 0 ? a.lo : 0, a.hi > 0 ? a.hi : 0};
}

/* Intersection of a with [lo, hi] (for a value known to lie there at every
 * point that matters, e.g. a clamped parameter). */
static inline iv ov_clamp(iv a, double lo, double hi)
{
    if (iv_has_nan(a))
        return (iv){lo, hi};
    iv r = {a.lo > lo ? a.lo : lo, a.hi < hi ? a.hi : hi};
    if (r.lo > r.hi) /* disjoint: no point matters; keep a valid interval */
        r = (iv){lo, hi};
    return r;
}

static inline iv3 ov_add3(iv3 a, iv3 b) { return (iv3){iv_add(a.x, b.x), iv_add(a.y, b.y), iv_add(a.z, b.z)}; }
static inline iv3 ov_scale3(iv3 a, iv s) { return (iv3){iv_mul(a.x, s), iv_mul(a.y, s), iv_mul(a.z, s)}; }
static inline iv3 ov_hull3(iv3 a, iv3 b) { return (iv3){iv_hull(a.x, b.x), iv_hull(a.y, b.y), iv_hull(a.z, b.z)}; }
static inline iv ov_norm2(iv3 a) { return iv_add(iv_add(iv_sqr(a.x), iv_sqr(a.y)), iv_sqr(a.z)); }

/* The boolean enclosure of "g <= 0" over a box, g's enclosure given. */
static inline iv ov_le0(iv g) { return iv_bool(iv_nonpos(g), iv_pos(g)); }

/* ---- exact --------------------------------------------------------------- */

static inline void ov_q3_add(q3 *r, const q3 *a, const q3 *b)
{
    mpq_add(r->x, a->x, b->x);
    mpq_add(r->y, a->y, b->y);
    mpq_add(r->z, a->z, b->z);
}

static inline void ov_q3_scale(q3 *r, const q3 *a, mpq_srcptr s)
{
    mpq_mul(r->x, a->x, s);
    mpq_mul(r->y, a->y, s);
    mpq_mul(r->z, a->z, s);
}

static inline void ov_q3_set(q3 *r, const q3 *a)
{
    mpq_set(r->x, a->x);
    mpq_set(r->y, a->y);
    mpq_set(r->z, a->z);
}

static inline int ov_q3_is_zero(const q3 *a)
{
    return mpq_sgn(a->x) == 0 && mpq_sgn(a->y) == 0 && mpq_sgn(a->z) == 0;
}

static inline void ov_q3_to_double(double *out, const q3 *a)
{
    out[0] = q_to_double(a->x);
    out[1] = q_to_double(a->y);
    out[2] = q_to_double(a->z);
}

/* ---- triangles (ref/overlap_triangle.c) ------------------------------------ */

/* The feature of a triangle on which the closest point lies. */
enum { OV_TRI_FACE, OV_TRI_EDGE, OV_TRI_VERTEX };

/* The closest point q of the closed triangle a b c (a degenerate one is the
 * hull of its vertices) to p, and d2 = |p - q|^2, exactly; returns the
 * feature.  q must not alias the inputs. */
int ov_q_closest_triangle(q3 *q, mpq_ptr d2, const q3 *p, const q3 *a, const q3 *b, const q3 *c);

/* Enclosures of q and d2 over a box of p, a, b, c: for every point of the
 * box, the exact q and d2 lie in *q and *d2. */
void ov_iv_closest_triangle(iv3 *q, iv *d2, iv3 p, iv3 a, iv3 b, iv3 c);

/* ---- linear feasibility (ref/overlap_lp.c) ------------------------------------- */

/* Is {x in Q^n : E x = f, A x <= b} non-empty?  n <= 4, neq + nin <= 16,
 * nin <= 12; row i of E (of A) holds n coefficients then f_i (b_i).  The set
 * must be bounded.  Exact. */
int ov_q_feasible(int n, int neq, mpq_t (*E)[5], int nin, mpq_t (*A)[5]);

#endif
