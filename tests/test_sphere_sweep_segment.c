/* tests/test_sphere_sweep_segment.c: sphere_sweep_segment.
 *
 * Flat layout: in = center[3] velocity[3] radius p0[3] p1[3] (13);
 * out = hit t point[3].  Expected values derived by hand beside each case;
 * the irrational ones from the closed form with 80 decimal digits, rounded
 * to nearest.  S4 is the segment from (0,0,0) to (4,0,0).
 */
#include "testlib_sweep.h"

static const sw_query Q = {"sphere_sweep_segment", ref_sphere_sweep_segment, ref_sphere_sweep_segment_encl, 2, false,
                           13, 5};

static void s4(double *in, double cx, double cy, double cz, double vx, double vy, double vz, double r)
{
    sw_make(in, (double[]){cx, cy, cz}, (double[]){vx, vy, vz}, r, (double[]){0, 0, 0, 4, 0, 0}, 6);
}

static void hit(const double *in, double t, double px, double py, double pz, const char *what)
{
    sw_expect_hit(&Q, in, t, (double[]){px, py, pz}, what);
}

static void hand_cases(void)
{
    double in[13];
    /* Interior (3-4-5): (2,-3,10) by (0,0,-12), r = 5: t = 1/2, foot (2,0,0). */
    s4(in, 2, -3, 10, 0, 0, -12, 5);
    hit(in, 0.5, 2, 0, 0, "interior");
    /* Endpoint (5-12-13): the foot x = 7 is beyond p1: p1 at z = 12. */
    s4(in, 7, -4, 20, 0, 0, -16, 13);
    hit(in, 0.5, 4, 0, 0, "endpoint");
    /* Along the line (a = 0): (-4,0,0) by (8,0,0), r = 1: p0 at x = -1,
     * t = 3/8. */
    s4(in, -4, 0, 0, 8, 0, 0, 1);
    hit(in, 0.375, 0, 0, 0, "along the line");
    /* Parallel to the line at distance 1 = r: touches p0's end first? No:
     * the line distance is constant 1, so the interior is at distance 1 as
     * soon as the foot enters [0,4]: (-4,1,0) by (8,0,0): the foot x = -4 +
     * 8t reaches 0 at t = 1/2, where |(0,1,0) - p0| = 1 = r: p0, t = 1/2. */
    s4(in, -4, 1, 0, 8, 0, 0, 1);
    hit(in, 0.5, 0, 0, 0, "parallel at distance r");
    /* Irrational t, rational point: (1,-2,0) by (0,3,1), r = 1:
     * (-2 + 3t)^2 + t^2 = 1, t = (6 - sqrt(6))/10; foot (1,0,0). */
    s4(in, 1, -2, 0, 0, 3, 1, 1);
    hit(in, 0x1.6b927eff8b241p-2, 1, 0, 0, "irrational t");
    /* Irrational point: velocity (1,3,1), the same t, foot x = 1 + t =
     * (16 - sqrt(6))/10. */
    s4(in, 1, -2, 0, 1, 3, 1, 1);
    hit(in, 0x1.6b927eff8b241p-2, 0x1.5ae49fbfe2c90p+0, 0, 0, "irrational point");
    /* Beyond the end: (6,-3,10) by (0,0,-12), r = 1. */
    s4(in, 6, -3, 10, 0, 0, -12, 1);
    tl_expect_miss(tl_query(Q.name), in, "beyond the end");
    /* Start overlap, interior closest point: (2,1,0), r = 1. */
    s4(in, 2, 1, 0, 0, 5, 0, 1);
    hit(in, 0, 2, 0, 0, "start overlap, interior");
    /* Start overlap beyond p1: (5,0,0), r = 1: closest p1. */
    s4(in, 5, 0, 0, 0, 0, 0, 1);
    hit(in, 0, 4, 0, 0, "start overlap, end");
    /* Zero radius crossing: (2,-1,0) by (0,2,0): t = 1/2 at (2,0,0). */
    s4(in, 2, -1, 0, 0, 2, 0, 0);
    hit(in, 0.5, 2, 0, 0, "zero radius");
    s4(in, 2, -1, 0x1p-149, 0, 2, 0, 0);
    tl_expect_miss(tl_query(Q.name), in, "zero radius, one ulp above");
    /* Zero velocity apart. */
    s4(in, 2, 3, 0, 0, 0, 0, 2);
    tl_expect_miss(tl_query(Q.name), in, "zero velocity");
    /* Tangent graze of the interior: the path (x, 1, z) with x = 2, z from
     * 3 down by 6 (r = 1): distance sqrt(1 + z^2) = 1 only at z = 0, t = 1/2
     * (line quadratic with zero discriminant), foot (2,0,0). */
    s4(in, 2, 1, 3, 0, 0, -6, 1);
    hit(in, 0.5, 2, 0, 0, "graze the interior");
}

