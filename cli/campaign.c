/* cli/campaign.c: `isect campaign`, every selected fuzz harness against
 * every selected target, under a supervisor that survives the targets.
 *
 * The supervisor runs the libFuzzer harnesses (build/fuzz/fuzz_QUERY) as
 * child processes with ISECT_TARGET, ISECT_FINDINGS and ISECT_CONTINUE=1:
 * each harness writes one reproducer per signature into
 * OUT/findings/QUERY/ as it finds them (atomically, the most severe kept).
 * A harness that dies (the target crashed: libFuzzer leaves a crash- file;
 * it hung: a timeout- file) is recorded as an invalid finding with a .case
 * made from that input, and restarted for the rest of its time.  Nothing
 * the report needs lives only in memory: OUT/campaign.log is written
 * append-only as events happen, so Ctrl-C (the report is still written)
 * or a SIGKILL (run `isect report OUT`) loses no finding.
 *
 * Time: the budget of SECONDS x JOBS core-seconds is shared among the
 * (query, target) pairs as they start; a zoo target stops --zoo-seconds
 * after its first discrepancy (the zoo is there to be caught), and a core
 * that falls free runs another process of a pair outside the zoo (the
 * processes of one pair share its corpus). */
#include "commands.h"

#include "isect_ref.h"
#include "property.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *const help_campaign =
    "usage: isect campaign [--seconds S] [--queries Q,...] [--targets T,...]\n"
    "                      [--jobs N] [--out DIR] [options]\n\n"
    "Fuzzes every selected query that has a harness against every selected\n"
    "target that supports it, for S seconds on N cores, then writes the report\n"
    "(isect report) and prints its path and a summary table.  A live line shows\n"
    "the elapsed time, executions per second and findings so far.\n\n"
    "  --seconds S      wall-clock budget (default 120)\n"
    "  --queries LIST   queries, comma- or space-separated (default: every query\n"
    "                   whose harness is built in --fuzz-dir)\n"
    "  --targets LIST   targets (default: all; isect targets lists them)\n"
    "  --jobs N         harness processes at a time (default: online cores)\n"
    "  --out DIR        campaign folder (default reports/YYYYMMDD-HHMMSS; the\n"
    "                   link reports/latest points to it)\n"
    "  --fuzz-dir DIR   the libFuzzer harnesses, fuzz_QUERY (default build/fuzz;\n"
    "                   make fuzz builds them)\n"
    "  --corpus-dir DIR working corpora, one folder per query (default\n"
    "                   build/fuzz-corpus); corpus/QUERY seeds them\n"
    "  --timeout S      an input running longer is a hang (default 5)\n"
    "  --zoo-seconds S  a zoo target stops S seconds after its first\n"
    "                   discrepancy (default 5; 0: it runs its full share)\n"
    "  --seed N         libFuzzer seeds derived from N (default: random)\n"
    "  --no-report      only the findings and campaign.log\n\n"
    "A crash or a hang of a target is recorded as an invalid finding and the\n"
    "campaign goes on.  Findings are deduplicated by signature (query, target,\n"
    "verdict, feature of the exact answer, output that differs, decade of the\n"
    "severity), keeping the most severe reproducer; each is written to\n"
    "DIR/findings/QUERY/ when found, so an interrupted or killed campaign keeps\n"
    "them (isect report DIR regenerates the report).\n"
    "Exit status: 0 no finding in a target outside the zoo (the zoo's bugs are\n"
    "expected); 1 findings in such a target; 2 bad usage or a harness that\n"
    "cannot run; 130 interrupted (after writing the report).\n";

enum { MAX_PAIRS = 256, MAX_PROCS = 64, MAX_SEEN = 512, TAIL = 6144 };

typedef struct {
    const isect_query *q; /* for a property: its first base query the target supports */
    const isect_target *t;
    const isect_property *prop; /* a property harness (prop_NAME), or NULL */
    char name[64];              /* q's name, or prop_NAME: folders and logs */
    char tname[64]; /* the target's name fit for a file name */
    int zoo; /* a zoo bug to catch (not a control) */
    int started, done, broken, nproc, runs, crashes, timeouts;
    double budget_end, runtime, execs_done, execs_running;
    double first_disc; /* seconds since start, NAN if none */
    char *seen[MAX_SEEN];
    int nseen;
} pair;

typedef struct {
    pid_t pid;
    int fd;
    pair *p;
    double start, end, kill_at, last_execs;
    int sent_int;
    char line[4096];
    size_t len;
    char tail[TAIL]; /* the last output, for the reason of a crash */
    size_t tail_len;
    char artifact[1024];
    FILE *log;
} proc;

typedef struct {
    double seconds, timeout, zoo_seconds;
    int jobs;
    unsigned long seed;
    int have_seed, report;
    const char *out, *fuzz_dir, *corpus_dir;
    const char *queries, *targets;
} options;

static volatile sig_atomic_t interrupted;
static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

static pair pairs[MAX_PAIRS];
static int npairs;
static proc procs[MAX_PROCS];
static int nprocs;
static double t0;
static FILE *camp_log;
static char out_dir[1024];
static int tty;
static int status_shown;

static double since(void) { return epoch_now() - t0; }

static void logev(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(camp_log, fmt, ap);
    va_end(ap);
    fputc('\n', camp_log);
    fflush(camp_log);
}

