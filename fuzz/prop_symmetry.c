/* fuzz/prop_symmetry.c: property harness for symmetry (fuzz/prop.h). */
#include "prop.h"

ISECT_PROP_HARNESS(symmetry)
