/* tests/test_ray_cylinder_exact.c: ray_cylinder's and ray_capsule's hit
 * flags are exact (issue 14; fast/fast_cyl.h): hand-derived boundary cases
 * (a cap rim grazed, a side tangent missed or met by a tilt of 2^-40, a ray
 * along the side line, an origin on the side), fast against ref on random
 * and boundary inputs, and inputs built to defeat the binary64 filter, where
 * the exact path decides (the values evaluated exactly are counted through
 * RC_EXACT_HOOK on a copy of fast's source); the exact path alone (the
 * filter skipped) against ref; the quick stage (stage 1) against stage 2
 * alone, bit for bit.  ISECT_EXACT_N sets the number of random cases (default 40000).
 *
 * Flat layout: in = origin[3] dir[3] tmax p0[3] p1[3] radius; out = hit t.
 */
#include "testlib_ray.h"

static long exact_calls;
#define RC_EXACT_HOOK() (exact_calls++)
bool hooked_ray_cylinder(isect_ray ray, isect_cylinder cy, isect_ray_cylinder_result *out);
#define isect_ray_cylinder hooked_ray_cylinder
#include "../fast/ray_cylinder.c"
bool hooked_ray_capsule(isect_ray ray, isect_capsule cap, isect_ray_capsule_result *out);
#define isect_ray_capsule hooked_ray_capsule
#include "../fast/ray_capsule.c"
#undef isect_ray_capsule
#undef isect_ray_cylinder

enum { N_IN = 14, IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_P0 = 7, IN_P1 = 10, IN_R = 13 };

#define IN(...) {__VA_ARGS__} /* origin[3] dir[3] tmax p0[3] p1[3] radius */
/* The axis 0 -> (3,4,0) (length 5), radius 1 or 5.  The distance of a point
 * (x, y, z) to the axis line is sqrt(((-4x + 3y)/5)^2 + z^2); its slab
 * coordinate (3x + 4y)/25 must lie in [0, 1]. */
#define W1 0, 0, 0, 3, 4, 0, 1
#define W5 0, 0, 0, 3, 4, 0, 5

