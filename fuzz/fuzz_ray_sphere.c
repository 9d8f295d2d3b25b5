/* fuzz/fuzz_ray_sphere.c: differential harness for ray_sphere. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(ray_sphere)
