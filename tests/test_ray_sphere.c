/* tests/test_ray_sphere.c: ray_sphere, ref on hand-derived cases, metamorphic
 * properties exact for ref, the enclosure, the filter, the judge, fast and
 * zoo:sphere_behind.
 *
 * Flat layout: in = origin[3] dir[3] tmax center[3] radius; out = hit t.
 * With v = origin - center the ray is in the ball where
 * |dir|^2 t^2 + 2 (v.dir) t + |v|^2 - r^2 <= 0.  Expected values are derived
 * by hand in the comments (irrational ones with 80 decimal digits, in an
 * independent calculator, then rounded to binary64).
 */
#include "testlib_ray.h"

enum { N_IN = 11, IN_O = 0, IN_D = 3, IN_C = 7, IN_R = 10 };

#define IN(ox, oy, oz, dx, dy, dz, tm, cx, cy, cz, r) {ox, oy, oz, dx, dy, dz, tm, cx, cy, cz, r}

static const rt_case cases[] = {
    /* Ball r = 3 at (0,0,5) from 0 along +z: enters at z = 2. */
    {IN(0, 0, 0, 0, 0, 1, INFINITY, 0, 0, 5, 3), 1, 2, "front"},
    /* dir (0,0,2): t = 1. */
    {IN(0, 0, 0, 0, 0, 2, INFINITY, 0, 0, 5, 3), 1, 1, "dir length 2"},
    /* From (3,0,0) along +z, r = 5 at (0,0,10): 9 + (z-10)^2 = 25, z = 6. */
    {IN(3, 0, 0, 0, 0, 1, INFINITY, 0, 0, 10, 5), 1, 6, "off axis"},
    /* dir (1,2,2) (length 3), centre 9 away along it, r = 3: t = 6/3. */
    {IN(0, 0, 0, 1, 2, 2, 100, 3, 6, 6, 3), 1, 2, "oblique"},
    /* Behind: centre (0,0,-5): both roots negative. */
    {IN(0, 0, 0, 0, 0, 1, INFINITY, 0, 0, -5, 3), 0, 0, "behind"},
    /* Moving away sideways from outside: b = 0, c > 0: miss. */
    {IN(0, 0, 0, 1, 0, 0, INFINITY, 0, 0, 5, 3), 0, 0, "passing beside"},
    /* Tangent: from (5,0,0) along +z, r = 5 at (0,0,10): touches at z = 10. */
    {IN(5, 0, 0, 0, 0, 1, INFINITY, 0, 0, 10, 5), 1, 10, "tangent"},
    /* One ulp outside the tangent: x = 5 + 2^-21. */
    {IN(0x1.400002p+2, 0, 0, 0, 0, 1, INFINITY, 0, 0, 10, 5), 0, 0, "one ulp beyond tangent"},
    /* One ulp inside the tangent: x = 5 - 2^-21: 25 - x^2 = 10*2^-21 - 2^-42
     * (a short chord), z = 10 - sqrt(10*2^-21 - 2^-42)
     * = 9.99781633991778537689074222005167085400198357700266. */
    {IN(0x1.3ffffep+2, 0, 0, 0, 0, 1, INFINITY, 0, 0, 10, 5), 1, 0x1.3fee1c886b8fdp+3, "one ulp inside tangent"},
    /* Origin inside: t = 0. */
    {IN(1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 2), 1, 0, "inside"},
    /* Origin on the sphere moving out: t = 0 (closed ball). */
    {IN(0, 0, 2, 0, 0, 1, INFINITY, 0, 0, 0, 2), 1, 0, "on the sphere, leaving"},
    /* Origin on the sphere moving in: t = 0. */
    {IN(0, 0, 2, 0, 0, -1, INFINITY, 0, 0, 0, 2), 1, 0, "on the sphere, entering"},
    /* Origin inside with tmax = 0: t = 0. */
    {IN(0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 2), 1, 0, "inside, tmax 0"},
    /* Outside with tmax = 0: miss. */
    {IN(0, 0, 0, 0, 0, 1, 0, 0, 0, 5, 3), 0, 0, "outside, tmax 0"},
    /* Zero dir outside: miss; inside: t = 0. */
    {IN(0, 0, 3, 0, 0, 0, INFINITY, 0, 0, 0, 2), 0, 0, "zero dir outside"},
    {IN(0, 0, 1, 0, 0, 0, INFINITY, 0, 0, 0, 2), 1, 0, "zero dir inside"},
    /* t = tmax = 2: hit; tmax = 2 - 2^-23: miss. */
    {IN(0, 0, 0, 0, 0, 1, 2, 0, 0, 5, 3), 1, 2, "t = tmax"},
    {IN(0, 0, 0, 0, 0, 1, 0x1.fffffep+0, 0, 0, 5, 3), 0, 0, "tmax one ulp short"},
    /* From (0.5,0,0) along +z into the unit ball at (0,0,2): z = 2 - sqrt(3)/2
     * = 1.13397459621556135323627682924706381652859737309480968597210. */
    {IN(0.5, 0, 0, 0, 0, 1, INFINITY, 0, 0, 2, 1), 1, 0x1.224c28bd3d9abp+0, "irrational, axis"},
    /* From (1,0,0) along (1,1,0) into r = 2 at (5,3,0): v = (-4,-3,0), a = 2,
     * b = -7, c = 21, D = 7: t = (7 - sqrt 7)/2 = 2.17712434446770470474919. */
    {IN(1, 0, 0, 1, 1, 0, INFINITY, 5, 3, 0, 2), 1, 0x1.16ac02b16838bp+1, "irrational, oblique"},
    /* The same with tmax = 2.17712426 (below t) and 2.1771245 (above). */
    {IN(1, 0, 0, 1, 1, 0, 0x1.16ac02p+1, 5, 3, 0, 2), 0, 0, "irrational t, tmax just below"},
    {IN(1, 0, 0, 1, 1, 0, 0x1.16ac04p+1, 5, 3, 0, 2), 1, 0x1.16ac02b16838bp+1, "irrational t, tmax just above"},
    /* Radius 0: the point (0,0,4) on the ray: t = 4; 2^-149 off it: miss;
     * the origin on it: t = 0. */
    {IN(0, 0, 0, 0, 0, 1, INFINITY, 0, 0, 4, 0), 1, 4, "radius 0 on the ray"},
    {IN(0, 0, 0, 0, 0, 1, INFINITY, 0x1p-149, 0, 4, 0), 0, 0, "radius 0 off the ray"},
    {IN(0, 0, 4, 0, 0, 1, INFINITY, 0, 0, 4, 0), 1, 0, "radius 0 at the origin"},
    /* Scaled by 2^-140 (subnormal binary32 positions): t = 2^-139. */
    {IN(0, 0, 0, 0, 0, 1, INFINITY, 0, 0, 0x5p-140, 0x3p-140), 1, 0x1p-139, "subnormal scale"},
    /* Scaled by 2^100: t = 2^101. */
    {IN(0, 0, 0, 0, 0, 1, INFINITY, 0, 0, 0x5p100, 0x3p100), 1, 0x1p101, "huge scale"},
    /* dir 2^-149: t = 2^150, beyond FLT_MAX. */
    {IN(0, 0, 0, 0, 0, 0x1p-149, INFINITY, 0, 0, 5, 3), 1, 0x1p150, "t beyond FLT_MAX"},
    /* Far and small: r = 1 at distance 2^20 along x: t = 2^20 - 1. */
    {IN(0, 0, 0, 1, 0, 0, INFINITY, 0x1p20, 0, 0, 1), 1, 0x1p20 - 1, "far small ball"},
    /* Far, small and grazing: the line x-axis offset by y = 1 - 2^-24 from
     * the centre of a unit ball 2^20 away: t = 2^20 - sqrt(1 - (1-2^-24)^2)
     * = 2^20 - sqrt(2^-23 - 2^-48)
     * = 1048575.99965473302214363509854848031671689869842817870557. */
    {IN(0, 0x1.fffffep-1, 0, 1, 0, 0, INFINITY, 0x1p20, 0, 0, 1), 1, 0x1.fffffffd2bec3p+19, "far grazing"},
};

