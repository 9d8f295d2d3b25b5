/* tests/test_target_entry.c: what a target entry declares beyond ulps and
 * tolerance (oracle/targets.h): its working precision, the outputs it
 * computes, the inputs it refuses.  Each test fails without its feature. */
#include <criterion/criterion.h>

#include "isect_ref.h"
#include "judge.h"
#include "targets.h"

#include <math.h>
#include <string.h>

static bool always_hit(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out)
{
    (void)a, (void)b;
    out->hit = true;
    return true;
}

/* Two balls 2^-40 apart (S = 1): a = (0,0,0), 2^-24 - 2^-40; b = (1,0,0),
 * 1 - 2^-24.  Claiming a hit is wrong by about 2^-42 S of input motion:
 * 2^-18 units of 2^-24 (rounding noise for a binary32 library), 2^11 units of
 * 2^-53 (a real error for a binary64 one). */
Test(target_entry, binary64_tolerance_is_in_units_of_2_to_minus_53)
{
    const isect_query *q = isect_query_find("sphere_sphere");
    cr_assert_not_null(q);
    double in[8] = {0, 0, 0, 0x1p-24 - 0x1p-40, 1, 0, 0, 1 - 0x1p-24}, ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
    cr_assert_eq(q->ref(in, ref_out), REF_OK);
    cr_assert_eq(ref_out[0], 0);
    const isect_target_entry e32 = ISECT_ENTRY(sphere_sphere, always_hit, 1, 32);
    const isect_target_entry e64 = ISECT_ENTRY_EX(sphere_sphere, always_hit, 1, 32, NULL, ISECT_BINARY64, NULL);
    cr_assert(isect_target_run(q, &e32, in, out));
    isect_judgement j32 = isect_judge_entry(q, &e32, in, REF_OK, ref_out, out);
    isect_judgement j64 = isect_judge_entry(q, &e64, in, REF_OK, ref_out, out);
    cr_assert_eq(j32.verdict, VERDICT_TOLERATED, "binary32: %s %g", isect_verdict_name(j32.verdict), j32.severity);
    cr_assert_eq(j64.verdict, VERDICT_DISCREPANCY, "binary64: %s %g", isect_verdict_name(j64.verdict), j64.severity);
    cr_assert(j64.severity > 256 && j64.severity < 0x1p14, "severity %g", j64.severity);
    cr_assert_eq(isect_entry_unit(q, &e64), 0x1p-53);
    cr_assert_eq(isect_entry_unit(q, &e32), 0x1p-24);
}

/* A ray along +z from (0,0,-4) at the unit ball: t = 3.  The target finds
 * the hit but writes t = 1.5. */
static bool hit_bad_t(isect_ray ray, isect_sphere s, isect_ray_sphere_result *out)
{
    (void)ray, (void)s;
    out->hit = true;
    out->t = 1.5f;
    return true;
}

Test(target_entry, undeclared_outputs_are_not_judged)
{
    const isect_query *q = isect_query_find("ray_sphere");
    cr_assert_not_null(q);
    double in[11] = {0, 0, -4, 0, 0, 1, INFINITY, 0, 0, 0, 1}, ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
    cr_assert_eq(q->ref(in, ref_out), REF_OK);
    cr_assert_eq(ref_out[1], 3);
    const isect_target_entry all = ISECT_ENTRY(ray_sphere, hit_bad_t, 8, 32);
    const isect_target_entry hit_only = ISECT_ENTRY_EX(ray_sphere, hit_bad_t, 8, 32, "hit", ISECT_BINARY32, NULL);
    isect_target_run(q, &all, in, out);
    cr_assert_eq(isect_judge_entry(q, &all, in, REF_OK, ref_out, out).verdict, VERDICT_DISCREPANCY);
    cr_assert_eq(isect_judge_entry(q, &hit_only, in, REF_OK, ref_out, out).verdict, VERDICT_AGREE);
    cr_assert(!isect_entry_computes(q, &hit_only, 1));
    cr_assert(isect_entry_computes(q, &hit_only, 0));
    /* Names are whole words: "t" is not found inside "point". */
    const isect_query *sw = isect_query_find("sphere_sweep_segment");
    cr_assert_not_null(sw);
    isect_target_entry e = hit_only;
    e.outputs = "hit t";
    for (int o = 0; o < sw->noutputs; o++)
        cr_assert_eq(isect_entry_computes(sw, &e, o), strcmp(sw->outputs[o].name, "point") != 0, "%s",
                     sw->outputs[o].name);
}

static bool must_not_run(isect_ray ray, isect_sphere s, isect_ray_sphere_result *out)
{
    (void)ray, (void)s, (void)out;
    cr_assert_fail("a refused input was run");
    return false;
}

static const char *refuse_negative_z(const double *in) { return in[2] < 0 ? "origin below z = 0" : NULL; }

Test(target_entry, refused_inputs_are_not_run_nor_discrepancies)
{
    const isect_query *q = isect_query_find("ray_sphere");
    double in[11] = {0, 0, -4, 0, 0, 1, INFINITY, 0, 0, 0, 1}, ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
    cr_assert_eq(q->ref(in, ref_out), REF_OK);
    const isect_target_entry e = ISECT_ENTRY_EX(ray_sphere, must_not_run, 8, 32, NULL, ISECT_BINARY32,
                                                refuse_negative_z);
    cr_assert(!isect_target_run(q, &e, in, out));
    isect_judgement j = isect_judge_entry(q, &e, in, REF_OK, ref_out, out);
    cr_assert_eq(j.verdict, VERDICT_REFUSED);
    cr_assert_str_eq(j.why, "origin below z = 0");
    cr_assert_str_eq(isect_verdict_name(j.verdict), "refused");
}

