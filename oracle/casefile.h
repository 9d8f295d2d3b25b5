/* oracle/casefile.h: the `.case` text format (docs/case-format.md).
 *
 *     # comment
 *     query ray_triangle
 *     origin 0x1p+0 1 0
 *     ...
 *     expect hit 1
 *
 * A case runs from its `query` line to the next one or the end of the file.
 * Every field of the query appears exactly once; values use C strtod syntax
 * and are rounded (once, correctly) to the query's binary format.  `expect`
 * lines name an output and give ref's exact answer (numbers as binary64);
 * `expect valid 0` states that ref rejects the input.
 * Every error names file:line; the reader never aborts the process.
 */
#ifndef ISECT_CASEFILE_H
#define ISECT_CASEFILE_H

#include "catalog.h"

#include <stdio.h>

typedef struct {
    const isect_query *query;
    int line;                        /* line of the `query` line */
    double in[ISECT_MAX_IN];
    int field_line[ISECT_MAX_FIELDS];
    bool expect[ISECT_MAX_OUT];      /* per output (not per slot) */
    double expect_value[ISECT_MAX_OUT]; /* per slot */
    int expect_line[ISECT_MAX_OUT];
    int expect_valid;                /* -1 not stated, 0 or 1 */
    int expect_valid_line;
} isect_case;

typedef struct {
    char *path;
    isect_case *cases;
    size_t n;
} isect_casefile;

/* Reads and validates path.  On error returns -1 and writes
 * "path:line: message" to err; returns 0 on success. */
int isect_casefile_read(const char *path, isect_casefile *cf, char *err, size_t errlen);
/* The same on text in memory (not NUL-terminated); name stands in for the
 * path in messages. */
int isect_casefile_parse(const char *name, const char *text, size_t len, isect_casefile *cf, char *err,
                         size_t errlen);
void isect_casefile_free(isect_casefile *cf);

/* Writes one case canonically: hex floats, the decimal in a comment.
 * `comment`, when not NULL, is written first as `# ` lines. */
void isect_case_write(FILE *f, const isect_case *c, const char *comment);

/* Canonical rewrite of a file already known to be valid: comment and blank
 * lines are kept, numbers become hex floats with their decimal.  Writes to f. */
int isect_casefile_format(const char *path, FILE *f, char *err, size_t errlen);

/* Formats one value as the format writes it ("0x1.8p+1", "-inf", "nan"). */
void isect_format_hex(char *buf, size_t len, double x);

#endif
