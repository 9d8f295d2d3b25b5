/* tests/test_overlap_common.h: helpers of the static-overlap tests
 * (tests/test_overlap_*.c), header-only so that each test file stays one
 * binary.
 *
 * - A seeded generator: fixed seed by default, ISECT_SEED overrides it, and
 *   every failure message prints it.
 * - ov_check_encl(): the soundness property of a query's enclosure.  Random
 *   small boxes around generated inputs (radius rho * 2^-24 * S per unit
 *   class, as the judge builds them); ref evaluated at random points of the
 *   box, at its corners and at its centre must lie in the enclosure (numeric
 *   outputs only where ref's answer is a hit).  The generators put many
 *   centres exactly on the decision boundary, where soundness matters.
 * - ov_judge(): the judge with the `fast` target's declared accuracy.
 */
#ifndef ISECT_TEST_OVERLAP_COMMON_H
#define ISECT_TEST_OVERLAP_COMMON_H

#include <criterion/criterion.h>

#include "catalog.h"
#include "interval.h"
#include "isect_ref.h"
#include "judge.h"
#include "targets.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t ov_seed, ov_state;

static inline void ov_init_seed(uint64_t fallback)
{
    const char *s = getenv("ISECT_SEED");
    ov_seed = s && *s ? strtoull(s, NULL, 0) : fallback;
    ov_state = ov_seed;
}

