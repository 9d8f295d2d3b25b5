/* bench/bench.c: `make bench`, the cost of fast and ref per query.
 *
 * For each row (bench.h; rows.c, rows_ray_triangle.c) and each of its input
 * sets, the bench generates N cases with a fixed-seed PRNG (binary32 values,
 * held as doubles in catalog order, every one checked to be in ref's domain),
 * then times, in the same run:
 *   fast  isect_<query> (libisect),
 *   base  a plain binary32 textbook implementation (bench/NAME_plain.c), the
 *         cost floor fast is read against,
 *   ref   the catalog's ref function (libisect_ref) on the flat layout,
 * and prints ns per call, fast/base, ref/fast, the share of ref calls that
 * its floating-point filter answered without GMP (ref_stats), and the hit
 * rate of each implementation on the set.  Then, under the set's line, one
 * line per peer target (peers/, built where the libraries are installed)
 * that has an entry for the query: its entry function, the very function
 * the target `peer:NAME` runs under isect eval and the fuzzers, called
 * through the same typed loop on the same cases (those its entry refuses
 * left out; fast is then timed again on the cases kept), sampled in the
 * same interleaved rounds, with fast/peer.  The run ends with a summary:
 * which shared queries, if any, have a peer faster than fast.
 *
 * Method: every pass runs one implementation over all the cases of a set;
 * a sample is as many passes as fill SAMPLE_SECONDS; the samples of fast,
 * base and ref are interleaved, so that drifts of the clock frequency or of
 * the load of the machine hit all alike; the figure is the median sample.
 * fast and base are called the same way: from the same loop, through a
 * function pointer read from a volatile, and each is compiled in a
 * translation unit of its own (no LTO), so neither is inlined.
 *
 * Usage: bench [--quick] [--filter-check] [QUERY...]; no QUERY: every row.
 * --quick runs 256 cases and one short sample per set (a smoke run for `make
 * check`: the generators, the domain checks, that every catalog query has a
 * row, and that ref gives the same bits with its filter on and off on every
 * case; its figures mean nothing).  --filter-check: that last check alone, on
 * the full sets, with the share of ref calls answered without GMP.  ISECT_BENCH_SEED=N (decimal or 0x hex) changes the
 * seed; the seed is printed.  ISECT_BENCH_CASES=N (1 to 2^22, default 4096)
 * changes the number of cases per set.  Every timed pass visits a set's
 * cases in a fresh random order (runner_order): replayed in the same order,
 * 4096 cases are learnt by the branch predictor (the plain baselines' ns on
 * random sets then drop by up to 4x against a million distinct cases, as
 * the figures of issue 14 were taken), while a million cases leave the
 * caches.  A shuffled pass over 4096 cases has neither effect.
 * ISECT_BENCH_ORDER=fixed replays the same order (the figures before the
 * eighth session).
 */
#include "bench.h"
#include "catalog.h"
#include "isect_ref.h"
#include "targets.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { MAX_CASES = 4096, MOST_CASES = 1 << 22, QUICK_CASES = 256, MAX_SAMPLES = 11, FAST_SAMPLES = 11, REF_SAMPLES = 7 };
static const uint64_t DEFAULT_SEED = 0x15EC7BE7C4ULL;

volatile double bench_sink;

/* The run's settings: full or --quick. */
static struct {
    size_t cases;
    int fast_samples, ref_samples;
    double sample_seconds;
    int filter_check; /* compare ref's filter on and off on every case; 2: only that, no timing */
    int peers;        /* time the peer targets (not under --quick) */
    int fixed_order;  /* ISECT_BENCH_ORDER=fixed: every pass visits the cases in the same order */
} cfg = {MAX_CASES, FAST_SAMPLES, REF_SAMPLES, 0.04, 0, 1, 0};

/* ---- timing ------------------------------------------------------------------ */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* ---- the cases ----------------------------------------------------------------- */

