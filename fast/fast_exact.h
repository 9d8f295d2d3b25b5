/* fast/fast_exact.h: error-free transformations and floating-point
 * expansions in binary64, plain C11, no libm.  Internal to libisect.
 *
 * Used where a binary64 rounding bound (fast/fast_bounds.h) cannot decide
 * a sign: sphere_obb's exact slab tests, and capsule_capsule's accurate
 * cross products.  Requires round-to-nearest binary64 arithmetic without
 * contraction (-ffp-contract=off: a fused c = C * a or a - b * c would break
 * every identity below) and no overflow (every use here stays below 2^530).
 *
 * - fx_split (Veltkamp): a = hi + lo exactly, hi and lo with at most 26
 *   significant bits each (Dekker 1971, for p = 53 and s = 27), so the
 *   product of two such halves has at most 52 bits and is exact in binary64
 *   (away from underflow).
 * - fx_two_prod (Dekker): a b = p + err exactly.
 * - fx_two_sum (Knuth): a + b = s + err exactly, in any binary format with
 *   round-to-nearest, whatever the magnitudes (gradual underflow included).
 * - Expansions (Shewchuk, "Adaptive precision floating-point arithmetic and
 *   fast robust geometric predicates", 1997): a value held exactly as the
 *   sum of doubles e[0..n-1], non-overlapping and increasing in magnitude,
 *   zeros removed (Grow-Expansion-Zeroelim).  Its sign is the sign of its
 *   largest (last) component; n == 0 is the value 0.
 *
 * Why nothing rounds (the exactness argument sphere_obb relies on):
 * 1. fx_two_sum: s = fl(a + b) and err = (a - (s - bv)) + (b - bv) with
 *    bv = fl(s - a) satisfy a + b = s + err exactly, every operation
 *    being exact except the first (Knuth, TAOCP 4.2.2, Theorem B; binary
 *    floating point, round to nearest, no overflow; subnormal results of
 *    additions are exact).
 * 2. fx_grow: each step replaces q + e[k] by s + err with fx_two_sum, so
 *    the sum of q and the components is invariant; dropping zero
 *    components changes nothing.  Shewchuk (1997, Theorem 10) shows the
 *    result is non-overlapping and increasing when the input is: the sign
 *    of the sum is the sign of the last component, whose magnitude exceeds
 *    the sum of all the others.
 * 3. fx_split with C = 2^27 + 1 (p = 53, s = 27): hi has at most 26
 *    significant bits and lo = a - hi (exact) at most 26 (Dekker 1971), for
 *    round to nearest and |a| < 2^995; so the product of two halves has at
 *    most 52 significant bits and is exact unless it underflows.
 * 4. fx_grow_prod4: f x and y z, products of two binary32 values, have at
 *    most 48 significant bits: exact.  The four products of their halves
 *    are exact by 3: the binary32 factors are multiples of 2^-149, so f x,
 *    y z and their halves are multiples of 2^-298 (rounding a multiple of
 *    2^-298 gives one, or is exact) and the partial products multiples of
 *    2^-596, far above binary64's 2^-1022 when not zero; all are below
 *    2^(4 * 128) = 2^512, and a sum of 76 of them below 2^519.
 * So an expansion built here holds its sum of products exactly, and its
 * sign is exact.
 */
#ifndef ISECT_FAST_EXACT_H
#define ISECT_FAST_EXACT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "isect.h"

static inline void fx_split(double a, double *hi, double *lo)
{
    double c = 134217729.0 * a; /* 2^27 + 1 */
    *hi = c - (c - a);
    *lo = a - *hi;
}

/* a b = p + *err exactly (magnitudes below 2^995, products not underflowing). */
static inline double fx_two_prod(double a, double b, double *err)
{
    double p = a * b, ah, al, bh, bl;
    fx_split(a, &ah, &al);
    fx_split(b, &bh, &bl);
    *err = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    return p;
}

/* The low 27 bits of d's binary64 significand field: 0 when d (normal or
 * 0, as every difference of binary32 values is) has at most 26 significant
 * bits, so that the product of two such values (at most 52 bits) is exact
 * unless it underflows (each user's range excludes that).  Users:
 * fast_tri_exact.h, triangle_triangle_exact.c, sphere_sphere.c,
 * ray_sphere.c. */
static inline uint64_t fx_low27(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u & ((UINT64_C(1) << 27) - 1);
}

