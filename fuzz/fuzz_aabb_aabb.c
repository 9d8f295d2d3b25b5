/* fuzz/fuzz_aabb_aabb.c: differential harness for aabb_aabb. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(aabb_aabb)
