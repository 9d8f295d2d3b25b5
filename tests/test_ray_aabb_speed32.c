/* tests/test_ray_aabb_speed32.c: ray_aabb's binary32 stage (issue 14,
 * FB_RAY32_SLAB and FB_RAY32_SLAB_ABS, fast/fast_bounds_stages.h) and its
 * fallbacks.  (1) Hand-derived cases that defeat the binary32 guards
 * (underflowing ends, a tie that binary32 rounds apart, an exact tie, a
 * zero direction component), their exact answers derived in the comments.
 * (2) fast's hit against the slab test in rationals (GMP) on random near-tie
 * inputs: boxes whose faces pass within a few ulps of a point of the ray,
 * with magnitudes from 2^-140 to 2^40, so that ends underflow and round in
 * binary32.  ISECT_SEED changes the seed.
 */
#include "testlib.h"

#include <gmp.h>

static bool hit_of(isect_vec3 o, isect_vec3 d, float tmax, isect_vec3 mn, isect_vec3 mx)
{
    isect_ray_aabb_result r;
    bool h = isect_ray_aabb((isect_ray){o, d, tmax}, (isect_aabb){mn, mx}, &r);
    cr_assert_eq(h, r.hit);
    if (h)
        cr_assert(r.t >= 0 && r.t <= tmax, "t %a outside [0, tmax]", r.t);
    else
        cr_assert_eq(r.t, 0);
    return h;
}

Test(ray_aabb_speed32, hand_cases)
{
    /* x: entry 2003 2^-149 / 2 = 1001.5 2^-149 (binary32 rounds it to even,
     * 1002 2^-149); y: exit 1002 2^-149 / d, d = 0x1.0020b8p+0 <= 1002/1001.5
     * (1001.5 d = 1001.9999... < 1002), so the exit is at least the entry:
     * a hit; binary32's exit rounds to 1001 2^-149 (fl(1/d) rounds down). */
    cr_assert(hit_of((isect_vec3){0, 0, 0}, (isect_vec3){2, 0x1.0020b8p+0f, 1}, INFINITY,
                     (isect_vec3){0x1.f4cp-139f, -1, -1}, (isect_vec3){1, 0x1.f5p-140f, 1}));
    /* The same with the y exit one unit lower (1001 2^-149 / d < 1001.5
     * 2^-149 as d > 1): a miss. */
    cr_assert(!hit_of((isect_vec3){0, 0, 0}, (isect_vec3){2, 0x1.0020b8p+0f, 1}, INFINITY,
                      (isect_vec3){0x1.f4cp-139f, -1, -1}, (isect_vec3){1, 0x1.f48p-140f, 1}));
    /* Exit underflowing to -0: x max = -2^-149 behind the origin, d.x =
     * 2^100: the exact exit -2^-249 < 0: a miss (binary32: entry 0, exit
     * -0, compared equal). */
    cr_assert(!hit_of((isect_vec3){0, 0, 0}, (isect_vec3){0x1p100f, 0x1p100f, 0x1p100f}, INFINITY,
                      (isect_vec3){-1, -1, -1}, (isect_vec3){-0x1p-149f, 1, 1}));
    /* With max.x = 0 (the origin on the face): a touch at t = 0: a hit. */
    cr_assert(hit_of((isect_vec3){0, 0, 0}, (isect_vec3){0x1p100f, 0x1p100f, 0x1p100f}, INFINITY,
                     (isect_vec3){-1, -1, -1}, (isect_vec3){0, 1, 1}));
    /* An exact tie: aimed at the corner (1, 2, 3) from 0 with dir = the
     * corner, box [1, 5] x [-4, 2] x [3, 9]: the entry (x, z: 1) equals
     * the exit (y: 1): a hit; tmax = 1 - 2^-24: a miss. */
    cr_assert(hit_of((isect_vec3){0, 0, 0}, (isect_vec3){1, 2, 3}, INFINITY, (isect_vec3){1, -4, 3},
                     (isect_vec3){5, 2, 9}));
    cr_assert(!hit_of((isect_vec3){0, 0, 0}, (isect_vec3){1, 2, 3}, 0x1.fffffep-1f, (isect_vec3){1, -4, 3},
                      (isect_vec3){5, 2, 9}));
    /* dir.z = 0 with the origin on min.z's plane (0 inf would be NaN): the
     * slab holds for every t: a hit at x = 1. */
    cr_assert(hit_of((isect_vec3){0, 0, 3}, (isect_vec3){1, 0, 0}, INFINITY, (isect_vec3){1, -1, 3},
                     (isect_vec3){2, 1, 4}));
}

