/* fuzz/fuzz_ray_aabb.c: differential harness for ray_aabb. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(ray_aabb)
