/* tests/test_ray_obb_exact.c: ray_obb's hit flag is exact (issue 14;
 * fast/ray_obb.c): hand-derived cases on a skewed box that defeat both
 * binary64 stages (a corner grazed, missed or met by 2^-60, the ray's end
 * on the corner, a ray in a face plane with the centre moved by 2^-60, a
 * nearly singular box), two of which the former binary32 code answered
 * wrongly (a miss by 2^-60 called a hit); fast against ref (GMP) on
 * boundary inputs built from integer frames (the exact path counted
 * through RC_EXACT_HOOK on a copy of fast's source) and on random inputs;
 * the exact path alone (every guard made infinite) against ref.
 * ISECT_EXACT_N sets the number of random cases (default 40000).
 *
 * Flat layout: in = origin[3] dir[3] tmax center[3] axis0[3] axis1[3]
 * axis2[3] half[3]; out = hit t.
 */
#include "testlib_ray.h"

static long exact_calls;
#define RC_EXACT_HOOK() (exact_calls++)
bool hooked_ray_obb(isect_ray ray, isect_obb box, isect_ray_obb_result *out);
#define isect_ray_obb hooked_ray_obb
#include "../fast/ray_obb.c"
#undef isect_ray_obb

enum { N_IN = 22, IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_C = 7, IN_A0 = 10, IN_H = 19 };

#define IN(...) {__VA_ARGS__} /* origin dir tmax center axis0 axis1 axis2 half */
/* The skewed box of axes (1,0,0), (1,1,0), (0,0,1), halves 1, centre 0:
 * the points (s0 + s1, s1, s2), so |y| <= 1, |x - y| <= 1, |z| <= 1; its
 * edge parallel to z at (2, 1).  Adjugate rows R0 = (1,-1,0), R1 =
 * (0,1,0), R2 = (0,0,1), DET = 1.  Along dir (1,-1,0): Q0 = 2, Q1 = -1,
 * Q2 = 0, and F_2 = h0 |Q1| + h1 |Q0| - |T_2| = 3 - |W_x + W_y|. */
#define SKEW 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1
#define DIAG 1, -1, 0

typedef struct {
    double in[N_IN];
    int hit;
    double t;
    int exact; /* the exact path decides */
    const char *what;
} hand_case;

