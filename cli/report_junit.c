/* cli/report_junit.c: junit.xml, one test suite per target, one test case
 * per cause (a failure for discrepancies and property violations, an error
 * for invalid answers, crashes and hangs; its text lists the cause's
 * signatures and reproducers) and one passing test case per query that ran
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

/* A cause: a failure (discrepancies, property violations) or an error
 * (invalid answers, crashes, hangs) whose message is the cause and whose
 * text lists its signatures, the most severe first. */
static void junit_cause(FILE *f, const report *r, const cause *c)
{
    char title[512];
    const item *top = &r->items[c->first];
    fputs("    <testcase classname=\"", f);
    xml_text_write(f, top->f.pair);
    fputs("\" name=\"", f);
    xml_text_write(f, cause_title(r, c, title, sizeof title));
    fputs("\" time=\"0\">\n", f);
    int disc = top->f.sig.verdict == VERDICT_DISCREPANCY;
    fprintf(f, "      <%s type=\"%s\" message=\"", disc ? "failure" : "error", cause_kind(&top->f));
    xml_text_write(f, title_of(top, title, sizeof title));
    fputs("\">", f);
    for (size_t i = c->first; i < c->first + c->n; i++) {
        xml_text_write(f, title_of(&r->items[i], title, sizeof title));
        xml_text_write(f, "\n  reproducer: ");
        xml_text_write(f, r->items[i].rel);
        xml_text_write(f, "\n");
    }
    xml_text_write(f, top->f.notes);
    fprintf(f, "</%s>\n    </testcase>\n", disc ? "failure" : "error");
}

static int cause_is_failure(const report *r, const cause *c)
{
    return r->items[c->first].f.sig.verdict == VERDICT_DISCREPANCY;
}

/* The suite of target t. */
static void junit_suite(FILE *f, const report *r, const char *t)
{
    int st = 0, sf = 0, se = 0;
    double stime = 0;
    for (size_t i = 0; i < r->ncauses; i++)
        if (!strcmp(r->items[r->causes[i].first].f.target, t)) {
            st++;
            if (cause_is_failure(r, &r->causes[i]))
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
    for (size_t i = 0; i < r->ncauses; i++)
        if (!strcmp(r->items[r->causes[i].first].f.target, t))
            junit_cause(f, r, &r->causes[i]);
    fputs("  </testsuite>\n", f);
}

void write_junit(FILE *f, const report *r)
{
    int tests = 0, failures = 0, errors = 0;
    for (size_t i = 0; i < r->ncauses; i++) {
        tests++;
        if (cause_is_failure(r, &r->causes[i]))
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
