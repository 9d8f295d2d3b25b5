/* oracle/targets.h: implementations under test, and their registry.
 *
 * A target is a named table of functions with fast's signatures (isect.h),
 * one per query it supports, each with the accuracy it declares:
 *   ulps       numeric outputs within ulps * 2^-24 * scale of ref's agree;
 *   tolerance  the largest severity (docs/judge.md) the target admits: a
 *              disagreement explained by an input perturbation of at most
 *              tolerance * 2^-24 * S is tolerated, a larger one is a
 *              discrepancy;
 * and, optionally (ISECT_ENTRY_EX; zero means the default):
 *   outputs    the names of the outputs the function computes, separated by
 *              spaces ("hit t"); only those are judged and shown.  NULL:
 *              all of the query's outputs.  The hit flag is always computed.
 *   precision  ISECT_BINARY32 (default) or ISECT_BINARY64: the working
 *              precision of the implementation, and the unit of ulps and
 *              tolerance: 2^-24 or 2^-53.  Answers still travel as binary32
 *              (fast's result structs); a binary64 answer rounded to
 *              binary32 agrees when it is the rounding of a value within
 *              ulps * 2^-53 * scale of the exact one.
 *   refuse     NULL, or a predicate on the flat input (catalog order, as
 *              `isect list` prints the fields) returning NULL to accept it
 *              or a static reason to refuse it: a refused input is not run
 *              (isect_target_run) and its verdict is "refused", never a
 *              discrepancy.  For inputs the library cannot represent, or
 *              known to crash it (documented in the adapter).
 *   near       0, or > 0 for the one-sided (conservative) contract of a
 *              continuous collision query (ISECT_ENTRY_ONE_SIDED; the query
 *              must name min_dist, oracle/catalog.h): a missed collision is
 *              always a discrepancy, and so is a time of impact later than
 *              ref's by more than ulps; a reported collision (a hit where ref
 *              misses, or a t earlier than ref's) is tolerated when the
 *              shapes come within `near` units (of precision, times the
 *              positional scale S) of each other within ulps of the reported
 *              t, and a discrepancy when they certainly do not
 *              (docs/judge.md).
 *   exact      ISECT_EXACT_BOOLS: the entry claims exact booleans.  Every
 *              boolean or enum output (the hit flag, a side) must equal
 *              ref's exact answer: a mismatch is a discrepancy whatever its
 *              severity (docs/judge.md, "Exact booleans"); the numeric
 *              outputs are judged with ulps and tolerance as usual.  0:
 *              booleans are judged by severity like the numbers.
 *   miss       ISECT_MISS_ZERO: the entry keeps fast's result contract
 *              (isect.h, docs/semantics.md): on a miss every numeric output
 *              is zero, and on input outside ref's domain (REF_INVALID) the
 *              answer is a miss with every output zero (a plane query's side
 *              included).  A breach is an invalid verdict (docs/judge.md,
 *              "The result contract").  0: misses carry no claim and
 *              invalid input is not judged.  The default of every ISECT_ENTRY
 *              macro is ISECT_ENTRY_MISS, 0 unless the adapter file defines
 *              it before including this header (oracle/target_fast.c does).
 *
 * The registry.  `fast` (libisect) is built into the oracle.  Every other
 * target lives in an adapter file outside the oracle (the zoo in fuzz/zoo/,
 * a user's adapter) that ends with a table of the targets it defines:
 *
 *     ISECT_TARGETS(zoo_mt_eps, &mt_eps);            (in fuzz/zoo/mt_eps.c)
 *
 * The build generates the list of those tables (build/<set>/registry.c, from
 * the Makefile's ZOO_SRC and USER_TARGET), so the oracle names no adapter.
 * A user's adapter defines `ISECT_TARGETS(user, &a, &b, ...)` or, the older
 * single form, `const isect_target isect_user_target` (docs/targets.md).
 * This header is valid C and C++, so an adapter may be C++.
 */
#ifndef ISECT_TARGETS_H
#define ISECT_TARGETS_H

#include "isect.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*isect_any_fn)(void);

