/* oracle/judge.c: verdicts and severity; see judge.h and docs/judge.md. */
#include "judge.h"
#include "rng.h"

#include "isect_ref.h"

#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

_Static_assert((int)ISECT_REF_OK == (int)REF_OK && (int)ISECT_REF_INVALID == (int)REF_INVALID, "catalog.h: ref's status codes");

const char *isect_verdict_name(isect_verdict v)
{
    static const char *const names[] = {"agree", "tolerated", "discrepancy", "invalid", "refused"};
    return names[v];
}

void isect_input_scales(const isect_query *q, const double *in, double S[UNIT_COUNT])
{
    double floor = q->format == FMT_F64 ? 0x1p-1074 : 0x1p-149;
    for (int u = 0; u < UNIT_COUNT; u++)
        S[u] = floor;
    for (int f = 0, k = 0; f < q->nfields; f++)
        for (int j = 0; j < q->fields[f].arity; j++, k++)
            if (isfinite(in[k]) && fabs(in[k]) > S[q->fields[f].unit])
                S[q->fields[f].unit] = fabs(in[k]);
}

/* Can an exact output in the enclosure e be reported as y?  A target returns
 * its numbers in the query's format, so y stands for every real that rounds
 * to it: the enclosure is compared with the neighbours of y, a superset of
 * its rounding preimage (for y = inf: everything beyond the largest finite
 * value).  Taking the superset can only lower severity. */
static bool explains(const isect_query *q, int slot, isect_iv e, double y)
{
    int o = isect_output_of_slot(q, slot);
    if ((o >= 0 && q->outputs[o].kind != OUT_REAL) || isnan(y))
        return isect_iv_contains(e, y);
    if (isect_iv_has_nan(e))
        return true;
    double lo, hi;
    if (q->format == FMT_F32) {
        lo = nextafterf((float)y, -INFINITY);
        hi = nextafterf((float)y, INFINITY);
    } else {
        lo = nextafter(y, -INFINITY);
        hi = nextafter(y, INFINITY);
    }
    return e.lo <= hi && e.hi >= lo;
}

/* True when, for every valid input within radius rho (units of 2^-24 S) of
 * in, the exact answer differs from tgt_out in at least one counted slot. */
static bool certified(const isect_query *q, const double *in, const double S[UNIT_COUNT], double rho,
                      const double *tgt_out, const bool *count, bool on_set)
{
    isect_iv box[ISECT_MAX_IN], enc[ISECT_MAX_OUT];
    for (int f = 0, k = 0; f < q->nfields; f++)
        for (int j = 0; j < q->fields[f].arity; j++, k++) {
            /* r is rounded up so that the box holds at least the radius. */
            double r = nextafter(rho * isect_format_unit(q) * S[q->fields[f].unit], INFINITY);
            box[k] = isfinite(in[k]) ? isect_iv_around(in[k], r) : (isect_iv){in[k], in[k]};
        }
    (on_set ? q->set_encl : q->encl)(box, enc);
    int nout = isect_query_nout(q);
    for (int k = 0; k < nout; k++)
        if (count[k] && !explains(q, k, enc[k], tgt_out[k]))
            return true;
    return false;
}

bool isect_on_degenerate_set(const isect_query *q, const double *in)
{
    return q->on_set && q->set_encl && q->on_set(in);
}

