/* cli/report_merge.c: the findings a report is made of, from one campaign
 * folder or merged from several folders: campaigns (their findings/ and
 * campaign.log), plain folders of .case findings, and the crash files the
 * fuzzing engines leave (libFuzzer's crash-SHA1, timeout-, oom-, leak-;
 * ClusterFuzz's clusterfuzz-testcase-...), decoded as the query's harness
 * decodes its input (oracle/input.h) and judged again.  Findings of the same
 * signature (oracle/finding.h) are kept once, the most severe. */
#include "report.h"

#include "input.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    report *r;
    double start;            /* of the campaign being read; NAN: none */
    int own;                 /* the report lives in the campaign's folder */
    const char *query, *target; /* --query, --target; NULL: from the path */
    int nread;
} source;

static item *next_item(report *r)
{
    if (r->n >= MAX_ITEMS)
        return NULL;
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        item *ni = realloc(r->items, cap * sizeof *ni);
        if (!ni) {
            fprintf(stderr, "isect report: out of memory\n");
            return NULL;
        }
        r->items = ni;
        r->cap = cap;
    }
    item *it = &r->items[r->n];
    memset(it, 0, sizeof *it);
    return it;
}

/* The last path component of path that names a query (QUERY, fuzz_QUERY,
 * clusterfuzz-testcase[-minimized]-fuzz_QUERY-ID, QUERY.case ...). */
static const isect_query *query_of_path(const char *path)
{
    char buf[1200];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *end = buf + strlen(buf); end > buf;) {
        char *c = end;
        while (c > buf && c[-1] != '/')
            c--;
        const char *s = c;
        for (const char *pre = "clusterfuzz-testcase-"; !strncmp(s, pre, strlen(pre)); pre = "minimized-")
            s += strlen(pre);
        if (!strncmp(s, "fuzz_", 5))
            s += 5;
        const isect_query *best = NULL;
        for (size_t i = 0; i < isect_catalog_size; i++) {
            size_t n = strlen(isect_catalog[i]->name);
            if (!strncmp(s, isect_catalog[i]->name, n) && strchr("-./", s[n]) &&
                (!best || n > strlen(best->name)))
                best = isect_catalog[i];
        }
        if (best)
            return best;
        end = c > buf ? c - 1 : buf;
        *end = 0;
    }
    return NULL;
}

/* The last path component of path that names a target, as the campaign
 * names its folders (zoo-mt_eps) or as isect targets does. */
static const isect_target *target_of_path(const char *path)
{
    const isect_target *best = NULL;
    const char *best_at = NULL;
    for (size_t t = 0; t < isect_target_count(); t++) {
        char fname[64];
        isect_target_file_name(fname, sizeof fname, isect_target_at(t)->name);
        for (const char *p = path; p && *p; p = strchr(p, '/'), p = p ? p + 1 : NULL) {
            size_t n = strlen(fname);
            if (!strncmp(p, fname, n) && (p[n] == '/' || !p[n]) && (!best_at || p > best_at)) {
                best = isect_target_at(t);
                best_at = p;
            }
        }
    }
    return best;
}

