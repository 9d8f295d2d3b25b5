/* ref/ivl.h: closed intervals of long doubles with outward rounding, for the
 * filters' correctly rounded outputs (a Ziv-style early exit).
 *
 * Why: the interval filter (interval.h, binary64) certifies a query's
 * booleans, but its enclosure of a numeric output is some ulps of a double
 * wide, so it can never name the correctly rounded double: every hit went to
 * GMP.  With 64-bit significands (x86's extended format) the same formula is
 * enclosed about 2^11 times tighter; when both ends of that enclosure round
 * to the same double, the exact value, which lies between them, rounds to
 * that double too (rounding to nearest is monotonic), and that is ref's
 * answer, bit for bit.  Otherwise (the value is within some 2^-10 ulp of a
 * rounding boundary, or the formula cancels) the caller runs the exact path.
 *
 * Soundness: each end of an operation is the operation on the operands'
 * ends rounded to nearest, and its exact rounding error is recovered by an
 * error-free transformation (below); the end is kept when that error is
 * zero and moved one long double outward (ivl_down, ivl_up) when it points
 * outward, so it lies on the safe side of the exact result.  Where the
 * transformations could overflow or underflow, ends move outward always:
 * interval.h's argument (round-to-nearest errs by at most half an ulp).
 * All of it needs long double arithmetic that really rounds to
 * LDBL_MANT_DIG >= 64 bits.  ivl_ready() tests that at run time, once:
 * (1 + LDBL_EPSILON) - 1 must be LDBL_EPSILON; it is not where long double
 * is double (MSVC, some ARM ABIs), under an x87 precision control set to 53
 * bits, or under valgrind (which computes long doubles as doubles).  Then
 * every caller falls back to the exact path: slower, never wrong.
 *
 * Private to libisect_ref.
 */
#ifndef ISECT_REF_IVL_H
#define ISECT_REF_IVL_H

#include <float.h>
#include <math.h>
#include <stdbool.h>

typedef struct {
    long double lo, hi;
} ivl;

bool ivl_ready(void); /* exact.c: long double has >= 64 bits here; tested once */

static inline ivl ivl_d(double x) { return (ivl){x, x}; } /* exact */

/* Ends with their rounding errors.  An operation's result s and its exact
 * error e (s + e is the exact result; Knuth's TwoSum, Dekker's TwoProduct
 * with Veltkamp's split at 2^32 + 1, the remainder of a quotient: all exact
 * in round-to-nearest binary arithmetic, barring overflow and underflow)
 * give the end itself when e = 0 and the neighbour on e's side otherwise:
 * exact operations do not widen.  ivl_safe() keeps every operand in a range
 * where none of those steps can overflow or underflow; outside it an end is
 * moved outward unconditionally (interval.h's rule), also sound. */
static inline bool ivl_safe(long double x) { return x == 0 || (fabsl(x) >= 0x1p-8000L && fabsl(x) <= 0x1p8000L); }
/* The outward move of an inexact end, without a call to nextafterl:
 * s -+ u rounded to nearest, u = |s| (1 + 2^-63) 2^-64.  For s = m 2^k,
 * m in [1, 2), ulp(s) = 2^(k-63) and u (rounded; it is at least the
 * representable m 2^(k-64)) exceeds ulp(s)/2, which is at least the gap to
 * either neighbour of s, so s -+ u lies beyond the midpoint between s and
 * that neighbour and rounds to the neighbour or further: outward, one long
 * double (u is below about one ulp).  No step underflows in ivl_safe()'s
 * range, and an inexact s is never 0 there (a rounded sum or product is 0
 * only when exact; ivl_div passes a zero quotient of a non-zero x as
 * unsafe); a 0 still takes nextafterl. */