/* The hit of ref's flat output: the first boolean output; for a side query
 * (its first output an enum side), straddling (0), which is what fast's
 * return value says. */
static int ref_hit(const isect_query *q, const double *out)
{
    int h = isect_query_hit_index(q);
    return h >= 0 ? out[h] != 0 : out[0] == 0;
}

/* One case of a set into in[]: the generator, then, for a boundary set,
 * one or two of the catalog's boundary edits rounded to binary32.  A case
 * outside ref's domain is drawn again (an edit may, say, make a radius
 * negative); a generator alone must stay in the domain. */
static int gen_case(const isect_query *q, const bench_set *set, rng *r, double *in, int nin)
{
    double out[ISECT_MAX_OUT];
    for (int attempt = 0; attempt < 100; attempt++) {
        set->gen(r, in);
        if (set->mutate && q->mutate) {
            int edits = 1 + rng_chance(r, 30);
            for (int e = 0; e < edits; e++)
                q->mutate(in, rng_next(r));
            for (int i = 0; i < nin && q->format == FMT_F32; i++)
                in[i] = to_f32(in[i]);
        }
        if (q->ref(in, out) == REF_OK)
            return 0;
        if (!set->mutate)
            break;
    }
    return -1;
}

/* ref with its filter on and off must give the same bits on every case (the
 * filter only skips work): checked on every case of every set by --quick
 * (make bench-check) and --filter-check.  Returns the cases that differ. */
static size_t filter_mismatches(const bench_query *bq, const isect_query *q, const bench_set *set, const double *flat,
                                size_t n)
{
    int nin = isect_query_nin(q), nout = isect_query_nout(q);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        const double *in = flat + i * (size_t)nin;
        double on[ISECT_MAX_OUT], off[ISECT_MAX_OUT];
        ref_set_filter(0);
        int r0 = q->ref(in, off);
        ref_set_filter(1);
        int r1 = q->ref(in, on);
        if (r0 != r1 || memcmp(on, off, (size_t)nout * sizeof *on) != 0) {
            if (bad++ == 0) {
                fprintf(stderr, "bench: %s/%s: case %zu: ref differs with its filter on and off:\n  in", bq->query,
                        set->name, i);
                for (int k = 0; k < nin; k++)
                    fprintf(stderr, " %a", in[k]);
                fprintf(stderr, "\n  filter on ");
                for (int k = 0; k < nout; k++)
                    fprintf(stderr, " %a", on[k]);
                fprintf(stderr, "\n  filter off");
                for (int k = 0; k < nout; k++)
                    fprintf(stderr, " %a", off[k]);
                fprintf(stderr, "\n");
            }
        }
    }
    return bad;
}

/* ---- running --------------------------------------------------------------------- */

/* One implementation on one set: a typed function (fn != NULL) or ref. */
typedef struct {
    const bench_query *bq;
    const isect_query *q;
    any_fn fn;
    const void *typed;
    const double *flat;
    int nin, nout;
    size_t n, hits;
    long reps;
    double ns[MAX_SAMPLES];
    uint32_t *order; /* the visiting order of the next pass (runner_order) */
    rng shuffle;     /* draws the orders */
} runner;

/* Gives u its visiting order: the identity, reshuffled before every timed
 * pass (next_order) unless ISECT_BENCH_ORDER=fixed.  A pass in a fresh
 * random order leaves the branch predictor nothing to memorise: with the
 * same order on every pass it learns the outcomes of a set of a few
 * thousand cases by heart, which favours the code with the more
 * data-dependent branches (the plain baselines) and is not what a caller
 * that meets each input once sees.  Returns 0, or 1 when out of memory. */
static int runner_order(runner *u, uint64_t seed)
{
    u->order = malloc((u->n ? u->n : 1) * sizeof *u->order);
    if (!u->order)
        return 1;
    for (size_t i = 0; i < u->n; i++)
        u->order[i] = (uint32_t)i;
    u->shuffle = (rng){seed};
    return 0;
}

