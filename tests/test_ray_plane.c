/* tests/test_ray_plane.c: ray_plane, ref on hand-derived cases, metamorphic
 * properties exact for ref, the enclosure, the filter, the judge and fast.
 *
 * Flat layout: in = origin[3] dir[3] tmax point[3] normal[3]; out = hit t.
 * The plane is {x : (x - point).normal = 0}; with N = (point - origin).normal
 * and Dn = dir.normal the ray meets it at t = N/Dn; the origin on the plane
 * (N = 0) hits at t = 0.  Every expected value is derived by hand in the
 * comment beside it.
 */
#include "testlib_ray.h"

enum { N_IN = 13, IN_O = 0, IN_D = 3, IN_P = 7, IN_N = 10 };

#define IN(ox, oy, oz, dx, dy, dz, tm, px, py, pz, nx, ny, nz) {ox, oy, oz, dx, dy, dz, tm, px, py, pz, nx, ny, nz}

static const rt_case cases[] = {
    /* z = 2 from (1,1,0) along +z: N = 2, Dn = 1, t = 2. */
    {IN(1, 1, 0, 0, 0, 1, INFINITY, 0, 0, 2, 0, 0, 1), 1, 2, "crossing"},
    /* Same plane given by another point and the normal (0,0,-5): N = -10,
     * Dn = -20 with dir (0,0,4): t = 1/2. */
    {IN(1, 1, 0, 0, 0, 4, INFINITY, 3, -7, 2, 0, 0, -5), 1, 0.5, "reversed long normal"},
    /* x + y + z = 3: N = (1,1,1).(1,1,1) = 3, Dn = 1 + 2 + 3 = 6: t = 1/2. */
    {IN(0, 0, 0, 1, 2, 3, 1, 1, 1, 1, 1, 1, 1), 1, 0.5, "oblique"},
    /* Normal (1,2,2), plane through 0; origin (3,0,0), dir (-1,-1,-1):
     * N = -3, Dn = -5: t = 3/5, rounded correctly (C's 0.6). */
    {IN(3, 0, 0, -1, -1, -1, INFINITY, 0, 0, 0, 1, 2, 2), 1, 0.6, "three fifths"},
    /* Segment across z = 1 along (0,0,3): t = 1/3. */
    {IN(0, 0, 0, 0, 0, 3, 1, 0, 0, 1, 0, 0, 1), 1, 1.0 / 3.0, "one third"},
    /* Origin on the plane, dir in the plane: t = 0. */
    {IN(-1, 5, 2, 1, 1, 0, INFINITY, 0, 0, 2, 0, 0, 1), 1, 0, "ray in the plane"},
    /* Origin on the plane, dir leaving it, tmax = 0: t = 0. */
    {IN(7, 7, 2, 0, 0, -1, 0, 0, 0, 2, 0, 0, 1), 1, 0, "origin on the plane, tmax 0"},
    /* Origin on an oblique plane: (1,2,0) on x + y + z = 3. */
    {IN(1, 2, 0, 5, -1, 3, INFINITY, 1, 1, 1, 1, 1, 1), 1, 0, "origin on an oblique plane"},
    /* Zero direction with the origin on the plane: t = 0. */
    {IN(1, 1, 2, 0, 0, 0, INFINITY, 0, 0, 2, 0, 0, 1), 1, 0, "zero dir on the plane"},
    /* Zero direction off the plane: never reaches it. */
    {IN(1, 1, 0, 0, 0, 0, INFINITY, 0, 0, 2, 0, 0, 1), 0, 0, "zero dir off the plane"},
    /* Parallel, one binary32 ulp above z = 2 (2 + 2^-22): miss. */
    {IN(0, 0, 0x1.000002p+1, 1, 0, 0, INFINITY, 0, 0, 2, 0, 0, 1), 0, 0, "parallel one ulp above"},
    /* Parallel below. */
    {IN(0, 0, -3, 1, 1, 0, INFINITY, 0, 0, 2, 0, 0, 1), 0, 0, "parallel below"},
    /* Moving away: origin (0,0,3), dir +z: t = -1. */
    {IN(0, 0, 3, 0, 0, 1, INFINITY, 0, 0, 2, 0, 0, 1), 0, 0, "plane behind"},
    /* Origin one ulp above z = 2 moving away: t = -2^-22. */
    {IN(0, 0, 0x1.000002p+1, 0, 0, 1, INFINITY, 0, 0, 2, 0, 0, 1), 0, 0, "plane one ulp behind"},
    /* t = tmax = 2: hit. */
    {IN(1, 1, 0, 0, 0, 1, 2, 0, 0, 2, 0, 0, 1), 1, 2, "t = tmax"},
    /* tmax = 2 - 2^-23, one ulp short: miss. */
    {IN(1, 1, 0, 0, 0, 1, 0x1.fffffep+0, 0, 0, 2, 0, 0, 1), 0, 0, "tmax one ulp short"},
    /* Scaled by 2^-140 (binary32 subnormal positions), dir unit: t = 2^-139. */
    {IN(0x1p-140, 0x1p-140, 0, 0, 0, 1, INFINITY, 0, 0, 0x1p-139, 0, 0, 1), 1, 0x1p-139, "subnormal scale"},
    /* Positions at 2^100: t = 2^101. */
    {IN(0x1p100, 0, -0x1p100, 0, 0, 1, INFINITY, 0, 0, 0x1p100, 0, 0, 1), 1, 0x1p101, "huge scale"},
    /* dir 2^-149 (the smallest subnormal) against z = 2 from z = 0: t = 2^150
     * (above FLT_MAX: a double answer). */
    {IN(0, 0, 0, 0, 0, 0x1p-149, INFINITY, 0, 0, 2, 0, 0, 1), 1, 0x1p150, "t beyond FLT_MAX"},
    /* The same with tmax = FLT_MAX: miss. */
    {IN(0, 0, 0, 0, 0, 0x1p-149, 0x1.fffffep127, 0, 0, 2, 0, 0, 1), 0, 0, "t beyond FLT_MAX, finite tmax"},
    /* A normal with one tiny component: n = (2^-149, 0, 1), plane through 0;
     * origin (0,0,-1), dir (1,0,0): N = 1, Dn = 2^-149: t = 2^149. */
    {IN(0, 0, -1, 1, 0, 0, INFINITY, 0, 0, 0, 0x1p-149, 0, 1), 1, 0x1p149, "nearly parallel"},
};

