/* oracle/property_impl.h: what the property files share (property.h). */
#ifndef ISECT_PROPERTY_IMPL_H
#define ISECT_PROPERTY_IMPL_H

#include "property.h"

/* Appends an input of query `query`; returns its index or -1 when full. */
int prop_add(isect_prop_set *s, const char *query, const double *in);
/* The target's first output (hit, or side) of input i is non-zero. */
bool prop_hit(const isect_prop_answers *a, int i);
/* A relation between the answers of inputs [from, from + n): HOLDS when
 * holds; otherwise VIOLATED when one of those answers is by itself a
 * discrepancy or invalid, else TOLERATED (severity: the worst answer's). */
void prop_relation(bool holds, const isect_prop_set *s, const isect_prop_answers *a, int from, int n,
                   const char *what, isect_prop_result *res);

/* x is a finite binary32 value. */
bool prop_f32_exact(double x);
/* splitmix64's finaliser: the random words of the derivations. */
uint64_t prop_mix(uint64_t z);

extern const isect_property isect_prop_watertight, isect_prop_parity;

#endif
