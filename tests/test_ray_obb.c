/* tests/test_ray_obb.c: ray_obb, ref on hand-derived cases (orthogonal,
 * scaled and skewed axes), agreement with ray_aabb on axis-aligned boxes,
 * metamorphic properties exact for ref, the enclosure, the filter, the
 * judge and fast.
 *
 * Flat layout: in = origin[3] dir[3] tmax center[3] axis0[3] axis1[3]
 * axis2[3] half[3]; out = hit t.  The box is center + sum s_i axis_i with
 * |s_i| <= half_i, the axes used exactly as given.
 */
#include "testlib_ray.h"

enum { N_IN = 22, IN_O = 0, IN_D = 3, IN_C = 7, IN_A0 = 10, IN_A1 = 13, IN_A2 = 16, IN_H = 19 };

#define IN(...) {__VA_ARGS__} /* origin dir tmax center axis0 axis1 axis2 half */
#define ID 1, 0, 0, 0, 1, 0, 0, 0, 1
#define SKEW 1, 0, 0, 1, 1, 0, 0, 0, 1

static const rt_case cases[] = {
    {IN(0, 2, 2, 1, 0, 0, INFINITY, 2, 2, 2, ID, 1, 1, 1), 1, 1, "identity axes"},
    /* Orthogonal axes of length 5, faces 5 from the centre. */
    {IN(6, 8, 0, -3, -4, 0, INFINITY, 0, 0, 0, 3, 4, 0, -4, 3, 0, 0, 0, 5, 1, 1, 1), 1, 1, "3-4-5 axes"},
    /* The same box met along axis1's direction from (-8,6,0): t = 1. */
    {IN(-8, 6, 0, 4, -3, 0, INFINITY, 0, 0, 0, 3, 4, 0, -4, 3, 0, 0, 0, 5, 1, 1, 1), 1, 1, "3-4-5 axes, axis1"},
    /* Between two faces' corner regions of the rotated box: (6,8,0) + (-4,3,0)
     * goes beyond the edge: from (2,11,0) along (-3,-4,0): s1 = 5/5 = 1... the
     * point (2,11,0) has s0 = (6+44)/25 = 2, s1 = (-8+33)/25 = 1: on the
     * plane s1 = 1; moving along -axis0 keeps s1 = 1 and reaches s0 = 1 at
     * t = 1: the edge, a hit. */
    {IN(2, 11, 0, -3, -4, 0, INFINITY, 0, 0, 0, 3, 4, 0, -4, 3, 0, 0, 0, 5, 1, 1, 1), 1, 1, "rotated edge"},
    /* Axes of length 2: the box [-2,2]^3. */
    {IN(-5, 0, 0, 1, 0, 0, INFINITY, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2, 1, 1, 1), 1, 3, "long axes"},
    /* Half extents of different sizes: [-3,3] x [-1,1] x [-2,2]. */
    {IN(0, 0, 9, 0, 0, -1, INFINITY, 0, 0, 0, ID, 3, 1, 2), 1, 7, "unequal halves"},
    /* Skewed: on y = 0.5, x runs over [-0.5, 1.5]. */
    {IN(-5, 0.5, 0, 1, 0, 0, INFINITY, 0, 0, 0, SKEW, 1, 1, 1), 1, 4.5, "skewed"},
    {IN(5, 0.5, 0, -1, 0, 0, INFINITY, 0, 0, 0, SKEW, 1, 1, 1), 1, 3.5, "skewed, from +x"},
    {IN(1.2, 0.5, 0, 0, 0, 1, INFINITY, 0, 0, 0, SKEW, 1, 1, 1), 1, 0, "skewed, inside beyond the projection"},
    {IN(-1.2, 0.5, 0, 0, 0, 1, INFINITY, 0, 0, 0, SKEW, 1, 1, 1), 0, 0, "skewed, outside within the projection"},
    /* Skewed, along the slanted face x - y = 1 (s0 = 1): from (2,1,0) along
     * (-1,-1,0) (dir along axis1): s0 stays 1, s1 from 1 down: inside at t = 0. */
    {IN(2, 1, 0, -1, -1, 0, INFINITY, 0, 0, 0, SKEW, 1, 1, 1), 1, 0, "skewed corner, along a face"},
    /* From (3,2,0) along (-1,-1,0): s0 = 1, s1 = 2 - t: enters at s1 = 1, t = 1. */
    {IN(3, 2, 0, -1, -1, 0, INFINITY, 0, 0, 0, SKEW, 1, 1, 1), 1, 1, "skewed, in a slanted face plane"},
    /* flat and degenerate-but-valid */
    {IN(0, 0, 5, 0, 0, -1, INFINITY, 0, 0, 0, ID, 1, 1, 0), 1, 5, "flat box"},
    {IN(0, 0, 5, 0, 0, -1, INFINITY, 0, 0, 0, ID, 0, 0, 0), 1, 5, "point box"},
    {IN(0x1p-149, 0, 5, 0, 0, -1, INFINITY, 0, 0, 0, ID, 0, 0, 0), 0, 0, "point box missed by 2^-149"},
    /* boundary and tmax */
    {IN(-5, 1, 0, 1, 0, 0, INFINITY, 0, 0, 0, ID, 1, 1, 1), 1, 4, "in a face plane"},
    {IN(-5, 0x1.000002p+0, 0, 1, 0, 0, INFINITY, 0, 0, 0, ID, 1, 1, 1), 0, 0, "one ulp outside a face plane"},
    {IN(-5, 1, 0, 1, 0, 0, 4, 0, 0, 0, ID, 1, 1, 1), 1, 4, "t = tmax"},
    {IN(-5, 1, 0, 1, 0, 0, 0x1.fffffep+1, 0, 0, 0, ID, 1, 1, 1), 0, 0, "tmax one ulp short"},
    {IN(0, 0, 0, 1, 2, 3, 0, 0, 0, 0, ID, 1, 1, 1), 1, 0, "inside, tmax 0"},
    {IN(5, 0, 0, 1, 0, 0, INFINITY, 0, 0, 0, ID, 1, 1, 1), 0, 0, "behind"},
    {IN(5, 0, 0, 0, 0, 0, INFINITY, 0, 0, 0, ID, 1, 1, 1), 0, 0, "zero dir outside"},
    /* mirrored axes (det < 0) */
    {IN(-5, 0.5, 0, 1, 0, 0, INFINITY, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, -1, 1, 1, 1), 1, 4.5, "skewed, det < 0"},
    /* scales */
    {IN(-0x5p100, 0, 0, 1, 0, 0, INFINITY, 0, 0, 0, ID, 0x2p100, 0x2p100, 0x2p100), 1, 0x3p100, "2^100"},
    {IN(-0x5p-140, 0, 0, 1, 0, 0, INFINITY, 0, 0, 0, ID, 0x2p-140, 0x2p-140, 0x2p-140), 1, 0x3p-140, "2^-140"},
    {IN(-5, 0, 0, 1, 0, 0, INFINITY, 0, 0, 0, 0x1p100, 0, 0, 0, 0x1p-100, 0, 0, 0, 1, 0x2p-100, 0x1p100, 1), 1, 3,
     "axes 2^100 and 2^-100"},
};

