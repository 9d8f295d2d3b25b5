/* tools/ccd_benchmark.c: the CCD benchmark (Wang et al. 2021) as an oracle
 * check.  Reads every vertex-face and edge-edge CSV under DIR (8 rows of
 * "xn,xd,yn,yd,zn,zd[,truth]" per query; the truth in a 7th column, or in a
 * JSON list of booleans beside a 6-column file: NAME_mma_bool.json or
 * mma_bool.json), converts each value exactly to binary64 (an inexact value
 * is an error), runs ref and prints one line:
 *
 *     ccd-benchmark: N queries, A agree, D disagree, T s
 *
 * then, per `-t TARGET`, its false negatives and positives against ref and
 * its mean and worst time per query (an input the target's entry refuses is
 * not run, and counted apart).  `-v` lists each disagreement;
 * `-x` turns ref's filter off (the exact path alone);
 * `-o DIR` also writes every query as a .case file (with ref's expect lines).
 * Exit status 1 when ref disagrees with the ground truth anywhere, or a
 * target given with -T (not -t) has a false negative.
 */
#include "catalog.h"
#include "judge.h"
#include "targets.h"

#include <dirent.h>
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

enum { MAX_TARGETS = 8 };

typedef struct {
    const isect_target *t;
    bool strict;
    long fn, fp, n, disc, refused;
    double sum, worst, far; /* far: the largest certified distance of a reported collision, units */
} tstat;

typedef struct {
    long n, agree, disagree;
    double seconds;
    bool verbose;
    const char *outdir;
    int ntargets;
    tstat targets[MAX_TARGETS];
} run_state;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* One "n,d" pair into an exact double; false when it is not one. */
static bool exact_double(const char *num, const char *den, double *x)
{
    mpq_t q, back;
    mpq_init(q);
    mpq_init(back);
    bool ok = mpz_set_str(mpq_numref(q), num, 10) == 0 && mpz_set_str(mpq_denref(q), den, 10) == 0 &&
              mpz_sgn(mpq_denref(q)) != 0;
    if (ok) {
        mpq_canonicalize(q);
        *x = mpq_get_d(q);
        mpq_set_d(back, *x);
        ok = mpq_equal(q, back);
    }
    mpq_clear(q);
    mpq_clear(back);
    return ok;
}

/* Parses a row into xyz and its truth (-1 when absent); false on a bad row. */
static bool parse_row(char *line, double *xyz, int *truth)
{
    char *tok[8];
    int n = 0;
    for (char *s = strtok(line, ", \n"); s && n < 8; s = strtok(NULL, ", \n"))
        tok[n++] = s;
    if (n != 6 && n != 7)
        return false;
    for (int i = 0; i < 3; i++)
        if (!exact_double(tok[2 * i], tok[2 * i + 1], &xyz[i]))
            return false;
    *truth = n == 7 ? atoi(tok[6]) : -1;
    return true;
}

/* The labels of a 6-column file from its JSON list, or NULL. */
static int *json_labels(const char *csv, long *count)
{
    char path[4096];
    size_t len = strlen(csv);
    snprintf(path, sizeof path, "%.*s_mma_bool.json", (int)(len - 4), csv);
    FILE *f = fopen(path, "r");
    if (!f) {
        const char *slash = strrchr(csv, '/');
        snprintf(path, sizeof path, "%.*smma_bool.json", (int)(slash ? slash - csv + 1 : 0), csv);
        f = fopen(path, "r");
    }
    if (!f)
        return NULL;
    int *v = NULL;
    long n = 0;
    char word[16];
    int c, k = 0;
    while ((c = fgetc(f)) != EOF) {
        if (c >= 'a' && c <= 'z' && k < 15) {
            word[k++] = (char)c;
            continue;
        }
        word[k] = 0;
        if (k && (strcmp(word, "true") == 0 || strcmp(word, "false") == 0)) {
            v = realloc(v, (size_t)(n + 1) * sizeof *v);
            v[n++] = word[0] == 't';
        }
        k = 0;
    }
    fclose(f);
    *count = n;
    return v;
}

static void write_case(run_state *st, const isect_query *q, const char *csv, long idx, const double *in,
                       const double *out)
{
    char path[4096], name[1024];
    snprintf(name, sizeof name, "%s", csv);
    for (char *s = name; *s; s++)
        if (*s == '/' || *s == '.')
            *s = '_';
    snprintf(path, sizeof path, "%s/%s_%ld.case", st->outdir, name, idx);
    FILE *f = fopen(path, "w");
    if (!f)
        return;
    fprintf(f, "# %s, query %ld\nquery %s\n", csv, idx, q->name);
    for (int i = 0; i < q->nfields; i++) {
        fprintf(f, "%s", q->fields[i].name);
        for (int j = 0; j < 3; j++)
            fprintf(f, " %a", in[isect_field_offset(q, i) + j]);
        fprintf(f, "\n");
    }
    fprintf(f, "expect hit %d\n", out[0] != 0);
    if (out[0] != 0)
        fprintf(f, "expect t %a\n", out[1]);
    fclose(f);
}

