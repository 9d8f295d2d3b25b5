/* fuzz/fuzz_sphere_triangle.c: differential harness for sphere_triangle. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(sphere_triangle)