/* The four-argument ISECT_ENTRY keeps the old meaning: every output, units of
 * 2^-24, every input accepted. */
Test(target_entry, defaults_judge_as_before)
{
    const isect_query *q = isect_query_find("ray_sphere");
    const isect_target_entry e = ISECT_ENTRY(ray_sphere, hit_bad_t, 8, 32);
    cr_assert_null(e.outputs);
    cr_assert_null(e.refuse);
    cr_assert_eq(e.precision, ISECT_BINARY32);
    for (int z = -8; z <= 8; z++) {
        double in[11] = {0.25 * z, 0, -4, 0, 0.5, 1, 9, 0, 0, 0, 1}, ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
        int st = q->ref(in, ref_out);
        cr_assert(isect_target_run(q, &e, in, out));
        isect_judgement a = isect_judge(q, in, st, ref_out, out, e.ulps, e.tolerance);
        isect_judgement b = isect_judge_entry(q, &e, in, st, ref_out, out);
        cr_assert(a.verdict == b.verdict && a.severity == b.severity && a.slot == b.slot);
    }
}

/* Exact booleans (ISECT_ENTRY_EXACT): a boolean or enum output that differs
 * from ref's is a discrepancy even at severity below the tolerance; the
 * numeric outputs keep their ulps and tolerance. */
Test(target_entry, exact_booleans_make_every_boolean_mismatch_a_discrepancy)
{
    const isect_query *q = isect_query_find("sphere_sphere");
    double in[8] = {0, 0, 0, 0x1p-24 - 0x1p-40, 1, 0, 0, 1 - 0x1p-24}, ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
    cr_assert_eq(q->ref(in, ref_out), REF_OK);
    const isect_target_entry plain = ISECT_ENTRY(sphere_sphere, always_hit, 1, 32);
    const isect_target_entry exact = ISECT_ENTRY_EXACT(sphere_sphere, always_hit, 1, 32);
    cr_assert_eq(plain.exact, 0);
    cr_assert_eq(exact.exact, ISECT_EXACT_BOOLS);
    cr_assert(isect_target_run(q, &exact, in, out));
    isect_judgement a = isect_judge_entry(q, &plain, in, REF_OK, ref_out, out);
    isect_judgement b = isect_judge_entry(q, &exact, in, REF_OK, ref_out, out);
    cr_assert_eq(a.verdict, VERDICT_TOLERATED, "%s", isect_verdict_name(a.verdict));
    cr_assert_eq(b.verdict, VERDICT_DISCREPANCY, "%s", isect_verdict_name(b.verdict));
    cr_assert(b.slot == 0 && b.severity == a.severity);
}

static bool hit_t_off(isect_ray ray, isect_sphere s, isect_ray_sphere_result *out)
{
    (void)ray, (void)s;
    out->hit = true;
    out->t = 3 + 0x1.8p-19f; /* 2^-20 relative: beyond 8 ulps, within 32 units */
    return true;
}

static bool side_front(isect_sphere s, isect_plane p, isect_sphere_plane_result *out)
{
    (void)s, (void)p;
    out->side = ISECT_FRONT;
    return false;
}

Test(target_entry, exact_booleans_leave_numbers_to_the_tolerance)
{
    const isect_query *q = isect_query_find("ray_sphere");
    double in[11] = {0, 0, -4, 0, 0, 1, INFINITY, 0, 0, 0, 1}, ref_out[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
    cr_assert_eq(q->ref(in, ref_out), REF_OK);
    const isect_target_entry e = ISECT_ENTRY_EXACT(ray_sphere, hit_t_off, 8, 32);
    cr_assert(isect_target_run(q, &e, in, out));
    isect_judgement j = isect_judge_entry(q, &e, in, REF_OK, ref_out, out);
    cr_assert_eq(j.verdict, VERDICT_TOLERATED, "%s %g", isect_verdict_name(j.verdict), j.severity);
    cr_assert_eq(j.slot, 1);

    /* An enum output (no hit flag): a ball touching the plane straddles it,
     * so "front" is wrong by a grazing margin, yet a discrepancy. */
    const isect_query *sp = isect_query_find("sphere_plane");
    double sin[10] = {0, 0, 1, 1, 0, 0, 0, 0, 0, 1};
    cr_assert_eq(sp->ref(sin, ref_out), REF_OK);
    cr_assert_eq(ref_out[0], 0);
    const isect_target_entry p = ISECT_ENTRY(sphere_plane, side_front, 1, 32);
    const isect_target_entry x = ISECT_ENTRY_EXACT(sphere_plane, side_front, 1, 32);
    cr_assert(isect_target_run(sp, &x, sin, out));
    cr_assert_eq(isect_judge_entry(sp, &p, sin, REF_OK, ref_out, out).verdict, VERDICT_TOLERATED);
    cr_assert_eq(isect_judge_entry(sp, &x, sin, REF_OK, ref_out, out).verdict, VERDICT_DISCREPANCY);
}
