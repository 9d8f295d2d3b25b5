/* fuzz/prop_aabb_obb.c: property harness for aabb_obb (fuzz/prop.h). */
#include "prop.h"

ISECT_PROP_HARNESS(aabb_obb)
