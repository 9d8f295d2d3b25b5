/* cli/findings.c: findings loaded for the subcommands, guarded evaluation;
 * see findings.h. */
#include "findings.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int zoo_control(const char *target)
{
    const isect_target *t = isect_target_find(target);
    return t && t->control;
}

/* ---- guarded evaluation ------------------------------------------------ */

/* What a child process sends back: ref's answer, then the target's. */
typedef struct {
    int ref_status;
    double ref_out[ISECT_MAX_OUT];
} ref_msg;

static int read_full(int fd, void *buf, size_t len, double deadline)
{
    size_t got = 0;
    while (got < len) {
        double left = deadline - isect_epoch_now();
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
    double deadline = isect_epoch_now() + timeout;
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
    *ref_status = ISECT_REF_OK;
    if (guarded)
        st = run_guarded(q, e, in, timeout, ref_status, ref_out, tgt_out);
    else {
        *ref_status = q->ref(in, ref_out);
        isect_target_run(q, e, in, tgt_out);
    }
    if (st != EVAL_OK) {
        isect_signature_died(s, q, in, *ref_status, ref_out, st == EVAL_HANG);
        j->verdict = VERDICT_INVALID;
        j->why = st == EVAL_HANG ? "the target hangs" : "the target crashes";
        return st;
    }
    *j = isect_judge_entry(q, e, in, *ref_status, ref_out, tgt_out);
    isect_signature_judged(s, q, in, *ref_status, ref_out, j);
    return EVAL_OK;
}

/* ---- findings on disk ------------------------------------------------------ */

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

    isect_finding_header h;
    int got = isect_finding_header_read(path, &h, f->notes, sizeof f->notes);
    if (got < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    f->has_header = got;
    if (f->has_header) {
        snprintf(f->target, sizeof f->target, "%s", h.target);
        f->sig = h.sig;
        f->first = h.first;
        f->found = h.found;
    } else
        snprintf(f->target, sizeof f->target, "%s", default_target ? default_target : "fast");
    f->t = isect_target_find(f->target);
    if (!f->has_header && finding_judge(f, 10)) {
        snprintf(err, errlen, "%s: target '%s' %s", path, f->target, f->t ? "does not support the query" : "unknown");
        return -1;
    }
    return 0;
}

int finding_judge(isect_finding *f, double timeout)
{
    const isect_target_entry *e = f->t ? isect_target_entry_for(f->t, f->q->name) : NULL;
    if (!e)
        return -1;
    int st;
    double r[ISECT_MAX_OUT], o[ISECT_MAX_OUT];
    isect_judgement j;
    signature_eval(f->q, e, f->c.in, 1, timeout, &f->sig, &st, r, o, &j);
    return 0;
}

void finding_free(isect_finding *f) { memset(f, 0, sizeof *f); }

int finding_is_crash(const isect_finding *f)
{
    return !strcmp(f->sig.output, ISECT_FINDING_CRASH) || !strcmp(f->sig.output, ISECT_FINDING_TIMEOUT);
}
