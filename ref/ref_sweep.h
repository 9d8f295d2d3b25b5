/* ref/ref_sweep.h: the features of the sweep queries, shared by
 * ref/sphere_sweep_{point,segment,triangle,plane}.c (private to libisect_ref;
 * the exact half is ref/sphere_sweep_exact.c, the interval half
 * ref/sphere_sweep_encl.c).
 *
 * A sphere of radius r whose centre moves from c to c + v over t in [0, 1]
 * first touches a closed convex set X at
 *     t* = 0                      if dist(c, X) <= r,
 *     t* = min { t in (0, 1] : dist(c + t v, X) = r }   otherwise.
 * dist(c + t v, X) is convex in t, so the touching times form an interval.
 * With X a point, a segment or a triangle, t* is the smallest valid candidate
 * among its features (Fauerby 2003; the argument is in
 * docs/queries/sphere_sweep_triangle.md):
 *   vertex p:  |w + t v|^2 = r^2                        (w = c - p)
 *   edge p0p1: dist(c + t v, line)^2 = r^2, valid when the foot of the
 *              perpendicular at that t lies on the closed segment;
 *   face:      dist(c + t v, plane)^2 = r^2, valid when the projection of
 *              the centre at that t lies in the closed triangle.
 * Each is a quadratic qa t^2 + 2 qb t + qc = 0 (qa, qb, qc rational) and the
 * candidate is its smaller root (-qb - sqrt(qb^2 - qa qc)) / qa, taken only
 * when qc > 0 (the feature is not touched at t = 0; if it were, so would X
 * be, or the feature cannot be the first contact), qa > 0, qb < 0 (the
 * sphere approaches it), the discriminant is >= 0 and the root is <= 1.
 * Every comparison is an exact sign (ref/algebraic.h).
 *
 * The interval half (sw_i*) mirrors the exact half with outward-rounded
 * intervals for the enclosures the judge uses: per feature "possible" (the
 * candidate is valid at some point of the box), "certain" (at every point)
 * and an interval holding its time and contact point wherever it is valid.
 */
#ifndef ISECT_REF_SWEEP_H
#define ISECT_REF_SWEEP_H

#include "algebraic.h"
#include "exact.h"
#include "interval.h"
#include "ivl.h"

#include <stdbool.h>

/* ---- exact --------------------------------------------------------------- */

typedef enum { SW_MISS, SW_START, SW_FACE, SW_EDGE, SW_VERTEX } sw_kind;

/* The moving sphere: centre c, displacement v, squared radius r2. */
typedef struct {
    q3 c, v;
    mpq_t r2;
} sw_ball;

void sw_ball_init(sw_ball *b, const double *center, const double *velocity, double radius);
void sw_ball_clear(sw_ball *b);

/* The first contact found so far: its kind, the feature's index, the time t
 * and the contact point p0 + t p1 (p1 = 0 for a vertex or a start overlap). */
typedef struct {
    sw_kind kind;
    int index;
    qsqrt t;
    q3 p0, p1;
} sw_contact;

void sw_contact_init(sw_contact *k); /* kind SW_MISS */
void sw_contact_clear(sw_contact *k);

/* Offer one feature's candidate: it replaces *best when it is valid and
 * strictly earlier than *best (or *best is a miss).  Call them only when the
 * sphere does not touch X at t = 0. */
void sw_vertex(sw_contact *best, const sw_ball *b, const q3 *p, int index);
void sw_edge(sw_contact *best, const sw_ball *b, const q3 *p0, const q3 *p1, int index);
/* The face of a triangle with a non-zero normal (a zero normal offers nothing). */
void sw_face(sw_contact *best, const sw_ball *b, const q3 *v0, const q3 *v1, const q3 *v2);
/* The whole plane through q with normal n != 0 (no contact point). */
void sw_plane(sw_contact *best, const sw_ball *b, const q3 *q, const q3 *n);

/* *k = contact at t = 0 at the point y. */
void sw_contact_start(sw_contact *k, const q3 *y);

/* The contact's t and (when point is not NULL) point, correctly rounded. */
void sw_contact_round(const sw_contact *k, double *t, double *point);

const char *sw_kind_name(sw_kind kind);

/* ---- interval enclosures ------------------------------------------------- */

typedef struct {
    iv3 c, v;
    iv r2;
} sw_iball;

sw_iball sw_iball_make(const iv *center, const iv *velocity, iv radius);

enum { SW_MAX_CAND = 8 };

typedef struct {
    bool possible, certain;
    iv t;
    iv3 p;
} sw_icand;