Test(sphere_sweep_segment, hand_cases) { hand_cases(); }

Test(sphere_sweep_segment, hand_cases_without_filter)
{
    ref_set_filter(0);
    hand_cases();
    ref_set_filter(1);
}

Test(sphere_sweep_segment, degenerate_and_scaled)
{
    double in[13];
    /* A point segment at (4,0,0): the 5-12-13 contact. */
    sw_make(in, (double[]){7, -4, 20}, (double[]){0, 0, -16}, 13, (double[]){4, 0, 0, 4, 0, 0}, 6);
    hit(in, 0.5, 4, 0, 0, "point segment");
    /* Reversed ends: identical. */
    sw_make(in, (double[]){2, -3, 10}, (double[]){0, 0, -12}, 5, (double[]){4, 0, 0, 0, 0, 0}, 6);
    hit(in, 0.5, 2, 0, 0, "reversed");
    for (int k = -40; k <= 40; k += 80) {
        double s = ldexp(1, k);
        sw_make(in, (double[]){2 * s, -3 * s, 10 * s}, (double[]){0, 0, -12 * s}, 5 * s,
                (double[]){0, 0, 0, 4 * s, 0, 0}, 6);
        hit(in, 0.5, 2 * s, 0, 0, "scaled");
    }
}

Test(sphere_sweep_segment, invalid_inputs)
{
    double base[13], in[13];
    s4(base, 2, -3, 10, 0, 0, -12, 5);
    for (int i = 0; i < 13; i++) {
        memcpy(in, base, sizeof in);
        in[i] = i % 2 ? INFINITY : NAN;
        tl_expect_invalid(tl_query(Q.name), in, "non-finite");
    }
    memcpy(in, base, sizeof in);
    in[SW_R] = -2;
    tl_expect_invalid(tl_query(Q.name), in, "negative radius");
}

Test(sphere_sweep_segment, metamorphic) { sw_metamorphic(&Q, 600, 2101); }
Test(sphere_sweep_segment, independent_distance_check) { sw_distance_batch(&Q, 800, 2102); }
Test(sphere_sweep_segment, enclosure_is_sound) { sw_encl_sound(&Q, 300, 6, 2103); }
Test(sphere_sweep_segment, filter_agrees_with_exact_path) { sw_filter_agrees(&Q, 800, 2104); }
Test(sphere_sweep_segment, fast_is_defined) { sw_fast_defined(&Q, 1500, 2105); }

Test(sphere_sweep_segment, judge)
{
    double in[13];
    s4(in, 2, -3, 10, 0, 0, -12, 5);
    const char *qn = "sphere_sweep_segment";
    isect_judgement j = tl_judge(tl_query(qn), "fast", in, (double[]){1, 0.5, nextafterf(2, 3), 0, 0});
    cr_assert_eq(j.verdict, VERDICT_AGREE, "one ulp: %s", isect_verdict_name(j.verdict));
    j = tl_judge(tl_query(qn), "fast", in, (double[]){1, 0.5, 3, 0, 0});
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity >= 1000, "point: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    j = tl_judge(tl_query(qn), "fast", in, (double[]){0, 0, 0, 0, 0});
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity >= 1000, "miss: %s %g", isect_verdict_name(j.verdict),
              j.severity);
}

Test(sphere_sweep_segment, fast_agrees_on_hand_cases)
{
    double cases[][7] = {{2, -3, 10, 0, 0, -12, 5}, {7, -4, 20, 0, 0, -16, 13}, {-4, 0, 0, 8, 0, 0, 1},
                         {1, -2, 0, 0, 3, 1, 1},    {1, -2, 0, 1, 3, 1, 1},     {2, 1, 0, 0, 5, 0, 1},
                         {5, 0, 0, 0, 0, 0, 1},     {2, -1, 0, 0, 2, 0, 0},     {6, -3, 10, 0, 0, -12, 1}};
    for (size_t n = 0; n < sizeof cases / sizeof *cases; n++) {
        double in[13], out[5];
        const double *c = cases[n];
        s4(in, c[0], c[1], c[2], c[3], c[4], c[5], c[6]);
        tl_run(tl_query("sphere_sweep_segment"), "fast", in, out);
        isect_judgement j = tl_judge(tl_query("sphere_sweep_segment"), "fast", in, out);
        cr_assert(j.verdict == VERDICT_AGREE, "case %zu: %s (fast %g %a %g)", n, isect_verdict_name(j.verdict), out[0],
                  out[1], out[2]);
    }
}