Test(ray_sphere, hand_cases) { rt_hand_cases(tl_query("ray_sphere"), cases, RT_NCASES(cases)); }

Test(ray_sphere, hand_cases_without_filter) { rt_hand_cases_without_filter(tl_query("ray_sphere"), cases, RT_NCASES(cases)); }

Test(ray_sphere, invalid_inputs)
{
    const double base[N_IN] = IN(0, 0, 0, 0, 0, 1, INFINITY, 0, 0, 5, 3);
    rt_invalid_slots(tl_query("ray_sphere"), base, N_IN);
    double in[N_IN];
    memcpy(in, base, sizeof in);
    in[IN_R] = -1;
    tl_expect_invalid(tl_query("ray_sphere"), in, "radius -1");
    in[IN_R] = -0x1p-149;
    tl_expect_invalid(tl_query("ray_sphere"), in, "radius -2^-149");
    /* -0 is radius 0: the point (0,0,5) on the ray, t = 5. */
    in[IN_R] = -0.0;
    tl_expect_hit(tl_query("ray_sphere"), in, (const double[]){5}, 1, "radius -0");
}

/* ---- metamorphic properties ----------------------------------------------- */

static void gen(double *in)
{
    int kind = tl_int(0, 4);
    for (int i = 0; i < N_IN; i++)
        in[i] = kind == 0 ? tl_int(-5, 5) : tl_f32(kind == 1 ? 4 : 30);
    in[IN_R] = fabs(in[IN_R]);
    if (kind == 3) { /* aimed at the centre from outside: hits */
        for (int i = 0; i < 3; i++)
            in[IN_D + i] = in[IN_C + i] - in[IN_O + i];
    } else if (kind == 4) { /* small integers, radius the distance to the origin or nearly */
        for (int i = 0; i < N_IN; i++)
            in[i] = tl_int(-4, 4);
        double s = 0;
        for (int i = 0; i < 3; i++)
            s += (in[IN_O + i] - in[IN_C + i]) * (in[IN_O + i] - in[IN_C + i]);
        in[IN_R] = (float)sqrt(s);
    }
    in[RT_TMAX] = rt_rand_tmax();
}

