/* tests/test_ray_aabb.c: ray_aabb, ref on hand-derived cases, metamorphic
 * properties exact for ref, the enclosure, the filter, the judge and fast.
 *
 * Flat layout: in = origin[3] dir[3] tmax min[3] max[3]; out = hit t.
 * The base box B = [1,3]^3.  A ray along +x from (0, y, z) with y, z in
 * [1,3] enters B at x = 1, t = 1.  Expected values are derived by hand in
 * the comments.
 */
#include "testlib_ray.h"

enum { N_IN = 13, IN_O = 0, IN_D = 3, IN_MIN = 7, IN_MAX = 10 };

#define IN(...) {__VA_ARGS__} /* origin[3] dir[3] tmax min[3] max[3] */
#define B 1, 1, 1, 3, 3, 3

static const rt_case cases[] = {
    {IN(0, 2, 2, 1, 0, 0, INFINITY, B), 1, 1, "face x = 1"},
    {IN(4, 2, 2, -1, 0, 0, INFINITY, B), 1, 1, "face x = 3 from +x"},
    {IN(2, 2, 5, 0, 0, -4, INFINITY, B), 1, 0.5, "face z = 3 from above, |dir| 4: t = 2/4"},
    /* From 0 along (2,1,1) into [1,3]x[0,4]x[0,4]: x = 1 at t = 1/2. */
    {IN(0, 0, 0, 2, 1, 1, 1, 1, 0, 0, 3, 4, 4), 1, 0.5, "oblique"},
    /* From 0 along (3,3,3): the slabs all start at t = 1/3. */
    {IN(0, 0, 0, 3, 3, 3, INFINITY, B), 1, 1.0 / 3.0, "corner, t = 1/3"},
    /* The entry is the last of the slab entries: from (0,0,0) along (1,2,4)
     * into [1,3]x[1,3]x[1,3]: x at 1, y at 1/2, z at 1/4; exits: x 3, y 3/2,
     * z 3/4 < 1: miss. */
    {IN(0, 0, 0, 1, 2, 4, INFINITY, B), 0, 0, "slabs disjoint"},
    /* Same with the box [1,3]x[1,3]x[1,5]: z exit 5/4 >= 1: hit at t = 1
     * (x, the last entry), point (1, 2, 4). */
    {IN(0, 0, 0, 1, 2, 4, INFINITY, 1, 1, 1, 3, 3, 5), 1, 1, "slabs overlap at one entry"},
    /* Touching an edge: from (0,0,2) along (1,1,0): at t = 1 the point (1,1,2)
     * is on the edge x = y = 1: hit, t = 1. */
    {IN(0, 0, 2, 1, 1, 0, INFINITY, B), 1, 1, "edge touch"},
    /* Touching the corner (3,3,3) from outside: from (4,2,2) along (-1,1,1):
     * at t = 1 the point (3,3,3), then y > 3: the only common point. */
    {IN(4, 2, 2, -1, 1, 1, INFINITY, B), 1, 1, "corner touch"},
    /* One ulp beside that corner: origin x = 4 + 2^-21: at t = 1 + 2^-21 it
     * reaches x = 3, where y = 3 + 2^-21 > 3: miss. */
    {IN(0x1.000008p+2, 2, 2, -1, 1, 1, INFINITY, B), 0, 0, "one ulp beside a corner"},
    /* A ray in the face plane y = 1 (dir_y = 0, o_y = min_y) crossing the
     * face: t = 1. */
    {IN(0, 1, 2, 1, 0, 0, INFINITY, B), 1, 1, "in a face plane"},
    /* In the face plane y = 3 from inside the face: t = 0. */
    {IN(2, 3, 2, 1, 0, 0, INFINITY, B), 1, 0, "in a face plane, origin on the face"},
    /* Parallel to the face y = 1, 2^-24 outside: miss. */
    {IN(0, 0x1.fffffep-1, 2, 1, 0, 0, INFINITY, B), 0, 0, "parallel one ulp outside"},
    /* Along an edge line y = 1, z = 3: t = 1. */
    {IN(0, 1, 3, 1, 0, 0, INFINITY, B), 1, 1, "along an edge"},
    /* Zero dir inside / on the boundary / outside. */
    {IN(2, 2, 2, 0, 0, 0, INFINITY, B), 1, 0, "zero dir inside"},
    {IN(3, 1, 2, 0, 0, 0, INFINITY, B), 1, 0, "zero dir on an edge"},
    {IN(0, 2, 2, 0, 0, 0, INFINITY, B), 0, 0, "zero dir outside"},
    /* Behind. */
    {IN(5, 2, 2, 1, 0, 0, INFINITY, B), 0, 0, "behind"},
    /* Origin inside moving anywhere: t = 0; with tmax = 0 too. */
    {IN(2, 2, 2, -1, 3, 0.5, INFINITY, B), 1, 0, "inside"},
    {IN(2, 2, 2, -1, 3, 0.5, 0, B), 1, 0, "inside, tmax 0"},
    {IN(3, 3, 3, 1, 1, 1, INFINITY, B), 1, 0, "origin on a corner leaving"},
    /* tmax. */
    {IN(0, 2, 2, 1, 0, 0, 1, B), 1, 1, "t = tmax"},
    {IN(0, 2, 2, 1, 0, 0, 0x1.fffffep-1, B), 0, 0, "tmax one ulp short"},
    {IN(0, 2, 2, 1, 0, 0, 0, B), 0, 0, "outside, tmax 0"},
    /* Flat box z = 2 crossed along (0,0,3): t = 2/3. */
    {IN(1, 1, 0, 0, 0, 3, INFINITY, 0, 0, 2, 4, 4, 2), 1, 2.0 / 3.0, "flat box"},
    /* Flat box, the ray in its plane: t = 1 at x = 0. */
    {IN(-1, 1, 2, 1, 0, 0, INFINITY, 0, 0, 2, 4, 4, 2), 1, 1, "in a flat box's plane"},
    /* Point box on the ray, and 2^-149 beside it. */
    {IN(0, 0, 0, 0, 0, 1, INFINITY, 0, 0, 5, 0, 0, 5), 1, 5, "point box"},
    {IN(0, 0, 0, 0, 0, 1, INFINITY, 0x1p-149, 0, 5, 0x1p-149, 0, 5), 0, 0, "point box beside"},
    /* Huge and tiny scales. */
    {IN(0, 0x1p100, 0x1p100, 1, 0, 0, INFINITY, 0x1p100, 0x1p100, 0x1p100, 0x3p100, 0x3p100, 0x3p100), 1, 0x1p100,
     "2^100 scale"},
    {IN(0, 0x1p-140, 0x1p-140, 1, 0, 0, INFINITY, 0x1p-140, 0x1p-140, 0x1p-140, 0x3p-140, 0x3p-140, 0x3p-140), 1,
     0x1p-140, "2^-140 scale"},
    /* dir 2^-149 along x: t = 2^149, beyond FLT_MAX. */
    {IN(0, 2, 2, 0x1p-149, 0, 0, INFINITY, B), 1, 0x1p149, "t beyond FLT_MAX"},
    /* dir (1, 2^-149, 0) from (0, 3, 2): y leaves 3 at t = 0 (exit 0) ... the
     * y slab is t <= 0: entry (x) 1 > 0: miss. */
    {IN(0, 3, 2, 1, 0x1p-149, 0, INFINITY, B), 0, 0, "leaving the y slab at once"},
};