static const rt_case cases[] = {
    /* (-3,-4,3) + t (3,4,-1) = ((t-1)(3,4), 3 - t): slab t in [1, 2], the
     * distance 3 - t >= 1 there, 1 only at t = 2: the rim (3,4,1) grazed. */
    {IN(-3, -4, 3, 3, 4, -1, INFINITY, W1), 1, 2, "rim grazed"},
    {IN(-3, -4, 0x1.800002p+1, 3, 4, -1, INFINITY, W1), 0, 0, "rim missed by an ulp (z0 = 3 + 2^-22)"},
    {IN(-3, -4, 0x1.7ffffep+1, 3, 4, -1, INFINITY, W1), 1, 0x1.fffffcp+0, "rim entered by an ulp: t = 2 - 2^-22"},
    {IN(-3, -4, 3, 3, 4, -1, 2, W1), 1, 2, "rim grazed at tmax"},
    {IN(-3, -4, 3, 3, 4, -1, 0x1.fffffep+0, W1), 0, 0, "rim beyond tmax by an ulp"},
    /* (11,-2,1) + t (-4,3,0): slab coordinate 1 throughout (the cap plane),
     * distance^2 = (5t - 10)^2 + 1: the rim touched at t = 2 from the cap
     * plane. */
    {IN(11, -2, 1, -4, 3, 0, INFINITY, W1), 1, 2, "rim touched within the cap plane"},
    {IN(11, -2, 1, -4, 3, 0, INFINITY, 0, 0, 0, 3, 4, 0, 0x1.fffffep-1), 0, 0, "the same, radius 1 - 2^-24"},
    /* (-2.5,5,-7) + t (0,0,1): distance sqrt(25 + (t-7)^2), slab coordinate
     * 1/2: tangent to the side at t = 7. */
    {IN(-2.5, 5, -7, 0, 0, 1, INFINITY, W5), 1, 7, "side tangent"},
    /* Tilted by e = 2^-40 in x: d x w = (-4, 3, 4e) (e -> -e: (-4, 3, -4e)),
     * v.(d x w) = 25 - 28e (25 + 28e), so the line's distance to the axis,
     * |v.(d x w)| / |d x w|, is 5 - 5.6e + O(e^2) (5 + 5.6e): a chord of
     * the infinite cylinder near t = 7 (inside the slab), or a miss. */
    {IN(-2.5, 5, -7, 0x1p-40, 0, 1, INFINITY, W5), 1, NAN, "side tangent tilted in by 2^-40"},
    {IN(-2.5, 5, -7, -0x1p-40, 0, 1, INFINITY, W5), 0, 0, "side tangent tilted out by 2^-40"},
    /* Along the side line: (-5.5,1,0) is at distance |-4(-5.5) + 3|/5 = 5;
     * slab coordinate (-12.5 + 25 t)/25 >= 0 from t = 1/2: the p0 rim. */
    {IN(-5.5, 1, 0, 3, 4, 0, INFINITY, W5), 1, 0.5, "along the side line"},
    {IN(-5.5, 1, 0, 3, 4, 0, INFINITY, 0, 0, 0, 3, 4, 0, 0x1.3ffffep+2), 0, 0, "along the side line, radius 5 - 2^-21"},
    {IN(-5.5, 1, 0, 3, 4, 0, INFINITY, 0, 0, 0, 3, 4, 0, 0x1.400002p+2), 1, 0.5, "along the side line, radius 5 + 2^-21"},
    {IN(-5.5, 1, 0, -3, -4, 0, INFINITY, W5), 0, 0, "along the side line, away from the solid"},
    /* (-2.5,5,0): distance 5, slab coordinate 1/2: on the side; (-4,3,0) is
     * the outward normal direction. */
    {IN(-2.5, 5, 0, -4, 3, 0, INFINITY, W5), 1, 0, "on the side, leaving"},
    {IN(-0x1.400002p+1, 5, 0, -4, 3, 0, INFINITY, W5), 0, 0, "an ulp outside the side, leaving"},
    {IN(-0x1.400002p+1, 5, 0, 4, -3, 0, 0, W5), 0, 0, "an ulp outside the side, tmax 0"},
    /* The axis (1,2,2) (length 3), radius 3: (2,1,-2) is a unit-3 normal.
     * (2,1,-2) + t (1,2,2) runs along the side line; slab coordinate
     * (0 + 9t)/9 = t: on the side for t in [0, 1]: a hit at t = 0. */
    {IN(2, 1, -2, 1, 2, 2, INFINITY, 0, 0, 0, 1, 2, 2, 3), 1, 0, "on the side line of an oblique axis"},
    {IN(2, 1, -2, 1, 2, 2, INFINITY, 0, 0, 0, 1, 2, 2, 0x1.7ffffep+1), 0, 0,
     "the same, radius 3 - 2^-22"},
    /* (5,1,1) + t (-2,2,-1) = p1 + (2,1,-2) + (1 - t)(2,-2,1): slab
     * coordinate 1 throughout (the p1 cap plane), distance
     * sqrt(9 + 9 (1 - t)^2): the p1 rim p1 + (2,1,-2) touched at t = 1. */
    {IN(5, 1, 1, -2, 2, -1, INFINITY, 0, 0, 0, 1, 2, 2, 3), 1, 1, "rim of an oblique axis within the cap plane"},
};

Test(ray_cylinder_exact, hand_cases)
{
    const isect_query *q = tl_query("ray_cylinder");
    for (size_t i = 0; i < RT_NCASES(cases); i++) {
        double ref[ISECT_MAX_OUT], f[ISECT_MAX_OUT] = {0};
        cr_assert_eq(q->ref(cases[i].in, ref), ISECT_REF_OK, "%s: ref refuses", cases[i].what);
        cr_assert_eq(ref[0] != 0, cases[i].hit != 0, "%s: ref hit %g", cases[i].what, ref[0]);
        q->run((isect_any_fn)isect_ray_cylinder, cases[i].in, f);
        cr_assert_eq(f[0] != 0, cases[i].hit != 0, "%s: fast hit %g", cases[i].what, f[0]);
        if (cases[i].hit && !isnan(cases[i].t))
            cr_assert(fabs(f[1] - cases[i].t) <= 0x1p-23 * cases[i].t, "%s: fast t %a, want %a", cases[i].what, f[1],
                      cases[i].t);
        /* t within the declared bound; for a t not derived here (near a
         * tangency, where fast's t is tolerated) not a discrepancy. */
        isect_judgement j = tl_judge(q, "fast", cases[i].in, f);
        if (isnan(cases[i].t))
            cr_assert(j.verdict == VERDICT_AGREE || j.verdict == VERDICT_TOLERATED, "%s: verdict %d", cases[i].what,
                      (int)j.verdict);
        else
            cr_assert_eq(j.verdict, VERDICT_AGREE, "%s: verdict %d", cases[i].what, (int)j.verdict);
    }
}

