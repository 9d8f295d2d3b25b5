/* cli/report.c: `isect report`, the discrepancy report of a campaign (or
 * of any folder of findings): index.html (self-contained), report.md,
 * findings.json, junit.xml, the minimized reproducers, pictures and
 * failure maps.  Everything is regenerated from what is on disk: the
 * reproducers under findings/ and the campaign's append-only campaign.log.
 * reports/README.md describes the format. */
#include "report.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *const help_report =
    "usage: isect report [--out DIR] [--no-minimize] [--no-maps] [--quiet]\n"
    "                    [--query Q] [--target T] DIR...\n\n"
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
    "from the files alone, also after a campaign was interrupted or killed.\n\n"
    "Several DIRs (campaign folders of many machines, plain folders) merge\n"
    "into one report in --out: one finding per signature, the most severe;\n"
    "executions of the campaigns add up.  In plain folders the crash files of\n"
    "the fuzzing engines (libFuzzer's crash-*, timeout-*, oom-*, leak-*;\n"
    "ClusterFuzz's clusterfuzz-testcase-*) are decoded as the query's harness\n"
    "decodes them and judged again: the query is --query, else the last part\n"
    "of the file's path that names one (ray_triangle, fuzz_ray_triangle,\n"
    "clusterfuzz-testcase-minimized-fuzz_ray_triangle-ID); the target is\n"
    "--target, else a part of the path named as the campaign names targets\n"
    "(zoo-mt_eps), else fast.  --target is also the target of .case files\n"
    "without a finding header.\n\n"
    "Prints a summary table and the report's path.  Exit status: 0 no finding\n"
    "in a target outside the zoo; 1 findings in such a target; 2 bad usage or\n"
    "input.\n";

/* ---- reading --------------------------------------------------------------- */

int is_zoo(const char *target) { return !strncmp(target, "zoo:", 4); }

int is_peer(const char *target) { return !strncmp(target, "peer:", 5); }

int must_be_clean(const char *target) { return (!is_zoo(target) && !is_peer(target)) || zoo_control(target); }

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



double report_read_log(report *r, const char *path)
{
    static report one;
    memset(&one, 0, sizeof one);
    one.m.start = one.m.stop_at = NAN;
    read_log(&one, path);
    if (!one.m.has_log)
        return NAN;
    if (!r->m.has_log)
        r->m = one.m;
    else {
        r->m.start = fmin(r->m.start, one.m.start);
        r->m.seconds = fmax(r->m.seconds, one.m.seconds);
        r->m.jobs += one.m.jobs;
        r->m.finished &= one.m.finished;
        r->m.stop_at = fmax(r->m.stop_at, one.m.stop_at);
    }
    for (size_t i = 0; i < one.npairs; i++) {
        const pair_stat *o = &one.pairs[i];
        pair_stat *p = pair_get(r, o->query, o->target);
        if (!p)
            continue;
        p->execs += o->execs;
        p->seconds += o->seconds;
        p->runs += o->runs;
        p->crashes += o->crashes;
        p->timeouts += o->timeouts;
        if (o->ran && !(p->first_run <= o->first_run))
            p->first_run = o->first_run;
        p->ran |= o->ran;
    }
    return one.m.start;
}

static int cmp_item(const void *a, const void *b)
{
    const item *x = a, *y = b;
    if (x->zoo != y->zoo)
        return x->zoo - y->zoo; /* targets outside the zoo first */
    int c = strcmp(x->f.target, y->f.target);
    if (c)
        return c;
    c = strcmp(x->f.pair, y->f.pair);
    if (c)
        return c;
    if (x->f.sig.verdict != y->f.sig.verdict)
        return (int)x->f.sig.verdict - (int)y->f.sig.verdict; /* discrepancies first */
    c = strcmp(cause_kind(&x->f), cause_kind(&y->f));
    if (c)
        return c;
    c = strcmp(x->f.sig.feature, y->f.sig.feature);
    if (c)
        return c;
    return (x->f.sig.severity < y->f.sig.severity) - (x->f.sig.severity > y->f.sig.severity);
}

