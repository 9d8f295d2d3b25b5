/* oracle/files.c: folder walks, mkdir -p, atomic replacement; see files.h. */
#include "files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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
    if (!(flags & ISECT_WALK_QUIET)) {
        char q[1024];
        isect_quote(q, sizeof q, path);
        fprintf(stderr, "%s: %s\n", q, why);
    }
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

/* The directories of a walk: those on the path from the root (a symlink
 * back to one of them is a cycle) and every one visited (each once). */
typedef struct {
    dev_t dev;
    ino_t ino;
} dir_id;

typedef struct {
    int flags;
    isect_walk_fn fn;
    void *ctx;
    dir_id *seen;
    size_t nseen, cap;
    dir_id stack[MAX_DEPTH + 2];
    int depth;
} walker;

static int same_dir(dir_id a, const struct stat *st) { return a.dev == st->st_dev && a.ino == st->st_ino; }

/* A note on stderr that is not an error. */
static void walk_note(const walker *w, const char *path, const char *why)
{
    if (!(w->flags & (ISECT_WALK_QUIET | ISECT_WALK_NO_NOTES))) {
        char q[1024];
        isect_quote(q, sizeof q, path);
        fprintf(stderr, "%s: %s\n", q, why);
    }
}

/* Returns 1 if the directory st was seen (a note given), -1 out of
 * memory, 0 after recording it. */
static int dir_seen(walker *w, const char *path, const struct stat *st)
{
    for (int i = 0; i < w->depth; i++)
        if (same_dir(w->stack[i], st)) {
            walk_note(w, path, "a link back to an enclosing directory, skipped");
            return 1;
        }
    for (size_t i = 0; i < w->nseen; i++)
        if (same_dir(w->seen[i], st)) {
            walk_note(w, path, "a directory already walked (through another link), skipped");
            return 1;
        }
    if (w->nseen == w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 16;
        dir_id *ns = realloc(w->seen, cap * sizeof *ns);
        if (!ns)
            return -1;
        w->seen = ns;
        w->cap = cap;
    }
    w->seen[w->nseen++] = (dir_id){st->st_dev, st->st_ino};
    return 0;
}

static int walk(walker *w, const char *path)
{
    struct stat st;
    if (stat(path, &st))
        return walk_error(w->flags, path, strerror(errno));
    if (S_ISREG(st.st_mode))
        return w->fn(path, w->ctx);
    if (!S_ISDIR(st.st_mode)) {
        /* a FIFO, device or socket could block or never end: never read */
        if (!w->depth)
            return walk_error(w->flags, path, "not a regular file or directory");
        walk_note(w, path, "not a regular file, skipped");
        return 0;
    }
    if (w->depth > MAX_DEPTH)
        return walk_error(w->flags, path, "directories nested too deep");
    int seen = dir_seen(w, path, &st);
    if (seen)
        return seen < 0 ? walk_error(w->flags, path, "out of memory") : 0;
    char **names;
    long n = list_folder(path, w->flags, &names);
    if (n < 0)
        return 1;
    w->stack[w->depth++] = (dir_id){st.st_dev, st.st_ino};
    int errors = 0;
    for (long i = 0; i < n; i++) {
        struct stat s2;
        /* sub-folders and *.case files (a *.case that is not a regular
         * file is named and skipped) */
        if ((w->flags & ISECT_WALK_ALL) ||
            (!stat(names[i], &s2) && (S_ISDIR(s2.st_mode) || has_case_suffix(names[i]))))
            errors += walk(w, names[i]);
        free(names[i]);
    }
    w->depth--;
    free(names);
    return errors;
}

int isect_walk_cases(const char *path, int flags, isect_walk_fn fn, void *ctx)
{
    walker w = {.flags = flags, .fn = fn, .ctx = ctx};
    int errors = walk(&w, path);
    free(w.seen);
    return errors;
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
    /* a file replaced keeps its permissions */
    struct stat st;
    mode_t mode = stat(path, &st) || !S_ISREG(st.st_mode) ? 0666 : st.st_mode & 07777;
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (!f) {
        int e = errno;
        if (fd >= 0) {
            close(fd);
            remove(tmp);
        }
        errno = e;
        return -1;
    }
    if (mode != 0666)
        fchmod(fd, mode);
    size_t n = fwrite(text, 1, len, f);
    if (fclose(f) || n != len || rename(tmp, path)) {
        int e = errno;
        remove(tmp);
        errno = e;
        return -1;
    }
    return 0;
}

void isect_quote(char *buf, size_t len, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    size_t n = 0;
    if (!len)
        return;
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        char esc[5] = {(char)ch, 0};
        if (ch == '\\')
            memcpy(esc, "\\\\", 3);
        else if (ch < 0x20 || ch >= 0x7f)
            esc[0] = '\\', esc[1] = 'x', esc[2] = hex[ch >> 4], esc[3] = hex[ch & 15], esc[4] = 0;
        size_t k = strlen(esc);
        if (n + k + 4 > len) {
            /* cut, and say so */
            if (n + 4 <= len)
                memcpy(buf + n, "...", 3), n += 3;
            break;
        }
        memcpy(buf + n, esc, k);
        n += k;
    }
    buf[n] = 0;
}

char *isect_read_regular(const char *path, size_t max, size_t *len, char *why, size_t whylen)
{
    /* O_NONBLOCK: opening a FIFO does not wait for a writer; it is refused
     * below, before any read */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    const char *reason = NULL;
    int err = 0;
    if (fd < 0 || fstat(fd, &st))
        err = errno;
    else if (!S_ISREG(st.st_mode))
        reason = "not a regular file", err = EINVAL;
    char *buf = NULL;
    size_t n = 0, cap = 0;
    while (!err && !reason) {
        if (cap - n < 2) {
            /* room for one byte past max (to see it), and the NUL */
            size_t nc = cap ? 2 * cap : 8192;
            if (nc > max + 2)
                nc = max + 2;
            char *nb = realloc(buf, nc);
            if (!nb) {
                err = ENOMEM;
                break;
            }
            buf = nb;
            cap = nc;
        }
        ssize_t k = read(fd, buf + n, cap - n - 1);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            err = errno;
        else if (k == 0)
            break;
        else if ((n += (size_t)k) > max)
            reason = "too large", err = EFBIG;
    }
    if (fd >= 0)
        close(fd);
    if (err) {
        if (why && whylen)
            snprintf(why, whylen, "%s", reason ? reason : strerror(err));
        free(buf);
        errno = err;
        return NULL;
    }
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

char *isect_read_all(const char *path, size_t *len)
{
    return isect_read_regular(path, (size_t)-1 / 4, len, NULL, 0);
}
