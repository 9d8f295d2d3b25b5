/* fuzz/fuzz_edge_edge_ccd.c: differential harness for edge_edge_ccd. */
#include "fuzz.h"

ISECT_FUZZ_HARNESS(edge_edge_ccd)
