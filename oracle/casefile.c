/* oracle/casefile.c: reader and writer of `.case` files; see casefile.h. */
#include "casefile.h"

#include "files.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The largest file read: 64 MiB (67108864 bytes) of text. */
#define MAX_FILE ((size_t)64 << 20)
enum { MAX_TOKENS = 64 };

typedef struct {
    const char *path;
    char *err;
    size_t errlen;
} ctx;

/* "path:line: message", the path and the message quoted (files.h): a
 * token of the input may hold any byte. */
static int fail(ctx *c, int line, const char *fmt, ...)
{
    if (!c->errlen)
        return -1;
    char msg[512], path[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    isect_quote(path, sizeof path, c->path);
    int n = line > 0 ? snprintf(c->err, c->errlen, "%s:%d: ", path, line) : snprintf(c->err, c->errlen, "%s: ", path);
    if (n >= 0 && (size_t)n < c->errlen)
        isect_quote(c->err + n, c->errlen - (size_t)n, msg);
    return -1;
}

/* Reads a whole file once; NUL-terminated.  Returns NULL and sets err on
 * failure. */
static char *slurp(ctx *c, size_t *len)
{
    char why[128];
    char *buf = isect_read_regular(c->path, MAX_FILE, len, why, sizeof why);
    if (!buf) {
        if (errno == EFBIG)
            fail(c, 0, "file larger than %zu MiB (%zu bytes)", MAX_FILE >> 20, MAX_FILE);
        else
            fail(c, 0, "cannot read: %s", why);
    }
    return buf;
}

/* Splits a line (comment already cut) into whitespace-separated tokens. */
static int tokenize(char *s, char **tok)
{
    int n = 0;
    for (;;) {
        while (*s && isspace((unsigned char)*s))
            s++;
        if (!*s)
            return n;
        if (n == MAX_TOKENS)
            return n + 1;
        tok[n++] = s;
        while (*s && !isspace((unsigned char)*s))
            s++;
        if (*s)
            *s++ = 0;
    }
}

/* Parses a number in strtod syntax, rounded once to the query's format. */
static int parse_value(const char *s, isect_format fmt, double *out)
{
    char *end;
    errno = 0;
    double v;
    if (fmt == FMT_F32)
        v = strtof(s, &end);
    else
        v = strtod(s, &end);
    if (end == s || *end)
        return -1;
    if (errno == ERANGE && isinf(v))
        return -2; /* a finite literal beyond the format's range */
    *out = v;
    return 0;
}

static int parse_bool(const char *s, double *out)
{
    if (!strcmp(s, "1") || !strcmp(s, "true")) {
        *out = 1;
        return 0;
    }
    if (!strcmp(s, "0") || !strcmp(s, "false")) {
        *out = 0;
        return 0;
    }
    return -1;
}

static void field_list(const isect_query *q, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < q->nfields && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? " " : "", q->fields[i].name);
}

static int finish_case(ctx *c, isect_case *k)
{
    for (int i = 0; i < k->query->nfields; i++)
        if (!k->field_line[i])
            return fail(c, k->line, "case '%s' misses field '%s'", k->query->name, k->query->fields[i].name);
    return 0;
}

static int parse_expect(ctx *c, isect_case *k, int line, char **tok, int ntok)
{
    const isect_query *q = k->query;
    if (ntok < 2)
        return fail(c, line, "'expect' needs an output name and its values");
    if (!strcmp(tok[1], "valid")) {
        double b;
        if (ntok != 3 || parse_bool(tok[2], &b))
            return fail(c, line, "'expect valid' takes one value, 0 or 1");
        if (k->expect_valid >= 0)
            return fail(c, line, "'expect valid' repeated (first at line %d)", k->expect_valid_line);
        k->expect_valid = (int)b;
        k->expect_valid_line = line;
        return 0;
    }
    for (int o = 0; o < q->noutputs; o++) {
        if (strcmp(tok[1], q->outputs[o].name))
            continue;
        if (k->expect[o])
            return fail(c, line, "'expect %s' repeated (first at line %d)", tok[1], k->expect_line[o]);
        if (ntok - 2 != q->outputs[o].arity)
            return fail(c, line, "'expect %s' takes %d value%s, got %d", tok[1], q->outputs[o].arity,
                        q->outputs[o].arity == 1 ? "" : "s", ntok - 2);
        int at = isect_output_offset(q, o);
        for (int i = 0; i < q->outputs[o].arity; i++) {
            int r = q->outputs[o].kind == OUT_BOOL ? parse_bool(tok[2 + i], &k->expect_value[at + i])
                                                   : parse_value(tok[2 + i], FMT_F64, &k->expect_value[at + i]);
            /* an enum code is a small integer: range first, then the cast */
            double e = k->expect_value[at + i];
            if (!r && q->outputs[o].kind == OUT_ENUM && !(e >= INT_MIN && e <= INT_MAX && e == (int)e))
                r = -1;
            else if (!r && q->outputs[o].kind == OUT_ENUM)
                k->expect_value[at + i] = (int)e; /* -0 is 0, as fmt writes it */
            if (r)
                return fail(c, line, "bad %s '%s' for 'expect %s'",
                            q->outputs[o].kind == OUT_BOOL ? "boolean (0 or 1)" : "number", tok[2 + i], tok[1]);
        }
        k->expect[o] = true;
        k->expect_line[o] = line;
        return 0;
    }
    char outs[256];
    size_t n = 0;
    for (int o = 0; o < q->noutputs && n < sizeof outs; o++)
        n += (size_t)snprintf(outs + n, sizeof outs - n, "%s ", q->outputs[o].name);
    return fail(c, line, "unknown output '%s' for query %s (outputs: %svalid)", tok[1], q->name, outs);
}

