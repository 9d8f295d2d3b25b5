/* fuzz/fuzz_ray_capsule.c: differential harness for ray_capsule. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(ray_capsule)