/* ---- writing ------------------------------------------------------------------ */

void put_time(FILE *f, double s)
{
    if (!isfinite(s))
        fputs("-", f);
    else if (s < 10)
        fprintf(f, "%.2f s", s);
    else
        fprintf(f, "%.0f s", s);
}

void put_sev(FILE *f, double s)
{
    char b[32];
    fputs(number_short(b, sizeof b, s), f);
}

const char *title_of(const item *it, char *buf, size_t len)
{
    char sv[32];
    if (finding_is_crash(&it->f))
        snprintf(buf, len, "%s on %s: %s (exact answer: %s)", it->f.target, it->f.q->name,
                 !strcmp(it->f.sig.output, ISECT_FINDING_TIMEOUT) ? "hangs" : "crashes", it->f.sig.feature);
    else if (it->f.property[0])
        snprintf(buf, len, "%s on %s: property %s violated, severity %s", it->f.target, it->f.q->name,
                 it->f.property, number_short(sv, sizeof sv, it->f.sig.severity));
    else
        snprintf(buf, len, "%s on %s: %s on %s (exact answer: %s), severity %s", it->f.target, it->f.q->name,
                 isect_verdict_name(it->f.sig.verdict), it->f.sig.output, it->f.sig.feature,
                 number_short(sv, sizeof sv, it->f.sig.severity));
    return buf;
}


const char *cause_kind(const isect_finding *f)
{
    return finding_is_crash(f) ? f->sig.output : finding_verdict(f);
}

const char *cause_title(const report *r, const cause *c, char *buf, size_t len)
{
    const isect_finding *f = &r->items[c->first].f;
    const char *kind = cause_kind(f);
    snprintf(buf, len, "%s on %s: %s, exact answer %s (%zu signature%s)", f->target, f->pair,
             !strcmp(kind, ISECT_FINDING_CRASH) ? "crashes" : !strcmp(kind, ISECT_FINDING_TIMEOUT) ? "hangs" : kind,
             f->property[0] ? "-" : f->sig.feature, c->n, c->n == 1 ? "" : "s");
    return buf;
}

size_t count_causes(const report *r, const char *target, int zoo)
{
    size_t n = 0;
    for (size_t i = 0; i < r->ncauses; i++) {
        const item *it = &r->items[r->causes[i].first];
        n += (!target || !strcmp(it->f.target, target)) && (zoo < 0 || it->zoo == zoo);
    }
    return n;
}

/* Groups the sorted items into causes; counts them per pair. */
static void group_causes(report *r)
{
    r->causes = r->n ? calloc(r->n, sizeof *r->causes) : NULL;
    r->ncauses = 0;
    for (size_t i = 0; i < r->n && r->causes; i++) {
        const isect_finding *f = &r->items[i].f, *g = i ? &r->items[i - 1].f : NULL;
        if (!g || strcmp(f->target, g->target) || strcmp(f->pair, g->pair) ||
            strcmp(cause_kind(f), cause_kind(g)) || strcmp(f->sig.feature, g->sig.feature)) {
            cause *c = &r->causes[r->ncauses++];
            c->first = i;
            c->maxsev = f->sig.severity;
            c->elapsed = NAN;
            pair_stat *p = pair_get(r, f->pair, f->target);
            if (p)
                p->ncauses++;
        }
        cause *c = &r->causes[r->ncauses - 1];
        c->n++;
        if (isfinite(r->items[i].elapsed) && !(c->elapsed <= r->items[i].elapsed))
            c->elapsed = r->items[i].elapsed;
    }
}