/* A line for the user, above the live status line. */
static void say(const char *fmt, ...)
{
    if (tty && status_shown)
        fputs("\r\033[K", stderr);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    status_shown = 0;
}

/* ---- selection --------------------------------------------------------------- */

static int in_list(const char *list, const char *name)
{
    if (!list)
        return 1;
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        while (*p == ',' || isspace((unsigned char)*p))
            p++;
        size_t k = strcspn(p, ", \t\n");
        if (k == n && !strncmp(p, name, n))
            return 1;
        p += k;
    }
    return 0;
}

/* Every name of list must be one of the known ones. */
static int check_list(const char *what, const char *list, int (*known)(const char *))
{
    if (!list)
        return 0;
    char name[128];
    for (const char *p = list; *p;) {
        while (*p == ',' || isspace((unsigned char)*p))
            p++;
        size_t k = strcspn(p, ", \t\n");
        if (!k)
            break;
        snprintf(name, sizeof name, "%.*s", (int)k, p);
        if (!known(name)) {
            fprintf(stderr, "isect campaign: unknown %s '%s' (isect %s lists them)\n", what, name,
                    !strcmp(what, "query") ? "list" : "targets");
            return -1;
        }
        p += k;
    }
    return 0;
}

static int known_query(const char *n)
{
    return isect_query_find(n) != NULL || (!strncmp(n, "prop_", 5) && isect_property_find(n + 5));
}
static int known_target(const char *n) { return isect_target_find(n) != NULL; }

static void harness_path(const options *o, const isect_query *q, char *buf, size_t len)
{
    snprintf(buf, len, "%s/fuzz_%s", o->fuzz_dir, q->name);
}

/* A pair of a property harness (fuzz_dir/prop_NAME) and a target that
 * supports one of its base queries; selected by --queries prop_NAME or a
 * base query's name. */
static void select_property_pairs(const options *o)
{
    for (size_t i = 0; i < isect_properties_size; i++) {
        const isect_property *pr = isect_properties[i];
        char bin[1200], name[64];
        snprintf(name, sizeof name, "prop_%s", pr->name);
        snprintf(bin, sizeof bin, "%s/%s", o->fuzz_dir, name);
        int wanted = !o->queries || in_list(o->queries, name);
        for (int b = 0; pr->bases[b] && !wanted; b++)
            wanted = in_list(o->queries, pr->bases[b]);
        if (!wanted || access(bin, X_OK))
            continue;
        for (size_t t = 0; t < isect_targets_size && npairs < MAX_PAIRS; t++) {
            const isect_target *tg = isect_targets[t];
            const isect_query *q = NULL;
            for (int b = 0; pr->bases[b] && !q; b++)
                if (isect_target_entry_for(tg, pr->bases[b]))
                    q = isect_query_find(pr->bases[b]);
            if (!q || !in_list(o->targets, tg->name))
                continue;
            pair *p = &pairs[npairs++];
            memset(p, 0, sizeof *p);
            p->q = q;
            p->t = tg;
            p->prop = pr;
            snprintf(p->name, sizeof p->name, "%s", name);
            p->zoo = !strncmp(tg->name, "zoo:", 4) && !zoo_control(tg->name);
            p->first_disc = NAN;
            snprintf(p->tname, sizeof p->tname, "%s", tg->name);
            for (char *c = p->tname; *c; c++)
                if (*c == ':' || *c == '/')
                    *c = '-';
        }
    }
}

static int select_pairs(const options *o)
{
    if (check_list("query", o->queries, known_query) || check_list("target", o->targets, known_target))
        return -1;
    int nq = 0;
    select_property_pairs(o);
    nq += npairs > 0;
    for (size_t i = 0; i < isect_catalog_size; i++) {
        const isect_query *q = isect_catalog[i];
        if (!in_list(o->queries, q->name))
            continue;
        char bin[1200];
        harness_path(o, q, bin, sizeof bin);
        if (access(bin, X_OK)) {
            if (o->queries) {
                fprintf(stderr, "isect campaign: no harness %s for %s (make fuzz builds it)\n", bin, q->name);
                return -1;
            }
            continue;
        }
        nq++;
        for (size_t t = 0; t < isect_targets_size; t++) {
            const isect_target *tg = isect_targets[t];
            if (!in_list(o->targets, tg->name) || !isect_target_entry_for(tg, q->name) || npairs == MAX_PAIRS)
                continue;
            pair *p = &pairs[npairs++];
            memset(p, 0, sizeof *p);
            p->q = q;
            p->t = tg;
            snprintf(p->name, sizeof p->name, "%s", q->name);
            p->zoo = !strncmp(tg->name, "zoo:", 4) && !zoo_control(tg->name);
            p->first_disc = NAN;
            snprintf(p->tname, sizeof p->tname, "%s", tg->name);
            for (char *c = p->tname; *c; c++)
                if (*c == ':' || *c == '/')
                    *c = '-';
        }
    }
    if (!nq) {
        fprintf(stderr, "isect campaign: no fuzz harness found in %s (make fuzz builds them)\n", o->fuzz_dir);
        return -1;
    }
    if (!npairs) {
        fprintf(stderr, "isect campaign: no selected target supports the selected queries\n");
        return -1;
    }
    return 0;
}

/* ---- processes --------------------------------------------------------------- */

