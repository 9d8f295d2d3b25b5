/* oracle/files.c: folder walks, mkdir -p, atomic replacement; see files.h. */
#include "files.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { MAX_DEPTH = 32 };

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int has_case_suffix(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && !strcmp(name + n - 5, ".case");
}

static int walk_error(int flags, const char *path, const char *why)
{
    if (!(flags & ISECT_WALK_QUIET))
        fprintf(stderr, "%s: %s\n", path, why);
    return 1;
}

/* The entries of folder path (without . names), as "path/name", sorted;
 * returns their count, or -1 (message given) on error. */
static long list_folder(const char *path, int flags, char ***out)
{
    DIR *d = opendir(path);
    if (!d) {
        walk_error(flags, path, strerror(errno));
        return -1;
    }
    size_t plen = strlen(path);
    if (plen > 1 && path[plen - 1] == '/')
        plen--;
    char **names = NULL;
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = plen + strlen(e->d_name) + 2;
        char *full = malloc(len);
        char **nn = realloc(names, (n + 1) * sizeof *nn);
        if (nn)
            names = nn;
        if (!full || !nn) {
            free(full);
            while (n)
                free(names[--n]);
            free(names);
            closedir(d);
            walk_error(flags, path, "out of memory");
            return -1;
        }
        snprintf(full, len, "%.*s/%s", (int)plen, path, e->d_name);
        names[n++] = full;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_str);
    *out = names;
    return (long)n;
}

static int walk(const char *path, int flags, isect_walk_fn fn, void *ctx, int depth)
{
    struct stat st;
    if (stat(path, &st))
        return walk_error(flags, path, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return fn(path, ctx);
    if (depth > MAX_DEPTH)
        return walk_error(flags, path, "directories nested too deep");
    char **names;
    long n = list_folder(path, flags, &names);
    if (n < 0)
        return 1;
    int errors = 0;
    for (long i = 0; i < n; i++) {
        struct stat s2;
        if ((flags & ISECT_WALK_ALL) ||
            (!stat(names[i], &s2) && (S_ISDIR(s2.st_mode) || has_case_suffix(names[i]))))
            errors += walk(names[i], flags, fn, ctx, depth + 1);
        free(names[i]);
    }
    free(names);
    return errors;
}

int isect_walk_cases(const char *path, int flags, isect_walk_fn fn, void *ctx)
{
    return walk(path, flags, fn, ctx, 0);
}

int isect_mkdir_p(const char *path)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(buf, 0777) && errno != EEXIST)
                return -1;
            *p = '/';
        }
    if (mkdir(buf, 0777) && errno != EEXIST)
        return -1;
    return 0;
}

int isect_write_atomic(const char *path, const char *text, size_t len)
{
    char tmp[1200];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f)
        return -1;
    size_t n = fwrite(text, 1, len, f);
    if (fclose(f) || n != len || rename(tmp, path)) {
        int e = errno;
        remove(tmp);
        errno = e;
        return -1;
    }
    return 0;
}

char *isect_read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (cap - n < 4097) {
            cap = cap ? 2 * cap : 8192;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                errno = ENOMEM;
                return NULL;
            }
            buf = nb;
        }
        size_t k = fread(buf + n, 1, cap - n - 1, f);
        n += k;
        if (k == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}
