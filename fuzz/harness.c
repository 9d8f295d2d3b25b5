/* fuzz/harness.c: decode, run ref and a target, judge, keep findings.
 * See fuzz.h for the input encoding and the environment variables. */
#include "fuzz.h"

#include "files.h"
#include "finding.h"
#include "input.h"
#include "judge.h"
#include "targets.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void isect_fuzz_fail(const char *file, int line, const char *msg)
{
    fprintf(stderr, "%s:%d: fuzz check failed: %s\n", file, line, msg);
    abort();
}

size_t isect_fuzz_size(const isect_query *q) { return isect_input_size(q); }

int isect_fuzz_decode(const isect_query *q, const uint8_t *data, size_t size, double *in)
{
    return isect_input_decode(q, data, size, in);
}

void isect_fuzz_encode(const isect_query *q, const double *in, uint8_t *data) { isect_input_encode(q, in, data); }

/* ---- the target under test -------------------------------------------- */

/* The target when ISECT_TARGET is not set; a build for an engine that runs
 * the fuzzers without our environment (OSS-Fuzz) may choose another. */
#ifndef ISECT_DEFAULT_TARGET
#define ISECT_DEFAULT_TARGET "fast"
#endif

static const isect_target_entry *entry;
static const isect_target *target;

static void select_target(const isect_query *q)
{
    if (entry)
        return;
    const char *name = getenv("ISECT_TARGET");
    if (!name || !*name)
        name = ISECT_DEFAULT_TARGET;
    target = isect_target_find(name);
    if (!target) {
        fprintf(stderr, "isect-fuzz: unknown target '%s' (isect targets lists them)\n", name);
        exit(2);
    }
    entry = isect_target_entry_for(target, q->name);
    if (!entry) {
        fprintf(stderr, "isect-fuzz: target '%s' does not support %s\n", name, q->name);
        exit(2);
    }
}

/* ---- findings ------------------------------------------------------------ */

typedef struct {
    char key[200];
    double severity;
} signature;

static signature seen[256];
static size_t nseen;

static void describe(FILE *f, const isect_query *q, const char *who, const double *out)
{
    fprintf(f, "%s:", who);
    for (int o = 0; o < q->noutputs; o++) {
        fprintf(f, " %s", q->outputs[o].name);
        for (int i = 0; i < q->outputs[o].arity; i++)
            fprintf(f, " %.9g", out[isect_output_offset(q, o) + i]);
    }
}

/* The text of the reproducer (finding.h), malloc'd, its length in *len.
 * Its header says who found what, in words and on the isect-finding line:
 * first is when this signature was first found, found when this reproducer
 * was, elapsed the time since ISECT_CAMPAIGN_START when that is set. */
static char *finding_text(const isect_query *q, const double *in, int ref_status, const double *ref_out,
                          const double *out, const isect_judgement *j, const isect_signature *sig, double first,
                          double found, size_t *len)
{
    isect_case k;
    isect_finding_case(&k, q, in, ref_status, ref_out);
    char *notes = NULL;
    size_t nlen = 0;
    FILE *m = open_memstream(&notes, &nlen);
    if (!m)
        return NULL;
    fprintf(m, "found by the isect fuzzer: target %s, verdict %s, severity %.6g, on %s%s%s; exact answer: %s\n",
            target->name, isect_verdict_name(j->verdict), j->severity, sig->output, j->why ? ": " : "",
            j->why ? j->why : "", sig->feature);
    describe(m, q, target->name, out);
    fputc('\n', m);
    if (ref_status == ISECT_REF_OK)
        describe(m, q, "ref", ref_out);
    else
        fputs("ref: invalid input", m);
    fputc('\n', m);
    fclose(m);
    isect_finding_header h = {.sig = *sig, .first = first, .found = found, .elapsed = NAN};
    snprintf(h.query, sizeof h.query, "%s", q->name);
    snprintf(h.target, sizeof h.target, "%s", target->name);
    const char *start = getenv("ISECT_CAMPAIGN_START");
    if (start && *start)
        h.elapsed = first - strtod(start, NULL);
    char *text = isect_finding_text(&k, notes, &h, len);
    free(notes);
    return text;
}

/* Writes the reproducer atomically (an interrupted run never leaves half a
 * file); returns 0 on success. */
static int write_finding(const char *path, const isect_query *q, const double *in, int ref_status,
                         const double *ref_out, const double *out, const isect_judgement *j,
                         const isect_signature *sig, double first, double found)
{
    size_t len;
    char *text = finding_text(q, in, ref_status, ref_out, out, j, sig, first, found, &len);
    int r = text ? isect_write_atomic(path, text, len) : -1;
    free(text);
    return r;
}

