/* cli/report_junit.c: junit.xml, one test suite per target, one test case
 * per signature (a failure for a discrepancy, an error for an invalid
 * answer, a crash or a hang) and one passing test case per query that ran
 * clean. */
#include "report.h"

#include <math.h>
#include <string.h>

static void junit_clean(FILE *f, const pair_stat *p)
{
    fputs("    <testcase classname=\"", f);
    xml_text_write(f, p->query);
    fputs("\" name=\"", f);
    xml_text_write(f, p->query);
    fprintf(f, ": no discrepancy in %.0f executions\" time=\"%.3f\"/>\n", p->execs, p->seconds);
}

static void junit_finding(FILE *f, const item *it)
{
    char title[512];
    fputs("    <testcase classname=\"", f);
    xml_text_write(f, it->f.q->name);
    fputs("\" name=\"", f);
    xml_text_write(f, it->f.key);
    fputs("\" time=\"0\">\n", f);
    int disc = it->f.sig.verdict == VERDICT_DISCREPANCY;
    fprintf(f, "      <%s type=\"%s\" message=\"", disc ? "failure" : "error",
            finding_is_crash(&it->f) ? it->f.sig.output : isect_verdict_name(it->f.sig.verdict));
    xml_text_write(f, title_of(it, title, sizeof title));
    fputs("\">", f);
    xml_text_write(f, "reproducer: ");
    xml_text_write(f, it->rel);
    xml_text_write(f, "\n");
    xml_text_write(f, it->f.notes);
    fprintf(f, "</%s>\n    </testcase>\n", disc ? "failure" : "error");
}

/* The suite of target t. */
static void junit_suite(FILE *f, const report *r, const char *t)
{
    int st = 0, sf = 0, se = 0;
    double stime = 0;
    for (size_t i = 0; i < r->n; i++)
        if (!strcmp(r->items[i].f.target, t)) {
            st++;
            if (r->items[i].f.sig.verdict == VERDICT_DISCREPANCY)
                sf++;
            else
                se++;
        }
    for (size_t i = 0; i < r->npairs; i++)
        if (!strcmp(r->pairs[i].target, t)) {
            st += r->pairs[i].ran && !r->pairs[i].nfind;
            stime += r->pairs[i].seconds;
        }
    fputs("  <testsuite name=\"", f);
    xml_text_write(f, t);
    fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" time=\"%.3f\">\n", st, sf, se, stime);
    for (size_t i = 0; i < r->npairs; i++) {
        const pair_stat *p = &r->pairs[i];
        if (!strcmp(p->target, t) && p->ran && !p->nfind)
            junit_clean(f, p);
    }
    for (size_t i = 0; i < r->n; i++)
        if (!strcmp(r->items[i].f.target, t))
            junit_finding(f, &r->items[i]);
    fputs("  </testsuite>\n", f);
}

void write_junit(FILE *f, const report *r)
{
    int tests = 0, failures = 0, errors = 0;
    for (size_t i = 0; i < r->n; i++) {
        tests++;
        if (r->items[i].f.sig.verdict == VERDICT_DISCREPANCY)
            failures++;
        else
            errors++;
    }
    for (size_t i = 0; i < r->npairs; i++)
        tests += r->pairs[i].ran && !r->pairs[i].nfind;
    double total = r->m.has_log && isfinite(r->m.stop_at) ? r->m.stop_at : 0;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fprintf(f, "<testsuites name=\"isect campaign\" tests=\"%d\" failures=\"%d\" errors=\"%d\" time=\"%.3f\">\n",
            tests, failures, errors, total);
    /* one suite per target, in the order of the runs, then findings of targets not in the log */
    const char *done[MAX_PAIRS];
    int ndone = 0;
    for (size_t pass = 0; pass < r->npairs + r->n; pass++) {
        const char *t = pass < r->npairs ? r->pairs[pass].target : r->items[pass - r->npairs].f.target;
        int seen = 0;
        for (int k = 0; k < ndone; k++)
            seen |= !strcmp(done[k], t);
        if (seen || ndone == MAX_PAIRS)
            continue;
        done[ndone++] = t;
        junit_suite(f, r, t);
    }
    fputs("</testsuites>\n", f);
}