static int is_engine_crash(const char *base)
{
    static const char *const prefixes[] = {"crash-", "timeout-", "oom-", "leak-", "clusterfuzz-testcase-"};
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (!strncmp(base, prefixes[i], strlen(prefixes[i])))
            return strstr(base, ".done") == NULL; /* the campaign's marks */
    return 0;
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* An engine timeout whose input the target answers here in under
 * TARGET_QUICK seconds (in-process: the guarded run just showed that it
 * neither crashes nor hangs) is not the target's: the engine's time went to
 * ref or the judge (an exact CCD root of inputs 2^2000 apart can take
 * seconds under the fuzz build's sanitizers).  Reporting it as the target
 * hanging would be false.  *tt and *tr: the target's and ref's seconds. */
enum { TARGET_QUICK_MS = 100 };
static int engine_time_elsewhere(const isect_query *q, const isect_target_entry *e, const double *in, double *tt,
                                 double *tr)
{
    double out[ISECT_MAX_OUT], t0 = seconds_now();
    isect_target_run(q, e, in, out);
    double t1 = seconds_now();
    q->ref(in, out);
    *tt = t1 - t0;
    *tr = seconds_now() - t1;
    return *tt < TARGET_QUICK_MS * 1e-3;
}

/* An engine's crash file: decoded, judged again for its target (in a child
 * process), kept in memory as a finding with a header; 0, or 1 on error. */
static int load_crash(source *s, const char *path, const char *base)
{
    const isect_query *q = s->query ? isect_query_find(s->query) : query_of_path(path);
    const isect_target *t = s->target ? isect_target_find(s->target) : target_of_path(path);
    if (!t)
        t = isect_target_find("fast");
    if (!q) {
        fprintf(stderr, "isect report: skipping %s: no query in its path (use --query)\n", path);
        return 1;
    }
    const isect_target_entry *e = isect_target_entry_for(t, q->name);
    size_t size = 0;
    unsigned char *data = (unsigned char *)isect_read_all(path, &size);
    double in[ISECT_MAX_IN] = {0};
    int decoded = data && !isect_input_decode(q, data, size, in);
    free(data);
    if (!e || !decoded) {
        fprintf(stderr, "isect report: skipping %s: %s\n", path,
                !e ? "its target does not support the query" : "not an input of the query");
        return 1;
    }
    int st, hang = !strncmp(base, "timeout-", 8);
    double r[ISECT_MAX_OUT], o[ISECT_MAX_OUT];
    isect_judgement j;
    isect_signature sig;
    isect_eval_status es = signature_eval(q, e, in, 1, 10, &sig, &st, r, o, &j);
    /* a timeout that judges as a discrepancy here is kept as that */
    int judged = es == EVAL_OK && (j.verdict == VERDICT_DISCREPANCY || j.verdict == VERDICT_INVALID);
    double tt, tr;
    if (hang && es == EVAL_OK && !judged && engine_time_elsewhere(q, e, in, &tt, &tr)) {
        fprintf(stderr,
                "isect report: %s: not a finding of %s: it answers in %.2g s here, ref in %.2g s (the engine's "
                "timeout was spent outside the target)\n",
                path, t->name, tt, tr);
        return 0;
    }
    item *it = next_item(s->r);
    if (!it)
        return 1;
    isect_finding *f = &it->f;
    f->sig = sig;
    if (!judged)
        isect_signature_died(&f->sig, q, in, st, r, hang || es == EVAL_HANG);
    snprintf(f->path, sizeof f->path, "%s", path);
    isect_signature_key(f->key, sizeof f->key, q->name, t->name, &f->sig);
    isect_finding_case(&f->c, q, in, st, r);
    f->q = q;
    f->t = t;
    snprintf(f->target, sizeof f->target, "%s", t->name);
    snprintf(f->pair, sizeof f->pair, "%s", q->name);
    snprintf(f->notes, sizeof f->notes, "from the fuzzing engine's crash file %s\n%s\n", path,
             judged && hang        ? "a timeout of the engine; judged here: this finding"
             : judged              ? "judged again here: the same finding"
             : es == EVAL_HANG     ? "hangs here too"
             : es == EVAL_CRASH    ? "crashes here too"
             : hang                ? "a timeout of the engine; runs here"
                                   : "runs here (the crash needs the sanitizers of the fuzz build)");
    struct stat sb;
    f->first = f->found = stat(path, &sb) ? NAN : (double)sb.st_mtime;
    f->has_header = 1;
    it->converted = 1;
    it->zoo = !must_be_clean(f->target);
    it->elapsed = NAN;
    s->r->n++;
    s->nread++;
    return 0;
}

/* One file of a source: a .case finding, or an engine's crash file. */
static int load_file(const char *path, void *ctx)
{
    source *s = ctx;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t bl = strlen(base);
    if (!(bl > 5 && !strcmp(base + bl - 5, ".case")))
        return is_engine_crash(base) ? load_crash(s, path, base) : 0;
    item *it = next_item(s->r);
    if (!it)
        return 0;
    char err[1024];
    if (finding_load(path, s->target, &it->f, err, sizeof err)) {
        fprintf(stderr, "isect report: skipping %s\n", err);
        return 1;
    }
    if (!it->f.has_header && it->f.sig.verdict != VERDICT_DISCREPANCY && it->f.sig.verdict != VERDICT_INVALID)
        return 0; /* a corpus case, not a finding */
    if (!s->own) /* named by its signature, so that copies of one finding meet */
        finding_key(&it->f, it->f.key, sizeof it->f.key);
    it->zoo = !must_be_clean(it->f.target);
    it->elapsed = isfinite(s->start) && isfinite(it->f.first) ? it->f.first - s->start : NAN;
    size_t dl = strlen(s->r->dir);
    if (s->own && !strncmp(path, s->r->dir, dl) && path[dl] == '/')
        snprintf(it->rel, sizeof it->rel, "%s", path + dl + 1);
    s->r->n++;
    s->nread++;
    return 0;
}

/* Same signature together, the most severe first. */
static int cmp_sig(const void *a, const void *b)
{
    const item *x = a, *y = b;
    int c = strcmp(x->f.key, y->f.key);
    if (c)
        return c;
    return (x->f.sig.severity < y->f.sig.severity) - (x->f.sig.severity > y->f.sig.severity);
}

/* Keeps one finding per signature, the most severe, with the earliest time
 * any copy was found; returns the number dropped. */
static size_t dedup(report *r)
{
    if (r->n) /* items is NULL when nothing was read */
        qsort(r->items, r->n, sizeof *r->items, cmp_sig);
    size_t k = 0;
    for (size_t i = 0; i < r->n; i++) {
        if (k && !strcmp(r->items[k - 1].f.key, r->items[i].f.key)) {
            item *w = &r->items[k - 1];
            if (!(w->f.first <= r->items[i].f.first) && isfinite(r->items[i].f.first))
                w->f.first = r->items[i].f.first;
            if (!(w->elapsed <= r->items[i].elapsed) && isfinite(r->items[i].elapsed))
                w->elapsed = r->items[i].elapsed;
            continue;
        }
        r->items[k++] = r->items[i];
    }
    size_t dropped = r->n - k;
    r->n = k;
    return dropped;
}

/* Each finding not in the report's own campaign goes into out/findings/. */
static void copy_items(report *r)
{
    for (size_t i = 0; i < r->n; i++) {
        item *it = &r->items[i];
        if (it->rel[0])
            continue;
        char d[1600], to[2048];
        snprintf(d, sizeof d, "%s/findings/%s", r->out, it->f.pair);
        snprintf(it->rel, sizeof it->rel, "findings/%s/%s.case", it->f.pair, it->f.key);
        snprintf(to, sizeof to, "%s/%s", r->out, it->rel);
        int rc = isect_mkdir_p(d);
        if (!rc && it->converted) {
            isect_finding_header h = {.sig = it->f.sig, .first = it->f.first, .found = it->f.found,
                                      .elapsed = NAN};
            snprintf(h.query, sizeof h.query, "%s", it->f.q->name);
            snprintf(h.target, sizeof h.target, "%s", it->f.target);
            rc = isect_finding_write(to, &it->f.c, it->f.notes, &h);
        } else if (!rc) {
            char *text = isect_read_all(it->f.path, NULL);
            rc = text ? isect_write_atomic(to, text, strlen(text)) : -1;
            free(text);
        }
        if (rc)
            fprintf(stderr, "isect report: cannot write %s: %s\n", to, strerror(errno));
    }
}

int report_load(report *r, char **dirs, int ndirs, const char *query, const char *target)
{
    int errors = 0;
    for (int i = 0; i < ndirs; i++) {
        char path[2048];
        source s = {r, NAN, 0, query, target, 0};
        snprintf(path, sizeof path, "%s/campaign.log", dirs[i]);
        if (!access(path, F_OK)) {
            s.start = report_read_log(r, path);
            s.own = ndirs == 1 && !strcmp(r->out, dirs[i]);
            snprintf(path, sizeof path, "%s/findings", dirs[i]);
            errors += isect_walk_cases(path, ISECT_WALK_QUIET, load_file, &s);
        } else
            errors += isect_walk_cases(dirs[i], ISECT_WALK_ALL | ISECT_WALK_QUIET, load_file, &s);
        r->nread += s.nread;
    }
    r->nsources = ndirs;
    r->ndups = dedup(r);
    copy_items(r);
    return errors;
}
