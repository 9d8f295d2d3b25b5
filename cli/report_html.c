/* cli/report_html.c: index.html, the self-contained page of the report:
 * summary, runs, zoo scoreboard, and every finding with its pictures,
 * minimized case and reproducer. */
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const css =
    "body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px auto;max-width:1100px;"
    "padding:0 16px;color:#222;line-height:1.4}"
    "h1{margin-bottom:4px}h2{border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:32px}"
    "table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ddd;padding:4px 8px;text-align:left;"
    "font-size:14px}th{background:#f4f4f4}td.num{text-align:right;font-variant-numeric:tabular-nums}"
    ".meta{color:#555}.ok{color:#1a7f37;font-weight:600}.bad{color:#c62828;font-weight:600}"
    ".warn{color:#9a6700;font-weight:600}"
    "article.finding{border:1px solid #ddd;border-radius:6px;padding:8px 16px 16px;margin:16px 0}"
    "article.finding h4{margin:8px 0;font-size:16px}h3.cause{margin-top:28px}"
    "article.discrepancy{border-left:6px solid #d64541}article.invalid{border-left:6px solid #7b4fb5}"
    "pre{background:#f6f8fa;padding:8px;overflow-x:auto;font-size:12.5px}"
    ".pics{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}svg{max-width:100%;height:auto}"
    "details summary{cursor:pointer;color:#0b5cad}";

/* The last cells of a pair's row: max severity, first finding. */
static void row_end(FILE *f, const pair_stat *p)
{
    if (p->nfind)
        put_sev(f, p->maxsev);
    else
        fputs("-", f);
    fputs("</td><td class=\"num\">", f);
    put_time(f, p->first);
    fputs("</td></tr>\n", f);
}

static void html_pairs_table(FILE *f, const report *r)
{
    fputs("<table id=\"summary-table\"><tr><th>query</th><th>target</th><th>executions</th><th>exec/s</th>"
          "<th>runs</th><th>signatures</th><th>discrepancies</th><th>invalid</th><th>max severity</th>"
          "<th>first finding</th></tr>\n",
          f);
    for (size_t i = 0; i < r->npairs; i++) {
        const pair_stat *p = &r->pairs[i];
        fputs("<tr><td>", f);
        xml_text_write(f, p->query);
        fputs("</td><td>", f);
        xml_text_write(f, p->target);
        fprintf(f, "</td><td class=\"num\">%.0f</td><td class=\"num\">%.0f</td><td class=\"num\">%d</td>", p->execs,
                p->seconds > 0 ? p->execs / p->seconds : 0, p->runs);
        fprintf(f, "<td class=\"num %s\">%d%s</td><td class=\"num\">%d</td><td class=\"num\">%d</td><td class=\"num\">",
                p->nfind ? "bad" : p->ran ? "ok" : "meta", p->nfind, p->ran || p->nfind ? "" : " (not run)", p->ndisc,
                p->ninv);
        row_end(f, p);
    }
    fputs("</table>\n", f);
}

/* The page's head and the line about the campaign. */
static void html_head(FILE *f, const report *r)
{
    char ts[64];
    time_format(ts, sizeof ts, isect_epoch_now());
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<title>isect discrepancy report</title>\n<style>",
          f);
    fputs(css, f);
    fputs("</style>\n</head>\n<body>\n<h1>isect discrepancy report</h1>\n<p class=\"meta\">", f);
    if (r->m.has_log) {
        char st[64];
        time_format(st, sizeof st, r->m.start);
        fprintf(f, "Campaign started %s, budget %.0f s on %d job%s; ", st, r->m.seconds, r->m.jobs,
                r->m.jobs == 1 ? "" : "s");
        if (r->m.finished)
            fprintf(f, "%s after %.1f s. ", !strcmp(r->m.stop, "interrupted") ? "interrupted" : "finished",
                    r->m.stop_at);
        else
            fprintf(f, "<span class=\"warn\">did not finish (killed?)</span>; last event at %.1f s. ", r->m.stop_at);
    }
    fprintf(f, "Report generated %s from <code>", ts);
    xml_text_write(f, r->dir);
    fputs("</code>.</p>\n", f);
}

