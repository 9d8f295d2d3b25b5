/* tests/test_sphere_sweep_plane.c: sphere_sweep_plane.
 *
 * Flat layout: in = center[3] velocity[3] radius point[3] normal[3] (13);
 * out = hit t.  Expected values derived by hand beside each case; the
 * irrational one from the closed form with 80 decimal digits.  Z0 is the
 * plane z = 0 given by the point (7,-3,0) and the normal (0,0,2).
 */
#include "testlib_sweep.h"

static const sw_query Q = {"sphere_sweep_plane", ref_sphere_sweep_plane, ref_sphere_sweep_plane_encl, 1, true, 13, 2};

static void z0(double *in, double cz, double vx, double vy, double vz, double r)
{
    sw_make(in, (double[]){0, 0, cz}, (double[]){vx, vy, vz}, r, (double[]){7, -3, 0, 0, 0, 2}, 6);
}

static void hand_cases(void)
{
    double in[13];
    z0(in, 5, 0, 0, -8, 1); /* z = 5 - 8t = 1 at t = 1/2 */
    sw_expect_hit(&Q, in, 0.5, NULL, "front");
    z0(in, -5, 0, 0, 8, 1); /* two-sided: z = -1 at t = 1/2 */
    sw_expect_hit(&Q, in, 0.5, NULL, "back");
    z0(in, 5, 0, 0, 8, 1);
    tl_expect_miss(tl_query(Q.name), in, "moving away");
    z0(in, 5, 0, 0, -20, 1); /* tunnelling step: z = 1 at t = 1/5 */
    sw_expect_hit(&Q, in, 1.0 / 5.0, NULL, "tunnelling");
    z0(in, 5, 0, 0, -4, 1); /* ends touching */
    sw_expect_hit(&Q, in, 1, NULL, "ends touching");
    z0(in, 5, 0, 0, -4 + 0x1p-21, 1); /* one ulp short */
    tl_expect_miss(tl_query(Q.name), in, "one ulp short");
    z0(in, 2, 5, 5, 0, 1); /* parallel, apart */
    tl_expect_miss(tl_query(Q.name), in, "parallel apart");
    z0(in, 0.5, 5, 5, 0, 1); /* parallel, overlapping */
    sw_expect_hit(&Q, in, 0, NULL, "parallel overlapping");
    z0(in, 1, 0, 0, 5, 1); /* touching at the start, moving away */
    sw_expect_hit(&Q, in, 0, NULL, "touching at the start");
    z0(in, 5, 0, 0, -8, 0); /* a point: z = 0 at t = 5/8 */
    sw_expect_hit(&Q, in, 0.625, NULL, "zero radius");
    z0(in, 0, 3, 4, 0, 0); /* a point moving in the plane */
    sw_expect_hit(&Q, in, 0, NULL, "zero radius in the plane");
    z0(in, 0x1p-149, 3, 4, 0, 0); /* ... one ulp above it */
    tl_expect_miss(tl_query(Q.name), in, "zero radius one ulp above");
    z0(in, 3, 0, 0, 0, 2); /* zero velocity */
    tl_expect_miss(tl_query(Q.name), in, "zero velocity apart");
    /* Tilted: x + y = 0 (normal (1,1,0)), (3,0,0) by (-4,0,0), r = 1:
     * (3 - 4t)/sqrt(2) = 1 at t = (3 - sqrt(2))/4 (80 digits, nearest). */
    sw_make(in, (double[]){3, 0, 0}, (double[]){-4, 0, 0}, 1, (double[]){0, 0, 0, 1, 1, 0}, 6);
    sw_expect_hit(&Q, in, 0x1.95f619980c433p-2, NULL, "tilted");
    /* The normal's length and sign do not matter. */
    static const double ns[] = {0x1p+100, 0x1p-140, -3};
    for (int i = 0; i < 3; i++) {
        sw_make(in, (double[]){3, 0, 0}, (double[]){-4, 0, 0}, 1, (double[]){0, 0, 0, ns[i], ns[i], 0}, 6);
        sw_expect_hit(&Q, in, 0x1.95f619980c433p-2, NULL, "tilted, scaled normal");
    }
    for (int k = -40; k <= 40; k += 80) {
        double s = ldexp(1, k);
        sw_make(in, (double[]){0, 0, 5 * s}, (double[]){0, 0, -8 * s}, s, (double[]){7 * s, -3 * s, 0, 0, 0, 2}, 6);
        sw_expect_hit(&Q, in, 0.5, NULL, "scaled");
    }
}

