/* oracle/q_ccd.h, .c: what the catalog rows vertex_face_ccd and
 * edge_edge_ccd share: the run adapter, the contract and the
 * structure-aware mutations.  Internal to the oracle.
 *
 * Both rows have 24 binary64 inputs: four vertices at t = 0, then the same
 * four at t = 1 (ref/ref_ccd.h). */
#ifndef ISECT_Q_CCD_H
#define ISECT_Q_CCD_H

#include "query_impl.h"

/* The four vertices at t = 0 (at = 0) or t = 1 (at = 12). */
isect_ccd_frame qccd_frame(const double *in, int at);
/* Runs fn (an isect_vertex_face_ccd_fn or isect_edge_edge_ccd_fn: the same
 * type) on in; writes hit, t. */
void qccd_run(isect_any_fn fn, const double *in, double *out);
const char *qccd_contract(const double *in, const double *out);
/* The degenerate motions the benchmark is made of, drawn with r: a vertex
 * that stops, vertices that meet exactly at t = 0 or t = 1, a vertex onto
 * an edge or the face at t = 0 or 1, every vertex in one plane for all t,
 * two edges parallel, a vertex just off such a contact by one ulp. */
int qccd_mutate(double *in, unsigned long long r);

#endif
