/* fuzz/fuzz_point_in_triangle.c: differential harness for point_in_triangle. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(point_in_triangle)
