/* fuzz/fuzz_aabb_plane.c: differential harness for aabb_plane. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(aabb_plane)
