/* fuzz/fuzz_ray_cylinder.c: differential harness for ray_cylinder. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(ray_cylinder)
