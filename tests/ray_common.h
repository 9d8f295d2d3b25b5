/* tests/ray_common.h: helpers shared by the tests of the ray-against-solid
 * queries (tests/test_ray_{plane,sphere,aabb,obb,capsule,cylinder}.c).
 *
 * Every one of these queries has outputs (hit, t) and inputs
 * origin[3] dir[3] tmax ... in catalog order.  The helpers:
 *   - rt_hit / rt_miss / rt_invalid: ref on one flat input against a
 *     hand-derived answer (bit-exact t); rt_hand_cases: on a table of them;
 *   - a fixed-seed PRNG (ISECT_SEED overrides it; failures print it);
 *   - metamorphic transforms: rt_axis_map / rt_ref_axis_mapped (axis
 *     permutation and sign flips), rt_scaled / rt_check_scalings (the scene
 *     at another scale), RT_SAME (bit-identical answers);
 *   - rt_encl_sound: ref at random points (corners included) of small random
 *     boxes must lie within the query's enclosure of the box;
 *   - rt_filter_agrees: ref with and without its filter give identical bits;
 *   - rt_judge: the catalog's judge on a crafted target answer;
 *     rt_fast_on_cases: fast on a table of hand cases, judged.
 */
#ifndef ISECT_TESTS_RAY_COMMON_H
#define ISECT_TESTS_RAY_COMMON_H

#include <criterion/criterion.h>

#include "interval.h"
#include "isect_ref.h"
#include "judge.h"
#include "targets.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RT_MAX_IN = 32, RT_DIR = 3, RT_TMAX = 6 };

typedef int rt_ref_fn(const double *in, double *out);
typedef void rt_encl_fn(const iv *in, iv *out);

/* ---- PRNG ------------------------------------------------------------------ */

static uint64_t rt_seed, rt_state;

static inline void rt_init_seed(uint64_t fallback)
{
    const char *s = getenv("ISECT_SEED");
    rt_seed = s && *s ? strtoull(s, NULL, 0) : fallback;
    rt_state = rt_seed;
}