Test(ray_aabb, hand_cases) { rt_hand_cases(tl_query("ray_aabb"), cases, RT_NCASES(cases)); }

Test(ray_aabb, hand_cases_without_filter) { rt_hand_cases_without_filter(tl_query("ray_aabb"), cases, RT_NCASES(cases)); }

Test(ray_aabb, invalid_inputs)
{
    const double base[N_IN] = IN(0, 2, 2, 1, 0, 0, INFINITY, B);
    rt_invalid_slots(tl_query("ray_aabb"), base, N_IN);
    double in[N_IN];
    for (int i = 0; i < 3; i++) {
        memcpy(in, base, sizeof in);
        in[IN_MIN + i] = nextafterf(3, 4); /* min one ulp above max */
        tl_expect_invalid(tl_query("ray_aabb"), in, "min > max");
    }
}

/* ---- metamorphic properties ----------------------------------------------- */

static void gen(double *in)
{
    int kind = tl_int(0, 4);
    for (int i = 0; i < N_IN; i++)
        in[i] = kind == 0 ? tl_int(-4, 4) : tl_f32(kind == 1 ? 4 : 30);
    if (kind == 3) /* aimed at the box centre */
        for (int i = 0; i < 3; i++)
            in[IN_D + i] = (float)(0.5 * (in[IN_MIN + i] + in[IN_MAX + i]) - in[IN_O + i]);
    if (kind == 4 || tl_rnd() % 4 == 0) /* a zero component, origin on a face plane */
        in[IN_D + tl_int(0, 2)] = 0;
    if (kind == 4) {
        int i = tl_int(0, 2);
        in[IN_O + i] = in[(tl_rnd() & 1 ? IN_MIN : IN_MAX) + i];
    }
    for (int i = 0; i < 3; i++)
        if (in[IN_MIN + i] > in[IN_MAX + i]) {
            double t = in[IN_MIN + i];
            in[IN_MIN + i] = in[IN_MAX + i];
            in[IN_MAX + i] = t;
        }
    in[RT_TMAX] = rt_rand_tmax();
}