/* The count of findings and whether the targets that must be clean are. */
static void html_verdict(FILE *f, const report *r)
{
    int nd = 0, ni = 0, bad_targets = 0;
    for (size_t i = 0; i < r->n; i++) {
        nd += r->items[i].f.sig.verdict == VERDICT_DISCREPANCY;
        ni += r->items[i].f.sig.verdict != VERDICT_DISCREPANCY;
    }
    for (size_t i = 0; i < r->npairs; i++)
        bad_targets += must_be_clean(r->pairs[i].target) && r->pairs[i].nfind;
    fprintf(f, "<p id=\"verdict\"><b>%zu cause%s</b> (%zu in targets that must be clean), from %zu finding%s "
               "(distinct signatures): %d discrepanc%s, %d invalid. ",
            r->ncauses, r->ncauses == 1 ? "" : "s", count_causes(r, NULL, 0), r->n, r->n == 1 ? "" : "s", nd,
            nd == 1 ? "y" : "ies", ni);
    fprintf(f, "%s</p>\n", bad_targets ? "<span class=\"bad\">Targets that must be clean have findings.</span>"
                                       : "<span class=\"ok\">Every target outside the zoo is clean.</span>");
}

static void html_zoo(FILE *f, const report *r)
{
    fputs("<h2 id=\"zoo\">Zoo scoreboard</h2>\n<p>The zoo holds historic algorithms with known bugs, which a "
          "campaign should find, and controls of the judge's soundness, which differ from ref only where an "
          "arbitrarily small perturbation explains it and must stay clean.</p>\n<table id=\"zoo-table\"><tr>"
          "<th>zoo target</th><th>kind</th><th>result</th><th>first discrepancy</th>"
          "<th>after its own start</th><th>max severity</th><th>signatures</th></tr>\n",
          f);
    zoo_result zs[MAX_PAIRS];
    size_t nzoo = zoo_results(r, zs, MAX_PAIRS);
    for (size_t t = 0; t < nzoo; t++) {
        const zoo_result *z = &zs[t];
        fputs("<tr><td>", f);
        xml_text_write(f, z->name);
        fprintf(f, "</td><td>%s</td><td class=\"%s\">%s</td><td class=\"num\">", zoo_kind(z),
                !z->ran ? "meta" : z->ok ? "ok" : "bad", z->word);
        put_time(f, z->found ? z->first : NAN);
        fputs("</td><td class=\"num\">", f);
        put_time(f, z->found ? z->own : NAN);
        fputs("</td><td class=\"num\">", f);
        if (z->found)
            put_sev(f, z->maxsev);
        else
            fputs("-", f);
        fprintf(f, "</td><td class=\"num\">%d</td></tr>\n", z->sigs);
    }
    fputs("</table>\n", f);
}