Test(ray_obb, hand_cases) { rt_hand_cases(tl_query("ray_obb"), cases, RT_NCASES(cases)); }

Test(ray_obb, hand_cases_without_filter) { rt_hand_cases_without_filter(tl_query("ray_obb"), cases, RT_NCASES(cases)); }

Test(ray_obb, invalid_inputs)
{
    const double base[N_IN] = IN(0, 2, 2, 1, 0, 0, INFINITY, 2, 2, 2, ID, 1, 1, 1);
    rt_invalid_slots(tl_query("ray_obb"), base, N_IN);
    double in[N_IN];
    memcpy(in, base, sizeof in);
    in[IN_H + 1] = -1;
    tl_expect_invalid(tl_query("ray_obb"), in, "negative half");
    memcpy(in, base, sizeof in);
    memset(in + IN_A2, 0, 3 * sizeof *in);
    tl_expect_invalid(tl_query("ray_obb"), in, "zero axis");
    memcpy(in, base, sizeof in);
    const double coplanar[3] = {1, 1, 0}; /* axis0 + axis1 */
    memcpy(in + IN_A2, coplanar, sizeof coplanar);
    tl_expect_invalid(tl_query("ray_obb"), in, "coplanar axes");
}

/* ---- an axis-aligned OBB is an AABB ------------------------------------------ */

