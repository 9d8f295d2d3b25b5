/* ref/interval.h: closed intervals of doubles with outward rounding.
 *
 * Every operation returns an interval that contains the exact result of the
 * operation applied to any points of its operands (the inclusion property).
 * Arithmetic runs in the default round-to-nearest mode; each computed endpoint
 * is then moved one double outward (nextafter's result, on the bit pattern).
 * Round-to-nearest errs by at most half an ulp (and by at most 2^-1075 in
 * the subnormal range), so the moved endpoint is on the safe side of the
 * exact one.  Overflow gives an infinite endpoint, which is still safe.  The
 * derivation is in docs/judge.md#interval-arithmetic.
 *
 * Private to libisect_ref (not installed); the judge sees isect_iv and the
 * three isect_iv_* functions of isect_ref.h.
 *
 * An interval with a NaN endpoint means "nothing is known"; iv_has_nan() tests
 * for it and every consumer treats it as the widest interval.
 */
#ifndef ISECT_REF_INTERVAL_H
#define ISECT_REF_INTERVAL_H

#include "isect_ref.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* The public isect_iv (isect_ref.h), under ref's short name. */
typedef isect_iv iv;

/* ---- the arithmetic core (inline: it is most of ref's filter time) ------ */

/* The next double up (dir = 1) or down (dir = -1) from x: nextafter(x,
 * +-inf) computed on the bit pattern, without a libm call.  For a finite
 * non-zero x the neighbour away from (towards) zero is the pattern plus
 * (minus) one, overflow to inf and the subnormals included; 0 of either sign
 * goes to +-2^-1074; NaN and the infinity in the direction of the move stay;
 * the other infinity goes to -+DBL_MAX, the pattern minus one.
 * tests/test_interval.c checks it against nextafter. */
static inline double iv_step(double x, int dir)
{
    if (x != x || x == dir * INFINITY)
        return x;
    if (x == 0)
        return dir * 0x1p-1074;
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    b += (x > 0) == (dir > 0) ? 1 : (uint64_t)-1;
    memcpy(&x, &b, sizeof x);
    return x;
}
static inline double iv_down(double x) { return iv_step(x, -1); }
static inline double iv_up(double x) { return iv_step(x, 1); }

static inline iv iv_point(double x) { return (iv){x, x}; } /* [x, x] exactly */
static inline iv iv_make(double lo, double hi) { return (iv){lo, hi}; }
static inline bool iv_has_nan(iv a) { return isnan(a.lo) || isnan(a.hi); }
static inline iv iv_nan(void) { return (iv){NAN, NAN}; }

static inline iv iv_add(iv a, iv b)
{
    iv r = {iv_down(a.lo + b.lo), iv_up(a.hi + b.hi)};
    /* inf + -inf inside an endpoint: nothing is known (the whole line). */
    if (iv_has_nan(r) && !iv_has_nan(a) && !iv_has_nan(b))
        return (iv){-INFINITY, INFINITY};
    return r;
}
static inline iv iv_neg(iv a) { return (iv){-a.hi, -a.lo}; }
static inline iv iv_sub(iv a, iv b) { return iv_add(a, iv_neg(b)); }

/* The lower (upper) endpoint of a product from the endpoints x, y that
 * attain it: 0 * inf counts as 0 (an infinite endpoint stands for unbounded
 * finite values, and 0 times any of them is 0), an exact 0 (a zero factor)
 * is not widened, every other product is moved one double outward (one that
 * is 0 only because it underflowed included). */
static inline double iv_mul_lo(double x, double y) { return x == 0 || y == 0 ? 0 : iv_down(x * y); }
static inline double iv_mul_hi(double x, double y) { return x == 0 || y == 0 ? 0 : iv_up(x * y); }

/* The product's extremes are among the four endpoint products; the signs of
 * the operands say which (a >= 0 means a.lo >= 0, a <= 0 means a.hi <= 0;
 * [0, 0] is both, and every case then gives [0, 0]).  Only when both
 * straddle 0 are two candidates compared.  The same endpoints as the min
 * and max of all four outward-moved products, never wider (the moves are
 * monotone), and tighter where an exact 0 ties with an underflowed product. */
