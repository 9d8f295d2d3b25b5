/* cli/finding.c: findings on disk, signatures, guarded evaluation, formats;
 * see finding.h. */
#include "finding.h"

#include "isect_ref.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int zoo_control(const char *target)
{
    const isect_target *t = isect_target_find(target);
    return t && t->control;
}

/* ---- signatures --------------------------------------------------------- */

void feature_name(const isect_query *q, const double *in, int ref_status, const double *ref_out, char *buf,
                  size_t len)
{
    int hit = isect_query_hit_index(q);
    const char *f = ref_status != REF_OK             ? "invalid_input"
                    : q->feature                     ? q->feature(in, ref_out)
                    : hit >= 0 && ref_out[hit] == 0 ? "miss"
                                                    : "hit";
    snprintf(buf, len, "%s", f && *f ? f : "none");
    for (char *p = buf; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_')
            *p = '_';
}

int severity_decade(double severity) { return severity >= 1 ? (int)floor(log10(severity)) : 0; }

int signature_same(const isect_signature *a, const isect_signature *b)
{
    return a->verdict == b->verdict && !strcmp(a->feature, b->feature) && !strcmp(a->output, b->output) &&
           a->decade == b->decade;
}

/* What a child process sends back: ref's answer, then the target's. */
typedef struct {
    int ref_status;
    double ref_out[ISECT_MAX_OUT];
} ref_msg;

static int read_full(int fd, void *buf, size_t len, double deadline)
{
    size_t got = 0;
    while (got < len) {
        double left = deadline - epoch_now();
        if (left <= 0)
            return -2;
        struct pollfd p = {fd, POLLIN, 0};
        int r = poll(&p, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return r == 0 ? -2 : -1;
        ssize_t n = read(fd, (char *)buf + got, len - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        got += (size_t)n;
    }
    return 0;
}

static void write_full(int fd, const void *buf, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(fd, (const char *)buf + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            _exit(3);
        done += (size_t)n;
    }
}

/* Runs ref and the target in a child process; returns EVAL_OK with the
 * outputs, or EVAL_CRASH / EVAL_HANG (ref's answer filled when it came). */
static isect_eval_status run_guarded(const isect_query *q, const isect_target_entry *e, const double *in,
                                     double timeout, int *ref_status, double *ref_out, double *tgt_out)
{
    int fd[2];
    if (pipe(fd))
        return EVAL_CRASH;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return EVAL_CRASH;
    }
    if (pid == 0) {
        close(fd[0]);
        ref_msg m;
        memset(&m, 0, sizeof m);
        m.ref_status = q->ref(in, m.ref_out);
        write_full(fd[1], &m, sizeof m);
        double out[ISECT_MAX_OUT] = {0};
        isect_target_run(q, e, in, out);
        write_full(fd[1], out, sizeof out);
        _exit(0);
    }
    close(fd[1]);
    double deadline = epoch_now() + timeout;
    ref_msg m;
    double out[ISECT_MAX_OUT];
    int r = read_full(fd[0], &m, sizeof m, deadline);
    if (!r) {
        *ref_status = m.ref_status;
        memcpy(ref_out, m.ref_out, sizeof m.ref_out);
        r = read_full(fd[0], out, sizeof out, deadline);
        if (!r)
            memcpy(tgt_out, out, sizeof out);
    }
    close(fd[0]);
    if (r == -2)
        kill(pid, SIGKILL);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (r == -2)
        return EVAL_HANG;
    return r ? EVAL_CRASH : EVAL_OK;
}

isect_eval_status signature_eval(const isect_query *q, const isect_target_entry *e, const double *in, int guarded,
                                 double timeout, isect_signature *s, int *ref_status, double *ref_out,
                                 double *tgt_out, isect_judgement *j)
{
    memset(s, 0, sizeof *s);
    memset(ref_out, 0, ISECT_MAX_OUT * sizeof *ref_out);
    memset(tgt_out, 0, ISECT_MAX_OUT * sizeof *tgt_out);
    memset(j, 0, sizeof *j);
    j->slot = -1;
    isect_eval_status st = EVAL_OK;
    *ref_status = REF_OK;
    if (guarded)
        st = run_guarded(q, e, in, timeout, ref_status, ref_out, tgt_out);
    else {
        *ref_status = q->ref(in, ref_out);
        isect_target_run(q, e, in, tgt_out);
    }
    feature_name(q, in, *ref_status, ref_out, s->feature, sizeof s->feature);
    if (st != EVAL_OK) {
        s->verdict = VERDICT_INVALID;
        snprintf(s->output, sizeof s->output, "%s", st == EVAL_HANG ? FINDING_TIMEOUT : FINDING_CRASH);
        j->verdict = VERDICT_INVALID;
        j->why = st == EVAL_HANG ? "the target hangs" : "the target crashes";
        return st;
    }
    *j = isect_judge_entry(q, e, in, *ref_status, ref_out, tgt_out);
    s->verdict = j->verdict;
    s->severity = j->severity;
    s->decade = severity_decade(j->severity);
    snprintf(s->output, sizeof s->output, "%s", isect_slot_name(q, j->slot));
    return EVAL_OK;
}

/* ---- findings on disk ------------------------------------------------------ */

static int verdict_parse(const char *s, isect_verdict *v)
{
    for (int i = VERDICT_AGREE; i <= VERDICT_INVALID; i++)
        if (!strcmp(s, isect_verdict_name((isect_verdict)i))) {
            *v = (isect_verdict)i;
            return 0;
        }
    return -1;
}

/* Parses "key=value key=value ..." of a header line. */
static void parse_header(char *line, isect_finding *f)
{
    char *save = NULL;
    for (char *tok = strtok_r(line, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq)
            continue;
        *eq = 0;
        const char *k = tok, *v = eq + 1;
        if (!strcmp(k, "target"))
            snprintf(f->target, sizeof f->target, "%s", v);
        else if (!strcmp(k, "verdict"))
            verdict_parse(v, &f->sig.verdict);
        else if (!strcmp(k, "feature"))
            snprintf(f->sig.feature, sizeof f->sig.feature, "%s", v);
        else if (!strcmp(k, "output"))
            snprintf(f->sig.output, sizeof f->sig.output, "%s", v);
        else if (!strcmp(k, "severity"))
            f->sig.severity = strtod(v, NULL);
        else if (!strcmp(k, "first"))
            f->first = strtod(v, NULL);
        else if (!strcmp(k, "found"))
            f->found = strtod(v, NULL);
    }
    f->sig.decade = severity_decade(f->sig.severity);
}

int finding_load(const char *path, const char *default_target, isect_finding *f, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    f->first = f->found = NAN;
    snprintf(f->path, sizeof f->path, "%s", path);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(f->key, sizeof f->key, "%s", base);
    size_t kl = strlen(f->key);
    if (kl > 5 && !strcmp(f->key + kl - 5, ".case"))
        f->key[kl - 5] = 0;

    isect_casefile cf;
    if (isect_casefile_read(path, &cf, err, errlen))
        return -1;
    f->c = cf.cases[0];
    f->q = f->c.query;
    isect_casefile_free(&cf);

    FILE *in = fopen(path, "r");
    if (!in) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char line[4096];
    size_t nn = 0;
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
            f->has_header = 1;
            parse_header(p + 14, f);
            continue;
        }
        size_t n = strcspn(p, "\r\n");
        if (nn + n + 2 < sizeof f->notes) {
            memcpy(f->notes + nn, p, n);
            nn += n;
            f->notes[nn++] = '\n';
            f->notes[nn] = 0;
        }
    }
    fclose(in);

    if (!f->has_header)
        snprintf(f->target, sizeof f->target, "%s", default_target ? default_target : "fast");
    f->t = isect_target_find(f->target);
    if (!f->has_header) {
        const isect_target_entry *e = f->t ? isect_target_entry_for(f->t, f->q->name) : NULL;
        if (!e) {
            snprintf(err, errlen, "%s: target '%s' %s", path, f->target,
                     f->t ? "does not support the query" : "unknown");
            return -1;
        }
        int st;
        double r[ISECT_MAX_OUT], o[ISECT_MAX_OUT];
        isect_judgement j;
        signature_eval(f->q, e, f->c.in, 1, 10, &f->sig, &st, r, o, &j);
    }
    return 0;
}

