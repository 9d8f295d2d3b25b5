/* fuzz/prop_invariance.c: property harness for invariance (fuzz/prop.h). */
#include "prop.h"

ISECT_PROP_HARNESS(invariance)