static inline iv iv_mul(iv a, iv b)
{
    if (iv_has_nan(a) || iv_has_nan(b))
        return iv_nan();
    if (a.lo >= 0) {
        if (b.lo >= 0)
            return (iv){iv_mul_lo(a.lo, b.lo), iv_mul_hi(a.hi, b.hi)};
        if (b.hi <= 0)
            return (iv){iv_mul_lo(a.hi, b.lo), iv_mul_hi(a.lo, b.hi)};
        return (iv){iv_mul_lo(a.hi, b.lo), iv_mul_hi(a.hi, b.hi)};
    }
    if (a.hi <= 0) {
        if (b.lo >= 0)
            return (iv){iv_mul_lo(a.lo, b.hi), iv_mul_hi(a.hi, b.lo)};
        if (b.hi <= 0)
            return (iv){iv_mul_lo(a.hi, b.hi), iv_mul_hi(a.lo, b.lo)};
        return (iv){iv_mul_lo(a.lo, b.hi), iv_mul_hi(a.lo, b.lo)};
    }
    if (b.lo >= 0)
        return (iv){iv_mul_lo(a.lo, b.hi), iv_mul_hi(a.hi, b.hi)};
    if (b.hi <= 0)
        return (iv){iv_mul_lo(a.hi, b.lo), iv_mul_hi(a.lo, b.lo)};
    double l0 = iv_mul_lo(a.lo, b.hi), l1 = iv_mul_lo(a.hi, b.lo);
    double h0 = iv_mul_hi(a.lo, b.lo), h1 = iv_mul_hi(a.hi, b.hi);
    return (iv){l0 < l1 ? l0 : l1, h0 > h1 ? h0 : h1};
}

/* a^2: tighter than iv_mul(a, a) across zero. */
static inline iv iv_sqr(iv a)
{
    if (iv_has_nan(a))
        return a;
    double l = fabs(a.lo), h = fabs(a.hi);
    double mx = l > h ? l : h;
    double mn = (a.lo <= 0 && a.hi >= 0) ? 0 : (l < h ? l : h);
    return (iv){mn == 0 ? 0 : iv_down(mn * mn), mx == 0 ? 0 : iv_up(mx * mx)};
}

iv iv_div(iv a, iv b);            /* whole line if b contains 0 */
iv iv_sqrt(iv a);                 /* of the non-negative part; NaN interval if a < 0 */
iv iv_hull(iv a, iv b);
bool iv_contains(iv a, double x);

/* Certain signs: every point of a is >= 0 (resp. > 0, <= 0, < 0). */
static inline bool iv_nonneg(iv a) { return !iv_has_nan(a) && a.lo >= 0; }
static inline bool iv_pos(iv a) { return !iv_has_nan(a) && a.lo > 0; }
static inline bool iv_nonpos(iv a) { return !iv_has_nan(a) && a.hi <= 0; }
static inline bool iv_neg_strict(iv a) { return !iv_has_nan(a) && a.hi < 0; }

/* Enclosure of a boolean: [0,0] certainly false, [1,1] certainly true,
 * [0,1] either. */
static inline iv iv_bool(bool certain_true, bool certain_false)
{
    if (certain_true)
        return (iv){1, 1};
    if (certain_false)
        return (iv){0, 0};
    return (iv){0, 1};
}

/* ---- exact lattice operations (endpoints compared, not computed: no
 * rounding, so no widening) ------------------------------------------------- */

