/* fuzz/fuzz_sphere_sphere.c: differential harness for sphere_sphere. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(sphere_sphere)
