/* oracle/judge_entry.c: judging a target entry with what it declares
 * (outputs, precision, refusals; oracle/targets.h), on top of isect_judge. */
#include "judge.h"

#include "isect_ref.h"

#include <math.h>
#include <string.h>

bool isect_entry_computes(const isect_query *q, const isect_target_entry *e, int o)
{
    if (!e->outputs || o == isect_output_of_slot(q, isect_query_hit_index(q)))
        return true;
    size_t n = strlen(q->outputs[o].name);
    for (const char *s = e->outputs; (s = strstr(s, q->outputs[o].name)) != NULL; s += n)
        if ((s == e->outputs || s[-1] == ' ') && (s[n] == ' ' || s[n] == '\0'))
            return true;
    return false;
}

/* What the last run function on this thread reported (isect_run_breach). */
static _Thread_local int run_breach;

void isect_run_breach(int breach)
{
    run_breach = breach;
}

bool isect_target_run(const isect_query *q, const isect_target_entry *e, const double *in, double *out)
{
    memset(out, 0, ISECT_MAX_OUT * sizeof *out);
    if (e->refuse && e->refuse(in))
        return false;
    run_breach = 0;
    q->run(e->fn, in, out);
    out[ISECT_SLOT_BREACH] = run_breach;
    return true;
}

/* The result contract (docs/judge.md): out->hit (or a plane query's side)
 * agrees with the returned bool, for every target; and, for an entry that
 * declares ISECT_MISS_ZERO, zero numeric outputs on a miss and a miss with
 * every output zero on invalid input.  NULL or the breach, its slot in *slot. */
static const char *result_breach(const isect_query *q, const isect_target_entry *e, int ref_status,
                                  const double *y, int *slot)
{
    int hit = isect_query_hit_index(q), nout = isect_query_nout(q);
    *slot = -1;
    double b = nout < ISECT_MAX_OUT ? y[ISECT_SLOT_BREACH] : 0;
    if (b == ISECT_BREACH || (b == ISECT_BREACH_IF_VALID && ref_status == ISECT_REF_OK))
        return "the result struct contradicts the returned value (out->hit, or side == 0 for a plane query)";
    if (!(e->miss & ISECT_MISS_ZERO))
        return NULL;
    if (b == ISECT_BREACH_HIT_IF_INVALID && ref_status != ISECT_REF_OK)
        return "true (straddling) on invalid input, where the entry declares ISECT_MISS_ZERO (false, side 0)";
    for (int o = 0; o < q->noutputs; o++)
        for (int i = 0, s = isect_output_offset(q, o); i < q->outputs[o].arity; i++, s++) {
            *slot = s;
            if (ref_status != ISECT_REF_OK && y[s] != 0)
                return "an answer other than a miss with every output zero on invalid input (the entry declares "
                       "ISECT_MISS_ZERO)";
            if (ref_status == ISECT_REF_OK && hit >= 0 && y[hit] == 0 && q->outputs[o].kind == OUT_REAL && y[s] != 0)
                return "a nonzero numeric output on a miss (the entry declares ISECT_MISS_ZERO)";
        }
    *slot = -1;
    return NULL;
}

double isect_entry_unit(const isect_query *q, const isect_target_entry *e)
{
    return e->precision == ISECT_BINARY64 || q->format == FMT_F64 ? 0x1p-53 : 0x1p-24;
}

/* A binary64 implementation returns binary32 numbers: y agrees when it is
 * the binary32 rounding of some value within ulps * 2^-53 * scale of r. */
static bool rounds_from_near(const isect_query *q, int o, double y, double r, double ulps, const double *S)
{
    if (!isfinite(y) || !isfinite(r))
        return false;
    double d = ulps * 0x1p-53 * isect_agree_scale(q, o, r, S);
    return (double)(float)(r - d) <= y && y <= (double)(float)(r + d);
}

/* The slot of the output named "t", or -1. */
static int time_slot(const isect_query *q)
{
    for (int o = 0; o < q->noutputs; o++)
        if (strcmp(q->outputs[o].name, "t") == 0 && q->outputs[o].kind == OUT_REAL)
            return isect_output_offset(q, o);
    return -1;
}

/* The one-sided contract (targets.h, docs/judge.md) on a disagreement j
 * (severity in the entry's unit) of an entry that declares it. */
