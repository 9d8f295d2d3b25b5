/* tests/test_mutator.c: the fuzzers' structure-aware mutator (fuzz/mutator.c)
 * and the catalog's vector flag (isect_field.vector).
 *
 * A sweep's velocity and a box's half extents are arity-3 UNIT_POS fields
 * but not points: the mutator must not snap them onto points (nor points
 * onto them), and must give them vector edits instead.  Field offsets below
 * come from the catalog order printed by `isect list`. */
#include <criterion/criterion.h>

#include "catalog.h"
#include "fuzz.h"

#include <math.h>
#include <string.h>

static const isect_query *query(const char *name)
{
    const isect_query *q = isect_query_find(name);
    cr_assert_not_null(q, "%s not in the catalog", name);
    return q;
}

Test(mutator, catalog_marks_vectors)
{
    for (size_t i = 0; i < isect_catalog_size; i++) {
        const isect_query *q = isect_catalog[i];
        for (int f = 0; f < q->nfields; f++) {
            const isect_field *fl = &q->fields[f];
            int named = !strncmp(fl->name, "velocity", 8) || !strncmp(fl->name, "half", 4);
            cr_assert_eq(fl->vector, named, "%s.%s: vector flag %d", q->name, fl->name, fl->vector);
            if (fl->vector)
                cr_assert(fl->arity == 3 && fl->unit == UNIT_POS, "%s.%s: a vector is an arity-3 position field",
                          q->name, fl->name);
        }
    }
}

Test(mutator, point_fields_exclude_vectors)
{
    int off[ISECT_MAX_FIELDS];
    /* center[3] velocity[3] radius v0[3] v1[3] v2[3] */
    int n = isect_fuzz_point_fields(query("sphere_sweep_triangle"), off);
    cr_assert_eq(n, 4);
    int want[] = {0, 7, 10, 13};
    for (int i = 0; i < 4; i++)
        cr_assert_eq(off[i], want[i], "point %d at %d, expected %d", i, off[i], want[i]);
    /* center0 axis00 axis01 axis02 half0 center1 axis10 axis11 axis12 half1 */
    n = isect_fuzz_point_fields(query("obb_obb"), off);
    cr_assert_eq(n, 2);
    cr_assert(off[0] == 0 && off[1] == 15, "obb_obb points at %d, %d", off[0], off[1]);
    /* origin dir tmax center radius: only origin and center */
    n = isect_fuzz_point_fields(query("ray_sphere"), off);
    cr_assert(n == 2 && off[0] == 0 && off[1] == 7);
}

/* Mutates the case in (binary32 values) with seeds 0 .. n-1, calling
 * check on each mutant; returns how many mutants check counted. */
static int mutants(const isect_query *q, const double *in, int n, int (*check)(const double *))
{
    size_t size = isect_fuzz_size(q);
    uint8_t seed_data[ISECT_MAX_IN * 8], data[ISECT_MAX_IN * 8];
    isect_fuzz_encode(q, in, seed_data);
    int count = 0;
    for (int s = 0; s < n; s++) {
        memcpy(data, seed_data, size);
        size_t got = isect_fuzz_mutate(q, data, size, sizeof data, (unsigned)s);
        cr_assert_eq(got, size);
        double m[ISECT_MAX_IN];
        cr_assert_eq(isect_fuzz_decode(q, data, got, m), 0);
        count += check(m);
    }
    return count;
}

/* sphere_sweep_point: center[3] velocity[3] radius p[3] */
static int velocity_is_a_point_copy(const double *m)
{
    return !memcmp(m + 3, m + 0, 3 * sizeof *m) || !memcmp(m + 3, m + 7, 3 * sizeof *m);
}

static int velocity_aimed(const double *m)
{
    /* velocity = s (p - center) for s in {1/4, 1/2, 1, 2}: the midpoint of p and p */
    for (int k = -2; k <= 1; k++) {
        double s = ldexp(1, k);
        int same = 1;
        for (int i = 0; i < 3; i++)
            same &= m[3 + i] == (double)(float)(s * (m[7 + i] - m[i]));
        if (same && (m[7] != m[0] || m[8] != m[1] || m[9] != m[2]))
            return 1;
    }
    return 0;
}

Test(mutator, velocity_is_edited_as_a_vector)
{
    const isect_query *q = query("sphere_sweep_point");
    const double in[10] = {0.375, -1.25, 2.5, 0.0625, 3.5, -0.75, 0.5, -2.125, 1.75, 4.25};
    /* Snapping points onto points used to copy the centre or p into the
     * velocity in about one mutant in 60. */
    int copies = mutants(q, in, 6000, velocity_is_a_point_copy);
    cr_assert_eq(copies, 0, "%d mutants have a point copied into the velocity", copies);
    int aimed = mutants(q, in, 6000, velocity_aimed);
    cr_assert_gt(aimed, 0, "no mutant aims the velocity from the centre at p");
}

/* sphere_obb: center[3] radius box_center[3] axis0..2[9] half[3] at 16 */
static int half_all_equal(const double *m) { return m[16] == m[17] && m[17] == m[18]; }
static int half_copied_from_a_point(const double *m)
{
    return !memcmp(m + 16, m + 0, 3 * sizeof *m) || !memcmp(m + 16, m + 4, 3 * sizeof *m);
}

Test(mutator, half_extents_are_edited_as_a_vector)
{
    const isect_query *q = query("sphere_obb");
    const double in[19] = {0.375, -1.25, 2.5, 1, 3.5, -0.75, 0.5, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.25, 1.5, 0.75};
    cr_assert_gt(mutants(q, in, 6000, half_all_equal), 0, "no mutant with equal half extents (a cube)");
    int copies = mutants(q, in, 6000, half_copied_from_a_point);
    cr_assert_eq(copies, 0, "%d mutants have a point copied into the half extents", copies);
}