static int parse_field(ctx *c, isect_case *k, int line, char **tok, int ntok)
{
    const isect_query *q = k->query;
    for (int f = 0; f < q->nfields; f++) {
        if (strcmp(tok[0], q->fields[f].name))
            continue;
        if (k->field_line[f])
            return fail(c, line, "field '%s' repeated (first at line %d)", tok[0], k->field_line[f]);
        int arity = q->fields[f].arity;
        if (ntok - 1 != arity)
            return fail(c, line, "field '%s' takes %d value%s, got %d", tok[0], arity, arity == 1 ? "" : "s",
                        ntok - 1);
        int at = isect_field_offset(q, f);
        for (int i = 0; i < arity; i++) {
            int r = parse_value(tok[1 + i], q->format, &k->in[at + i]);
            if (r == -1)
                return fail(c, line, "bad number '%s' in field '%s'", tok[1 + i], tok[0]);
            if (r == -2)
                return fail(c, line, "number '%s' in field '%s' overflows %s (write inf if you mean it)",
                            tok[1 + i], tok[0], isect_format_name(q->format));
        }
        k->field_line[f] = line;
        return 0;
    }
    char fields[256];
    field_list(q, fields, sizeof fields);
    return fail(c, line, "unknown field '%s' for query %s (fields: %s)", tok[0], q->name, fields);
}

/* Walks the lines of buf; calls back per line with its tokens.  Shared by the
 * reader and the formatter so both see the file the same way. */
typedef int (*line_fn)(ctx *c, void *user, int line, char **tok, int ntok, const char *raw);

static int walk(ctx *c, char *buf, size_t len, line_fn fn, void *user)
{
    int line = 0;
    char *p = buf, *end = buf + len;
    while (p < end) {
        line++;
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *eol = nl ? nl : end;
        if (memchr(p, 0, (size_t)(eol - p)))
            return fail(c, line, "NUL byte: not a text file");
        *eol = 0;
        char *raw = strdup(p);
        if (!raw)
            return fail(c, line, "out of memory");
        char *hash = strchr(p, '#');
        if (hash)
            *hash = 0;
        char *tok[MAX_TOKENS + 1];
        int ntok = tokenize(p, tok);
        int r = ntok > MAX_TOKENS ? fail(c, line, "too many values on one line")
                                  : fn(c, user, line, tok, ntok, raw);
        free(raw);
        if (r)
            return -1;
        p = eol + 1;
    }
    return 0;
}

/* The reader: one case at a time, handed to fn as soon as it is complete. */
typedef struct {
    isect_case k; /* the case being read */
    size_t n;     /* cases begun */
    isect_case_fn fn;
    void *user;
    int stopped; /* fn's nonzero value */
} reader;

/* The case in r->k is complete: checked, then handed on. */
static int emit(ctx *c, reader *r)
{
    if (finish_case(c, &r->k))
        return -1;
    if (r->fn && (r->stopped = r->fn(r->user, &r->k, r->n - 1)))
        return -1;
    return 0;
}

static int read_line(ctx *c, void *user, int line, char **tok, int ntok, const char *raw)
{
    (void)raw;
    reader *r = user;
    if (ntok == 0)
        return 0;
    if (!strcmp(tok[0], "query")) {
        if (ntok != 2)
            return fail(c, line, "'query' takes one name");
        const isect_query *q = isect_query_find(tok[1]);
        if (!q)
            return fail(c, line, "unknown query '%s' (isect list shows the catalog)", tok[1]);
        if (r->n && emit(c, r))
            return -1;
        isect_case *k = &r->k;
        memset(k, 0, sizeof *k);
        k->query = q;
        k->line = line;
        k->expect_valid = -1;
        r->n++;
        return 0;
    }
    if (!r->n)
        return fail(c, line, "'%s' before the first 'query' line", tok[0]);
    if (!strcmp(tok[0], "expect"))
        return parse_expect(c, &r->k, line, tok, ntok);
    return parse_field(c, &r->k, line, tok, ntok);
}

