/* fuzz/prop_sweep_static.c: property harness for sweep_static (fuzz/prop.h). */
#include "prop.h"

ISECT_PROP_HARNESS(sweep_static)
