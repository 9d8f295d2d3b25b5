/* tests/testlib.h: the helpers every test binary shares, header-only (each
 * tests/test_*.c stays one object, one binary).  The family headers
 * (testlib_ray.h, testlib_sweep.h, testlib_overlap.h) add only what is
 * particular to their queries: input layouts, generators, box shapes.
 *
 * - A seeded PRNG (splitmix64): a fixed seed by default, the environment
 *   variable ISECT_SEED overrides it, and failure messages print it as
 *   "ISECT_SEED=<n>" so that a failing run can be repeated.
 * - Catalog access: tl_query, tl_ref (ref with garbage in the outputs),
 *   tl_run (a target's function through the catalog adapter), tl_judge (the
 *   severity rule), tl_judge_entry (every claim of the entry: exact
 *   booleans, one-sided contract), tl_check_run (run and judge as `isect
 *   check` does, the result contract included).
 * - Generated inputs: tl_grid_value (binary32 values on and near
 *   boundaries), tl_hit_equals_ref and tl_fast_hit_equals_ref (a function's
 *   or fast's hit equals ref's exactly).
 * - Expectations on ref: tl_expect_hit (bit-exact outputs), tl_expect_miss
 *   (every output zero), tl_expect_invalid (REF_INVALID, every output +0),
 *   TL_EXPECT_OUT0 (the first output, e.g. a side or a hit flag).
 * - tl_check_encl: the soundness of a query's enclosure.  Boxes around
 *   generated inputs; ref's output at sample points of a box must lie in the
 *   enclosure of the box.  Guards make a trivial enclosure (always [0, 1] /
 *   (-inf, inf)) fail: the enclosure must decide enough boxes.
 * - tl_check_filter: ref with its filter on and off gives identical bits;
 *   the guard makes a filter that never settles a case fail.
 */
#ifndef ISECT_TESTS_TESTLIB_H
#define ISECT_TESTS_TESTLIB_H

#include <criterion/criterion.h>

#include "interval.h"
#include "catalog.h"
#include "isect_ref.h"
#include "judge.h"
#include "targets.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- PRNG ------------------------------------------------------------------ */

static uint64_t tl_seed, tl_state;

/* Seeds the PRNG with ISECT_SEED if set, else with fallback. */
static inline void tl_init_seed(uint64_t fallback)
{
    const char *s = getenv("ISECT_SEED");
    tl_seed = s && *s ? strtoull(s, NULL, 0) : fallback;
    tl_state = tl_seed;
}

static inline uint64_t tl_rnd(void)
{
    uint64_t z = (tl_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [lo, hi]. */
static inline int tl_int(int lo, int hi) { return lo + (int)(tl_rnd() % (uint64_t)(hi - lo + 1)); }

/* Uniform in [0, 1), 53 bits. */
static inline double tl_unit(void) { return (double)(tl_rnd() >> 11) * 0x1p-53; }

/* A random binary32 of magnitude below 2^e (exponent in [-e, e]), either
 * sign, 24 bits. */
static inline double tl_f32(int e)
{
    float m = (float)((double)(tl_rnd() >> 40) * 0x1p-24);
    return (double)ldexpf(tl_rnd() & 1 ? -m : m, tl_int(-e, e));
}

/* A small integer (|n| <= 8) times 2^k: exact in binary32, and sums and
 * products of a few of them are exact too (exact boundaries are easy). */
static inline double tl_small(int k) { return ldexp((double)tl_int(-8, 8), k); }

/* Random binary32 bits, finite. */
static inline float tl_f32_bits(void)
{
    for (;;) {
        uint32_t b = (uint32_t)tl_rnd();
        float f;
        memcpy(&f, &b, sizeof f);
        if (isfinite(f))
            return f;
    }
}

/* ---- values ---------------------------------------------------------------- */

/* Bit-identical, or both zero of either sign. */
static inline bool tl_same(double a, double b) { return memcmp(&a, &b, sizeof a) == 0 || (a == 0 && b == 0); }

/* The n values of in, hex floats separated by spaces, into buf. */
static inline void tl_dump(char *buf, size_t len, const double *in, int n)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < n && k < len; i++)
        k += (size_t)snprintf(buf + k, len - k, "%s%a", i ? " " : "", in[i]);
}