static const hand_case cases[] = {
    /* (-1,4,0) + t (1,-1,0) passes (2,1,0) at t = 3: W_x + W_y = 3,
     * F_2 = 0 exactly; y = 4 - t <= 1 from t = 3, x - y = 2t - 5 <= 1
     * until t = 3: the edge touched. */
    {IN(-1, 4, 0, DIAG, INFINITY, SKEW), 1, 3, 1, "edge grazed"},
    {IN(0, 3, 0, DIAG, INFINITY, SKEW), 1, 2, 1, "edge grazed from (0,3,0)"},
    /* W_x + W_y = 3 + 2^-60: F_2 = -2^-60, a miss (the binary32 code: a hit). */
    {IN(0x1p-60, 3, 0, DIAG, INFINITY, SKEW), 0, 0, 1, "edge missed by 2^-60"},
    /* 3 - 2^-60: y <= 1 from t = 2, x - y = 2t - 3 - 2^-60 <= 1 until
     * t = 2 + 2^-61: a hit at t = 2. */
    {IN(-0x1p-60, 3, 0, DIAG, INFINITY, SKEW), 1, 2, 1, "edge entered by 2^-60"},
    /* (-2^-20, 3 + 2^-20, 0): y <= 1 from t = 2 + 2^-20, x - y = 2t - 3 -
     * 2^-19 <= 1 until t = 2 + 2^-20: the edge touched at tmax (F_2 = 0,
     * Y_1 = tmax |Q1| + h1 DET - W_y = 0). */
    {IN(-0x1p-20, 0x1.800008p+1, 0, DIAG, 0x1.000008p+1, SKEW), 1, 0x1.000008p+1, 1, "edge touched at tmax"},
    {IN(-0x1p-20, 0x1.800008p+1, 0, DIAG, 0x1.000006p+1, SKEW), 0, 0, 0, "edge beyond tmax by an ulp"},
    /* In the face plane y = 1 (Q1 = 0): Z_1 = h1 DET - |W_y| = 0; the slab
     * x - y in [-1, 1] entered at x = 2, t = 3. */
    {IN(5, 1, 0.5, -1, 0, 0, INFINITY, SKEW), 1, 3, 1, "in a face plane"},
    /* The centre at y = +-2^-60: W_y = 1 -+ 2^-60 is not a binary64 (W =
     * wh + wl, wl = -+2^-60): Z_1 = +-2^-60 (the binary32 code: a hit both
     * times). */
    {IN(5, 1, 0.5, -1, 0, 0, INFINITY, 0, 0x1p-60, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1), 1, 3, 1,
     "in a face plane, centre 2^-60 below"},
    {IN(5, 1, 0.5, -1, 0, 0, INFINITY, 0, -0x1p-60, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1), 0, 0, 1,
     "parallel to a face, 2^-60 outside"},
    /* axis2 = (1, 1, 2^-50): DET = 2^-50, within both stages' guards.
     * (0.5, 0.5, z) = s0 a0 + s1 a1 + s2 a2 with s2 = 2^50 z, s0 = s1 =
     * 0.5 - s2: in the box for z in [-2^-51, 2^-50]; entered at
     * t = 5 - 2^-50, which rounds to 5. */
    {IN(0.5, 0.5, 5, 0, 0, -1, INFINITY, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0x1p-50, 1, 1, 1), 1, 5, 1,
     "nearly singular axes"},
    {IN(0.5, 0.5, 5, 0, 0, -1, INFINITY, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 1, 1, 1), 0, 0, 1,
     "singular axes (invalid: a miss)"},
    /* Generic, decided by the first stage: x - y = -1.5 + t/2 in [-1, 1]
     * for t in [1, 5], y = -2.5 + t/2 for t in [3, 7], z = t/4 for t <= 4. */
    {IN(-4, -2.5, 0, 1, 0.5, 0.25, INFINITY, SKEW), 1, 3, 0, "skewed, generic"},
};

Test(ray_obb_exact, hand_cases)
{
    const isect_query *q = tl_query("ray_obb");
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const hand_case *c = &cases[i];
        double ref[ISECT_MAX_OUT], f[ISECT_MAX_OUT] = {0};
        int st = q->ref(c->in, ref);
        if (strstr(c->what, "invalid")) {
            cr_assert_eq(st, ISECT_REF_INVALID, "%s: ref accepts", c->what);
        } else {
            cr_assert_eq(st, ISECT_REF_OK, "%s: ref refuses", c->what);
            cr_assert_eq(ref[0] != 0, c->hit != 0, "%s: ref hit %g", c->what, ref[0]);
        }
        exact_calls = 0;
        q->run((isect_any_fn)hooked_ray_obb, c->in, f);
        cr_assert_eq(f[0] != 0, c->hit != 0, "%s: fast hit %g", c->what, f[0]);
        cr_assert_eq(exact_calls != 0, c->exact != 0, "%s: exact path %ld", c->what, exact_calls);
        if (c->hit)
            cr_assert(f[1] == c->t, "%s: fast t %a, want %a", c->what, f[1], c->t);
        else
            cr_assert(f[1] == 0, "%s: t %a on a miss", c->what, f[1]);
    }
}

/* ---- fast against ref -------------------------------------------------------- */

static long env_n(void)
{
    const char *e = getenv("ISECT_EXACT_N");
    return e && *e ? strtol(e, NULL, 0) : 40000;
}

/* Integer frames (rows: axes): orthogonal, skewed, sheared. */
static const int frames[][3][3] = {
    {{1, 2, 2}, {2, 1, -2}, {2, -2, 1}}, {{3, 4, 0}, {-4, 3, 0}, {0, 0, 5}}, {{1, 0, 0}, {1, 1, 0}, {0, 0, 1}},
    {{2, 3, 6}, {3, -6, 2}, {6, 2, -3}}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},  {{1, 1, 0}, {0, 1, 1}, {1, 0, 1}},
    {{1, 2, 0}, {0, 1, 0}, {1, 0, 3}},
};

