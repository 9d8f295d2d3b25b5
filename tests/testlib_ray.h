/* tests/testlib_ray.h: what the ray-against-solid tests
 * (tests/test_ray_{plane,sphere,aabb,obb,capsule,cylinder}.c) add to
 * tests/testlib.h.
 *
 * Every one of these queries has outputs (hit, t) and inputs
 * origin[3] dir[3] tmax ... in catalog order.  The helpers:
 *   - rt_case / rt_hand_cases: ref on a table of hand-derived answers
 *     (bit-exact t); rt_invalid_slots: non-finite values in every slot;
 *   - metamorphic transforms: rt_axis_map / rt_ref_axis_mapped (axis
 *     permutation and sign flips), rt_scaled / rt_check_scalings (the scene
 *     at another scale), RT_SAME (bit-identical answers);
 *   - rt_check_encl: tl_check_encl with the rays' boxes (random radii
 *     relative to the largest input, some coordinates kept as points);
 *   - rt_judge: the catalog's judge on a crafted answer (hit, t);
 *     rt_fast_on_cases: fast on a table of hand cases, judged.
 */
#ifndef ISECT_TESTS_TESTLIB_RAY_H
#define ISECT_TESTS_TESTLIB_RAY_H

#include "testlib.h"

enum { RT_MAX_IN = 32, RT_DIR = 3, RT_TMAX = 6 };

typedef int rt_ref_fn(const double *in, double *out);

/* ---- ref on hand-derived cases ------------------------------------------- */

/* Every slot NaN, +inf and -inf in turn (tmax: NaN, -inf and -1 only) must
 * be invalid. */
static inline void rt_invalid_slots(const isect_query *q, const double *base, int n_in)
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
            tl_expect_invalid(q, in, what);
        }
    }
    memcpy(in, base, (size_t)n_in * sizeof *in);
    in[RT_TMAX] = -1;
    tl_expect_invalid(q, in, "tmax = -1");
    in[RT_TMAX] = -0x1p-149;
    tl_expect_invalid(q, in, "tmax = -2^-149");
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
static inline void rt_hand_cases(const isect_query *q, const rt_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (cases[i].hit)
            tl_expect_hit(q, cases[i].in, &cases[i].t, 1, cases[i].what);
        else
            tl_expect_miss(q, cases[i].in, cases[i].what);
    }
}

/* The same with ref's filter off: the exact path alone gives every answer. */
static inline void rt_hand_cases_without_filter(const isect_query *q, const rt_case *cases, size_t n)
{
    ref_set_filter(0);
    rt_hand_cases(q, cases, n);
    ref_set_filter(1);
}

/* ---- metamorphic transforms ------------------------------------------------ */

/* a and b (hit, t) bit-identical (either zero for zero); the message is
 * prefixed with the seed. */
#define RT_SAME(a, b, fmt, ...)                                                                                        \
    cr_assert(tl_same((a)[0], (b)[0]) && tl_same((a)[1], (b)[1]), "ISECT_SEED=%llu " fmt,                             \
              (unsigned long long)tl_seed, __VA_ARGS__)

/* The six permutations of the axes. */
static const int rt_perms[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {1, 0, 2}, {0, 2, 1}, {2, 1, 0}};

/* A random sign flip of each axis into sign, then a random permutation. */
static inline const int *rt_random_axes(double sign[3])
{
    for (int i = 0; i < 3; i++)
        sign[i] = tl_rnd() & 1 ? -1 : 1;
    return rt_perms[tl_int(0, 5)];
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
    int k = tl_int(-10, 10);
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
    return tl_rnd() % 2 ? tm[tl_rnd() % 4] : fabs(tl_f32(6));
}

/* ---- enclosure soundness --------------------------------------------------- */

/* A box of a random radius between 2^-40 and 2^-2 times the largest input
 * magnitude around c, a quarter of the coordinates (and the non-finite ones)
 * kept as points. */
static inline void rt_encl_box(const isect_query *q, const double *c, iv *box)
{
    int n_in = isect_query_nin(q);
    double m = 0;
    for (int i = 0; i < n_in; i++)
        if (isfinite(c[i]) && fabs(c[i]) > m)
            m = fabs(c[i]);
    double r = ldexp(m > 0 ? m : 1, -tl_int(2, 40));
    for (int i = 0; i < n_in; i++) {
        double ri = (tl_rnd() % 4 == 0 || !isfinite(c[i])) ? 0 : r * tl_unit();
        double lo = isfinite(c[i]) ? nextafter(c[i] - ri, -INFINITY) : c[i];
        double hi = isfinite(c[i]) ? nextafter(c[i] + ri, INFINITY) : c[i];
        if (ri == 0)
            lo = hi = c[i];
        box[i] = iv_make(lo, hi);
    }
}

/* Point k: a corner for k = 0, 3, 6, ..., the centre for k = 1, else
 * uniform in the box. */
static inline void rt_encl_point(const isect_query *q, const iv *box, const double *c, int k, int npt, double *p)
{
    int n_in = isect_query_nin(q), corner = k % 3 == 0;
    (void)npt;
    for (int i = 0; i < n_in; i++)
        p[i] = corner ? (tl_rnd() & 1 ? box[i].lo : box[i].hi) : box[i].lo + (box[i].hi - box[i].lo) * tl_unit();
    if (k == 1)
        memcpy(p, c, (size_t)n_in * sizeof *p);
    for (int i = 0; i < n_in; i++)
        if (!(p[i] >= box[i].lo && p[i] <= box[i].hi) && isfinite(c[i]))
            p[i] = c[i];
}

/* ref at npt points of nbox boxes around inputs made by gen lies within the
 * box's enclosure; the enclosure decides more than a tenth of the boxes and
 * ref hits at more than a twentieth of the points. */
static inline void rt_check_encl(const isect_query *q, void (*gen)(double *in), int nbox, int npt)
{
    static const tl_encl_policy pol = {
        .box = rt_encl_box, .point = rt_encl_point, .decided = 0.1, .hit_points = 0.05};
    tl_check_encl(q, gen, nbox, npt, &pol);
}

/* ---- the judge ------------------------------------------------------------- */

/* Judges the answer (hit, t) for in with the declared accuracy of target. */
static inline isect_judgement rt_judge(const char *query, const char *target, const double *in, double hit, double t)
{
    const double tgt[2] = {hit, t};
    return tl_judge(tl_query(query), target, in, tgt);
}

/* fast on every hand case, judged as `isect check` judges it (exact booleans
 * where its entry claims them): it agrees with ref or is tolerated. */
static inline void rt_fast_on_cases(const char *query, const rt_case *cases, size_t n)
{
    const isect_query *q = tl_query(query);
    for (size_t i = 0; i < n; i++) {
        double out[ISECT_MAX_OUT];
        tl_run(q, "fast", cases[i].in, out);
        isect_judgement j = tl_judge_entry(q, "fast", cases[i].in, out); /* every claim of the entry */
        cr_assert(j.verdict == VERDICT_AGREE || j.verdict == VERDICT_TOLERATED, "%s: fast %g %a: %s (severity %g)",
                  cases[i].what, out[0], out[1], isect_verdict_name(j.verdict), j.severity);
    }
}

#endif