/* ---- the catalog -------------------------------------------------------------- */

static inline const isect_query *tl_query(const char *name)
{
    const isect_query *q = isect_query_find(name);
    cr_assert_not_null(q, "query %s not in the catalog", name);
    return q;
}

/* Whether ref's (or a target's) answer out is a hit; a query without a hit
 * flag (a side) counts every answer. */
static inline bool tl_is_hit(const isect_query *q, const double *out)
{
    int h = isect_query_hit_index(q);
    return h < 0 || out[h] != 0;
}

/* ref's status and outputs on in, garbage in the outputs first. */
static inline int tl_ref(const isect_query *q, const double *in, double *out)
{
    for (int k = 0; k < isect_query_nout(q); k++)
        out[k] = 12345;
    return q->ref(in, out);
}

static inline const isect_target_entry *tl_entry(const isect_query *q, const char *target)
{
    const isect_target *t = isect_target_find(target);
    cr_assert_not_null(t, "no target %s", target);
    const isect_target_entry *e = isect_target_entry_for(t, q->name);
    cr_assert_not_null(e, "target %s lacks %s", target, q->name);
    return e;
}

/* Runs the named target's function for q on in through the catalog adapter. */
static inline void tl_run(const isect_query *q, const char *target, const double *in, double *out)
{
    const isect_target_entry *e = tl_entry(q, target);
    memset(out, 0, (size_t)isect_query_nout(q) * sizeof *out);
    q->run(e->fn, in, out);
}

/* The judge on a target's answer tgt, with the accuracy the named target
 * declares for q: the severity rule alone (isect_judge, its ulps and
 * tolerance), which is what the judge's own tests of one-ulp and gross
 * answers exercise.  The entry's other claims (exact booleans, the one-sided
 * contract, binary64 units) are tl_judge_entry's. */
static inline isect_judgement tl_judge(const isect_query *q, const char *target, const double *in, const double *tgt)
{
    const isect_target_entry *e = tl_entry(q, target);
    double ref_out[ISECT_MAX_OUT];
    int st = q->ref(in, ref_out);
    return isect_judge(q, in, st, ref_out, tgt, e->ulps, e->tolerance);
}

/* The judge as `isect check` applies it to the named target's answer tgt
 * (the query's outputs): every claim of its entry (isect_judge_entry) but
 * the result contract, whose breach isect_target_run records and tl_run
 * does not (its slot is passed as 0 here, never read from tgt). */
static inline isect_judgement tl_judge_entry(const isect_query *q, const char *target, const double *in,
                                             const double *tgt)
{
    const isect_target_entry *e = tl_entry(q, target);
    double ref_out[ISECT_MAX_OUT], y[ISECT_MAX_OUT] = {0};
    memcpy(y, tgt, (size_t)isect_query_nout(q) * sizeof *y);
    int st = q->ref(in, ref_out);
    return isect_judge_entry(q, e, in, st, ref_out, y);
}

/* Runs the named target on in as `isect check` does (isect_target_run: out
 * holds ISECT_MAX_OUT values, the result contract's slot included) and
 * judges its answer with every claim of its entry. */
static inline isect_judgement tl_check_run(const isect_query *q, const char *target, const double *in, double *out)
{
    const isect_target_entry *e = tl_entry(q, target);
    double ref_out[ISECT_MAX_OUT];
    int st = q->ref(in, ref_out);
    isect_target_run(q, e, in, out);
    return isect_judge_entry(q, e, in, st, ref_out, out);
}

/* ---- generated binary32 inputs and fast's exact answers ---------------------- */

/* A value for generated inputs: a small integer times 2^e, sometimes nudged
 * by an ulp, sometimes uniform in (-2^(e+3), 2^(e+3)), sometimes a copy of an
 * earlier value in[0..k-1] (shared coordinates): inputs on and near the
 * boundaries where an exact answer differs from a rounded one. */
