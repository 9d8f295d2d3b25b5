/* cli/cases.c: corpus loading, running and JSON rows for the subcommands. */
#include "cases.h"

#include "files.h"
#include "json.h"

#include <stdlib.h>
#include <string.h>

int corpus_files(char **paths, int npaths, int flags, isect_walk_fn fn, void *user)
{
    int errors = 0;
    for (int i = 0; i < npaths; i++)
        errors += isect_walk_cases(paths[i], flags, fn, user);
    return errors;
}

/* One file read and checked, its cases to the corpus_each callback (or
 * none, in the first pass); an error is printed and counted. */
typedef struct {
    corpus_case_fn fn;
    void *user;
    const char *path;
    size_t nfiles;
} each_ctx;

static int each_case(void *user, const isect_case *k, size_t index)
{
    each_ctx *e = user;
    e->fn(e->user, e->path, k, index);
    return 0;
}

static int each_file(const char *path, void *user)
{
    each_ctx *e = user;
    char err[1024];
    e->path = path;
    if (isect_casefile_each(path, e->fn ? each_case : NULL, e, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    e->nfiles++;
    return 0;
}

int corpus_check(char **paths, int npaths)
{
    each_ctx e = {NULL, NULL, NULL, 0};
    return corpus_files(paths, npaths, 0, each_file, &e);
}

int corpus_each(char **paths, int npaths, corpus_case_fn fn, void *user, size_t *nfiles)
{
    /* first every file checked, so that nothing is evaluated when one is
     * bad; then each read again and streamed */
    if (corpus_check(paths, npaths))
        return 1;
    each_ctx e = {fn, user, NULL, 0};
    int errors = corpus_files(paths, npaths, ISECT_WALK_NO_NOTES, each_file, &e);
    if (nfiles)
        *nfiles = e.nfiles;
    return errors;
}

static void add_target(const isect_target **sel, size_t *nsel, const isect_target *t)
{
    for (size_t i = 0; i < *nsel; i++)
        if (sel[i] == t)
            return;
    sel[(*nsel)++] = t;
}

int targets_select(const isect_target **sel, size_t *nsel, const char *name)
{
    if (!strcmp(name, "all")) {
        for (size_t i = 0; i < isect_target_count(); i++)
            add_target(sel, nsel, isect_target_at(i));
        return 0;
    }
    const isect_target *t = isect_target_find(name);
    if (!t) {
        fprintf(stderr, "isect: unknown target '%s' (isect targets lists them)\n", name);
        return -1;
    }
    add_target(sel, nsel, t);
    return 0;
}

int run_ref(const isect_case *k, double *out) { return k->query->ref(k->in, out); }

typedef struct {
    const isect_case *k;
    const isect_target_entry *e;
} target_job;

static void target_child(void *arg, guard_pipe *p)
{
    target_job *job = arg;
    double out[ISECT_MAX_OUT] = {0};
    isect_target_run(job->k->query, job->e, job->k->in, out);
    guard_send(p, out, sizeof out);
}

int run_target(const isect_case *k, const isect_target *t, int ref_status, const double *ref_out, double timeout,
               isect_row *row)
{
    const isect_target_entry *e = isect_target_entry_for(t, k->query->name);
    if (!e)
        return -1;
    memset(row, 0, sizeof *row);
    if (!guard_target(t))
        isect_target_run(k->query, e, k->in, row->out);
    else {
        target_job job = {k, e};
        guard_result g;
        if (guard_call(target_child, &job, row->out, sizeof row->out, timeout, &g) != GUARD_OK) {
            memset(row->out, 0, sizeof row->out);
            row->died = g.status;
            snprintf(row->why, sizeof row->why, "%s", g.why);
            row->j.verdict = VERDICT_INVALID;
            row->j.slot = -1;
            row->j.why = row->why;
            return 0;
        }
    }
    row->j = isect_judge_entry(k->query, e, k->in, ref_status, ref_out, row->out);
    return 0;
}

void row_witness(const isect_case *k, const isect_target *t, isect_row *row)
{
    const isect_target_entry *e = isect_target_entry_for(t, k->query->name);
    row->has_witness = false;
    if (!e || row->j.verdict != VERDICT_TOLERATED)
        return;
    /* The witness search is in units of the query's format; the entry's
     * bounds are in isect_entry_unit's. */
    double u = isect_entry_unit(k->query, e) / isect_format_unit(k->query);
    double hi = 4 * (e->tolerance > 1 ? e->tolerance : 1);
    row->has_witness = isect_witness(k->query, k->in, row->out, e->ulps * u, row->j.severity * u, hi * u, row->witness,
                                     &row->moved);
    row->moved /= u;
}

void json_row(FILE *f, const char *file, size_t index, const isect_case *k, const char *target,
              const double *out, int ref_status, const isect_row *row)
{
    const isect_query *q = k->query;
    fputs("{\"file\": ", f);
    isect_json_string(f, file);
    fprintf(f, ", \"index\": %zu, \"query\": ", index);
    isect_json_string(f, q->name);
    fputs(", \"target\": ", f);
    isect_json_string(f, target);
    if (!row)
        fprintf(f, ", \"valid\": %s", ref_status == ISECT_REF_OK ? "true" : "false");
    isect_json_outputs(f, q, out, ", ");
    if (row) {
        fprintf(f, ", \"verdict\": \"%s\", \"severity\": ", isect_verdict_name(row->j.verdict));
        isect_json_number(f, row->j.severity);
        if (row->j.why) {
            fputs(", \"why\": ", f);
            isect_json_string(f, row->j.why);
        }
        if (row->has_witness) {
            fputs(", \"witness\": {\"moved\": ", f);
            isect_json_number(f, row->moved);
            fputs(", \"in\": ", f);
            isect_json_array(f, row->witness, isect_query_nin(q));
            fputc('}', f);
        }
    }
    fputs("}\n", f);
}
