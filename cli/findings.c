/* cli/findings.c: findings loaded for the subcommands, guarded evaluation;
 * see findings.h. */
#include "findings.h"

#include "guard.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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
    double tgt_out[ISECT_MAX_OUT];
} eval_msg;

typedef struct {
    const isect_query *q;
    const isect_target_entry *e;
    const double *in;
} eval_job;

static void eval_child(void *arg, guard_pipe *p)
{
    eval_job *job = arg;
    eval_msg m;
    memset(&m, 0, sizeof m);
    m.ref_status = job->q->ref(job->in, m.ref_out);
    guard_send(p, &m, offsetof(eval_msg, tgt_out));
    isect_target_run(job->q, job->e, job->in, m.tgt_out);
    guard_send(p, m.tgt_out, sizeof m.tgt_out);
}

/* Runs ref and the target in a child process; returns EVAL_OK with the
 * outputs, or EVAL_CRASH / EVAL_HANG (ref's answer filled when it came,
 * why in g). */
static isect_eval_status run_guarded(const isect_query *q, const isect_target_entry *e, const double *in,
                                     double timeout, int *ref_status, double *ref_out, double *tgt_out,
                                     guard_result *g)
{
    eval_job job = {q, e, in};
    eval_msg m;
    memset(&m, 0, sizeof m);
    guard_status st = guard_call(eval_child, &job, &m, sizeof m, timeout, g);
    if (g->got >= offsetof(eval_msg, tgt_out)) {
        *ref_status = m.ref_status;
        memcpy(ref_out, m.ref_out, sizeof m.ref_out);
    }
    if (st == GUARD_OK)
        memcpy(tgt_out, m.tgt_out, sizeof m.tgt_out);
    return st == GUARD_OK ? EVAL_OK : st == GUARD_HANG ? EVAL_HANG : EVAL_CRASH;
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
    static guard_result g; /* j->why points into it */
    if (guarded)
        st = run_guarded(q, e, in, timeout, ref_status, ref_out, tgt_out, &g);
    else {
        *ref_status = q->ref(in, ref_out);
        isect_target_run(q, e, in, tgt_out);
    }
    if (st != EVAL_OK) {
        isect_signature_died(s, q, in, *ref_status, ref_out, st == EVAL_HANG);
        j->verdict = VERDICT_INVALID;
        j->why = g.why;
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
        snprintf(f->property, sizeof f->property, "%s", h.property);
    } else
        snprintf(f->target, sizeof f->target, "%s", default_target ? default_target : "fast");
    f->t = isect_target_find(f->target);
    if (f->property[0])
        snprintf(f->pair, sizeof f->pair, "prop_%s", f->property);
    else
        snprintf(f->pair, sizeof f->pair, "%s", f->q->name);
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

const char *finding_verdict(const isect_finding *f)
{
    return f->property[0] ? "property" : isect_verdict_name(f->sig.verdict);
}

void finding_key(const isect_finding *f, char *buf, size_t len)
{
    char tname[64];
    isect_target_file_name(tname, sizeof tname, f->target);
    if (f->property[0])
        snprintf(buf, len, "%s-%s-property-%s-e%d", f->q->name, tname, f->property, f->sig.decade);
    else
        isect_signature_key(buf, len, f->q->name, f->target, &f->sig);
}