Test(ray_obb, axis_aligned_equals_aabb)
{
    tl_init_seed(1618);
    int hits = 0;
    for (int n = 0; n < 2500; n++) {
        double in[N_IN] = {0}, ab[13], a[2], b[2];
        for (int i = 0; i < 3; i++) {
            in[IN_O + i] = tl_int(-6, 6);
            in[IN_D + i] = tl_int(-3, 3);
            in[IN_C + i] = tl_int(-3, 3);
            in[IN_H + i] = tl_int(0, 3);
        }
        if (tl_rnd() & 1) /* aimed at the centre */
            for (int i = 0; i < 3; i++)
                in[IN_D + i] = in[IN_C + i] - in[IN_O + i];
        in[RT_TMAX] = tl_rnd() % 2 ? INFINITY : tl_int(0, 4);
        /* axis i = +-2^k e_p(i), half_i scaled by 2^-k: extent half_i along e_p(i) */
        const int *p = rt_perms[tl_int(0, 5)];
        double ext[3];
        for (int i = 0; i < 3; i++) {
            int k = tl_int(-3, 3);
            in[IN_A0 + 3 * i + p[i]] = ldexp(tl_rnd() & 1 ? 1 : -1, k);
            ext[p[i]] = in[IN_H + i];
            in[IN_H + i] = ldexp(in[IN_H + i], -k);
        }
        memcpy(ab, in, 7 * sizeof *ab);
        for (int j = 0; j < 3; j++) {
            ab[7 + j] = in[IN_C + j] - ext[j];
            ab[10 + j] = in[IN_C + j] + ext[j];
        }
        cr_assert_eq(ref_ray_obb(in, a), REF_OK);
        cr_assert_eq(ref_ray_aabb(ab, b), REF_OK);
        cr_assert(tl_same(a[0], b[0]) && tl_same(a[1], b[1]), "case %d: obb %g %a, aabb %g %a", n, a[0], a[1], b[0],
                  b[1]);
        hits += a[0] != 0;
    }
    cr_assert(hits > 500, "only %d hits", hits);
}

/* ---- metamorphic properties ----------------------------------------------- */

static void gen(double *in)
{
    int kind = tl_int(0, 3);
    for (int i = 0; i < N_IN; i++)
        in[i] = kind == 0 ? tl_int(-3, 3) : tl_f32(kind == 1 ? 3 : 20);
    for (int i = 0; i < 3; i++)
        in[IN_H + i] = fabs(in[IN_H + i]);
    if (kind == 3) /* aimed at the centre */
        for (int i = 0; i < 3; i++)
            in[IN_D + i] = (float)(in[IN_C + i] - in[IN_O + i]);
    in[RT_TMAX] = rt_rand_tmax();
}