/* ---- fast against ref -------------------------------------------------------- */

static long env_n(void)
{
    const char *e = getenv("ISECT_EXACT_N");
    return e && *e ? strtol(e, NULL, 0) : 40000;
}

/* Three mutually orthogonal integer vectors of one integer length L (rows),
 * so that a point at distance k L from an axis along the first is exact. */
static const int frames[][3][3] = {
    {{1, 2, 2}, {2, 1, -2}, {2, -2, 1}},   /* L = 3 */
    {{3, 4, 0}, {-4, 3, 0}, {0, 0, 5}},    /* L = 5 */
    {{2, 3, 6}, {3, -6, 2}, {6, 2, -3}},   /* L = 7 */
    {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},     /* L = 1 */
};
static const int frame_len[] = {3, 5, 7, 1};

/* A boundary input: an axis along e1 of a random frame (axes permuted,
 * signs flipped), radius k L, and a ray through an exact point of the
 * solid's boundary (the side, a rim, a cap) or of the side line, along a
 * small integer combination of the frame (along the axis, tangent, in a
 * cap plane, or generic); then sometimes one slot nudged by an ulp, and the
 * whole scaled by a power of two. */
static void gen_boundary(double *in)
{
    int f = tl_int(0, 3), L = frame_len[f], k = tl_int(0, 3), a = tl_int(1, 3);
    const int *pm = rt_perms[tl_int(0, 5)];
    double sg[3], e[3][3], p0[3], X[3];
    for (int i = 0; i < 3; i++)
        sg[i] = tl_rnd() & 1 ? 1 : -1;
    for (int r = 0; r < 3; r++)
        for (int i = 0; i < 3; i++)
            e[r][i] = sg[i] * frames[f][r][pm[i]];
    double lam = 0.25 * tl_int(-2, 6), c2 = tl_int(-1, 1), c3 = tl_int(-1, 1);
    if (c2 == 0 && c3 == 0)
        c2 = 1;
    double kk = tl_rnd() % 4 == 0 ? k + 0.5 : k; /* sometimes inside the side */
    double cd[3] = {tl_int(-2, 2), tl_int(-2, 2), tl_int(-2, 2)};
    int kind = tl_int(0, 3);
    if (kind == 0)
        cd[1] = cd[2] = 0; /* along the axis */
    else if (kind == 1)
        cd[0] = 0, cd[1] = -c3, cd[2] = c2; /* tangent to the side at X, or in a cap plane */
    else if (kind == 2)
        cd[0] = 0; /* within a cap plane */
    double s = tl_int(0, 3);
    for (int i = 0; i < 3; i++) {
        p0[i] = tl_int(-4, 4);
        X[i] = p0[i] + lam * a * e[0][i] + k * (c2 * e[1][i] + c3 * e[2][i]);
        double d = cd[0] * e[0][i] + cd[1] * e[1][i] + cd[2] * e[2][i];
        in[IN_O + i] = X[i] - s * d;
        in[IN_D + i] = d;
        in[IN_P0 + i] = p0[i];
        in[IN_P1 + i] = p0[i] + a * e[0][i];
    }
    /* |c2 e2 + c3 e3| = L sqrt(c2^2 + c3^2): exact only for one nonzero c. */
    in[IN_R] = (c2 != 0 && c3 != 0 ? tl_int(1, 4) : kk) * L;
    in[IN_TMAX] = tl_rnd() % 3 == 0 ? INFINITY : tl_int(0, 4) * 0.5;
    if (tl_rnd() % 3 == 0) {
        int sl = tl_int(0, N_IN - 1);
        if (isfinite(in[sl]))
            in[sl] = nextafterf((float)in[sl], tl_rnd() & 1 ? INFINITY : -INFINITY);
    }
    if (tl_rnd() % 4 == 0) {
        int sh = tl_int(-120, 100);
        for (int i = 0; i < N_IN; i++)
            if (i < IN_D || i >= IN_P0) /* positions and radius */
                in[i] = ldexp(in[i], sh);
    }
    for (int i = 0; i < N_IN; i++)
        in[i] = (float)in[i]; /* binary32 inputs (the scaling may leave the range) */
}

