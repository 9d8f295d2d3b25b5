/* tests/test_ray_capsule.c: ray_capsule, ref on hand-derived cases,
 * relations with ray_sphere and ray_cylinder, metamorphic properties exact
 * for ref, the enclosure, the judge and fast.
 *
 * Flat layout: in = origin[3] dir[3] tmax p0[3] p1[3] radius; out = hit t.
 * The base capsule K: p0 = (0,0,0), p1 = (0,0,4), radius 2 (z from -2 to 6
 * on the axis).  Expected values are derived by hand in the comments.
 */
#include "testlib_ray.h"

enum { N_IN = 14, IN_O = 0, IN_D = 3, IN_P0 = 7, IN_P1 = 10, IN_R = 13 };

#define IN(...) {__VA_ARGS__} /* origin[3] dir[3] tmax p0[3] p1[3] radius */
#define K 0, 0, 0, 0, 0, 4, 2

static const rt_case cases[] = {
    {IN(5, 0, 2, -1, 0, 0, INFINITY, K), 1, 3, "side"},
    {IN(0, 0, 10, 0, 0, -1, INFINITY, K), 1, 4, "top of the ball at p1"},
    {IN(0, 0, -5, 0, 0, 1, INFINITY, K), 1, 3, "bottom of the ball at p0"},
    /* r = 5: 9 + (z - 4)^2 = 25 at z = 8: t = 12. */
    {IN(3, 0, 20, 0, 0, -1, INFINITY, 0, 0, 0, 0, 0, 4, 5), 1, 12, "end ball, 3-4-5"},
    /* 1 + (z - 4)^2 = 4: t = 6 - sqrt 3 = 4.26794919243112270647255365849. */
    {IN(1, 0, 10, 0, 0, -1, INFINITY, K), 1, 0x1.1126145e9ecd5p+2, "end ball, irrational"},
    /* The junction circle z = 4, x = 2: from (5,0,4) along -x: t = 3. */
    {IN(5, 0, 4, -1, 0, 0, INFINITY, K), 1, 3, "junction of side and ball"},
    /* Oblique into the ball at p0: from (3,0,-4) along (-3,0,4) (length 5):
     * the ball's point (6/5... the line passes through the centre (0,0,0)
     * at t = 1 after 5 units; it enters the ball 2 units earlier: t = 3/5. */
    {IN(3, 0, -4, -3, 0, 4, INFINITY, K), 1, 0.6, "oblique into the end ball"},
    {IN(-5, 0, 6, 1, 0, 0, INFINITY, K), 1, 5, "tangent at the apex"},
    {IN(-5, 0, 0x1.800002p+2, 1, 0, 0, INFINITY, K), 0, 0, "one ulp above the apex"},
    {IN(-5, 0, 2, -1, 0, 0, INFINITY, K), 0, 0, "behind"},
    {IN(3, 0, -10, 0, 0, 1, INFINITY, K), 0, 0, "parallel outside"},
    {IN(2, 0, -10, 0, 0, 1, INFINITY, K), 1, 10, "parallel on the side surface: tangent to the ball at p0"},
    {IN(1, 0, 2, 0, 0, 1, INFINITY, K), 1, 0, "inside the cylinder part"},
    {IN(0, 1, 5, 0, 0, 1, INFINITY, K), 1, 0, "inside the end ball"},
    {IN(0, 0, 6, 0, 0, 1, INFINITY, K), 1, 0, "on the apex, leaving"},
    {IN(0, 0, 7, 0, 0, 0, INFINITY, K), 0, 0, "zero dir outside"},
    {IN(5, 0, 2, -1, 0, 0, 3, K), 1, 3, "t = tmax"},
    {IN(5, 0, 2, -1, 0, 0, 0x1.7ffffep+1, K), 0, 0, "tmax one ulp short"},
    {IN(0, 0, -5, 0, 0, 1, INFINITY, 0, 0, 0, 0, 0, 0, 2), 1, 3, "zero-length axis: a ball"},
    {IN(-1, 0, 2, 1, 0, 0, INFINITY, 0, 0, 0, 0, 0, 4, 0), 1, 1, "radius 0: the segment"},
    {IN(-1, 0, 5, 1, 0, 0, INFINITY, 0, 0, 0, 0, 0, 4, 0), 0, 0, "radius 0, beyond the segment"},
    /* Oblique axis 0 -> (3,4,0), radius 1: from (-2.5,5,0) along (4,-3,0): t = 4/5
     * (the cylinder part, as in test_ray_cylinder.c). */
    {IN(-2.5, 5, 0, 4, -3, 0, INFINITY, 0, 0, 0, 3, 4, 0, 1), 1, 0.8, "oblique axis"},
    /* Along that axis from -(3,4,0): the ball at p0 (radius 1) at distance 4,
     * dir (3,4,0) of length 5: t = 4/5. */
    {IN(-3, -4, 0, 3, 4, 0, INFINITY, 0, 0, 0, 3, 4, 0, 1), 1, 0.8, "oblique axis, end ball"},
};

Test(ray_capsule, hand_cases) { rt_hand_cases(tl_query("ray_capsule"), cases, RT_NCASES(cases)); }

Test(ray_capsule, invalid_inputs)
{
    const double base[N_IN] = IN(5, 0, 2, -1, 0, 0, INFINITY, K);
    rt_invalid_slots(tl_query("ray_capsule"), base, N_IN);
    double in[N_IN];
    memcpy(in, base, sizeof in);
    in[IN_R] = -1;
    tl_expect_invalid(tl_query("ray_capsule"), in, "radius -1");
}

/* ---- relations and metamorphic properties ---------------------------------- */

