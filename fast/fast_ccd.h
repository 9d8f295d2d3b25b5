/* fast/fast_ccd.h: what vertex_face_ccd and edge_edge_ccd share (private to
 * libisect; fast/ccd_common.c, fast/ccd_dist.c).
 *
 * Both are conservative time subdivisions: [0, 1] is bisected, earliest half
 * first, and a sub-interval T is dropped only when a test with
 * outward-rounded intervals proves that no t in T is a contact.  Every
 * contact time survives every test, so there is no false negative and the
 * reported t is never later than the exact one (everything before it was
 * dropped).  A hit is reported only where the shapes are certainly close:
 * at a leaf of width 2^-FCCD_DEPTH that survives (where the distance test
 * below makes them within a rounding error of each other), at a bracket of
 * a root where they are certainly within 2^-FCCD_TOUCH_LOG2 S of each other
 * (fast/ccd_common.c, touch), or, once the work budget FCCD_BUDGET is
 * spent, at the start of the first piece where a certified upper bound of
 * their distance is at most FCCD_NEAR_LOG2 binary orders below the inputs'
 * largest magnitude S (docs/queries/vertex_face_ccd.md, "fast").
 *
 * Interval arithmetic without a rounding-mode switch: each operation is done
 * in round-to-nearest and its endpoints are moved outward by
 * |x| 2^-50 + 2^-1060.  Round-to-nearest errs by at most |x| 2^-53 (plus
 * 2^-1075 below the normal range), and the move itself is rounded, so the
 * moved endpoint is on the safe side.  Overflow to inf stays safe; a NaN
 * endpoint makes every test fail, so nothing is dropped (no false
 * negative). */
#ifndef ISECT_FAST_CCD_H
#define ISECT_FAST_CCD_H

#include "fast_bounds.h"
#include "isect.h"

#include <math.h>
#include <stdbool.h>

/* FCCD_BUDGET: 2000 (was 4000; docs/queries/vertex_face_ccd.md, "fast",
 * the axis test and the budget).
 * FCCD_NEAR_LOG2: a budget-exhausted hit needs the shapes within
 * 2^-14 S of each other (the target entry declares 2^-13 S).
 * FCCD_HARD_BUDGET: the pieces allowed after FCCD_BUDGET, a safety net
 * that the distance test keeps out of reach (docs/queries/vertex_face_ccd.md). */
enum { FCCD_DEPTH = 30, FCCD_BUDGET = 2000, FCCD_HARD_BUDGET = 1 << 18, FCCD_NEAR_LOG2 = 14 };
/* FCCD_ISOLATE: the levels where a piece with several sign changes of the
 * coplanarity polynomial is split on the Bernstein tests alone;
 * FCCD_SIDE_EVERY: how often (in bisection steps) the side polynomials are
 * tested while a root is narrowed (fast/ccd_common.c, narrow). */
enum { FCCD_ISOLATE = 8, FCCD_SIDE_EVERY = 4 };
/* FCCD_NEWTON: at most this many Newton steps place the bracket of narrow
 * and entry before the bisection is tried (fast/ccd_common.c,
 * fccd_root_estimate). */
enum { FCCD_NEWTON = 8 };
/* FCCD_TOUCH_LOG2: a bracket of a root where the side polynomials are
 * uncertain is reported when the shapes are certainly within
 * 2^-FCCD_TOUCH_LOG2 S of each other at the root's estimate (and none of
 * them is certainly negative there: fast/ccd_common.c, touch). */
enum { FCCD_TOUCH_LOG2 = 40 };

typedef enum { FCCD_VERTEX_FACE, FCCD_EDGE_EDGE } fccd_kind;

bool fccd_query(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, isect_ccd_result *out);

typedef struct {
    double lo, hi;
} fiv;

typedef struct {
    fiv x[3];
} fiv3;

/* FCCD_INLINE: the interval operations inlined into their callers (a hint
 * to gcc and clang, whose heuristics left the vector ones as calls that
 * pass 48-byte structs on the stack; plain C11 without it).  Not in an
 * unoptimised build (make coverage's -O0), where forced copies would each
 * count their branches. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__)
#define FCCD_INLINE inline __attribute__((always_inline))
#else
#define FCCD_INLINE inline
#endif

/* Coordinate i (0, 1, 2) of v. */
static inline double fccd_comp(const isect_dvec3 *v, int i) { return i == 0 ? v->x : i == 1 ? v->y : v->z; }

static inline double down(double x) { return x - (fabs(x) * 0x1p-50 + 0x1p-1060); }
static inline double up(double x) { return x + (fabs(x) * 0x1p-50 + 0x1p-1060); }

