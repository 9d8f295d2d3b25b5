/* tests/test_ray_sphere_speed32.c: ray_sphere's issue-14 changes.
 * (1) rs_exact_small, the exact stage for c > 0 when a, b and c are exact
 * binary64 sums: tangent rays along an axis (D = 0 exactly, which no guard
 * certifies), a segment ending exactly on the sphere (f(tmax) = 0) and one
 * ulp short of it, the closest approach exactly at tmax; every expected
 * answer derived in the comments.  (2) The validity tests folded into the
 * filter: every invalid input is a miss with the output zeroed.
 */
#include "testlib.h"

static bool hit_of(isect_vec3 o, isect_vec3 d, float tmax, isect_vec3 c, float r, float *t)
{
    isect_ray_sphere_result res = {true, 123};
    bool h = isect_ray_sphere((isect_ray){o, d, tmax}, (isect_sphere){c, r}, &res);
    cr_assert_eq(h, res.hit);
    if (!h)
        cr_assert_eq(res.t, 0);
    *t = res.t;
    return h;
}

Test(ray_sphere_speed32, exact_small_stage)
{
    float t;
    isect_vec3 c0 = {0, 0, 0};
    /* Unit sphere, origin (1, -4, 0), dir +y: v = (1, -4, 0), a = 1,
     * b = -4, c = 16, D = 16 - 16 = 0: a tangent at (1, 0, 0), t = 4. */
    cr_assert(hit_of((isect_vec3){1, -4, 0}, (isect_vec3){0, 1, 0}, INFINITY, c0, 1, &t));
    cr_assert_eq(t, 4);
    /* dir (0, 3, 0): a = 9, b = -12, c = 16, D = 144 - 144 = 0: t = 4/3. */
    cr_assert(hit_of((isect_vec3){1, -4, 0}, (isect_vec3){0, 3, 0}, INFINITY, c0, 1, &t));
    cr_assert_eq(t, (float)(4.0 / 3.0));
    /* One ulp outside: x = 1 + 2^-23: c = 16 + 2^-22 + 2^-46, D = -2^-22 -
     * 2^-46 < 0: a miss. */
    cr_assert(!hit_of((isect_vec3){0x1.000002p+0f, -4, 0}, (isect_vec3){0, 1, 0}, INFINITY, c0, 1, &t));
    /* Closest approach exactly at tmax = 4 (a tmax + b = 0): D = 0, a hit. */
    cr_assert(hit_of((isect_vec3){1, -4, 0}, (isect_vec3){0, 1, 0}, 4, c0, 1, &t));
    cr_assert_eq(t, 4);
    /* tmax = 4 - 2^-22 short of the tangent point: f(tmax) = (tmax - 4)^2
     * = 2^-44 > 0: a miss. */
    cr_assert(!hit_of((isect_vec3){1, -4, 0}, (isect_vec3){0, 1, 0}, 0x1.fffffep+1f, c0, 1, &t));
    /* Through the centre from (0, -4, 0), r = 2, dir +y: f(t) = (t - 4)^2 -
     * 4, entry t = 2; tmax = 2: f(2) = 0, a hit at 2; tmax = 2 - 2^-23:
     * f = (2 + 2^-23)^2 - 4 = 2^-21 + 2^-46 > 0: a miss. */
    cr_assert(hit_of((isect_vec3){0, -4, 0}, (isect_vec3){0, 1, 0}, 2, c0, 2, &t));
    cr_assert_eq(t, 2);
    cr_assert(!hit_of((isect_vec3){0, -4, 0}, (isect_vec3){0, 1, 0}, 0x1.fffffep+0f, c0, 2, &t));
}

Test(ray_sphere_speed32, invalid_is_a_miss)
{
    float t, nan = NAN, inf = INFINITY;
    isect_vec3 o = {0, 0, 0}, d = {0, 0, 1}, c = {0, 0, 0};
    /* The origin inside (c < 0 certain), so a valid input would hit at 0. */
    cr_assert(hit_of(o, d, inf, c, 1, &t));
    cr_assert(!hit_of(o, d, inf, c, -1, &t));
    cr_assert(!hit_of(o, d, inf, c, nan, &t));
    cr_assert(!hit_of(o, d, inf, c, inf, &t));
    cr_assert(!hit_of(o, d, -1, c, 1, &t));
    cr_assert(!hit_of(o, d, nan, c, 1, &t));
    cr_assert(!hit_of(o, (isect_vec3){inf, 0, 0}, inf, c, 1, &t));
    cr_assert(!hit_of(o, (isect_vec3){0, nan, 0}, inf, c, 1, &t));
    cr_assert(!hit_of((isect_vec3){nan, 0, 0}, d, inf, c, 1, &t));
    cr_assert(!hit_of((isect_vec3){inf, 0, 0}, d, inf, (isect_vec3){inf, 0, 0}, 1, &t));
    cr_assert(!hit_of(o, d, inf, (isect_vec3){0, -inf, 0}, 1, &t));
}