/* A Fisher-Yates shuffle of u's order (not timed; identity kept when fixed). */
static void next_order(runner *u)
{
    if (cfg.fixed_order)
        return;
    for (size_t i = u->n; i > 1; i--) {
        size_t j = (size_t)(rng_next(&u->shuffle) % i);
        uint32_t t = u->order[i - 1];
        u->order[i - 1] = u->order[j];
        u->order[j] = t;
    }
}

static size_t ref_loop(const runner *u)
{
    int (*volatile vf)(const double *, double *) = u->q->ref;
    int (*f)(const double *, double *) = vf;
    double out[ISECT_MAX_OUT], acc = 0;
    size_t hits = 0;
    for (size_t i = 0; i < u->n; i++) {
        f(u->flat + u->order[i] * (size_t)u->nin, out);
        hits += (size_t)ref_hit(u->q, out);
        for (int k = 0; k < u->nout; k++)
            acc += out[k];
    }
    bench_sink += acc;
    return hits;
}

static size_t run_pass(const runner *u)
{
    return u->fn ? u->bq->loop(u->fn, u->typed, u->order, u->n) : ref_loop(u);
}

/* One pass in a fresh order; returns its seconds (the shuffle not included). */
static double timed_pass(runner *u)
{
    next_order(u);
    double t0 = now();
    run_pass(u);
    return now() - t0;
}

/* A warm-up pass (which also counts the hits), then the passes per sample. */
static void calibrate(runner *u)
{
    next_order(u); /* the hits of a shuffled pass: make bench-check compares them with a fixed one's */
    u->hits = run_pass(u);
    double dt = timed_pass(u);
    u->reps = dt >= cfg.sample_seconds ? 1 : (long)ceil(cfg.sample_seconds / (dt > 1e-9 ? dt : 1e-9));
}

static void sample(runner *u, int k)
{
    double t = 0;
    for (long i = 0; i < u->reps; i++)
        t += timed_pass(u);
    u->ns[k] = t * 1e9 / ((double)u->reps * (double)u->n);
}

static void print_ratio(double x)
{
    char buf[32];
    snprintf(buf, sizeof buf, x >= 100 ? "%.0fx" : "%.2fx", x);
    printf(" %9s", buf);
}

static void print_ns(double ns) { printf(ns >= 1000 ? " %9.0f" : " %9.1f", ns); }

static void cpu_name(char *buf, size_t size)
{
    snprintf(buf, size, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon) {
            colon += 1 + (colon[1] == ' ');
            colon[strcspn(colon, "\n")] = 0;
            snprintf(buf, size, "%s", colon);
            break;
        }
    }
    fclose(f);
}

/* The 1-minute load average, or -1: a loaded machine makes the figures noisy. */
static double load_average(void)
{
    double l = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &l) != 1)
            l = -1;
        fclose(f);
    }
    return l;
}

/* ---- peers ------------------------------------------------------------------------ */

enum { MAX_PEERS = 16 };

/* A peer must finish one pass over its cases within this many seconds in a
 * child process before it is timed: some library calls never return on some
 * inputs (libccd's MPR on flat shapes, reports/peers/), and a bench that
 * hangs tells nothing.  A pass of the slowest peer takes milliseconds. */
static const double PEER_PROBE_SECONDS = 10;

/* A peer target's entry for the query on the cases it accepts, and fast on
 * those same cases (fast.fn NULL when none is refused: fast's own runner
 * stands for it). */
typedef struct {
    const isect_target *t;
    runner run, fast;
    double *flat;
    void *typed;
    const char *skipped; /* why it is not timed (the probe failed), or NULL */
} peer_run;

/* Results kept for the summary: queries where some peer beat fast. */
static struct {
    int peers, lines, slower, skipped;
    char worst[1024];
} peer_sum;

