/* fuzz/fuzz_triangle_triangle.c: differential harness for triangle_triangle. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(triangle_triangle)