static isect_judgement one_sided(const isect_query *q, const isect_target_entry *e, const double *in,
                                 const double *ref_out, const double *y, isect_judgement j)
{
    int hit = isect_query_hit_index(q), ts = time_slot(q);
    if (hit < 0 || ts < 0)
        return j;
    bool tgt_hit = y[hit] != 0, ref_hit = ref_out[hit] != 0;
    if (!tgt_hit || (ref_hit && y[ts] > ref_out[ts])) {
        /* A missed collision, or one reported later than ulps allow. */
        j.verdict = VERDICT_DISCREPANCY;
        j.slot = tgt_hit ? ts : hit;
        j.why = tgt_hit ? "time of impact later than ref's (one-sided contract)" : "missed collision (one-sided contract)";
        return j;
    }
    /* A collision reported where ref has none, or earlier than ref's: the
     * least distance of the shapes within ulps of the reported t. */
    double unit = isect_entry_unit(q, e), tau = e->ulps * unit, S[UNIT_COUNT];
    isect_input_scales(q, in, S);
    double near = e->near * unit * S[UNIT_POS];
    double L = q->min_dist(in, fmax(0, y[ts] - tau), fmin(1, y[ts] + tau), near);
    /* Compared relative to S: near itself underflows for S below about
     * 2^-1061 (binary64 inputs).  rel <= L / S (rounded down; L <= a few S,
     * S >= the format's least subnormal), so rel > e->near unit (exact:
     * unit is a power of two) certifies L > e->near unit S. */
    double rel = nextafter(L / S[UNIT_POS], 0);
    bool far = rel > e->near * unit;
    /* Each coordinate moved by rho * unit * S moves every vertex, at every
     * t, by at most sqrt(3) rho unit S (a convex combination of its two
     * positions), so the distance by at most twice that: a contact needs
     * rho >= L / (2 sqrt(3) unit S).  1.0001 covers the rounding of this
     * quotient. */
    double sev = rel / (2 * 1.7320508075688772 * 1.0001 * unit);
    j.severity = fmax(j.severity, sev);
    j.verdict = far ? VERDICT_DISCREPANCY : VERDICT_TOLERATED;
    j.why = far ? "the shapes stay farther apart than the declared distance (one-sided contract)" : NULL;
    return j;
}

/* The first boolean or enum slot where y differs from ref_out, or -1: the
 * hit flag, then (when both hit, or the query has no hit flag) the others;
 * on a shared miss the other outputs carry no claim. */
static int bool_mismatch(const isect_query *q, const double *ref_out, const double *y)
{
    int hit = isect_query_hit_index(q);
    if (hit >= 0 && (y[hit] != 0) != (ref_out[hit] != 0))
        return hit;
    if (hit >= 0 && y[hit] == 0)
        return -1;
    for (int o = 0; o < q->noutputs; o++)
        for (int i = 0, s = isect_output_offset(q, o); i < q->outputs[o].arity; i++, s++)
            if (q->outputs[o].kind != OUT_REAL && y[s] != ref_out[s])
                return s;
    return -1;
}

isect_judgement isect_judge_entry(const isect_query *q, const isect_target_entry *e, const double *in,
                                  int ref_status, const double *ref_out, const double *tgt_out)
{
    if (e->refuse) {
        const char *why = e->refuse(in);
        if (why)
            return (isect_judgement){VERDICT_REFUSED, 0, -1, why};
    }
    int bad_slot;
    const char *breach = result_breach(q, e, ref_status, tgt_out, &bad_slot);
    if (breach)
        return (isect_judgement){VERDICT_INVALID, 0, bad_slot, breach};
    /* Outputs the entry does not compute take ref's values: never disputed. */
    double y[ISECT_MAX_OUT];
    memcpy(y, tgt_out, sizeof y);
    int hit = isect_query_hit_index(q);
    bool both_hit = ref_status == REF_OK && (hit < 0 || (tgt_out[hit] != 0 && ref_out[hit] != 0));
    double S[UNIT_COUNT];
    isect_input_scales(q, in, S);
    for (int o = 0; o < q->noutputs; o++) {
        bool computed = isect_entry_computes(q, e, o);
        for (int i = 0, s = isect_output_offset(q, o); i < q->outputs[o].arity; i++, s++) {
            if (!computed)
                y[s] = ref_status == REF_OK ? ref_out[s] : 0;
            else if (e->precision == ISECT_BINARY64 && q->format == FMT_F32 && both_hit &&
                     q->outputs[o].kind == OUT_REAL &&
                     rounds_from_near(q, o, y[s], ref_out[s], e->ulps, S))
                y[s] = ref_out[s];
        }
    }
    /* isect_judge works in units of the query's format (2^-24 S or 2^-53 S);
     * a binary64 entry on a binary32 query declares its bounds and gets its
     * severity in units of 2^-53 S, 2^-29 times smaller. */
    double k = isect_entry_unit(q, e) / isect_format_unit(q);
    isect_judgement j = isect_judge(q, in, ref_status, ref_out, y, e->ulps * k, e->tolerance * k);
    j.severity /= k;
    if (e->near > 0 && q->min_dist && ref_status == REF_OK &&
        (j.verdict == VERDICT_TOLERATED || j.verdict == VERDICT_DISCREPANCY))
        j = one_sided(q, e, in, ref_out, y, j);
    if ((e->exact & ISECT_EXACT_BOOLS) && j.verdict == VERDICT_TOLERATED) {
        int s = bool_mismatch(q, ref_out, y);
        if (s >= 0) {
            j.verdict = VERDICT_DISCREPANCY;
            j.slot = s;
        }
    }
    return j;
}
