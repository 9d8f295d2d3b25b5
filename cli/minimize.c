/* cli/minimize.c: `isect minimize`, shrinking a finding while its signature
 * holds, into a case a person can read. */
#include "commands.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const help_minimize =
    "usage: isect minimize [--target T] [--timeout S] [-o OUT] FILE\n\n"
    "Shrinks the finding in FILE (its first case) while its signature holds:\n"
    "the same verdict, the same feature of the exact answer (face, edge,\n"
    "vertex, hit, miss, ...), the same output that differs and the same decade\n"
    "of severity.  It tries zeros, small integers, fewer mantissa bits, short\n"
    "decimals, power-of-two rescales of positions, directions and parameters,\n"
    "and translations of all points, and keeps a change when the case gets\n"
    "simpler (its numbers written shorter).  The result is a .case with readable numbers (0.5, 3,\n"
    "1e-7), ref's exact answer as expect lines, and the signature in its\n"
    "header; it goes to OUT, or to standard output.\n\n"
    "The target is the one named in FILE's isect-finding header, else fast;\n"
    "--target overrides it.  Every target but fast runs in child processes,\n"
    "so that an input that crashes it or hangs it (runs longer than\n"
    "--timeout S seconds, default 5) is a rejected step.  Exit status: 0\n"
    "minimized; 2 bad usage, bad input, or a case that is not a finding (the\n"
    "target agrees with ref).\n";

/* Seconds a target's isolated call may take (--timeout). */
static double minimize_timeout = GUARD_TIMEOUT;

typedef struct {
    const isect_query *q;
    const isect_target_entry *e;
    const isect_signature *goal;
    int guarded;
    double timeout;
    long evals, max_evals;
} search;

static int holds(search *s, const double *in)
{
    if (s->evals >= s->max_evals)
        return 0;
    s->evals++;
    isect_signature sig;
    int st;
    double r[ISECT_MAX_OUT], o[ISECT_MAX_OUT];
    isect_judgement j;
    signature_eval(s->q, s->e, in, s->guarded, s->timeout, &sig, &st, r, o, &j);
    return isect_signature_same(&sig, s->goal);
}

static double to_format(const isect_query *q, double x) { return q->format == FMT_F32 ? (double)(float)x : x; }

static int total_complexity(const isect_query *q, const double *in)
{
    int n = isect_query_nin(q), c = 0;
    for (int i = 0; i < n; i++)
        c += number_complexity(in[i], q->format);
    return c;
}

/* x rounded to k significant bits. */
static double round_bits(double x, int k)
{
    int e = ilogb(x);
    return ldexp(nearbyint(ldexp(x, k - 1 - e)), e - k + 1);
}

typedef struct {
    double v;
    int c;
} candidate;

static int cmp_candidate(const void *a, const void *b)
{
    const candidate *x = a, *y = b;
    return (x->c > y->c) - (x->c < y->c);
}

/* Simpler values for x, simplest first. */
static int candidates(const isect_query *q, double x, candidate *out, int max)
{
    int n = 0, cx = number_complexity(x, q->format);
    double raw[96];
    int nr = 0;
    raw[nr++] = 0;
    if (isfinite(x) && x != 0) {
        raw[nr++] = x < 0 ? -1 : 1;
        raw[nr++] = nearbyint(x);
        raw[nr++] = floor(x);
        raw[nr++] = ceil(x);
        raw[nr++] = x < 0 ? -0.5 : 0.5;
        for (int k = 1; k <= 24 && nr < 60; k++)
            raw[nr++] = round_bits(x, k);
        for (int d = 1; d <= 8 && nr < 90; d++) {
            char buf[64];
            snprintf(buf, sizeof buf, "%.*g", d, x);
            raw[nr++] = strtod(buf, NULL);
        }
    }
    for (int i = 0; i < nr && n < max; i++) {
        double v = to_format(q, raw[i]);
        if (!isfinite(v) || v == x)
            continue;
        int c = number_complexity(v, q->format), dup = 0;
        if (c >= cx)
            continue;
        for (int k = 0; k < n; k++)
            dup |= out[k].v == v;
        if (!dup)
            out[n++] = (candidate){v, c};
    }
    qsort(out, (size_t)n, sizeof *out, cmp_candidate);
    return n;
}