void finding_free(isect_finding *f) { memset(f, 0, sizeof *f); }

int finding_is_crash(const isect_finding *f)
{
    return !strcmp(f->sig.output, FINDING_CRASH) || !strcmp(f->sig.output, FINDING_TIMEOUT);
}

/* ---- formats ------------------------------------------------------------------ */

static double read_back(const char *s, isect_format fmt) { return fmt == FMT_F32 ? strtof(s, NULL) : strtod(s, NULL); }

/* "1e-07" -> "1e-7", "1e+20" -> "1e20". */
static void tidy_exponent(char *s)
{
    char *e = strchr(s, 'e');
    if (!e)
        return;
    char *d = e + 1, *src = e + 1;
    if (*src == '+')
        src++;
    else if (*src == '-')
        *d++ = *src++;
    while (*src == '0' && src[1])
        src++;
    memmove(d, src, strlen(src) + 1);
}

static int mantissa_bits(double x)
{
    int e;
    double m = fabs(frexp(x, &e));
    int bits = 0;
    while (m != 0 && bits < 64) {
        m = m * 2 - floor(m * 2);
        bits++;
    }
    return bits;
}

char *number_readable(char *buf, size_t len, double x, isect_format fmt)
{
    if (isnan(x))
        snprintf(buf, len, "nan");
    else if (isinf(x))
        snprintf(buf, len, x < 0 ? "-inf" : "inf");
    else if (x == 0)
        snprintf(buf, len, signbit(x) ? "-0" : "0");
    else if (x == floor(x) && fabs(x) < 1e9)
        snprintf(buf, len, "%.0f", x);
    else {
        int maxp = fmt == FMT_F32 ? 9 : 17, p;
        for (p = 1; p <= maxp; p++) {
            snprintf(buf, len, "%.*g", p, x);
            if (read_back(buf, fmt) == x)
                break;
        }
        tidy_exponent(buf);
        if (p > 6 && mantissa_bits(x) <= 8)
            snprintf(buf, len, "%a", x);
    }
    return buf;
}