Test(sphere_sweep_plane, hand_cases) { hand_cases(); }

Test(sphere_sweep_plane, hand_cases_without_filter)
{
    ref_set_filter(0);
    hand_cases();
    ref_set_filter(1);
}

Test(sphere_sweep_plane, invalid_inputs)
{
    double base[13], in[13];
    z0(base, 5, 0, 0, -8, 1);
    for (int i = 0; i < 13; i++) {
        memcpy(in, base, sizeof in);
        in[i] = i % 2 ? -INFINITY : NAN;
        tl_expect_invalid(tl_query(Q.name), in, "non-finite");
    }
    memcpy(in, base, sizeof in);
    in[SW_R] = -1;
    tl_expect_invalid(tl_query(Q.name), in, "negative radius");
    memcpy(in, base, sizeof in);
    in[12] = 0;
    tl_expect_invalid(tl_query(Q.name), in, "zero normal");
    in[10] = -0.0;
    tl_expect_invalid(tl_query(Q.name), in, "zero normal with -0");
}

Test(sphere_sweep_plane, metamorphic) { sw_metamorphic(&Q, 700, 4101); }
Test(sphere_sweep_plane, independent_distance_check) { sw_distance_batch(&Q, 800, 4102); }
Test(sphere_sweep_plane, enclosure_is_sound) { sw_encl_sound(&Q, 300, 6, 4103); }
Test(sphere_sweep_plane, filter_agrees_with_exact_path) { sw_filter_agrees(&Q, 800, 4104); }
Test(sphere_sweep_plane, fast_is_defined) { sw_fast_defined(&Q, 1500, 4105); }

Test(sphere_sweep_plane, judge)
{
    double in[13];
    z0(in, 5, 0, 0, -8, 1);
    isect_judgement j = tl_judge(tl_query("sphere_sweep_plane"), "fast", in, (double[]){1, nextafterf(0.5f, 1)});
    cr_assert_eq(j.verdict, VERDICT_AGREE, "one ulp: %s", isect_verdict_name(j.verdict));
    j = tl_judge(tl_query("sphere_sweep_plane"), "fast", in, (double[]){1, 0.625});
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity >= 1000, "t: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    j = tl_judge(tl_query("sphere_sweep_plane"), "fast", in, (double[]){0, 0});
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity >= 1000, "miss: %s %g", isect_verdict_name(j.verdict),
              j.severity);
}

Test(sphere_sweep_plane, fast_agrees_on_hand_cases)
{
    double cases[][5] = {{5, 0, 0, -8, 1}, {-5, 0, 0, 8, 1}, {5, 0, 0, 8, 1},  {5, 0, 0, -20, 1},
                         {5, 0, 0, -4, 1}, {2, 5, 5, 0, 1},  {0.5, 5, 5, 0, 1}, {1, 0, 0, 5, 1}};
    for (size_t n = 0; n < sizeof cases / sizeof *cases; n++) {
        double in[13], out[5];
        const double *c = cases[n];
        z0(in, c[0], c[1], c[2], c[3], c[4]);
        tl_run(tl_query("sphere_sweep_plane"), "fast", in, out);
        isect_judgement j = tl_judge(tl_query("sphere_sweep_plane"), "fast", in, out);
        cr_assert(j.verdict == VERDICT_AGREE, "case %zu: %s (fast %g %a)", n, isect_verdict_name(j.verdict), out[0],
                  out[1]);
    }
}

