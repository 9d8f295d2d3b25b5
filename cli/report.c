/* cli/report.c: `isect report`, the discrepancy report of a campaign (or
 * of any folder of findings): index.html (self-contained), report.md,
 * findings.json, junit.xml, the minimized reproducers, pictures and
 * failure maps.  Everything is regenerated from what is on disk: the
 * reproducers under findings/ and the campaign's append-only campaign.log.
 * reports/README.md describes the format. */
#include "commands.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *const help_report =
    "usage: isect report [--out DIR] [--no-minimize] [--no-maps] [--quiet] DIR\n\n"
    "Writes the discrepancy report of the findings under DIR:\n"
    "  index.html     self-contained page: summary, zoo scoreboard, every\n"
    "                 finding with a picture of its configuration (ref's\n"
    "                 contact and the target's answer marked), its minimized\n"
    "                 case, and failure maps of the most severe ones\n"
    "  report.md      the same for a code host (pictures/ and maps/ as files)\n"
    "  findings.json  every finding, the runs and the zoo scoreboard\n"
    "  junit.xml      one test case per signature, failing for discrepancies\n"
    "                 (error for invalid answers, crashes and hangs), passing\n"
    "                 for each query and target that ran clean\n"
    "  minimized/     each finding shrunk by isect minimize\n"
    "When DIR is a campaign's folder (it has campaign.log) the report goes\n"
    "into DIR and its reproducers stay in DIR/findings/; otherwise DIR is\n"
    "searched for .case findings, which are copied into the report, written\n"
    "to --out (default reports/YYYYMMDD-HHMMSS).  The report is regenerated\n"
    "from the files alone, also after a campaign was interrupted or killed.\n"
    "Prints a summary table and the report's path.  Exit status: 0 no finding\n"
    "in a target outside the zoo; 1 findings in such a target; 2 bad usage or\n"
    "input.\n";

enum { MAX_ITEMS = 2000, MAX_PAIRS = 256, TOP_MAPS = 6, MAP_RADIUS = 20 };

typedef struct {
    isect_finding f;
    int ref_status, ran; /* ran: the target's answer is known */
    double ref_out[ISECT_MAX_OUT], tgt_out[ISECT_MAX_OUT];
    double elapsed;      /* first found, seconds after the campaign's start */
    char rel[1200];      /* reproducer, relative to the report */
    char *minimized;     /* text, or NULL */
    char *picture;       /* <svg> */
    char *map;           /* <svg>, or NULL */
    int zoo;
} item;

typedef struct {
    char query[64], target[64];
    double execs, seconds;
    int runs, crashes, timeouts, ran;
    int nfind, ndisc, ninv;
    double maxsev, first;
    double first_run; /* seconds after the start, of the pair's first run */
} pair_stat;

typedef struct {
    int has_log, finished;
    double start, seconds, stop_at;
    int jobs;
    char stop[32];
} meta;

typedef struct {
    item *items;
    size_t n;
    pair_stat pairs[MAX_PAIRS];
    size_t npairs;
    meta m;
    const char *dir, *out;
} report;

/* ---- reading --------------------------------------------------------------- */

static int is_zoo(const char *target) { return !strncmp(target, "zoo:", 4); }

/* Findings here are a problem: in a target outside the zoo or in a control. */
static int must_be_clean(const char *target) { return !is_zoo(target) || zoo_control(target); }

static pair_stat *pair_get(report *r, const char *query, const char *target)
{
    for (size_t i = 0; i < r->npairs; i++)
        if (!strcmp(r->pairs[i].query, query) && !strcmp(r->pairs[i].target, target))
            return &r->pairs[i];
    if (r->npairs == MAX_PAIRS)
        return NULL;
    pair_stat *p = &r->pairs[r->npairs++];
    memset(p, 0, sizeof *p);
    snprintf(p->query, sizeof p->query, "%s", query);
    snprintf(p->target, sizeof p->target, "%s", target);
    p->first = NAN;
    p->first_run = NAN;
    return p;
}

static const char *field(const char *line, const char *key, char *buf, size_t len)
{
    char pat[64];
    snprintf(pat, sizeof pat, " %s=", key);
    const char *p = strstr(line, pat);
    if (!p)
        return NULL;
    p += strlen(pat);
    size_t n = strcspn(p, " \t\r\n");
    if (n >= len)
        n = len - 1;
    memcpy(buf, p, n);
    buf[n] = 0;
    return buf;
}

static double field_num(const char *line, const char *key, double dflt)
{
    char buf[64];
    return field(line, key, buf, sizeof buf) ? strtod(buf, NULL) : dflt;
}