/* Scales every finite value of unit class u by 2^k, if that stays exact. */
static int rescale(const isect_query *q, const double *in, double *out, isect_unit u, int k)
{
    int n = isect_query_nin(q), changed = 0;
    memcpy(out, in, (size_t)n * sizeof *in);
    for (int f = 0, s = 0; f < q->nfields; f++)
        for (int i = 0; i < q->fields[f].arity; i++, s++) {
            if (q->fields[f].unit != u || !isfinite(in[s]) || in[s] == 0)
                continue;
            double v = ldexp(in[s], k);
            if (to_format(q, v) != v || !isfinite(v) || v == 0)
                return 0;
            out[s] = v;
            changed = 1;
        }
    return changed;
}

static int try_rescales(search *s, double *in)
{
    const isect_query *q = s->q;
    int n = isect_query_nin(q), steps = 0;
    for (int u = 0; u < UNIT_COUNT; u++) {
        double big = 0;
        for (int f = 0, k = 0; f < q->nfields; f++)
            for (int i = 0; i < q->fields[f].arity; i++, k++)
                if ((int)q->fields[f].unit == u && isfinite(in[k]))
                    big = fmax(big, fabs(in[k]));
        if (big == 0)
            continue;
        int k0 = -ilogb(big); /* brings the largest into [1, 2) */
        int best_c = total_complexity(q, in);
        double best[ISECT_MAX_IN], cand[ISECT_MAX_IN];
        int found = 0;
        for (int d = 0; d <= 24; d++)
            for (int sgn = -1; sgn <= 1; sgn += 2) {
                if (d == 0 && sgn > 0)
                    continue;
                int k = k0 + sgn * d;
                if (k == 0 || !rescale(q, in, cand, (isect_unit)u, k))
                    continue;
                int c = total_complexity(q, cand);
                if (c < best_c && holds(s, cand)) {
                    best_c = c;
                    memcpy(best, cand, (size_t)n * sizeof *cand);
                    found = 1;
                }
            }
        if (found) {
            memcpy(in, best, (size_t)n * sizeof *in);
            steps++;
        }
    }
    return steps;
}

/* A field that is a point, moved by a translation (not a displacement, a
 * direction or an extent). */
static int is_point(const isect_field *fd)
{
    static const char *const vectors[] = {"vel", "half", "extent", "axis", "normal", "size", NULL};
    if (fd->arity != 3 || fd->unit != UNIT_POS)
        return 0;
    for (int i = 0; vectors[i]; i++)
        if (strstr(fd->name, vectors[i]))
            return 0;
    return 1;
}

/* Translates every point along one axis by the coordinate of one of them
 * (or its integer part), which often zeroes a few values at once. */
static int try_translations(search *s, double *in)
{
    const isect_query *q = s->q;
    int n = isect_query_nin(q), steps = 0;
    for (int axis = 0; axis < 3; axis++) {
        double offsets[2 * ISECT_MAX_FIELDS];
        int no = 0;
        for (int f = 0; f < q->nfields; f++)
            if (is_point(&q->fields[f])) {
                double v = in[isect_field_offset(q, f) + axis];
                if (isfinite(v) && v != 0 && no + 2 <= 2 * ISECT_MAX_FIELDS) {
                    offsets[no++] = v;
                    offsets[no++] = trunc(v);
                }
            }
        int best_c = total_complexity(q, in);
        double best[ISECT_MAX_IN], cand[ISECT_MAX_IN];
        int found = 0;
        for (int k = 0; k < no; k++) {
            if (offsets[k] == 0)
                continue;
            memcpy(cand, in, (size_t)n * sizeof *in);
            for (int f = 0; f < q->nfields; f++)
                if (is_point(&q->fields[f])) {
                    int at = isect_field_offset(q, f) + axis;
                    cand[at] = to_format(q, in[at] - offsets[k]);
                }
            int c = total_complexity(q, cand);
            if (c < best_c && holds(s, cand)) {
                best_c = c;
                memcpy(best, cand, (size_t)n * sizeof *cand);
                found = 1;
            }
        }
        if (found) {
            memcpy(in, best, (size_t)n * sizeof *in);
            steps++;
        }
    }
    return steps;
}

static int try_values(search *s, double *in)
{
    int n = isect_query_nin(s->q), steps = 0;
    for (int k = 0; k < n; k++) {
        candidate c[96];
        int nc = candidates(s->q, in[k], c, 96);
        double old = in[k];
        for (int i = 0; i < nc; i++) {
            in[k] = c[i].v;
            if (holds(s, in)) {
                steps++;
                old = in[k];
                break;
            }
        }
        in[k] = old;
    }
    return steps;
}

