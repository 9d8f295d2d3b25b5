/* tests/test_aabb_sweep_aabb.c: aabb_sweep_aabb's ref, enclosure, filter
 * and judge (fast's exact hit: tests/test_aabb_sweep_aabb_exact.c).
 *
 * Flat layout: in = min0[3] max0[3] velocity0[3] min1[3] max1[3]
 * velocity1[3] (18); out = hit t.  Expected values are derived by hand
 * (per axis d = v0 - v1, L = min1 - max0, H = max1 - min0; the boxes
 * overlap at t iff L <= t d <= H on every axis; beside each case), or come
 * from an independent formulation (candidate contact times, each checked
 * by evaluating both boxes at that time in integers), never from the code
 * under test.
 */
#include "testlib.h"

static const char *Q = "aabb_sweep_aabb";
enum { MIN0 = 0, MAX0 = 3, V0 = 6, MIN1 = 9, MAX1 = 12, V1 = 15, N = 18 };

static void mk(double *in, const double *min0, const double *max0, const double *v0, const double *min1,
               const double *max1, const double *v1)
{
    for (int i = 0; i < 3; i++) {
        in[MIN0 + i] = min0[i];
        in[MAX0 + i] = max0[i];
        in[V0 + i] = v0[i];
        in[MIN1 + i] = min1[i];
        in[MAX1 + i] = max1[i];
        in[V1 + i] = v1[i];
    }
}

#define V(x, y, z) ((const double[]){x, y, z})
#define UNIT V(0, 0, 0), V(1, 1, 1)

static void hit(const double *in, double t, const char *what) { tl_expect_hit(tl_query(Q), in, (double[]){t}, 1, what); }

