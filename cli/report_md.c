/* cli/report_md.c: report.md, the report for a code host (pictures/ and
 * maps/ as files beside it). */
#include "report.h"

#include <math.h>
#include <string.h>

/* The peer scoreboard: per peer and query. */
static void md_peers(FILE *f, const report *r)
{
    int any = 0;
    char b[64];
    for (size_t i = 0; i < r->npairs; i++) {
        const pair_stat *p = &r->pairs[i];
        if (!is_peer(p->target))
            continue;
        if (!any++)
            fputs("\n## Peer scoreboard\n\nInstalled libraries judged like any target (docs/peers.md); their "
                  "findings do not fail the campaign.\n\n| peer | query | executions | causes | signatures | max "
                  "severity | first finding |\n|---|---|---:|---:|---:|---:|---:|\n",
                  f);
        fprintf(f, "| %s | %s | %.0f | %d | %d | %s | ", p->target, p->query, p->execs, p->ncauses, p->nfind,
                p->nfind ? number_short(b, sizeof b, p->maxsev) : "-");
        put_time(f, p->first);
        fputs(" |\n", f);
    }
}

void write_md(FILE *f, const report *r)
{
    char title[512], b[64];
    fprintf(f, "# isect discrepancy report\n\n**%zu cause%s** (%zu in targets that must be clean) from %zu "
               "finding%s (distinct signatures).\n\n",
            r->ncauses, r->ncauses == 1 ? "" : "s", count_causes(r, NULL, 0), r->n, r->n == 1 ? "" : "s");
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
            const pair_stat *p = &r->pairs[i];
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
    zoo_result zs[MAX_PAIRS];
    size_t nzoo = zoo_results(r, zs, MAX_PAIRS);
    for (size_t t = 0; t < nzoo; t++) {
        const zoo_result *z = &zs[t];
        fprintf(f, "| %s | %s | %s%s%s | ", z->name, zoo_kind(z), z->ok || !z->ran ? "" : "**", z->word,
                z->ok || !z->ran ? "" : "**");
        put_time(f, z->found ? z->first : NAN);
        fputs(" | ", f);
        put_time(f, z->found ? z->own : NAN);
        fprintf(f, " | %s | %d |\n", z->found ? number_short(b, sizeof b, z->maxsev) : "-", z->sigs);
    }
    md_peers(f, r);
    fprintf(f, "\n## Causes (%zu; %zu in targets that must be clean)\n\n", r->ncauses, count_causes(r, NULL, 0));
    if (r->ncauses)
        fputs("| target | query | verdict | exact answer | signatures | max severity | first found |\n"
              "|---|---|---|---|---:|---:|---:|\n",
              f);
    for (size_t c = 0; c < r->ncauses; c++) {
        const item *it = &r->items[r->causes[c].first];
        fprintf(f, "| %s | %s | %s | %s | %zu | %s | ", it->f.target, it->f.pair, cause_kind(&it->f),
                it->f.property[0] ? "-" : it->f.sig.feature, r->causes[c].n,
                number_short(b, sizeof b, r->causes[c].maxsev));
        put_time(f, r->causes[c].elapsed);
        fputs(" |\n", f);
    }
    fprintf(f, "\n## Findings (%zu signatures, by cause)\n\n", r->n);
    for (size_t i = 0; i < r->n; i++) {
        const item *it = &r->items[i];
        for (size_t c = 0; c < r->ncauses; c++)
            if (r->causes[c].first == i)
                fprintf(f, "### %s\n\n", cause_title(r, &r->causes[c], title, sizeof title));
        fprintf(f, "#### %s\n\n", title_of(it, title, sizeof title));
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
