/* tests/test_properties.c: the properties of oracle/property.h hold for ref
 * (exactly) and for fast on hand inputs and their derivations, and flag
 * deliberately broken local functions and the zoo's leaking raycasts. */
#include <criterion/criterion.h>

#include "property.h"

#include <math.h>
#include <string.h>

/* Hand inputs, per base query. */
typedef struct {
    const char *query;
    double in[32];
} hand;

static const hand hands[] = {
    {"ray_triangle", {1, 3, 4, 1, -1, -4, INFINITY, 0, 0, 0, 4, 0, 0, 0, 4, 0}},
    {"ray_triangle", {1, 2, 3, -1, -2, -3, 2, 0, 0, 0, 4, 0, 0, 0, 4, 0}},
    {"ray_triangle", {0.3f, 0.7f, -5, 0.01f, 0.02f, 1, INFINITY, -1.5f, -1, 0.25f, 3, -1, 0.5f, 0.125f, 2.75f, 0.5f}},
    {"sphere_sphere", {0, 0, 0, 1, 3, 0, 0, 2}},
    {"sphere_sphere", {0.5f, 1, -2, 1.5f, 1, 1, -1, 0.25f}},
    {"aabb_aabb", {0, 0, 0, 1, 1, 1, 1, 0.5f, 0.5f, 2, 2, 2}},
    {"capsule_capsule", {0, 0, 0, 4, 0, 0, 1, 2, 3, -1, 2, -3, 1, 1}},
    {"triangle_triangle", {0, 0, 0, 4, 0, 0, 0, 4, 0, 1, 1, -1, 1, 1, 1, 3, 3, 0}},
    {"obb_obb", {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 2, 0, 0, 0.6f, 0.8f, 0, -0.8f, 0.6f, 0, 0, 0, 1, 1, 1, 1}},
    {"sphere_sweep_triangle", {1, 1, 3, 0, 0, -4, 1, 0, 0, 0, 4, 0, 0, 0, 4, 0}},
    {"sphere_sweep_point", {0, 0, 0, 0, 0, 0, 2, 1, 1, 1}},
    {"sphere_sweep_segment", {0, 0, 0, 1, 1, 0, 1, 2, 0, 0, 2, 3, 0}},
    {"sphere_sweep_plane", {0, 0, 1, 0, 0, -2, 1, 0, 0, 0, 0, 0, 1}},
    {"sphere_triangle", {1, 1, 1, 1, 0, 0, 0, 4, 0, 0, 0, 4, 0}},
    {"ray_capsule", {-5, 0.5f, 0, 1, 0, 0, INFINITY, 0, 0, 0, 4, 0, 0, 1}},
    {"ray_capsule", {-5, 1, 0, 1, 0, 0, INFINITY, 0, 0, 0, 4, 0, 0, 1}},
    {"ray_aabb", {-3, 0.5f, 0.5f, 1, 0, 0, INFINITY, 0, 0, 0, 1, 1, 1}},
    {"ray_aabb", {-3, 1, 0.5f, 1, 0, 0, 10, 0, 0, 0, 1, 1, 1}},
    {"point_in_triangle", {1, 1, 2, 0, 0, 0, 4, 0, 4, 0, 4, 4}},
    {"sphere_plane", {0, 0, 1, 1, 0, 0, 0, 0, 0, 1}},
    {"aabb_plane", {0, 0, 0, 1, 1, 1, 0.5f, 0.5f, 0.5f, 0, 0, 1}},
};

static void check_all(const isect_target *t, int tries)
{
    isect_prop_set s;
    int ran = 0;
    for (size_t p = 0; p < isect_properties_size; p++) {
        const isect_property *pr = isect_properties[p];
        int applied = 0;
        for (size_t h = 0; h < sizeof hands / sizeof *hands; h++) {
            const isect_query *q = isect_query_find(hands[h].query);
            cr_assert_not_null(q);
            for (int r = 0; r < tries; r++) {
                isect_prop_result res = isect_property_check(pr, t, q, hands[h].in, (uint64_t)r, &s);
                cr_assert_neq(res.status, PROP_VIOLATED, "%s on %s (hand %zu, r %d) for %s: %s", pr->name, q->name, h,
                              r, t ? t->name : "ref", res.why);
                if (!t)
                    cr_assert_neq(res.status, PROP_TOLERATED, "ref must satisfy %s exactly", pr->name);
                applied += res.status != PROP_NA;
            }
        }
        cr_assert(applied > 0, "property %s never applied to the hand inputs", pr->name);
        ran += applied;
    }
    cr_assert(ran > 100);
}