static int start_proc(const options *o, pair *p, double end)
{
    if (nprocs == MAX_PROCS)
        return -1;
    char bin[1200], art[1400], corpus[1200], seeds[300], dict[300];
    harness_path(o, p->q, bin, sizeof bin);
    if (p->prop)
        snprintf(bin, sizeof bin, "%s/%s", o->fuzz_dir, p->name);
    snprintf(art, sizeof art, "%s/artifacts/%s/%s", out_dir, p->name, p->tname);
    snprintf(corpus, sizeof corpus, "%s/%s", o->corpus_dir, p->name);
    snprintf(seeds, sizeof seeds, "corpus/%s", p->q->name);
    snprintf(dict, sizeof dict, "fuzz/%s.dict", p->q->name);
    if (mkdir_p(art) || mkdir_p(corpus)) {
        say("isect campaign: cannot create %s or %s: %s", art, corpus, strerror(errno));
        return -1;
    }
    char findings[1200], a_time[64], a_timeout[64], a_art[1500], a_seed[64], a_dict[320], start[64], lpath[1400];
    snprintf(findings, sizeof findings, "%s/findings/%s", out_dir, p->name);
    mkdir_p(findings);
    double secs = floor(end - epoch_now() - 1); /* libFuzzer starts its clock after loading */
    if (secs < 1)
        secs = 1;
    snprintf(a_time, sizeof a_time, "-max_total_time=%.0f", secs);
    snprintf(a_timeout, sizeof a_timeout, "-timeout=%.0f", o->timeout);
    snprintf(a_art, sizeof a_art, "-artifact_prefix=%s/", art);
    unsigned long seed = o->have_seed ? o->seed * 7919u + (unsigned long)(p - pairs) * 131u + (unsigned long)p->runs + 1
                                      : 0;
    snprintf(a_seed, sizeof a_seed, "-seed=%lu", seed);
    snprintf(a_dict, sizeof a_dict, "-dict=%s", dict);
    snprintf(start, sizeof start, "%.3f", t0);
    snprintf(lpath, sizeof lpath, "%s/logs/%s-%s.log", out_dir, p->name, p->tname);
    int have_seeds = !access(seeds, R_OK), have_dict = !access(dict, R_OK);

    int fd[2];
    if (pipe(fd))
        return -1;
    pid_t parent = getpid();
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        /* die with the supervisor, even by SIGKILL */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(1);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGPIPE, SIG_DFL); /* ignored here, and an ignored signal stays ignored across exec */
        int null = open("/dev/null", O_RDWR);
        dup2(null, 0);
        dup2(null, 1);
        dup2(fd[1], 2);
        close(fd[0]);
        close(fd[1]);
        setenv("ISECT_TARGET", p->t->name, 1);
        setenv("ISECT_FINDINGS", findings, 1);
        setenv("ISECT_CONTINUE", "1", 1);
        setenv("ISECT_CAMPAIGN_START", start, 1);
        char *args[16];
        int n = 0;
        args[n++] = bin;
        args[n++] = a_time;
        args[n++] = a_timeout;
        args[n++] = "-rss_limit_mb=4096";
        args[n++] = "-print_final_stats=1";
        args[n++] = a_art;
        args[n++] = a_seed;
        if (have_dict)
            args[n++] = a_dict;
        args[n++] = corpus;
        if (have_seeds)
            args[n++] = seeds;
        args[n] = NULL;
        execv(bin, args);
        fprintf(stderr, "isect campaign: cannot run %s: %s\n", bin, strerror(errno));
        _exit(127);
    }
    close(fd[1]);
    fcntl(fd[0], F_SETFL, fcntl(fd[0], F_GETFL) | O_NONBLOCK);
    proc *pr = &procs[nprocs++];
    memset(pr, 0, sizeof *pr);
    pr->pid = pid;
    pr->fd = fd[0];
    pr->p = p;
    pr->start = epoch_now();
    pr->end = end;
    char ldir[1200];
    snprintf(ldir, sizeof ldir, "%s/logs", out_dir);
    mkdir_p(ldir);
    pr->log = fopen(lpath, "a");
    p->started = 1;
    p->nproc++;
    p->runs++;
    logev("run query=%s target=%s pid=%ld at=%.3f until=%.3f", p->q->name, p->t->name, (long)pid, since(),
          end - t0);
    return 0;
}

static void remember_tail(proc *pr, const char *s, size_t n)
{
    if (n >= TAIL) {
        s += n - (TAIL - 1);
        n = TAIL - 1;
    }
    if (pr->tail_len + n >= TAIL) {
        size_t drop = pr->tail_len + n - (TAIL - 1);
        memmove(pr->tail, pr->tail + drop, pr->tail_len - drop);
        pr->tail_len -= drop;
    }
    memcpy(pr->tail + pr->tail_len, s, n);
    pr->tail_len += n;
    pr->tail[pr->tail_len] = 0;
}