int minimize_finding(const isect_finding *f, double *in, isect_signature *sig, char *err, size_t errlen)
{
    const isect_target_entry *e = f->t ? isect_target_entry_for(f->t, f->q->name) : NULL;
    if (!e) {
        snprintf(err, errlen, "%s: target '%s' %s", f->path, f->target,
                 f->t ? "does not support the query" : "is not built into this isect");
        return -1;
    }
    int crash = finding_is_crash(f), guarded = crash || guard_target(f->t);
    int n = isect_query_nin(f->q);
    memcpy(in, f->c.in, (size_t)n * sizeof *in);
    int st;
    double r[ISECT_MAX_OUT], o[ISECT_MAX_OUT];
    isect_judgement j;
    signature_eval(f->q, e, in, guarded, minimize_timeout, sig, &st, r, o, &j);
    if (f->has_header && !isect_signature_same(sig, &f->sig)) {
        snprintf(err, errlen,
                 "%s: the finding does not reproduce here: the file says %s on %s (exact answer %s, severity "
                 "decade %d), this isect finds %s on %s (exact answer %s, decade %d)%s",
                 f->path, isect_verdict_name(f->sig.verdict), f->sig.output, f->sig.feature, f->sig.decade,
                 isect_verdict_name(sig->verdict), sig->output, sig->feature, sig->decade,
                 crash ? "; a crash found under the fuzz build's sanitizers may not crash without them" : "");
        return -1;
    }
    if (sig->verdict == VERDICT_AGREE) {
        snprintf(err, errlen, "%s: not a finding: %s agrees with ref", f->path, f->target);
        return -1;
    }
    isect_signature goal = *sig;
    search s = {f->q, e, &goal, guarded, minimize_timeout, 0, crash && !strcmp(sig->output, ISECT_FINDING_TIMEOUT) ? 200 : 50000};
    int steps = 0;
    for (int pass = 0; pass < 12; pass++) {
        int got = try_rescales(&s, in);
        got += try_translations(&s, in);
        got += try_values(&s, in);
        steps += got;
        if (!got)
            break;
    }
    signature_eval(f->q, e, in, guarded, minimize_timeout, sig, &st, r, o, &j);
    return steps;
}

static void write_values(FILE *out, const char *name, const double *v, int n, isect_format fmt, int integer)
{
    fprintf(out, "%-6s", name);
    for (int i = 0; i < n; i++) {
        char buf[64];
        if (integer)
            fprintf(out, " %d", (int)v[i]);
        else
            fprintf(out, " %s", number_readable(buf, sizeof buf, v[i], fmt));
    }
    fputc('\n', out);
}

static void describe(FILE *out, const isect_query *q, const char *who, const double *o)
{
    fprintf(out, "# %s:", who);
    for (int k = 0; k < q->noutputs; k++) {
        fprintf(out, " %s", q->outputs[k].name);
        for (int i = 0; i < q->outputs[k].arity; i++) {
            char buf[64];
            double v = o[isect_output_offset(q, k) + i];
            if (q->outputs[k].kind == OUT_REAL)
                fprintf(out, " %s", number_readable(buf, sizeof buf, v, FMT_F64));
            else
                fprintf(out, " %d", (int)v);
        }
    }
    fputc('\n', out);
}

void minimized_write(FILE *out, const isect_finding *f, const double *in, const isect_signature *sig, int steps)
{
    const isect_query *q = f->q;
    const isect_target_entry *e = f->t ? isect_target_entry_for(f->t, q->name) : NULL;
    int st = ISECT_REF_OK, crash = finding_is_crash(f);
    double r[ISECT_MAX_OUT] = {0}, o[ISECT_MAX_OUT] = {0};
    isect_judgement j = {0};
    isect_signature now = *sig;
    if (e)
        signature_eval(q, e, in, crash || guard_target(f->t), minimize_timeout, &now, &st, r, o, &j);
    char sev[64], line[1024];
    fprintf(out, "# minimized by isect minimize (%d step%s) from %s\n", steps, steps == 1 ? "" : "s", f->key);
    fprintf(out, "# target %s, verdict %s, severity %s, on %s; exact answer: %s\n", f->target,
            isect_verdict_name(now.verdict), number_short(sev, sizeof sev, now.severity), now.output, now.feature);
    if (!crash)
        describe(out, q, f->target, o);
    else
        fprintf(out, "# %s: %s\n", f->target, !strcmp(now.output, ISECT_FINDING_TIMEOUT) ? "hangs" : "crashes");
    if (st == ISECT_REF_OK)
        describe(out, q, "ref", r);
    else
        fputs("# ref: invalid input\n", out);
    isect_finding_header h = {.sig = now,
                              .first = isfinite(f->first) ? f->first : isect_epoch_now(),
                              .found = isfinite(f->found) ? f->found : isect_epoch_now(),
                              .elapsed = NAN};
    snprintf(h.query, sizeof h.query, "%s", q->name);
    snprintf(h.target, sizeof h.target, "%s", f->target);
    isect_finding_header_format(line, sizeof line, &h);
    fprintf(out, "# %s\n", line);
    isect_case k;
    isect_finding_case(&k, q, in, st, r);
    fprintf(out, "query %s\n", q->name);
    for (int i = 0; i < q->nfields; i++)
        write_values(out, q->fields[i].name, in + isect_field_offset(q, i), q->fields[i].arity, q->format, 0);
    fprintf(out, "expect valid %d\n", k.expect_valid);
    for (int i = 0; i < q->noutputs; i++) {
        if (!k.expect[i])
            continue;
        char name[64];
        snprintf(name, sizeof name, "expect %s", q->outputs[i].name);
        write_values(out, name, k.expect_value + isect_output_offset(q, i), q->outputs[i].arity, FMT_F64,
                     q->outputs[i].kind != OUT_REAL);
    }
}