static void hand_cases(void)
{
    const isect_query *q = tl_query(Q);
    double in[N];
    /* x: L = 2, H = 4, d = 4: [1/2, 1]; y, z: d = 0, L = -1 <= 0 <= 1. */
    mk(in, UNIT, V(4, 0, 0), V(3, 0, 0), V(4, 1, 1), V(0, 0, 0));
    hit(in, 0.5, "head-on, face");
    /* x: d = 8, L = 6, H = 8: t = 3/4 with both boxes moving. */
    mk(in, V(-4, 0, 0), V(-3, 1, 1), V(4, 0, 0), V(3, 0, 0), V(4, 1, 1), V(-4, 0, 0));
    hit(in, 0.75, "both moving");
    /* d = -4, L = -6, H = -3: the slab is [H/d, L/d] = [3/4, 3/2]. */
    mk(in, V(5, 0, 0), V(6, 1, 1), V(-4, 0, 0), V(0, 0, 0), V(2, 1, 1), V(0, 0, 0));
    hit(in, 0.75, "moving towards -x");
    /* L = 2, d = 2: [1, 2]: t = 1; min1.x one ulp up: 1 + 2^-23 > 1. */
    mk(in, UNIT, V(2, 0, 0), V(3, 0, 0), V(4, 1, 1), V(0, 0, 0));
    hit(in, 1, "touching at t = 1");
    in[MIN1] = nextafterf(3, 4);
    tl_expect_miss(q, in, "one ulp short of t = 1");
    /* L = 2, d = 1: entered at t = 2. */
    mk(in, UNIT, V(1, 0, 0), V(3, 0, 0), V(4, 1, 1), V(0, 0, 0));
    tl_expect_miss(q, in, "entered after t = 1");
    /* d = 1, H = 1 - 3 = -2: the upper end -2 < 0. */
    mk(in, V(3, 0, 0), V(4, 1, 1), V(1, 0, 0), UNIT, V(0, 0, 0));
    tl_expect_miss(q, in, "already passed");
    /* L = 0, H = 2, d = -2: [-1, 0]: touching at t = 0, separating. */
    mk(in, UNIT, V(-1, 0, 0), V(1, 0, 0), V(2, 1, 1), V(1, 0, 0));
    hit(in, 0, "touching at t = 0");
    /* Every L = -1 < 0 < H = 3: overlapping at the start. */
    mk(in, V(0, 0, 0), V(2, 2, 2), V(3, -1, 5), V(1, 1, 1), V(3, 3, 3), V(-7, 2, 0.5));
    hit(in, 0, "overlapping at t = 0");
    /* Every axis L = 1, H = 3, d = 2: [1/2, 3/2]: corner contact. */
    mk(in, UNIT, V(2, 2, 2), V(2, 2, 2), V(3, 3, 3), V(0, 0, 0));
    hit(in, 0.5, "corner to corner");
    /* x: [1/4, 3/4], y: L = 3, H = 5, d = 4: [3/4, 5/4]: t = 3/4 only. */
    mk(in, UNIT, V(4, 4, 0), V(2, 4, 0), V(3, 5, 1), V(0, 0, 0));
    hit(in, 0.75, "edge contact at one instant");
    in[MIN1 + 1] = 4.5; /* y enters at 7/8 > 3/4 */
    in[MAX1 + 1] = 5.5;
    tl_expect_miss(q, in, "corner passes by");
    /* Parallel in y (d_y = 0, L = -0.5 <= 0 <= 1.5); x: L = 1, d = 3. */
    mk(in, UNIT, V(3, 7, 0), V(2, 0.5, 0), V(3, 1.5, 1), V(0, 7, 0));
    hit(in, 1.0 / 3.0, "parallel in y, t = 1/3");
    in[MIN1 + 2] = 2; /* z: d = 0, L = 1 > 0 */
    in[MAX1 + 2] = 3;
    tl_expect_miss(q, in, "parallel in y, apart in z");
    /* x: L = 2, H = 4, d = 7: t = 2/7 (rounded once by the division). */
    mk(in, UNIT, V(7, 0, 0), V(3, 0, 0), V(4, 1, 1), V(0, 0, 0));
    hit(in, 2.0 / 7.0, "t = 2/7");
    /* Static: faces touching (t = 0); one ulp apart (miss). */
    mk(in, UNIT, V(0, 0, 0), V(1, 0, 0), V(2, 1, 1), V(0, 0, 0));
    hit(in, 0, "static, touching");
    in[MIN1] = nextafterf(1, 2);
    tl_expect_miss(q, in, "static, one ulp apart");
    /* Equal velocities: apart (miss), touching along an edge (t = 0). */
    mk(in, UNIT, V(5, 5, 5), V(3, 0, 0), V(4, 1, 1), V(5, 5, 5));
    tl_expect_miss(q, in, "zero relative velocity, apart");
    mk(in, UNIT, V(5, 5, 5), V(1, 1, 0), V(4, 4, 1), V(5, 5, 5));
    hit(in, 0, "zero relative velocity, edge touching");
    /* Flat boxes: x: L = H = 1, d = 2: they meet at t = 1/2 only. */
    mk(in, V(0, 0, 0), V(0, 1, 1), V(2, 0, 0), V(1, 0, 0), V(1, 1, 1), V(0, 0, 0));
    hit(in, 0.5, "flat boxes");
    /* Points: [1/2, 1/2] per axis; z moved to 1/4: miss. */
    mk(in, V(0, 0, 0), V(0, 0, 0), V(1, 1, 1), V(0.5, 0.5, 0.5), V(0.5, 0.5, 0.5), V(0, 0, 0));
    hit(in, 0.5, "points meet");
    in[MIN1 + 2] = in[MAX1 + 2] = 0.25;
    tl_expect_miss(q, in, "points miss");
    /* Huge and tiny scales: the 2/7 case times 2^100 and 2^-100. */
    for (int s = -100; s <= 100; s += 200) {
        mk(in, UNIT, V(7, 0, 0), V(3, 0, 0), V(4, 1, 1), V(0, 0, 0));
        for (int i = 0; i < N; i++)
            in[i] = ldexp(in[i], s);
        hit(in, 2.0 / 7.0, "scaled 2/7");
    }
}

