/* fast/vertex_face_ccd.c: conservative binary64 vertex-face continuous
 * collision; see fast_ccd.h and docs/queries/vertex_face_ccd.md. */
#include "fast_ccd.h"

bool isect_vertex_face_ccd(isect_ccd_frame t0, isect_ccd_frame t1, isect_vertex_face_ccd_result *out)
{
    return fccd_query(FCCD_VERTEX_FACE, &t0, &t1, out);
}