static inline long double ivl_down(long double s)
{
    return s != 0 ? s - fabsl(s) * 0x1.0000000000000002p-64L : nextafterl(s, -INFINITY);
}
static inline long double ivl_up(long double s)
{
    return s != 0 ? s + fabsl(s) * 0x1.0000000000000002p-64L : nextafterl(s, INFINITY);
}
static inline long double ivl_lo(long double s, long double e, bool safe)
{
    return !safe || isnan(e) ? nextafterl(s, -INFINITY) : e < 0 ? ivl_down(s) : s;
}
static inline long double ivl_hi(long double s, long double e, bool safe)
{
    return !safe || isnan(e) ? nextafterl(s, INFINITY) : e > 0 ? ivl_up(s) : s;
}
static inline long double ivl_sum(long double a, long double b, long double *e)
{
    long double s = a + b, bb = s - a;
    *e = (a - (s - bb)) + (b - bb);
    return s;
}
static inline long double ivl_prod(long double a, long double b, long double *e)
{
    const long double k = 0x1p32L + 1;
    long double p = a * b, ca = k * a, cb = k * b;
    long double ah = ca - (ca - a), al = a - ah, bh = cb - (cb - b), bl = b - bh;
    *e = (((ah * bh - p) + ah * bl) + al * bh) + al * bl;
    return p;
}
static inline ivl ivl_add(ivl a, ivl b)
{
    long double el, eh, l = ivl_sum(a.lo, b.lo, &el), h = ivl_sum(a.hi, b.hi, &eh);
    bool safe = ivl_safe(a.lo) && ivl_safe(a.hi) && ivl_safe(b.lo) && ivl_safe(b.hi);
    return (ivl){ivl_lo(l, el, safe), ivl_hi(h, eh, safe)};
}
static inline ivl ivl_neg(ivl a) { return (ivl){-a.hi, -a.lo}; }
static inline ivl ivl_sub(ivl a, ivl b) { return ivl_add(a, ivl_neg(b)); }
static inline ivl ivl_mul(ivl a, ivl b)
{
    const long double x[4] = {a.lo, a.lo, a.hi, a.hi}, y[4] = {b.lo, b.hi, b.lo, b.hi};
    bool safe = ivl_safe(a.lo) && ivl_safe(a.hi) && ivl_safe(b.lo) && ivl_safe(b.hi);
    ivl r = {INFINITY, -INFINITY};
    for (int i = 0; i < 4; i++) {
        long double e, p = ivl_prod(x[i], y[i], &e);
        if (isnan(p)) /* 0 * inf: nothing known */
            return (ivl){NAN, NAN};
        long double l = ivl_lo(p, e, safe), h = ivl_hi(p, e, safe);
        r.lo = l < r.lo ? l : r.lo;
        r.hi = h > r.hi ? h : r.hi;
    }
    return r;
}
/* a / b for b of one strict sign; NaN ends (refused by ivl_round) otherwise.
 * The quotient q of x / y errs on the side of the remainder r = x - q y,
 * which is representable and computed exactly: (x - p) - e with p + e = q y
 * (p is within a factor 2 of x, so x - p is exact by Sterbenz's lemma). */
static inline ivl ivl_div(ivl a, ivl b)
{
    if (!(b.lo > 0 || b.hi < 0))
        return (ivl){NAN, NAN};
    const long double x[4] = {a.lo, a.lo, a.hi, a.hi}, y[4] = {b.lo, b.hi, b.lo, b.hi};
    bool safe = ivl_safe(a.lo) && ivl_safe(a.hi) && ivl_safe(b.lo) && ivl_safe(b.hi);
    ivl r = {INFINITY, -INFINITY};
    for (int i = 0; i < 4; i++) {
        long double e, q = x[i] / y[i], p = ivl_prod(q, y[i], &e);
        long double rem = (x[i] - p) - e, dir = y[i] > 0 ? rem : -rem; /* the sign of x/y - q */
        bool ok = safe && ivl_safe(q) && (q != 0 || x[i] == 0);
        long double l = ivl_lo(q, dir, ok), h = ivl_hi(q, dir, ok);
        r.lo = l < r.lo ? l : r.lo;
        r.hi = h > r.hi ? h : r.hi;
    }
    return r;
}

/* sqrt(a) for a.lo >= 0 (NaN ends otherwise).  s = sqrtl(x) is rounded,
 * and s^2 = p + e exactly (TwoProduct); p is within a factor 2 of x, so
 * p - x is exact (Sterbenz) and (p - x) + e has the sign of s^2 - x, that
 * is of s - sqrt(x): s is a lower end when it is <= 0, an upper end when
 * >= 0, and its neighbour serves for the other side.  No claim on how
 * sqrtl rounds is needed.  Outside ivl_safe(), both ends move outward
 * (an error of at most one ulp, which sqrtl's half-ulp meets). */
static inline long double ivl_sqrt_end(long double x, bool upper)
{
    if (x == 0)
        return 0;
    long double s = sqrtl(x), e, p = ivl_prod(s, s, &e);
    if (!ivl_safe(x) || !ivl_safe(s) || isnan(e))
        return upper ? nextafterl(s, INFINITY) : nextafterl(s, 0);
    long double sg = (p - x) + e; /* the sign of s - sqrt(x) */
    if (upper)
        return sg < 0 ? nextafterl(s, INFINITY) : s;
    return sg > 0 ? nextafterl(s, 0) : s;
}
static inline ivl ivl_sqrt(ivl a)
{
    if (!(a.lo >= 0) || !(a.hi >= a.lo) || isinf(a.hi))
        return (ivl){NAN, NAN};
    return (ivl){ivl_sqrt_end(a.lo, false), ivl_sqrt_end(a.hi, true)};
}
/* max(a, b) (NaN when either has a NaN end) and a with its lower end raised to 0 (for a value known to be
 * >= 0 by an exact argument). */
