/* fuzz/fuzz_obb_obb.c: differential harness for obb_obb. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(obb_obb)