static zoo_result zoo_status(const report *r, const char *name)
{
    zoo_result z = {name, 0, 0, 0, zoo_control(name), 0, INFINITY, 0, INFINITY, ""};
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
                        if (!strcmp(r->pairs[k].target, name) && !strcmp(r->pairs[k].query, r->items[i].f.pair) &&
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

size_t zoo_results(const report *r, zoo_result *z, size_t max)
{
    size_t n = 0;
    for (size_t t = 0; t < isect_target_count() && n < max; t++)
        if (is_zoo(isect_target_at(t)->name))
            z[n++] = zoo_status(r, isect_target_at(t)->name);
    return n;
}

const char *zoo_kind(const zoo_result *z)
{
    return z->control ? "control: must stay clean" : "bug: must be found";
}


typedef struct {
    const report *r;
    void (*fn)(FILE *, const report *);
} writer;

static void call_writer(FILE *f, void *arg)
{
    writer *w = arg;
    w->fn(f, w->r);
}

int put_file(const char *dir, const char *name, const char *text)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!text || isect_write_atomic(path, text, strlen(text))) {
        fprintf(stderr, "isect report: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

static int emit(const report *r, const char *name, void (*fn)(FILE *, const report *))
{
    writer w = {r, fn};
    char *text = render(call_writer, &w);
    int rc = put_file(r->out, name, text);
    free(text);
    return rc;
}

static void print_summary(FILE *f, const report *r)
{
    fprintf(f, "%-22s %-16s %12s %9s %6s %6s %6s %6s %10s %8s\n", "query", "target", "executions", "exec/s",
            "causes", "sigs", "disc", "inval", "max sev", "first");
    for (size_t i = 0; i < r->npairs; i++) {
        const pair_stat *p = &r->pairs[i];
        char sev[32], first[32];
        if (p->nfind)
            number_short(sev, sizeof sev, p->maxsev);
        else
            snprintf(sev, sizeof sev, "-");
        if (isfinite(p->first))
            snprintf(first, sizeof first, "%.1f s", p->first);
        else
            snprintf(first, sizeof first, "-");
        fprintf(f, "%-22s %-16s %12.0f %9.0f %6d %6d %6d %6d %10s %8s%s\n", p->query, p->target, p->execs,
                p->seconds > 0 ? p->execs / p->seconds : 0, p->ncauses, p->nfind, p->ndisc, p->ninv, sev, first,
                is_peer(p->target)        ? (p->nfind ? "  peer: findings" : p->ran ? "  peer: clean" : "  not run")
                : !must_be_clean(p->target) ? (p->ndisc ? "  zoo: found" : p->ran ? "  zoo: NOT FOUND" : "  not run")
                : p->nfind                ? "  <- FINDINGS"
                : !p->ran                 ? "  not run"
                                          : (is_zoo(p->target) ? "  clean (zoo control)" : "  clean"));
    }
}

/* ---- the command ------------------------------------------------------------- */

/* Per pair: the count of signatures, the most severe, the first found. */
static void count_pairs(report *r)
{
    for (size_t i = 0; i < r->n; i++) {
        item *it = &r->items[i];
        pair_stat *p = pair_get(r, it->f.pair, it->f.target);
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
}

/* The summary table and totals for the terminal. */
static void print_totals(FILE *summary, const report *r, int bad)
{
    print_summary(summary, r);
    int zoo_total = 0, zoo_found = 0;
    zoo_result zs[MAX_PAIRS];
    size_t nzoo = zoo_results(r, zs, MAX_PAIRS);
    for (size_t t = 0; t < nzoo; t++)
        if (!zs[t].control) {
            zoo_total += zs[t].ran;
            zoo_found += zs[t].ran && zs[t].found;
        }
    size_t peers = 0;
    for (size_t i = 0; i < r->ncauses; i++)
        peers += is_peer(r->items[r->causes[i].first].f.target);
    fprintf(summary, "%zu cause%s (%zu signature%s; %zu in targets that must be clean, %zu in the peers); zoo bugs "
            "found: %d of %d run; targets that must be clean: %s\n",
            r->ncauses, r->ncauses == 1 ? "" : "s", r->n, r->n == 1 ? "" : "s", count_causes(r, NULL, 0), peers,
            zoo_found, zoo_total, bad ? "FINDINGS" : "clean");
    fprintf(summary, "report: %s/index.html\n", r->out);
}

int report_generate(const char *dir, const char *out, FILE *summary, int quiet, int do_minimize, int do_maps)
{
    char *dirs[] = {(char *)dir};
    return report_generate_dirs(dirs, 1, out, NULL, NULL, summary, quiet, do_minimize, do_maps);
}

int report_generate_dirs(char **dirs, int ndirs, const char *out, const char *query, const char *target,
                         FILE *summary, int quiet, int do_minimize, int do_maps)
{
    static report r;
    memset(&r, 0, sizeof r);
    r.m.stop_at = NAN;
    r.m.start = NAN;
    r.dir = dirs[0];
    r.out = out;
    if (isect_mkdir_p(out)) {
        fprintf(stderr, "isect report: cannot create %s: %s\n", out, strerror(errno));
        return 2;
    }
    report_load(&r, dirs, ndirs, query, target);
    if (summary && ndirs > 1)
        fprintf(summary, "merged %d folders: %zu findings read, %zu duplicate%s of a signature dropped\n", ndirs,
                r.nread, r.ndups, r.ndups == 1 ? "" : "s");
    if (r.n) /* items is NULL when nothing was read */
        qsort(r.items, r.n, sizeof *r.items, cmp_item);
    count_pairs(&r);
    group_causes(&r);
    if (!quiet && r.n)
        fprintf(stderr, "isect report: %zu finding%s: pictures%s%s...\n", r.n, r.n == 1 ? "" : "s",
                do_minimize ? ", minimizing" : "", do_maps ? ", failure maps" : "");
    draw_items(&r, do_minimize);
    if (do_maps)
        draw_maps(&r);
    int rc = 0;
    rc |= emit(&r, "findings.json", write_json);
    rc |= emit(&r, "junit.xml", write_junit);
    rc |= emit(&r, "report.md", write_md);
    rc |= emit(&r, "index.html", write_html);
    int bad = 0;
    for (size_t i = 0; i < r.n; i++)
        bad |= !r.items[i].zoo;
    if (summary)
        print_totals(summary, &r, bad);
    for (size_t i = 0; i < r.n; i++) {
        free(r.items[i].minimized);
        free(r.items[i].picture);
        free(r.items[i].map);
    }
    free(r.items);
    free(r.causes);
    if (rc)
        return 2;
    return bad ? 1 : 0;
}

int cmd_report(int argc, char **argv)
{
    static const struct option longs[] = {
        {"out", required_argument, NULL, 'o'},   {"no-minimize", no_argument, NULL, 'M'},
        {"no-maps", no_argument, NULL, 'P'},     {"quiet", no_argument, NULL, 'q'},
        {"query", required_argument, NULL, 'Q'}, {"target", required_argument, NULL, 'T'},
        {"help", no_argument, NULL, 'h'},        {NULL, 0, NULL, 0},
    };
    const char *out = NULL, *query = NULL, *target = NULL;
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
        case 'Q':
            query = optarg;
            break;
        case 'T':
            target = optarg;
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
    if (optind >= argc || (query && !isect_query_find(query)) || (target && !isect_target_find(target))) {
        fprintf(stderr, "isect report: %s%s\nTry 'isect report --help'.\n",
                optind >= argc ? "no DIR given" : query && !isect_query_find(query) ? "unknown query " : "unknown target ",
                optind >= argc ? "" : query && !isect_query_find(query) ? query : target);
        return 2;
    }
    int ndirs = argc - optind;
    char **dirs = argv + optind;
    for (int i = 0; i < ndirs; i++) {
        size_t dl = strlen(dirs[i]);
        while (dl > 1 && dirs[i][dl - 1] == '/')
            dirs[i][--dl] = 0;
        struct stat st;
        if (stat(dirs[i], &st) || !S_ISDIR(st.st_mode)) {
            fprintf(stderr, "isect report: %s: %s\n", dirs[i],
                    stat(dirs[i], &st) ? strerror(errno) : "not a directory");
            return 2;
        }
    }
    char log[1100], outbuf[1100];
    snprintf(log, sizeof log, "%s/campaign.log", dirs[0]);
    if (!out) {
        if (ndirs == 1 && !access(log, R_OK))
            out = dirs[0];
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
    return report_generate_dirs(dirs, ndirs, out, query, target, quiet ? NULL : stdout, quiet, do_min, do_maps);
}
