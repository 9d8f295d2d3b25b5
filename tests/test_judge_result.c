/* tests/test_judge_result.c: the result contract (docs/judge.md, "The result
 * contract"): the result struct's hit (a plane query's side) agrees with the
 * returned bool, for every target; zero numeric outputs on a miss and a
 * zero miss on invalid input, for an entry that declares ISECT_MISS_ZERO.
 * Each test fails without the rule it names: the targets below answer the
 * boolean right, so the judge's other checks pass them. */
#include <criterion/criterion.h>

#include "isect_ref.h"
#include "judge.h"
#include "targets.h"

#include <math.h>
#include <string.h>

/* Judge fn's answer at in with the entry e. */
static isect_judgement judge(const isect_query *q, const isect_target_entry *e, const double *in)
{
    double ref_out[ISECT_MAX_OUT] = {0}, out[ISECT_MAX_OUT];
    int st = q->ref(in, ref_out);
    cr_assert(isect_target_run(q, e, in, out));
    return isect_judge_entry(q, e, in, st, ref_out, out);
}

/* sphere_sphere: the right bool (|c1 - c0| against r0 + r1, exact for the
 * small integers below), and the struct's hit left false or set true. */
static bool right_bool(isect_sphere a, isect_sphere b)
{
    float dx = b.center.x - a.center.x, dy = b.center.y - a.center.y, dz = b.center.z - a.center.z;
    float r = a.radius + b.radius;
    return dx * dx + dy * dy + dz * dz <= r * r;
}

static bool hit_field_never_set(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out)
{
    (void)out;
    return right_bool(a, b);
}

static bool hit_field_always_set(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out)
{
    out->hit = true;
    return right_bool(a, b);
}

static bool hit_field_right(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out)
{
    return out->hit = right_bool(a, b);
}

Test(judge_result, struct_hit_must_equal_the_return_value_for_every_target)
{
    const isect_query *q = isect_query_find("sphere_sphere");
    double hit_in[8] = {0, 0, 0, 1, 1, 0, 0, 1}, miss_in[8] = {0, 0, 0, 1, 3, 0, 0, 1};
    /* No ISECT_MISS_ZERO: the rule holds for any target (isect.h's signature). */
    const isect_target_entry never = ISECT_ENTRY_EX(sphere_sphere, hit_field_never_set, 1, 0, NULL, ISECT_BINARY32, NULL);
    const isect_target_entry always = ISECT_ENTRY_EX(sphere_sphere, hit_field_always_set, 1, 0, NULL, ISECT_BINARY32, NULL);
    const isect_target_entry right = ISECT_ENTRY_EX(sphere_sphere, hit_field_right, 1, 0, NULL, ISECT_BINARY32, NULL);
    cr_assert_eq(never.miss, 0);
    isect_judgement j = judge(q, &never, hit_in);
    cr_assert_eq(j.verdict, VERDICT_INVALID, "%s", isect_verdict_name(j.verdict));
    cr_assert_not_null(j.why);
    cr_assert_eq(judge(q, &never, miss_in).verdict, VERDICT_AGREE);
    cr_assert_eq(judge(q, &always, hit_in).verdict, VERDICT_AGREE);
    cr_assert_eq(judge(q, &always, miss_in).verdict, VERDICT_INVALID);
    cr_assert_eq(judge(q, &right, hit_in).verdict, VERDICT_AGREE);
    cr_assert_eq(judge(q, &right, miss_in).verdict, VERDICT_AGREE);
    /* Also on invalid input (a negative radius), where nothing else is judged. */
    double bad[8] = {0, 0, 0, -1, 0, 0, 0, 1};
    cr_assert_eq(judge(q, &never, bad).verdict, VERDICT_INVALID, "returns true (r0 + r1 = 0), hit left false");
}

/* ray_sphere, a ray along +z from (0,0,-4) at the ball of radius 1 centred
 * at (0,0,z0): t = 3 for z0 = 0; a miss for z0 = 10 and tmax = 1. */
static bool miss_with_t(isect_ray ray, isect_sphere s, isect_ray_sphere_result *out)
{
    bool hit = ray.tmax > 4 && s.center.z == 0;
    out->hit = hit;
    out->t = hit ? 3.0f : 0.5f; /* 0.5 left on a miss */
    return hit;
}

static bool hits_negative_radius(isect_ray ray, isect_sphere s, isect_ray_sphere_result *out)
{
    (void)ray;
    out->hit = s.radius < 0;
    out->t = s.radius < 0 ? 1.0f : 0.0f;
    return out->hit;
}

