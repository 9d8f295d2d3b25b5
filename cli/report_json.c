/* cli/report_json.c: findings.json, every finding, the runs and the zoo
 * scoreboard (format isect-report-1, reports/README.md), written with
 * oracle/json.h. */
#include "report.h"

#include <math.h>

/* A number, or null when it is not finite (unknown). */
static void number_or_null(FILE *f, double x)
{
    if (isfinite(x))
        isect_json_number(f, x);
    else
        fputs("null", f);
}

static void outputs_object(FILE *f, const isect_query *q, const double *out)
{
    fputc('{', f);
    isect_json_outputs(f, q, out, "");
    fputc('}', f);
}

static void json_campaign(FILE *f, const meta *m)
{
    if (!m->has_log) {
        fputs("null", f);
        return;
    }
    fputs("{\"start\": ", f);
    isect_json_number(f, m->start);
    fputs(", \"seconds\": ", f);
    isect_json_number(f, m->seconds);
    fprintf(f, ", \"jobs\": %d, \"finished\": %s, \"stop\": ", m->jobs, m->finished ? "true" : "false");
    isect_json_string(f, m->finished ? m->stop : "killed");
    fputs(", \"elapsed\": ", f);
    isect_json_number(f, m->stop_at);
    fputc('}', f);
}

static void json_run(FILE *f, const pair_stat *p)
{
    fputs("{\"query\": ", f);
    isect_json_string(f, p->query);
    fputs(", \"target\": ", f);
    isect_json_string(f, p->target);
    fprintf(f, ", \"executions\": %.0f, \"seconds\": ", p->execs);
    isect_json_number(f, p->seconds);
    fprintf(f, ", \"runs\": %d, \"crashes\": %d, \"timeouts\": %d, \"causes\": %d, \"signatures\": %d, "
               "\"discrepancies\": %d, \"invalid\": %d, \"peer\": %s, \"max_severity\": ",
            p->runs, p->crashes, p->timeouts, p->ncauses, p->nfind, p->ndisc, p->ninv,
            is_peer(p->target) ? "true" : "false");
    isect_json_number(f, p->maxsev);
    fputs(", \"first_finding\": ", f);
    number_or_null(f, p->first);
    fputc('}', f);
}

static void json_zoo(FILE *f, const zoo_result *z)
{
    fputs("{\"target\": ", f);
    isect_json_string(f, z->name);
    fprintf(f, ", \"expected\": \"%s\", \"run\": %s, \"found\": %s, \"ok\": %s, \"first_discrepancy\": ",
            z->control ? "clean" : "found", z->ran ? "true" : "false", z->found ? "true" : "false",
            z->ok ? "true" : "false");
    number_or_null(f, z->first);
    fputs(", \"fuzzing_to_first\": ", f);
    number_or_null(f, z->own);
    fputs(", \"max_severity\": ", f);
    isect_json_number(f, z->maxsev);
    fprintf(f, ", \"signatures\": %d}", z->sigs);
}

/* , "key": "value" */
static void member(FILE *f, const char *key, const char *value)
{
    fprintf(f, ", \"%s\": ", key);
    isect_json_string(f, value);
}

static void json_cause(FILE *f, const report *r, const cause *c)
{
    const isect_finding *top = &r->items[c->first].f;
    fputs("{\"query\": ", f);
    isect_json_string(f, top->pair);
    member(f, "target", top->target);
    member(f, "verdict", cause_kind(top));
    member(f, "feature", top->property[0] ? "" : top->sig.feature);
    fprintf(f, ", \"must_be_clean\": %s, \"signatures\": %zu, \"max_severity\": ",
            r->items[c->first].zoo ? "false" : "true", c->n);
    isect_json_number(f, c->maxsev);
    fputs(", \"first_finding\": ", f);
    number_or_null(f, c->elapsed);
    fputs(", \"keys\": [", f);
    for (size_t i = 0; i < c->n; i++) {
        fputs(i ? ", " : "", f);
        isect_json_string(f, r->items[c->first + i].f.key);
    }
    fputs("]}", f);
}

static void json_finding(FILE *f, const item *it)
{
    const isect_query *q = it->f.q;
    fputs("{\"key\": ", f);
    isect_json_string(f, it->f.key);
    member(f, "file", it->rel);
    member(f, "query", q->name);
    member(f, "target", it->f.target);
    member(f, "verdict", finding_verdict(&it->f));
    if (it->f.property[0])
        member(f, "property", it->f.property);
    member(f, "feature", it->f.sig.feature);
    member(f, "output", it->f.sig.output);
    fputs(", \"severity\": ", f);
    isect_json_number(f, it->f.sig.severity);
    fprintf(f, ", \"severity_decade\": %d, \"first_found\": ", it->f.sig.decade);
    number_or_null(f, it->f.first);
    fputs(", \"elapsed\": ", f);
    number_or_null(f, it->elapsed);
    fputs(", \"input\": {", f);
    for (int k = 0; k < q->nfields; k++) {
        fprintf(f, "%s\"%s\": ", k ? ", " : "", q->fields[k].name);
        isect_json_value(f, it->f.c.in + isect_field_offset(q, k), q->fields[k].arity);
    }
    fputs("}, \"ref\": ", f);
    if (it->ref_status == ISECT_REF_OK)
        outputs_object(f, q, it->ref_out);
    else
        fputs("\"invalid input\"", f);
    fputs(", \"answer\": ", f);
    if (it->ran)
        outputs_object(f, q, it->tgt_out);
    else
        fputs("null", f);
    if (it->minimized) {
        char rel[600];
        snprintf(rel, sizeof rel, "minimized/%s.case", it->f.key);
        member(f, "minimized", rel);
    } else
        fputs(", \"minimized\": null", f);
    member(f, "notes", it->f.notes);
    fputc('}', f);
}

void write_json(FILE *f, const report *r)
{
    char ts[64];
    time_format(ts, sizeof ts, isect_epoch_now());
    fputs("{\n  \"format\": \"isect-report-1\",\n  \"generated\": ", f);
    isect_json_string(f, ts);
    fprintf(f, ",\n  \"headline\": {\"causes\": %zu, \"causes_must_be_clean\": %zu, \"signatures\": %zu}", r->ncauses,
            count_causes(r, NULL, 0), r->n);
    fputs(",\n  \"campaign\": ", f);
    json_campaign(f, &r->m);
    fputs(",\n  \"runs\": [", f);
    for (size_t i = 0; i < r->npairs; i++) {
        fputs(i ? ",\n    " : "\n    ", f);
        json_run(f, &r->pairs[i]);
    }
    fputs("\n  ],\n  \"zoo\": [", f);
    int nz = 0;
    zoo_result zs[MAX_PAIRS];
    size_t nzoo = zoo_results(r, zs, MAX_PAIRS);
    for (size_t t = 0; t < nzoo; t++) {
        const zoo_result *z = &zs[t];
        fputs(nz++ ? ",\n    " : "\n    ", f);
        json_zoo(f, z);
    }
    fputs("\n  ],\n  \"causes\": [", f);
    for (size_t i = 0; i < r->ncauses; i++) {
        fputs(i ? ",\n    " : "\n    ", f);
        json_cause(f, r, &r->causes[i]);
    }
    fputs("\n  ],\n  \"findings\": [", f);
    for (size_t i = 0; i < r->n; i++) {
        fputs(i ? ",\n    " : "\n    ", f);
        json_finding(f, &r->items[i]);
    }
    fputs("\n  ]\n}\n", f);
}