typedef enum { ISECT_BINARY32 = 0, ISECT_BINARY64 = 1 } isect_precision;

/* isect_target_entry.exact: what the entry claims exact (0: nothing). */
enum { ISECT_EXACT_BOOLS = 1 };

/* isect_target_entry.miss: what the entry promises about misses (0: nothing). */
enum { ISECT_MISS_ZERO = 1 };
#ifndef ISECT_ENTRY_MISS
#define ISECT_ENTRY_MISS 0
#endif

typedef struct {
    const char *query;
    isect_any_fn fn;
    double ulps;
    double tolerance;
    const char *outputs;         /* NULL: all */
    isect_precision precision;   /* unit of ulps and tolerance */
    const char *(*refuse)(const double *in); /* NULL: accepts every input */
    double near;                 /* > 0: the one-sided contract, its distance */
    int exact;                   /* 0 or ISECT_EXACT_BOOLS */
    int miss;                    /* 0 or ISECT_MISS_ZERO */
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
    { #q, (isect_any_fn)(1 ? (f) : (isect_##q##_fn *)0), (ulps_), (tol_), NULL, ISECT_BINARY32, NULL, 0, 0, ISECT_ENTRY_MISS }
/* The same with the optional fields: outputs (a string or NULL), precision
 * (ISECT_BINARY32 or ISECT_BINARY64) and refuse (a predicate or NULL). */
#define ISECT_ENTRY_EX(q, f, ulps_, tol_, outputs_, precision_, refuse_) \
    { #q, (isect_any_fn)(1 ? (f) : (isect_##q##_fn *)0), (ulps_), (tol_), (outputs_), (precision_), (refuse_), 0, 0, ISECT_ENTRY_MISS }
/* A conservative entry of a continuous collision query: the one-sided
 * contract with the distance near (units of precision times S); ulps bounds
 * how much later than ref's its time of impact may be, tolerance applies
 * to nothing else. */
#define ISECT_ENTRY_ONE_SIDED(q, f, ulps_, tol_, precision_, near_) \
    { #q, (isect_any_fn)(1 ? (f) : (isect_##q##_fn *)0), (ulps_), (tol_), NULL, (precision_), NULL, (near_), 0, ISECT_ENTRY_MISS }
/* ISECT_ENTRY with exact booleans (ISECT_EXACT_BOOLS): a boolean or enum
 * output that differs from ref's is a discrepancy, whatever its severity. */
#define ISECT_ENTRY_EXACT(q, f, ulps_, tol_) \
    { #q, (isect_any_fn)(1 ? (f) : (isect_##q##_fn *)0), (ulps_), (tol_), NULL, ISECT_BINARY32, NULL, 0, ISECT_EXACT_BOOLS, ISECT_ENTRY_MISS }
#define ISECT_ENTRIES_END { NULL, NULL, 0, 0, NULL, ISECT_BINARY32, NULL, 0, 0, 0 }

/* The table of the targets an adapter file defines, NULL-terminated, under
 * the name isect_targets_<stem> that the generated registry expects (the
 * zoo's stem is zoo_<file name>, a user adapter's is user). */
#ifdef __cplusplus
#define ISECT_TARGETS(stem, ...)                                       \
    extern "C" const isect_target *const isect_targets_##stem[];        \
    extern "C" const isect_target *const isect_targets_##stem[] = {__VA_ARGS__, NULL}
#else
#define ISECT_TARGETS(stem, ...) \
    const isect_target *const isect_targets_##stem[] = {__VA_ARGS__, NULL}
#endif

/* The adapters' tables in registry order (isect_target_ntables of them; a
 * NULL table is skipped): defined by the generated registry.c, never by
 * hand. */
extern const isect_target *const *const isect_target_tables[];
extern const size_t isect_target_ntables;

/* Every target: fast first, then the adapters' tables in order.  Aborts with
 * a message when two targets share a name (a build mistake). */
size_t isect_target_count(void);
const isect_target *isect_target_at(size_t i);

const isect_target *isect_target_find(const char *name);

const isect_target_entry *isect_target_entry_for(const isect_target *t, const char *query);

#ifdef __cplusplus
}
#endif

#endif