static inline ivl ivl_max(ivl a, ivl b)
{
    if (isnan(a.lo) || isnan(a.hi) || isnan(b.lo) || isnan(b.hi))
        return (ivl){NAN, NAN};
    return (ivl){a.lo > b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
}
static inline ivl ivl_nonneg(ivl a) { return (ivl){a.lo < 0 ? 0 : a.lo, a.hi}; }
/* The meet of two enclosures of one value (both are sound, so is their
 * intersection); NaN ends when either has one. */
static inline ivl ivl_meet(ivl a, ivl b)
{
    if (isnan(a.lo) || isnan(a.hi) || isnan(b.lo) || isnan(b.hi))
        return (ivl){NAN, NAN};
    return (ivl){a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
}
/* |a| (exact: no rounding); NaN ends when a has one. */
static inline ivl ivl_abs(ivl a)
{
    if (isnan(a.lo) || isnan(a.hi))
        return (ivl){NAN, NAN};
    if (a.lo >= 0)
        return a;
    if (a.hi <= 0)
        return ivl_neg(a);
    return (ivl){0, -a.lo > a.hi ? -a.lo : a.hi};
}
/* Both ends finite and ordered (no NaN, no overflow). */
static inline bool ivl_ok(ivl a) { return isfinite(a.lo) && isfinite(a.hi) && a.lo <= a.hi; }

/* ---- 3-vectors, from binary64 inputs ---------------------------------------- */

typedef struct {
    ivl x, y, z;
} ivl3;

static inline ivl3 ivl3_at(const double *p) { return (ivl3){ivl_d(p[0]), ivl_d(p[1]), ivl_d(p[2])}; }
static inline ivl3 ivl3_sub(ivl3 a, ivl3 b) { return (ivl3){ivl_sub(a.x, b.x), ivl_sub(a.y, b.y), ivl_sub(a.z, b.z)}; }
/* sum_i a_i b_i (n <= 3).  When every operand is a point in ivl_safe()'s
 * range, each product is p_i + e_i exactly (TwoProduct), and the sum of the
 * p_i and the sum of the e_i are enclosed apart and added: about one
 * rounding of the result instead of one per product. */
static inline ivl ivl_sum_prod(const ivl *a, const ivl *b, int n)
{
    bool points = true;
    for (int i = 0; i < n; i++)
        points = points && a[i].lo == a[i].hi && b[i].lo == b[i].hi && ivl_safe(a[i].lo) && ivl_safe(b[i].lo);
    ivl r = ivl_d(0);
    if (!points) {
        for (int i = 0; i < n; i++)
            r = ivl_add(r, ivl_mul(a[i], b[i]));
        return r;
    }
    ivl err = ivl_d(0);
    for (int i = 0; i < n; i++) {
        long double e, p = ivl_prod(a[i].lo, b[i].lo, &e);
        r = ivl_add(r, (ivl){p, p});
        err = ivl_add(err, (ivl){e, e});
    }
    return ivl_add(r, err);
}
static inline ivl ivl3_dot(ivl3 a, ivl3 b)
{
    const ivl x[3] = {a.x, a.y, a.z}, y[3] = {b.x, b.y, b.z};
    return ivl_sum_prod(x, y, 3);
}
static inline ivl ivl_det2(ivl a, ivl b, ivl c, ivl d) /* a b - c d */
{
    const ivl x[2] = {a, ivl_neg(c)}, y[2] = {b, d};
    return ivl_sum_prod(x, y, 2);
}
static inline ivl3 ivl3_cross(ivl3 a, ivl3 b)
{
    return (ivl3){ivl_det2(a.y, b.z, a.z, b.y), ivl_det2(a.z, b.x, a.x, b.z), ivl_det2(a.x, b.y, a.y, b.x)};
}

/* The correctly rounded double of a value enclosed by x, when both ends of x
 * round to the same nonzero double (a zero or a NaN end: false).  Sound for
 * any x that encloses the value: round-to-nearest is monotonic, so every
 * point of [lo, hi] rounds to round(lo) = round(hi).  Rounding a long double
 * to double is one correctly rounded conversion (gradual underflow and
 * overflow to inf included, as q_to_double()). */
static inline bool ivl_round(ivl x, double *out)
{
    double lo = (double)x.lo, hi = (double)x.hi;
    if (!(lo == hi) || lo == 0)
        return false;
    *out = lo;
    return true;
}

/* Closest points (ref/ivl_closest.c): of the segment p0 p1 and of the
 * triangle a b c to x, as q3_closest_segment() and q3_closest_triangle();
 * false when the exact construction's branch is not certain.  *end: the
 * input point y exactly is (an end, a vertex), or NULL. */
bool ivl_closest_segment(const double *x, const double *p0, const double *p1, const double **end, ivl3 *y, ivl *d2);
bool ivl_closest_triangle(const double *x, const double *a, const double *b, const double *c, const double **end,
                          ivl3 *y, ivl *d2);

/* ivl_round(), and also an exact zero: x = [0, 0] gives +0 (as q_to_double()
 * gives for a rational 0, whatever the sign of the zeros of x). */
static inline bool ivl_round0(ivl x, double *out)
{
    if (x.lo == 0 && x.hi == 0) {
        *out = 0;
        return true;
    }
    return ivl_round(x, out);
}

#endif