Test(properties, hold_for_ref) { check_all(NULL, 32); }

/* A campaign's finding against fast (prop_watertight, 2026-11-27): the
 * watertight derivation snapped v1.y = 0x1.fffffep+127 to its grid and got
 * 2^128, a finite double but no binary32 value: ref hit both triangles of
 * the shared edge, fast read the vertex as infinite and refused.  Every
 * derived value must be a binary32 value, and the properties hold for ref
 * and fast on this input for every derivation isect props tries. */
Test(properties, derived_inputs_are_binary32)
{
    static const double in[16] = {0x1p+121, -0x1.68p+5, 0x1p+120, -0x1p+121, 0x1.fdfffep+127, -0x1p+120,
                                  0x1p+60, 0x1.8508p+8, -0x1.8174p+5, 0x1p+60, 0x1.8508p+8, 0x1.fffffep+127,
                                  0x1p+60, 0x1.77d6cep+8, -0x1p+120, -0x1p+120};
    const isect_query *q = isect_query_find("ray_triangle");
    const isect_target *targets[2] = {NULL, isect_target_find("fast")};
    isect_prop_set s;
    int applied = 0;
    for (size_t p = 0; p < isect_properties_size; p++)
        for (uint64_t i = 0; i <= PROP_CORPUS_TRIES; i++) {
            uint64_t r = i < PROP_CORPUS_TRIES ? i : isect_property_word(q, in);
            for (int t = 0; t < 2; t++) {
                isect_prop_result res = isect_property_check(isect_properties[p], targets[t], q, in, r, &s);
                cr_assert_neq(res.status, PROP_VIOLATED, "%s, r %llu, %s: %s", isect_properties[p]->name,
                              (unsigned long long)r, t ? "fast" : "ref", res.why);
                if (res.status == PROP_NA)
                    continue;
                applied++;
                for (int j = 0; j < s.n; j++)
                    for (int k = 0; k < isect_query_nin(s.q[j]); k++)
                        cr_assert(isnan(s.in[j][k]) || (double)(float)s.in[j][k] == s.in[j][k],
                                  "%s: derived input %d value %d is %a", isect_properties[p]->name, j, k, s.in[j][k]);
            }
        }
    cr_assert(applied > 0);
}

Test(properties, hold_for_fast) { check_all(isect_target_find("fast"), 32); }

/* ---- broken local functions ------------------------------------------------- */

/* sphere_sphere that ignores the second radius: not symmetric. */
static bool half_sphere_sphere(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out)
{
    memset(out, 0, sizeof *out);
    float dx = a.center.x - b.center.x, dy = a.center.y - b.center.y, dz = a.center.z - b.center.z;
    out->hit = dx * dx + dy * dy + dz * dz <= a.radius * a.radius;
    return out->hit;
}

/* ray_cylinder that never hits: the capsule is no longer the union. */
static bool no_cylinder(isect_ray r, isect_cylinder c, isect_ray_cylinder_result *out)
{
    (void)r, (void)c;
    memset(out, 0, sizeof *out);
    return false;
}

/* ray_sphere that takes |center.x|: not invariant under a sign flip. */
static bool abs_ray_sphere(isect_ray r, isect_sphere s, isect_ray_sphere_result *out)
{
    s.center.x = fabsf(s.center.x);
    return isect_ray_sphere(r, s, out);
}

static const isect_target_entry broken_entries[] = {
    ISECT_ENTRY(sphere_sphere, half_sphere_sphere, 1, 4),
    ISECT_ENTRY(ray_capsule, isect_ray_capsule, 8, 32),
    ISECT_ENTRY(ray_cylinder, no_cylinder, 8, 32),
    ISECT_ENTRY(ray_sphere, abs_ray_sphere, 8, 32),
    ISECT_ENTRIES_END,
};
static const isect_target broken = {"test:broken", "deliberately broken", broken_entries, 0};

