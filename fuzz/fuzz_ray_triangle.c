/* fuzz/fuzz_ray_triangle.c: differential harness for ray_triangle. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(ray_triangle)
