/* oracle/finding.c: signatures, the header line and the reproducers of
 * findings; see finding.h. */
#include "finding.h"

#include "files.h"

#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- signatures -------------------------------------------------------- */

void isect_feature_name(const isect_query *q, const double *in, int ref_status, const double *ref_out, char *buf,
                        size_t len)
{
    int hit = isect_query_hit_index(q);
    const char *f = ref_status != ISECT_REF_OK        ? "invalid_input"
                    : q->feature                      ? q->feature(in, ref_out)
                    : hit >= 0 && ref_out[hit] == 0 ? "miss"
                                                      : "hit";
    snprintf(buf, len, "%s", f && *f ? f : "none");
    for (char *p = buf; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_')
            *p = '_';
}

/* An infinite severity (an overflowing quotient) counts as the largest
 * finite one's decade. */
int isect_severity_decade(double severity)
{
    return severity >= 1 ? (int)floor(log10(fmin(severity, DBL_MAX))) : 0;
}

void isect_signature_judged(isect_signature *s, const isect_query *q, const double *in, int ref_status,
                            const double *ref_out, const isect_judgement *j)
{
    memset(s, 0, sizeof *s);
    isect_feature_name(q, in, ref_status, ref_out, s->feature, sizeof s->feature);
    s->verdict = j->verdict;
    s->severity = j->severity;
    s->decade = isect_severity_decade(j->severity);
    snprintf(s->output, sizeof s->output, "%s", isect_slot_name(q, j->slot));
}

void isect_signature_died(isect_signature *s, const isect_query *q, const double *in, int ref_status,
                          const double *ref_out, int hang)
{
    memset(s, 0, sizeof *s);
    isect_feature_name(q, in, ref_status, ref_out, s->feature, sizeof s->feature);
    s->verdict = VERDICT_INVALID;
    snprintf(s->output, sizeof s->output, "%s", hang ? ISECT_FINDING_TIMEOUT : ISECT_FINDING_CRASH);
}

int isect_signature_same(const isect_signature *a, const isect_signature *b)
{
    return a->verdict == b->verdict && !strcmp(a->feature, b->feature) && !strcmp(a->output, b->output) &&
           a->decade == b->decade;
}

void isect_target_file_name(char *buf, size_t len, const char *target)
{
    snprintf(buf, len, "%s", target);
    for (char *p = buf; *p; p++)
        if (*p == ':' || *p == '/')
            *p = '-';
}

void isect_signature_key(char *buf, size_t len, const char *query, const char *target, const isect_signature *s)
{
    char tname[64];
    isect_target_file_name(tname, sizeof tname, target);
    snprintf(buf, len, "%s-%s-%s-%s-%s-e%d", query, tname, isect_verdict_name(s->verdict), s->feature, s->output,
             s->decade);
}

/* ---- the header line --------------------------------------------------- */

void isect_finding_header_format(char *buf, size_t len, const isect_finding_header *h)
{
    char sev[64];
    isect_format_hex(sev, sizeof sev, h->sig.severity);
    int n = snprintf(buf, len,
                     "isect-finding: query=%s target=%s verdict=%s%s%s feature=%s output=%s severity=%s "
                     "first=%.3f found=%.3f",
                     h->query, h->target, h->property[0] ? "property" : isect_verdict_name(h->sig.verdict),
                     h->property[0] ? " property=" : "", h->property, h->sig.feature, h->sig.output, sev, h->first,
                     h->found);
    if (isfinite(h->elapsed) && n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " elapsed=%.3f", h->elapsed);
}

static void verdict_parse(const char *s, isect_verdict *v)
{
    for (int i = VERDICT_AGREE; i <= VERDICT_INVALID; i++)
        if (!strcmp(s, isect_verdict_name((isect_verdict)i)))
            *v = (isect_verdict)i;
}

/* Parses the "key=value key=value ..." after "isect-finding:". */
static void parse_fields(char *line, isect_finding_header *h)
{
    char *save = NULL;
    for (char *tok = strtok_r(line, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq)
            continue;
        *eq = 0;
        const char *k = tok, *v = eq + 1;
        if (!strcmp(k, "query"))
            snprintf(h->query, sizeof h->query, "%s", v);
        else if (!strcmp(k, "target"))
            snprintf(h->target, sizeof h->target, "%s", v);
        else if (!strcmp(k, "verdict") && !strcmp(v, "property"))
            h->sig.verdict = VERDICT_DISCREPANCY;
        else if (!strcmp(k, "verdict"))
            verdict_parse(v, &h->sig.verdict);
        else if (!strcmp(k, "property"))
            snprintf(h->property, sizeof h->property, "%s", v);
        else if (!strcmp(k, "feature"))
            snprintf(h->sig.feature, sizeof h->sig.feature, "%s", v);
        else if (!strcmp(k, "output"))
            snprintf(h->sig.output, sizeof h->sig.output, "%s", v);
        else if (!strcmp(k, "severity"))
            h->sig.severity = strtod(v, NULL);
        else if (!strcmp(k, "first"))
            h->first = strtod(v, NULL);
        else if (!strcmp(k, "found"))
            h->found = strtod(v, NULL);
        else if (!strcmp(k, "elapsed"))
            h->elapsed = strtod(v, NULL);
    }
    h->sig.decade = isect_severity_decade(h->sig.severity);
}

static void add_note(char *notes, size_t cap, size_t *used, const char *p)
{
    size_t n = strcspn(p, "\r\n");
    if (!notes || *used + n + 2 >= cap)
        return;
    memcpy(notes + *used, p, n);
    *used += n;
    notes[(*used)++] = '\n';
    notes[*used] = 0;
}

int isect_finding_header_read(const char *path, isect_finding_header *h, char *notes, size_t notes_len)
{
    memset(h, 0, sizeof *h);
    h->first = h->found = h->elapsed = NAN;
    if (notes && notes_len)
        notes[0] = 0;
    FILE *in = fopen(path, "r");
    if (!in)
        return -1;
    char line[4096];
    size_t used = 0;
    int found = 0;
    while (fgets(line, sizeof line, in)) {
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\n' || *p == '\r' || !*p)
            continue;
        if (*p != '#')
            break;
        p++;
        while (*p == ' ')
            p++;
        if (!strncmp(p, "isect-finding:", 14)) {
            found = 1;
            parse_fields(p + 14, h);
        } else
            add_note(notes, notes_len, &used, p);
    }
    fclose(in);
    return found;
}

/* ---- reproducers --------------------------------------------------------- */

void isect_finding_case(isect_case *k, const isect_query *q, const double *in, int ref_status,
                        const double *ref_out)
{
    memset(k, 0, sizeof *k);
    k->query = q;
    memcpy(k->in, in, (size_t)isect_query_nin(q) * sizeof *in);
    k->expect_valid = ref_status == ISECT_REF_OK;
    if (ref_status != ISECT_REF_OK)
        return;
    int hit = isect_query_hit_index(q);
    for (int o = 0; o < q->noutputs; o++) {
        int at = isect_output_offset(q, o);
        if (hit >= 0 && ref_out[hit] == 0 && at != hit)
            continue;
        k->expect[o] = true;
        memcpy(k->expect_value + at, ref_out + at, (size_t)q->outputs[o].arity * sizeof *ref_out);
    }
}

char *isect_finding_text(const isect_case *k, const char *notes, const isect_finding_header *h, size_t *len)
{
    char line[1024], *comment = NULL, *body = NULL;
    size_t clen = 0, blen = 0;
    isect_finding_header_format(line, sizeof line, h);
    FILE *m = open_memstream(&comment, &clen);
    if (!m)
        return NULL;
    fprintf(m, "%s%s", notes, line);
    fclose(m);
    FILE *b = open_memstream(&body, &blen);
    if (!b) {
        free(comment);
        return NULL;
    }
    isect_case_write(b, k, comment);
    fclose(b);
    free(comment);
    if (len)
        *len = blen;
    return body;
}

int isect_finding_write(const char *path, const isect_case *k, const char *notes, const isect_finding_header *h)
{
    size_t len;
    char *body = isect_finding_text(k, notes, h, &len);
    if (!body)
        return -1;
    int r = isect_write_atomic(path, body, len);
    free(body);
    return r;
}

double isect_epoch_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