/* campaign.log: one event per line, "EVENT key=value ...". */
static void read_log(report *r, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    r->m.has_log = 1;
    char line[4096], q[64], t[64];
    while (fgets(line, sizeof line, f)) {
        char ev[32];
        if (sscanf(line, "%31s", ev) != 1)
            continue;
        if (!strcmp(ev, "start")) {
            r->m.start = field_num(line, "epoch", NAN);
            r->m.seconds = field_num(line, "seconds", NAN);
            r->m.jobs = (int)field_num(line, "jobs", 1);
            continue;
        }
        if (!strcmp(ev, "stop")) {
            r->m.finished = 1;
            r->m.stop_at = field_num(line, "at", NAN);
            field(line, "reason", r->m.stop, sizeof r->m.stop);
            continue;
        }
        if (!field(line, "query", q, sizeof q) || !field(line, "target", t, sizeof t))
            continue;
        pair_stat *p = pair_get(r, q, t);
        if (!p)
            continue;
        if (!strcmp(ev, "run")) {
            if (!p->ran)
                p->first_run = field_num(line, "at", NAN);
            p->runs++;
            p->ran = 1;
        } else if (!strcmp(ev, "progress") || !strcmp(ev, "exit")) {
            p->execs = fmax(p->execs, field_num(line, "execs", 0));
            p->seconds = fmax(p->seconds, field_num(line, "seconds", 0));
        } else if (!strcmp(ev, "crash")) {
            char kind[32];
            if (field(line, "kind", kind, sizeof kind) && !strcmp(kind, ISECT_FINDING_TIMEOUT))
                p->timeouts++;
            else
                p->crashes++;
        }
        if (!r->m.finished)
            r->m.stop_at = fmax(isfinite(r->m.stop_at) ? r->m.stop_at : 0, field_num(line, "at", 0));
    }
    fclose(f);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Every *.case under dir, sorted. */
static void list_cases(const char *dir, char ***names, size_t *n, int depth)
{
    DIR *d = opendir(dir);
    if (!d || depth > 16) {
        if (d)
            closedir(d);
        return;
    }
    char **local = NULL;
    size_t nl = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char *full = malloc(strlen(dir) + strlen(e->d_name) + 2);
        char **nn = realloc(local, (nl + 1) * sizeof *nn);
        if (!full || !nn) {
            free(full);
            if (nn)
                local = nn;
            break;
        }
        local = nn;
        sprintf(full, "%s/%s", dir, e->d_name);
        local[nl++] = full;
    }
    closedir(d);
    qsort(local, nl, sizeof *local, cmp_str);
    for (size_t i = 0; i < nl; i++) {
        struct stat st;
        size_t len = strlen(local[i]);
        if (!stat(local[i], &st) && S_ISDIR(st.st_mode))
            list_cases(local[i], names, n, depth + 1);
        else if (len > 5 && !strcmp(local[i] + len - 5, ".case")) {
            char **nn = realloc(*names, (*n + 1) * sizeof *nn);
            if (nn) {
                *names = nn;
                (*names)[(*n)++] = local[i];
                continue;
            }
        }
        free(local[i]);
    }
    free(local);
}

static char *slurp_text(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) {
        fclose(f);
        return NULL;
    }
    char buf[4096];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, k, m);
    fclose(f);
    fclose(m);
    return text;
}

static int cmp_item(const void *a, const void *b)
{
    const item *x = a, *y = b;
    if (x->zoo != y->zoo)
        return x->zoo - y->zoo; /* targets outside the zoo first */
    int c = strcmp(x->f.target, y->f.target);
    if (c)
        return c;
    c = strcmp(x->f.q->name, y->f.q->name);
    if (c)
        return c;
    if (x->f.sig.verdict != y->f.sig.verdict)
        return (int)x->f.sig.verdict - (int)y->f.sig.verdict; /* discrepancies first */
    return (x->f.sig.severity < y->f.sig.severity) - (x->f.sig.severity > y->f.sig.severity);
}

/* ---- computing --------------------------------------------------------------- */

static char *render(void (*fn)(FILE *, void *), void *arg)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return NULL;
    fn(m, arg);
    fclose(m);
    return text;
}

static void render_picture(FILE *f, void *arg)
{
    item *it = arg;
    picture_svg(f, it->f.q, it->f.c.in, it->ref_status, it->ref_out, it->ran ? it->tgt_out : NULL, it->f.target);
}

static void render_minimized(FILE *f, void *arg)
{
    item *it = arg;
    double in[ISECT_MAX_IN];
    isect_signature sig;
    char err[1024];
    int steps = minimize_finding(&it->f, in, &sig, err, sizeof err);
    if (steps >= 0)
        minimized_write(f, &it->f, in, &sig, steps);
}

static void evaluate(item *it)
{
    const isect_target_entry *e = it->f.t ? isect_target_entry_for(it->f.t, it->f.q->name) : NULL;
    it->ref_status = ISECT_REF_OK;
    if (!e) {
        it->ref_status = it->f.q->ref(it->f.c.in, it->ref_out);
        return;
    }
    isect_signature s;
    isect_judgement j;
    isect_eval_status es = signature_eval(it->f.q, e, it->f.c.in, finding_is_crash(&it->f), 5, &s,
                                          &it->ref_status, it->ref_out, it->tgt_out, &j);
    it->ran = es == EVAL_OK;
}

typedef struct {
    item *it;
    isect_map *m;
    char title[512];
} map_job;

static void render_map(FILE *f, void *arg)
{
    map_job *mj = arg;
    map_svg(f, mj->it->f.q, mj->it->f.c.in, mj->m, mj->it->f.target, mj->title);
}

static void make_map(item *it)
{
    const isect_target_entry *e = it->f.t ? isect_target_entry_for(it->f.t, it->f.q->name) : NULL;
    if (!e)
        return;
    static isect_map m;
    memset(&m, 0, sizeof m);
    m.radius = MAP_RADIUS;
    double sev = it->f.sig.severity;
    m.xslot = m.yslot = -1;
    map_plan(it->f.q, e, it->f.c.in, sev, MAP_RADIUS, &m.xslot, &m.yslot, &m.hx, &m.hy);
    if (!(m.hx > 0) || !(m.hy > 0))
        return;
    map_compute(it->f.q, e, it->f.c.in, 0, &m);
    map_job mj = {it, &m, ""};
    char sv[32];
    snprintf(mj.title, sizeof mj.title, "failure map: %s, %s on %s, severity %s", it->f.target,
             isect_verdict_name(it->f.sig.verdict), it->f.sig.output, number_short(sv, sizeof sv, sev));
    it->map = render(render_map, &mj);
}

/* ---- writing ------------------------------------------------------------------ */

static void put_time(FILE *f, double s)
{
    if (!isfinite(s))
        fputs("-", f);
    else if (s < 10)
        fprintf(f, "%.2f s", s);
    else
        fprintf(f, "%.0f s", s);
}

static void put_sev(FILE *f, double s)
{
    char b[32];
    fputs(number_short(b, sizeof b, s), f);
}