/* The speed goals of issue 14, fast/base on each set: 1.3x on the first
 * (random) set, 3x on the others (boundary); the sets over the goal are
 * listed at the end of the run. */
static const double GOAL_RANDOM = 1.3, GOAL_BOUNDARY = 3.0;
static struct {
    int sets, over;
    char list[2048];
} goal_sum;

/* Runs one pass of u in a child process.  Returns NULL when it finished
 * within PEER_PROBE_SECONDS, else why not (the child is killed). */
static const char *peer_probe(const runner *u)
{
    static char why[96];
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return NULL; /* no probe possible: time it anyway, as before */
    if (pid == 0) {
        run_pass(u);
        _exit(0);
    }
    int status = 0;
    double t0 = now();
    for (;;) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid)
            break;
        if (w < 0)
            return NULL;
        if (now() - t0 > PEER_PROBE_SECONDS) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            snprintf(why, sizeof why, "a pass over the cases did not end within %.0f s (killed)",
                     PEER_PROBE_SECONDS);
            return why;
        }
        nanosleep(&(struct timespec){.tv_nsec = 2000000}, NULL);
    }
    if (WIFSIGNALED(status))
        snprintf(why, sizeof why, "a pass over the cases died of signal %d", WTERMSIG(status));
    else if (WEXITSTATUS(status) != 0)
        snprintf(why, sizeof why, "a pass over the cases exited with status %d", WEXITSTATUS(status));
    else
        return NULL;
    return why;
}

/* The peer targets with an entry for q, their accepted cases prepared. */
static int peers_prepare(const bench_query *bq, const isect_query *q, const double *flat, size_t n, uint64_t seed,
                         peer_run *pr)
{
    int np = 0, nin = isect_query_nin(q);
    for (size_t i = 0; cfg.peers && i < isect_target_count() && np < MAX_PEERS; i++) {
        const isect_target *t = isect_target_at(i);
        const isect_target_entry *e = strncmp(t->name, "peer:", 5) == 0 ? isect_target_entry_for(t, q->name) : NULL;
        if (!e || !e->fn)
            continue;
        peer_run *p = &pr[np];
        *p = (peer_run){.t = t};
        p->flat = malloc(n * (size_t)nin * sizeof *flat);
        size_t kept = 0;
        for (size_t c = 0; p->flat && c < n; c++)
            if (!e->refuse || !e->refuse(flat + c * (size_t)nin))
                memcpy(p->flat + kept++ * (size_t)nin, flat + c * (size_t)nin, (size_t)nin * sizeof *flat);
        p->typed = p->flat && kept ? bq->prepare(p->flat, kept) : NULL;
        p->run = (runner){.bq = bq, .q = q, .fn = e->fn, .typed = p->typed, .n = kept};
        if (kept < n)
            p->fast = (runner){.bq = bq, .q = q, .fn = bq->fast, .typed = p->typed, .n = kept};
        np++;
        if (!kept)
            continue; /* every case refused */
        if (!p->typed || runner_order(&p->run, seed) || (p->fast.fn && runner_order(&p->fast, seed))) {
            p->run.n = 0; /* out of memory: not timed */
            p->skipped = "out of memory";
            continue;
        }
        if ((p->skipped = peer_probe(&p->run)) != NULL)
            p->run.n = 0;
    }
    return np;
}

static void peers_free(peer_run *pr, int np)
{
    for (int i = 0; i < np; i++) {
        free(pr[i].run.order);
        free(pr[i].fast.order);
        free(pr[i].typed);
        free(pr[i].flat);
    }
}

/* Generates and checks the cases of one set, times it and prints its line.
 * Returns 0, or 1 after a message when the set's cases are unusable. */
