/* fuzz/prop_sphere_triangle_dist2.c: property harness for sphere_triangle_dist2 (fuzz/prop.h). */
#include "prop.h"

ISECT_PROP_HARNESS(sphere_triangle_dist2)