static const char *title_of(const item *it, char *buf, size_t len)
{
    char sv[32];
    if (finding_is_crash(&it->f))
        snprintf(buf, len, "%s on %s: %s (exact answer: %s)", it->f.target, it->f.q->name,
                 !strcmp(it->f.sig.output, ISECT_FINDING_TIMEOUT) ? "hangs" : "crashes", it->f.sig.feature);
    else
        snprintf(buf, len, "%s on %s: %s on %s (exact answer: %s), severity %s", it->f.target, it->f.q->name,
                 isect_verdict_name(it->f.sig.verdict), it->f.sig.output, it->f.sig.feature,
                 number_short(sv, sizeof sv, it->f.sig.severity));
    return buf;
}

static void outputs_json(FILE *f, const isect_query *q, const double *out)
{
    fputc('{', f);
    for (int o = 0; o < q->noutputs; o++) {
        fprintf(f, "%s\"%s\": ", o ? ", " : "", q->outputs[o].name);
        if (q->outputs[o].arity > 1)
            fputc('[', f);
        for (int i = 0; i < q->outputs[o].arity; i++) {
            double v = out[isect_output_offset(q, o) + i];
            if (i)
                fputs(", ", f);
            if (q->outputs[o].kind == OUT_BOOL)
                fputs(v != 0 ? "true" : "false", f);
            else if (q->outputs[o].kind == OUT_ENUM)
                fprintf(f, "%d", (int)v);
            else
                isect_json_number(f, v);
        }
        if (q->outputs[o].arity > 1)
            fputc(']', f);
    }
    fputc('}', f);
}

typedef struct {
    int ran, found, sigs, control, ok;
    double first, maxsev;
    double own; /* first discrepancy, seconds after its pair's first run */
    const char *word; /* found, NOT FOUND, not run, clean, FOUND */
} zoo_result;

static zoo_result zoo_status(report *r, const char *name)
{
    zoo_result z = {0, 0, 0, zoo_control(name), 0, INFINITY, 0, INFINITY, ""};
    for (size_t i = 0; i < r->npairs; i++)
        if (!strcmp(r->pairs[i].target, name))
            z.ran |= r->pairs[i].ran || r->pairs[i].nfind;
    for (size_t i = 0; i < r->n; i++)
        if (!strcmp(r->items[i].f.target, name)) {
            z.sigs++;
            z.ran = 1;
            if (r->items[i].f.sig.verdict == VERDICT_DISCREPANCY) {
                z.found = 1;
                z.maxsev = fmax(z.maxsev, r->items[i].f.sig.severity);
                if (isfinite(r->items[i].elapsed)) {
                    z.first = fmin(z.first, r->items[i].elapsed);
                    for (size_t k = 0; k < r->npairs; k++)
                        if (!strcmp(r->pairs[k].target, name) && !strcmp(r->pairs[k].query, r->items[i].f.q->name) &&
                            isfinite(r->pairs[k].first_run))
                            z.own = fmin(z.own, r->items[i].elapsed - r->pairs[k].first_run);
                }
            }
        }
    if (z.control) {
        z.ok = !z.sigs;
        z.word = !z.ran ? "not run" : z.sigs ? "FOUND" : "clean";
    } else {
        z.ok = z.found;
        z.word = !z.ran ? "not run" : z.found ? "found" : "NOT FOUND";
    }
    return z;
}

static const char *zoo_kind(const zoo_result *z)
{
    return z->control ? "control: must stay clean" : "bug: must be found";
}

