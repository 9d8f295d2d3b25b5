/* fuzz/fuzz_sphere_plane.c: differential harness for sphere_plane. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(sphere_plane)
