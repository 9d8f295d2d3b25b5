/* fuzz/harness.c: decode, run ref and a target, judge, keep findings.
 * See fuzz.h for the input encoding and the environment variables. */
#include "fuzz.h"

#include "casefile.h"
#include "isect_ref.h"
#include "judge.h"
#include "targets.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void isect_fuzz_fail(const char *file, int line, const char *msg)
{
    fprintf(stderr, "%s:%d: fuzz check failed: %s\n", file, line, msg);
    abort();
}

static size_t width(const isect_query *q) { return q->format == FMT_F64 ? 8 : 4; }

size_t isect_fuzz_size(const isect_query *q) { return (size_t)isect_query_nin(q) * width(q); }

static int looks_like_text(const uint8_t *data, size_t size)
{
    size_t i = 0;
    while (i < size && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'))
        i++;
    return i < size && (data[i] == '#' || (size - i >= 6 && !memcmp(data + i, "query ", 6)));
}

int isect_fuzz_decode(const isect_query *q, const uint8_t *data, size_t size, double *in)
{
    int n = isect_query_nin(q);
    if (looks_like_text(data, size)) {
        isect_casefile cf;
        char err[256];
        if (isect_casefile_parse("input", (const char *)data, size, &cf, err, sizeof err))
            return -1;
        int found = -1;
        for (size_t i = 0; i < cf.n && found < 0; i++)
            if (cf.cases[i].query == q) {
                memcpy(in, cf.cases[i].in, (size_t)n * sizeof *in);
                found = 0;
            }
        isect_casefile_free(&cf);
        return found;
    }
    if (size < isect_fuzz_size(q))
        return -1;
    for (int i = 0; i < n; i++) {
        if (q->format == FMT_F64) {
            double d;
            memcpy(&d, data + 8 * i, 8);
            in[i] = d;
        } else {
            float f;
            memcpy(&f, data + 4 * i, 4);
            in[i] = f;
        }
    }
    return 0;
}

void isect_fuzz_encode(const isect_query *q, const double *in, uint8_t *data)
{
    int n = isect_query_nin(q);
    for (int i = 0; i < n; i++) {
        if (q->format == FMT_F64) {
            memcpy(data + 8 * i, &in[i], 8);
        } else {
            float f = (float)in[i];
            memcpy(data + 4 * i, &f, 4);
        }
    }
}

/* ---- the target under test -------------------------------------------- */

static const isect_target_entry *entry;
static const isect_target *target;

static void select_target(const isect_query *q)
{
    if (entry)
        return;
    const char *name = getenv("ISECT_TARGET");
    if (!name || !*name)
        name = "fast";
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

static const char *slot_name(const isect_query *q, int slot) { return isect_slot_name(q, slot); }

static void mkdirs(const char *path)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(buf, 0777);
            *p = '/';
        }
    mkdir(buf, 0777);
}

static void describe(FILE *f, const isect_query *q, const char *who, const double *out)
{
    fprintf(f, "%s:", who);
    for (int o = 0; o < q->noutputs; o++) {
        fprintf(f, " %s", q->outputs[o].name);
        for (int i = 0; i < q->outputs[o].arity; i++)
            fprintf(f, " %.9g", out[isect_output_offset(q, o) + i]);
    }
}

/* Wall-clock time in seconds since the epoch. */
static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The feature of ref's exact answer (face, edge, vertex, ...; the query's
 * hook, else hit or miss), as a word fit for a file name. */
static void feature_of(const isect_query *q, const double *in, int ref_status, const double *ref_out, char *buf,
                       size_t len)
{
    int hit = isect_query_hit_index(q);
    const char *f = ref_status != REF_OK ? "invalid_input"
                    : q->feature         ? q->feature(in, ref_out)
                    : hit >= 0 && ref_out[hit] == 0 ? "miss"
                                                    : "hit";
    snprintf(buf, len, "%s", f && *f ? f : "none");
    for (char *p = buf; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_')
            *p = '_';
}

/* Reads the severity and the first-found time of a reproducer already on
 * disk (its `# isect-finding:` line); returns 0 if there is one. */
static int read_finding_header(const char *path, double *severity, double *first)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[1024];
    int found = -1;
    while (found && fgets(line, sizeof line, f) && line[0] == '#') {
        if (strncmp(line, "# isect-finding:", 16))
            continue;
        const char *s = strstr(line, " severity="), *t = strstr(line, " first=");
        if (s && t) {
            *severity = strtod(s + 10, NULL);
            *first = strtod(t + 7, NULL);
            found = 0;
        }
    }
    fclose(f);
    return found;
}

/* Writes the reproducer atomically (a temporary file of this process, then
 * rename), so an interrupted run never leaves half a file; returns 0 on
 * success.  Its header says who found what, in words and on one
 * machine-readable line (`# isect-finding: key=value ...`, read by
 * `isect report`): first is when this signature was first found, found when
 * this reproducer was (seconds since the epoch), elapsed the time since
 * ISECT_CAMPAIGN_START when that is set. */
