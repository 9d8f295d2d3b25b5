/* fuzz/fuzz_ray_obb.c: differential harness for ray_obb. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(ray_obb)