static void write_json(FILE *f, report *r)
{
    char ts[64];
    time_format(ts, sizeof ts, isect_epoch_now());
    fputs("{\n  \"format\": \"isect-report-1\",\n  \"generated\": ", f);
    isect_json_string(f, ts);
    fputs(",\n  \"campaign\": ", f);
    if (!r->m.has_log)
        fputs("null", f);
    else {
        fputs("{\"start\": ", f);
        isect_json_number(f, r->m.start);
        fputs(", \"seconds\": ", f);
        isect_json_number(f, r->m.seconds);
        fprintf(f, ", \"jobs\": %d, \"finished\": %s, \"stop\": ", r->m.jobs, r->m.finished ? "true" : "false");
        isect_json_string(f, r->m.finished ? r->m.stop : "killed");
        fputs(", \"elapsed\": ", f);
        isect_json_number(f, r->m.stop_at);
        fputc('}', f);
    }
    fputs(",\n  \"runs\": [", f);
    for (size_t i = 0; i < r->npairs; i++) {
        pair_stat *p = &r->pairs[i];
        fputs(i ? ",\n    {\"query\": " : "\n    {\"query\": ", f);
        isect_json_string(f, p->query);
        fputs(", \"target\": ", f);
        isect_json_string(f, p->target);
        fprintf(f, ", \"executions\": %.0f, \"seconds\": ", p->execs);
        isect_json_number(f, p->seconds);
        fprintf(f, ", \"runs\": %d, \"crashes\": %d, \"timeouts\": %d, \"signatures\": %d, "
                   "\"discrepancies\": %d, \"invalid\": %d, \"max_severity\": ",
                p->runs, p->crashes, p->timeouts, p->nfind, p->ndisc, p->ninv);
        isect_json_number(f, p->maxsev);
        fputs(", \"first_finding\": ", f);
        if (isfinite(p->first))
            isect_json_number(f, p->first);
        else
            fputs("null", f);
        fputc('}', f);
    }
    fputs("\n  ],\n  \"zoo\": [", f);
    int nz = 0;
    for (size_t t = 0; t < isect_targets_size; t++) {
        const char *name = isect_targets[t]->name;
        if (!is_zoo(name))
            continue;
        zoo_result z = zoo_status(r, name);
        fputs(nz++ ? ",\n    {\"target\": " : "\n    {\"target\": ", f);
        isect_json_string(f, name);
        fprintf(f, ", \"expected\": \"%s\", \"run\": %s, \"found\": %s, \"ok\": %s, \"first_discrepancy\": ",
                z.control ? "clean" : "found", z.ran ? "true" : "false", z.found ? "true" : "false",
                z.ok ? "true" : "false");
        if (isfinite(z.first))
            isect_json_number(f, z.first);
        else
            fputs("null", f);
        fputs(", \"fuzzing_to_first\": ", f);
        if (isfinite(z.own))
            isect_json_number(f, z.own);
        else
            fputs("null", f);
        fputs(", \"max_severity\": ", f);
        isect_json_number(f, z.maxsev);
        fprintf(f, ", \"signatures\": %d}", z.sigs);
    }
    fputs("\n  ],\n  \"findings\": [", f);
    for (size_t i = 0; i < r->n; i++) {
        item *it = &r->items[i];
        const isect_query *q = it->f.q;
        fputs(i ? ",\n    {" : "\n    {", f);
        fputs("\"key\": ", f);
        isect_json_string(f, it->f.key);
        fputs(", \"file\": ", f);
        isect_json_string(f, it->rel);
        fputs(", \"query\": ", f);
        isect_json_string(f, q->name);
        fputs(", \"target\": ", f);
        isect_json_string(f, it->f.target);
        fputs(", \"verdict\": ", f);
        isect_json_string(f, isect_verdict_name(it->f.sig.verdict));
        fputs(", \"feature\": ", f);
        isect_json_string(f, it->f.sig.feature);
        fputs(", \"output\": ", f);
        isect_json_string(f, it->f.sig.output);
        fputs(", \"severity\": ", f);
        isect_json_number(f, it->f.sig.severity);
        fprintf(f, ", \"severity_decade\": %d, \"first_found\": ", it->f.sig.decade);
        if (isfinite(it->f.first))
            isect_json_number(f, it->f.first);
        else
            fputs("null", f);
        fputs(", \"elapsed\": ", f);
        if (isfinite(it->elapsed))
            isect_json_number(f, it->elapsed);
        else
            fputs("null", f);
        fputs(", \"input\": {", f);
        for (int k = 0; k < q->nfields; k++) {
            fprintf(f, "%s\"%s\": ", k ? ", " : "", q->fields[k].name);
            const double *v = it->f.c.in + isect_field_offset(q, k);
            if (q->fields[k].arity > 1)
                fputc('[', f);
            for (int a = 0; a < q->fields[k].arity; a++) {
                if (a)
                    fputs(", ", f);
                isect_json_number(f, v[a]);
            }
            if (q->fields[k].arity > 1)
                fputc(']', f);
        }
        fputs("}, \"ref\": ", f);
        if (it->ref_status == ISECT_REF_OK)
            outputs_json(f, q, it->ref_out);
        else
            fputs("\"invalid input\"", f);
        fputs(", \"answer\": ", f);
        if (it->ran)
            outputs_json(f, q, it->tgt_out);
        else
            fputs("null", f);
        fputs(", \"minimized\": ", f);
        if (it->minimized) {
            char rel[600];
            snprintf(rel, sizeof rel, "minimized/%s.case", it->f.key);
            isect_json_string(f, rel);
        } else
            fputs("null", f);
        fputs(", \"notes\": ", f);
        isect_json_string(f, it->f.notes);
        fputc('}', f);
    }
    fputs("\n  ]\n}\n", f);
}

static void write_junit(FILE *f, report *r)
{
    int tests = 0, failures = 0, errors = 0;
    for (size_t i = 0; i < r->n; i++) {
        tests++;
        if (r->items[i].f.sig.verdict == VERDICT_DISCREPANCY)
            failures++;
        else
            errors++;
    }
    for (size_t i = 0; i < r->npairs; i++)
        tests += r->pairs[i].ran && !r->pairs[i].nfind;
    double total = r->m.has_log && isfinite(r->m.stop_at) ? r->m.stop_at : 0;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fprintf(f, "<testsuites name=\"isect campaign\" tests=\"%d\" failures=\"%d\" errors=\"%d\" time=\"%.3f\">\n",
            tests, failures, errors, total);
    /* one suite per target, in the order of the runs, then findings of targets not in the log */
    const char *done[MAX_PAIRS];
    int ndone = 0;
    for (size_t pass = 0; pass < r->npairs + r->n; pass++) {
        const char *t = pass < r->npairs ? r->pairs[pass].target : r->items[pass - r->npairs].f.target;
        int seen = 0;
        for (int k = 0; k < ndone; k++)
            seen |= !strcmp(done[k], t);
        if (seen || ndone == MAX_PAIRS)
            continue;
        done[ndone++] = t;
        int st = 0, sf = 0, se = 0;
        double stime = 0;
        for (size_t i = 0; i < r->n; i++)
            if (!strcmp(r->items[i].f.target, t)) {
                st++;
                if (r->items[i].f.sig.verdict == VERDICT_DISCREPANCY)
                    sf++;
                else
                    se++;
            }
        for (size_t i = 0; i < r->npairs; i++)
            if (!strcmp(r->pairs[i].target, t)) {
                st += r->pairs[i].ran && !r->pairs[i].nfind;
                stime += r->pairs[i].seconds;
            }
        fputs("  <testsuite name=\"", f);
        xml_text_write(f, t);
        fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" time=\"%.3f\">\n", st, sf, se, stime);
        for (size_t i = 0; i < r->npairs; i++) {
            pair_stat *p = &r->pairs[i];
            if (strcmp(p->target, t) || !p->ran || p->nfind)
                continue;
            fputs("    <testcase classname=\"", f);
            xml_text_write(f, p->query);
            fputs("\" name=\"", f);
            xml_text_write(f, p->query);
            fprintf(f, ": no discrepancy in %.0f executions\" time=\"%.3f\"/>\n", p->execs, p->seconds);
        }
        for (size_t i = 0; i < r->n; i++) {
            item *it = &r->items[i];
            if (strcmp(it->f.target, t))
                continue;
            char title[512];
            fputs("    <testcase classname=\"", f);
            xml_text_write(f, it->f.q->name);
            fputs("\" name=\"", f);
            xml_text_write(f, it->f.key);
            fputs("\" time=\"0\">\n", f);
            int disc = it->f.sig.verdict == VERDICT_DISCREPANCY;
            fprintf(f, "      <%s type=\"%s\" message=\"", disc ? "failure" : "error",
                    finding_is_crash(&it->f) ? it->f.sig.output : isect_verdict_name(it->f.sig.verdict));
            xml_text_write(f, title_of(it, title, sizeof title));
            fputs("\">", f);
            xml_text_write(f, "reproducer: ");
            xml_text_write(f, it->rel);
            xml_text_write(f, "\n");
            xml_text_write(f, it->f.notes);
            fprintf(f, "</%s>\n    </testcase>\n", disc ? "failure" : "error");
        }
        fputs("  </testsuite>\n", f);
    }
    fputs("</testsuites>\n", f);
}