static void on_line(proc *pr, char *line)
{
    pair *p = pr->p;
    if (line[0] == '#' && isdigit((unsigned char)line[1])) {
        pr->last_execs = strtod(line + 1, NULL);
        p->execs_running = 0;
        for (int i = 0; i < nprocs; i++)
            if (procs[i].p == p && procs[i].pid)
                p->execs_running += procs[i].last_execs;
        return;
    }
    if (!strncmp(line, "stat::number_of_executed_units:", 31)) {
        pr->last_execs = strtod(line + 31, NULL);
        return;
    }
    const char *tw = strstr(line, "Test unit written to ");
    if (tw) {
        snprintf(pr->artifact, sizeof pr->artifact, "%s", tw + 21);
        pr->artifact[strcspn(pr->artifact, " \r\n")] = 0;
        return;
    }
    if (!strncmp(line, "isect-fuzz: ", 12)) {
        const char *path = strrchr(line, ' ');
        path = path ? path + 1 : line;
        int known = 0;
        for (int i = 0; i < p->nseen; i++)
            known |= !strcmp(p->seen[i], path);
        if (!known && p->nseen < MAX_SEEN)
            p->seen[p->nseen++] = strdup(path);
        int prop = !strncmp(line + 12, "property", 8);
        if ((prop || !strncmp(line + 12, "discrepancy", 11)) && !isfinite(p->first_disc)) {
            p->first_disc = since();
            const char *sev = strstr(line, "severity ");
            char s[64] = "";
            if (sev)
                snprintf(s, sizeof s, "%.*s", (int)strcspn(sev + 9, " ("), sev + 9);
            say("%6.1f s  first %s: %s on %s, severity %s", p->first_disc, prop ? "property violation" : "discrepancy",
                p->t->name, p->name, s);
            logev("found query=%s target=%s at=%.3f verdict=discrepancy", p->q->name, p->t->name, p->first_disc);
        } else if (!known && !strncmp(line + 12, "invalid", 7) && !p->zoo)
            say("%6.1f s  invalid answer: %s on %s", since(), p->t->name, p->q->name);
    }
}

