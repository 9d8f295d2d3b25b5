/* fuzz/parse_casefile.c: the `.case` parser and formatter under libFuzzer
 * (not a differential harness: no target, no ref).
 *
 * Bytes in, parsed as a case file named "input".  Properties:
 * - an error names the file and, when it is about a line, a line of the
 *   input ("input:LINE: "), and shows no byte outside printable ASCII;
 * - a file that parses formats (isect fmt) without error, the formatted
 *   text parses back to the same cases (queries, lines, inputs, expect
 *   lines; NaN compares equal to NaN), and formatting it again changes
 *   nothing.
 * The same source replays a corpus under gcc (fuzz/replay.c). */
#include "fuzz.h"

#include "casefile.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const isect_fuzz_query = NULL; /* raw bytes for the replay driver */

/* The message names "input", then a line of the input or no line. */
static void check_message(const char *err, const uint8_t *data, size_t size)
{
    FUZZ_CHECK(!strncmp(err, "input:", 6), "an error message does not name the file");
    for (const char *p = err; *p; p++)
        FUZZ_CHECK(*p >= 0x20 && *p < 0x7f, "an error message shows a byte outside printable ASCII");
    if (err[6] == ' ') /* about the file: no case, too large, out of memory */
        return;
    char *end;
    long line = strtol(err + 6, &end, 10);
    size_t lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    FUZZ_CHECK(end > err + 6 && *end == ':' && line >= 1 && (size_t)line <= lines,
               "an error message names no line of the input");
}

static int same_value(double a, double b)
{
    return (isnan(a) && isnan(b)) || !memcmp(&a, &b, sizeof a);
}

/* The same cases: query, line, inputs and expect lines. */
static void check_same(const isect_casefile *a, const isect_casefile *b)
{
    FUZZ_CHECK(a->n == b->n, "fmt changed the number of cases");
    for (size_t i = 0; i < a->n; i++) {
        const isect_case *x = &a->cases[i], *y = &b->cases[i];
        const isect_query *q = x->query;
        FUZZ_CHECK(q == y->query && x->line == y->line, "fmt changed a case's query or line");
        for (int k = 0; k < isect_query_nin(q); k++)
            FUZZ_CHECK(same_value(x->in[k], y->in[k]), "fmt changed an input value");
        FUZZ_CHECK(x->expect_valid == y->expect_valid, "fmt changed 'expect valid'");
        for (int o = 0; o < q->noutputs; o++) {
            FUZZ_CHECK(x->expect[o] == y->expect[o], "fmt changed which outputs are expected");
            int at = isect_output_offset(q, o);
            for (int k = 0; x->expect[o] && k < q->outputs[o].arity; k++)
                FUZZ_CHECK(same_value(x->expect_value[at + k], y->expect_value[at + k]),
                           "fmt changed an expected value");
        }
    }
}

/* fmt of text into a malloc'd buffer; NULL if it fails. */
static char *format(const char *text, size_t len, size_t *out_len, char *err, size_t errlen)
{
    char *out = NULL;
    FILE *f = open_memstream(&out, out_len);
    FUZZ_CHECK(f != NULL, "open_memstream failed");
    int r = isect_casefile_format_text("input", text, len, f, err, errlen);
    fclose(f);
    if (r) {
        free(out);
        return NULL;
    }
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    isect_casefile a, b;
    char err[512];
    if (isect_casefile_parse("input", (const char *)data, size, &a, err, sizeof err)) {
        check_message(err, data, size);
        return 0;
    }
    size_t len1, len2;
    char *once = format((const char *)data, size, &len1, err, sizeof err);
    FUZZ_CHECK(once != NULL, "a file that parses does not format");
    FUZZ_CHECK(!isect_casefile_parse("input", once, len1, &b, err, sizeof err), "fmt's output does not parse");
    check_same(&a, &b);
    char *twice = format(once, len1, &len2, err, sizeof err);
    FUZZ_CHECK(twice && len1 == len2 && !memcmp(once, twice, len1), "fmt is not idempotent");
    free(once);
    free(twice);
    isect_casefile_free(&a);
    isect_casefile_free(&b);
    return 0;
}
