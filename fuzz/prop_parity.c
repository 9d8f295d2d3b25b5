/* fuzz/prop_parity.c: property harness for parity (fuzz/prop.h). */
#include "prop.h"

ISECT_PROP_HARNESS(parity)