static inline double fx_two_sum(double a, double b, double *err)
{
    double s = a + b, bv = s - a;
    *err = (a - (s - bv)) + (b - bv);
    return s;
}

/* The largest length of an expansion here: 18 products of four binary32
 * values (four components each), plus four to spare (sphere_obb's
 * Cramer signs use at most 72). */
enum { FX_MAX = 76 };

/* e[0..n-1] += b, exactly, in place (Grow-Expansion with zero elimination:
 * a non-overlapping expansion stays non-overlapping and increasing, so the
 * components e[k] are read before any e[j], j <= k, is written); returns
 * the new length, at most n + 1. */
static inline int fx_grow(double *e, int n, double b)
{
    int m = 0;
    double q = b;
    for (int k = 0; k < n; k++) {
        double err;
        q = fx_two_sum(q, e[k], &err);
        if (err != 0)
            e[m++] = err;
    }
    if (q != 0)
        e[m++] = q;
    return m;
}

/* e += f x y z exactly, for binary32 f, x, y, z; returns the new length
 * (at most n + 4).  A = f x and B = y z are exact in binary64 (48 bits);
 * fx_split cuts each into two halves of at most 26 bits, and the four
 * products of halves (at most 52 bits) are exact: the binary32 factors are
 * multiples of 2^-149, so A, B, their halves (fl of multiples of 2^-298,
 * rounded to a grid at least as coarse, or exact) and the products
 * (multiples of 2^-596, if not zero at least 2^-596 > 2^-1022) never
 * underflow, and |A|, |B| < 2^256 keep everything below 2^540. */
static inline int fx_grow_prod4(double *e, int n, float f, float x, float y, float z)
{
    double ah, al, bh, bl;
    fx_split((double)f * x, &ah, &al);
    fx_split((double)y * z, &bh, &bl);
    n = fx_grow(e, n, ah * bh);
    n = fx_grow(e, n, ah * bl);
    n = fx_grow(e, n, al * bh);
    return fx_grow(e, n, al * bl);
}

static inline int fx_sign(const double *e, int n) { return n == 0 ? 0 : e[n - 1] > 0 ? 1 : -1; }

/* The sign of e - (d[0] + ... + d[nd - 1]), exactly (e unchanged). */
static inline int fx_sign_minus(const double *e, int n, const double *d, int nd)
{
    double t[FX_MAX];
    memcpy(t, e, (size_t)n * sizeof *t);
    for (int i = 0; i < nd; i++)
        n = fx_grow(t, n, -d[i]);
    return fx_sign(t, n);
}

/* ---- exact polynomial values (issue 14: filtered exact overlap queries) ----
 * The exact paths of the static overlap and side queries evaluate a
 * polynomial of degree at most 6 in binary32 inputs (squared distances,
 * orientations, triple products) exactly.  A value is an fe: a
 * non-overlapping expansion (fx_grow keeps it so, Shewchuk 1997 Thm 10)
 * of at most FE_CAP components.  Exactness: every step is fx_two_sum,
 * fx_two_prod or fx_grow, which do not round (the argument at the top of
 * this file).  Range: a polynomial of degree d <= 6 in binary32 values is a
 * multiple of 2^(-149 d) >= 2^-894 and below 2^(128 d + 16) <= 2^784, so
 * every partial product of fx_two_prod's halves is a multiple of 2^-894
 * (never subnormal) and every split stays below 2^995: nothing under- or
 * overflows.
 *
 * Length.  fe_norm rewrites a value as s_1 + s_2 + ... with s_k the plainly
 * summed value of what is left (that sum errs by at most 4 n u of it for a
 * non-overlapping expansion of n <= 2^8 components, so s_k != 0 and each
 * remainder is below 2^-44 of the previous one); the quantum 2^-894 and the
 * bound 2^784 allow at most 1678/44 + 1 < 40 steps.  fe_norm regrows the
 * s_k into a non-overlapping expansion (at most as many components), so a
 * normalised value has fewer than 40 components.  Sums and products
 * normalise only results longer than FE_SHORT (short ones, the common case
 * of exactly representable boundary inputs, are kept as they are), so every
 * fe has at most 39 < FE_CAP components.  fe_add's accumulator then holds at
 * most 78, fe_mul's product by a one-component value (fx_scale) at most
 * 2 x 39 = 78, and its general product, normalised after any row of 2 x 39 products that
 * leaves it above FE_ACC - 2 FE_CAP, at most 104 + 78 < FE_ACC. */
