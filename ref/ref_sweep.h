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

/* For the tight functions: the smaller root qc / (-qb + sqrt D) of a
 * candidate known to be valid (qc > 0, qb < 0, D = qb^2 - qa qc >= 0
 * exactly), enclosed by ivl.h; D is passed in a form without cancellation
 * where one is known (Lagrange's identity, as sphere_sweep_encl.c). */
static inline ivl sw_ivl_root(ivl qb, ivl qc, ivl D) { return ivl_div(qc, ivl_sub(ivl_sqrt(ivl_nonneg(D)), qb)); }

/* A vertex p, w = c - p, squared radius r2: qa = v.v, qb = w.v,
 * qc = w.w - r2, D = r2 |v|^2 - |w x v|^2. */
static inline ivl sw_ivl_vertex(ivl3 w, ivl3 v, ivl r2)
{
    ivl3 x = ivl3_cross(w, v);
    ivl D = ivl_sub(ivl_mul(r2, ivl3_dot(v, v)), ivl3_dot(x, x));
    return sw_ivl_root(ivl3_dot(w, v), ivl_sub(ivl3_dot(w, w), r2), D);
}

/* For a tight() of point-like queries, on a certified hit of a ball (w, v,
 * radius r) against a point: *t = 0 when the start overlaps (|w|^2 <= r^2),
 * else the vertex's root, correctly rounded; false when ivl.h cannot tell. */
static inline bool sw_tight_vertex(ivl3 w, ivl3 v, ivl r, double *t)
{
    ivl r2 = ivl_mul(r, r), qc = ivl_sub(ivl3_dot(w, w), r2);
    if (qc.hi <= 0) {
        *t = 0;
        return true;
    }
    return qc.lo > 0 && ivl_round(sw_ivl_vertex(w, v, r2), t);
}

/* Segment and triangle, with a contact point: accumulate adds the start
 * overlap and the numbered candidates at a box; solve(in, k, -1) gives the
 * exact first contact and solve(in, k, only), only >= 0, computes that
 * candidate alone, which the filter uses when it is certainly first
 * (sw_iacc_decisive). */
typedef void sw_accumulate_fn(const iv *in, sw_iacc *a, sw_iball *b);
typedef void sw_solve_one_fn(const double *in, sw_contact *k, int only);
/* solve's only below -1 names a set: only = -2 - mask, bit i of mask for
 * candidate i, bit SW_MAX_CAND for the start overlap test; the filter
 * passes the ones it could not prove impossible at the point box (an
 * impossible candidate is never the earliest valid one, an impossible start
 * overlap is d2 > r2), so solve computes only those.  The set of only:
 * sw_solve_set(only). */
static inline unsigned sw_solve_set(int only)
{
    return only >= 0 ? 1u << only : only == -1 ? ~0u : (unsigned)(-2 - only);
}
/* tight(in, only, out), with ivl_ready(): candidate only (>= 0), certainly
 * first, or the start overlap (only = -1), certain, rounded by ivl.h into
 * out[1..4] (t, point); true when every one is correctly rounded, and then
 * no rational arithmetic runs. */
typedef bool sw_tight_one_fn(const double *in, int only, double *out);
void sw_ref_contact_point(const double *in, int n_in, double *out, sw_accumulate_fn *accumulate,
                          sw_tight_one_fn *tight, sw_solve_one_fn *solve);
/* The pieces of those tight functions (ref/sphere_sweep_tight.c), for a ball
 * (centre c, displacement v, radius r) and a candidate known to be valid
 * and first: out[1] = t, out[2..4] = the contact point. */
bool sw_tight_vertex_at(const double *c, const double *v, double r, const double *p, double *out);
bool sw_tight_edge_at(const double *c, const double *v, double r, const double *p0, const double *p1, double *out);
bool sw_tight_face_at(const double *c, const double *v, double r, const double *v0, const double *v1,
                      const double *v2, double *out);
bool sw_tight_start_segment(const double *c, const double *p0, const double *p1, double *out);
bool sw_tight_start_triangle(const double *c, const double *v0, const double *v1, const double *v2, double *out);
/* Their ref_sphere_sweep_*_encl(): hit, t and the contact point (the same
 * layout), from accumulate. */
void sw_ref_encl_point(const iv *in, iv *out, sw_accumulate_fn *accumulate);
/* Their ref_sphere_sweep_*_feature(): the kind of the exact first contact. */
const char *sw_ref_feature(const double *in, sw_solve_one_fn *solve);

#endif