Test(aabb_sweep_aabb, hand_cases) { hand_cases(); }

Test(aabb_sweep_aabb, hand_cases_without_filter)
{
    ref_set_filter(0);
    hand_cases();
    ref_set_filter(1);
}

Test(aabb_sweep_aabb, features)
{
    double in[N];
    mk(in, UNIT, V(4, 0, 0), V(3, 0, 0), V(4, 1, 1), V(0, 0, 0));
    cr_assert_str_eq(ref_aabb_sweep_aabb_feature(in), "face");
    mk(in, UNIT, V(4, 4, 0), V(2, 4, 0), V(3, 5, 1), V(0, 0, 0));
    cr_assert_str_eq(ref_aabb_sweep_aabb_feature(in), "edge");
    mk(in, UNIT, V(2, 2, 2), V(2, 2, 2), V(3, 3, 3), V(0, 0, 0));
    cr_assert_str_eq(ref_aabb_sweep_aabb_feature(in), "vertex");
    mk(in, UNIT, V(0, 0, 0), V(1, 0, 0), V(2, 1, 1), V(0, 0, 0));
    cr_assert_str_eq(ref_aabb_sweep_aabb_feature(in), "start");
    mk(in, UNIT, V(1, 0, 0), V(3, 0, 0), V(4, 1, 1), V(0, 0, 0));
    cr_assert_str_eq(ref_aabb_sweep_aabb_feature(in), "miss");
    in[MAX0] = -1;
    cr_assert_str_eq(ref_aabb_sweep_aabb_feature(in), "invalid");
}

Test(aabb_sweep_aabb, invalid_inputs)
{
    const isect_query *q = tl_query(Q);
    static const double bad[] = {NAN, INFINITY, -INFINITY};
    double in[N];
    for (int s = 0; s < N; s++)
        for (int b = 0; b < 3; b++) {
            mk(in, UNIT, V(4, 0, 0), V(3, 0, 0), V(4, 1, 1), V(0, 0, 0));
            in[s] = bad[b];
            tl_expect_invalid(q, in, "non-finite slot");
        }
    for (int i = 0; i < 3; i++) {
        mk(in, UNIT, V(4, 0, 0), V(3, 0, 0), V(4, 1, 1), V(0, 0, 0));
        in[MIN0 + i] = 2;
        tl_expect_invalid(q, in, "min0 > max0");
        mk(in, UNIT, V(4, 0, 0), V(3, 0, 0), V(4, 1, 1), V(0, 0, 0));
        in[MAX1 + i] = nextafterf((float)in[MIN1 + i], -INFINITY);
        tl_expect_invalid(q, in, "max1 one ulp below min1");
    }
}

/* ---- an independent formulation on small integers -------------------------- */

/* Small-integer boxes (|min| <= 4, width <= 6; a quarter of them flat on
 * an axis) and velocities (|v| <= 12, a quarter of them 0). */
static void gen_int(double *in)
{
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < 3; i++) {
            int a = tl_int(-4, 4), w = tl_int(0, 3) == 0 ? 0 : tl_int(0, 6);
            in[9 * b + i] = a;
            in[9 * b + 3 + i] = a + w;
            in[9 * b + 6 + i] = tl_int(0, 3) == 0 ? 0 : tl_int(-12, 12);
        }
}

/* Do the boxes of in (integers) overlap at t = n/m (m > 0)?  Each bound at
 * time t, times m, is an integer. */
static bool overlap_at(const double *in, long n, long m)
{
    for (int i = 0; i < 3; i++) {
        long lo0 = (long)in[MIN0 + i] * m + (long)in[V0 + i] * n, hi0 = (long)in[MAX0 + i] * m + (long)in[V0 + i] * n;
        long lo1 = (long)in[MIN1 + i] * m + (long)in[V1 + i] * n, hi1 = (long)in[MAX1 + i] * m + (long)in[V1 + i] * n;
        if (lo0 > hi1 || lo1 > hi0)
            return false;
    }
    return true;
}

