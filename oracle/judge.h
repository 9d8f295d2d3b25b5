/* oracle/judge.h: judging a target's answer against ref's.
 *
 * Verdicts (docs/judge.md):
 *   agree        same boolean; numeric outputs within the target's ulps;
 *   tolerated    they differ, but an input perturbation of at most
 *                `tolerance` units explains it;
 *   discrepancy  no perturbation that small can explain it;
 *   invalid      the target broke its contract on its own terms (NaN on a
 *                hit, t outside its range, ...).
 *
 * Severity is a certified lower bound on the input perturbation, in units of
 * 2^-24 * S (S the largest magnitude among the inputs of the same unit
 * class), that would make the target's answer the exact one.  It is computed
 * with the query's interval enclosure over boxes of growing radius, so a
 * reported discrepancy is always real; the judge may under-estimate severity
 * (and call a real bug tolerated at a grazing contact), never over-estimate.
 */
#ifndef ISECT_JUDGE_H
#define ISECT_JUDGE_H

#include "catalog.h"
#include "targets.h"

/* VERDICT_REFUSED: the target's entry refused the input (its `refuse`
 * predicate, oracle/targets.h); it was not run and nothing is judged. */
typedef enum { VERDICT_AGREE, VERDICT_TOLERATED, VERDICT_DISCREPANCY, VERDICT_INVALID, VERDICT_REFUSED } isect_verdict;

typedef struct {
    isect_verdict verdict;
    double severity; /* 0 when agreeing */
    int slot;        /* first output slot that differs, -1 if none */
    const char *why; /* for invalid: the contract breach */
} isect_judgement;

/* The largest value severity can take: boxes are not grown beyond it. */
#define ISECT_SEVERITY_MAX 0x1p60

const char *isect_verdict_name(isect_verdict v);

/* Judge tgt_out against ref_out for input in.  ref_status is ref's return
 * value (ISECT_REF_OK or ISECT_REF_INVALID). */
isect_judgement isect_judge(const isect_query *q, const double *in, int ref_status, const double *ref_out,
                            const double *tgt_out, double ulps, double tolerance);

/* Run the target entry e on the flat input in, writing its flat outputs
 * (zero-initialised first).  Returns false, without running it, when the
 * entry refuses the input. */
bool isect_target_run(const isect_query *q, const isect_target_entry *e, const double *in, double *out);

/* isect_judge with everything entry e declares (oracle/targets.h): its
 * refusals (VERDICT_REFUSED, why = the reason), its outputs (the others are
 * not judged), its precision (ulps, tolerance and the returned severity in
 * units of isect_entry_unit).  An entry with the defaults judges exactly as
 * isect_judge(..., e->ulps, e->tolerance). */
isect_judgement isect_judge_entry(const isect_query *q, const isect_target_entry *e, const double *in,
                                  int ref_status, const double *ref_out, const double *tgt_out);

/* The unit of entry e's ulps, tolerance and severities on query q: 2^-53
 * for a binary64 entry or a binary64 query, else 2^-24. */
double isect_entry_unit(const isect_query *q, const isect_target_entry *e);

/* Does entry e compute output o (an index into q->outputs)? */
bool isect_entry_computes(const isect_query *q, const isect_target_entry *e, int o);

/* The scale against which output o's agreement is measured (docs/judge.md):
 * |r|, max(|r|, 1) or max(|r|, S_pos). */
double isect_agree_scale(const isect_query *q, int o, double r, const double *S);

/* Severity of the answer tgt_out at in, counting the outputs whose slots
 * are flagged in disputed[] (and the boolean, always). */
double isect_severity(const isect_query *q, const double *in, const double *tgt_out, const bool *disputed);

/* True when in lies exactly on the degenerate set of q (a query whose hit
 * set has no interior, isect_query.on_set): severity and witnesses are then
 * measured over perturbations that stay on that set (docs/judge.md). */
bool isect_on_degenerate_set(const isect_query *q, const double *in);

/* A witness for a tolerated verdict: an input w of the query's format, at
 * most `hi` units (the severity's units, per unit class) from in, at which
 * ref's exact answer agrees with tgt_out (the target's answer at in) on
 * every output, as the judge's "agree" (numeric outputs within ulps).  The
 * search samples boxes of radius lo, 2 lo, ... hi (corners and uniform
 * points, rounded to the query's format; then, for binary32 queries, not
 * rounded, for boxes finer than the format's grid such as around subnormal
 * inputs; PRNG seeded from in, so it is deterministic) and lets ref decide each candidate exactly: a witness
 * returned is one.  Returns true with w and *moved (the largest move of a
 * value, in units), false when the search found none (which proves
 * nothing).  lo <= 0 starts at 1/16 unit. */
bool isect_witness(const isect_query *q, const double *in, const double *tgt_out, double ulps, double lo, double hi,
                   double *w, double *moved);

/* Per-unit-class scales S of an input (largest finite magnitude, at least the
 * smallest positive value of the query's format). */
void isect_input_scales(const isect_query *q, const double *in, double S[UNIT_COUNT]);

#endif
