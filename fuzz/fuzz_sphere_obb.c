/* fuzz/fuzz_sphere_obb.c: differential harness for sphere_obb. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(sphere_obb)