static inline uint64_t ov_rnd(void)
{
    uint64_t z = (ov_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline int ov_int(int lo, int hi) { return lo + (int)(ov_rnd() % (uint64_t)(hi - lo + 1)); }
static inline double ov_unit(void) { return (double)(ov_rnd() >> 11) * 0x1p-53; }

/* A binary32 value in (-2^e, 2^e) with a random significand. */
static inline double ov_f32(int e)
{
    float m = (float)((double)(ov_rnd() >> 40) * 0x1p-24);
    return ldexpf(ov_rnd() & 1 ? -m : m, ov_int(-e, e));
}

/* A small integer times 2^k: exact in binary32, and sums and products of a
 * few of them are exact too (exact boundaries are easy to build). */
static inline double ov_small(int k) { return ldexp((double)ov_int(-8, 8), k); }

static inline const isect_query *ov_query(const char *name)
{
    const isect_query *q = isect_query_find(name);
    cr_assert_not_null(q, "query %s not in the catalog", name);
    return q;
}

static inline bool ov_is_hit(const isect_query *q, const double *out)
{
    int h = isect_query_hit_index(q);
    return h < 0 || out[h] != 0;
}

/* Checks ref's answer at pt against the enclosure enc; returns 0 if sound. */
static inline int ov_encl_holds(const isect_query *q, const double *pt, const iv *enc, const char *what, int box_i)
{
    double out[ISECT_MAX_OUT];
    if (q->ref(pt, out) != REF_OK)
        return 0; /* invalid points are not owed anything */
    int nout = isect_query_nout(q);
    bool hit = ov_is_hit(q, out);
    for (int o = 0; o < q->noutputs; o++) {
        int at = isect_output_offset(q, o);
        for (int i = 0; i < q->outputs[o].arity; i++) {
            int k = at + i;
            if (k >= nout)
                break;
            if (q->outputs[o].kind == OUT_REAL && !hit)
                continue;
            if (!iv_contains(enc[k], out[k])) {
                int nin = isect_query_nin(q);
                fprintf(stderr, "%s: box %d: output %s[%d] = %a outside [%a, %a] (seed %llu); point:", what, box_i,
                        q->outputs[o].name, i, out[k], enc[k].lo, enc[k].hi, (unsigned long long)ov_seed);
                for (int j = 0; j < nin; j++)
                    fprintf(stderr, " %a", pt[j]);
                fprintf(stderr, "\n");
                return 1;
            }
        }
    }
    return 0;
}

/* The soundness property of q's enclosure over nbox boxes around inputs made
 * by gen, each sampled at nsample random points plus its centre and corners
 * (a random subset of the 2^n corners: n is up to 30). */
static inline void ov_check_encl(const isect_query *q, void (*gen)(double *in), int nbox, int nsample)
{
    int nin = isect_query_nin(q);
    int failures = 0;
    for (int b = 0; b < nbox && failures < 5; b++) {
        double c[ISECT_MAX_IN], S[UNIT_COUNT], pt[ISECT_MAX_IN];
        iv box[ISECT_MAX_IN], enc[ISECT_MAX_OUT];
        gen(c);
        isect_input_scales(q, c, S);
        /* radius: 0 (a point box, the ref filter's case) or 2^k units */
        double rho = ov_int(0, 9) == 0 ? 0 : ldexp(1, ov_int(-30, 12));
        for (int f = 0, k = 0; f < q->nfields; f++)
            for (int j = 0; j < q->fields[f].arity; j++, k++) {
                double r = nextafter(rho * 0x1p-24 * S[q->fields[f].unit], INFINITY);
                box[k] = isfinite(c[k]) ? iv_add(iv_point(c[k]), iv_make(-r, r)) : iv_point(c[k]);
                if (rho == 0)
                    box[k] = iv_point(c[k]);
            }
        q->encl(box, enc);
        failures += ov_encl_holds(q, c, enc, "centre", b);
        for (int s = 0; s < nsample; s++) {
            int corner = s < nsample / 4;
            for (int k = 0; k < nin; k++) {
                if (corner)
                    pt[k] = ov_rnd() & 1 ? box[k].lo : box[k].hi;
                else if (ov_int(0, 3) == 0)
                    pt[k] = c[k]; /* keep some coordinates exact: boundaries survive */
                else
                    pt[k] = box[k].lo + ov_unit() * (box[k].hi - box[k].lo);
                if (!(pt[k] >= box[k].lo && pt[k] <= box[k].hi))
                    pt[k] = c[k];
            }
            failures += ov_encl_holds(q, pt, enc, corner ? "corner" : "sample", b);
        }
    }
    cr_assert_eq(failures, 0, "%s: enclosure unsound at %d points (seed %llu)", q->name, failures,
                 (unsigned long long)ov_seed);
}

/* ref with and without its filter agree on every generated input. */
static inline void ov_check_filter(const isect_query *q, void (*gen)(double *in), int n)
{
    int nout = isect_query_nout(q);
    for (int i = 0; i < n; i++) {
        double in[ISECT_MAX_IN], a[ISECT_MAX_OUT], b[ISECT_MAX_OUT];
        gen(in);
        ref_set_filter(1);
        int sa = q->ref(in, a);
        ref_set_filter(0);
        int sb = q->ref(in, b);
        ref_set_filter(1);
        cr_assert_eq(sa, sb, "%s: filter changes the status (seed %llu, case %d)", q->name,
                     (unsigned long long)ov_seed, i);
        for (int k = 0; k < nout; k++)
            cr_assert(memcmp(&a[k], &b[k], sizeof a[k]) == 0 || (a[k] == 0 && b[k] == 0),
                      "%s: filter changes output %d: %a vs %a (seed %llu, case %d)", q->name, k, a[k], b[k],
                      (unsigned long long)ov_seed, i);
    }
}

/* The judge on a target's answer tgt, with the accuracy the named target
 * declares for q. */
static inline isect_judgement ov_judge(const isect_query *q, const char *target, const double *in, const double *tgt)
{
    const isect_target *t = isect_target_find(target);
    cr_assert_not_null(t, "target %s", target);
    const isect_target_entry *e = isect_target_entry_for(t, q->name);
    cr_assert_not_null(e, "target %s lacks %s", target, q->name);
    double ref_out[ISECT_MAX_OUT];
    int st = q->ref(in, ref_out);
    return isect_judge(q, in, st, ref_out, tgt, e->ulps, e->tolerance);
}

/* Runs the named target's function for q on in. */
static inline void ov_run(const isect_query *q, const char *target, const double *in, double *out)
{
    const isect_target *t = isect_target_find(target);
    cr_assert_not_null(t, "target %s", target);
    const isect_target_entry *e = isect_target_entry_for(t, q->name);
    cr_assert_not_null(e, "target %s lacks %s", target, q->name);
    memset(out, 0, ISECT_MAX_OUT * sizeof *out);
    q->run(e->fn, in, out);
}

/* ref's status and outputs on in. */
static inline int ov_ref(const isect_query *q, const double *in, double *out)
{
    for (int k = 0; k < isect_query_nout(q); k++)
        out[k] = 12345; /* garbage that ref must overwrite */
    return q->ref(in, out);
}

/* The named target judged against ref on n generated inputs: never a
 * discrepancy, never invalid.  Returns how many answers differed from ref
 * (agree excluded) so that callers can check the boundary was reached. */
static inline int ov_check_target(const isect_query *q, const char *target, void (*gen)(double *in), int n)
{
    int differed = 0;
    for (int i = 0; i < n; i++) {
        double in[ISECT_MAX_IN], out[ISECT_MAX_OUT];
        gen(in);
        ov_run(q, target, in, out);
        isect_judgement j = ov_judge(q, target, in, out);
        if (j.verdict == VERDICT_DISCREPANCY || j.verdict == VERDICT_INVALID) {
            fprintf(stderr, "%s vs %s: %s, severity %g (seed %llu, case %d); input:", q->name, target,
                    isect_verdict_name(j.verdict), j.severity, (unsigned long long)ov_seed, i);
            for (int k = 0; k < isect_query_nin(q); k++)
                fprintf(stderr, " %a", in[k]);
            fprintf(stderr, "\n");
        }
        cr_assert(j.verdict == VERDICT_AGREE || j.verdict == VERDICT_TOLERATED, "%s vs %s: %s (severity %g)",
                  q->name, target, isect_verdict_name(j.verdict), j.severity);
        differed += j.verdict == VERDICT_TOLERATED;
    }
    return differed;
}

#define OV_EXPECT(q, in, hitv, what)                                                                       \
    do {                                                                                                    \
        double o_[ISECT_MAX_OUT];                                                                           \
        int st_ = ov_ref((q), (in), o_);                                                                    \
        cr_assert_eq(st_, REF_OK, "%s: status %d", (what), st_);                                            \
        cr_assert(o_[0] == (hitv), "%s: %s = %g, expected %g", (what), (q)->outputs[0].name, o_[0],         \
                  (double)(hitv));                                                                          \
    } while (0)

#define OV_EXPECT_INVALID(q, in, what)                                                                     \
    do {                                                                                                    \
        double o_[ISECT_MAX_OUT];                                                                           \
        int st_ = ov_ref((q), (in), o_);                                                                    \
        cr_assert_eq(st_, REF_INVALID, "%s: status %d, expected REF_INVALID", (what), st_);                \
        for (int k_ = 0; k_ < isect_query_nout(q); k_++)                                                    \
            cr_assert(o_[k_] == 0 && !signbit(o_[k_]), "%s: out[%d] = %g, expected +0", (what), k_, o_[k_]); \
    } while (0)

#endif
