/* tests/test_sphere_sweep_point.c: sphere_sweep_point.
 *
 * Flat layout: in = center[3] velocity[3] radius p[3] (10); out = hit t.
 * Expected values are derived by hand beside each case (Pythagorean triples
 * keep roots rational; the irrational one is the closed form evaluated with
 * 80 decimal digits, rounded to nearest); none comes from the code under
 * test.
 */
#include "testlib_sweep.h"

static const sw_query Q = {"sphere_sweep_point", ref_sphere_sweep_point, ref_sphere_sweep_point_encl, 1, false, 10, 2};

static void mk(double *in, double cx, double cy, double cz, double vx, double vy, double vz, double r, double px,
               double py, double pz)
{
    sw_make(in, (double[]){cx, cy, cz}, (double[]){vx, vy, vz}, r, (double[]){px, py, pz}, 3);
}

static void hand_cases(void)
{
    double in[10];
    /* 5-12-13: (7,-4,20) by (0,0,-16), r = 13, p = (4,0,0): sqrt(25 + z^2)
     * = 13 at z = 12, t = 1/2. */
    mk(in, 7, -4, 20, 0, 0, -16, 13, 4, 0, 0);
    sw_expect_hit(&Q, in, 0.5, NULL, "5-12-13");
    /* Tangent graze, zero discriminant: (7,-4,8), r = 5: t = 1/2. */
    mk(in, 7, -4, 8, 0, 0, -16, 5, 4, 0, 0);
    sw_expect_hit(&Q, in, 0.5, NULL, "graze");
    mk(in, nextafterf(7, 8), -4, 8, 0, 0, -16, 5, 4, 0, 0);
    tl_expect_miss(tl_query(Q.name), in, "graze one ulp out");
    /* Irrational: (0,0,0) by (3,0,0), r = 1, p = (2,1/2,0):
     * (3t - 2)^2 + 1/4 = 1, t = (2 - sqrt(3)/2)/3 (80 digits, nearest). */
    mk(in, 0, 0, 0, 3, 0, 0, 1, 2, 0.5, 0);
    sw_expect_hit(&Q, in, 0x1.83103651a778ep-2, NULL, "irrational");
    /* Zero radius through p: (-2,0,0) by (4,0,0), p = (1,0,0): t = 3/4. */
    mk(in, -2, 0, 0, 4, 0, 0, 0, 1, 0, 0);
    sw_expect_hit(&Q, in, 0.75, NULL, "zero radius");
    mk(in, -2, 0, 0, 4, 0, 0, 0, 1, 0x1p-149, 0);
    tl_expect_miss(tl_query(Q.name), in, "zero radius, one ulp off");
    /* Ends touching: (0,0,0) by (1,0,0), r = 1, p = (2,0,0): t = 1. */
    mk(in, 0, 0, 0, 1, 0, 0, 1, 2, 0, 0);
    sw_expect_hit(&Q, in, 1, NULL, "ends touching");
    mk(in, 0, 0, 0, 1, 0, 0, 1, 3, 0, 0);
    tl_expect_miss(tl_query(Q.name), in, "stops short");
    /* Start overlap: |(1,1,1)| <= 2. */
    mk(in, 1, 1, 1, 5, 5, 5, 2, 0, 0, 0);
    sw_expect_hit(&Q, in, 0, NULL, "start overlap");
    /* Touching at the start (3-4-5), moving away: t = 0. */
    mk(in, 3, 4, 0, 3, 4, 0, 5, 0, 0, 0);
    sw_expect_hit(&Q, in, 0, NULL, "touching at the start");
    mk(in, 3, 4, 0, 3, 4, 0, 1, 0, 0, 0);
    tl_expect_miss(tl_query(Q.name), in, "moving away");
    /* Zero velocity. */
    mk(in, 3, 4, 0, 0, 0, 0, 4, 0, 0, 0);
    tl_expect_miss(tl_query(Q.name), in, "zero velocity, apart");
    mk(in, 3, 4, 0, 0, 0, 0, 5, 0, 0, 0);
    sw_expect_hit(&Q, in, 0, NULL, "zero velocity, touching");
    /* Passing through the point's far side: the first contact is the entry:
     * (-5,0,0) by (10,0,0), r = 1, p = 0: x = -1 at t = 2/5 (nearest). */
    mk(in, -5, 0, 0, 10, 0, 0, 1, 0, 0, 0);
    sw_expect_hit(&Q, in, 2.0 / 5.0, NULL, "entry, not exit");
    /* Scaled by 2^40 and 2^-40. */
    for (int k = -40; k <= 40; k += 80) {
        double s = ldexp(1, k);
        mk(in, 7 * s, -4 * s, 20 * s, 0, 0, -16 * s, 13 * s, 4 * s, 0, 0);
        sw_expect_hit(&Q, in, 0.5, NULL, "scaled");
    }
}

