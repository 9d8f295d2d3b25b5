/* cli/props.h: `isect props` (cli/props.c) and its hook for `isect check`. */
#ifndef ISECT_CLI_PROPS_H
#define ISECT_CLI_PROPS_H

#include "casefile.h"
#include "property.h"
#include "targets.h"

#include <stddef.h>

int cmd_props(int argc, char **argv);
/* Checks every property that starts from k's query on target t (only: that
 * property, or all when NULL); prints each violation as path:line and
 * returns their number; adds the checks run to *nchecked (may be NULL). */
int props_check_case(const char *path, const isect_case *k, const isect_target *t, const isect_property *only,
                     size_t *nchecked);

#endif
