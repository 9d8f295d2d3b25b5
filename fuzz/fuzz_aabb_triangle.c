/* fuzz/fuzz_aabb_triangle.c: differential harness for aabb_triangle. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(aabb_triangle)