enum { FE_CAP = 48, FE_SHORT = 16, FE_ACC = 4 * FE_CAP + 8 };

typedef struct {
    int n;
    double e[FE_CAP];
} fe;

/* The accumulator of fe_mul and fe_add: up to FE_ACC components. */
static inline int fe_norm_buf(double *e, int n)
{
    double s[FE_CAP];
    int k = 0;
    while (n > 0 && k < FE_CAP) {
        double q = 0;
        for (int i = 0; i < n; i++)
            q += e[i];
        s[k++] = q;
        n = fx_grow(e, n, -q);
    }
    for (int i = 0; i < k; i++)
        n = fx_grow(e, n, s[i]);
    return n;
}

/* Every operation writes its result through a pointer (the fe_*_to forms:
 * an fe is FE_CAP doubles, and a copy of the whole struct, as a returned
 * value assigned to an existing object costs, was most of the time of the
 * short exact paths); the by-value forms wrap them.  Each reads its
 * operands whole before it writes the result, so the result may be one of
 * them. */
static inline void fe_of_to(fe *r, double a) { r->n = fx_grow(r->e, 0, a); }

/* a - b exactly (two components at most). */
static inline void fe_diff_to(fe *r, double a, double b)
{
    r->n = fx_grow(r->e, 0, a);
    r->n = fx_grow(r->e, r->n, -b);
}

static inline void fe_add_to(fe *r, const fe *a, const fe *b, double sb /* +1 or -1 */)
{
    double acc[FE_ACC];
    int n = a->n;
    memcpy(acc, a->e, (size_t)n * sizeof *acc);
    for (int i = 0; i < b->n; i++)
        n = fx_grow(acc, n, sb * b->e[i]);
    r->n = n > FE_SHORT ? fe_norm_buf(acc, n) : n;
    memcpy(r->e, acc, (size_t)r->n * sizeof *acc);
}

/* h = e b exactly, for a non-overlapping increasing expansion e of n >= 1
 * components and a binary64 b (Shewchuk 1997, Scale-Expansion, with zero
 * elimination; his Theorem 19: the output is non-overlapping and
 * increasing, of at most 2n components).  Each e_i b is split exactly by
 * fx_two_prod into T + t; the running value Q absorbs t, then T, through
 * two fx_two_sum, each emitting its exact error below what is left.
 * Where Shewchuk uses Fast-Two-Sum for the second sum, fx_two_sum computes
 * the same pair (both are exact), without Fast-Two-Sum's ordering
 * condition.  Exact under fx_two_prod's conditions (no underflow, the
 * range argument of fe below). */
static inline int fx_scale(double *h, const double *e, int n, double b)
{
    int m = 0;
    double err, q = fx_two_prod(e[0], b, &err);
    if (err != 0)
        h[m++] = err;
    for (int i = 1; i < n; i++) {
        double t, big = fx_two_prod(e[i], b, &t);
        q = fx_two_sum(q, t, &err);
        if (err != 0)
            h[m++] = err;
        q = fx_two_sum(big, q, &err);
        if (err != 0)
            h[m++] = err;
    }
    if (q != 0)
        h[m++] = q;
    return m;
}

static inline void fe_mul_to(fe *r, const fe *a, const fe *b)
{
    double acc[FE_ACC];
    int n = 0;
    if (a->n == 1 || b->n == 1) { /* a value times one double: linear */
        const fe *x = a->n == 1 ? b : a;
        n = x->n ? fx_scale(acc, x->e, x->n, (a->n == 1 ? a : b)->e[0]) : 0;
    } else {
        for (int j = 0; j < b->n; j++) {
            for (int i = 0; i < a->n; i++) {
                double err, p = fx_two_prod(a->e[i], b->e[j], &err);
                n = fx_grow(acc, n, err);
                n = fx_grow(acc, n, p);
            }
            if (n > FE_ACC - 2 * FE_CAP)
                n = fe_norm_buf(acc, n);
        }
    }
    r->n = n > FE_SHORT ? fe_norm_buf(acc, n) : n;
    memcpy(r->e, acc, (size_t)r->n * sizeof *acc);
}

/* h = x.(y x z) exactly, for binary64 vectors whose entries are exact
 * differences of binary32 values or binary32 values (multiples of 2^-149
 * below 2^129): each y_j z_k by fx_two_prod, each cross component a
 * four-component expansion, scaled by x_i with fx_scale, the three summed
 * with fx_grow; nothing rounds (every partial product a multiple of 2^-447
 * below 2^400: the range argument of fx_num below).  Returns the length, at
 * most 24. */