static void run_targets(run_state *st, const isect_query *q, const double *in, const double *ref_out)
{
    for (int k = 0; k < st->ntargets; k++) {
        tstat *ts = &st->targets[k];
        const isect_target_entry *e = isect_target_entry_for(ts->t, q->name);
        if (!e)
            continue;
        if (e->refuse && e->refuse(in)) { /* outside what the target accepts */
            ts->refused++;
            continue;
        }
        double out[ISECT_MAX_OUT] = {0};
        double t0 = now();
        q->run(e->fn, in, out);
        double dt = now() - t0;
        ts->n++;
        ts->sum += dt;
        if (dt > ts->worst)
            ts->worst = dt;
        ts->fn += ref_out[0] != 0 && out[0] == 0;
        ts->fp += ref_out[0] == 0 && out[0] != 0;
        isect_judgement j = isect_judge_entry(q, e, in, REF_OK, ref_out, out);
        ts->disc += j.verdict == VERDICT_DISCREPANCY || j.verdict == VERDICT_INVALID;
        if (st->verbose && j.verdict == VERDICT_DISCREPANCY)
            printf("discrepancy: %s on %s: hit %g t %a, ref hit %g t %a\n", ts->t->name, q->name, out[0], out[1],
                   ref_out[0], ref_out[1]);
        if (out[0] != 0 && (ref_out[0] == 0 || out[1] < ref_out[1])) {
            /* How far apart the shapes stay near the reported time. */
            double S[UNIT_COUNT], unit = isect_entry_unit(q, e), tau = e->ulps * unit;
            isect_input_scales(q, in, S);
            double L = q->min_dist(in, fmax(0, out[1] - tau), fmin(1, out[1] + tau), INFINITY);
            ts->far = fmax(ts->far, L / (unit * S[UNIT_POS]));
        }
    }
}

/* One query: ref against the truth, then the targets. */
static void one_query(run_state *st, const isect_query *q, const char *csv, long idx, const double *in, int truth)
{
    double out[ISECT_MAX_OUT] = {0};
    double t0 = now();
    q->ref(in, out);
    st->seconds += now() - t0;
    st->n++;
    if ((out[0] != 0) == (truth != 0))
        st->agree++;
    else {
        st->disagree++;
        if (st->verbose)
            printf("disagree: %s query %ld: truth %d, ref %g (t %a)\n", csv, idx, truth, out[0], out[1]);
    }
    if (st->outdir)
        write_case(st, q, csv, idx, in, out);
    run_targets(st, q, in, out);
}

static void run_file(run_state *st, const isect_query *q, const char *csv)
{
    FILE *f = fopen(csv, "r");
    if (!f)
        return;
    long nlabels = 0, idx = 0;
    int *labels = NULL;
    char line[4096];
    double in[24];
    int row = 0, truth = -1;
    while (fgets(line, sizeof line, f)) {
        if (!parse_row(line, in + 3 * row, &truth)) {
            fprintf(stderr, "%s: query %ld: a value that is not a binary64, or a bad row\n", csv, idx);
            exit(2);
        }
        if (++row < 8)
            continue;
        row = 0;
        if (truth < 0) {
            if (!labels && !(labels = json_labels(csv, &nlabels)))
                break; /* unlabelled */
            truth = idx < nlabels ? labels[idx] : -1;
        }
        if (truth >= 0)
            one_query(st, q, csv, idx, in, truth);
        idx++;
    }
    free(labels);
    fclose(f);
}

/* Every CSV under dir whose parent folder names its kind. */
static void walk(run_state *st, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    const char *base = strrchr(dir, '/');
    base = base ? base + 1 : dir;
    const isect_query *q = strcmp(base, "vertex-face") == 0 ? isect_query_find("vertex_face_ccd")
                           : strcmp(base, "edge-edge") == 0 ? isect_query_find("edge_edge_ccd")
                                                             : NULL;
    char **names = NULL;
    size_t n = 0;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.') {
            names = realloc(names, (n + 1) * sizeof *names);
            names[n++] = strdup(e->d_name);
        }
    closedir(d);
    qsort(names, n, sizeof *names, (int (*)(const void *, const void *))strcmp);
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        struct stat sb;
        size_t len = strlen(path);
        if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
            walk(st, path);
        else if (q && len > 4 && strcmp(path + len - 4, ".csv") == 0)
            run_file(st, q, path);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    run_state st = {0};
    const char *dir = "data/ccd-benchmark";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0)
            st.verbose = true;
        else if (strcmp(argv[i], "-x") == 0)
            ref_set_filter(0);
        else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            st.outdir = argv[++i];
        else if ((strcmp(argv[i], "-t") == 0 || strcmp(argv[i], "--target") == 0 || strcmp(argv[i], "-T") == 0) &&
                 i + 1 < argc &&
                 st.ntargets < MAX_TARGETS) {
            const isect_target *t = isect_target_find(argv[i + 1]);
            if (!t) {
                fprintf(stderr, "ccd_benchmark: no target %s\n", argv[i + 1]);
                return 2;
            }
            st.targets[st.ntargets++] = (tstat){t, argv[i][1] == 'T'};
            i++;
        } else
            dir = argv[i];
    }
    walk(&st, dir);
    printf("ccd-benchmark: %ld queries, %ld agree, %ld disagree, %.2f s\n", st.n, st.agree, st.disagree,
           st.seconds);
    int status = st.disagree != 0 || st.n == 0;
    for (int k = 0; k < st.ntargets; k++) {
        tstat *ts = &st.targets[k];
        printf("  target %s: %ld queries, %ld false negatives, %ld false positives, mean %.3f us, worst %.3f us\n"
               "    judged: %ld discrepancies; reported collisions come within %.3g units of each other\n",
               ts->t->name, ts->n, ts->fn, ts->fp, ts->n ? 1e6 * ts->sum / ts->n : 0, 1e6 * ts->worst, ts->disc,
               ts->far);
        if (ts->refused)
            printf("    refused: %ld queries outside what the target accepts (not counted above)\n", ts->refused);
        if (ts->strict && (ts->fn || ts->disc))
            status = 1;
    }
    return status;
}
