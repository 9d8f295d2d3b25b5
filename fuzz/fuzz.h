/* fuzz/fuzz.h: the differential fuzzing layer shared by every harness.
 *
 * An input is the query's scalar inputs in catalog order, each as the raw
 * little-endian bytes of its format (4 for binary32, 8 for binary64), or the
 * text of a `.case` file (so corpus/ folders seed libFuzzer directly and the
 * replay driver reads them); oracle/input.h decodes it, for the campaign's
 * crash artifacts too.  Findings are written as oracle/finding.h says.
 *
 * Environment:
 *   ISECT_TARGET    the target judged against ref (default: fast, or the
 *                   ISECT_DEFAULT_TARGET the harness was compiled with)
 *   ISECT_FINDINGS  folder for `.case` reproducers (default: findings/QUERY)
 *   ISECT_CONTINUE  1: keep fuzzing after a finding (one file per distinct
 *                   signature, the most severe kept); otherwise abort on the
 *                   first discrepancy or invalid answer, after printing the
 *                   whole reproducer on stderr between "==isect==" lines (the
 *                   engines keep that log with the crash).
 */
#ifndef ISECT_FUZZ_H
#define ISECT_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "catalog.h"

/* Assertion that stays on under NDEBUG. */
#define FUZZ_CHECK(cond, msg)                                                     \
    do {                                                                          \
        if (!(cond))                                                              \
            isect_fuzz_fail(__FILE__, __LINE__, (msg));                           \
    } while (0)
void isect_fuzz_fail(const char *file, int line, const char *msg);

/* Decodes data into in[] (binary or .case text); returns 0 on success. */
int isect_fuzz_decode(const isect_query *q, const uint8_t *data, size_t size, double *in);
void isect_fuzz_encode(const isect_query *q, const double *in, uint8_t *data);
size_t isect_fuzz_size(const isect_query *q);

/* One differential execution: ref vs the selected target, judged. */
int isect_fuzz_one(const isect_query *q, const uint8_t *data, size_t size);

size_t isect_fuzz_mutate(const isect_query *q, uint8_t *data, size_t size, size_t max, unsigned seed);
/* The input offsets of the fields the mutator treats as points (arity-3
 * positions that are not vectors: isect_field.vector); returns their count. */
int isect_fuzz_point_fields(const isect_query *q, int *offsets);
size_t isect_fuzz_crossover(const isect_query *q, const uint8_t *d1, size_t s1, const uint8_t *d2, size_t s2,
                            uint8_t *out, size_t max, unsigned seed);

/* Each harness fuzz/fuzz_QUERY.c defines its query with ISECT_FUZZ_HARNESS. */
extern const char *const isect_fuzz_query;

#define ISECT_FUZZ_HARNESS(name)                                                                   \
    const char *const isect_fuzz_query = #name;                                                   \
    static const isect_query *harness_query(void)                                                 \
    {                                                                                             \
        static const isect_query *q;                                                              \
        if (!q)                                                                                   \
            q = isect_query_find(#name);                                                          \
        return q;                                                                                 \
    }                                                                                             \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);                                 \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)                                  \
    {                                                                                             \
        return isect_fuzz_one(harness_query(), data, size);                                       \
    }                                                                                             \
    size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max, unsigned seed);        \
    size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max, unsigned seed)         \
    {                                                                                             \
        return isect_fuzz_mutate(harness_query(), data, size, max, seed);                         \
    }                                                                                             \
    size_t LLVMFuzzerCustomCrossOver(const uint8_t *d1, size_t s1, const uint8_t *d2, size_t s2,  \
                                     uint8_t *out, size_t max, unsigned seed);                    \
    size_t LLVMFuzzerCustomCrossOver(const uint8_t *d1, size_t s1, const uint8_t *d2, size_t s2,  \
                                     uint8_t *out, size_t max, unsigned seed)                     \
    {                                                                                             \
        return isect_fuzz_crossover(harness_query(), d1, s1, d2, s2, out, max, seed);             \
    }

#endif
