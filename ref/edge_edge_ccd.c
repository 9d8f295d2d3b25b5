/* ref/edge_edge_ccd.c: exact edge_edge_ccd.
 *
 * The segments ab and cd, every vertex moving linearly from its t = 0 to its
 * t = 1 position: hit when the closed segments share a point at some t in
 * [0, 1], t the earliest such time, correctly rounded.  The method is in
 * ref_ccd.h; the derivation and its completeness proof in
 * docs/queries/edge_edge_ccd.md.
 */
#include "isect_ref.h"
#include "ref_ccd.h"

void ref_edge_edge_ccd_encl(const iv *in, iv *out) { ccd_encl(CCD_EDGE_EDGE, in, out); }

int ref_edge_edge_ccd(const double *in, double *out) { return ccd_ref(CCD_EDGE_EDGE, in, out); }

double ref_edge_edge_ccd_min_dist(const double *in, double t0, double t1, double stop)
{
    return ccd_min_dist(CCD_EDGE_EDGE, in, t0, t1, stop);
}
