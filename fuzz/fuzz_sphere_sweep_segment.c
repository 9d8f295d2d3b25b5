/* fuzz/fuzz_sphere_sweep_segment.c: differential harness for sphere_sweep_segment. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(sphere_sweep_segment)