Test(ray_obb, metamorphic)
{
    tl_init_seed(4248);
    int hits = 0;
    for (int n = 0; n < 1200; n++) {
        double in[N_IN], tr[N_IN], a[2], b[2];
        gen(in);
        if (ref_ray_obb(in, a) != REF_OK)
            continue;
        hits += a[0] != 0;
        /* the box axes in another order (with their halves), and one negated */
        memcpy(tr, in, sizeof tr);
        memcpy(tr + IN_A0, in + IN_A1, 3 * sizeof *in);
        memcpy(tr + IN_A1, in + IN_A2, 3 * sizeof *in);
        memcpy(tr + IN_A2, in + IN_A0, 3 * sizeof *in);
        tr[IN_H] = in[IN_H + 1];
        tr[IN_H + 1] = in[IN_H + 2];
        tr[IN_H + 2] = in[IN_H];
        for (int j = 0; j < 3; j++)
            tr[IN_A1 + j] = -tr[IN_A1 + j];
        ref_ray_obb(tr, b);
        RT_SAME(a, b, "case %d: box axes permuted", n);
        /* axis_i by 2^k, half_i by 2^-k: the same box */
        int i = tl_int(0, 2), k = tl_int(-6, 6);
        memcpy(tr, in, sizeof tr);
        for (int j = 0; j < 3; j++)
            tr[IN_A0 + 3 * i + j] = ldexp(in[IN_A0 + 3 * i + j], k);
        tr[IN_H + i] = ldexp(in[IN_H + i], -k);
        ref_ray_obb(tr, b);
        RT_SAME(a, b, "case %d: axis %d by 2^%d", n, i, k);
        /* world axes rotated (x,y,z) -> (z,x,y) */
        static const int vecs[] = {IN_O, IN_D, IN_C, IN_A0, IN_A1, IN_A2}, rot[3] = {2, 0, 1};
        static const double keep[3] = {1, 1, 1};
        rt_axis_map(in, tr, N_IN, vecs, 6, rot, keep);
        ref_ray_obb(tr, b);
        RT_SAME(a, b, "case %d: world axes rotated", n);
        /* positions by 2^k, dir by 2^j */
        int j = tl_int(-6, 6);
        static const int pos[] = {IN_O, IN_C, IN_H};
        rt_scaled(in, tr, N_IN, pos, 3, NULL, 0, k, j);
        ref_ray_obb(tr, b);
        double as[2] = {a[0], ldexp(a[1], k - j)};
        RT_SAME(as, b, "case %d: scaled by 2^%d, 2^%d", n, k, j);
    }
    cr_assert(hits > 120, "only %d hits", hits);
}

/* ---- enclosure, filter, judge, fast ----------------------------------------- */

Test(ray_obb, enclosure_is_sound)
{
    tl_init_seed(782);
    rt_check_encl(tl_query("ray_obb"), gen, 600, 10);
}

Test(ray_obb, filter_agrees_with_exact_path)
{
    tl_init_seed(95);
    tl_check_filter(tl_query("ray_obb"), gen, 1500, 0);
}

Test(ray_obb, judge)
{
    /* The classic projection test on the skewed box: (1.2,0.5,0) inside,
     * answered as a miss: gross. */
    const double in[N_IN] = IN(1.2, 0.5, 0, 0, 0, 1, INFINITY, 0, 0, 0, SKEW, 1, 1, 1);
    isect_judgement j = rt_judge("ray_obb", "fast", in, 0, 0);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "%s", isect_verdict_name(j.verdict));
    cr_assert(j.severity > 1e5, "severity %g", j.severity);
    j = rt_judge("ray_obb", "fast", in, 1, 0);
    cr_assert_eq(j.verdict, VERDICT_AGREE);
    const double fp[N_IN] = IN(-5, 1, 0, 1, 0, 0, INFINITY, 0, 0, 0, ID, 1, 1, 1);
    j = rt_judge("ray_obb", "fast", fp, 0, 0);
    cr_assert_eq(j.verdict, VERDICT_TOLERATED, "face plane missed: %s", isect_verdict_name(j.verdict));
}

Test(ray_obb, fast_on_hand_cases) { rt_fast_on_cases("ray_obb", cases, RT_NCASES(cases)); }
