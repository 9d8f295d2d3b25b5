/* oracle/catalog.h: the query catalog, the one table that the command line,
 * the judge, the fuzzers, the tests and the docs read.
 *
 * A query is described by its input fields and its outputs.  Values travel as
 * flat arrays of doubles in catalog order (a field of arity 3 takes three
 * slots); binary32 queries hold binary32 values in those doubles.
 *
 * Adding a query: write ref/NAME.c (ref_NAME, ref_NAME_encl), fast/NAME.c
 * (isect_NAME), its row oracle/q_NAME.c with Q(NAME) in queries.def, its entry
 * in the targets that support it (fast's in target_fast.c), its corpus/NAME/
 * folder and docs/queries/NAME.md.  docs/adding.md has the checklist.
 */
#ifndef ISECT_CATALOG_H
#define ISECT_CATALOG_H

#include "isect_ref.h"

#include <stdbool.h>
#include <stddef.h>

enum { ISECT_MAX_IN = 32, ISECT_MAX_OUT = 16, ISECT_MAX_FIELDS = 12 };

/* The last slot of a target's flat outputs (as isect_target_run writes
 * them; never one of the query's outputs): nonzero when the run function
 * saw the target's result struct contradict its return value (out->hit, or
 * a plane query's side, against the returned bool): ISECT_BREACH always a
 * breach, ISECT_BREACH_IF_VALID one on input ref accepts (a plane query's
 * false with side 0, its answer to invalid input), ISECT_BREACH_HIT_IF_INVALID
 * one on input ref rejects for an entry that declares ISECT_MISS_ZERO (a
 * plane query's true with side 0: a hit, where such an entry must answer a
 * miss; its side alone cannot show it).  A run function reports
 * it with isect_run_breach(); the judge makes it an invalid verdict
 * (docs/judge.md, "The result contract"). */
enum { ISECT_SLOT_BREACH = ISECT_MAX_OUT - 1 };
enum { ISECT_BREACH = 1, ISECT_BREACH_IF_VALID = 2, ISECT_BREACH_HIT_IF_INVALID = 3 };
void isect_run_breach(int breach);

typedef enum { FMT_F32, FMT_F64 } isect_format;

/* Unit class of an input field.  The judge measures input perturbations per
 * class, relative to the largest magnitude in the class (docs/judge.md):
 * positions and lengths share one scale, directions (and normals) have
 * their own since their length is arbitrary, and a ray's tmax (in units of
 * dir) has its own. */
typedef enum { UNIT_POS, UNIT_DIR, UNIT_PARAM, UNIT_COUNT } isect_unit;

typedef struct {
    const char *name;
    int arity;
    isect_unit unit;
    /* For an arity-3 UNIT_POS field: true when it is a displacement or a
     * triple of lengths (a sweep's velocity, a box's half extents), not a
     * point.  The fuzzers' mutator then edits it as a vector (aim it between
     * points, zero or equalise components, make it non-negative) instead of
     * snapping it onto points. */
    bool vector;
} isect_field;

/* OUT_BOOL: 0 or 1 (the first one is the query's hit flag); OUT_ENUM: a small
 * integer code (e.g. a side: -1 back, 0 straddling, 1 front), compared
 * exactly like a boolean; OUT_REAL: a number compared within ulps. */
typedef enum { OUT_BOOL, OUT_REAL, OUT_ENUM } isect_outkind;

/* How a numeric output is compared for agreement: relative to its own
 * magnitude, or with an absolute floor of 1 (barycentrics), or with the
 * positional scale of the input as floor (points). */
typedef enum { SCALE_REL, SCALE_ONE, SCALE_POS } isect_outscale;

typedef struct {
    const char *name;
    int arity;
    isect_outkind kind;
    isect_outscale scale;
} isect_output;

struct isect_target;

/* What ref returns (the values of ref/isect_ref.h's REF_OK and REF_INVALID,
 * for code that judges without including ref): the input is valid, or
 * outside ref's domain (docs/semantics.md). */
enum { ISECT_REF_OK = 0, ISECT_REF_INVALID = 1 };

typedef struct isect_query {
    const char *name;
    const char *summary;
    isect_format format;
    int nfields;
    isect_field fields[ISECT_MAX_FIELDS];
    int noutputs;
    isect_output outputs[ISECT_MAX_OUT];
    /* Exact reference and its certified enclosure (ref/isect_ref.h). */
    int (*ref)(const double *in, double *out);
    void (*encl)(const isect_iv *in, isect_iv *out);
    /* Run a target's function for this query (a pointer of the query's typed
     * signature, stored as isect_any_fn) on flat inputs; write flat outputs. */
    void (*run)(void (*fn)(void), const double *in, double *out);
    /* Extra contract check on a target's output, beyond "no NaN on a hit":
     * returns NULL or a description of the breach.  May be NULL. */
    const char *(*contract)(const double *in, const double *out);
    /* Query-specific structure-aware mutation for the fuzzers (fuzz/mutator.c
     * does the generic ones): edit in (values of the query's format) using
     * the random word r; return 0 if it did nothing.  May be NULL. */
    int (*mutate)(double *in, unsigned long long r);
    /* The feature of the exact answer that decides it, for reports and the
     * deduplication of findings ("face", "edge", "vertex", "miss", ...): a
     * static string.  May be NULL (then "hit" or "miss"). */
    const char *(*feature)(const double *in, const double *ref_out);
    /* For a query whose hit set has no interior (point_in_triangle: a point
     * of a triangle is in its plane), its degenerate set D: on_set tells,
     * exactly, whether in lies on D; set_encl encloses the exact outputs at
     * the points of a box that lie on D.  The judge then measures severity
     * over perturbations that stay on D (docs/judge.md).  Both NULL for
     * queries whose hit set is full-dimensional. */
    int (*on_set)(const double *in);
    void (*set_encl)(const isect_iv *in, isect_iv *out);
    /* For a query whose answer is a contact of two moving shapes over t in
     * [0, 1] (the CCD queries): a certified lower bound of the least
     * distance between the shapes over t in [t0, t1] at the input in,
     * refined until it exceeds stop when it does.  The judge's one-sided
     * contract (a target entry's `near`, docs/judge.md) needs it; NULL
     * elsewhere. */
    double (*min_dist)(const double *in, double t0, double t1, double stop);
} isect_query;

extern const isect_query *const isect_catalog[];
extern const size_t isect_catalog_size;

const isect_query *isect_query_find(const char *name);
int isect_query_nin(const isect_query *q);   /* scalar inputs */
int isect_query_nout(const isect_query *q);  /* scalar outputs */
int isect_query_hit_index(const isect_query *q); /* slot of the first boolean output, or -1 */
/* First slot of input field / output i. */
int isect_field_offset(const isect_query *q, int field);
int isect_output_offset(const isect_query *q, int output);
/* Index of the output that holds scalar slot `slot`, or -1. */
int isect_output_of_slot(const isect_query *q, int slot);
/* Its name, or "none". */
const char *isect_slot_name(const isect_query *q, int slot);
const char *isect_unit_name(isect_unit u);
const char *isect_format_name(isect_format f);
/* The unit of the judge for the query's format: 2^-24 for binary32 inputs,
 * 2^-53 for binary64 (docs/judge.md). */
double isect_format_unit(const isect_query *q);

#endif