Test(ray_plane, hand_cases) { rt_hand_cases(tl_query("ray_plane"), cases, RT_NCASES(cases)); }

Test(ray_plane, hand_cases_without_filter) { rt_hand_cases_without_filter(tl_query("ray_plane"), cases, RT_NCASES(cases)); }

Test(ray_plane, invalid_inputs)
{
    const double base[N_IN] = IN(1, 1, 0, 0, 0, 1, INFINITY, 0, 0, 2, 0, 0, 1);
    rt_invalid_slots(tl_query("ray_plane"), base, N_IN);
    double in[N_IN];
    memcpy(in, base, sizeof in);
    in[IN_N] = in[IN_N + 1] = in[IN_N + 2] = 0;
    tl_expect_invalid(tl_query("ray_plane"), in, "zero normal");
    in[IN_N] = in[IN_N + 1] = in[IN_N + 2] = -0.0;
    tl_expect_invalid(tl_query("ray_plane"), in, "normal -0");
    /* A tiny but nonzero normal is valid. */
    in[IN_N + 2] = 0x1p-149;
    tl_expect_hit(tl_query("ray_plane"), in, (const double[]){2}, 1, "normal 2^-149");
}

/* ---- metamorphic properties ----------------------------------------------- */

static void gen(double *in)
{
    int kind = tl_int(0, 3);
    for (int i = 0; i < N_IN; i++)
        in[i] = kind == 0 ? tl_int(-4, 4) : tl_f32(kind == 1 ? 4 : 30);
    if (kind == 3) /* origin on the plane, or nearly */
        for (int i = 0; i < 3; i++)
            in[IN_O + i] = in[IN_P + i];
    if (in[IN_N] == 0 && in[IN_N + 1] == 0 && in[IN_N + 2] == 0)
        in[IN_N + 2] = 1;
    in[RT_TMAX] = rt_rand_tmax();
}