/* A boundary input: a box on an integer frame (axes scaled by +-2^-1..1,
 * halves multiples of 1/2) or a binary32 rotation about a coordinate axis;
 * the ray through a point c + sum sigma_i h_i a_i (sigma in {0, +-1/2, +-1}:
 * a corner, an edge, a face or inside) along an integer combination of the
 * axes (parallel to a face or an edge, or not), starting 0 to 1.5 before
 * it; then up to two slots moved by an ulp, and positions and dir scaled by
 * powers of two. */
static void gen_boundary(double *in)
{
    int fr = tl_int(0, 6);
    double a[3][3], c[3], h[3], X[3], d[3];
    for (int i = 0; i < 3; i++) {
        double sc = ldexp(tl_rnd() & 1 ? 1 : -1, tl_int(-1, 1));
        for (int l = 0; l < 3; l++)
            a[i][l] = frames[fr][i][l] * sc;
        h[i] = tl_int(0, 4) * 0.5;
        c[i] = tl_int(-3, 3);
    }
    if (tl_rnd() & 1) {
        double th = tl_int(0, 6283) * 1e-3, cs = (float)cos(th), sn = (float)sin(th);
        int k = tl_int(0, 2), p = (k + 1) % 3, r = (k + 2) % 3;
        for (int i = 0; i < 3; i++)
            for (int l = 0; l < 3; l++)
                a[i][l] = i == l;
        a[p][p] = a[r][r] = cs;
        a[p][r] = sn;
        a[r][p] = -sn;
    }
    int sig[3], dc[3], kind = tl_int(0, 3);
    for (int i = 0; i < 3; i++) {
        sig[i] = tl_int(-2, 2);
        dc[i] = tl_int(-2, 2);
    }
    if (kind == 0)
        dc[tl_int(0, 2)] = 0;
    if (kind == 1) {
        int z = tl_int(0, 2);
        dc[z] = dc[(z + 1) % 3] = 0;
    }
    for (int l = 0; l < 3; l++) {
        X[l] = c[l];
        d[l] = 0;
        for (int i = 0; i < 3; i++) {
            X[l] += sig[i] * 0.5 * h[i] * a[i][l];
            d[l] += dc[i] * a[i][l];
        }
        if (tl_int(0, 5) == 0)
            d[l] += tl_int(-1, 1);
    }
    double s = tl_int(0, 3) * 0.5;
    for (int l = 0; l < 3; l++) {
        in[IN_O + l] = X[l] - s * d[l];
        in[IN_D + l] = d[l];
        in[IN_C + l] = c[l];
        in[IN_H + l] = h[l];
        for (int i = 0; i < 3; i++)
            in[IN_A0 + 3 * i + l] = a[i][l];
    }
    in[IN_TMAX] = tl_int(0, 3) == 0 ? INFINITY : tl_int(0, 6) * 0.25;
    for (int k = tl_int(0, 2); k > 0; k--) {
        int sl = tl_int(0, N_IN - 1);
        if (isfinite(in[sl]))
            in[sl] = nextafterf((float)in[sl], tl_rnd() & 1 ? INFINITY : -INFINITY);
    }
    if (tl_int(0, 3) == 0) {
        int sp = tl_int(-100, 100), sd = tl_int(-60, 60);
        for (int i = 0; i < N_IN; i++) {
            if (i < IN_D || (i >= IN_C && i < IN_A0) || i >= IN_H)
                in[i] = ldexp(in[i], sp);
            else if (i < IN_TMAX)
                in[i] = ldexp(in[i], sd);
            else if (i == IN_TMAX)
                in[i] = ldexp(in[i], sp - sd);
        }
    }
    for (int i = 0; i < N_IN; i++)
        in[i] = (float)in[i];
}

