/* fuzz/replay.c: a main() for the harnesses when built without libFuzzer
 * (gcc): runs LLVMFuzzerTestOneInput on every file given, directories walked
 * recursively.  Files may be `.case` text or raw inputs. */
#include "fuzz.h"

#include "casefile.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path, size_t *count)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? 2 * cap : 4096;
            uint8_t *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                fprintf(stderr, "%s: out of memory\n", path);
                return 1;
            }
            buf = nb;
        }
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
    }
    fclose(f);
    /* A .case file may hold several cases: each case of the harness's query
     * runs on its own (the harness itself decodes only the first). */
    isect_casefile cf;
    char err[512];
    const isect_query *q = isect_query_find(isect_fuzz_query);
    int text = len > 0 && memchr(buf, 0, len) == NULL &&
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

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int run_path(const char *path, size_t *count)
{
    struct stat st;
    if (stat(path, &st)) {
        perror(path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return run_file(path, count);
    DIR *d = opendir(path);
    if (!d) {
        perror(path);
        return 1;
    }
    char **names = NULL;
    size_t n = 0;
    int errors = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        char **nn = realloc(names, (n + 1) * sizeof *nn);
        char *full = malloc(len);
        if (!nn || !full) {
            free(full);
            errors++;
            if (nn)
                names = nn;
            break;
        }
        names = nn;
        snprintf(full, len, "%s/%s", path, e->d_name);
        names[n++] = full;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp);
    for (size_t i = 0; i < n; i++) {
        errors += run_path(names[i], count);
        free(names[i]);
    }
    free(names);
    return errors;
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help")) {
        fprintf(argc < 2 ? stderr : stdout,
                "usage: %s FILE|DIR...\nReplays inputs (.case text or raw bytes) through the %s harness.\n",
                argv[0], isect_fuzz_query);
        return argc < 2 ? 2 : 0;
    }
    size_t count = 0;
    int errors = 0;
    for (int i = 1; i < argc; i++)
        errors += run_path(argv[i], &count);
    printf("replay %s: %zu inputs, no finding\n", isect_fuzz_query, count);
    return errors ? 2 : 0;
}