static inline double tl_grid_value(const double *in, int k, int e)
{
    int kind = tl_int(0, 9);
    if (kind <= 1 && k > 0)
        return in[tl_int(0, k - 1)];
    float x = (float)tl_small(e);
    if (kind == 2)
        x = nextafterf(x, tl_int(0, 1) ? INFINITY : -INFINITY);
    if (kind == 3)
        x = (float)(tl_unit() * 2 - 1) * (float)ldexp(1, e + 3);
    return x;
}

/* The first output (a hit flag) of fn, a function of q's signature (fast's,
 * or a test's hooked or filter-less copy of it), equals ref's exact answer
 * on n inputs from gen; the input is printed on the first difference.
 * *valid and *hits count the inputs ref accepts and its hits, for the
 * caller's check that the generator reached both answers. */
static inline void tl_hit_equals_ref(const isect_query *q, isect_any_fn fn, void (*gen)(double *in), int n,
                                     int *valid, int *hits)
{
    *valid = *hits = 0;
    for (int i = 0; i < n; i++) {
        double in[ISECT_MAX_IN], want[ISECT_MAX_OUT], got[ISECT_MAX_OUT] = {0};
        gen(in);
        if (q->ref(in, want) != ISECT_REF_OK)
            continue;
        ++*valid;
        q->run(fn, in, got);
        *hits += want[0] != 0;
        if (got[0] != want[0]) {
            char buf[1024];
            tl_dump(buf, sizeof buf, in, isect_query_nin(q));
            cr_assert_fail("%s: fast %g, ref %g (ISECT_SEED=%llu): %s", q->name, got[0], want[0],
                           (unsigned long long)tl_seed, buf);
        }
    }
}

/* tl_hit_equals_ref of the fast target's function. */
static inline void tl_fast_hit_equals_ref(const isect_query *q, void (*gen)(double *in), int n, int *valid,
                                          int *hits)
{
    tl_hit_equals_ref(q, tl_entry(q, "fast")->fn, gen, n, valid, hits);
}

/* ---- expectations on ref ---------------------------------------------------- */

/* ref on in: REF_OK, a hit, and the outputs after the hit flag bit-identical
 * (zero of either sign) to want[0..nwant-1]. */
static inline void tl_expect_hit(const isect_query *q, const double *in, const double *want, int nwant,
                                 const char *what)
{
    double out[ISECT_MAX_OUT];
    int st = tl_ref(q, in, out);
    cr_assert_eq(st, REF_OK, "%s: status %d", what, st);
    cr_assert(out[0] == 1, "%s: expected a hit, got %s = %g", what, q->outputs[0].name, out[0]);
    for (int k = 0; k < nwant; k++)
        cr_assert(tl_same(out[1 + k], want[k]), "%s: out[%d] = %a (%.17g), expected %a (%.17g)", what, 1 + k,
                  out[1 + k], out[1 + k], want[k], want[k]);
}

/* ref on in: REF_OK, and every output zero (a miss). */
static inline void tl_expect_miss(const isect_query *q, const double *in, const char *what)
{
    double out[ISECT_MAX_OUT];
    int st = tl_ref(q, in, out);
    cr_assert_eq(st, REF_OK, "%s: status %d", what, st);
    for (int k = 0; k < isect_query_nout(q); k++)
        cr_assert(out[k] == 0, "%s: expected a miss with zeros, out[%d] = %a", what, k, out[k]);
}

/* ref on in: REF_INVALID, and every output +0. */
static inline void tl_expect_invalid(const isect_query *q, const double *in, const char *what)
{
    double out[ISECT_MAX_OUT];
    for (int k = 0; k < isect_query_nout(q); k++)
        out[k] = 9;
    int st = q->ref(in, out);
    cr_assert_eq(st, REF_INVALID, "%s: status %d, expected REF_INVALID", what, st);
    for (int k = 0; k < isect_query_nout(q); k++)
        cr_assert(out[k] == 0 && !signbit(out[k]), "%s: out[%d] = %g, expected +0", what, k, out[k]);
}

