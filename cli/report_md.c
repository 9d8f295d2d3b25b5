/* cli/report_md.c: report.md, the report for a code host (pictures/ and
 * maps/ as files beside it). */
#include "report.h"

#include <math.h>
#include <string.h>

void write_md(FILE *f, const report *r)
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
    fprintf(f, "\n## Findings (%zu)\n\n", r->n);
    for (size_t i = 0; i < r->n; i++) {
        const item *it = &r->items[i];
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