/* A random input: small integers or random floats. */
static void gen_random(double *in)
{
    bool ints = tl_rnd() & 1;
    for (int i = 0; i < N_IN; i++)
        in[i] = ints ? tl_small(-tl_int(0, 1)) : tl_f32(3);
    in[IN_R] = fabs(in[IN_R]);
    in[IN_TMAX] = tl_rnd() % 2 ? INFINITY : fabs(in[IN_TMAX]);
}

/* fast (fn) hits iff ref does, on n inputs of gen; returns the valid count. */
static long compare(const char *query, isect_any_fn fn, void (*gen)(double *), long n, long *hits)
{
    int valid, h;
    tl_hit_equals_ref(tl_query(query), fn, gen, (int)n, &valid, &h);
    *hits = h;
    return valid;
}

Test(ray_cylinder_exact, random_vs_ref)
{
    tl_init_seed(1451);
    long n = env_n(), hits, valid = compare("ray_cylinder", (isect_any_fn)isect_ray_cylinder, gen_random, n, &hits);
    cr_assert(valid > n / 2 && hits > valid / 20 && hits < valid - valid / 20, "valid %ld hits %ld", valid, hits);
    valid = compare("ray_capsule", (isect_any_fn)isect_ray_capsule, gen_random, n, &hits);
    cr_assert(valid > n / 2 && hits > valid / 20, "valid %ld hits %ld", valid, hits);
}

/* Boundary inputs: fast (the hooked copy) agrees with ref, and the exact
 * path decided a good share of them. */
Test(ray_cylinder_exact, boundary_vs_ref_exact_path)
{
    tl_init_seed(1452);
    long n = env_n(), hits;
    exact_calls = 0;
    long valid = compare("ray_cylinder", (isect_any_fn)hooked_ray_cylinder, gen_boundary, n, &hits);
    if (getenv("ISECT_EXACT_SHARE"))
        fprintf(stderr, "ray_cylinder boundary: exact path %ld of %ld, hits %ld\n", exact_calls, valid, hits);
    cr_assert(valid > n / 2 && hits > valid / 10 && hits < valid - valid / 10, "valid %ld hits %ld", valid, hits);
    cr_assert(exact_calls > valid / 10, "exact path taken %ld times in %ld", exact_calls, valid);
    exact_calls = 0;
    valid = compare("ray_capsule", (isect_any_fn)hooked_ray_capsule, gen_boundary, n, &hits);
    if (getenv("ISECT_EXACT_SHARE"))
        fprintf(stderr, "ray_capsule boundary: exact path %ld of %ld, hits %ld\n", exact_calls, valid, hits);
    cr_assert(valid > n / 2 && exact_calls > valid / 20, "exact path taken %ld times in %ld", exact_calls, valid);
}

/* Random inputs rarely need the exact path. */
Test(ray_cylinder_exact, random_inputs_stay_filtered)
{
    tl_init_seed(1453);
    long n = env_n(), hits;
    exact_calls = 0;
    long valid = compare("ray_cylinder", (isect_any_fn)hooked_ray_cylinder, gen_random, n, &hits);
    cr_assert(exact_calls < valid / 20, "exact path taken %ld times in %ld", exact_calls, valid);
}

/* The exact path alone (every sign from fe values) against ref, on
 * boundary and random inputs: a wrong exact formula cannot hide behind the
 * filter. */