double isect_severity(const isect_query *q, const double *in, const double *tgt_out, const bool *disputed)
{
    double S[UNIT_COUNT];
    isect_input_scales(q, in, S);
    bool count[ISECT_MAX_OUT] = {0};
    int hit = isect_query_hit_index(q);
    for (int k = 0; k < isect_query_nout(q); k++)
        count[k] = disputed[k];
    if (hit >= 0) {
        count[hit] = true;
        /* On a target's miss its numeric outputs carry no claim. */
        if (tgt_out[hit] == 0)
            for (int k = 0; k < isect_query_nout(q); k++)
                count[k] = k == hit;
    }

    /* On the degenerate set of a query whose hit set has no interior, only
     * perturbations that stay on the set count (docs/judge.md). */
    bool on_set = isect_on_degenerate_set(q, in);

    /* Enclosures grow with the box (inclusion monotonicity), so the set of
     * certified radii is an interval [0, rho*]: find the largest power of two
     * in it, then bisect between it and the next one. */
    int lo_exp = -30, hi_exp = 60;
    if (!certified(q, in, S, ldexp(1, lo_exp), tgt_out, count, on_set))
        return 0;
    if (certified(q, in, S, ldexp(1, hi_exp), tgt_out, count, on_set))
        return ISECT_SEVERITY_MAX;
    int k = lo_exp, kf = hi_exp; /* 2^k certified, 2^kf not: bisect the exponents */
    while (kf - k > 1) {
        int m = k + (kf - k) / 2;
        if (certified(q, in, S, ldexp(1, m), tgt_out, count, on_set))
            k = m;
        else
            kf = m;
    }
    double lo = ldexp(1, k), hi = ldexp(1, k + 1);
    for (int i = 0; i < 12; i++) {
        double mid = 0.5 * (lo + hi);
        if (certified(q, in, S, mid, tgt_out, count, on_set))
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

double isect_agree_scale(const isect_query *q, int o, double r, const double *S)
{
    switch (q->outputs[o].scale) {
    case SCALE_ONE:
        return fmax(fabs(r), 1);
    case SCALE_POS:
        return fmax(fabs(r), S[UNIT_POS]);
    case SCALE_REL:
        break;
    }
    return fabs(r);
}

static bool close_enough(const isect_query *q, int out_index, double y, double r, double ulps, const double *S)
{
    /* The exact value rounded to the format of the query's outputs is the best
     * answer a target can give, also where it overflows to inf or underflows
     * to 0. */
    if (y == r || (q->format == FMT_F32 && y == (double)(float)r))
        return true;
    if (isnan(y) || isnan(r) || isinf(y) || isinf(r))
        return false;
    return fabs(y - r) <= ulps * isect_format_unit(q) * isect_agree_scale(q, out_index, r, S);
}

/* Flags in disputed[] the outputs where tgt_out and ref_out (both for input
 * in, ref's valid) differ beyond what agreement allows; returns whether any
 * does.  On a hit-flag mismatch only the flag is disputed; on a target's
 * miss its numeric outputs carry no claim. */
static bool find_disputes(const isect_query *q, const double *in, const double *ref_out, const double *tgt_out,
                          double ulps, bool *disputed)
{
    int hit = isect_query_hit_index(q);
    bool tgt_hit = hit < 0 || tgt_out[hit] != 0, any = false;
    for (int k = 0; k < isect_query_nout(q); k++)
        disputed[k] = false;
    if (hit >= 0 && (tgt_out[hit] != 0) != (ref_out[hit] != 0)) {
        disputed[hit] = true;
        return true;
    }
    if (!tgt_hit)
        return false;
    double S[UNIT_COUNT];
    isect_input_scales(q, in, S);
    for (int o = 0; o < q->noutputs; o++) {
        int at = isect_output_offset(q, o);
        for (int i = 0; i < q->outputs[o].arity; i++) {
            if (at + i == hit)
                continue;
            bool same = q->outputs[o].kind == OUT_REAL ? close_enough(q, o, tgt_out[at + i], ref_out[at + i], ulps, S)
                                                       : tgt_out[at + i] == ref_out[at + i];
            if (!same)
                disputed[at + i] = any = true;
        }
    }
    return any;
}

isect_judgement isect_judge(const isect_query *q, const double *in, int ref_status, const double *ref_out,
                            const double *tgt_out, double ulps, double tolerance)
{
    isect_judgement j = {VERDICT_AGREE, 0, -1, NULL};
    int nout = isect_query_nout(q), hit = isect_query_hit_index(q);
    bool tgt_hit = hit < 0 || tgt_out[hit] != 0;

    /* The target's own contract comes first. */
    if (tgt_hit)
        for (int k = 0; k < nout; k++)
            if (isnan(tgt_out[k])) {
                j.verdict = VERDICT_INVALID;
                j.why = "NaN in an output on a hit";
                j.slot = k;
                return j;
            }
    if (q->contract && ref_status == REF_OK) {
        const char *why = q->contract(in, tgt_out);
        if (why) {
            j.verdict = VERDICT_INVALID;
            j.why = why;
            return j;
        }
    }
    if (ref_status != REF_OK)
        return j; /* invalid input: nothing to compare */

    bool disputed[ISECT_MAX_OUT];
    if (!find_disputes(q, in, ref_out, tgt_out, ulps, disputed))
        return j;
    for (int k = 0; k < nout && j.slot < 0; k++)
        if (disputed[k])
            j.slot = k;
    j.severity = isect_severity(q, in, tgt_out, disputed);
    j.verdict = j.severity > tolerance ? VERDICT_DISCREPANCY : VERDICT_TOLERATED;
    return j;
}

/* The search's generator (oracle/rng.h) is seeded from the input's bits: it
 * is deterministic. */
#define witness_next isect_rng_next

bool isect_witness(const isect_query *q, const double *in, const double *tgt_out, double ulps, double lo, double hi,
                   double *w, double *moved)
{
    enum { TRIES_PER_RADIUS = 48 };
    int nin = isect_query_nin(q);
    double S[UNIT_COUNT], unit[ISECT_MAX_IN];
    isect_input_scales(q, in, S);
    for (int f = 0, k = 0; f < q->nfields; f++)
        for (int j = 0; j < q->fields[f].arity; j++, k++)
            unit[k] = isect_format_unit(q) * S[q->fields[f].unit];
    uint64_t seed = 0x5EED;
    for (int k = 0; k < nin; k++) {
        uint64_t b;
        memcpy(&b, &in[k], sizeof b);
        seed = (seed ^ b) * 0x100000001B3ULL;
    }
    if (!(lo > 0))
        lo = 0x1p-4;
    bool on_set = isect_on_degenerate_set(q, in);
    /* At most MAX_RADII radii from lo to hi: doublings, or a larger common
     * ratio when hi / lo is beyond 2^MAX_RADII (a severity far below a unit);
     * and at most BUDGET_S seconds of CPU in all, for the queries whose
     * ref can take a second on extreme inputs (the CCD queries at DBL_MAX
     * beside subnormals). */
    enum { MAX_RADII = 60 };
    const double BUDGET_S = 5;
    double ratio = 2, span = hi / lo;
    if (span > 0x1p60 && isfinite(span))
        ratio = exp2(ceil(log2(span) / MAX_RADII));
    clock_t start = clock();
    /* First inputs of the query's format (a witness one can run); then, for
     * binary32 queries, unrounded ones, for boxes finer than the format's
     * grid (subnormal inputs, or a severity far below one unit). */
    for (int pass = 0; pass < (q->format == FMT_F32 ? 2 : 1); pass++)
        for (double rho = lo;; rho = fmin(ratio * rho, hi)) {
            for (int t = 0; t < TRIES_PER_RADIUS; t++) {
                if ((double)(clock() - start) > BUDGET_S * CLOCKS_PER_SEC)
                    return false;
                /* Every third try a corner of the box, else a uniform point. */
                bool same = true;
                for (int k = 0; k < nin; k++) {
                    uint64_t r = witness_next(&seed);
                    double u = t % 3 == 0 ? (r & 1 ? 1.0 : -1.0) : (double)(r >> 11) * 0x1p-52 - 1;
                    double x = isfinite(in[k]) ? in[k] + rho * unit[k] * u : in[k];
                    w[k] = pass == 0 && q->format == FMT_F32 ? (double)(float)x : x;
                    same &= memcmp(&w[k], &in[k], sizeof w[k]) == 0;
                }
                double ref_w[ISECT_MAX_OUT];
                bool disputed[ISECT_MAX_OUT];
                if (same || (on_set && !q->on_set(w)) || q->ref(w, ref_w) != REF_OK ||
                    find_disputes(q, w, ref_w, tgt_out, ulps, disputed))
                    continue;
                *moved = 0;
                for (int k = 0; k < nin; k++)
                    if (isfinite(in[k]) && unit[k] > 0)
                        *moved = fmax(*moved, fabs(w[k] - in[k]) / unit[k]);
                return true;
            }
            if (rho >= hi)
                break;
        }
    return false;
}