/* Parses the command line; returns -1 to go on, else the exit status. */
static int minimize_options(int argc, char **argv, const char **target, const char **outpath)
{
    static const struct option longs[] = {
        {"target", required_argument, NULL, 't'},
        {"output", required_argument, NULL, 'o'},
        {"timeout", required_argument, NULL, 'T'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    optind = 1;
    opterr = 0;
    for (int ch; (ch = getopt_long(argc, argv, "+t:o:h", longs, NULL)) != -1;) {
        switch (ch) {
        case 't':
            *target = optarg;
            break;
        case 'o':
            *outpath = optarg;
            break;
        case 'T':
            if (parse_timeout(optarg, &minimize_timeout)) {
                fprintf(stderr, "isect minimize: --timeout wants seconds > 0, not '%s'\n", optarg);
                return 2;
            }
            break;
        case 'h':
            fputs(help_minimize, stdout);
            return 0;
        default:
            fprintf(stderr, "isect minimize: unknown or incomplete option '%s'\nTry 'isect minimize --help'.\n",
                    argv[optind - 1]);
            return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "isect minimize: %s\nTry 'isect minimize --help'.\n",
                optind >= argc ? "no FILE given" : "one FILE at a time");
        return 2;
    }
    if (*target && !isect_target_find(*target)) {
        fprintf(stderr, "isect minimize: unknown target '%s' (isect targets lists them)\n", *target);
        return 2;
    }
    return -1;
}

/* Judges f against target instead of the one that found it; returns 0, or
 * -1 (after a message) if target does not support the query. */
static int retarget(isect_finding *f, const char *target)
{
    snprintf(f->target, sizeof f->target, "%s", target);
    f->t = isect_target_find(target);
    f->has_header = 0;
    if (finding_judge(f, minimize_timeout)) {
        fprintf(stderr, "isect minimize: target '%s' does not support %s\n", target, f->q->name);
        return -1;
    }
    return 0;
}

int cmd_minimize(int argc, char **argv)
{
    const char *target = NULL, *outpath = NULL;
    int rc = minimize_options(argc, argv, &target, &outpath);
    if (rc >= 0)
        return rc;
    isect_finding f;
    char err[1024];
    if (finding_load(argv[optind], target, &f, err, sizeof err)) {
        fprintf(stderr, "isect minimize: %s\n", err);
        return 2;
    }
    if (target && strcmp(target, f.target) && retarget(&f, target))
        return 2;
    double in[ISECT_MAX_IN];
    isect_signature sig;
    int before = total_complexity(f.q, f.c.in);
    int steps = minimize_finding(&f, in, &sig, err, sizeof err);
    if (steps < 0) {
        fprintf(stderr, "isect minimize: %s\n", err);
        return 2;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) {
        fprintf(stderr, "isect minimize: out of memory\n");
        return 2;
    }
    minimized_write(m, &f, in, &sig, steps);
    fclose(m);
    int status = 0;
    if (outpath) {
        if (isect_write_atomic(outpath, text, len)) {
            perror(outpath);
            status = 2;
        }
    } else
        fwrite(text, 1, len, stdout);
    free(text);
    char sev[32];
    fprintf(stderr, "isect minimize: %s: %d step%s, numbers %d -> %d characters; signature holds: %s on %s, exact "
            "answer %s, severity %s\n",
            f.key, steps, steps == 1 ? "" : "s", before, total_complexity(f.q, in), isect_verdict_name(sig.verdict),
            sig.output, sig.feature, number_short(sev, sizeof sev, sig.severity));
    return status;
}