Test(sphere_sweep_point, hand_cases) { hand_cases(); }

Test(sphere_sweep_point, hand_cases_without_filter)
{
    ref_set_filter(0);
    hand_cases();
    ref_set_filter(1);
}

Test(sphere_sweep_point, invalid_inputs)
{
    double base[10], in[10];
    mk(base, 7, -4, 20, 0, 0, -16, 13, 4, 0, 0);
    for (int i = 0; i < 10; i++) {
        memcpy(in, base, sizeof in);
        in[i] = i % 2 ? NAN : -INFINITY;
        tl_expect_invalid(tl_query(Q.name), in, "non-finite");
    }
    memcpy(in, base, sizeof in);
    in[SW_R] = -1;
    tl_expect_invalid(tl_query(Q.name), in, "negative radius");
}

Test(sphere_sweep_point, metamorphic) { sw_metamorphic(&Q, 700, 1101); }
Test(sphere_sweep_point, independent_distance_check) { sw_distance_batch(&Q, 800, 1102); }
Test(sphere_sweep_point, enclosure_is_sound) { sw_encl_sound(&Q, 300, 6, 1103); }
Test(sphere_sweep_point, filter_agrees_with_exact_path) { sw_filter_agrees(&Q, 800, 1104); }
Test(sphere_sweep_point, fast_is_defined) { sw_fast_defined(&Q, 1500, 1105); }

Test(sphere_sweep_point, judge)
{
    double in[10];
    mk(in, 7, -4, 20, 0, 0, -16, 13, 4, 0, 0);
    isect_judgement j = tl_judge(tl_query("sphere_sweep_point"), "fast", in, (double[]){1, nextafterf(0.5f, 0)});
    cr_assert_eq(j.verdict, VERDICT_AGREE, "one ulp: %s", isect_verdict_name(j.verdict));
    j = tl_judge(tl_query("sphere_sweep_point"), "fast", in, (double[]){1, 0.625});
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity >= 1000, "t: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    j = tl_judge(tl_query("sphere_sweep_point"), "fast", in, (double[]){0, 0});
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity >= 1000, "miss: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    mk(in, 7, -4, 8, 0, 0, -16, 5, 4, 0, 0); /* graze: a miss is the smallest nudge away */
    j = tl_judge(tl_query("sphere_sweep_point"), "fast", in, (double[]){0, 0});
    cr_assert(j.verdict != VERDICT_DISCREPANCY && j.severity < 4, "graze: %s %g", isect_verdict_name(j.verdict),
              j.severity);
}

Test(sphere_sweep_point, fast_agrees_on_hand_cases)
{
    double cases[][10] = {{7, -4, 20, 0, 0, -16, 13, 4, 0, 0}, {7, -4, 8, 0, 0, -16, 5, 4, 0, 0},
                          {0, 0, 0, 3, 0, 0, 1, 2, 0.5, 0},     {-2, 0, 0, 4, 0, 0, 0, 1, 0, 0},
                          {0, 0, 0, 1, 0, 0, 1, 2, 0, 0},       {1, 1, 1, 5, 5, 5, 2, 0, 0, 0},
                          {3, 4, 0, 3, 4, 0, 1, 0, 0, 0},       {-5, 0, 0, 10, 0, 0, 1, 0, 0, 0}};
    for (size_t n = 0; n < sizeof cases / sizeof *cases; n++) {
        double out[5];
        tl_run(tl_query("sphere_sweep_point"), "fast", cases[n], out);
        isect_judgement j = tl_judge(tl_query("sphere_sweep_point"), "fast", cases[n], out);
        cr_assert(j.verdict == VERDICT_AGREE, "case %zu: %s (fast %g %a)", n, isect_verdict_name(j.verdict), out[0],
                  out[1]);
    }
}