/* Axis permutation and sign flips; a flipped axis swaps min and max. */
static void axis_map(const double *in, double *out, const int perm[3], const double sign[3])
{
    memcpy(out, in, N_IN * sizeof *in);
    for (int i = 0; i < 3; i++) {
        int p = perm[i];
        out[IN_O + i] = sign[i] * in[IN_O + p];
        out[IN_D + i] = sign[i] * in[IN_D + p];
        out[IN_MIN + i] = sign[i] > 0 ? in[IN_MIN + p] : -in[IN_MAX + p];
        out[IN_MAX + i] = sign[i] > 0 ? in[IN_MAX + p] : -in[IN_MIN + p];
    }
}

Test(ray_aabb, metamorphic)
{
    tl_init_seed(4244);
    int hits = 0, zero = 0;
    for (int n = 0; n < 3000; n++) {
        double in[N_IN], tr[N_IN], a[2], b[2];
        gen(in);
        if (ref_ray_aabb(in, a) != REF_OK)
            continue;
        hits += a[0] != 0;
        zero += a[0] != 0 && a[1] == 0;
        double sg[3];
        const int *perm = rt_random_axes(sg);
        axis_map(in, tr, perm, sg);
        ref_ray_aabb(tr, b);
        RT_SAME(a, b, "case %d: axis map", n);
        static const int pos[] = {IN_O, IN_MIN, IN_MAX};
        rt_check_scalings(ref_ray_aabb, in, a, N_IN, pos, 3, NULL, 0, n);
        /* A translation by small integers keeps small-integer inputs exact. */
        bool ints = true;
        for (int i = 0; i < N_IN; i++)
            ints = ints && (i == RT_TMAX || (in[i] == floor(in[i]) && fabs(in[i]) < 1e6));
        if (ints) {
            memcpy(tr, in, sizeof tr);
            for (int i = 0; i < 3; i++) {
                double s = tl_int(-100, 100);
                tr[IN_O + i] += s;
                tr[IN_MIN + i] += s;
                tr[IN_MAX + i] += s;
            }
            ref_ray_aabb(tr, b);
            RT_SAME(a, b, "case %d: translation", n);
        }
    }
    cr_assert(hits > 500 && zero > 100, "only %d hits, %d at t = 0", hits, zero);
}

/* An independent formulation on small integers: the ray hits the box at the
 * first t in [0, tmax] where every coordinate is within [min, max]; the
 * answer is one of 0 and the slab ends (min_i - o_i)/d_i, (max_i - o_i)/d_i,
 * so test those candidates in increasing order, exactly, with rationals
 * p/q held as two int64. */
static bool in_box_at(const int64_t *o, const int64_t *d, const int64_t *mn, const int64_t *mx, int64_t p, int64_t q)
{
    /* point at t = p/q (q > 0): o + d p/q in [mn, mx] <=> q mn <= q o + d p <= q mx */
    for (int i = 0; i < 3; i++) {
        int64_t x = q * o[i] + d[i] * p;
        if (x < q * mn[i] || x > q * mx[i])
            return false;
    }
    return true;
}