static void gen(double *in)
{
    int kind = tl_int(0, 4);
    for (int i = 0; i < N_IN; i++)
        in[i] = kind == 0 ? tl_int(-4, 4) : tl_f32(kind == 1 ? 4 : 30);
    in[IN_R] = fabs(in[IN_R]);
    if (kind == 3)
        for (int i = 0; i < 3; i++)
            in[IN_D + i] = (float)(in[IN_P0 + i] - in[IN_O + i]);
    if (kind == 4)
        for (int i = 0; i < 3; i++)
            in[IN_D + i] = (float)(in[IN_P1 + i] - in[IN_P0 + i]);
    in[RT_TMAX] = rt_rand_tmax();
}

Test(ray_capsule, relations_with_parts)
{
    tl_init_seed(4246);
    for (int n = 0; n < 1000; n++) {
        double in[N_IN], s[11], a[2], b[2];
        gen(in);
        if (ref_ray_capsule(in, a) != REF_OK)
            continue;
        /* The capsule contains the cylinder and both balls: where a part is
         * hit, the capsule is hit no later. */
        ref_ray_cylinder(in, b);
        cr_assert(!b[0] || (a[0] && a[1] <= b[1]), "ISECT_SEED=%llu case %d: cylinder hit at %a, capsule %g %a",
                  (unsigned long long)tl_seed, n, b[1], a[0], a[1]);
        for (int end = IN_P0; end <= IN_P1; end += 3) {
            memcpy(s, in, 7 * sizeof *s);
            memcpy(s + 7, in + end, 3 * sizeof *s);
            s[10] = in[IN_R];
            ref_ray_sphere(s, b);
            cr_assert(!b[0] || (a[0] && a[1] <= b[1]), "ISECT_SEED=%llu case %d: ball hit at %a, capsule %g %a",
                      (unsigned long long)tl_seed, n, b[1], a[0], a[1]);
        }
        /* p0 == p1: exactly the ball. */
        memcpy(in + IN_P1, in + IN_P0, 3 * sizeof *in);
        ref_ray_capsule(in, a);
        memcpy(s, in, 7 * sizeof *s);
        memcpy(s + 7, in + IN_P0, 3 * sizeof *s);
        s[10] = in[IN_R];
        ref_ray_sphere(s, b);
        cr_assert(tl_same(a[0], b[0]) && tl_same(a[1], b[1]), "ISECT_SEED=%llu case %d: zero axis vs ball",
                  (unsigned long long)tl_seed, n);
    }
}

Test(ray_capsule, metamorphic)
{
    tl_init_seed(4247);
    int hits = 0;
    for (int n = 0; n < 1000; n++) {
        double in[N_IN], tr[N_IN], a[2], b[2];
        gen(in);
        if (ref_ray_capsule(in, a) != REF_OK)
            continue;
        hits += a[0] != 0;
        /* p0, p1 swapped */
        memcpy(tr, in, sizeof tr);
        memcpy(tr + IN_P0, in + IN_P1, 3 * sizeof *in);
        memcpy(tr + IN_P1, in + IN_P0, 3 * sizeof *in);
        ref_ray_capsule(tr, b);
        RT_SAME(a, b, "case %d: p0, p1 swapped", n);
        /* axis rotation (x, y, z) -> (y, z, x) with a sign flip of x */
        static const int vecs[] = {IN_O, IN_D, IN_P0, IN_P1}, rot[3] = {1, 2, 0};
        static const double flip[3] = {1, 1, -1};
        rt_axis_map(in, tr, N_IN, vecs, 4, rot, flip);
        ref_ray_capsule(tr, b);
        RT_SAME(a, b, "case %d: axis map", n);
        /* positions by 2^k, dir by 2^j: t by 2^(k - j) */
        int k = tl_int(-8, 8), j = tl_int(-8, 8);
        static const int pos[] = {IN_O, IN_P0, IN_P1}, len[] = {IN_R};
        rt_scaled(in, tr, N_IN, pos, 3, len, 1, k, j);
        ref_ray_capsule(tr, b);
        double as[2] = {a[0], ldexp(a[1], k - j)};
        RT_SAME(as, b, "case %d: scaled by 2^%d, 2^%d", n, k, j);
    }
    cr_assert(hits > 200, "only %d hits", hits);
}

/* ---- enclosure, judge, fast --------------------------------------------------- */

Test(ray_capsule, enclosure_is_sound)
{
    tl_init_seed(781);
    rt_check_encl(tl_query("ray_capsule"), gen, 500, 10);
}

Test(ray_capsule, judge)
{
    const double in[N_IN] = IN(5, 0, 2, -1, 0, 0, INFINITY, K); /* t = 3 */
    isect_judgement j = rt_judge("ray_capsule", "fast", in, 1, 3);
    cr_assert_eq(j.verdict, VERDICT_AGREE);
    j = rt_judge("ray_capsule", "fast", in, 1, 7);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY);
    j = rt_judge("ray_capsule", "fast", in, 0, 0);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY);
    /* The capsule answered as a cylinder (no end balls): from the axis above,
     * a miss instead of t = 4: gross. */
    const double top[N_IN] = IN(0, 0, 10, 0, 0, -1, INFINITY, K);
    j = rt_judge("ray_capsule", "fast", top, 1, 6);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "cap at 6 instead of the ball at 4: %s",
                 isect_verdict_name(j.verdict));
    cr_assert(j.severity > 1e5, "severity %g", j.severity);
}

Test(ray_capsule, fast_on_hand_cases) { rt_fast_on_cases("ray_capsule", cases, RT_NCASES(cases)); }
