/* fuzz/prop_harness.c: the property harnesses' shared part; see prop.h. */
#include "prop.h"

#include "files.h"
#include "finding.h"

#include "casefile.h"
#include "targets.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int nbases(const isect_property *p)
{
    int n = 0;
    while (p->bases[n])
        n++;
    return n;
}

static int is_text(const uint8_t *data, size_t size)
{
    size_t i = 0;
    while (i < size && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'))
        i++;
    return i < size && (data[i] == '#' || (size - i >= 6 && !memcmp(data + i, "query ", 6)));
}

/* The base query and its input; -1 when the input does not decode. */
static int decode(const isect_property *p, const uint8_t *data, size_t size, const isect_query **q, double *in)
{
    if (is_text(data, size)) {
        for (int b = 0; p->bases[b]; b++) {
            *q = isect_query_find(p->bases[b]);
            if (!isect_fuzz_decode(*q, data, size, in))
                return 0;
        }
        return -1;
    }
    if (size < 1)
        return -1;
    *q = isect_query_find(p->bases[data[0] % nbases(p)]);
    return isect_fuzz_decode(*q, data + 1, size - 1, in);
}

static void report(const isect_property *p, const isect_target *t, const isect_query *q, const double *in,
                   const isect_prop_result *res)
{
    static char seen[64][160];
    static int nseen;
    char key[160], tname[64], dirbuf[512], path[1024];
    isect_target_file_name(tname, sizeof tname, t->name);
    int decade = isect_severity_decade(res->severity);
    snprintf(key, sizeof key, "%s-%s-property-%s-e%d", q->name, tname, p->name, decade);
    for (int i = 0; i < nseen; i++)
        if (!strcmp(seen[i], key))
            return;
    if (nseen < 64)
        snprintf(seen[nseen++], sizeof seen[0], "%s", key);
    const char *dir = getenv("ISECT_FINDINGS");
    if (!dir || !*dir) {
        snprintf(dirbuf, sizeof dirbuf, "findings/prop_%s", p->name);
        dir = dirbuf;
    }
    isect_mkdir_p(dir);
    snprintf(path, sizeof path, "%s/%s.case", dir, key);
    if (access(path, F_OK) == 0)
        return; /* another process of the campaign has it */
    isect_case k;
    memset(&k, 0, sizeof k);
    k.query = q;
    memcpy(k.in, in, (size_t)isect_query_nin(q) * sizeof *in);
    k.expect_valid = -1;
    /* The finding line is oracle/finding.c's: verdict=property property=NAME,
     * the property's name as the feature, the hit as the output. */
    isect_finding_header h;
    memset(&h, 0, sizeof h);
    snprintf(h.query, sizeof h.query, "%s", q->name);
    snprintf(h.target, sizeof h.target, "%s", t->name);
    snprintf(h.property, sizeof h.property, "%s", p->name);
    h.sig.verdict = VERDICT_DISCREPANCY;
    snprintf(h.sig.feature, sizeof h.sig.feature, "%s", p->name);
    snprintf(h.sig.output, sizeof h.sig.output, "hit");
    h.sig.decade = decade;
    h.sig.severity = res->severity;
    h.first = h.found = isect_epoch_now();
    const char *start = getenv("ISECT_CAMPAIGN_START");
    h.elapsed = start && *start ? h.first - strtod(start, NULL) : NAN;
    char notes[768];
    snprintf(notes, sizeof notes,
             "found by the isect property fuzzer: target %s, verdict property, property %s: %s\n"
             "replay: isect props --target %s --property %s FILE (or the prop_%s harness)\n",
             t->name, p->name, res->why, t->name, p->name, p->name);
    if (isect_finding_write(path, &k, notes, &h)) {
        fprintf(stderr, "isect-fuzz: cannot write %s: %s\n", path, strerror(errno));
        return;
    }
    fprintf(stderr, "isect-fuzz: property %s violated in %s on %s, severity %.6g: %s\n", p->name, t->name, q->name,
            res->severity, path);
}

int isect_prop_fuzz_one(const isect_property *p, const uint8_t *data, size_t size)
{
    static const isect_target *t;
    if (!t) {
        const char *name = getenv("ISECT_TARGET");
        t = isect_target_find(name && *name ? name : "fast");
        if (!t) {
            fprintf(stderr, "isect-fuzz: unknown target '%s' (isect targets lists them)\n", name);
            exit(2);
        }
    }
    const isect_query *q;
    double in[ISECT_MAX_IN];
    if (decode(p, data, size, &q, in))
        return 0;
    static isect_prop_set s;
    isect_prop_result res = isect_property_check(p, t, q, in, isect_property_word(q, in), &s);
    if (res.status == PROP_VIOLATED) {
        report(p, t, q, in, &res);
        const char *c = getenv("ISECT_CONTINUE");
        if (!c || strcmp(c, "1"))
            abort();
    }
    return 0;
}

size_t isect_prop_fuzz_mutate(const isect_property *p, uint8_t *data, size_t size, size_t max, unsigned seed)
{
    const isect_query *q;
    double in[ISECT_MAX_IN] = {0};
    int b = 0, nb = nbases(p);
    if (decode(p, data, size, &q, in) == 0 && is_text(data, size)) {
        while (strcmp(p->bases[b], q->name))
            b++;
    } else {
        b = size ? data[0] % nb : 0;
    }
    if (seed % 16 == 0) /* now and then another base query */
        b = (int)((seed >> 4) % (unsigned)nb);
    q = isect_query_find(p->bases[b]);
    size_t need = isect_fuzz_size(q);
    if (max < need + 1)
        return size;
    if (is_text(data, size) || size < need + 1 || (size && data[0] % nb != b)) {
        if (decode(p, data, size, &q, in) || strcmp(q->name, p->bases[b])) {
            q = isect_query_find(p->bases[b]);
            memset(in, 0, sizeof in);
        }
        isect_fuzz_encode(q, in, data + 1);
    }
    data[0] = (uint8_t)b;
    return 1 + isect_fuzz_mutate(q, data + 1, need, max - 1, seed);
}
