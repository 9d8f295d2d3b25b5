/* oracle/targets.h: implementations under test.
 *
 * A target is a named table of functions with fast's signatures (isect.h),
 * one per query it supports, each with the accuracy it declares:
 *   ulps       numeric outputs within ulps * 2^-24 * scale of ref's agree;
 *   tolerance  the largest severity (docs/judge.md) the target admits: a
 *              disagreement explained by an input perturbation of at most
 *              tolerance * 2^-24 * S is tolerated, a larger one is a
 *              discrepancy.
 *
 * Built in: `fast` (libisect) and the zoo (fuzz/zoo/, historic algorithms with
 * known bugs, kept to prove that the fuzzers catch them).  A user's adapter
 * is one C file defining `const isect_target isect_user_target`, built in with
 * `make USER_TARGET=path/to/adapter.c` (docs/targets.md).
 */
#ifndef ISECT_TARGETS_H
#define ISECT_TARGETS_H

#include "isect.h"

#include <stddef.h>

typedef void (*isect_any_fn)(void);

typedef struct {
    const char *query;
    isect_any_fn fn;
    double ulps;
    double tolerance;
} isect_target_entry;

typedef struct isect_target {
    const char *name;
    const char *summary;
    const isect_target_entry *entries; /* ends with an entry whose query is NULL */
    /* 1 for a zoo entry kept as a control of the judge's soundness: its bugs
     * sit on exact boundaries only, so every one of its disagreements must be
     * tolerated and a campaign must find nothing in it. */
    int control;
} isect_target;

/* An entry whose function is type-checked against the query's signature. */
#define ISECT_ENTRY(q, f, ulps_, tol_) \
    { #q, (isect_any_fn)(1 ? (f) : (isect_##q##_fn *)0), (ulps_), (tol_) }
#define ISECT_ENTRIES_END { NULL, NULL, 0, 0 }

extern const isect_target *const isect_targets[];
extern const size_t isect_targets_size;

const isect_target *isect_target_find(const char *name);
const isect_target_entry *isect_target_entry_for(const isect_target *t, const char *query);

#endif
