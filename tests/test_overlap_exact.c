/* tests/test_overlap_exact.c: fast's exact booleans (issue 14).
 *
 * For every static overlap and side query whose fast entry claims exact
 * booleans, fast's hit flag or side equals ref's exact answer, bit for bit,
 * on inputs built to reach fast's exact path: small-integer shapes at a
 * random power-of-two scale (so that touching, coplanar and collinear
 * configurations are exact), a few values nudged by ulps, then the
 * catalog's boundary edits (the fuzzers' mutations).  ISECT_SEED changes
 * the seed.  The fuzzers (make fuzz-run) check the same claim for longer.
 */
#include "testlib.h"

#include "isect.h"
#include "targets.h"

static const char *const exact_queries[] = {"sphere_sphere",     "aabb_aabb",         "sphere_aabb",
                                            "sphere_plane",      "aabb_plane",        "point_in_triangle",
                                            "sphere_triangle",   "triangle_triangle", "aabb_triangle",
                                            "capsule_capsule",   "obb_obb"};

static void gen(const isect_query *q, double *in)
{
    int nin = isect_query_nin(q), e = tl_int(-30, 30);
    for (int k = 0; k < nin; k++)
        in[k] = tl_grid_value(in, k, e);
    for (int m = tl_int(0, 2); m > 0 && q->mutate; m--)
        q->mutate(in, tl_rnd());
    for (int k = 0; k < nin; k++)
        in[k] = (float)in[k];
}

Test(overlap_exact, fast_equals_ref)
{
    tl_init_seed(0x14e1ac7);
    for (size_t i = 0; i < sizeof exact_queries / sizeof *exact_queries; i++) {
        const isect_query *q = isect_query_find(exact_queries[i]);
        const isect_target_entry *e = isect_target_entry_for(isect_target_find("fast"), q->name);
        cr_assert(e && (e->exact & ISECT_EXACT_BOOLS), "%s: fast's entry does not claim exact booleans", q->name);
        int valid = 0, hits = 0;
        for (int n = 0; n < 30000; n++) {
            double in[ISECT_MAX_IN], want[ISECT_MAX_OUT], got[ISECT_MAX_OUT];
            gen(q, in);
            if (q->ref(in, want) != ISECT_REF_OK)
                continue;
            valid++;
            tl_run(q, "fast", in, got);
            hits += want[0] != 0;
            if (got[0] != want[0]) {
                char buf[1024];
                tl_dump(buf, sizeof buf, in, isect_query_nin(q));
                cr_assert_fail("%s: fast %g, ref %g (ISECT_SEED=%llu): %s", q->name, got[0], want[0],
                               (unsigned long long)tl_seed, buf);
            }
        }
        cr_assert(valid > 3000 && hits > 200, "%s: %d valid cases, %d hits", q->name, valid, hits);
    }
}