static inline iv iv_max(iv a, iv b)
{
    if (iv_has_nan(a) || iv_has_nan(b))
        return iv_nan();
    return (iv){a.lo > b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
}

static inline iv iv_min(iv a, iv b)
{
    if (iv_has_nan(a) || iv_has_nan(b))
        return iv_nan();
    return (iv){a.lo < b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
}

static inline iv iv_abs(iv a)
{
    if (iv_has_nan(a) || a.lo >= 0)
        return a;
    if (a.hi <= 0)
        return iv_neg(a);
    return (iv){0, -a.lo > a.hi ? -a.lo : a.hi};
}

/* Intersection of two enclosures of the same quantity (both sound, so the
 * intersection is); a NaN enclosure means "nothing known" and gives way to
 * the other.  May be empty (lo > hi). */
static inline iv iv_meet(iv a, iv b)
{
    if (iv_has_nan(a))
        return b;
    if (iv_has_nan(b))
        return a;
    return (iv){a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
}

/* ---- restrictions of a box to where a value is valid ---------------------- */

/* The part of a where a field that must be >= 0 (a radius, a half extent) is
 * valid.  If no point is valid any interval is sound; [0, 0] is returned. */
static inline iv iv_valid_nonneg(iv a)
{
    if (iv_has_nan(a))
        return a;
    return (iv){a.lo > 0 ? a.lo : 0, a.hi > 0 ? a.hi : 0};
}

/* Intersection of a with [lo, hi] (for a value known to lie there at every
 * point that matters, e.g. a clamped parameter); [lo, hi] when a is NaN or
 * disjoint from it (no point matters). */
static inline iv iv_clamp(iv a, double lo, double hi)
{
    if (iv_has_nan(a))
        return (iv){lo, hi};
    iv r = {a.lo > lo ? a.lo : lo, a.hi < hi ? a.hi : hi};
    if (r.lo > r.hi)
        r = (iv){lo, hi};
    return r;
}

/* The boolean enclosure of "g <= 0" over a box, g's enclosure given. */
static inline iv iv_le0(iv g) { return iv_bool(iv_nonpos(g), iv_pos(g)); }

/* ---- 3-vectors of intervals ---------------------------------------------- */

typedef struct {
    iv x, y, z;
} iv3;

/* The three intervals in[at], in[at + 1], in[at + 2] of a box. */
static inline iv3 iv3_load(const iv *in, int at) { return (iv3){in[at], in[at + 1], in[at + 2]}; }
static inline iv3 iv3_whole(void)
{
    iv w = {-INFINITY, INFINITY};
    return (iv3){w, w, w};
}

/* Out of line: iv3 is passed in memory, and clang 14's ASan reported a use
 * after scope on inlined calls of these (a temporary's byval copy elided),
 * in ref/sphere_obb.c; each inlines the scalar operations above. */
iv3 iv3_sub(iv3 a, iv3 b);
iv3 iv3_add(iv3 a, iv3 b);
iv3 iv3_cross(iv3 a, iv3 b);
iv iv3_dot(iv3 a, iv3 b);
iv3 iv3_scale(iv3 a, iv s);
iv3 iv3_axpy(iv3 a, iv s, iv3 b); /* a + s b */
iv iv3_norm2(iv3 a);              /* |a|^2 */
iv3 iv3_hull(iv3 a, iv3 b);

/* The closest point q of the segment x + u e, u in [0, 1], to p and the
 * squared distance d2, enclosed over a box: u = e.(p - x)/e.e clamped to
 * [0, 1] (all of [0, 1] where e may vanish), d2 = |p - x - u e|^2 with u's
 * interval, raised to the squared distance to the line |(p - x) x e|^2/e.e
 * where that is tighter. */
void iv3_closest_segment(iv3 *q, iv *d2, iv3 p, iv3 x, iv3 e);

/* Enclosures of the closest point q of the closed triangle a b c to p and of
 * d2 = |p - q|^2 over a box of p, a, b, c: for every point of the box, the
 * exact q and d2 of q3_closest_triangle (exact.h) lie in *q and *d2
 * (ref/closest_triangle_encl.c). */
void iv3_closest_triangle(iv3 *q, iv *d2, iv3 p, iv3 a, iv3 b, iv3 c);

/* ---- binary64 witnesses --------------------------------------------------- */

/* Enclosures are tightened by witnesses computed in plain binary64 at the
 * centre of the box; their accuracy affects tightness, never soundness. */

static inline double iv_mid(iv x) { return 0.5 * x.lo + 0.5 * x.hi; }
static inline double d3_dot(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static inline void d3_cross(double *r, const double *a, const double *b)
{
    r[0] = a[1] * b[2] - a[2] * b[1];
    r[1] = a[2] * b[0] - a[0] * b[2];
    r[2] = a[0] * b[1] - a[1] * b[0];
}
static inline double d_clamp01(double t) { return t > 0 ? (t < 1 ? t : 1) : 0; }
/* A parameter in [0, 1] rounded down to a multiple of 2^-52 (NaN to 0), so
 * that a sum of two of them is exact. */
static inline double d_grid52(double x) { return x > 0 ? (x >= 1 ? 1 : ldexp(floor(ldexp(x, 52)), -52)) : 0; }

#endif
