/* fuzz/fuzz_sphere_sweep_point.c: differential harness for sphere_sweep_point. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(sphere_sweep_point)