static bool flags(const char *prop, const isect_target *t, const char *query, const double *in, int tries)
{
    isect_prop_set s;
    for (int r = 0; r < tries; r++) {
        isect_prop_result res = isect_property_check(isect_property_find(prop), t, isect_query_find(query), in,
                                                     (uint64_t)r, &s);
        if (res.status == PROP_VIOLATED)
            return true;
    }
    return false;
}

Test(properties, flag_broken_functions)
{
    const double spheres[8] = {0, 0, 0, 0.5f, 3, 0, 0, 3.5f}; /* overlap by 1 */
    cr_assert(flags("symmetry", &broken, "sphere_sphere", spheres, 1));
    const double capsule[14] = {2, -5, 0, 0, 1, 0, INFINITY, 0, 0, 0, 4, 0, 0, 1}; /* the cylinder only */
    cr_assert(flags("capsule_union", &broken, "ray_capsule", capsule, 1));
    const double rs[11] = {0, 0, 0, 1, 0, 0, INFINITY, -4, 0, 0, 1}; /* behind the origin after |x| */
    cr_assert(flags("invariance", &broken, "ray_sphere", rs, 64));
}

/* fast's ray_triangle behind an entry that refuses every ray with tmax =
 * inf (as peer:bullet does): a refused input has no answer, so a set with
 * one is not judged; read as a miss, it made a watertight ray "leak". */
static const char *refuse_infinite_tmax(const double *in) { return isinf(in[6]) ? "tmax = inf" : NULL; }

static const isect_target_entry refusing_entries[] = {
    ISECT_ENTRY_EX(ray_triangle, isect_ray_triangle, 8, 32, NULL, ISECT_BINARY32, refuse_infinite_tmax),
    ISECT_ENTRIES_END,
};
static const isect_target refusing = {"test:refusing", "fast, refusing tmax = inf", refusing_entries, 0};

Test(properties, refused_inputs_are_not_misses)
{
    const double edge[16] = {1, 3, 4, 1, -1, -4, INFINITY, 0, 0, 0, 4, 0, 0, 0, 4, 0};
    const double *hands_in[2] = {edge, hands[1].in};
    for (int h = 0; h < 2; h++)
        for (size_t p = 0; p < isect_properties_size; p++)
            if (isect_property_has_base(isect_properties[p], isect_query_find("ray_triangle")))
                cr_assert(!flags(isect_properties[p]->name, &refusing, "ray_triangle", hands_in[h], 32),
                          "%s flags a target on inputs it refused (hand %d)", isect_properties[p]->name, h);
    isect_prop_set s;
    isect_prop_result res = isect_property_check(isect_property_find("watertight"), &refusing,
                                                 isect_query_find("ray_triangle"), edge, 0, &s);
    cr_assert_eq(res.status, PROP_NA, "a set with a refused input is not judged: %s", isect_prop_status_name(res.status));
}

Test(properties, watertight_catches_the_leaking_zoo)
{
    const double edge[16] = {1, 3, 4, 1, -1, -4, INFINITY, 0, 0, 0, 4, 0, 0, 0, 4, 0};
    cr_assert(flags("watertight", isect_target_find("zoo:mt_strict"), "ray_triangle", edge, 1));
    cr_assert(!flags("watertight", isect_target_find("fast"), "ray_triangle", edge, 64));
    /* the three.js leak from corpus/ray_triangle/threejs_leak.case */
    const double leak[16] = {-0x1.953d56p+11, -0x1.55ff8p+4, -0x1.dc7f94p+10, 0, 0x1p-149, 0, INFINITY,
                             -0x1.8d7e0ep+11, -0x1p+2,       -0x1.dcd8p+10,   -0x1.faaep+5, -0x1.854ff8p+8,
                             -0x1.d9897cp+10, -0x1.cep+11,   0x1.f3008p+4,    -0x1.dd4p+10};
    const isect_query *q = isect_query_find("ray_triangle");
    isect_prop_set s;
    isect_prop_result res = isect_property_check(isect_property_find("watertight"), isect_target_find("zoo:threejs_ray"),
                                                 q, leak, isect_property_word(q, leak), &s);
    cr_assert_eq(res.status, PROP_VIOLATED, "%s", res.why);
    res = isect_property_check(isect_property_find("watertight"), NULL, q, leak, isect_property_word(q, leak), &s);
    cr_assert_eq(res.status, PROP_HOLDS);
    cr_assert(flags("parity", isect_target_find("zoo:mt_strict"), "ray_triangle", edge, 16));
}
