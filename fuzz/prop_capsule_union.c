/* fuzz/prop_capsule_union.c: property harness for capsule_union (fuzz/prop.h). */
#include "prop.h"

ISECT_PROP_HARNESS(capsule_union)
