/* fuzz/fuzz_aabb_sweep_aabb.c: differential harness for aabb_sweep_aabb. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(aabb_sweep_aabb)