/* The first contact is t = 0 or a time when two facing faces meet:
 * (b - a)/(v_a - v_b) for a bound a of box 0 and b of box 1 on one axis.
 * The earliest such candidate in [0, 1] where the boxes overlap. */
static bool independent(const double *in, long *tn, long *tm)
{
    *tn = 0;
    *tm = 1;
    if (overlap_at(in, 0, 1))
        return true;
    bool found = false;
    for (int i = 0; i < 3; i++)
        for (int fa = 0; fa < 2; fa++)
            for (int fb = 0; fb < 2; fb++) {
                long a = (long)in[(fa ? MAX0 : MIN0) + i], b = (long)in[(fb ? MAX1 : MIN1) + i];
                long n = b - a, m = (long)in[V0 + i] - (long)in[V1 + i];
                if (m == 0)
                    continue;
                if (m < 0) {
                    n = -n;
                    m = -m;
                }
                if (n < 0 || n > m || !overlap_at(in, n, m))
                    continue;
                if (!found || n * *tm < *tn * m) {
                    *tn = n;
                    *tm = m;
                }
                found = true;
            }
    return found;
}

Test(aabb_sweep_aabb, independent_formulation)
{
    tl_init_seed(0xab5eULL);
    const isect_query *q = tl_query(Q);
    int hits = 0, inner = 0;
    for (int c = 0; c < 20000; c++) {
        double in[N], out[ISECT_MAX_OUT];
        gen_int(in);
        long n, m;
        bool want = independent(in, &n, &m);
        cr_assert_eq(tl_ref(q, in, out), REF_OK);
        cr_assert_eq(out[0] != 0, want, "ISECT_SEED=%llu case %d: hit %g, expected %d", (unsigned long long)tl_seed,
                     c, out[0], want);
        if (want)
            cr_assert(tl_same(out[1], (double)n / (double)m), "case %d: t = %a, expected %ld/%ld", c, out[1], n, m);
        hits += want;
        inner += want && n > 0 && n < m;
    }
    cr_log_info("%d hits, %d strictly inside (0, 1)", hits, inner);
    cr_assert(hits > 2000 && inner > 500, "only %d hits, %d strictly inside (0, 1)", hits, inner);
}

/* ---- metamorphic properties, exact for ref ---------------------------------- */

/* Random binary32 inputs of moderate magnitude (|x| < 2^20), ordered. */
static void gen_float(double *in)
{
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < 3; i++) {
            double a = tl_f32(20), w = tl_rnd() % 4 ? fabs(tl_f32(20)) : 0;
            in[9 * b + i] = a;
            in[9 * b + 3 + i] = (float)(a + w) < a ? a : (float)(a + w);
            in[9 * b + 6 + i] = tl_rnd() % 5 ? tl_f32(21) : 0;
        }
}

static void same_answer(const double *a, const double *b, bool check_t, const char *what, int c)
{
    const isect_query *q = tl_query(Q);
    double oa[ISECT_MAX_OUT], ob[ISECT_MAX_OUT];
    cr_assert_eq(tl_ref(q, a, oa), tl_ref(q, b, ob), "%s, case %d: status", what, c);
    cr_assert_eq(oa[0], ob[0], "ISECT_SEED=%llu %s, case %d: hit %g vs %g", (unsigned long long)tl_seed, what, c,
                 oa[0], ob[0]);
    if (check_t)
        cr_assert(tl_same(oa[1], ob[1]), "ISECT_SEED=%llu %s, case %d: t %a vs %a", (unsigned long long)tl_seed, what,
                  c, oa[1], ob[1]);
}

