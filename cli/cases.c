/* cli/cases.c: corpus loading, running and JSON rows for the subcommands. */
#include "cases.h"

#include "files.h"
#include "json.h"

#include <stdlib.h>
#include <string.h>

static int add_file(const char *path, void *ctx)
{
    isect_corpus *c = ctx;
    char err[1024];
    isect_casefile cf;
    if (isect_casefile_read(path, &cf, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    isect_casefile *nf = realloc(c->files, (c->n + 1) * sizeof *nf);
    if (!nf) {
        fprintf(stderr, "%s: out of memory\n", path);
        isect_casefile_free(&cf);
        return 1;
    }
    c->files = nf;
    c->files[c->n++] = cf;
    return 0;
}

int corpus_load(isect_corpus *c, char **paths, int npaths)
{
    int errors = 0;
    memset(c, 0, sizeof *c);
    for (int i = 0; i < npaths; i++)
        errors += isect_walk_cases(paths[i], 0, add_file, c);
    return errors;
}

void corpus_free(isect_corpus *c)
{
    for (size_t i = 0; i < c->n; i++)
        isect_casefile_free(&c->files[i]);
    free(c->files);
    memset(c, 0, sizeof *c);
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

int run_target(const isect_case *k, const isect_target *t, int ref_status, const double *ref_out, isect_row *row)
{
    const isect_target_entry *e = isect_target_entry_for(t, k->query->name);
    if (!e)
        return -1;
    memset(row, 0, sizeof *row);
    isect_target_run(k->query, e, k->in, row->out);
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