/* Everything known about a box: the start overlap and the candidates. */
typedef struct {
    bool start_possible, start_certain;
    iv3 start_p; /* the closest point at t = 0, where the start overlaps */
    int n;
    sw_icand cand[SW_MAX_CAND];
} sw_iacc;

void sw_iacc_init(sw_iacc *a);
void sw_ivertex(sw_iacc *a, const sw_iball *b, iv3 p);
void sw_iedge(sw_iacc *a, const sw_iball *b, iv3 p0, iv3 p1);
void sw_iface(sw_iacc *a, const sw_iball *b, iv3 v0, iv3 v1, iv3 v2);
void sw_iplane(sw_iacc *a, const sw_iball *b, iv3 q, iv3 n);

/* Start overlap of a point, a segment, a triangle, a plane. */
void sw_istart_point(sw_iacc *a, const sw_iball *b, iv3 p);
void sw_istart_segment(sw_iacc *a, const sw_iball *b, iv3 p0, iv3 p1);
void sw_istart_triangle(sw_iacc *a, const sw_iball *b, iv3 v0, iv3 v1, iv3 v2);
void sw_istart_plane(sw_iacc *a, const sw_iball *b, iv3 q, iv3 n);

/* The enclosures of hit, t and (point not NULL) the contact point. */
void sw_iacc_result(const sw_iacc *a, iv *hit, iv *t, iv3 *point);

/* For ref's filter, at a point box: the index (in the order the candidates
 * were added) of the candidate that is certainly the first contact (it is
 * certain, the start overlap is impossible, and every other candidate is
 * impossible or starts strictly after it ends), or -1. */
int sw_iacc_decisive(const sw_iacc *a);

/* ---- shared bodies of ref_sphere_sweep_*() -------------------------------- */

/* For a valid input in[0..n_in) and the zeroed answer out: the certified
 * filter at the point box (a certain miss leaves out as it is), then the
 * exact first contact: out[0] = hit, out[1] = t and, for the queries with a
 * contact point, out[2..4] = that point.  ref_stats counts as in exact.h. */

/* Point and plane: filter with the enclosure encl (a certain miss, or a
 * certain hit whose t tight rounds, exact.h's ref_filter_miss_or_tight);
 * solve gives the exact first contact. */
typedef void sw_solve_fn(const double *in, sw_contact *k);
void sw_ref_contact(const double *in, int n_in, double *out, ref_encl_fn *encl, ref_tight_fn *tight,
                    sw_solve_fn *solve);

/* For a tight(): on a certified hit of a ball (offset w = c - p from the
 * vertex, displacement v, radius r) against a point, *t = 0 when the start
 * overlaps (|w|^2 <= r^2), else the smaller root qc / (-qb + sqrt D),
 * qa = v.v, qb = w.v, qc = w.w - r^2, D = qb^2 - qa qc >= 0 (exactly, as the
 * hit is certain), correctly rounded; false when ivl.h cannot tell. */
static inline bool sw_tight_vertex(ivl3 w, ivl3 v, ivl r, double *t)
{
    ivl qc = ivl_sub(ivl3_dot(w, w), ivl_mul(r, r));
    if (qc.hi <= 0) {
        *t = 0;
        return true;
    }
    if (!(qc.lo > 0))
        return false;
    ivl qa = ivl3_dot(v, v), qb = ivl3_dot(w, v);
    ivl sD = ivl_sqrt(ivl_nonneg(ivl_sub(ivl_mul(qb, qb), ivl_mul(qa, qc))));
    return ivl_round(ivl_div(qc, ivl_sub(sD, qb)), t);
}

/* Segment and triangle, with a contact point: accumulate adds the start
 * overlap and the numbered candidates at a box; solve(in, k, -1) gives the
 * exact first contact and solve(in, k, only), only >= 0, computes that
 * candidate alone, which the filter uses when it is certainly first
 * (sw_iacc_decisive). */
typedef void sw_accumulate_fn(const iv *in, sw_iacc *a, sw_iball *b);
typedef void sw_solve_one_fn(const double *in, sw_contact *k, int only);
void sw_ref_contact_point(const double *in, int n_in, double *out, sw_accumulate_fn *accumulate,
                          sw_solve_one_fn *solve);
/* Their ref_sphere_sweep_*_encl(): hit, t and the contact point (the same
 * layout), from accumulate. */
void sw_ref_encl_point(const iv *in, iv *out, sw_accumulate_fn *accumulate);
/* Their ref_sphere_sweep_*_feature(): the kind of the exact first contact. */
const char *sw_ref_feature(const double *in, sw_solve_one_fn *solve);

#endif