static inline fiv fiv_add(fiv a, fiv b) { return (fiv){down(a.lo + b.lo), up(a.hi + b.hi)}; }
static inline fiv fiv_sub(fiv a, fiv b) { return (fiv){down(a.lo - b.hi), up(a.hi - b.lo)}; }

static FCCD_INLINE fiv fiv_mul(fiv a, fiv b)
{
    /* the least and the largest of the four products (selects, no
     * branches on the data); a NaN product makes both ends NaN */
    double p0 = a.lo * b.lo, p1 = a.lo * b.hi, p2 = a.hi * b.lo, p3 = a.hi * b.hi;
    double l01 = p0 < p1 ? p0 : p1, l23 = p2 < p3 ? p2 : p3, h01 = p0 > p1 ? p0 : p1, h23 = p2 > p3 ? p2 : p3;
    double lo = l01 < l23 ? l01 : l23, hi = h01 > h23 ? h01 : h23;
    if (p0 != p0 || p1 != p1 || p2 != p2 || p3 != p3)
        lo = hi = NAN;
    return (fiv){down(lo), up(hi)};
}

/* a t for every t in [ta, tb], 0 <= ta <= tb: the product of a with a
 * non-negative interval takes two of fiv_mul's four products, chosen by
 * a's signs (rounding is monotone, so they are the least and the largest);
 * a NaN product (from an endpoint that overflowed, or 0 inf) makes both
 * ends NaN, as in fiv_mul. */
static FCCD_INLINE fiv fiv_mul_nonneg(fiv a, double ta, double tb)
{
    double lo, hi;
    if (a.lo >= 0)
        lo = a.lo * ta, hi = a.hi * tb;
    else if (a.hi <= 0)
        lo = a.lo * tb, hi = a.hi * ta;
    else
        lo = a.lo * tb, hi = a.hi * tb;
    if (lo != lo || hi != hi)
        lo = hi = NAN;
    return (fiv){down(lo), up(hi)};
}

static FCCD_INLINE fiv3 fiv3_sub(fiv3 a, fiv3 b)
{
    return (fiv3){{fiv_sub(a.x[0], b.x[0]), fiv_sub(a.x[1], b.x[1]), fiv_sub(a.x[2], b.x[2])}};
}

static FCCD_INLINE fiv3 fiv3_cross(fiv3 a, fiv3 b)
{
    fiv3 r;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        r.x[i] = fiv_sub(fiv_mul(a.x[j], b.x[k]), fiv_mul(a.x[k], b.x[j]));
    }
    return r;
}

static FCCD_INLINE fiv fiv3_dot(fiv3 a, fiv3 b)
{
    return fiv_add(fiv_add(fiv_mul(a.x[0], b.x[0]), fiv_mul(a.x[1], b.x[1])), fiv_mul(a.x[2], b.x[2]));
}

/* The hull of two intervals; a NaN endpoint stays NaN (it must not be
 * dropped: it stands for a bound lost to overflow, e.g. 0 * inf). */
static inline fiv fiv_join(fiv a, fiv b)
{
    return (fiv){a.lo < b.lo || a.lo != a.lo ? a.lo : b.lo, a.hi > b.hi || a.hi != a.hi ? a.hi : b.hi};
}

static inline bool fiv_neg(fiv a) { return a.hi < 0; }
static inline bool fiv_nonzero(fiv a) { return a.lo > 0 || a.hi < 0; }

static inline double fiv_sqrt_dn(double x) { return x > 0 ? fmax(down(sqrt(x)), 0) : 0; }
static inline double fiv_sqrt_up(double x) { return x > 0 ? up(sqrt(x)) : x == x ? 0 : INFINITY; }

/* The polynomials a contact satisfies, in Bernstein form on one time piece
 * with interval coefficients (fast/ccd_bern.c): polynomial 0 (degree 3, the
 * coplanarity determinant) vanishes at a contact, the others (degree 4,
 * side functions) are >= 0 there. */
typedef struct {
    fiv c[5][5];
    int deg[5];
    int count;
} fccd_bern;

/* The same polynomials in powers of t (interval coefficients, computed once). */
typedef fccd_bern fccd_power;

/* fccd_bern_init returns true when the coplanarity polynomial alone
 * excludes [0, 1] (its Bernstein coefficients all of one strict sign: no
 * contact); then only it was computed (count 1), on the binary64 path.
 * S: the inputs' largest magnitude (fast/ccd_bern.c: within [2^-100,
 * 2^100] the coefficients come from binary64 arithmetic with the a-priori
 * bound FB_CCD_POLY, FB_CCD_POLY_ABS of fast_bounds.h; else from interval
 * arithmetic). */
bool fccd_bern_init(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, fccd_bern *B, fccd_power *P,
                    double S);