static int bench_set_run(const bench_query *bq, const isect_query *q, const bench_set *set, uint64_t seed)
{
    int nin = isect_query_nin(q);
    size_t n = cfg.cases;
    double *flat = malloc(n * (size_t)nin * sizeof *flat);
    if (!flat) {
        fprintf(stderr, "bench: out of memory\n");
        return 1;
    }
    rng r = {seed};
    for (size_t i = 0; i < n; i++) {
        double *in = flat + i * (size_t)nin;
        if (gen_case(q, set, &r, in, nin) != 0) {
            fprintf(stderr, "bench: %s/%s: case %zu is outside ref's domain (a generator bug)\n", bq->query,
                    set->name, i);
            free(flat);
            return 1;
        }
        if (q->format == FMT_F32) /* the generators must give values of the query's format */
            for (int k = 0; k < nin; k++)
                if (isfinite(in[k]) && (double)to_f32(in[k]) != in[k]) {
                    fprintf(stderr, "bench: %s/%s: case %zu, value %d is not binary32\n", bq->query, set->name,
                            i, k);
                    free(flat);
                    return 1;
                }
    }
    if (cfg.filter_check) {
        size_t bad = filter_mismatches(bq, q, set, flat, n);
        if (bad) {
            fprintf(stderr, "bench: %s/%s: %zu of %zu cases differ\n", bq->query, set->name, bad, n);
            free(flat);
            return 1;
        }
        if (cfg.filter_check == 2) {
            ref_set_filter(1);
            memset(&ref_stats, 0, sizeof ref_stats);
            for (size_t i = 0; i < n; i++) {
                double out[ISECT_MAX_OUT];
                q->ref(flat + i * (size_t)nin, out);
            }
            printf("  %-16s filter on = off on %zu cases; ref w/o GMP %5.1f%%\n", set->name, n,
                   100.0 * (double)ref_stats.filtered / (double)(ref_stats.filtered + ref_stats.exact));
            free(flat);
            return 0;
        }
    }
    void *typed = bq->prepare(flat, n);
    if (!typed) {
        fprintf(stderr, "bench: out of memory\n");
        free(flat);
        return 1;
    }

    runner fast = {.bq = bq, .q = q, .fn = bq->fast, .typed = typed, .n = n};
    runner base = {.bq = bq, .q = q, .fn = bq->base, .typed = typed, .n = n};
    runner ref = {.bq = bq, .q = q, .flat = flat, .nin = nin, .nout = isect_query_nout(q), .n = n};
    const uint64_t order_seed = seed ^ 0x0DE5ULL; /* every runner of the set sees the same orders */
    if (runner_order(&fast, order_seed) | runner_order(&base, order_seed) | runner_order(&ref, order_seed)) {
        fprintf(stderr, "bench: out of memory\n");
        free(fast.order), free(base.order), free(ref.order);
        free(typed);
        free(flat);
        return 1;
    }

    peer_run pr[MAX_PEERS];
    int np = peers_prepare(bq, q, flat, n, order_seed, pr);

    calibrate(&fast);
    calibrate(&base);
    for (int p = 0; p < np; p++)
        if (pr[p].run.n) {
            calibrate(&pr[p].run);
            if (pr[p].fast.fn)
                calibrate(&pr[p].fast);
        }
    ref_set_filter(1);
    memset(&ref_stats, 0, sizeof ref_stats);
    calibrate(&ref);
    unsigned long long filtered = ref_stats.filtered, exact = ref_stats.exact; /* each case once */
    for (int k = 0; k < cfg.fast_samples; k++) { /* interleaved, so drifts of the machine hit all alike */
        sample(&fast, k);
        sample(&base, k);
        for (int p = 0; p < np; p++)
            if (pr[p].run.n) {
                sample(&pr[p].run, k);
                if (pr[p].fast.fn)
                    sample(&pr[p].fast, k);
            }
        if (k < cfg.ref_samples)
            sample(&ref, k);
    }

    double f_ns = median(fast.ns, cfg.fast_samples), b_ns = median(base.ns, cfg.fast_samples);
    double r_ns = median(ref.ns, cfg.ref_samples);
    printf("  %-16s", set->name);
    print_ns(f_ns);
    print_ns(b_ns);
    print_ns(r_ns);
    print_ratio(f_ns / b_ns);
    print_ratio(r_ns / f_ns);
    if (filtered + exact)
        printf(" %11.1f%%", 100.0 * (double)filtered / (double)(filtered + exact));
    else
        printf(" %12s", "-");
    printf("   %5.1f / %5.1f / %5.1f\n", 100.0 * (double)fast.hits / (double)n, 100.0 * (double)base.hits / (double)n,
           100.0 * (double)ref.hits / (double)n);
    double goal = set == &bq->sets[0] ? GOAL_RANDOM : GOAL_BOUNDARY;
    goal_sum.sets++;
    if (f_ns > goal * b_ns) {
        size_t len = strlen(goal_sum.list);
        goal_sum.over++;
        snprintf(goal_sum.list + len, sizeof goal_sum.list - len, "%s%s/%s %.1fx", len ? ", " : "", bq->query,
                 set->name, f_ns / b_ns);
    }
    for (int p = 0; p < np; p++) {
        const runner *u = &pr[p].run;
        printf("    %-22s", pr[p].t->name);
        if (pr[p].skipped) {
            printf(" not timed: %s\n", pr[p].skipped);
            peer_sum.skipped++;
            continue;
        }
        if (!u->n) {
            printf(" every case refused by its entry\n");
            continue;
        }
        double p_ns = median(pr[p].run.ns, cfg.fast_samples);
        double pf_ns = pr[p].fast.fn ? median(pr[p].fast.ns, cfg.fast_samples) : f_ns;
        print_ns(p_ns);
        printf(" ns   fast/peer");
        print_ratio(pf_ns / p_ns);
        printf("   hits %5.1f%%", 100.0 * (double)u->hits / (double)u->n);
        if (u->n < n)
            printf("   on the %zu of %zu cases it accepts (fast there: %.1f ns)", u->n, n, pf_ns);
        printf("\n");
        peer_sum.lines++;
        if (pf_ns >= p_ns) {
            peer_sum.slower++;
            size_t len = strlen(peer_sum.worst);
            snprintf(peer_sum.worst + len, sizeof peer_sum.worst - len, "%s%s/%s %s (%.2fx)", len ? ", " : "",
                     bq->query, set->name, pr[p].t->name, pf_ns / p_ns);
        }
    }
    fflush(stdout);

    peers_free(pr, np);
    free(fast.order), free(base.order), free(ref.order);
    free(typed);
    free(flat);
    return 0;
}