/* The causes, each linked to its most severe finding. */
static void html_causes(FILE *f, const report *r)
{
    fputs("<h2 id=\"causes\">Causes</h2>\n<p>A cause is a query, a target, a verdict (crashes, hangs and property "
          "violations apart) and the feature of the exact answer (face, edge, vertex, hit, miss, ...): one bug, "
          "however many signatures it shows.</p>\n",
          f);
    if (!r->ncauses) {
        fputs("<p class=\"ok\">No cause.</p>\n", f);
        return;
    }
    fputs("<table id=\"causes-table\"><tr><th>target</th><th>query</th><th>verdict</th><th>exact answer</th>"
          "<th>signatures</th><th>max severity</th><th>first found</th></tr>\n",
          f);
    for (size_t i = 0; i < r->ncauses; i++) {
        const cause *c = &r->causes[i];
        const item *it = &r->items[c->first];
        fprintf(f, "<tr class=\"%s\"><td>", it->zoo ? "expected" : "must-be-clean");
        xml_text_write(f, it->f.target);
        fputs("</td><td>", f);
        xml_text_write(f, it->f.pair);
        fprintf(f, "</td><td><a href=\"#cause-%zu\">%s</a></td><td>", i + 1, cause_kind(&it->f));
        xml_text_write(f, it->f.property[0] ? "-" : it->f.sig.feature);
        fprintf(f, "</td><td class=\"num\">%zu</td><td class=\"num\">", c->n);
        put_sev(f, c->maxsev);
        fputs("</td><td class=\"num\">", f);
        put_time(f, c->elapsed);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

/* The peers: per peer and query, what the campaign did and found. */
static void html_peers(FILE *f, const report *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->npairs; i++)
        n += is_peer(r->pairs[i].target);
    if (!n)
        return;
    fputs("<h2 id=\"peers\">Peer scoreboard</h2>\n<p>Installed libraries judged like any target "
          "(docs/peers.md); their findings are reported, they do not fail the campaign.</p>\n"
          "<table id=\"peers-table\"><tr><th>peer</th><th>query</th><th>executions</th><th>causes</th>"
          "<th>signatures</th><th>max severity</th><th>first finding</th></tr>\n",
          f);
    for (size_t i = 0; i < r->npairs; i++) {
        const pair_stat *p = &r->pairs[i];
        if (!is_peer(p->target))
            continue;
        fputs("<tr><td>", f);
        xml_text_write(f, p->target);
        fputs("</td><td>", f);
        xml_text_write(f, p->query);
        fprintf(f, "</td><td class=\"num\">%.0f</td><td class=\"num %s\">%d</td><td class=\"num\">%d</td>"
                   "<td class=\"num\">",
                p->execs, p->ncauses ? "warn" : "ok", p->ncauses, p->nfind);
        row_end(f, p);
    }
    fputs("</table>\n", f);
}

static void html_finding(FILE *f, const item *it)
{
    char title[512];
    fprintf(f, "<article class=\"finding %s\" id=\"", isect_verdict_name(it->f.sig.verdict));
    xml_text_write(f, it->f.key);
    fputs("\">\n<h4>", f);
    xml_text_write(f, title_of(it, title, sizeof title));
    fputs("</h4>\n<p class=\"meta\">", f);
    if (isfinite(it->elapsed)) {
        fputs("first found ", f);
        put_time(f, it->elapsed);
        fputs(" into the campaign; ", f);
    }
    fputs("reproducer <a href=\"", f);
    xml_text_write(f, it->rel);
    fputs("\">", f);
    xml_text_write(f, it->rel);
    fputs("</a>", f);
    if (it->minimized) {
        fputs("; minimized <a href=\"minimized/", f);
        xml_text_write(f, it->f.key);
        fputs(".case\">minimized/", f);
        xml_text_write(f, it->f.key);
        fputs(".case</a>", f);
    }
    fputs("</p>\n<pre class=\"notes\">", f);
    xml_text_write(f, it->f.notes);
    fputs("</pre>\n<div class=\"pics\">\n", f);
    if (it->picture)
        fputs(it->picture, f);
    if (it->map)
        fputs(it->map, f);
    fputs("</div>\n", f);
    if (it->minimized) {
        fputs("<details open><summary>minimized case</summary><pre>", f);
        xml_text_write(f, it->minimized);
        fputs("</pre></details>\n", f);
    }
    char *text = isect_read_all(it->f.path, NULL);
    if (text) {
        fputs("<details><summary>reproducer as found</summary><pre>", f);
        xml_text_write(f, text);
        fputs("</pre></details>\n", f);
        free(text);
    }
    fputs("</article>\n", f);
}

void write_html(FILE *f, const report *r)
{
    html_head(f, r);
    html_verdict(f, r);
    fputs("<h2 id=\"summary\">Runs</h2>\n", f);
    if (r->npairs)
        html_pairs_table(f, r);
    else
        fputs("<p>No campaign log: only the findings on disk are shown.</p>\n", f);

    html_zoo(f, r);
    html_peers(f, r);
    html_causes(f, r);
    fprintf(f, "<h2 id=\"findings\">Findings</h2>\n<p>By cause; one per signature (query, target, verdict, feature of the "
               "exact answer, output that differs, decade of severity), the most severe reproducer kept. Severity "
               "is a certified lower bound on the input perturbation, in units of 2<sup>-24</sup> times the "
               "largest input magnitude, that would make the target's answer exact.</p>\n");
    if (!r->n)
        fputs("<p class=\"ok\">No finding.</p>\n", f);
    for (size_t c = 0; c < r->ncauses; c++) {
        char title[512];
        fprintf(f, "<h3 class=\"cause\" id=\"cause-%zu\">", c + 1);
        xml_text_write(f, cause_title(r, &r->causes[c], title, sizeof title));
        fputs("</h3>\n", f);
        for (size_t i = r->causes[c].first; i < r->causes[c].first + r->causes[c].n; i++)
            html_finding(f, &r->items[i]);
    }
    fputs("<h2 id=\"files\">Files</h2>\n<p><a href=\"findings.json\">findings.json</a> (machine-readable), "
          "<a href=\"junit.xml\">junit.xml</a> (one test case per cause), <a href=\"report.md\">report.md</a>"
          ", <a href=\"campaign.log\">campaign.log</a>.</p>\n</body>\n</html>\n",
          f);
}
