/* oracle/json.h: the one JSON writer of the suite (isect eval --json, the
 * report's findings.json).
 *
 * Strings: '"' and '\\' escaped by a backslash, newline as \n, the other
 * control characters and DEL as \u00XX; every other byte (UTF-8 included)
 * as is.  Numbers: 17 significant digits (they read back exactly), ".0"
 * appended to an integral value so that it reads as a number of type
 * double; non-finite ones as the strings "inf", "-inf", "nan".
 */
#ifndef ISECT_JSON_H
#define ISECT_JSON_H

#include "catalog.h"

#include <stdio.h>

void isect_json_string(FILE *f, const char *s);
void isect_json_number(FILE *f, double x);
/* [v0, v1, ...] */
void isect_json_array(FILE *f, const double *v, int n);
/* A field or output of that arity: a number (arity 1) or an array. */
void isect_json_value(FILE *f, const double *v, int arity);
/* The query's outputs as members `"name": value` (booleans as true/false,
 * enums as integers, reals as numbers; arity > 1 as an array), each
 * preceded by ", " except the first, which is preceded by lead. */
void isect_json_outputs(FILE *f, const isect_query *q, const double *out, const char *lead);

#endif
