/* fuzz/fuzz_ray_plane.c: differential harness for ray_plane. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(ray_plane)