/* ref on in: REF_OK and the first output (a hit flag, a side) equal to v. */
#define TL_EXPECT_OUT0(q, in, v, what)                                                                     \
    do {                                                                                                    \
        double o_[ISECT_MAX_OUT];                                                                           \
        int st_ = tl_ref((q), (in), o_);                                                                    \
        cr_assert_eq(st_, REF_OK, "%s: status %d", (what), st_);                                            \
        cr_assert(o_[0] == (v), "%s: %s = %g, expected %g", (what), (q)->outputs[0].name, o_[0], (double)(v)); \
    } while (0)

/* ---- enclosure soundness ---------------------------------------------------- */

/* How a family builds its boxes and samples them, and its guards. */
typedef struct {
    /* The box around the generated input c (may draw from the PRNG). */
    void (*box)(const isect_query *q, const double *c, iv *box);
    /* Sample point k of npt in box (c its centre) into p. */
    void (*point)(const isect_query *q, const iv *box, const double *c, int k, int npt, double *p);
    /* ref's outputs are exact values rounded to nearest: the exact value,
     * which the enclosure holds, lies between an output's neighbours. */
    bool rounded;
    /* Guards, each checked when positive: more than this fraction of the
     * boxes has its first output (hit flag, side) decided by the enclosure;
     * decided as a hit; decided as a miss; of the point boxes (every input
     * a point), decided; of the sample points, ref hits. */
    double decided, decided_hit, decided_miss, point_decided, hit_points;
} tl_encl_policy;

/* Whether the enclosure e holds ref's value x (rounded: or a neighbour). */
static inline bool tl_encl_holds(iv e, double x, bool rounded)
{
    if (!rounded)
        return iv_contains(e, x);
    return e.lo <= nextafter(x, INFINITY) && nextafter(x, -INFINITY) <= e.hi;
}

static inline void tl_encl_fail(const isect_query *q, const iv *box, const double *p, int b, int k, int o,
                                const double *out, const iv *enc)
{
    int nin = isect_query_nin(q);
    fprintf(stderr, "ISECT_SEED=%llu %s: box %d point %d: out[%d] = %a outside [%a, %a]\n  box:",
            (unsigned long long)tl_seed, q->name, b, k, o, out[o], enc[o].lo, enc[o].hi);
    for (int i = 0; i < nin; i++)
        fprintf(stderr, " [%a, %a]", box[i].lo, box[i].hi);
    fprintf(stderr, "\n  point:");
    for (int i = 0; i < nin; i++)
        fprintf(stderr, " %a", p[i]);
    fprintf(stderr, "\n");
}

/* The soundness property of q's enclosure over nbox boxes around inputs made
 * by gen, each sampled at npt points: at every point where ref's input is
 * valid, each output lies in its enclosure (numeric outputs only where ref
 * hits).  Then the guards of pol. */