/* Parses buf (modified: lines cut), each case to fn; returns 0, -1 on an
 * error (message given), or fn's nonzero value. */
static int parse_buffer(ctx *c, char *buf, size_t len, isect_case_fn fn, void *user)
{
    reader r = {.fn = fn, .user = user};
    int rc = walk(c, buf, len, read_line, &r);
    if (!rc && r.n)
        rc = emit(c, &r);
    if (!rc && !r.n)
        rc = fail(c, 0, "no case in file (a case starts with a 'query' line)");
    return r.stopped ? r.stopped : rc;
}

int isect_casefile_each(const char *path, isect_case_fn fn, void *user, char *err, size_t errlen)
{
    ctx c = {path, err, errlen};
    size_t len;
    char *buf = slurp(&c, &len);
    if (!buf)
        return -1;
    int r = parse_buffer(&c, buf, len, fn, user);
    free(buf);
    return r;
}

/* isect_casefile_read and _parse: every case kept in cf. */
static int keep_case(void *user, const isect_case *k, size_t index)
{
    (void)index;
    isect_casefile *cf = user;
    if (!(cf->n & (cf->n - 1))) {
        /* grown at powers of two: linear time for many cases */
        isect_case *nc = realloc(cf->cases, (cf->n ? 2 * cf->n : 1) * sizeof *nc);
        if (!nc)
            return 1;
        cf->cases = nc;
    }
    cf->cases[cf->n++] = *k;
    return 0;
}

/* Parses buf into cf; on error cf is empty. */
static int parse_all(ctx *c, char *buf, size_t len, isect_casefile *cf)
{
    memset(cf, 0, sizeof *cf);
    int r = parse_buffer(c, buf, len, keep_case, cf);
    if (r > 0)
        r = fail(c, 0, "out of memory");
    if (!r && !(cf->path = strdup(c->path)))
        r = fail(c, 0, "out of memory");
    if (r)
        isect_casefile_free(cf);
    return r;
}

int isect_casefile_read(const char *path, isect_casefile *cf, char *err, size_t errlen)
{
    ctx c = {path, err, errlen};
    memset(cf, 0, sizeof *cf);
    size_t len;
    char *buf = slurp(&c, &len);
    if (!buf)
        return -1;
    int r = parse_all(&c, buf, len, cf);
    free(buf);
    return r;
}

int isect_casefile_parse(const char *name, const char *text, size_t len, isect_casefile *cf, char *err,
                         size_t errlen)
{
    ctx c = {name, err, errlen};
    char *buf = malloc(len + 1);
    if (!buf) {
        memset(cf, 0, sizeof *cf);
        return fail(&c, 0, "out of memory");
    }
    memcpy(buf, text, len);
    buf[len] = 0;
    int r = parse_all(&c, buf, len, cf);
    free(buf);
    return r;
}

void isect_casefile_free(isect_casefile *cf)
{
    free(cf->cases);
    free(cf->path);
    memset(cf, 0, sizeof *cf);
}

void isect_format_hex(char *buf, size_t len, double x)
{
    if (isnan(x))
        snprintf(buf, len, "nan");
    else if (isinf(x))
        snprintf(buf, len, x < 0 ? "-inf" : "inf");
    else
        snprintf(buf, len, "%a", x);
}

static void format_decimal(char *buf, size_t len, double x, isect_format fmt)
{
    if (!isfinite(x))
        isect_format_hex(buf, len, x);
    else
        snprintf(buf, len, fmt == FMT_F32 ? "%.9g" : "%.17g", x);
}

/* One canonical line: name, hex values, decimal comment. */
static void write_values(FILE *f, const char *name, const double *v, int n, isect_format fmt, bool boolean)
{
    char line[1024], dec[512];
    size_t a = (size_t)snprintf(line, sizeof line, "%-6s", name), b = 0;
    dec[0] = 0;
    for (int i = 0; i < n; i++) {
        char h[64], d[64];
        if (boolean) {
            a += (size_t)snprintf(line + a, sizeof line - a, " %d", (int)v[i]);
            continue;
        }
        isect_format_hex(h, sizeof h, v[i]);
        format_decimal(d, sizeof d, v[i], fmt);
        a += (size_t)snprintf(line + a, sizeof line - a, " %s", h);
        b += (size_t)snprintf(dec + b, sizeof dec - b, "%s%s", i ? " " : "", d);
    }
    if (boolean || n == 0)
        fprintf(f, "%s\n", line);
    else
        fprintf(f, "%-40s # %s\n", line, dec);
}

