/* fuzz/fuzz_capsule_capsule.c: differential harness for capsule_capsule. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(capsule_capsule)