Test(sphere_sweep_plane, zoo_sign_change_2008_is_caught)
{
    double in[13], out[5];
    const char *qn = "sphere_sweep_plane", *zoo = "zoo:sign_change_2008";
    /* Overlapping at the start and moving away: no sign change, the end is
     * farther than r: a miss where the exact answer is t = 0. */
    z0(in, 0.5, 0, 0, 5, 1);
    tl_run(tl_query(qn), zoo, in, out);
    cr_assert(out[0] == 0);
    isect_judgement j = tl_judge(tl_query(qn), zoo, in, out);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity >= 1000, "start: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    /* A crossing reported at the centre's crossing time 5/8, not at the
     * first contact 1/2. */
    z0(in, 5, 0, 0, -8, 1);
    tl_run(tl_query(qn), zoo, in, out);
    cr_assert(out[0] == 1 && out[1] == 0.625);
    j = tl_judge(tl_query(qn), zoo, in, out);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity >= 1000, "t: %s %g", isect_verdict_name(j.verdict),
              j.severity);
    /* Touching exactly at the end (strict pre-check): a miss. */
    z0(in, 5, 0, 0, -4, 1);
    tl_run(tl_query(qn), zoo, in, out);
    cr_assert(out[0] == 0);
}

/* fast's start contact is exact (docs/queries/sphere_sweep_plane.md, "Start
 * contact"): a sphere that touches or overlaps the plane at t = 0 gets t = 0
 * exactly, even where the binary64 numerator |d0| - r sqrt(N) of the
 * contact-time formula comes out positive.  The case, derived with exact
 * rationals: the plane x + y + z = 0 through the origin (N = 3), r =
 * 0x1.278406p+0, the centre (0x1.ffd926p+0, -0x1.37215cp-29, 0), so d0 =
 * D = 0x1.ffd925f646f52p+0 (a + b needs 53 bits: exact in binary64) and
 * D^2 < 3 r^2 exactly (the sphere overlaps by a hair: ref's t is 0); but
 * r fl(sqrt 3) rounds to D - 2^-52, so the formula's numerator is 2^-52 > 0.
 * Held (v = 0: the formula would give +inf, clamped to 1), moving away
 * (v = (1, 0, 0): 2^-52, a binary32 value far from 0) and moving away
 * slowly (dv = 2^-20: 2^-32). */
Test(sphere_sweep_plane, start_contact_t_is_zero)
{
    static const double vel[][3] = {{0, 0, 0}, {1, 0, 0}, {0, 0x1p-20, 0}};
    for (int k = 0; k < 3; k++) {
        double in[13], out[2], ref_out[2];
        sw_make(in, (double[]){0x1.ffd926p+0, -0x1.37215cp-29, 0}, vel[k], 0x1.278406p+0,
                (double[]){0, 0, 0, 1, 1, 1}, 6);
        ref_sphere_sweep_plane(in, ref_out);
        cr_assert(ref_out[0] == 1 && ref_out[1] == 0, "ref: a start contact (%g, %a)", ref_out[0], ref_out[1]);
        tl_run(tl_query("sphere_sweep_plane"), "fast", in, out);
        cr_assert(out[0] == 1 && out[1] == 0, "velocity %d: fast (%g, %a), expected a hit at t = 0 exactly", k,
                  out[0], out[1]);
    }
}

/* A crossing that the exact path decides while the binary64 dv is 0:
 * n = (1, 1, 1), v = (2^30, 2^-30, -2^30), so dv = 2^-30 exactly but
 * fl(fl(2^30 + 2^-30) - 2^30) = 0, centre (-2^-31, 0, 0), radius 0 (the
 * case of corpus/sphere_sweep_plane/fast_guards.case).  The formula's t is
 * 2^-31 / 0 = +inf; fast clamps it to 1 (docs/queries/sphere_sweep_plane.md:
 * an infinite t gives 1, a NaN or a value <= 0 gives +0), a hit either way.
 * A clamp against t * 0 + 1 (NaN for this t, so no clamp) reports
 * t = inf: this test fails on it. */
Test(sphere_sweep_plane, infinite_formula_t_is_clamped_to_one)
{
    double in[13], out[2], ref_out[2];
    sw_make(in, (double[]){-0x1p-31, 0, 0}, (double[]){0x1p30, 0x1p-30, -0x1p30}, 0,
            (double[]){0, 0, 0, 1, 1, 1}, 6);
    ref_sphere_sweep_plane(in, ref_out);
    cr_assert(ref_out[0] == 1 && ref_out[1] == 0.5, "ref: (%g, %a)", ref_out[0], ref_out[1]);
    tl_run(tl_query("sphere_sweep_plane"), "fast", in, out);
    cr_assert(out[0] == 1 && out[1] == 1, "fast (%g, %a), expected a hit with t clamped to 1", out[0], out[1]);
}
