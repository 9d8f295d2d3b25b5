/* ref/vertex_face_ccd.c: exact vertex_face_ccd.
 *
 * The point p and the triangle abc, every vertex moving linearly from its
 * t = 0 to its t = 1 position: hit when p lies on the closed triangle at some
 * t in [0, 1], t the earliest such time, correctly rounded.  The method is in
 * ref_ccd.h; the derivation and its completeness proof in
 * docs/queries/vertex_face_ccd.md.
 */
#include "isect_ref.h"
#include "ref_ccd.h"

void ref_vertex_face_ccd_encl(const iv *in, iv *out) { ccd_encl(CCD_VERTEX_FACE, in, out); }

int ref_vertex_face_ccd(const double *in, double *out) { return ccd_ref(CCD_VERTEX_FACE, in, out); }

double ref_vertex_face_ccd_min_dist(const double *in, double t0, double t1, double stop)
{
    return ccd_min_dist(CCD_VERTEX_FACE, in, t0, t1, stop);
}
