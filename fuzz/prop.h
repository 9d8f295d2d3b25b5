/* fuzz/prop.h: property harnesses (fuzz/prop_NAME.c), one per property of
 * oracle/property.h, for libFuzzer and the replay driver like the query
 * harnesses (fuzz.h: the same environment variables).
 *
 * An input is one byte choosing the property's base query (modulo their
 * number) followed by that query's input as in fuzz.h, or the text of a
 * `.case` file (its first case of a base query).  The derivation word r is
 * a hash of the input values, so a reproducer replays as text.  A violation
 * is written as a `.case` of the base input whose header names the verdict
 * `property` and the property (`# isect-finding: ... verdict=property
 * property=NAME ...`), to ISECT_FINDINGS (default findings/prop_NAME).
 */
#ifndef ISECT_FUZZ_PROP_H
#define ISECT_FUZZ_PROP_H

#include "fuzz.h"
#include "property.h"

int isect_prop_fuzz_one(const isect_property *p, const uint8_t *data, size_t size);
size_t isect_prop_fuzz_mutate(const isect_property *p, uint8_t *data, size_t size, size_t max, unsigned seed);

#define ISECT_PROP_HARNESS(name)                                                                   \
    static const isect_property *harness_property(void)                                           \
    {                                                                                             \
        static const isect_property *p;                                                           \
        if (!p)                                                                                   \
            p = isect_property_find(#name);                                                       \
        return p;                                                                                 \
    }                                                                                             \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);                                 \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)                                  \
    {                                                                                             \
        return isect_prop_fuzz_one(harness_property(), data, size);                               \
    }                                                                                             \
    size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max, unsigned seed);        \
    size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max, unsigned seed)         \
    {                                                                                             \
        return isect_prop_fuzz_mutate(harness_property(), data, size, max, seed);                 \
    }

#endif