bool fccd_bern_excluded(const fccd_bern *B);
void fccd_bern_split(const fccd_bern *B, fccd_bern *lo, fccd_bern *hi);
/* The Bernstein coefficients of P on [ta, tb] (0 <= ta < tb <= 1). */
void fccd_bern_piece(const fccd_power *P, double ta, double tb, fccd_bern *B);
/* Polynomials k0 .. k1 - 1 of it only (the others of B left as they are;
 * B->count = k1). */
void fccd_bern_piece_part(const fccd_power *P, double ta, double tb, fccd_bern *B, int k0, int k1);
/* An interval holding polynomial k of P at every t in [ta, tb] (0 <= ta <= tb). */
fiv fccd_power_eval(const fccd_power *P, int k, double ta, double tb);
/* The sign of polynomial k of P at the time t: 1 or -1 when certain, else 0. */
static inline int fccd_power_sign(const fccd_power *P, int k, double t)
{
    fiv v = fccd_power_eval(P, k, t, t);
    return v.lo > 0 ? 1 : v.hi < 0 ? -1 : 0;
}

/* An estimate of the root in [ta, tb] of polynomial k of P (sign sa before
 * it, -sa after): Newton's steps in plain binary64 on the middles of its
 * coefficients, kept inside the bracket (fast/ccd_bern.c); no bound, it
 * only places brackets and guides choices that a certificate then backs. */
double fccd_root_estimate(const fccd_power *P, int k, double ta, double tb, int sa);

/* A bracket [*la, *lb] of width at most 2^-30 in [ta, tb] around the root
 * of polynomial k of P, which is known to have one simple root there, with
 * the strict sign sa before it and -sa after it (so at ta and tb): the ends
 * of a bracket placed by Newton's steps, certified by the signs there
 * (fast/ccd_bern.c); false when they are not certain. */
bool fccd_newton_bracket(const fccd_power *P, int k, double ta, double tb, int sa, double *la, double *lb);

/* Enclosures of the vertices (fast/ccd_motion.c): vertex k at every time
 * of [ta, tb] (0 <= ta <= tb <= 1), and vertex k minus vertex base (one
 * time when ta == tb). */
fiv3 fccd_vertex_at(const isect_ccd_frame *t0, const isect_ccd_frame *t1, int k, double ta, double tb);
fiv3 fccd_relative_at(const isect_ccd_frame *t0, const isect_ccd_frame *t1, int k, int base, double ta, double tb);
/* The boxes of the two shapes over [ta, tb] apart, in absolute coordinates
 * or relative to the base vertex (the first of the box tests below). */
bool fccd_boxes_apart(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, double ta, double tb);
/* An upper bound of |dD/dt|, D the distance of the shapes. */
double fccd_lipschitz(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1);

/* The box tests on enclosures of the vertices over a time piece
 * (fast/ccd_dist.c): true when no time of the piece can be a contact, the
 * point v[0] and the triangle v[1] v[2] v[3] (vertex-face), the segments
 * v[0] v[1] and v[2] v[3] (edge-edge). */
bool fccd_vf_excluded(const fiv3 *v);
bool fccd_ee_excluded(const fiv3 *v);

/* Certified bounds of the distance between the shapes, from enclosures of
 * their vertices at one time (fast/ccd_dist.c): the point v[0] and the
 * triangle v[1] v[2] v[3], or the segments v[0] v[1] and v[2] v[3].  The
 * lower bound is returned; the upper one goes to *hi. */
double fccd_vf_dist(const fiv3 *v, double *hi);
double fccd_ee_dist(const fiv3 *v, double *hi);
/* A certified upper bound of the same distance, cheaper than theirs: one
 * pair of points certainly on the shapes (closest by a plain binary64
 * estimate), their distance rounded up. */
double fccd_close_hi(fccd_kind kind, const fiv3 *v);
/* A direction from shape P's (the point; the segment v[0] v[1]) closest
 * point to shape Q's at time t, in plain binary64 (no bound: any vector is
 * sound where it is used); false when it is not finite and nonzero. */
bool fccd_axis(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, double t, double *n);

/* The search effort of one query, for tests (tests/test_vertex_face_ccd_effort.c;
 * docs/queries/vertex_face_ccd.md, "fast", the search effort): pieces, the
 * calls of the search on a time piece (what FCCD_BUDGET counts; narrow's
 * bisection steps are not pieces); distance, whether a distance test (the
 * costly box and distance tests' last stage) ran.  fccd_query_effort runs
 * fccd_query's search and gives its answer. */
typedef struct {
    int pieces;
    bool distance;
} fccd_effort;
bool fccd_query_effort(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, isect_ccd_result *out,
                       fccd_effort *effort);

#endif