Test(judge_result, miss_zero_is_judged_only_where_declared)
{
    const isect_query *q = isect_query_find("ray_sphere");
    double hit_in[11] = {0, 0, -4, 0, 0, 1, INFINITY, 0, 0, 0, 1};
    double miss_in[11] = {0, 0, -4, 0, 0, 1, 1, 0, 0, 10, 1};
    double bad_in[11] = {0, 0, -4, 0, 0, 1, INFINITY, 0, 0, 0, -1};
    const isect_target_entry plain = ISECT_ENTRY_EX(ray_sphere, miss_with_t, 8, 32, NULL, ISECT_BINARY32, NULL);
    isect_target_entry strict = plain;
    strict.miss = ISECT_MISS_ZERO;
    cr_assert_eq(judge(q, &plain, hit_in).verdict, VERDICT_AGREE);
    cr_assert_eq(judge(q, &strict, hit_in).verdict, VERDICT_AGREE);
    cr_assert_eq(judge(q, &plain, miss_in).verdict, VERDICT_AGREE);
    isect_judgement j = judge(q, &strict, miss_in);
    cr_assert_eq(j.verdict, VERDICT_INVALID, "%s", isect_verdict_name(j.verdict));
    cr_assert_eq(j.slot, 1, "the slot of t");

    const isect_target_entry plain_bad = ISECT_ENTRY_EX(ray_sphere, hits_negative_radius, 8, 32, NULL, ISECT_BINARY32, NULL);
    isect_target_entry strict_bad = plain_bad;
    strict_bad.miss = ISECT_MISS_ZERO;
    cr_assert_eq(judge(q, &plain_bad, bad_in).verdict, VERDICT_AGREE, "invalid input: nothing compared");
    j = judge(q, &strict_bad, bad_in);
    cr_assert_eq(j.verdict, VERDICT_INVALID, "%s", isect_verdict_name(j.verdict));
    cr_assert_eq(j.slot, 0, "the hit flag");
}

/* sphere_plane: the plane z = 0 (normal +z), the unit ball at height h. */
static bool side_only(isect_sphere s, isect_plane p, isect_sphere_plane_result *out)
{
    (void)p;
    if (s.radius < 0) {
        out->side = ISECT_STRADDLING; /* isect.h: invalid input is false, side 0 */
        return false;
    }
    float h = s.center.z;
    out->side = h > s.radius ? ISECT_FRONT : h < -s.radius ? ISECT_BACK : ISECT_STRADDLING;
    return false; /* wrong when straddling */
}

static bool always_true(isect_sphere s, isect_plane p, isect_sphere_plane_result *out)
{
    bool r = side_only(s, p, out);
    return !r;
}

Test(judge_result, plane_queries_return_true_exactly_when_straddling)
{
    const isect_query *q = isect_query_find("sphere_plane");
    double straddle[10] = {0, 0, 0.5, 1, 0, 0, 0, 0, 0, 1}, front[10] = {0, 0, 4, 1, 0, 0, 0, 0, 0, 1};
    double bad[10] = {0, 0, 0.5, -1, 0, 0, 0, 0, 0, 1};
    const isect_target_entry lax = ISECT_ENTRY_EX(sphere_plane, side_only, 1, 0, NULL, ISECT_BINARY32, NULL);
    const isect_target_entry yes = ISECT_ENTRY_EX(sphere_plane, always_true, 1, 0, NULL, ISECT_BINARY32, NULL);
    cr_assert_eq(judge(q, &lax, straddle).verdict, VERDICT_INVALID, "false while straddling");
    cr_assert_eq(judge(q, &lax, front).verdict, VERDICT_AGREE);
    cr_assert_eq(judge(q, &lax, bad).verdict, VERDICT_AGREE, "false, side 0 is the answer to invalid input");
    cr_assert_eq(judge(q, &yes, straddle).verdict, VERDICT_AGREE);
    cr_assert_eq(judge(q, &yes, front).verdict, VERDICT_INVALID, "true with side 1");
}

/* The right side everywhere, but true (a hit) on invalid input with side 0. */
static bool true_on_invalid(isect_sphere s, isect_plane p, isect_sphere_plane_result *out)
{
    side_only(s, p, out);
    return out->side == ISECT_STRADDLING;
}

Test(judge_result, plane_queries_miss_on_invalid_input_under_miss_zero)
{
    const isect_query *q = isect_query_find("sphere_plane");
    double straddle[10] = {0, 0, 0.5, 1, 0, 0, 0, 0, 0, 1}, bad[10] = {0, 0, 0.5, -1, 0, 0, 0, 0, 0, 1};
    isect_target_entry lax = ISECT_ENTRY_EX(sphere_plane, true_on_invalid, 1, 0, NULL, ISECT_BINARY32, NULL);
    cr_assert_eq(judge(q, &lax, straddle).verdict, VERDICT_AGREE);
    cr_assert_eq(judge(q, &lax, bad).verdict, VERDICT_AGREE, "without ISECT_MISS_ZERO invalid input is not judged");
    isect_target_entry strict = lax;
    strict.miss = ISECT_MISS_ZERO;
    cr_assert_eq(judge(q, &strict, straddle).verdict, VERDICT_AGREE);
    isect_judgement j = judge(q, &strict, bad);
    cr_assert_eq(j.verdict, VERDICT_INVALID, "true with side 0 on a negative radius");
    cr_assert_not_null(strstr(j.why, "invalid input"), "%s", j.why);
}

/* fast declares the contract on every entry, and keeps it on the inputs above. */
Test(judge_result, fast_declares_miss_zero)
{
    const isect_target *t = isect_target_find("fast");
    cr_assert_not_null(t);
    for (const isect_target_entry *e = t->entries; e->query; e++)
        cr_assert_eq(e->miss, ISECT_MISS_ZERO, "%s", e->query);
    const isect_query *q = isect_query_find("ray_sphere");
    const isect_target_entry *e = isect_target_entry_for(t, "ray_sphere");
    double miss_in[11] = {0, 0, -4, 0, 0, 1, 1, 0, 0, 10, 1}, bad_in[11] = {0, 0, -4, 0, 0, 1, INFINITY, 0, 0, 0, -1};
    cr_assert_eq(judge(q, e, miss_in).verdict, VERDICT_AGREE);
    cr_assert_eq(judge(q, e, bad_in).verdict, VERDICT_AGREE);
}
