/* ref/ref_ccd.h: what the continuous collision queries vertex_face_ccd and
 * edge_edge_ccd share (private to libisect_ref; the exact half is
 * ref/ccd_exact.c, the interval half ref/ccd_encl.c).
 *
 * Input layout (binary64, the CCD benchmark's row order): four vertices at
 * t = 0, then the same four at t = 1, three coordinates each (24 values);
 * vertex k moves linearly from in[3k..3k+2] to in[12+3k..12+3k+2].  For
 * vertex_face_ccd the four are p a b c (the point and the triangle), for
 * edge_edge_ccd a b c d (the segments ab and cd).  Outputs: hit, t.
 *
 * The earliest contact time t* (docs/queries/vertex_face_ccd.md proves
 * each step):
 *   vertex-face: contact at t implies f(t) = det(a-p, b-p, c-p) = 0 (a
 *     cubic).  f not identically zero: t* is the first root of f in [0, 1]
 *     at which p lies on the closed triangle.  f identically zero (coplanar
 *     for all t): t* = 0 if p(0) is on the triangle, else the earliest
 *     point-segment contact of p with the three edges.
 *   edge-edge: the same with g(t) = det(b-a, c-a, d-a); in the coplanar
 *     case the earliest contact of one segment's endpoint with the other.
 *   point-segment p, ab: contact implies (p-a) x (b-a) = 0; a non-zero
 *     component (a quadratic) gives the candidates; all three zero
 *     (collinear for all t): t = 0 if p(0) on ab, else the earliest of the
 *     point-point contacts p = a, p = b (a linear system).
 * Every candidate is an exact real algebraic number (ref/ralg.h) and every
 * test at it an exact sign; t* is correctly rounded.
 */
#ifndef ISECT_REF_CCD_H
#define ISECT_REF_CCD_H

#include "exact.h"
#include "interval.h"

#include <stdbool.h>

enum { CCD_N_IN = 24, CCD_OUT_HIT = 0, CCD_OUT_T = 1, CCD_N_OUT = 2 };

typedef enum { CCD_VERTEX_FACE, CCD_EDGE_EDGE } ccd_kind;

/* Exact: hit and the earliest t (correctly rounded; 0 on a miss) of a
 * finite input. */
bool ccd_exact(ccd_kind kind, const double *in, double *t);

/* The double-double filter (ref/ccd_dd.c): true when it certifies the
 * exact answer, then out[CCD_OUT_HIT] and out[CCD_OUT_T] hold it (t
 * correctly rounded, 0 on a miss); false when the exact path must run. */
bool ccd_dd_decide(ccd_kind kind, const double *in, double *out);

/* ref_vertex_face_ccd and ref_edge_edge_ccd: validity, filter, exact path. */
int ccd_ref(ccd_kind kind, const double *in, double *out);

/* The enclosures: hit [0, 0] when a subdivision of [0, 1] proves that no
 * time can be a contact at any point of the box (bounding boxes of the
 * features apart, or the coplanarity determinant of constant sign);
 * otherwise hit [0, 1] and t in [t_lo, 1], t_lo the start of the first
 * sub-interval not excluded. */
void ccd_encl(ccd_kind kind, const iv *in, iv *out);

/* A certified lower bound of the least distance between the two features
 * over t in [t0, t1] (ref/ccd_dist.c): refined until it exceeds stop, or
 * a depth or budget limit. */
double ccd_min_dist(ccd_kind kind, const double *in, double t0, double t1, double stop);

#endif