static inline int fx_triple(double *h, const double *x, const double *y, const double *z)
{
    int na = 0;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3, n = 0;
        double c[4], t[8], e1, e2, p1 = fx_two_prod(y[j], z[k], &e1), p2 = fx_two_prod(y[k], z[j], &e2);
        n = fx_grow(c, n, e1);
        n = fx_grow(c, n, p1);
        n = fx_grow(c, n, -e2);
        n = fx_grow(c, n, -p2);
        int m = n ? fx_scale(t, c, n, x[i]) : 0;
        for (int l = 0; l < m; l++)
            na = fx_grow(h, na, t[l]);
    }
    return na;
}

static inline fe fe_of(double a)
{
    fe r;
    fe_of_to(&r, a);
    return r;
}

static inline fe fe_diff(double a, double b)
{
    fe r;
    fe_diff_to(&r, a, b);
    return r;
}

static inline fe fe_add(const fe *a, const fe *b, double sb)
{
    fe r;
    fe_add_to(&r, a, b, sb);
    return r;
}

static inline fe fe_mul(const fe *a, const fe *b)
{
    fe r;
    fe_mul_to(&r, a, b);
    return r;
}

static inline int fe_sign(const fe *a) { return fx_sign(a->e, a->n); }

/* r = x.y for three-component vectors of values, exactly. */
static inline void fe_dot3_to(fe *r, const fe *x, const fe *y)
{
    fe a, b, c, s;
    fe_mul_to(&a, &x[0], &y[0]);
    fe_mul_to(&b, &x[1], &y[1]);
    fe_mul_to(&c, &x[2], &y[2]);
    fe_add_to(&s, &a, &b, 1);
    fe_add_to(r, &s, &c, 1);
}

static inline fe fe_dot3(const fe *x, const fe *y)
{
    fe r;
    fe_dot3_to(&r, x, y);
    return r;
}

/* The exact differences a - b of binary32 vectors. */
static inline void fe_diff3(fe *r, isect_vec3 a, isect_vec3 b)
{
    fe_diff_to(&r[0], a.x, b.x);
    fe_diff_to(&r[1], a.y, b.y);
    fe_diff_to(&r[2], a.z, b.z);
}

/* x cross y, exactly. */
static inline void fe_cross3(fe *r, const fe *x, const fe *y)
{
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        fe p, q;
        fe_mul_to(&p, &x[j], &y[k]);
        fe_mul_to(&q, &x[k], &y[j]);
        fe_add_to(&r[i], &p, &q, -1);
    }
}

/* ---- expansions as values: polynomials of degree <= 4 in binary32 inputs --
 * (the rays' exact fallbacks: fast/ray_plane.c, ray_sphere.c, ray_aabb.c,
 * ray_triangle.c; docs/queries/ray_*.md "Exact hit").
 *
 * fx_num holds a value exactly as an expansion (as above) of at most
 * FX_NUM_MAX components.  Built from binary32 values with fx_num_of,
 * fx_num_add, fx_num_sub, fx_num_mul and fx_num_scale, it holds a
 * polynomial of degree <= 4 in them, exactly, with no overflow or
 * underflow for every finite binary32 input (no rescaling needed):
 * - every binary32 value is a multiple of 2^-149 below 2^128; a sum or a
 *   two_sum error of multiples of 2^-k is one, so every component of a
 *   polynomial of degree j is a multiple of 2^-149j and below 2^(128j + 8)
 *   (a few hundred terms);
 * - fx_num_mul multiplies two expansions of degree <= 2 (components
 *   multiples of 2^-298, below 2^264 < 2^995) and fx_num_scale an
 *   expansion of degree <= 3 by a binary32 value, component by component
 *   with fx_two_prod: the halves of fx_split are multiples of 2^-298
 *   (2^-447) too (argument 3 above) and the partial products multiples of
 *   2^-596 (2^-596), at least 2^-596 > 2^-1022 when not zero: Dekker's
 *   product is exact; all stay below 2^540;
 * so the sign (fx_num_sign) is exact.  The lengths: a product of expansions
 * of n and m components has at most 2 n m, a sum n + m; FX_NUM_MAX covers
 * the largest built by the rays (checked by fx_num_fit). */
