/* fuzz/fuzz_sphere_sweep_sphere.c: differential harness for sphere_sweep_sphere. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(sphere_sweep_sphere)
