/* tests/test_judge_degenerate.c: judging inputs on the degenerate set of a
 * query whose hit set has no interior (docs/judge.md, "Inputs on a
 * degenerate set"): point_in_triangle with p exactly in the triangle's
 * plane is judged over perturbations that stay in the plane; boundary
 * conventions stay tolerated, and full-dimensional queries are unchanged
 * (zoo:xna_sphere's touching spheres). */
#include <criterion/criterion.h>

#include "isect_ref.h"
#include "judge.h"
#include "targets.h"

#include <string.h>

static isect_judgement judge_pit(const double *in, double claim, double *sev_out)
{
    /* A target that finds points within a few units of the triangle, as fast
     * did before its booleans became exact (issue 14): tolerance 16. */
    const double tolerance = 16;
    const isect_query *q = isect_query_find("point_in_triangle");
    double ref_out[ISECT_MAX_OUT] = {0}, out[ISECT_MAX_OUT] = {0};
    int st = q->ref(in, ref_out);
    out[0] = claim;
    isect_judgement j = isect_judge(q, in, st, ref_out, out, 0, tolerance);
    if (sev_out)
        *sev_out = tolerance;
    return j;
}

/* triangle (0,0,0) (4,0,4) (0,4,4) in the plane z = x + y */
static void tilted(double *in, double x, double y, double z)
{
    const double v[12] = {x, y, z, 0, 0, 0, 4, 0, 4, 0, 4, 4};
    memcpy(in, v, sizeof v);
}

Test(judge_degenerate, on_set_is_exact)
{
    const isect_query *q = isect_query_find("point_in_triangle");
    double in[12];
    tilted(in, 1, 1, 2);
    cr_assert(isect_on_degenerate_set(q, in));
    tilted(in, 1, 1, 0x1.000002p+1); /* one ulp off the plane */
    cr_assert(!isect_on_degenerate_set(q, in));
    tilted(in, 9, -3, 6); /* in the plane, outside the triangle: still on the set */
    cr_assert(isect_on_degenerate_set(q, in));
    const double degenerate[12] = {1, 1, 1, 0, 0, 0, 2, 2, 2, 1, 1, 1}; /* collinear: not this set */
    cr_assert(!isect_on_degenerate_set(q, degenerate));
    cr_assert(!isect_on_degenerate_set(isect_query_find("sphere_sphere"), degenerate));
}

Test(judge_degenerate, outside_for_coplanar_interior_is_a_discrepancy)
{
    double in[12], tol;
    tilted(in, 1, 1, 2);
    isect_judgement j = judge_pit(in, 0, &tol);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "verdict %s severity %g", isect_verdict_name(j.verdict), j.severity);
    /* the distance to the nearest edge is 1 = 2^22 units of 2^-24 * 4 */
    cr_assert(j.severity > 1e5 && j.severity <= 0x1p22, "severity %g", j.severity);
    cr_assert(j.severity > tol);
    /* axis plane, near an edge: still a real severity */
    const double near[12] = {1, 0x1p-10, 0, 0, 0, 0, 4, 0, 0, 0, 4, 0};
    j = judge_pit(near, 0, NULL);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "severity %g", j.severity);
    cr_assert(j.severity <= 0x1p12, "severity %g must not exceed the in-plane distance 2^12", j.severity);
}

Test(judge_degenerate, boundary_conventions_stay_tolerated)
{
    double in[12];
    tilted(in, 2, 2, 4); /* exactly on the edge v1 v2 */
    isect_judgement j = judge_pit(in, 0, NULL);
    cr_assert_eq(j.verdict, VERDICT_TOLERATED, "severity %g", j.severity);
    cr_assert_eq(j.severity, 0);
    const double ulp_out[12] = {1, -0x1p-22, 0, 0, 0, 0, 4, 0, 0, 0, 4, 0}; /* in the plane, one ulp outside */
    j = judge_pit(ulp_out, 1, NULL);
    cr_assert_eq(j.verdict, VERDICT_TOLERATED, "severity %g", j.severity);
    cr_assert(j.severity <= 2, "severity %g", j.severity);
    tilted(in, 1, 1, 0x1.000002p+1); /* one ulp off the plane: "inside" is tolerated */
    j = judge_pit(in, 1, NULL);
    cr_assert_eq(j.verdict, VERDICT_TOLERATED, "severity %g", j.severity);
}

Test(judge_degenerate, xna_sphere_still_tolerated)
{
    const isect_query *q = isect_query_find("sphere_sphere");
    const isect_target *t = isect_target_find("zoo:xna_sphere");
    cr_assert_not_null(t);
    const isect_target_entry *e = isect_target_entry_for(t, q->name);
    const double in[8] = {0, 0, 0, 1, 3, 0, 0, 2}; /* touching */
    double ref_out[ISECT_MAX_OUT] = {0}, out[ISECT_MAX_OUT] = {0};
    int st = q->ref(in, ref_out);
    q->run(e->fn, in, out);
    cr_assert_eq(ref_out[0], 1);
    cr_assert_eq(out[0], 0);
    isect_judgement j = isect_judge(q, in, st, ref_out, out, e->ulps, e->tolerance);
    cr_assert_eq(j.verdict, VERDICT_TOLERATED);
    cr_assert_eq(j.severity, 0);
}

Test(judge_degenerate, zoo_pit_outside_caught_fast_clean)
{
    const isect_query *q = isect_query_find("point_in_triangle");
    const double cases[][12] = {{1, 1, 0, 0, 0, 0, 4, 0, 0, 0, 4, 0}, {1, 1, 2, 0, 0, 0, 4, 0, 4, 0, 4, 4}};
    for (int k = 0; k < 2; k++) {
        double ref_out[ISECT_MAX_OUT] = {0}, out[ISECT_MAX_OUT] = {0};
        int st = q->ref(cases[k], ref_out);
        const char *names[] = {"zoo:pit_outside", "fast"};
        for (int n = 0; n < 2; n++) {
            const isect_target_entry *e = isect_target_entry_for(isect_target_find(names[n]), q->name);
            memset(out, 0, sizeof out);
            q->run(e->fn, cases[k], out);
            isect_judgement j = isect_judge(q, cases[k], st, ref_out, out, e->ulps, e->tolerance);
            cr_assert_eq(j.verdict == VERDICT_DISCREPANCY, n == 0, "%s case %d: %s", names[n], k,
                         isect_verdict_name(j.verdict));
        }
    }
}