/* Whether this process keeps the finding of signature key at severity:
 * one per signature, the most severe (at most 256 signatures). */
static int keep_in_process(const char *key, double severity, size_t *at)
{
    size_t i = 0;
    while (i < nseen && strcmp(seen[i].key, key))
        i++;
    *at = i;
    if (i == nseen) {
        if (nseen == sizeof seen / sizeof *seen)
            return 0;
        snprintf(seen[nseen++].key, sizeof seen[0].key, "%s", key);
    } else if (!(severity > seen[i].severity))
        return 0;
    seen[i].severity = severity;
    return 1;
}

/* Replaces the reproducer at path unless the one there (of another run of
 * the same signature, sharing the folder) is at least as severe; a lock
 * file in dir serialises the compare-and-replace. */
static void store_finding(const char *dir, const char *path, size_t at, const isect_query *q, const double *in,
                          int ref_status, const double *ref_out, const double *out, const isect_judgement *j,
                          const isect_signature *sig)
{
    char lock[1100];
    isect_mkdir_p(dir);
    snprintf(lock, sizeof lock, "%s/.lock", dir);
    int fd = open(lock, O_RDWR | O_CREAT, 0666);
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    while (fd >= 0 && fcntl(fd, F_SETLKW, &fl) == -1 && errno == EINTR)
        ;
    double now = isect_epoch_now(), first = now;
    isect_finding_header old;
    int write = 1;
    if (isect_finding_header_read(path, &old, NULL, 0) == 1 && isfinite(old.first)) {
        first = old.first;
        if (old.sig.severity >= j->severity) {
            write = 0; /* another run of the same signature has a better one */
            seen[at].severity = old.sig.severity;
        }
    }
    if (first > now)
        first = now;
    int r = write ? write_finding(path, q, in, ref_status, ref_out, out, j, sig, first, now) : 0;
    int err = errno;
    if (fd >= 0)
        close(fd);
    if (r)
        fprintf(stderr, "isect-fuzz: cannot write %s: %s\n", path, strerror(err));
    else if (write)
        fprintf(stderr, "isect-fuzz: %s in %s on %s, severity %.6g (%s, exact answer %s): %s\n",
                isect_verdict_name(j->verdict), target->name, q->name, j->severity, sig->output, sig->feature,
                path);
}

/* Records a discrepancy or invalid answer.  Findings are deduplicated by
 * signature (finding.h); each signature keeps one reproducer, the most
 * severe, also across processes that share the folder. */
static void finding(const isect_query *q, const double *in, int ref_status, const double *ref_out,
                    const double *out, const isect_judgement *j)
{
    int keep_going = getenv("ISECT_CONTINUE") && !strcmp(getenv("ISECT_CONTINUE"), "1");
    isect_signature sig;
    isect_signature_judged(&sig, q, in, ref_status, ref_out, j);
    char key[200];
    isect_signature_key(key, sizeof key, q->name, target->name, &sig);
    size_t at;
    if (keep_in_process(key, j->severity, &at)) {
        const char *dir = getenv("ISECT_FINDINGS");
        char dirbuf[512], path[1024];
        if (!dir || !*dir) {
            snprintf(dirbuf, sizeof dirbuf, "findings/%s", q->name);
            dir = dirbuf;
        }
        snprintf(path, sizeof path, "%s/%s.case", dir, key);
        store_finding(dir, path, at, q, in, ref_status, ref_out, out, j, &sig);
    }
    if (!keep_going) {
        /* the crash the engines (libFuzzer, OSS-Fuzz, ClusterFuzzLite)
         * record: its log holds the whole reproducer */
        double now = isect_epoch_now();
        char *text = finding_text(q, in, ref_status, ref_out, out, j, &sig, now, now, NULL);
        fprintf(stderr, "==isect== %s in %s on %s, severity %.6g (%s, exact answer %s); the reproducer:\n%s"
                "==isect== end of the reproducer\n", isect_verdict_name(j->verdict), target->name, q->name,
                j->severity, sig.output, sig.feature, text ? text : "(out of memory)\n");
        free(text);
        abort();
    }
}

int isect_fuzz_one(const isect_query *q, const uint8_t *data, size_t size)
{
    double in[ISECT_MAX_IN], ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
    select_target(q);
    if (isect_fuzz_decode(q, data, size, in))
        return 0;
    int st = q->ref(in, ref_out);
    memset(out, 0, sizeof out);
    isect_target_run(q, entry, in, out);
    isect_judgement j = isect_judge_entry(q, entry, in, st, ref_out, out);
    if (j.verdict == VERDICT_DISCREPANCY || j.verdict == VERDICT_INVALID)
        finding(q, in, st, ref_out, out, &j);
    return 0;
}
