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
 * Every error names file:line (bytes of the input outside printable ASCII
 * quoted as \xNN); the reader never aborts the process.
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

/* Streams a file: reads path once (a regular file of at most 64 MiB) and
 * hands each case to fn as soon as it is read and complete (index: its
 * place in the file), so that memory holds the text and one case.  fn
 * returns 0 to go on, nonzero to stop; fn may be NULL (the file is only
 * checked).  Returns 0; -1 on an error, message in err (fn has seen the
 * cases before it); or fn's nonzero value. */
typedef int (*isect_case_fn)(void *user, const isect_case *k, size_t index);
int isect_casefile_each(const char *path, isect_case_fn fn, void *user, char *err, size_t errlen);

/* Writes one case canonically: hex floats, the decimal in a comment.
 * `comment`, when not NULL, is written first as `# ` lines. */
void isect_case_write(FILE *f, const isect_case *c, const char *comment);

/* Canonical rewrite of a file: read once, checked, then formatted from the
 * text that was checked (comment and blank lines kept, numbers as hex
 * floats with their decimal), written to f.  Returns 0, or -1 (message in
 * err, nothing written) when it does not parse. */
int isect_casefile_format(const char *path, FILE *f, char *err, size_t errlen);
/* The same on text in memory; name stands in for the path in messages. */
int isect_casefile_format_text(const char *name, const char *text, size_t len, FILE *f, char *err, size_t errlen);

/* Formats one value as the format writes it ("0x1.8p+1", "-inf", "nan"). */
void isect_format_hex(char *buf, size_t len, double x);

#endif