static void drain(proc *pr)
{
    char buf[8192];
    for (;;) {
        ssize_t n = read(pr->fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        if (pr->log)
            fwrite(buf, 1, (size_t)n, pr->log);
        remember_tail(pr, buf, (size_t)n);
        for (ssize_t i = 0; i < n; i++) {
            if (buf[i] == '\n' || pr->len == sizeof pr->line - 1) {
                pr->line[pr->len] = 0;
                on_line(pr, pr->line);
                pr->len = 0;
            } else
                pr->line[pr->len++] = buf[i];
        }
    }
}

/* Decodes a libFuzzer input as the harness does (fuzz/harness.c). */
static int decode(const isect_query *q, const unsigned char *data, size_t size, double *in)
{
    size_t i = 0;
    while (i < size && isspace(data[i]))
        i++;
    if (i < size && (data[i] == '#' || (size - i >= 6 && !memcmp(data + i, "query ", 6)))) {
        isect_casefile cf;
        char err[256];
        if (isect_casefile_parse("input", (const char *)data, size, &cf, err, sizeof err))
            return -1;
        int found = -1;
        for (size_t k = 0; k < cf.n && found; k++)
            if (cf.cases[k].query == q) {
                memcpy(in, cf.cases[k].in, sizeof cf.cases[k].in);
                found = 0;
            }
        isect_casefile_free(&cf);
        return found;
    }
    int n = isect_query_nin(q);
    size_t w = q->format == FMT_F64 ? 8 : 4;
    if (size < (size_t)n * w)
        return -1;
    for (int k = 0; k < n; k++) {
        if (w == 8) {
            double d;
            memcpy(&d, data + 8 * k, 8);
            in[k] = d;
        } else {
            float fl;
            memcpy(&fl, data + 4 * k, 4);
            in[k] = fl;
        }
    }
    return 0;
}

/* The first line of the harness's last output that says what went wrong. */
static void crash_reason(const proc *pr, char *buf, size_t len)
{
    static const char *const marks[] = {"ALARM:", "ERROR: AddressSanitizer", "runtime error:",
                                        "ERROR: libFuzzer", "fuzz check failed", "ERROR: LeakSanitizer", NULL};
    buf[0] = 0;
    for (int m = 0; marks[m] && !buf[0]; m++) {
        const char *s = strstr(pr->tail, marks[m]);
        if (!s)
            continue;
        /* "==123==ERROR: AddressSanitizer: SEGV on ... (pc 0x...)" -> "AddressSanitizer: SEGV on ..." */
        while (s > pr->tail && s[-1] != '\n')
            s--;
        if (s[0] == '=' && s[1] == '=') {
            const char *e = strstr(s + 2, "==");
            if (e && (size_t)(e - s) < 16)
                s = e + 2;
        }
        if (!strncmp(s, "ERROR: ", 7))
            s += 7;
        size_t n = strcspn(s, "\n");
        const char *pc = strstr(s, " (pc ");
        if (pc && (size_t)(pc - s) < n)
            n = (size_t)(pc - s);
        snprintf(buf, len, "%.*s", (int)n, s);
    }
    if (!buf[0])
        snprintf(buf, len, "the harness died");
}

/* Turns a libFuzzer crash-/timeout- artifact into a finding. */
static void record_crash(const options *o, proc *pr, const char *artifact, int exited_by_timeout)
{
    pair *p = pr->p;
    const char *base = strrchr(artifact, '/');
    base = base ? base + 1 : artifact;
    if (!strncmp(base, "slow-unit-", 10))
        return;
    int hang = exited_by_timeout || !strncmp(base, "timeout-", 8);
    FILE *f = fopen(artifact, "rb");
    if (!f) {
        say("isect campaign: %s on %s died, no input to reproduce it (%s)", p->t->name, p->q->name, artifact);
        return;
    }
    unsigned char data[65536];
    size_t size = fread(data, 1, sizeof data, f);
    fclose(f);
    isect_case k;
    memset(&k, 0, sizeof k);
    k.query = p->q;
    k.expect_valid = -1;
    if (decode(p->q, data, size, k.in)) {
        say("isect campaign: %s on %s died on an input that does not decode (%s)", p->t->name, p->q->name,
            artifact);
        return;
    }
    char why[512];
    crash_reason(pr, why, sizeof why);
    /* the signature: ref's answer in a child process (the input killed a process) */
    isect_signature sig;
    int st;
    double r[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
    isect_judgement j;
    const isect_target_entry *e = isect_target_entry_for(p->t, p->q->name);
    isect_eval_status es = signature_eval(p->q, e, k.in, 1, o->timeout, &sig, &st, r, out, &j);
    const char *kind = hang ? FINDING_TIMEOUT : FINDING_CRASH;
    char key[300], dir[1200], path[1600];
    snprintf(key, sizeof key, "%s-%s-invalid-%s-%s-e0", p->q->name, p->tname, sig.feature, kind);
    snprintf(dir, sizeof dir, "%s/findings/%s", out_dir, p->q->name);
    snprintf(path, sizeof path, "%s/%s.case", dir, key);
    if (hang)
        p->timeouts++;
    else
        p->crashes++;
    logev("crash query=%s target=%s at=%.3f kind=%s file=%s", p->q->name, p->t->name, since(), kind, path);
    if (!access(path, F_OK))
        return; /* this signature has its reproducer already */
    if (st == REF_OK) {
        k.expect_valid = 1;
        int hit = isect_query_hit_index(p->q);
        for (int oi = 0; oi < p->q->noutputs; oi++) {
            int at = isect_output_offset(p->q, oi);
            if (hit >= 0 && r[hit] == 0 && at != hit)
                continue;
            k.expect[oi] = true;
            memcpy(k.expect_value + at, r + at, (size_t)p->q->outputs[oi].arity * sizeof *r);
        }
    } else
        k.expect_valid = 0;
    char *text = NULL, *body = NULL;
    size_t len = 0, blen = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return;
    double now = epoch_now();
    fprintf(m, "found by isect campaign: target %s %s (verdict invalid); exact answer: %s\n", p->t->name,
            hang ? "hangs" : "crashes", sig.feature);
    fprintf(m, "%s\n", why);
    fprintf(m, "outside the fuzz build: %s\n",
            es == EVAL_HANG    ? "hangs too"
            : es == EVAL_CRASH ? "crashes too"
                               : "runs (the crash needs the sanitizers of the fuzz build)");
    fprintf(m, "libFuzzer input: %s\n", artifact);
    fprintf(m, "isect-finding: query=%s target=%s verdict=invalid feature=%s output=%s severity=0x0p+0 first=%.3f "
               "found=%.3f elapsed=%.3f",
            p->q->name, p->t->name, sig.feature, kind, now, now, now - t0);
    fclose(m);
    FILE *b = open_memstream(&body, &blen);
    if (b) {
        isect_case_write(b, &k, text);
        fclose(b);
        mkdir_p(dir);
        if (file_write_atomic(path, body, blen))
            say("isect campaign: cannot write %s: %s", path, strerror(errno));
        else {
            if (p->nseen < MAX_SEEN)
                p->seen[p->nseen++] = strdup(path);
            say("%6.1f s  %s: %s on %s (%s); reproducer %s", since(), hang ? "hang" : "crash", p->t->name,
                p->q->name, why, path);
        }
    }
    free(body);
    free(text);
}

/* Artifacts in a pair's folder that no crash has been recorded for. */
static void sweep_artifacts(const options *o, proc *pr)
{
    char dir[1400];
    snprintf(dir, sizeof dir, "%s/artifacts/%s/%s", out_dir, pr->p->name, pr->p->tname);
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.' || strstr(e->d_name, ".done"))
            continue;
        char path[1700], done[1800];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        snprintf(done, sizeof done, "%s.done", path);
        if (!access(done, F_OK))
            continue;
        record_crash(o, pr, path, 0);
        FILE *f = fopen(done, "w");
        if (f)
            fclose(f);
    }
    closedir(d);
}

static void reap(const options *o, proc *pr, int wstatus)
{
    pair *p = pr->p;
    drain(pr);
    if (pr->len) {
        pr->line[pr->len] = 0;
        on_line(pr, pr->line);
    }
    close(pr->fd);
    if (pr->log)
        fclose(pr->log);
    double now = epoch_now(), ran = now - pr->start;
    p->runtime += ran;
    p->execs_done += pr->last_execs;
    p->nproc--;
    char st[64];
    if (WIFEXITED(wstatus))
        snprintf(st, sizeof st, "exit:%d", WEXITSTATUS(wstatus));
    else
        snprintf(st, sizeof st, "signal:%d", WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 0);
    int clean = (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0) || pr->sent_int;
    logev("exit query=%s target=%s pid=%ld at=%.3f status=%s execs=%.0f seconds=%.3f", p->q->name, p->t->name,
          (long)pr->pid, since(), st, p->execs_done, p->runtime);
    if (!clean) {
        /* a crash or a hang leaves a libFuzzer artifact; else the harness is broken */
        int before = p->crashes + p->timeouts;
        sweep_artifacts(o, pr);
        if (p->crashes + p->timeouts == before) {
            char why[512];
            crash_reason(pr, why, sizeof why);
            if (pr->last_execs == 0 || (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 2)) {
                p->broken = 1;
                say("isect campaign: the harness for %s on %s fails (%s): %s; see %s/logs/", p->t->name,
                    p->q->name, st, why, out_dir);
            } else if (++p->crashes > 3)
                p->broken = 1;
        }
        if (p->crashes + p->timeouts > 50)
            p->broken = 1;
    }
    pr->pid = 0;
    *pr = procs[--nprocs];
}

/* ---- scheduling ---------------------------------------------------------------- */

static double deadline;

static int zoo_finished(const options *o, const pair *p, double now)
{
    return p->zoo && o->zoo_seconds > 0 && isfinite(p->first_disc) && now - t0 > p->first_disc + o->zoo_seconds;
}

static void fill(const options *o)
{
    for (;;) {
        double now = epoch_now();
        if (nprocs >= o->jobs || now > deadline - 1 || interrupted)
            return;
        pair *best = NULL;
        double end = deadline;
        /* a pair whose process died with time left goes on */
        for (int i = 0; i < npairs && !best; i++) {
            pair *p = &pairs[i];
            if (p->started && !p->done && !p->broken && !p->nproc && p->budget_end - now >= 2 &&
                !zoo_finished(o, p, now)) {
                best = p;
                end = p->budget_end;
            }
        }
        /* the next pair, with its share of the core-seconds left */
        if (!best) {
            int pending = 0;
            for (int i = 0; i < npairs; i++)
                pending += !pairs[i].started;
            if (pending) {
                double left = (deadline - now) * o->jobs;
                for (int i = 0; i < nprocs; i++)
                    left -= fmax(0, procs[i].end - now);
                double share = fmax(left / pending, fmin(5, deadline - now));
                /* zoo bugs first: they are found fast and free their time */
                for (int pass = 0; pass < 2 && !best; pass++)
                    for (int i = 0; i < npairs && !best; i++)
                        if (!pairs[i].started && pairs[i].zoo == !pass)
                            best = &pairs[i];
                end = fmin(deadline, now + share);
                best->budget_end = end;
            }
        }
        /* a free core goes to a zoo bug not found yet, else to the pair
         * outside the zoo that had the least time */
        if (!best && deadline - now >= 5) {
            for (int pass = 0; pass < 2 && !best; pass++)
                for (int i = 0; i < npairs; i++) {
                    pair *p = &pairs[i];
                    if (p->broken || (pass == 0 && (!p->zoo || isfinite(p->first_disc) || p->nproc)) ||
                        (pass == 1 && p->zoo))
                        continue;
                    if (!best || p->nproc < best->nproc || (p->nproc == best->nproc && p->runtime < best->runtime))
                        best = p;
                }
            if (best) {
                end = deadline;
                best->budget_end = deadline;
                best->done = 0;
            }
        }
        if (!best || start_proc(o, best, end)) {
            if (best)
                best->broken = 1;
            return;
        }
    }
}

static int count_findings(int *targets_with)
{
    int n = 0;
    *targets_with = 0;
    const isect_target *seen[MAX_PAIRS];
    int ns = 0;
    for (int i = 0; i < npairs; i++) {
        n += pairs[i].nseen;
        if (!pairs[i].nseen)
            continue;
        int known = 0;
        for (int k = 0; k < ns; k++)
            known |= seen[k] == pairs[i].t;
        if (!known && ns < MAX_PAIRS)
            seen[ns++] = pairs[i].t;
    }
    *targets_with = ns;
    return n;
}

static void status_line(const options *o, int final)
{
    double el = since(), rate = 0;
    for (int i = 0; i < nprocs; i++) {
        double d = epoch_now() - procs[i].start;
        if (d > 0.5)
            rate += procs[i].last_execs / d;
    }
    int nt, nf = count_findings(&nt);
    char line[512];
    int n = snprintf(line, sizeof line, "[%5.0f s / %.0f s] %d running, %7.0f exec/s, %d finding%s in %d target%s",
                     el, o->seconds, nprocs, rate, nf, nf == 1 ? "" : "s", nt, nt == 1 ? "" : "s");
    for (int i = 0; i < nprocs && n < 200; i++) {
        int dup = 0;
        for (int k = 0; k < i; k++)
            dup |= procs[k].p == procs[i].p;
        if (!dup)
            n += snprintf(line + n, sizeof line - (size_t)n, "%s %s/%s", i ? "," : " |", procs[i].p->q->name,
                          procs[i].p->t->name);
    }
    if (tty) {
        /* one line: no wrap, or \r would not bring the cursor back to its start */
        struct winsize ws;
        int width = !ioctl(2, TIOCGWINSZ, &ws) && ws.ws_col > 20 ? ws.ws_col - 1 : 79;
        fprintf(stderr, "\r\033[K%.*s", width, line);
        status_shown = !final;
        if (final)
            fputc('\n', stderr);
    } else
        fprintf(stderr, "%s\n", line);
}

static void log_progress(void)
{
    for (int i = 0; i < npairs; i++) {
        pair *p = &pairs[i];
        if (!p->started)
            continue;
        double running = 0, rt = p->runtime;
        for (int k = 0; k < nprocs; k++)
            if (procs[k].p == p) {
                running += procs[k].last_execs;
                rt += epoch_now() - procs[k].start;
            }
        logev("progress query=%s target=%s at=%.3f execs=%.0f seconds=%.3f findings=%d", p->q->name, p->t->name,
              since(), p->execs_done + running, rt, p->nseen);
    }
}

static void stop_all(int sig)
{
    for (int i = 0; i < nprocs; i++)
        if (procs[i].pid > 0)
            kill(procs[i].pid, sig);
}

static void reap_any(const options *o, int block)
{
    for (;;) {
        int ws;
        pid_t pid = waitpid(-1, &ws, block ? 0 : WNOHANG);
        if (pid <= 0)
            return;
        for (int i = 0; i < nprocs; i++)
            if (procs[i].pid == pid) {
                reap(o, &procs[i], ws);
                break;
            }
        block = 0;
    }
}

static void make_latest_link(const char *out)
{
    /* reports/latest -> the newest campaign, when it lives in reports/ */
    const char *slash = strrchr(out, '/');
    if (!slash || (size_t)(slash - out) != strlen("reports") || strncmp(out, "reports", 7))
        return;
    char tmp[64];
    snprintf(tmp, sizeof tmp, "reports/.latest.%ld", (long)getpid());
    remove(tmp);
    if (!symlink(slash + 1, tmp) && rename(tmp, "reports/latest"))
        remove(tmp);
}

int cmd_campaign(int argc, char **argv)
{
    static const struct option longs[] = {
        {"seconds", required_argument, NULL, 's'},    {"queries", required_argument, NULL, 'q'},
        {"targets", required_argument, NULL, 't'},    {"jobs", required_argument, NULL, 'j'},
        {"out", required_argument, NULL, 'o'},        {"fuzz-dir", required_argument, NULL, 'F'},
        {"corpus-dir", required_argument, NULL, 'C'}, {"timeout", required_argument, NULL, 'T'},
        {"zoo-seconds", required_argument, NULL, 'Z'}, {"seed", required_argument, NULL, 'S'},
        {"no-report", no_argument, NULL, 'N'},        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    options o = {120, 5, 5, ncpu > 0 ? (int)ncpu : 1, 0, 0, 1, NULL, "build/fuzz", "build/fuzz-corpus", NULL, NULL};
    optind = 1;
    opterr = 0;
    for (int ch; (ch = getopt_long(argc, argv, "+s:q:t:j:o:h", longs, NULL)) != -1;) {
        char *end = NULL;
        double v = 0;
        if (optarg && strchr("sjTZS", ch)) {
            v = strtod(optarg, &end);
            if (end == optarg || *end || !(v >= 0) || v > 1e9) {
                fprintf(stderr, "isect campaign: bad number '%s' for %s\n", optarg, argv[optind - 1]);
                return 2;
            }
        }
        switch (ch) {
        case 's':
            o.seconds = v;
            break;
        case 'q':
            o.queries = optarg;
            break;
        case 't':
            o.targets = optarg;
            break;
        case 'j':
            o.jobs = (int)v;
            if (o.jobs < 1 || o.jobs > MAX_PROCS) {
                fprintf(stderr, "isect campaign: --jobs takes 1..%d\n", MAX_PROCS);
                return 2;
            }
            break;
        case 'o':
            o.out = optarg;
            break;
        case 'F':
            o.fuzz_dir = optarg;
            break;
        case 'C':
            o.corpus_dir = optarg;
            break;
        case 'T':
            o.timeout = v < 1 ? 1 : v;
            break;
        case 'Z':
            o.zoo_seconds = v;
            break;
        case 'S':
            o.seed = (unsigned long)v;
            o.have_seed = 1;
            break;
        case 'N':
            o.report = 0;
            break;
        case 'h':
            fputs(help_campaign, stdout);
            return 0;
        default:
            fprintf(stderr, "isect campaign: unknown or incomplete option '%s'\nTry 'isect campaign --help'.\n",
                    argv[optind - 1]);
            return 2;
        }
    }
    if (optind != argc) {
        fprintf(stderr, "isect campaign: unexpected argument '%s'\nTry 'isect campaign --help'.\n", argv[optind]);
        return 2;
    }
    if (o.seconds < 1) {
        fprintf(stderr, "isect campaign: --seconds must be at least 1\n");
        return 2;
    }
    if (select_pairs(&o))
        return 2;

    t0 = epoch_now();
    if (o.out)
        snprintf(out_dir, sizeof out_dir, "%s", o.out);
    else {
        time_t now = time(NULL);
        struct tm tm;
        gmtime_r(&now, &tm);
        char stamp[32];
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
        snprintf(out_dir, sizeof out_dir, "reports/%s", stamp);
        for (int k = 2; !access(out_dir, F_OK) && k < 100; k++)
            snprintf(out_dir, sizeof out_dir, "reports/%s-%d", stamp, k);
    }
    size_t ol = strlen(out_dir);
    while (ol > 1 && out_dir[ol - 1] == '/')
        out_dir[--ol] = 0;
    char logpath[1200];
    snprintf(logpath, sizeof logpath, "%s/campaign.log", out_dir);
    if (mkdir_p(out_dir) || !(camp_log = fopen(logpath, "a"))) {
        fprintf(stderr, "isect campaign: cannot write %s: %s\n", logpath, strerror(errno));
        return 2;
    }
    make_latest_link(out_dir);
    tty = isatty(2);
    deadline = t0 + o.seconds;

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    char qs[1024] = "", ts[1024] = "";
    size_t nq = 0, nt = 0;
    for (int i = 0; i < npairs; i++) {
        if (!strstr(qs, pairs[i].q->name) && nq < sizeof qs - 80)
            nq += (size_t)snprintf(qs + nq, sizeof qs - nq, "%s%s", nq ? "," : "", pairs[i].q->name);
        char needle[80];
        snprintf(needle, sizeof needle, "%s,", pairs[i].t->name);
        char hay[1100];
        snprintf(hay, sizeof hay, "%s,", ts);
        if (!strstr(hay, needle) && nt < sizeof ts - 80)
            nt += (size_t)snprintf(ts + nt, sizeof ts - nt, "%s%s", nt ? "," : "", pairs[i].t->name);
    }
    logev("start epoch=%.3f seconds=%.0f jobs=%d queries=%s targets=%s", t0, o.seconds, o.jobs, qs, ts);
    for (int i = 0; i < npairs; i++)
        logev("pair query=%s target=%s", pairs[i].q->name, pairs[i].t->name);
    fprintf(stderr, "isect campaign: %d pair%s (queries %s; targets %s), %.0f s on %d job%s, into %s/\n", npairs,
            npairs == 1 ? "" : "s", qs, ts, o.seconds, o.jobs, o.jobs == 1 ? "" : "s", out_dir);

    double last_status = 0, last_progress = epoch_now();
    while (!interrupted) {
        fill(&o);
        double now = epoch_now();
        if (!nprocs && (now > deadline - 1 || interrupted))
            break;
        if (!nprocs) {
            int any = 0;
            for (int i = 0; i < npairs; i++)
                any |= !pairs[i].broken;
            if (!any)
                break;
        }
        struct pollfd pf[MAX_PROCS];
        for (int i = 0; i < nprocs; i++)
            pf[i] = (struct pollfd){procs[i].fd, POLLIN, 0};
        int r = poll(pf, (nfds_t)nprocs, 200);
        if (r > 0)
            for (int i = 0; i < nprocs; i++)
                if (pf[i].revents)
                    drain(&procs[i]);
        now = epoch_now();
        for (int i = 0; i < nprocs; i++) {
            proc *pr = &procs[i];
            /* a zoo bug caught stops now; others get a grace time past their
             * end, to stop by themselves (-max_total_time) */
            int zoo_done = zoo_finished(&o, pr->p, now);
            if (!pr->sent_int && (zoo_done || now > pr->end + 4)) {
                kill(pr->pid, SIGINT); /* libFuzzer stops and prints its final stats */
                pr->sent_int = 1;
                pr->kill_at = now + 4;
            } else if (pr->sent_int && now > pr->kill_at) {
                kill(pr->pid, SIGKILL);
                pr->kill_at = now + 60;
            }
            if (zoo_finished(&o, pr->p, now))
                pr->p->done = 1;
        }
        reap_any(&o, 0);
        if (now - last_status >= (tty ? 0.5 : 10)) {
            status_line(&o, 0);
            last_status = now;
        }
        if (now - last_progress >= 5) {
            log_progress();
            last_progress = now;
        }
    }
    /* stop: at the deadline the harnesses end by themselves (their
     * -max_total_time); otherwise, and after a grace time, SIGINT (libFuzzer
     * writes its final stats), then SIGKILL */
    double until = epoch_now() + (interrupted ? 0 : 3);
    for (int sent = 0; nprocs;) {
        if (!sent && epoch_now() >= until) {
            stop_all(SIGINT);
            sent = 1;
            until = epoch_now() + 4;
        } else if (sent && epoch_now() >= until)
            break;
        struct pollfd pf[MAX_PROCS];
        for (int i = 0; i < nprocs; i++)
            pf[i] = (struct pollfd){procs[i].fd, POLLIN, 0};
        if (poll(pf, (nfds_t)nprocs, 100) > 0)
            for (int i = 0; i < nprocs; i++)
                if (pf[i].revents)
                    drain(&procs[i]);
        for (int i = 0; i < nprocs; i++)
            procs[i].sent_int = sent;
        reap_any(&o, 0);
    }
    stop_all(SIGKILL);
    while (nprocs)
        reap_any(&o, 1);
    log_progress();
    status_line(&o, 1);
    logev("stop at=%.3f reason=%s", since(), interrupted ? "interrupted" : "deadline");
    fclose(camp_log);
    for (int i = 0; i < npairs; i++)
        for (int k = 0; k < pairs[i].nseen; k++)
            free(pairs[i].seen[k]);

    int broken = 0;
    for (int i = 0; i < npairs; i++)
        broken |= pairs[i].broken && !pairs[i].execs_done;
    if (interrupted)
        fprintf(stderr, "isect campaign: interrupted after %.1f s; the findings so far are kept\n", since());
    int rc = 0;
    if (o.report) {
        signal(SIGINT, SIG_DFL); /* a second Ctrl-C ends the report */
        rc = report_generate(out_dir, out_dir, stdout, 0, 1, 1);
    } else
        printf("findings: %s/findings/\n", out_dir);
    if (interrupted)
        return 130;
    if (rc == 2 || broken)
        return 2;
    return rc;
}
