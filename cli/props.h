/* cli/props.h: `isect props` (cli/props.c) and its hook for `isect check`. */
#ifndef ISECT_CLI_PROPS_H
#define ISECT_CLI_PROPS_H

#include "casefile.h"
#include "property.h"
#include "targets.h"

#include <stddef.h>

int cmd_props(int argc, char **argv);

/* One violation, in words: "property NAME violated (derivation N): why". */
enum { PROPS_MAX = 32 };
typedef struct {
    char property[48]; /* its name, or "*" when the checks crashed or hung */
    char text[320];
} prop_violation;

/* Checks every property that starts from k's query on target t (only: that
 * property, or all when NULL); prints each violation as path:line, copies
 * it to out[] (at most PROPS_MAX; out may be NULL) and returns their
 * number; adds the checks run to *nchecked (may be NULL).  A target that
 * guard_target isolates is checked in a child process (at most timeout
 * seconds): its crash or hang is one violation. */
int props_check_case(const char *path, const isect_case *k, const isect_target *t, const isect_property *only,
                     double timeout, size_t *nchecked, prop_violation *out);

#endif
