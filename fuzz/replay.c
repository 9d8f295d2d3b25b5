/* fuzz/replay.c: a main() for the harnesses when built without libFuzzer
 * (gcc): runs LLVMFuzzerTestOneInput on every file given, directories walked
 * recursively (oracle/files.h).  Files may be `.case` text or raw inputs. */
#include "fuzz.h"

#include "casefile.h"
#include "files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path, void *ctx)
{
    size_t *count = ctx, len = 0;
    uint8_t *buf = (uint8_t *)isect_read_all(path, &len);
    if (!buf) {
        perror(path);
        return 1;
    }
    /* A .case file may hold several cases: each case of the harness's query
     * runs on its own (the harness itself decodes only the first). */
    isect_casefile cf;
    char err[512];
    /* the parser's harness (no query) takes every file as raw bytes */
    const isect_query *q = isect_fuzz_query ? isect_query_find(isect_fuzz_query) : NULL;
    int text = q && len > 0 && memchr(buf, 0, len) == NULL &&
               !isect_casefile_parse(path, (const char *)buf, len, &cf, err, sizeof err);
    if (text) {
        uint8_t bytes[ISECT_MAX_IN * 8];
        for (size_t i = 0; i < cf.n; i++)
            if (cf.cases[i].query == q) {
                isect_fuzz_encode(q, cf.cases[i].in, bytes);
                LLVMFuzzerTestOneInput(bytes, isect_fuzz_size(q));
                (*count)++;
            }
        isect_casefile_free(&cf);
    } else {
        LLVMFuzzerTestOneInput(buf, len);
        (*count)++;
    }
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help")) {
        fprintf(argc < 2 ? stderr : stdout,
                "usage: %s FILE|DIR...\nReplays inputs (.case text or raw bytes) through the %s harness.\n",
                argv[0], isect_fuzz_query ? isect_fuzz_query : "parser");
        return argc < 2 ? 2 : 0;
    }
    size_t count = 0;
    int errors = 0;
    for (int i = 1; i < argc; i++)
        errors += isect_walk_cases(argv[i], ISECT_WALK_ALL, run_file, &count);
    printf("replay %s: %zu inputs, no finding\n", isect_fuzz_query ? isect_fuzz_query : "parser", count);
    return errors ? 2 : 0;
}