Test(ray_sphere, metamorphic)
{
    tl_init_seed(4243);
    int hits = 0, zero = 0;
    for (int n = 0; n < 2500; n++) {
        double in[N_IN], tr[N_IN], a[2], b[2];
        gen(in);
        if (ref_ray_sphere(in, a) != REF_OK)
            continue;
        hits += a[0] != 0;
        zero += a[0] != 0 && a[1] == 0;
        static const int vecs[] = {IN_O, IN_D, IN_C};
        rt_ref_axis_mapped(ref_ray_sphere, in, N_IN, vecs, 3, b);
        RT_SAME(a, b, "case %d: axis map", n);
        /* Positions, radius and tmax scaled by 2^k: t scales by 2^k; dir
         * scaled by 2^k, tmax by 2^-k: t scales by 2^-k. */
        static const int pos[] = {IN_O, IN_C}, len[] = {IN_R};
        rt_check_scalings(ref_ray_sphere, in, a, N_IN, pos, 2, len, 1, n);
        /* Swapping the roles of origin and centre reflected: the ray from
         * 2c - o along -d sees the mirrored ball; same answer. */
        memcpy(tr, in, sizeof tr);
        bool exact = true;
        for (int i = 0; i < 3; i++) {
            double m = 2 * in[IN_C + i] - in[IN_O + i];
            exact = exact && (double)(float)m == m;
            tr[IN_O + i] = m;
            tr[IN_D + i] = -in[IN_D + i];
        }
        if (exact) {
            ref_ray_sphere(tr, b);
            RT_SAME(a, b, "case %d: point reflection through the centre", n);
        }
    }
    cr_assert(hits > 400 && zero > 100, "only %d hits, %d at t = 0", hits, zero);
}

/* ---- enclosure, filter, judge, fast, zoo ------------------------------------ */

