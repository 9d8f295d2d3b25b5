/* fuzz/fuzz_sphere_sweep_triangle.c: differential harness for sphere_sweep_triangle. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(sphere_sweep_triangle)