/* (p - o)/d as a rational. */
static void end_q(mpq_t r, double p, double o, double d)
{
    mpq_t x;
    mpq_init(x);
    mpq_set_d(r, p);
    mpq_set_d(x, o);
    mpq_sub(r, r, x);
    mpq_set_d(x, d);
    mpq_div(r, r, x);
    mpq_clear(x);
}

/* The slab test in rationals (every d_i != 0, valid box). */
static bool exact_hit(const float *o, const float *d, float tmax, const float *mn, const float *mx)
{
    mpq_t lo, hi, a, b;
    mpq_inits(lo, hi, a, b, NULL);
    mpq_set_ui(lo, 0, 1);
    bool inf = tmax == INFINITY;
    if (!inf)
        mpq_set_d(hi, tmax);
    for (int i = 0; i < 3; i++) {
        end_q(a, mn[i], o[i], d[i]);
        end_q(b, mx[i], o[i], d[i]);
        if (mpq_cmp(a, b) > 0)
            mpq_swap(a, b);
        if (mpq_cmp(a, lo) > 0)
            mpq_set(lo, a);
        if (inf || mpq_cmp(b, hi) < 0) {
            mpq_set(hi, b);
            inf = false;
        }
    }
    bool h = mpq_cmp(lo, hi) <= 0;
    mpq_clears(lo, hi, a, b, NULL);
    return h;
}

static float nudge(float x, int k)
{
    for (; k > 0; k--)
        x = nextafterf(x, INFINITY);
    for (; k < 0; k++)
        x = nextafterf(x, -INFINITY);
    return x;
}

Test(ray_aabb_speed32, near_ties_match_gmp)
{
    tl_init_seed(3232);
    long hits = 0, n = 200000;
    for (long it = 0; it < n; it++) {
        int e = tl_int(-140, 40);
        float o[3], d[3], mn[3], mx[3], t0 = (float)fabs(tl_f32(4)) + 0x1p-20f;
        for (int i = 0; i < 3; i++) {
            o[i] = ldexpf((float)tl_f32(2), e);
            d[i] = (float)tl_f32(30);
            if (d[i] == 0)
                d[i] = 1;
            float p = o[i] + t0 * d[i], w = ldexpf((float)fabs(tl_f32(2)), e);
            int c = tl_int(0, 2);
            float a = nudge(c == 0 ? p : p - w, tl_int(-2, 2)), b = nudge(c == 1 ? p : p + w, tl_int(-2, 2));
            mn[i] = a < b ? a : b;
            mx[i] = a < b ? b : a;
        }
        float tmax = tl_int(0, 1) ? INFINITY : nudge(t0, tl_int(-2, 2));
        bool want = exact_hit(o, d, tmax, mn, mx);
        bool got = hit_of((isect_vec3){o[0], o[1], o[2]}, (isect_vec3){d[0], d[1], d[2]}, tmax,
                          (isect_vec3){mn[0], mn[1], mn[2]}, (isect_vec3){mx[0], mx[1], mx[2]});
        cr_assert_eq(got, want, "seed %llu case %ld: fast %d, exact %d", (unsigned long long)tl_seed, it, got, want);
        hits += want;
    }
    cr_assert(hits > n / 10 && hits < n - n / 10, "hits %ld of %ld: the generator lost its ties", hits, n);
}