Test(ray_sphere, enclosure_is_sound)
{
    tl_init_seed(778);
    rt_check_encl(tl_query("ray_sphere"), gen, 1500, 12);
}

Test(ray_sphere, filter_agrees_with_exact_path)
{
    tl_init_seed(98);
    tl_check_filter(tl_query("ray_sphere"), gen, 3000, 0);
}

Test(ray_sphere, judge)
{
    const double in[N_IN] = IN(0, 0, 0, 0, 0, 1, INFINITY, 0, 0, 5, 3); /* t = 2 */
    isect_judgement j = rt_judge("ray_sphere", "fast", in, 1, 2);
    cr_assert_eq(j.verdict, VERDICT_AGREE);
    j = rt_judge("ray_sphere", "fast", in, 1, nextafterf(2, 3));
    cr_assert_eq(j.verdict, VERDICT_AGREE, "one ulp off: %s", isect_verdict_name(j.verdict));
    j = rt_judge("ray_sphere", "fast", in, 1, 8); /* the exit point */
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "exit root: %s", isect_verdict_name(j.verdict));
    cr_assert(j.severity > 1e5, "exit root: severity %g", j.severity);
    j = rt_judge("ray_sphere", "fast", in, 0, 0);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "a square hit missed: %s", isect_verdict_name(j.verdict));
    /* Behind (exact: miss) answered with the negative root: invalid. */
    const double bh[N_IN] = IN(0, 0, 0, 0, 0, 1, INFINITY, 0, 0, -5, 3);
    j = rt_judge("ray_sphere", "fast", bh, 1, -8);
    cr_assert_eq(j.verdict, VERDICT_INVALID);
    /* ... and a hit at t = 0 there is a gross discrepancy. */
    j = rt_judge("ray_sphere", "fast", bh, 1, 0);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY);
    /* Tangent answered as a miss: tolerated (a grazing contact). */
    const double tg[N_IN] = IN(5, 0, 0, 0, 0, 1, INFINITY, 0, 0, 10, 5);
    j = rt_judge("ray_sphere", "fast", tg, 0, 0);
    cr_assert_eq(j.verdict, VERDICT_TOLERATED, "tangent missed: %s", isect_verdict_name(j.verdict));
}

Test(ray_sphere, fast_on_hand_cases) { rt_fast_on_cases("ray_sphere", cases, RT_NCASES(cases)); }

Test(ray_sphere, zoo_sphere_behind_is_caught)
{
    /* Behind: the zoo reports t = -8 (invalid); origin inside: a negative
     * root (invalid); in front it agrees. */
    const double bh[N_IN] = IN(0, 0, 0, 0, 0, 1, INFINITY, 0, 0, -5, 3);
    double out[2];
    tl_run(tl_query("ray_sphere"), "zoo:sphere_behind", bh, out);
    cr_assert(out[0] == 1 && out[1] == -8, "zoo: %g %g", out[0], out[1]);
    isect_judgement j = rt_judge("ray_sphere", "zoo:sphere_behind", bh, out[0], out[1]);
    cr_assert_eq(j.verdict, VERDICT_INVALID);
    const double ins[N_IN] = IN(0, 0, 1, 0, 0, 1, INFINITY, 0, 0, 0, 2);
    tl_run(tl_query("ray_sphere"), "zoo:sphere_behind", ins, out);
    cr_assert(out[0] == 1 && out[1] == -3, "zoo inside: %g %g", out[0], out[1]);
    j = rt_judge("ray_sphere", "zoo:sphere_behind", ins, out[0], out[1]);
    cr_assert_eq(j.verdict, VERDICT_INVALID);
    const double fr[N_IN] = IN(0, 0, 0, 0, 0, 1, INFINITY, 0, 0, 5, 3);
    tl_run(tl_query("ray_sphere"), "zoo:sphere_behind", fr, out);
    j = rt_judge("ray_sphere", "zoo:sphere_behind", fr, out[0], out[1]);
    cr_assert_eq(j.verdict, VERDICT_AGREE);
}