/* A random input: small integers or random floats of random exponents. */
static void gen_random(double *in)
{
    bool ints = tl_rnd() & 1;
    for (int i = 0; i < N_IN; i++)
        in[i] = ints ? tl_small(-tl_int(0, 1)) : tl_f32(3);
    for (int i = IN_H; i < N_IN; i++)
        in[i] = fabs(in[i]);
    in[IN_TMAX] = tl_rnd() % 2 ? INFINITY : fabs(in[IN_TMAX]);
}

Test(ray_obb_exact, boundary_vs_ref_exact_path)
{
    tl_init_seed(1461);
    int n = (int)env_n(), valid, hits;
    exact_calls = 0;
    tl_hit_equals_ref(tl_query("ray_obb"), (isect_any_fn)hooked_ray_obb, gen_boundary, n, &valid, &hits);
    if (getenv("ISECT_EXACT_SHARE"))
        fprintf(stderr, "ray_obb boundary: exact path %ld of %d, hits %d\n", exact_calls, valid, hits);
    cr_assert(valid > n / 2 && hits > valid / 5 && hits < valid - valid / 5, "valid %d hits %d", valid, hits);
    cr_assert(exact_calls > valid / 5, "exact path taken %ld times in %d", exact_calls, valid);
}

Test(ray_obb_exact, random_vs_ref)
{
    tl_init_seed(1462);
    int n = (int)env_n(), valid, hits;
    exact_calls = 0;
    tl_hit_equals_ref(tl_query("ray_obb"), (isect_any_fn)hooked_ray_obb, gen_random, n, &valid, &hits);
    cr_assert(valid > n / 2 && hits > valid / 50, "valid %d hits %d", valid, hits);
}

static isect_vec3 v3_at(const double *p) { return (isect_vec3){(float)p[0], (float)p[1], (float)p[2]}; }

/* The exact path alone: every guard infinite (gq too, or not: then the
 * slabs whose q the filter certifies take the exact X and Y), so every
 * value is evaluated exactly; a wrong exact formula cannot hide behind the
 * filter. */
static void check_exact_only(void (*gen)(double *), long n, bool all)
{
    const isect_query *q = tl_query("ray_obb");
    for (long i = 0; i < n; i++) {
        double in[ISECT_MAX_IN], r[ISECT_MAX_OUT], t = 0;
        gen(in);
        if (q->ref(in, r) != ISECT_REF_OK)
            continue;
        isect_ray ray = {{(float)in[0], (float)in[1], (float)in[2]}, {(float)in[3], (float)in[4], (float)in[5]},
                         (float)in[IN_TMAX]};
        isect_obb box = {v3_at(in + IN_C),
                         {v3_at(in + IN_A0), v3_at(in + IN_A0 + 3), v3_at(in + IN_A0 + 6)},
                         v3_at(in + IN_H)};
        ob_filter f;
        ob_load(&f, ray, box);
        ob_eval(&f);
        for (int j = 0; j < 3; j++) {
            f.gx[j] = f.gy[j] = f.gf[j] = INFINITY;
            if (all)
                f.gq[j] = INFINITY;
        }
        f.gdet = INFINITY;
        bool got = ob_exact_hit(&f, &t);
        /* every slab's entry from the expansions (all): within a few
         * units of 2^-53 of ref's (a double), unless clipped by tmax */
        bool t_bad = got && (!(t >= 0) || (all && isect_fmin(t, ray.tmax) != r[1] &&
                                           !(fabs(isect_fmin(t, ray.tmax) - r[1]) <= 0x1p-48 * r[1])));
        if (got != (r[0] != 0) || t_bad) {
            char buf[1024];
            tl_dump(buf, sizeof buf, in, N_IN);
            cr_assert_fail("ISECT_SEED=%llu exact only: %d (t %a), ref %g %g on %s", (unsigned long long)tl_seed, got,
                           t, r[0], r[1], buf);
        }
    }
}

Test(ray_obb_exact, exact_path_alone)
{
    tl_init_seed(1463);
    check_exact_only(gen_boundary, env_n() / 4, true);
    check_exact_only(gen_boundary, env_n() / 4, false);
    check_exact_only(gen_random, env_n() / 4, true);
}
