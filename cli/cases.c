/* cli/cases.c: corpus loading, running and JSON rows for the subcommands. */
#include "cases.h"

#include "isect_ref.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int has_case_suffix(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && !strcmp(name + n - 5, ".case");
}

static int add_file(isect_corpus *c, const char *path)
{
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

static int add_path(isect_corpus *c, const char *path, int depth)
{
    struct stat st;
    if (stat(path, &st)) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return add_file(c, path);
    if (depth > 32) {
        fprintf(stderr, "%s: directories nested too deep\n", path);
        return 1;
    }
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return 1;
    }
    char **names = NULL;
    size_t n = 0;
    int errors = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        char *full = malloc(len);
        char **nn = realloc(names, (n + 1) * sizeof *nn);
        if (!full || !nn) {
            free(full);
            free(nn ? nn : names);
            closedir(d);
            fprintf(stderr, "%s: out of memory\n", path);
            return errors + 1;
        }
        names = nn;
        size_t plen = strlen(path);
        snprintf(full, len, "%.*s/%s", (int)(plen > 1 && path[plen - 1] == '/' ? plen - 1 : plen), path,
                 e->d_name);
        names[n++] = full;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        struct stat s2;
        if (!stat(names[i], &s2) && (S_ISDIR(s2.st_mode) || has_case_suffix(names[i])))
            errors += add_path(c, names[i], depth + 1);
        free(names[i]);
    }
    free(names);
    return errors;
}

int corpus_load(isect_corpus *c, char **paths, int npaths)
{
    int errors = 0;
    memset(c, 0, sizeof *c);
    for (int i = 0; i < npaths; i++)
        errors += add_path(c, paths[i], 0);
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
        for (size_t i = 0; i < isect_targets_size; i++)
            add_target(sel, nsel, isect_targets[i]);
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
    /* The witness search is in units of 2^-24 S; a binary64 entry's are 2^-53 S. */
    double u = isect_entry_unit(e) / 0x1p-24, hi = 4 * (e->tolerance > 1 ? e->tolerance : 1);
    row->has_witness = isect_witness(k->query, k->in, row->out, e->ulps * u, row->j.severity * u, hi * u, row->witness,
                                     &row->moved);
    row->moved /= u;
}

void print_number_json(FILE *f, double x)
{
    if (isnan(x)) {
        fputs("\"nan\"", f);
        return;
    }
    if (isinf(x)) {
        fputs(x < 0 ? "\"-inf\"" : "\"inf\"", f);
        return;
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%.17g", x);
    fputs(buf, f);
    if (!strpbrk(buf, ".eE"))
        fputs(".0", f);
}

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

void json_row(FILE *f, const char *file, size_t index, const isect_case *k, const char *target,
              const double *out, int ref_status, const isect_row *row)
{
    const isect_query *q = k->query;
    fputs("{\"file\": ", f);
    json_string(f, file);
    fprintf(f, ", \"index\": %zu, \"query\": ", index);
    json_string(f, q->name);
    fputs(", \"target\": ", f);
    json_string(f, target);
    if (!row)
        fprintf(f, ", \"valid\": %s", ref_status == REF_OK ? "true" : "false");
    for (int o = 0; o < q->noutputs; o++) {
        const double *v = out + isect_output_offset(q, o);
        fprintf(f, ", \"%s\": ", q->outputs[o].name);
        if (q->outputs[o].arity > 1)
            fputc('[', f);
        for (int i = 0; i < q->outputs[o].arity; i++) {
            if (i)
                fputs(", ", f);
            if (q->outputs[o].kind == OUT_BOOL)
                fputs(v[i] != 0 ? "true" : "false", f);
            else if (q->outputs[o].kind == OUT_ENUM)
                fprintf(f, "%d", (int)v[i]);
            else
                print_number_json(f, v[i]);
        }
        if (q->outputs[o].arity > 1)
            fputc(']', f);
    }
    if (row) {
        fprintf(f, ", \"verdict\": \"%s\", \"severity\": ", isect_verdict_name(row->j.verdict));
        print_number_json(f, row->j.severity);
        if (row->j.why) {
            fputs(", \"why\": ", f);
            json_string(f, row->j.why);
        }
        if (row->has_witness) {
            fputs(", \"witness\": {\"moved\": ", f);
            print_number_json(f, row->moved);
            fputs(", \"in\": [", f);
            for (int i = 0; i < isect_query_nin(q); i++) {
                if (i)
                    fputs(", ", f);
                print_number_json(f, row->witness[i]);
            }
            fputs("]}", f);
        }
    }
    fputs("}\n", f);
}
