/* tests/test_aabb_plane_speed32.c: fast's aabb_plane on its binary32 common
 * path (both signs certain), where the returned bool and the side come from
 * separate expressions: the bool must be true exactly for straddling.  Each
 * case by hand, the unit box [0, 1]^3 and the normal (1, 1, 1):
 * n.(v- - p) = -(p_x + p_y + p_z), n.(v+ - p) = 3 - (p_x + p_y + p_z). */
#include "testlib.h"

#include "isect.h"

TestSuite(aabb_plane_speed32);

static bool side_of(float px, isect_side *side)
{
    isect_aabb b = {{0, 0, 0}, {1, 1, 1}};
    isect_plane pl = {{px, 0, 0}, {1, 1, 1}};
    isect_aabb_plane_result r = {ISECT_STRADDLING};
    bool hit = isect_aabb_plane(b, pl, &r);
    *side = r.side;
    return hit;
}

Test(aabb_plane_speed32, bool_matches_side)
{
    isect_side s;
    /* p = (-1, 0, 0): dl = 1 > 0, front, not straddling */
    cr_assert(!side_of(-1, &s));
    cr_assert_eq(s, ISECT_FRONT);
    /* p = (4, 0, 0): dh = -1 < 0, back, not straddling */
    cr_assert(!side_of(4, &s));
    cr_assert_eq(s, ISECT_BACK);
    /* p = (1.5, 0, 0): dl = -1.5, dh = 1.5, straddling */
    cr_assert(side_of(1.5f, &s));
    cr_assert_eq(s, ISECT_STRADDLING);
    /* and without a result struct */
    isect_aabb b = {{0, 0, 0}, {1, 1, 1}};
    cr_assert(!isect_aabb_plane(b, (isect_plane){{4, 0, 0}, {1, 1, 1}}, NULL));
    cr_assert(isect_aabb_plane(b, (isect_plane){{1.5f, 0, 0}, {1, 1, 1}}, NULL));
}