enum { FX_NUM_MAX = 1024 };

typedef struct {
    int n;
    double e[FX_NUM_MAX];
} fx_num;

/* The value x (a binary64, e.g. a binary32 or the exact product of two). */
static inline void fx_num_of(fx_num *r, double x)
{
    r->n = 0;
    if (x != 0)
        r->e[r->n++] = x;
}

static inline int fx_num_sign(const fx_num *a) { return fx_sign(a->e, a->n); }

/* r = a, its n components only (an fx_num is FX_NUM_MAX doubles: a struct
 * assignment copies 8 KB). */
static inline void fx_num_copy(fx_num *r, const fx_num *a)
{
    r->n = a->n;
    memcpy(r->e, a->e, (size_t)a->n * sizeof *a->e);
}

/* r += x (a binary64); r += a; r -= a (r and a distinct). */
static inline void fx_num_grow(fx_num *r, double x) { r->n = fx_grow(r->e, r->n, x); }
static inline void fx_num_add(fx_num *r, const fx_num *a)
{
    for (int i = 0; i < a->n; i++)
        r->n = fx_grow(r->e, r->n, a->e[i]);
}
static inline void fx_num_sub(fx_num *r, const fx_num *a)
{
    for (int i = 0; i < a->n; i++)
        r->n = fx_grow(r->e, r->n, -a->e[i]);
}

/* r += a * b, for a binary64 b (r and a distinct). */
static inline void fx_num_add_scaled(fx_num *r, const fx_num *a, double b)
{
    for (int i = 0; i < a->n; i++) {
        double err, p = fx_two_prod(a->e[i], b, &err);
        r->n = fx_grow(r->e, r->n, err);
        r->n = fx_grow(r->e, r->n, p);
    }
}

/* r = a * b (r distinct from a and b). */
static inline void fx_num_mul(fx_num *r, const fx_num *a, const fx_num *b)
{
    r->n = 0;
    for (int j = 0; j < b->n; j++)
        fx_num_add_scaled(r, a, b->e[j]);
}

/* The sign of x - y for binary32 x and y, exactly; and x - y as a value. */
static inline void fx_num_diff(fx_num *r, float x, float y)
{
    double err, s = fx_two_sum(x, -(double)y, &err);
    r->n = 0;
    fx_num_grow(r, err);
    fx_num_grow(r, s);
}

/* ---- the exact sum of a few values, when nothing rounds (issue 14) --------
 * fx_sum4_exact: *s = (a + b) + (c + d), and true when each of the three
 * additions is exact (fx_two_sum's error is 0), so *s is the exact sum;
 * false otherwise (*s then means nothing).  fx_sum8_exact: the same for
 * eight values, (x0 + .. + x3) + (x4 + .. + x7).  Pass 0 for unused terms
 * (adding 0 is exact).  The cheap exact stage of sphere_sphere,
 * sphere_plane and aabb_plane: their terms are exact products of binary32
 * values or TwoProduct pairs, and on exactly constructed inputs (touching,
 * through a corner) the sums are exact; no bound is involved.  Finite
 * values (a NaN error counts as inexact).  Written out, no arrays: a
 * loop over a stack array costs store-forwarding stalls. */
static inline bool fx_sum4_exact(double a, double b, double c, double d, double *s)
{
    double e0, e1, e2, x = fx_two_sum(a, b, &e0), y = fx_two_sum(c, d, &e1);
    *s = fx_two_sum(x, y, &e2);
    return e0 == 0 && e1 == 0 && e2 == 0;
}

static inline bool fx_sum8_exact(double x0, double x1, double x2, double x3, double x4, double x5, double x6,
                                 double x7, double *s)
{
    double a, b, e;
    int ok = (int)fx_sum4_exact(x0, x1, x2, x3, &a) & (int)fx_sum4_exact(x4, x5, x6, x7, &b);
    *s = fx_two_sum(a, b, &e);
    return ok && e == 0;
}

/* The sign of (p1 + e1) - (p2 + e2) for TwoProduct pairs (p = fl(X),
 * e = X - p exactly): rounding is monotone, so p1 > p2 implies X1 > X2;
 * when p1 == p2, X1 - X2 = e1 - e2. */
static inline int fx_pair_cmp(double p1, double e1, double p2, double e2)
{
    return p1 != p2 ? (p1 > p2 ? 1 : -1) : (e1 > e2) - (e1 < e2);
}

#endif
