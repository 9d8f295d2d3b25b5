/* fuzz/fuzz_sphere_sweep_plane.c: differential harness for sphere_sweep_plane. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(sphere_sweep_plane)