/* Swapping the boxes; mirroring an axis (min' = -max, max' = -min, v' = -v
 * for both); permuting the axes; scaling every value by 2^k: the same hit
 * and the same t (the exact rational is unchanged; all edits exact). */
static void exact_symmetries(const double *in, int c)
{
    double s[N];
    for (int i = 0; i < 9; i++) {
        s[i] = in[9 + i];
        s[9 + i] = in[i];
    }
    same_answer(in, s, true, "swap the boxes", c);
    int ax = tl_int(0, 2);
    memcpy(s, in, sizeof s);
    for (int b = 0; b < N; b += 9) {
        s[b + ax] = -in[b + 3 + ax];
        s[b + 3 + ax] = -in[b + ax];
        s[b + 6 + ax] = -in[b + 6 + ax];
    }
    same_answer(in, s, true, "mirror an axis", c);
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    const int *p = perm[tl_int(0, 5)];
    for (int f = 0; f < N; f += 3)
        for (int i = 0; i < 3; i++)
            s[f + i] = in[f + p[i]];
    same_answer(in, s, true, "permute the axes", c);
    int k = tl_int(-60, 60);
    for (int i = 0; i < N; i++)
        s[i] = ldexp(in[i], k);
    same_answer(in, s, true, "scale by 2^k", c);
}

Test(aabb_sweep_aabb, exact_symmetries)
{
    tl_init_seed(0xab5fULL);
    for (int c = 0; c < 4000; c++) {
        double in[N];
        if (c % 2)
            gen_float(in);
        else
            gen_int(in);
        exact_symmetries(in, c);
    }
}

/* On small integers (every sum exact): translating both boxes, adding one
 * velocity to both (Galilean) keep hit and t; reversing time (the boxes at
 * t = 1, velocities negated) keeps the hit; zero velocities give
 * aabb_aabb's answer at t = 0. */
Test(aabb_sweep_aabb, frame_changes)
{
    tl_init_seed(0xab60ULL);
    const isect_query *q = tl_query(Q), *aa = tl_query("aabb_aabb");
    for (int c = 0; c < 4000; c++) {
        double in[N], s[N], out[ISECT_MAX_OUT], o2[ISECT_MAX_OUT];
        gen_int(in);
        int off = tl_int(-8, 8), w = tl_int(-16, 16), ax = tl_int(0, 2);
        memcpy(s, in, sizeof s);
        for (int b = 0; b < N; b += 9) {
            s[b + ax] += off;
            s[b + 3 + ax] += off;
            s[b + 6 + ax] += w;
        }
        same_answer(in, s, true, "translate and add a velocity", c);
        for (int b = 0; b < N; b += 9)
            for (int i = 0; i < 3; i++) {
                s[b + i] = in[b + i] + in[b + 6 + i];
                s[b + 3 + i] = in[b + 3 + i] + in[b + 6 + i];
                s[b + 6 + i] = -in[b + 6 + i];
            }
        same_answer(in, s, false, "reverse time", c);
        memcpy(s, in, sizeof s);
        double box[12];
        for (int i = 0; i < 3; i++) {
            s[V0 + i] = s[V1 + i] = 0;
            box[i] = in[MIN0 + i];
            box[3 + i] = in[MAX0 + i];
            box[6 + i] = in[MIN1 + i];
            box[9 + i] = in[MAX1 + i];
        }
        cr_assert_eq(tl_ref(q, s, out), REF_OK);
        cr_assert_eq(tl_ref(aa, box, o2), REF_OK);
        cr_assert_eq(out[0], o2[0], "case %d: static sweep %g, aabb_aabb %g", c, out[0], o2[0]);
        cr_assert(out[1] == 0, "case %d: static sweep t = %g", c, out[1]);
    }
}

/* ---- enclosure, filter, judge ----------------------------------------------- */