static int write_finding(const char *path, const isect_query *q, const double *in, int ref_status,
                         const double *ref_out, const double *out, const isect_judgement *j, const char *feature,
                         double first, double found)
{
    isect_case k;
    memset(&k, 0, sizeof k);
    k.query = q;
    memcpy(k.in, in, (size_t)isect_query_nin(q) * sizeof *in);
    k.expect_valid = ref_status == REF_OK;
    int hit = isect_query_hit_index(q);
    if (ref_status == REF_OK)
        for (int o = 0; o < q->noutputs; o++) {
            if (hit >= 0 && ref_out[hit] == 0 && isect_output_offset(q, o) != hit)
                continue;
            k.expect[o] = true;
            for (int i = 0; i < q->outputs[o].arity; i++)
                k.expect_value[isect_output_offset(q, o) + i] = ref_out[isect_output_offset(q, o) + i];
        }
    char *text = NULL, tmp[1100], sev[64];
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return -1;
    fprintf(m, "found by the isect fuzzer: target %s, verdict %s, severity %.6g, on %s%s%s; exact answer: %s\n",
            target->name, isect_verdict_name(j->verdict), j->severity, slot_name(q, j->slot), j->why ? ": " : "",
            j->why ? j->why : "", feature);
    describe(m, q, target->name, out);
    fputc('\n', m);
    if (ref_status == REF_OK)
        describe(m, q, "ref", ref_out);
    else
        fputs("ref: invalid input", m);
    isect_format_hex(sev, sizeof sev, j->severity);
    fprintf(m, "\nisect-finding: query=%s target=%s verdict=%s feature=%s output=%s severity=%s first=%.3f found=%.3f",
            q->name, target->name, isect_verdict_name(j->verdict), feature, slot_name(q, j->slot), sev, first,
            found);
    const char *start = getenv("ISECT_CAMPAIGN_START");
    if (start && *start)
        fprintf(m, " elapsed=%.3f", first - strtod(start, NULL));
    fclose(m);
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        free(text);
        return -1;
    }
    isect_case_write(f, &k, text);
    free(text);
    if (fclose(f) || rename(tmp, path)) {
        remove(tmp);
        return -1;
    }
    return 0;
}

/* Records a discrepancy or invalid answer.  Findings are deduplicated by
 * signature: query, target, verdict, the feature of the exact answer, the
 * output that differs and the decade of the severity; each signature keeps
 * one reproducer, the most severe, also across processes that share the
 * folder (a lock file serialises the compare-and-replace). */
static void finding(const isect_query *q, const double *in, int ref_status, const double *ref_out,
                    const double *out, const isect_judgement *j)
{
    int keep_going = getenv("ISECT_CONTINUE") && !strcmp(getenv("ISECT_CONTINUE"), "1");
    char key[200], tname[64], feature[48];
    snprintf(tname, sizeof tname, "%s", target->name);
    for (char *p = tname; *p; p++)
        if (*p == ':' || *p == '/')
            *p = '-';
    feature_of(q, in, ref_status, ref_out, feature, sizeof feature);
    int decade = j->severity >= 1 ? (int)floor(log10(j->severity)) : 0;
    snprintf(key, sizeof key, "%s-%s-%s-%s-%s-e%d", q->name, tname, isect_verdict_name(j->verdict), feature,
             slot_name(q, j->slot), decade);

    size_t i = 0;
    while (i < nseen && strcmp(seen[i].key, key))
        i++;
    int write = 1;
    if (i < nseen)
        write = j->severity > seen[i].severity;
    else if (nseen < sizeof seen / sizeof *seen)
        snprintf(seen[nseen++].key, sizeof seen[0].key, "%s", key);
    else
        write = 0;
    if (write && i < nseen)
        seen[i].severity = j->severity;

    const char *dir = getenv("ISECT_FINDINGS");
    char dirbuf[512], path[1024], lock[1100];
    if (!dir || !*dir) {
        snprintf(dirbuf, sizeof dirbuf, "findings/%s", q->name);
        dir = dirbuf;
    }
    snprintf(path, sizeof path, "%s/%s.case", dir, key);
    if (write) {
        mkdirs(dir);
        snprintf(lock, sizeof lock, "%s/.lock", dir);
        int fd = open(lock, O_RDWR | O_CREAT, 0666);
        struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
        while (fd >= 0 && fcntl(fd, F_SETLKW, &fl) == -1 && errno == EINTR)
            ;
        double now = now_seconds(), old_sev, first = now;
        if (!read_finding_header(path, &old_sev, &first) && old_sev >= j->severity) {
            write = 0; /* another run of the same signature has a better one */
            seen[i].severity = old_sev;
        }
        if (first > now)
            first = now;
        int r = write ? write_finding(path, q, in, ref_status, ref_out, out, j, feature, first, now) : 0;
        int err = errno;
        if (fd >= 0)
            close(fd);
        if (r)
            fprintf(stderr, "isect-fuzz: cannot write %s: %s\n", path, strerror(err));
        else if (write)
            fprintf(stderr, "isect-fuzz: %s in %s on %s, severity %.6g (%s, exact answer %s): %s\n",
                    isect_verdict_name(j->verdict), target->name, q->name, j->severity, slot_name(q, j->slot),
                    feature, path);
    }
    if (!keep_going)
        abort();
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
