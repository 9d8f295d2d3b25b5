/* fast/fast_ccd.h: what vertex_face_ccd and edge_edge_ccd share (private to
 * libisect; fast/ccd_common.c).
 *
 * Both are conservative time subdivisions: [0, 1] is bisected, earliest half
 * first, and a sub-interval T is dropped only when a test with
 * outward-rounded intervals proves that no t in T is a contact.  The first
 * sub-interval of width 2^-FCCD_DEPTH that survives (or the one being
 * examined when the work budget runs out) is reported as a hit at its start.
 * Every contact time survives every test, so there is no false negative and
 * the reported t is never later than the exact one. */
#ifndef ISECT_FAST_CCD_H
#define ISECT_FAST_CCD_H

#include "isect.h"

#include <stdbool.h>

enum { FCCD_DEPTH = 30, FCCD_BUDGET = 40000 };

typedef enum { FCCD_VERTEX_FACE, FCCD_EDGE_EDGE } fccd_kind;

bool fccd_query(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, isect_ccd_result *out);

#endif
