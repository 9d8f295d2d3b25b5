/* oracle/input.h: a query's input as bytes, the way the fuzzers store it
 * (libFuzzer's corpora and crash artifacts): the scalar inputs in catalog
 * order, each as the raw little-endian bytes of the query's format (4 for
 * binary32, 8 for binary64), or the text of a `.case` file. */
#ifndef ISECT_INPUT_H
#define ISECT_INPUT_H

#include "catalog.h"

#include <stddef.h>
#include <stdint.h>

/* Bytes of the binary encoding. */
size_t isect_input_size(const isect_query *q);
/* Decodes data into in[] (binary, or the first case of q in .case text);
 * returns 0, or -1 if it is neither. */
int isect_input_decode(const isect_query *q, const uint8_t *data, size_t size, double *in);
/* Encodes in[] in binary (isect_input_size(q) bytes). */
void isect_input_encode(const isect_query *q, const double *in, uint8_t *data);

#endif