static const char *const css =
    "body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px auto;max-width:1100px;"
    "padding:0 16px;color:#222;line-height:1.4}"
    "h1{margin-bottom:4px}h2{border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:32px}"
    "table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ddd;padding:4px 8px;text-align:left;"
    "font-size:14px}th{background:#f4f4f4}td.num{text-align:right;font-variant-numeric:tabular-nums}"
    ".meta{color:#555}.ok{color:#1a7f37;font-weight:600}.bad{color:#c62828;font-weight:600}"
    ".warn{color:#9a6700;font-weight:600}"
    "article.finding{border:1px solid #ddd;border-radius:6px;padding:8px 16px 16px;margin:16px 0}"
    "article.finding h3{margin:8px 0;font-size:16px}"
    "article.discrepancy{border-left:6px solid #d64541}article.invalid{border-left:6px solid #7b4fb5}"
    "pre{background:#f6f8fa;padding:8px;overflow-x:auto;font-size:12.5px}"
    ".pics{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}svg{max-width:100%;height:auto}"
    "details summary{cursor:pointer;color:#0b5cad}";

static void html_pairs_table(FILE *f, report *r)
{
    fputs("<table id=\"summary-table\"><tr><th>query</th><th>target</th><th>executions</th><th>exec/s</th>"
          "<th>runs</th><th>signatures</th><th>discrepancies</th><th>invalid</th><th>max severity</th>"
          "<th>first finding</th></tr>\n",
          f);
    for (size_t i = 0; i < r->npairs; i++) {
        pair_stat *p = &r->pairs[i];
        fputs("<tr><td>", f);
        xml_text_write(f, p->query);
        fputs("</td><td>", f);
        xml_text_write(f, p->target);
        fprintf(f, "</td><td class=\"num\">%.0f</td><td class=\"num\">%.0f</td><td class=\"num\">%d</td>", p->execs,
                p->seconds > 0 ? p->execs / p->seconds : 0, p->runs);
        fprintf(f, "<td class=\"num %s\">%d%s</td><td class=\"num\">%d</td><td class=\"num\">%d</td><td class=\"num\">",
                p->nfind ? "bad" : p->ran ? "ok" : "meta", p->nfind, p->ran || p->nfind ? "" : " (not run)", p->ndisc,
                p->ninv);
        if (p->nfind)
            put_sev(f, p->maxsev);
        else
            fputs("-", f);
        fputs("</td><td class=\"num\">", f);
        put_time(f, p->first);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

static void write_html(FILE *f, report *r)
{
    char ts[64], title[512];
    time_format(ts, sizeof ts, isect_epoch_now());
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<title>isect discrepancy report</title>\n<style>",
          f);
    fputs(css, f);
    fputs("</style>\n</head>\n<body>\n<h1>isect discrepancy report</h1>\n<p class=\"meta\">", f);
    if (r->m.has_log) {
        char st[64];
        time_format(st, sizeof st, r->m.start);
        fprintf(f, "Campaign started %s, budget %.0f s on %d job%s; ", st, r->m.seconds, r->m.jobs,
                r->m.jobs == 1 ? "" : "s");
        if (r->m.finished)
            fprintf(f, "%s after %.1f s. ", !strcmp(r->m.stop, "interrupted") ? "interrupted" : "finished",
                    r->m.stop_at);
        else
            fprintf(f, "<span class=\"warn\">did not finish (killed?)</span>; last event at %.1f s. ", r->m.stop_at);
    }
    fprintf(f, "Report generated %s from <code>", ts);
    xml_text_write(f, r->dir);
    fputs("</code>.</p>\n", f);

    int nd = 0, ni = 0, bad_targets = 0;
    for (size_t i = 0; i < r->n; i++) {
        nd += r->items[i].f.sig.verdict == VERDICT_DISCREPANCY;
        ni += r->items[i].f.sig.verdict != VERDICT_DISCREPANCY;
    }
    for (size_t i = 0; i < r->npairs; i++)
        bad_targets += must_be_clean(r->pairs[i].target) && r->pairs[i].nfind;
    fprintf(f, "<p id=\"verdict\"><b>%zu finding%s</b> (distinct signatures): %d discrepanc%s, %d invalid. ", r->n,
            r->n == 1 ? "" : "s", nd, nd == 1 ? "y" : "ies", ni);
    fprintf(f, "%s</p>\n", bad_targets ? "<span class=\"bad\">Targets that must be clean have findings.</span>"
                                       : "<span class=\"ok\">Every target outside the zoo is clean.</span>");

    fputs("<h2 id=\"summary\">Runs</h2>\n", f);
    if (r->npairs)
        html_pairs_table(f, r);
    else
        fputs("<p>No campaign log: only the findings on disk are shown.</p>\n", f);

    fputs("<h2 id=\"zoo\">Zoo scoreboard</h2>\n<p>The zoo holds historic algorithms with known bugs, which a "
          "campaign should find, and controls of the judge's soundness, which differ from ref only where an "
          "arbitrarily small perturbation explains it and must stay clean.</p>\n<table id=\"zoo-table\"><tr>"
          "<th>zoo target</th><th>kind</th><th>result</th><th>first discrepancy</th>"
          "<th>after its own start</th><th>max severity</th><th>signatures</th></tr>\n",
          f);
    for (size_t t = 0; t < isect_targets_size; t++) {
        const char *name = isect_targets[t]->name;
        if (!is_zoo(name))
            continue;
        zoo_result z = zoo_status(r, name);
        fputs("<tr><td>", f);
        xml_text_write(f, name);
        fprintf(f, "</td><td>%s</td><td class=\"%s\">%s</td><td class=\"num\">", zoo_kind(&z),
                !z.ran ? "meta" : z.ok ? "ok" : "bad", z.word);
        put_time(f, z.found ? z.first : NAN);
        fputs("</td><td class=\"num\">", f);
        put_time(f, z.found ? z.own : NAN);
        fputs("</td><td class=\"num\">", f);
        if (z.found)
            put_sev(f, z.maxsev);
        else
            fputs("-", f);
        fprintf(f, "</td><td class=\"num\">%d</td></tr>\n", z.sigs);
    }
    fputs("</table>\n", f);

    fprintf(f, "<h2 id=\"findings\">Findings</h2>\n<p>One per signature (query, target, verdict, feature of the "
               "exact answer, output that differs, decade of severity), the most severe reproducer kept. Severity "
               "is a certified lower bound on the input perturbation, in units of 2<sup>-24</sup> times the "
               "largest input magnitude, that would make the target's answer exact.</p>\n");
    if (!r->n)
        fputs("<p class=\"ok\">No finding.</p>\n", f);
    for (size_t i = 0; i < r->n; i++) {
        item *it = &r->items[i];
        fprintf(f, "<article class=\"finding %s\" id=\"", isect_verdict_name(it->f.sig.verdict));
        xml_text_write(f, it->f.key);
        fputs("\">\n<h3>", f);
        xml_text_write(f, title_of(it, title, sizeof title));
        fputs("</h3>\n<p class=\"meta\">", f);
        if (isfinite(it->elapsed)) {
            fputs("first found ", f);
            put_time(f, it->elapsed);
            fputs(" into the campaign; ", f);
        }
        fputs("reproducer <a href=\"", f);
        xml_text_write(f, it->rel);
        fputs("\">", f);
        xml_text_write(f, it->rel);
        fputs("</a>", f);
        if (it->minimized) {
            fputs("; minimized <a href=\"minimized/", f);
            xml_text_write(f, it->f.key);
            fputs(".case\">minimized/", f);
            xml_text_write(f, it->f.key);
            fputs(".case</a>", f);
        }
        fputs("</p>\n<pre class=\"notes\">", f);
        xml_text_write(f, it->f.notes);
        fputs("</pre>\n<div class=\"pics\">\n", f);
        if (it->picture)
            fputs(it->picture, f);
        if (it->map)
            fputs(it->map, f);
        fputs("</div>\n", f);
        if (it->minimized) {
            fputs("<details open><summary>minimized case</summary><pre>", f);
            xml_text_write(f, it->minimized);
            fputs("</pre></details>\n", f);
        }
        char *text = slurp_text(it->f.path);
        if (text) {
            fputs("<details><summary>reproducer as found</summary><pre>", f);
            xml_text_write(f, text);
            fputs("</pre></details>\n", f);
            free(text);
        }
        fputs("</article>\n", f);
    }
    fputs("<h2 id=\"files\">Files</h2>\n<p><a href=\"findings.json\">findings.json</a> (machine-readable), "
          "<a href=\"junit.xml\">junit.xml</a> (one test case per signature), <a href=\"report.md\">report.md</a>"
          ", <a href=\"campaign.log\">campaign.log</a>.</p>\n</body>\n</html>\n",
          f);
}

static void write_md(FILE *f, report *r)
{
    char title[512], b[64];
    fputs("# isect discrepancy report\n\n", f);
    if (r->m.has_log) {
        char st[64];
        time_format(st, sizeof st, r->m.start);
        fprintf(f, "Campaign started %s, budget %.0f s on %d job%s; %s.\n\n", st, r->m.seconds, r->m.jobs,
                r->m.jobs == 1 ? "" : "s",
                !r->m.finished                     ? "did not finish (killed?)"
                : !strcmp(r->m.stop, "interrupted") ? "interrupted"
                                                    : "finished");
        fputs("| query | target | executions | exec/s | signatures | discrepancies | invalid | max severity | first "
              "finding |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n",
              f);
        for (size_t i = 0; i < r->npairs; i++) {
            pair_stat *p = &r->pairs[i];
            fprintf(f, "| %s | %s | %.0f | %.0f | %d | %d | %d | %s | ", p->query, p->target, p->execs,
                    p->seconds > 0 ? p->execs / p->seconds : 0, p->nfind, p->ndisc, p->ninv,
                    p->nfind ? number_short(b, sizeof b, p->maxsev) : "-");
            put_time(f, p->first);
            fputs(" |\n", f);
        }
    }
    fputs("\n## Zoo scoreboard\n\n| zoo target | kind | result | first discrepancy | after its own start | max severity "
          "| signatures |\n|---|---|---|---:|---:|---:|---:|\n",
          f);
    for (size_t t = 0; t < isect_targets_size; t++) {
        const char *name = isect_targets[t]->name;
        if (!is_zoo(name))
            continue;
        zoo_result z = zoo_status(r, name);
        fprintf(f, "| %s | %s | %s%s%s | ", name, zoo_kind(&z), z.ok || !z.ran ? "" : "**", z.word,
                z.ok || !z.ran ? "" : "**");
        put_time(f, z.found ? z.first : NAN);
        fputs(" | ", f);
        put_time(f, z.found ? z.own : NAN);
        fprintf(f, " | %s | %d |\n", z.found ? number_short(b, sizeof b, z.maxsev) : "-", z.sigs);
    }
    fprintf(f, "\n## Findings (%zu)\n\n", r->n);
    for (size_t i = 0; i < r->n; i++) {
        item *it = &r->items[i];
        fprintf(f, "### %s\n\n", title_of(it, title, sizeof title));
        if (isfinite(it->elapsed)) {
            fputs("First found ", f);
            put_time(f, it->elapsed);
            fputs(" into the campaign. ", f);
        }
        fprintf(f, "Reproducer: [%s](%s)", it->rel, it->rel);
        if (it->minimized)
            fprintf(f, ", minimized: [minimized/%s.case](minimized/%s.case)", it->f.key, it->f.key);
        fputs(".\n\n", f);
        if (it->picture)
            fprintf(f, "![configuration](pictures/%s.svg)\n\n", it->f.key);
        if (it->map)
            fprintf(f, "![failure map](maps/%s.svg)\n\n", it->f.key);
        fprintf(f, "```\n%s```\n\n", it->minimized ? it->minimized : it->f.notes);
    }
}

typedef struct {
    report *r;
    void (*fn)(FILE *, report *);
} writer;

static void call_writer(FILE *f, void *arg)
{
    writer *w = arg;
    w->fn(f, w->r);
}

static int put_file(const char *dir, const char *name, const char *text)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!text || isect_write_atomic(path, text, strlen(text))) {
        fprintf(stderr, "isect report: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

static int emit(report *r, const char *name, void (*fn)(FILE *, report *))
{
    writer w = {r, fn};
    char *text = render(call_writer, &w);
    int rc = put_file(r->out, name, text);
    free(text);
    return rc;
}

static void print_summary(FILE *f, report *r)
{
    fprintf(f, "%-22s %-16s %12s %9s %6s %6s %6s %10s %8s\n", "query", "target", "executions", "exec/s", "sigs",
            "disc", "inval", "max sev", "first");
    for (size_t i = 0; i < r->npairs; i++) {
        pair_stat *p = &r->pairs[i];
        char sev[32], first[32];
        if (p->nfind)
            number_short(sev, sizeof sev, p->maxsev);
        else
            snprintf(sev, sizeof sev, "-");
        if (isfinite(p->first))
            snprintf(first, sizeof first, "%.1f s", p->first);
        else
            snprintf(first, sizeof first, "-");
        fprintf(f, "%-22s %-16s %12.0f %9.0f %6d %6d %6d %10s %8s%s\n", p->query, p->target, p->execs,
                p->seconds > 0 ? p->execs / p->seconds : 0, p->nfind, p->ndisc, p->ninv, sev, first,
                !must_be_clean(p->target) ? (p->ndisc ? "  zoo: found" : p->ran ? "  zoo: NOT FOUND" : "  not run")
                : p->nfind                ? "  <- FINDINGS"
                : !p->ran                 ? "  not run"
                                          : (is_zoo(p->target) ? "  clean (zoo control)" : "  clean"));
    }
}

/* ---- the command ------------------------------------------------------------- */

static int copy_file(const char *from, const char *to)
{
    char *text = slurp_text(from);
    int rc = text ? isect_write_atomic(to, text, strlen(text)) : -1;
    free(text);
    return rc;
}

int report_generate(const char *dir, const char *out, FILE *summary, int quiet, int do_minimize, int do_maps)
{
    static report r;
    memset(&r, 0, sizeof r);
    r.m.stop_at = NAN;
    r.m.start = NAN;
    r.dir = dir;
    r.out = out;
    char path[2048];
    snprintf(path, sizeof path, "%s/campaign.log", dir);
    read_log(&r, path);
    int campaign = r.m.has_log;
    snprintf(path, sizeof path, "%s/findings", dir);
    char **names = NULL;
    size_t nn = 0;
    list_cases(campaign ? path : dir, &names, &nn, 0);
    if (isect_mkdir_p(out)) {
        fprintf(stderr, "isect report: cannot create %s: %s\n", out, strerror(errno));
        return 2;
    }
    r.items = calloc(nn ? nn : 1, sizeof *r.items);
    if (!r.items) {
        fprintf(stderr, "isect report: out of memory\n");
        return 2;
    }
    int errors = 0;
    for (size_t i = 0; i < nn; i++) {
        item *it = &r.items[r.n];
        char err[1024];
        if (r.n >= MAX_ITEMS || finding_load(names[i], NULL, &it->f, err, sizeof err)) {
            if (r.n < MAX_ITEMS) {
                fprintf(stderr, "isect report: skipping %s\n", err);
                errors++;
            }
            free(names[i]);
            continue;
        }
        if (!it->f.has_header && it->f.sig.verdict != VERDICT_DISCREPANCY && it->f.sig.verdict != VERDICT_INVALID) {
            free(names[i]); /* a corpus case, not a finding */
            continue;
        }
        it->zoo = !must_be_clean(it->f.target);
        it->elapsed = isfinite(r.m.start) && isfinite(it->f.first) ? it->f.first - r.m.start : NAN;
        if (campaign && !strncmp(names[i], dir, strlen(dir)) && names[i][strlen(dir)] == '/')
            snprintf(it->rel, sizeof it->rel, "%s", names[i] + strlen(dir) + 1);
        else {
            /* copied into the report */
            char d[1600], to[2048];
            snprintf(d, sizeof d, "%s/findings/%s", out, it->f.q->name);
            snprintf(it->rel, sizeof it->rel, "findings/%s/%s.case", it->f.q->name, it->f.key);
            snprintf(to, sizeof to, "%s/%s", out, it->rel);
            if (isect_mkdir_p(d) || copy_file(names[i], to))
                fprintf(stderr, "isect report: cannot copy %s to %s\n", names[i], to);
        }
        free(names[i]);
        r.n++;
    }
    free(names);
    qsort(r.items, r.n, sizeof *r.items, cmp_item);

    /* per pair counts */
    for (size_t i = 0; i < r.n; i++) {
        item *it = &r.items[i];
        pair_stat *p = pair_get(&r, it->f.q->name, it->f.target);
        if (!p)
            continue;
        p->nfind++;
        if (it->f.sig.verdict == VERDICT_DISCREPANCY)
            p->ndisc++;
        else
            p->ninv++;
        p->maxsev = fmax(p->maxsev, it->f.sig.severity);
        if (isfinite(it->elapsed) && !(p->first <= it->elapsed))
            p->first = it->elapsed;
    }

    /* evaluate, draw, minimize */
    if (!quiet && r.n)
        fprintf(stderr, "isect report: %zu finding%s: pictures%s%s...\n", r.n, r.n == 1 ? "" : "s",
                do_minimize ? ", minimizing" : "", do_maps ? ", failure maps" : "");
    char d1[1600], d2[1600], d3[1600];
    snprintf(d1, sizeof d1, "%s/pictures", out);
    snprintf(d2, sizeof d2, "%s/maps", out);
    snprintf(d3, sizeof d3, "%s/minimized", out);
    isect_mkdir_p(d1);
    if (do_maps)
        isect_mkdir_p(d2);
    if (do_minimize)
        isect_mkdir_p(d3);
    int maps_per_target[MAX_PAIRS] = {0}, nmaps = 0;
    for (size_t i = 0; i < r.n; i++) {
        item *it = &r.items[i];
        evaluate(it);
        it->picture = render(render_picture, it);
        char name[600];
        snprintf(name, sizeof name, "%s.svg", it->f.key);
        if (it->picture)
            put_file(d1, name, it->picture);
        int usable = it->f.t && !finding_is_crash(&it->f) && isect_target_entry_for(it->f.t, it->f.q->name);
        if (do_minimize && usable) {
            it->minimized = render(render_minimized, it);
            if (it->minimized && !*it->minimized) {
                free(it->minimized);
                it->minimized = NULL;
            }
            if (it->minimized) {
                snprintf(name, sizeof name, "%s.case", it->f.key);
                put_file(d3, name, it->minimized);
            }
        }
    }
    /* failure maps of the most severe findings, at most two per target */
    if (do_maps) {
        size_t order[MAX_ITEMS];
        size_t no = 0;
        for (size_t i = 0; i < r.n; i++)
            if (r.items[i].ran && !finding_is_crash(&r.items[i].f))
                order[no++] = i;
        for (size_t a = 0; a < no; a++)
            for (size_t b = a + 1; b < no; b++)
                if (r.items[order[b]].f.sig.severity > r.items[order[a]].f.sig.severity) {
                    size_t t = order[a];
                    order[a] = order[b];
                    order[b] = t;
                }
        for (size_t k = 0; k < no && nmaps < TOP_MAPS; k++) {
            item *it = &r.items[order[k]];
            size_t ti = 0;
            while (ti < isect_targets_size && isect_targets[ti] != it->f.t)
                ti++;
            if (ti < MAX_PAIRS && maps_per_target[ti] >= 2)
                continue;
            make_map(it);
            if (it->map) {
                char name[600];
                snprintf(name, sizeof name, "%s.svg", it->f.key);
                put_file(d2, name, it->map);
                if (ti < MAX_PAIRS)
                    maps_per_target[ti]++;
                nmaps++;
            }
        }
    }

    int rc = 0;
    rc |= emit(&r, "findings.json", write_json);
    rc |= emit(&r, "junit.xml", write_junit);
    rc |= emit(&r, "report.md", write_md);
    rc |= emit(&r, "index.html", write_html);

    int bad = 0;
    for (size_t i = 0; i < r.n; i++)
        bad |= !r.items[i].zoo;
    if (summary) {
        print_summary(summary, &r);
        int zoo_total = 0, zoo_found = 0;
        for (size_t t = 0; t < isect_targets_size; t++) {
            const char *name = isect_targets[t]->name;
            if (!is_zoo(name) || zoo_control(name))
                continue;
            zoo_result z = zoo_status(&r, name);
            zoo_total += z.ran;
            zoo_found += z.ran && z.found;
        }
        fprintf(summary, "%zu finding%s; zoo bugs found: %d of %d run; targets that must be clean: %s\n", r.n,
                r.n == 1 ? "" : "s", zoo_found, zoo_total, bad ? "FINDINGS" : "clean");
        fprintf(summary, "report: %s/index.html\n", out);
    }
    for (size_t i = 0; i < r.n; i++) {
        free(r.items[i].minimized);
        free(r.items[i].picture);
        free(r.items[i].map);
    }
    free(r.items);
    if (rc)
        return 2;
    (void)errors;
    return bad ? 1 : 0;
}

int cmd_report(int argc, char **argv)
{
    static const struct option longs[] = {
        {"out", required_argument, NULL, 'o'},   {"no-minimize", no_argument, NULL, 'M'},
        {"no-maps", no_argument, NULL, 'P'},     {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},        {NULL, 0, NULL, 0},
    };
    const char *out = NULL;
    int quiet = 0, do_min = 1, do_maps = 1;
    optind = 1;
    opterr = 0;
    for (int ch; (ch = getopt_long(argc, argv, "+o:qh", longs, NULL)) != -1;) {
        switch (ch) {
        case 'o':
            out = optarg;
            break;
        case 'M':
            do_min = 0;
            break;
        case 'P':
            do_maps = 0;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            fputs(help_report, stdout);
            return 0;
        default:
            fprintf(stderr, "isect report: unknown or incomplete option '%s'\nTry 'isect report --help'.\n",
                    argv[optind - 1]);
            return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "isect report: %s\nTry 'isect report --help'.\n",
                optind >= argc ? "no DIR given" : "one DIR at a time");
        return 2;
    }
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", argv[optind]);
    size_t dl = strlen(dir);
    while (dl > 1 && dir[dl - 1] == '/')
        dir[--dl] = 0;
    struct stat st;
    if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "isect report: %s: %s\n", dir, stat(dir, &st) ? strerror(errno) : "not a directory");
        return 2;
    }
    char log[1100], outbuf[1100];
    snprintf(log, sizeof log, "%s/campaign.log", dir);
    if (!out) {
        if (!access(log, R_OK))
            out = dir;
        else {
            time_t now = time(NULL);
            struct tm tm;
            gmtime_r(&now, &tm);
            char stamp[32];
            strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
            snprintf(outbuf, sizeof outbuf, "reports/%s", stamp);
            out = outbuf;
        }
    }
    return report_generate(dir, out, quiet ? NULL : stdout, quiet, do_min, do_maps);
}