static const bench_query *row_of(const char *query)
{
    if (strcmp(query, bench_ray_triangle.query) == 0)
        return &bench_ray_triangle;
    for (size_t i = 0; i < bench_nrows; i++)
        if (strcmp(query, bench_rows[i].query) == 0)
            return &bench_rows[i];
    return NULL;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: bench [--quick] [--filter-check] [QUERY...]\n"
               "Times fast, a plain textbook baseline and ref on generated inputs, per query\n"
               "of the catalog (every query when none is named), and prints ns per call and\n"
               "their ratios.  --quick: 256 cases, one short sample (a smoke run; its figures\n"
               "mean nothing; it also checks --filter-check's property).  --filter-check: no timing;\n"
               "ref with its filter on and off must give the same bits on every case, and the\n"
               "share answered without GMP is printed.  ISECT_BENCH_SEED=N changes the PRNG seed;\n"
               "ISECT_BENCH_CASES=N (1 to 4194304) the cases per set (default 4096; --quick keeps 256).\n"
               "Every timed pass visits the cases in a fresh random order (the same for fast, base,\n"
               "ref and the peers), so that the branch predictor cannot learn a set by heart;\n"
               "ISECT_BENCH_ORDER=fixed visits them in the same order on every pass (the former figures).\n");
}