Test(ray_aabb, small_integers_vs_candidates)
{
    tl_init_seed(31337);
    int hits = 0;
    for (int n = 0; n < 20000; n++) {
        int64_t o[3], d[3], mn[3], mx[3], tm = tl_rnd() % 3 ? -1 : tl_int(0, 3);
        double in[N_IN], out[2];
        for (int i = 0; i < 3; i++) {
            o[i] = tl_int(-4, 4);
            d[i] = tl_int(-3, 3);
            mn[i] = tl_int(-3, 3);
            mx[i] = mn[i] + tl_int(0, 3);
            in[IN_O + i] = (double)o[i];
            in[IN_D + i] = (double)d[i];
            in[IN_MIN + i] = (double)mn[i];
            in[IN_MAX + i] = (double)mx[i];
        }
        in[RT_TMAX] = tm < 0 ? INFINITY : (double)tm;
        cr_assert_eq(ref_ray_aabb(in, out), REF_OK);
        /* candidates p/q, q > 0 */
        int64_t cp[7] = {0}, cq[7] = {1};
        int nc = 1;
        for (int i = 0; i < 3; i++)
            if (d[i] != 0) {
                int64_t s = d[i] > 0 ? 1 : -1;
                cp[nc] = s * (mn[i] - o[i]);
                cq[nc++] = s * d[i];
                cp[nc] = s * (mx[i] - o[i]);
                cq[nc++] = s * d[i];
            }
        int best = -1;
        for (int c = 0; c < nc; c++) {
            if (cp[c] < 0 || (tm >= 0 && cp[c] > tm * cq[c]))
                continue;
            if (!in_box_at(o, d, mn, mx, cp[c], cq[c]))
                continue;
            if (best < 0 || cp[c] * cq[best] < cp[best] * cq[c])
                best = c;
        }
        double want_hit = best >= 0, want_t = best >= 0 ? (double)cp[best] / (double)cq[best] : 0;
        cr_assert(out[0] == want_hit && tl_same(out[1], want_t),
                  "case %d: ref %g %a, candidates give %g %a (o %lld %lld %lld d %lld %lld %lld)", n, out[0], out[1],
                  want_hit, want_t, (long long)o[0], (long long)o[1], (long long)o[2], (long long)d[0],
                  (long long)d[1], (long long)d[2]);
        hits += best >= 0;
    }
    cr_assert(hits > 600, "only %d hits", hits);
}

/* ---- enclosure, filter, judge, fast ----------------------------------------- */

Test(ray_aabb, enclosure_is_sound)
{
    tl_init_seed(779);
    rt_check_encl(tl_query("ray_aabb"), gen, 1500, 12);
}

Test(ray_aabb, filter_agrees_with_exact_path)
{
    tl_init_seed(97);
    tl_check_filter(tl_query("ray_aabb"), gen, 3000, 0);
}

Test(ray_aabb, judge)
{
    const double in[N_IN] = IN(0, 2, 2, 1, 0, 0, INFINITY, B); /* t = 1 */
    isect_judgement j = rt_judge("ray_aabb", "fast", in, 1, 1);
    cr_assert_eq(j.verdict, VERDICT_AGREE);
    j = rt_judge("ray_aabb", "fast", in, 1, 3); /* the exit */
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY);
    cr_assert(j.severity > 1e5, "exit: severity %g", j.severity);
    /* A square hit along an axis (dir_y = dir_z = 0) answered as a miss is
     * gross: the enclosure handles zero components without giving up. */
    j = rt_judge("ray_aabb", "fast", in, 0, 0);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "axis-aligned hit missed: %s", isect_verdict_name(j.verdict));
    cr_assert(j.severity > 1e5, "axis-aligned hit missed: severity %g", j.severity);
    /* In a face plane: a miss there is tolerated (a grazing contact). */
    const double fp[N_IN] = IN(0, 1, 2, 1, 0, 0, INFINITY, B);
    j = rt_judge("ray_aabb", "fast", fp, 0, 0);
    cr_assert_eq(j.verdict, VERDICT_TOLERATED, "face plane missed: %s", isect_verdict_name(j.verdict));
    /* NaN t on a hit: invalid. */
    j = rt_judge("ray_aabb", "fast", fp, 1, NAN);
    cr_assert_eq(j.verdict, VERDICT_INVALID);
}

Test(ray_aabb, fast_on_hand_cases) { rt_fast_on_cases("ray_aabb", cases, RT_NCASES(cases)); }
