/* fuzz/fuzz_vertex_face_ccd.c: differential harness for vertex_face_ccd. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(vertex_face_ccd)