void isect_case_write(FILE *f, const isect_case *c, const char *comment)
{
    const isect_query *q = c->query;
    if (comment) {
        const char *p = comment;
        while (*p) {
            const char *nl = strchr(p, '\n');
            int n = nl ? (int)(nl - p) : (int)strlen(p);
            fprintf(f, "# %.*s\n", n, p);
            p += n + (nl != NULL);
        }
    }
    fprintf(f, "query %s\n", q->name);
    for (int i = 0; i < q->nfields; i++)
        write_values(f, q->fields[i].name, c->in + isect_field_offset(q, i), q->fields[i].arity, q->format,
                     false);
    if (c->expect_valid >= 0)
        fprintf(f, "expect valid %d\n", c->expect_valid);
    for (int o = 0; o < q->noutputs; o++) {
        if (!c->expect[o])
            continue;
        char name[64];
        snprintf(name, sizeof name, "expect %s", q->outputs[o].name);
        write_values(f, name, c->expect_value + isect_output_offset(q, o), q->outputs[o].arity, FMT_F64,
                     q->outputs[o].kind != OUT_REAL);
    }
}

/* ---- the formatter ---------------------------------------------------- */

typedef struct {
    FILE *out;
    const isect_query *q;
} fmt_state;

static int format_line(ctx *c, void *user, int line, char **tok, int ntok, const char *raw)
{
    (void)c;
    (void)line;
    fmt_state *s = user;
    if (ntok == 0) {
        /* blank or comment-only line: kept, without trailing blanks */
        size_t n = strlen(raw);
        while (n && isspace((unsigned char)raw[n - 1]))
            n--;
        const char *p = raw;
        while (*p == ' ' || *p == '\t')
            p++, n--;
        fprintf(s->out, "%.*s\n", (int)n, p);
        return 0;
    }
    if (!strcmp(tok[0], "query")) {
        s->q = isect_query_find(tok[1]);
        fprintf(s->out, "query %s\n", tok[1]);
        return 0;
    }
    const isect_query *q = s->q;
    if (!strcmp(tok[0], "expect")) {
        if (!strcmp(tok[1], "valid")) {
            fprintf(s->out, "expect valid %d\n", !strcmp(tok[2], "1") || !strcmp(tok[2], "true"));
            return 0;
        }
        for (int o = 0; o < q->noutputs; o++)
            if (!strcmp(tok[1], q->outputs[o].name)) {
                double v[ISECT_MAX_OUT];
                bool boolean = q->outputs[o].kind != OUT_REAL;
                for (int i = 0; i < ntok - 2; i++) {
                    if (q->outputs[o].kind == OUT_BOOL)
                        parse_bool(tok[2 + i], &v[i]);
                    else
                        parse_value(tok[2 + i], FMT_F64, &v[i]);
                }
                char name[64];
                snprintf(name, sizeof name, "expect %s", tok[1]);
                write_values(s->out, name, v, ntok - 2, FMT_F64, boolean);
            }
        return 0;
    }
    double v[ISECT_MAX_IN];
    for (int i = 0; i < ntok - 1; i++)
        parse_value(tok[1 + i], q->format, &v[i]);
    write_values(s->out, tok[0], v, ntok - 1, q->format, false);
    return 0;
}

int isect_casefile_format_text(const char *name, const char *text, size_t len, FILE *f, char *err, size_t errlen)
{
    ctx c = {name, err, errlen};
    /* the walk cuts lines in place: one copy to check, one to format, both
     * of the same text (the formatter relies on the check) */
    char *buf = malloc(len + 1);
    if (!buf)
        return fail(&c, 0, "out of memory");
    memcpy(buf, text, len);
    buf[len] = 0;
    int r = parse_buffer(&c, buf, len, NULL, NULL);
    if (!r) {
        memcpy(buf, text, len);
        fmt_state s = {f, NULL};
        r = walk(&c, buf, len, format_line, &s);
    }
    free(buf);
    return r;
}

int isect_casefile_format(const char *path, FILE *f, char *err, size_t errlen)
{
    ctx c = {path, err, errlen};
    size_t len;
    char *text = slurp(&c, &len);
    if (!text)
        return -1;
    int r = isect_casefile_format_text(path, text, len, f, err, errlen);
    free(text);
    return r;
}
