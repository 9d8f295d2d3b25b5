/* ref/degenerate.h: inputs on the lower-dimensional hit sets of queries whose
 * hit set has no interior (docs/judge.md, "Inputs on a degenerate set").
 *
 * For such a query the catalog row names two functions:
 *   int  ref_NAME_on_set(const double *in)   exact: 1 when in lies on the
 *        query's degenerate set D (e.g. p exactly in the plane of a
 *        non-degenerate triangle), else 0;
 *   void ref_NAME_set_encl(const iv *in, iv *out)   an enclosure of the exact
 *        outputs valid at every point of the box that lies on D (it may say
 *        anything about points of the box off D).
 * The judge measures severity over perturbations that stay on D when the
 * input is on D, with the second function in place of ref_NAME_encl.
 */
#ifndef ISECT_REF_DEGENERATE_H
#define ISECT_REF_DEGENERATE_H

#include "interval.h"

/* point_in_triangle: D = {p exactly in the plane of a triangle with
 * v1 - v0, v2 - v0 linearly independent}. */
int ref_point_in_triangle_on_set(const double *in);
void ref_point_in_triangle_set_encl(const iv *in, iv *out);

#endif