/* Boxes aimed at each other: both aimed near one point; or random. */
static void gen(double *in)
{
    if (tl_rnd() % 4 == 0) {
        gen_int(in);
        return;
    }
    double p[3];
    for (int i = 0; i < 3; i++)
        p[i] = 2 * tl_unit() - 1;
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < 3; i++) {
            double c = 4 * tl_unit() - 2, h = 0.5 * tl_unit();
            in[9 * b + i] = (float)(c - h);
            in[9 * b + 3 + i] = (float)(c + h);
            in[9 * b + 6 + i] = (float)((p[i] - c) * (0.5 + 1.5 * tl_unit()));
        }
}

static void box_around(const isect_query *q, const double *c, iv *box)
{
    double r = ldexp(2, -tl_int(2, 30));
    for (int i = 0; i < isect_query_nin(q); i++)
        box[i] = isect_iv_around(c[i], r);
}

static void point_in(const isect_query *q, const iv *box, const double *c, int k, int npt, double *p)
{
    (void)npt;
    for (int i = 0; i < isect_query_nin(q); i++)
        p[i] = k == 0 ? c[i] : box[i].lo + (box[i].hi - box[i].lo) * tl_unit();
}

Test(aabb_sweep_aabb, enclosure)
{
    static const tl_encl_policy pol = {box_around, point_in, true, 0.3, 0.05, 0.05, 0, 0.05};
    tl_init_seed(0xab61ULL);
    tl_check_encl(isect_query_find(Q), gen, 1500, 6, &pol);
}

Test(aabb_sweep_aabb, filter)
{
    tl_init_seed(0xab62ULL);
    tl_check_filter(isect_query_find(Q), gen, 3000, 0.2);
}

static isect_judgement judge(const double *in, double h, double t)
{
    const isect_query *q = tl_query(Q);
    const isect_target_entry *e = tl_entry(q, "fast");
    double ref_out[ISECT_MAX_OUT], tgt[ISECT_MAX_OUT] = {h, t};
    int st = q->ref(in, ref_out);
    return isect_judge_entry(q, e, in, st, ref_out, tgt);
}

Test(aabb_sweep_aabb, judge)
{
    double in[N];
    mk(in, UNIT, V(4, 0, 0), V(3, 0, 0), V(4, 1, 1), V(0, 0, 0)); /* t = 1/2 */
    cr_assert_eq(judge(in, 1, 0.5).verdict, VERDICT_AGREE);
    isect_judgement j = judge(in, 1, nextafterf(0.5f, 1));
    cr_assert_eq(j.verdict, VERDICT_AGREE, "one ulp: %s", isect_verdict_name(j.verdict));
    j = judge(in, 1, 1); /* the exit */
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "exit: %s", isect_verdict_name(j.verdict));
    cr_assert(j.severity > 1e5, "exit: severity %g", j.severity);
    j = judge(in, 0, 0); /* a square head-on hit missed: gross */
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY);
    cr_assert(j.severity > 1e5, "missed: severity %g", j.severity);
    j = judge(in, 1, NAN);
    cr_assert_eq(j.verdict, VERDICT_INVALID, "NaN t: %s", isect_verdict_name(j.verdict));
    /* Touching at t = 1 answered as a miss: severity near 0, but fast
     * declares exact booleans, so it is a discrepancy. */
    mk(in, UNIT, V(2, 0, 0), V(3, 0, 0), V(4, 1, 1), V(0, 0, 0));
    j = judge(in, 0, 0);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "graze missed: %s", isect_verdict_name(j.verdict));
    cr_assert(j.severity < 16, "graze missed: severity %g", j.severity);
    /* Under isect_judge alone (no exact-boolean claim) it is tolerated. */
    double ref_out[ISECT_MAX_OUT], tgt[ISECT_MAX_OUT] = {0, 0};
    const isect_query *q = tl_query(Q);
    int st = q->ref(in, ref_out);
    cr_assert_eq(isect_judge(q, in, st, ref_out, tgt, 2, 4).verdict, VERDICT_TOLERATED);
}