static inline void tl_check_encl(const isect_query *q, void (*gen)(double *in), int nbox, int npt,
                                 const tl_encl_policy *pol)
{
    int nin = isect_query_nin(q), nout = isect_query_nout(q);
    int decided = 0, decided_hit = 0, decided_miss = 0, point_boxes = 0, point_decided = 0, points = 0, hits = 0;
    for (int b = 0; b < nbox; b++) {
        double c[ISECT_MAX_IN], p[ISECT_MAX_IN], out[ISECT_MAX_OUT];
        iv box[ISECT_MAX_IN], enc[ISECT_MAX_OUT];
        gen(c);
        pol->box(q, c, box);
        q->encl(box, enc);
        bool dec = enc[0].lo == enc[0].hi, point_box = true;
        for (int i = 0; i < nin; i++)
            point_box = point_box && box[i].lo == box[i].hi;
        decided += dec;
        decided_hit += dec && enc[0].lo != 0;
        decided_miss += dec && enc[0].lo == 0;
        point_boxes += point_box;
        point_decided += point_box && dec;
        for (int k = 0; k < npt; k++) {
            pol->point(q, box, c, k, npt, p);
            if (q->ref(p, out) != REF_OK)
                continue; /* invalid points are not owed anything */
            bool hit = tl_is_hit(q, out);
            points++;
            hits += hit;
            for (int o = 0, at = 0; o < q->noutputs; o++)
                for (int i = 0; i < q->outputs[o].arity && at < nout; i++, at++) {
                    if (q->outputs[o].kind == OUT_REAL && !hit)
                        continue; /* numeric outputs carry no claim on a miss */
                    bool ok = tl_encl_holds(enc[at], out[at], pol->rounded);
                    if (!ok)
                        tl_encl_fail(q, box, p, b, k, at, out, enc);
                    cr_assert(ok, "ISECT_SEED=%llu %s: box %d point %d: out[%d] = %a outside [%a, %a]",
                              (unsigned long long)tl_seed, q->name, b, k, at, out[at], enc[at].lo, enc[at].hi);
                }
        }
    }
    /* The generator must reach hits, and the enclosure must decide boxes:
     * an enclosure that always answers "either" fails here. */
    if (pol->decided > 0)
        cr_assert(decided > pol->decided * nbox, "ISECT_SEED=%llu %s: the enclosure decided only %d of %d boxes",
                  (unsigned long long)tl_seed, q->name, decided, nbox);
    if (pol->decided_hit > 0)
        cr_assert(decided_hit > pol->decided_hit * nbox, "ISECT_SEED=%llu %s: only %d of %d boxes certainly hit",
                  (unsigned long long)tl_seed, q->name, decided_hit, nbox);
    if (pol->decided_miss > 0)
        cr_assert(decided_miss > pol->decided_miss * nbox, "ISECT_SEED=%llu %s: only %d of %d boxes certainly miss",
                  (unsigned long long)tl_seed, q->name, decided_miss, nbox);
    if (pol->point_decided > 0)
        cr_assert(point_boxes == 0 || point_decided > pol->point_decided * point_boxes,
                  "ISECT_SEED=%llu %s: the enclosure decided only %d of %d point boxes", (unsigned long long)tl_seed,
                  q->name, point_decided, point_boxes);
    if (pol->hit_points > 0)
        cr_assert(hits > pol->hit_points * nbox * npt, "ISECT_SEED=%llu %s: only %d hits at %d points",
                  (unsigned long long)tl_seed, q->name, hits, points);
}

/* ---- the filter ------------------------------------------------------------- */

/* ref with and without its filter gives the same status and bit-identical
 * outputs on n inputs made by gen; the filter must settle more than
 * min_settled * n of them (a filter that never fires fails). */
static inline void tl_check_filter(const isect_query *q, void (*gen)(double *in), int n, double min_settled)
{
    int nout = isect_query_nout(q), settled = 0;
    for (int i = 0; i < n; i++) {
        double in[ISECT_MAX_IN], a[ISECT_MAX_OUT], b[ISECT_MAX_OUT];
        gen(in);
        ref_set_filter(1);
        unsigned long long f0 = ref_stats.filtered;
        int sa = q->ref(in, a);
        settled += ref_stats.filtered > f0;
        ref_set_filter(0);
        int sb = q->ref(in, b);
        ref_set_filter(1);
        cr_assert_eq(sa, sb, "ISECT_SEED=%llu %s: case %d: status %d with the filter, %d without",
                      (unsigned long long)tl_seed, q->name, i, sa, sb);
        for (int k = 0; k < nout; k++)
            cr_assert(memcmp(&a[k], &b[k], sizeof a[k]) == 0,
                      "ISECT_SEED=%llu %s: case %d: out[%d] = %a with the filter, %a without",
                      (unsigned long long)tl_seed, q->name, i, k, a[k], b[k]);
    }
    cr_assert(settled > min_settled * n, "ISECT_SEED=%llu %s: the filter settled only %d cases of %d",
              (unsigned long long)tl_seed, q->name, settled, n);
}

#endif
