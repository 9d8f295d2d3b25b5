/* fuzz/fuzz_sphere_aabb.c: differential harness for sphere_aabb. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(sphere_aabb)
