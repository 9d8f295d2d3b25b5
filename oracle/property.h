/* oracle/property.h: properties that judge a target on several related
 * inputs at once (docs/judge.md, "Properties").
 *
 * A property derives, from one input of a base query and a random word r,
 * a set of related inputs (of the same or other queries), runs the target on
 * each, and checks a relation between the answers: watertightness of a
 * mesh, symmetry of a query, consistency between queries, invariance under
 * exact transformations.  Soundness: the relation holds for ref's exact
 * answers (tests/test_properties.c), and a target is flagged only where
 *   - for an exact property (watertightness on exactly shared edges and
 *     vertices, which no rounding of the inputs can move), the relation
 *     fails on inputs that meet the property's margins;
 *   - otherwise, the relation fails and some answer involved is by itself a
 *     discrepancy or invalid (the judge's severity above the tolerance):
 *     a violation explained by the declared tolerance is only tolerated.
 */
#ifndef ISECT_PROPERTY_H
#define ISECT_PROPERTY_H

#include "judge.h"
#include "targets.h"

#include <stdint.h>

enum { PROP_MAX_INPUTS = 32, PROP_MAX_GROUPS = 48, PROP_MAX_GROUP = 8 };

/* The related inputs of one check. */
typedef struct {
    int n;
    const isect_query *q[PROP_MAX_INPUTS];
    double in[PROP_MAX_INPUTS][ISECT_MAX_IN];
    /* Exact properties: groups of inputs (same ray, triangles around one
     * exactly shared edge or vertex that the ray passes through). */
    int ngroups;
    bool group_vertex[PROP_MAX_GROUPS]; /* around a vertex (else an edge) */
    int group_n[PROP_MAX_GROUPS];
    int group[PROP_MAX_GROUPS][PROP_MAX_GROUP];
    /* parity: the inputs of direction k are [dir_at[k], dir_at[k] + dir_n) */
    int ndirs, dir_at[2], dir_n;
} isect_prop_set;

typedef enum { PROP_NA, PROP_HOLDS, PROP_TOLERATED, PROP_VIOLATED } isect_prop_status;

/* The answers of one target (or ref) on a set, and their judgements. */
typedef struct {
    int ref_status[PROP_MAX_INPUTS];
    double ref_out[PROP_MAX_INPUTS][ISECT_MAX_OUT];
    double out[PROP_MAX_INPUTS][ISECT_MAX_OUT];
    isect_judgement j[PROP_MAX_INPUTS];
    double tolerance;
} isect_prop_answers;

typedef struct {
    isect_prop_status status;
    double severity; /* ISECT_SEVERITY_MAX for an exact property */
    int index;       /* the input that shows it (-1: none) */
    char why[200];
} isect_prop_result;

typedef struct isect_property {
    const char *name;
    const char *summary;
    /* Base queries, NULL-terminated: the inputs it starts from. */
    const char *bases[24];
    /* Fills s from an input of base query q; r = 0 uses the input as given
     * where the property allows it (isect props on the corpus).  Returns 0
     * when the property does not apply to this input. */
    int (*derive)(const isect_query *q, const double *in, uint64_t r, isect_prop_set *s);
    /* Checks the answers; fills res (status HOLDS, TOLERATED or VIOLATED). */
    void (*check)(const isect_prop_set *s, const isect_prop_answers *a, isect_prop_result *res);
} isect_property;

extern const isect_property *const isect_properties[];
extern const size_t isect_properties_size;

const isect_property *isect_property_find(const char *name);
/* Does the property start from inputs of q? */
int isect_property_has_base(const isect_property *p, const isect_query *q);

/* Derives the set for (q, in, r) and checks target t on it (t NULL: ref's
 * own answers, which must always hold).  PROP_NA when the property does not
 * apply or t lacks a query of the set. */
isect_prop_result isect_property_check(const isect_property *p, const isect_target *t, const isect_query *q,
                                       const double *in, uint64_t r, isect_prop_set *s);

/* The word r the property harnesses use for an input: a hash of its
 * values, so that a reproducer written as text replays. */
uint64_t isect_property_word(const isect_query *q, const double *in);

/* The number of r values isect props tries per case (r = 0, 1, ..., then
 * isect_property_word). */
enum { PROP_CORPUS_TRIES = 8 };

const char *isect_prop_status_name(isect_prop_status s);

#endif