int number_complexity(double x, isect_format fmt)
{
    char buf[64];
    return (int)strlen(number_readable(buf, sizeof buf, x, fmt));
}

char *number_short(char *buf, size_t len, double x)
{
    if (!isfinite(x))
        return number_readable(buf, len, x, FMT_F64);
    snprintf(buf, len, "%.3g", x);
    tidy_exponent(buf);
    return buf;
}

void json_string_write(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch == '\n')
            fputs("\\n", f);
        else if (ch < 0x20 || ch == 0x7f)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

void json_number_write(FILE *f, double x)
{
    if (isnan(x))
        fputs("\"nan\"", f);
    else if (isinf(x))
        fputs(x < 0 ? "\"-inf\"" : "\"inf\"", f);
    else {
        char buf[64];
        snprintf(buf, sizeof buf, "%.17g", x);
        fputs(buf, f);
        if (!strpbrk(buf, ".eE"))
            fputs(".0", f);
    }
}

void xml_text_write(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        switch (ch) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        case '\'':
            fputs("&#39;", f);
            break;
        default:
            /* XML 1.0 allows no other control characters than tab and newlines */
            if (ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r')
                fputc('?', f);
            else
                fputc(ch, f);
        }
    }
}

int mkdir_p(const char *path)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(buf, 0777) && errno != EEXIST)
                return -1;
            *p = '/';
        }
    if (mkdir(buf, 0777) && errno != EEXIST)
        return -1;
    return 0;
}

double epoch_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void time_format(char *buf, size_t len, double epoch)
{
    time_t t = (time_t)epoch;
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, len, "%Y-%m-%d %H:%M:%S UTC", &tm);
}

int file_write_atomic(const char *path, const char *text, size_t len)
{
    char tmp[1200];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f)
        return -1;
    size_t n = fwrite(text, 1, len, f);
    if (fclose(f) || n != len || rename(tmp, path)) {
        remove(tmp);
        return -1;
    }
    return 0;
}