int main(int argc, char **argv)
{
    int quick = 0, nq = 0;
    const char *names[64];
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--quick") == 0) {
            quick = 1;
            cfg.filter_check += !cfg.filter_check;
        } else if (strcmp(argv[i], "--filter-check") == 0) {
            cfg.filter_check = 2;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "bench: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else if (!isect_query_find(argv[i])) {
            fprintf(stderr, "bench: unknown query '%s' (isect list names them)\n", argv[i]);
            return 2;
        } else if (nq < (int)(sizeof names / sizeof *names)) {
            names[nq++] = argv[i];
        }
    }
    /* --quick (make check) times no peer: a library that hangs on some
     * input (libccd's MPR on flat shapes, reports/peers/) would hang the
     * check, and the smoke run's figures mean nothing anyway. */
    if (quick)
        cfg.cases = QUICK_CASES, cfg.fast_samples = 1, cfg.ref_samples = 1, cfg.sample_seconds = 0, cfg.peers = 0;

    const char *ncases = getenv("ISECT_BENCH_CASES");
    if (ncases && *ncases) {
        char *end;
        unsigned long long v = strtoull(ncases, &end, 0);
        if (*end || *ncases == '-' || v < 1 || v > MOST_CASES) {
            fprintf(stderr, "bench: ISECT_BENCH_CASES='%s' is not a number from 1 to %d\n", ncases, MOST_CASES);
            return 2;
        }
        if (!quick) /* --quick keeps its 256 */
            cfg.cases = (size_t)v;
    }

    const char *order = getenv("ISECT_BENCH_ORDER");
    if (order && *order) {
        if (strcmp(order, "fixed") != 0 && strcmp(order, "shuffled") != 0) {
            fprintf(stderr, "bench: ISECT_BENCH_ORDER='%s' is neither 'shuffled' (the default) nor 'fixed'\n",
                    order);
            return 2;
        }
        cfg.fixed_order = strcmp(order, "fixed") == 0;
    }

    uint64_t seed = DEFAULT_SEED;
    const char *env = getenv("ISECT_BENCH_SEED");
    if (env && *env) {
        char *end;
        seed = strtoull(env, &end, 0);
        if (*end) {
            fprintf(stderr, "bench: ISECT_BENCH_SEED='%s' is not a number\n", env);
            return 2;
        }
    }

    /* Every catalog query has a row, with the catalog's input count. */
    int rc = 0;
    for (size_t i = 0; i < isect_catalog_size; i++) {
        const isect_query *q = isect_catalog[i];
        const bench_query *bq = row_of(q->name);
        if (!bq) {
            fprintf(stderr, "bench: query %s has no row (bench/rows.c)\n", q->name);
            rc = 1;
        } else if (bq->nin != isect_query_nin(q)) {
            fprintf(stderr, "bench: query %s: the row expects %d inputs, the catalog has %d\n", q->name, bq->nin,
                    isect_query_nin(q));
            rc = 1;
        }
    }
    if (rc)
        return rc;

    char cpu[128];
    cpu_name(cpu, sizeof cpu);
    printf("isect bench: ns per call, median of %d samples (ref: %d) of >= %.0f ms each,\n", cfg.fast_samples,
           cfg.ref_samples, cfg.sample_seconds * 1e3);
    printf("%zu cases per input set, PRNG seed 0x%llx (ISECT_BENCH_SEED, ISECT_BENCH_CASES to change),\n", cfg.cases,
           (unsigned long long)seed);
    printf("%s (ISECT_BENCH_ORDER).\n", cfg.fixed_order ? "every pass in the same order, the branch predictor may learn a set"
                                                         : "each pass in a fresh random order");
    if (quick)
        printf("--quick: a smoke run; the figures below mean nothing.\n");
    printf("Figures are ratios measured side by side in one run on this machine\n");
    printf("(%s; cc %s", cpu, __VERSION__);
    double load = load_average();
    if (load >= 0)
        printf("; load average %.2f", load);
    printf("); absolute ns vary between machines and runs.\n");
    printf("fast = libisect; ref = libisect_ref (exact); base = a plain binary32 textbook implementation.\n");
    printf("Input sets: random = generic shapes in [-1,1]^3, about half touching; boundary = those\n");
    printf("after the catalog's boundary edits (touching, coplanar, parallel; the fuzzers' edits).\n");
    printf("ref w/o GMP = share of ref calls its interval filter answered without rational arithmetic.\n");
    printf("hits = share of the cases each implementation calls a hit (side queries: straddling);\n");
    for (size_t i = 0; i < isect_target_count(); i++)
        peer_sum.peers += strncmp(isect_target_at(i)->name, "peer:", 5) == 0;
    if (peer_sum.peers && !cfg.peers)
        printf("peers: not timed under --quick (make bench times them).\n");
    else if (peer_sum.peers)
        printf("peer:NAME lines = the peer targets' entry functions (peers/, docs/peers.md) on the same\n"
               "cases, minus those the entry refuses; fast/peer < 1 means fast is faster.\n");
    else
        printf("peers: none built (their libraries are not installed: make deps; docs/peers.md);\n"
               "the peer rows are skipped.\n");
    printf("where a rounded one differs from ref, the judge (isect eval), not this bench, says\n");
    printf("whether that is tolerated.\n");

    for (size_t i = 0; i < isect_catalog_size; i++) {
        const isect_query *q = isect_catalog[i];
        int wanted = nq == 0;
        for (int k = 0; k < nq; k++)
            wanted |= strcmp(names[k], q->name) == 0;
        if (!wanted)
            continue;
        const bench_query *bq = row_of(q->name);
        printf("\n%s; base %s = %s\n", bq->query, bq->base_label, bq->base_about);
        char bl[32], ratio[32], hits[64];
        snprintf(bl, sizeof bl, "%s ns", bq->base_label);
        snprintf(ratio, sizeof ratio, "fast/%s", bq->base_label);
        snprintf(hits, sizeof hits, "hits %%: fast / %s / ref", bq->base_label);
        printf("  %-16s %9s %9s %9s %9s %9s %12s   %s\n", "inputs", "fast ns", bl, "ref ns", ratio, "ref/fast",
               "ref w/o GMP", hits);
        for (int s = 0; s < BENCH_MAX_SETS && bq->sets[s].name; s++)
            if (bench_set_run(bq, q, &bq->sets[s],
                              seed ^ (0x9E3779B97F4A7C15ULL * (i * BENCH_MAX_SETS + (size_t)s + 1))))
                return 1;
    }
    if (!quick && goal_sum.sets && !goal_sum.over) /* --quick's figures mean nothing */
        printf("\nspeed: fast is within %.1fx of the plain baseline on every random set and %.0fx on every other.\n",
               GOAL_RANDOM, GOAL_BOUNDARY);
    else if (!quick && goal_sum.sets)
        printf("\nspeed: %d of %d sets are over the goal (fast/base above %.1fx random, %.0fx other): %s\n",
               goal_sum.over, goal_sum.sets, GOAL_RANDOM, GOAL_BOUNDARY, goal_sum.list);
    if (peer_sum.lines && !peer_sum.slower)
        printf("\npeers: fast is faster than every peer on every shared query (%d peer lines).\n", peer_sum.lines);
    else if (peer_sum.lines)
        printf("\npeers: %d of %d peer lines are not slower than fast: %s\n", peer_sum.slower, peer_sum.lines,
               peer_sum.worst);
    if (peer_sum.skipped)
        printf("peers: %d peer line%s not timed: the peer did not finish a pass over the cases (see above).\n",
               peer_sum.skipped, peer_sum.skipped == 1 ? "" : "s");
    return 0;
}
