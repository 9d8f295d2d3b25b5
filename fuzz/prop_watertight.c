/* fuzz/prop_watertight.c: property harness for watertight (fuzz/prop.h). */
#include "prop.h"

ISECT_PROP_HARNESS(watertight)