static void check_exact_only(void (*gen)(double *), long n)
{
    const isect_query *q = tl_query("ray_cylinder");
    for (long i = 0; i < n; i++) {
        double in[ISECT_MAX_IN], r[ISECT_MAX_OUT];
        gen(in);
        if (q->ref(in, r) != ISECT_REF_OK)
            continue;
        isect_ray ray = {{(float)in[0], (float)in[1], (float)in[2]}, {(float)in[3], (float)in[4], (float)in[5]},
                         (float)in[IN_TMAX]};
        isect_cylinder cy = {{(float)in[7], (float)in[8], (float)in[9]}, {(float)in[10], (float)in[11], (float)in[12]},
                             (float)in[IN_R]};
        int got = 0;
        if (!(cy.p0.x == cy.p1.x && cy.p0.y == cy.p1.y && cy.p0.z == cy.p1.z)) {
            cy_ctx c;
            cy_exact_ctx ex;
            cy_init(&c, &ray, &cy, true, &ex);
            got = cy_decide(&c);
        }
        if ((got != 0) != (r[0] != 0) || (got == 1 && r[1] != 0)) {
            char buf[1024];
            tl_dump(buf, sizeof buf, in, N_IN);
            cr_assert_fail("ISECT_SEED=%llu exact only: %d, ref %g %g on %s", (unsigned long long)tl_seed, got, r[0],
                           r[1], buf);
        }
    }
}

Test(ray_cylinder_exact, exact_path_alone)
{
    tl_init_seed(1454);
    check_exact_only(gen_boundary, env_n() / 4);
    check_exact_only(gen_random, env_n() / 4);
}

/* Stage 1 (cq_decide, fast/ray_cylinder.c) against stage 2 alone
 * (cyl_full): the same hit and the same bits of t on every input, and
 * stage 1's own decisions agree with stage 2's hit.  Counts the valid
 * inputs and those stage 1 decided. */
static void check_stages(void (*gen)(double *), long n, long *valid, long *decided)
{
    *valid = *decided = 0;
    for (long i = 0; i < n; i++) {
        double in[ISECT_MAX_IN];
        gen(in);
        isect_ray ray = {{(float)in[0], (float)in[1], (float)in[2]}, {(float)in[3], (float)in[4], (float)in[5]},
                         (float)in[IN_TMAX]};
        isect_cylinder cy = {{(float)in[7], (float)in[8], (float)in[9]}, {(float)in[10], (float)in[11], (float)in[12]},
                             (float)in[IN_R]};
        isect_ray_cylinder_result a, b = {false, 0};
        bool ha = hooked_ray_cylinder(ray, cy, &a), hb = false;
        int d = -2;
        cq_ctx q;
        if (cq_setup(&q, &ray, &cy)) {
            ++*valid;
            d = cq_decide(&q, &ray, &cy);
            hb = cyl_full(&ray, &cy, &b);
            *decided += d >= 0;
        }
        if (ha != hb || a.hit != b.hit || memcmp(&a.t, &b.t, sizeof a.t) != 0 || (d >= 0 && (d != 0) != hb)) {
            char buf[1024];
            tl_dump(buf, sizeof buf, in, N_IN);
            cr_assert_fail("ISECT_SEED=%llu stage 1 (%d): %d %a, stage 2: %d %a on %s", (unsigned long long)tl_seed, d,
                           ha, a.t, hb, b.t, buf);
        }
    }
}

Test(ray_cylinder_exact, quick_stage_matches_stage_2)
{
    tl_init_seed(1455);
    long valid, decided, n = env_n() / 4;
    check_stages(gen_random, n, &valid, &decided);
    cr_assert(valid > n / 2 && decided > valid - valid / 50, "stage 1 decided %ld of %ld random", decided, valid);
    check_stages(gen_boundary, n, &valid, &decided);
    cr_assert(valid > n / 2 && decided > 0, "stage 1 decided %ld of %ld boundary", decided, valid);
    if (getenv("ISECT_EXACT_SHARE"))
        fprintf(stderr, "ray_cylinder boundary: stage 1 decided %ld of %ld\n", decided, valid);
}