static inline uint64_t rt_rnd(void)
{
    uint64_t z = (rt_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline int rt_int(int lo, int hi) { return lo + (int)(rt_rnd() % (uint64_t)(hi - lo + 1)); }

/* Uniform in [0, 1), 53 bits. */
static inline double rt_unit(void) { return (double)(rt_rnd() >> 11) * 0x1p-53; }

/* A random binary32 of magnitude below 2^e, either sign, 24 bits. */
static inline double rt_f32(int e)
{
    float m = (float)((double)(rt_rnd() >> 40) * 0x1p-24);
    return (double)ldexpf(rt_rnd() & 1 ? -m : m, rt_int(-e, e));
}

/* ---- ref on hand-derived cases ------------------------------------------- */

static inline bool rt_same(double a, double b) { return memcmp(&a, &b, sizeof a) == 0 || (a == 0 && b == 0); }

static inline void rt_hit(rt_ref_fn *f, const double *in, double t, const char *what)
{
    double out[2] = {12345, 12345};
    int st = f(in, out);
    cr_assert_eq(st, REF_OK, "%s: status %d", what, st);
    cr_assert(out[0] == 1, "%s: expected a hit, got hit = %g", what, out[0]);
    cr_assert(rt_same(out[1], t), "%s: t = %a (%.17g), expected %a (%.17g)", what, out[1], out[1], t, t);
}

static inline void rt_miss(rt_ref_fn *f, const double *in, const char *what)
{
    double out[2] = {12345, 12345};
    int st = f(in, out);
    cr_assert_eq(st, REF_OK, "%s: status %d", what, st);
    cr_assert(out[0] == 0 && out[1] == 0, "%s: expected a miss with t = 0, got hit = %g t = %a", what, out[0],
              out[1]);
}

static inline void rt_invalid(rt_ref_fn *f, const double *in, const char *what)
{
    double out[2] = {9, 9};
    int st = f(in, out);
    cr_assert_eq(st, REF_INVALID, "%s: status %d, expected REF_INVALID", what, st);
    cr_assert(out[0] == 0 && out[1] == 0 && !signbit(out[1]), "%s: outputs not zeroed", what);
}

/* Every slot NaN, +inf and -inf in turn (tmax: NaN, -inf and -1 only) must
 * be invalid. */
static inline void rt_invalid_slots(rt_ref_fn *f, const double *base, int n_in)
{
    double in[RT_MAX_IN];
    char what[64];
    for (int i = 0; i < n_in; i++) {
        static const double bad[] = {NAN, INFINITY, -INFINITY};
        for (int k = 0; k < 3; k++) {
            if (i == RT_TMAX && k == 1)
                continue;
            memcpy(in, base, (size_t)n_in * sizeof *in);
            in[i] = bad[k];
            snprintf(what, sizeof what, "%g in slot %d", bad[k], i);
            rt_invalid(f, in, what);
        }
    }
    memcpy(in, base, (size_t)n_in * sizeof *in);
    in[RT_TMAX] = -1;
    rt_invalid(f, in, "tmax = -1");
    in[RT_TMAX] = -0x1p-149;
    rt_invalid(f, in, "tmax = -2^-149");
}

/* One hand-derived case: the flat input (the query's first n_in slots), the
 * expected answer (a hit at exactly t, or a miss) and its name. */
typedef struct {
    double in[RT_MAX_IN];
    int hit;
    double t;
    const char *what;
} rt_case;

#define RT_NCASES(cases) (sizeof(cases) / sizeof *(cases))

/* ref on every case: a hit at bit-exactly t, or a miss with t = 0. */
static inline void rt_hand_cases(rt_ref_fn *f, const rt_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (cases[i].hit)
            rt_hit(f, cases[i].in, cases[i].t, cases[i].what);
        else
            rt_miss(f, cases[i].in, cases[i].what);
    }
}

/* The same with ref's filter off: the exact path alone gives every answer. */
static inline void rt_hand_cases_without_filter(rt_ref_fn *f, const rt_case *cases, size_t n)
{
    ref_set_filter(0);
    rt_hand_cases(f, cases, n);
    ref_set_filter(1);
}

/* ---- metamorphic transforms ------------------------------------------------ */

/* a and b (hit, t) bit-identical (either zero for zero); the message is
 * prefixed with the seed. */
#define RT_SAME(a, b, fmt, ...)                                                                                        \
    cr_assert(rt_same((a)[0], (b)[0]) && rt_same((a)[1], (b)[1]), "ISECT_SEED=%llu " fmt,                             \
              (unsigned long long)rt_seed, __VA_ARGS__)

/* The six permutations of the axes. */
static const int rt_perms[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {1, 0, 2}, {0, 2, 1}, {2, 1, 0}};

/* A random sign flip of each axis into sign, then a random permutation. */
static inline const int *rt_random_axes(double sign[3])
{
    for (int i = 0; i < 3; i++)
        sign[i] = rt_rnd() & 1 ? -1 : 1;
    return rt_perms[rt_int(0, 5)];
}

/* out = in with each 3-vector starting at a slot of vecs[0..nvec-1] mapped:
 * out_i = sign_i in_perm(i); the other slots copied. */
static inline void rt_axis_map(const double *in, double *out, int n_in, const int *vecs, int nvec, const int perm[3],
                               const double sign[3])
{
    memcpy(out, in, (size_t)n_in * sizeof *in);
    for (int v = 0; v < nvec; v++)
        for (int i = 0; i < 3; i++)
            out[vecs[v] + i] = sign[i] * in[vecs[v] + perm[i]];
}

/* ref (into b) on in under a random axis permutation and sign flips of the
 * 3-vectors at vecs: a query whose inputs are all points and directions
 * gives identical answers. */
static inline void rt_ref_axis_mapped(rt_ref_fn *f, const double *in, int n_in, const int *vecs, int nvec, double *b)
{
    double tr[RT_MAX_IN], sg[3];
    const int *perm = rt_random_axes(sg);
    rt_axis_map(in, tr, n_in, vecs, nvec, perm, sg);
    f(tr, b);
}

/* out = in seen at another scale: the 3-vectors at the slots vecs[] (points,
 * or lengths such as half extents) and the single slots lens[] (radii) by
 * 2^k, dir by 2^j, tmax by 2^(k - j); t scales by 2^(k - j). */
static inline void rt_scaled(const double *in, double *out, int n_in, const int *vecs, int nvec, const int *lens,
                             int nlen, int k, int j)
{
    memcpy(out, in, (size_t)n_in * sizeof *in);
    for (int v = 0; v < nvec; v++)
        for (int i = 0; i < 3; i++)
            out[vecs[v] + i] = ldexp(in[vecs[v] + i], k);
    for (int l = 0; l < nlen; l++)
        out[lens[l]] = ldexp(in[lens[l]], k);
    for (int i = 0; i < 3; i++)
        out[RT_DIR + i] = ldexp(in[RT_DIR + i], j);
    out[RT_TMAX] = ldexp(in[RT_TMAX], k - j);
}

/* For case n with ref's answer a on in, k random in [-10, 10]: positions
 * (vecs, lens as in rt_scaled) and tmax scaled by 2^k scale t by 2^k; dir
 * scaled by 2^k and tmax by 2^-k scale t by 2^-k. */
static inline void rt_check_scalings(rt_ref_fn *f, const double *in, const double *a, int n_in, const int *vecs,
                                     int nvec, const int *lens, int nlen, int n)
{
    double tr[RT_MAX_IN], b[2];
    int k = rt_int(-10, 10);
    rt_scaled(in, tr, n_in, vecs, nvec, lens, nlen, k, 0);
    f(tr, b);
    double as[2] = {a[0], ldexp(a[1], k)};
    RT_SAME(as, b, "case %d: positions scaled by 2^%d", n, k);
    rt_scaled(in, tr, n_in, NULL, 0, NULL, 0, 0, k);
    f(tr, b);
    double ad[2] = {a[0], ldexp(a[1], -k)};
    RT_SAME(ad, b, "case %d: dir scaled by 2^%d", n, k);
}

/* A random tmax: INFINITY, 1, 0 or 4 half the time, else a binary32 below
 * 2^6 in magnitude. */
static inline double rt_rand_tmax(void)
{
    static const double tm[] = {INFINITY, 1, 0, 4};
    return rt_rnd() % 2 ? tm[rt_rnd() % 4] : fabs(rt_f32(6));
}

/* ---- enclosure soundness --------------------------------------------------- */

/* For nbox boxes around inputs made by gen (binary32 values), each of a
 * random radius between 2^-40 and 2^-2 times the largest input magnitude
 * (some coordinates kept as points), ref at npt random points of the box
 * (a third of them corners) must lie within the box's enclosure. */
static inline void rt_encl_sound(const char *name, rt_ref_fn *f, rt_encl_fn *encl, int n_in, void (*gen)(double *in),
                          int nbox, int npt)
{
    int hits = 0, certain = 0;
    for (int b = 0; b < nbox; b++) {
        double c[RT_MAX_IN], lo[RT_MAX_IN], hi[RT_MAX_IN], p[RT_MAX_IN], out[2];
        iv box[RT_MAX_IN], enc[2];
        gen(c);
        double m = 0;
        for (int i = 0; i < n_in; i++)
            if (isfinite(c[i]) && fabs(c[i]) > m)
                m = fabs(c[i]);
        double r = ldexp(m > 0 ? m : 1, -rt_int(2, 40));
        for (int i = 0; i < n_in; i++) {
            double ri = (rt_rnd() % 4 == 0 || !isfinite(c[i])) ? 0 : r * rt_unit();
            lo[i] = isfinite(c[i]) ? nextafter(c[i] - ri, -INFINITY) : c[i];
            hi[i] = isfinite(c[i]) ? nextafter(c[i] + ri, INFINITY) : c[i];
            if (ri == 0)
                lo[i] = hi[i] = c[i];
            box[i] = iv_make(lo[i], hi[i]);
        }
        encl(box, enc);
        certain += enc[0].lo == enc[0].hi;
        for (int k = 0; k < npt; k++) {
            int corner = k % 3 == 0;
            for (int i = 0; i < n_in; i++)
                p[i] = corner ? (rt_rnd() & 1 ? lo[i] : hi[i]) : lo[i] + (hi[i] - lo[i]) * rt_unit();
            if (k == 1)
                memcpy(p, c, (size_t)n_in * sizeof *p);
            for (int i = 0; i < n_in; i++)
                if (!(p[i] >= lo[i] && p[i] <= hi[i]) && isfinite(c[i]))
                    p[i] = c[i];
            if (f(p, out) != REF_OK)
                continue;
            hits += out[0] != 0;
            bool ok = iv_contains(enc[0], out[0]) && (out[0] == 0 || iv_contains(enc[1], out[1]));
            if (!ok) {
                char buf[2048];
                size_t n = 0;
                for (int i = 0; i < n_in && n < sizeof buf; i++)
                    n += (size_t)snprintf(buf + n, sizeof buf - n, " [%a, %a]", lo[i], hi[i]);
                cr_assert_fail("ISECT_SEED=%llu %s: box %d point %d: ref hit %g t %a outside the enclosure "
                               "hit [%g, %g] t [%a, %a]; box:%s",
                               (unsigned long long)rt_seed, name, b, k, out[0], out[1], enc[0].lo, enc[0].hi,
                               enc[1].lo, enc[1].hi, buf);
            }
        }
    }
    /* The generator must reach hits, and the enclosure must decide boxes. */
    cr_assert(hits > nbox * npt / 20, "%s: only %d hits", name, hits);
    cr_assert(certain > nbox / 10, "%s: the enclosure decided only %d of %d boxes", name, certain, nbox);
}

/* ---- filter on and off ----------------------------------------------------- */

static inline void rt_filter_agrees(const char *name, rt_ref_fn *f, int n_in, void (*gen)(double *in), int n)
{
    int filtered0 = (int)ref_stats.filtered;
    for (int k = 0; k < n; k++) {
        double in[RT_MAX_IN], a[2], b[2];
        gen(in);
        ref_set_filter(1);
        int sa = f(in, a);
        ref_set_filter(0);
        int sb = f(in, b);
        ref_set_filter(1);
        cr_assert(sa == sb && memcmp(a, b, sizeof a) == 0,
                  "ISECT_SEED=%llu %s: case %d: filter on gives %d %g %a, off gives %d %g %a",
                  (unsigned long long)rt_seed, name, k, sa, a[0], a[1], sb, b[0], b[1]);
        (void)n_in;
    }
    cr_assert((int)ref_stats.filtered > filtered0, "%s: the filter settled no case", name);
}

/* ---- the judge ------------------------------------------------------------- */

/* Judges the answer (hit, t) for in with the declared accuracy of target. */
static inline isect_judgement rt_judge(const char *query, const char *target, const double *in, double hit, double t)
{
    const isect_query *q = isect_query_find(query);
    cr_assert_not_null(q, "no query %s", query);
    const isect_target *tg = isect_target_find(target);
    cr_assert_not_null(tg, "no target %s", target);
    const isect_target_entry *e = isect_target_entry_for(tg, query);
    cr_assert_not_null(e, "%s does not support %s", target, query);
    double ref_out[2], tgt[2] = {hit, t};
    int st = q->ref(in, ref_out);
    return isect_judge(q, in, st, ref_out, tgt, e->ulps, e->tolerance);
}

/* Runs the target's own function through the catalog adapter. */
static inline void rt_run(const char *query, const char *target, const double *in, double *out)
{
    const isect_query *q = isect_query_find(query);
    const isect_target *tg = isect_target_find(target);
    cr_assert(q && tg);
    const isect_target_entry *e = isect_target_entry_for(tg, query);
    cr_assert_not_null(e);
    q->run(e->fn, in, out);
}

/* fast on every hand case, judged: it agrees with ref or is tolerated. */
static inline void rt_fast_on_cases(const char *query, const rt_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        double out[2];
        rt_run(query, "fast", cases[i].in, out);
        isect_judgement j = rt_judge(query, "fast", cases[i].in, out[0], out[1]);
        cr_assert(j.verdict == VERDICT_AGREE || j.verdict == VERDICT_TOLERATED, "%s: fast %g %a: %s (severity %g)",
                  cases[i].what, out[0], out[1], isect_verdict_name(j.verdict), j.severity);
    }
}

#endif