Test(ray_plane, metamorphic)
{
    tl_init_seed(4242);
    int hits = 0;
    for (int n = 0; n < 3000; n++) {
        double in[N_IN], tr[N_IN], a[2], b[2];
        gen(in);
        if (ref_ray_plane(in, a) != REF_OK)
            continue;
        hits += a[0] != 0;
        /* Axis permutation and sign flips: identical outputs. */
        static const int vecs[] = {IN_O, IN_D, IN_P, IN_N};
        rt_ref_axis_mapped(ref_ray_plane, in, N_IN, vecs, 4, b);
        cr_assert(tl_same(a[0], b[0]) && tl_same(a[1], b[1]), "ISECT_SEED=%llu case %d: axis map changed %g %a -> %g %a",
                  (unsigned long long)tl_seed, n, a[0], a[1], b[0], b[1]);
        /* The normal negated and scaled by a power of two: the same plane. */
        memcpy(tr, in, sizeof tr);
        int k = tl_int(-20, 20);
        for (int i = 0; i < 3; i++)
            tr[IN_N + i] = -ldexp(in[IN_N + i], k);
        ref_ray_plane(tr, b);
        cr_assert(tl_same(a[0], b[0]) && tl_same(a[1], b[1]), "ISECT_SEED=%llu case %d: normal scaled by -2^%d",
                  (unsigned long long)tl_seed, n, k);
        /* Positions and tmax scaled by 2^k: t scales by 2^k. */
        k = tl_int(-10, 10);
        static const int pos[] = {IN_O, IN_P};
        rt_scaled(in, tr, N_IN, pos, 2, NULL, 0, k, 0);
        ref_ray_plane(tr, b);
        cr_assert(tl_same(a[0], b[0]) && tl_same(ldexp(a[1], k), b[1]),
                  "ISECT_SEED=%llu case %d: positions scaled by 2^%d: %g %a -> %g %a", (unsigned long long)tl_seed, n,
                  k, a[0], a[1], b[0], b[1]);
        /* dir scaled by 2^k, tmax by 2^-k: t scales by 2^-k. */
        rt_scaled(in, tr, N_IN, NULL, 0, NULL, 0, 0, k);
        ref_ray_plane(tr, b);
        cr_assert(tl_same(a[0], b[0]) && tl_same(ldexp(a[1], -k), b[1]),
                  "ISECT_SEED=%llu case %d: dir scaled by 2^%d", (unsigned long long)tl_seed, n, k);
    }
    cr_assert(hits > 500, "only %d hits", hits);
}

/* ---- enclosure, filter, judge, fast ----------------------------------------- */

Test(ray_plane, enclosure_is_sound)
{
    tl_init_seed(777);
    rt_check_encl(tl_query("ray_plane"), gen, 1500, 12);
}

Test(ray_plane, filter_agrees_with_exact_path)
{
    tl_init_seed(99);
    tl_check_filter(tl_query("ray_plane"), gen, 3000, 0);
}

Test(ray_plane, judge)
{
    const double in[N_IN] = IN(1, 1, 0, 0, 0, 1, INFINITY, 0, 0, 2, 0, 0, 1); /* t = 2 */
    isect_judgement j = rt_judge("ray_plane", "fast", in, 1, 2);
    cr_assert_eq(j.verdict, VERDICT_AGREE);
    j = rt_judge("ray_plane", "fast", in, 1, nextafterf(2, 3));
    cr_assert_eq(j.verdict, VERDICT_AGREE, "one ulp off t: %s", isect_verdict_name(j.verdict));
    j = rt_judge("ray_plane", "fast", in, 1, 4);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "t doubled: %s", isect_verdict_name(j.verdict));
    cr_assert(j.severity > 1e5, "t doubled: severity %g", j.severity);
    j = rt_judge("ray_plane", "fast", in, 0, 0);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "a square crossing missed: %s", isect_verdict_name(j.verdict));
    j = rt_judge("ray_plane", "fast", in, 1, -2);
    cr_assert_eq(j.verdict, VERDICT_INVALID, "negative t: %s", isect_verdict_name(j.verdict));
    /* tmax one ulp short of t: answering a hit is tolerated (severity ~1). */
    const double sh[N_IN] = IN(1, 1, 0, 0, 0, 1, 0x1.fffffep+0, 0, 0, 2, 0, 0, 1);
    j = rt_judge("ray_plane", "fast", sh, 1, 0x1.fffffep+0);
    cr_assert_eq(j.verdict, VERDICT_TOLERATED, "tmax one ulp short: %s", isect_verdict_name(j.verdict));
    /* A far miss (plane behind by 1) answered as a hit at t = 0 is gross. */
    const double bh[N_IN] = IN(0, 0, 3, 0, 0, 1, INFINITY, 0, 0, 2, 0, 0, 1);
    j = rt_judge("ray_plane", "fast", bh, 1, 0);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "plane behind: %s", isect_verdict_name(j.verdict));
}

/* fast agrees on every hand case, or is tolerated: "nearly parallel" has a
 * normal component 2^-149 that fast's rescaling flushes to 0 (a miss that an
 * input perturbation of 2^-149 explains: severity 0). */
Test(ray_plane, fast_on_hand_cases)
{
    rt_fast_on_cases("ray_plane", cases, RT_NCASES(cases));
    /* Invalid input: a miss with zeros. */
    const double bad[N_IN] = IN(1, 1, 0, 0, 0, 1, INFINITY, 0, 0, 2, 0, 0, 0);
    double out[2] = {7, 7};
    tl_run(tl_query("ray_plane"), "fast", bad, out);
    cr_assert(out[0] == 0 && out[1] == 0);
}
