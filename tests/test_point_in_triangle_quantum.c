/* tests/test_point_in_triangle_quantum.c: the exact-zero certificates of
 * fast's point_in_triangle (fast/fast_quantum.h, fast/point_in_triangle.c).
 *
 * - fq_lsb_exp on values derived by hand (normal, subnormal, zero, the
 *   extremes); fq_quad_init against an independent L (the largest k with
 *   v / 2^k an integer, found by scaling in binary64) and the quantum
 *   exponent formula, on random values of every kind;
 *   fq_certainly_zero at |v| + err = Q (not certified).
 * - fast on inputs that force each stage: points exactly in the plane
 *   (the quantum certificate), one quantum off the plane or off an edge
 *   with the bound just above the quantum (the certificate must refuse),
 *   mixed magnitudes (the certificate cannot decide: the exact paths),
 *   subnormal and huge coordinates, points on edges and vertices, and
 *   degenerate triangles.  Expected answers: by hand for the limit cases;
 *   for the generated ones an independent exact formulation in GMP
 *   rationals (the barycentric coordinates from the Gram system, not the
 *   plane and edge tests of fast and ref).  ISECT_SEED changes the seed.
 */
#include "testlib.h"
#include "tl_pit_fast.h"

#include <gmp.h>

#include "fast_overlap.h"
#include "fast_quantum.h"

TestSuite(point_in_triangle_quantum, .init = NULL);

Test(point_in_triangle_quantum, lsb_exp_by_hand)
{
    static const struct {
        float v;
        int l;
    } c[] = {{1.0f, 0},           {3.0f, 0},          {0.5f, -1},         {6.0f, 1},          {-12.0f, 2},
             {0x1p-149f, -149},   {0x1.8p-148f, -149}, {0x1p-148f, -148},   {0x1p-127f, -127},  {0x1p-126f, -126},
             {0x1.000002p+0f, -23}, {FLT_MAX, 104},    {0x1p+127f, 127},    {16777215.0f, 0},   {0.1f, -27}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        cr_assert_eq(fq_lsb_exp(c[i].v), c[i].l, "L(%a) = %d, expected %d", c[i].v, fq_lsb_exp(c[i].v), c[i].l);
    cr_assert_eq(fq_lsb_exp(0.0f), FQ_ZERO);
    cr_assert_eq(fq_lsb_exp(-0.0f), FQ_ZERO);
}

/* A random binary32 of every kind: zero, subnormal, normal, extremes. */
static float any_float(void)
{
    switch (tl_int(0, 5)) {
    case 0:
        return tl_int(0, 1) ? 0.0f : -0.0f;
    case 1: {
        uint32_t b = (uint32_t)tl_rnd() & 0x807fffffu; /* subnormal (or zero) */
        float f;
        memcpy(&f, &b, sizeof f);
        return f;
    }
    case 2:
        return (float)ldexp(tl_int(-64, 64), tl_int(-149, 120));
    default: {
        uint32_t b = (uint32_t)tl_rnd();
        if (((b >> 23) & 0xffu) == 0xffu)
            b &= ~0x00800000u; /* keep it finite */
        float f;
        memcpy(&f, &b, sizeof f);
        return f;
    }
    }
}

/* L(v) without the bits: the k with |v| / 2^k an odd integer (exact
 * scalings of a binary64 value), FQ_ZERO for 0. */
static int lsb_exp_by_scaling(float v)
{
    if (v == 0)
        return FQ_ZERO;
    for (int k = 127; k >= -149; k--) {
        double q = ldexp(fabs((double)v), -k);
        if (q == floor(q))
            return k;
    }
    return FQ_ZERO + 1; /* unreachable: every binary32 is a multiple of 2^-149 */
}

Test(point_in_triangle_quantum, quad_matches_independent)
{
    tl_init_seed(0x9a7);
    for (int it = 0; it < 200000; it++) {
        isect_vec3 x[4];
        for (int m = 0; m < 4; m++)
            x[m] = (isect_vec3){any_float(), any_float(), any_float()};
        int bad = tl_int(0, 9) == 0 ? tl_int(0, 11) : -1; /* an inf or NaN coordinate */
        if (bad >= 0) {
            float *f = bad % 3 == 0 ? &x[bad / 3].x : bad % 3 == 1 ? &x[bad / 3].y : &x[bad / 3].z;
            *f = tl_int(0, 1) ? INFINITY : NAN;
        }
        fq_quad f;
        bool finite;
        int q = fq_quad_init(&f, x[0], x[1], x[2], x[3], &finite);
        cr_assert_eq(finite, bad < 0, "finite flag (ISECT_SEED=%llu)", (unsigned long long)tl_seed);
        if (!finite)
            continue;
        int mn[4];
        for (int m = 0; m < 4; m++) {
            const float c[3] = {x[m].x, x[m].y, x[m].z};
            mn[m] = FQ_ZERO;
            for (int k = 0; k < 3; k++) {
                int l = lsb_exp_by_scaling(c[k]);
                cr_assert_eq(f.l[k][m], l, "L(%a) lane %d (ISECT_SEED=%llu)", c[k], m, (unsigned long long)tl_seed);
                mn[m] = fq_min(mn[m], l);
            }
        }
        cr_assert_eq(q, fq_min(mn[1], mn[0]) + fq_min(mn[2], mn[0]) + fq_min(mn[3], mn[0]));
    }
}

Test(point_in_triangle_quantum, certainly_zero_is_strict)
{
    cr_assert(fq_certainly_zero(0.5, 0, 0));
    cr_assert(!fq_certainly_zero(1, 0, 0), "|v| = Q is not certified");
    cr_assert(!fq_certainly_zero(0.75, 0.25, 0), "|v| + err = Q is not certified");
    cr_assert(fq_certainly_zero(-0x1p-450, 0x1p-452, -449));
    cr_assert(!fq_certainly_zero(0, 0x1p+300, 300));
    cr_assert(fq_certainly_zero(0, 0x1.fffffffffffffp+299, 300));
}

/* The limit cases of corpus/point_in_triangle/quantum.case, by hand there. */
Test(point_in_triangle_quantum, limits_by_hand)
{
    /* |o| = Q = 2^-10 and 2^-60, bound 1.125 Q: off the plane */
    EXPECT_FAST(false, -1, -1, 0x1p-10f, -1, -1, 0, 0x1.8p+24f, 0x1.7ffffep+24f, 0, 0x1.8p+23f, 0x1.7ffffep+23f, 0);
    EXPECT_FAST(false, -1, -1, 0x1p-60f, -1, -1, 0, 0x1.8p+24f, 0x1.7ffffep+24f, 0, 0x1.8p+23f, 0x1.7ffffep+23f, 0);
    EXPECT_FAST(true, -1, -1, 0, -1, -1, 0, 0x1.8p+24f, 0x1.7ffffep+24f, 0, 0x1.8p+23f, 0x1.7ffffep+23f, 0);
    /* an edge orientation |d| = Q2 = 1, bound 1 + 2^-25: outside */
    EXPECT_FAST(false, 0x1p+24f, 0x1.fffffep+23f, 0, -1, -1, 0, 0x1p+25f, 0x1.fffffep+24f, 0, 0x1p+25f, -0x1p+25f, 0);
    /* an exact 0 the 2D quantum cannot certify: on the edge */
    EXPECT_FAST(true, 0x1p+19f, 0x1.8p-60f, 0, 0, 0, 0, 0x1p+20f, 0x1.8p-59f, 0, 0, 1, 0);
    /* an exact 0 the 3D quantum cannot certify (p_x = 2^-60): inside */
    EXPECT_FAST(true, 0x1p-60f, 0x1p+19f, 1.5f, 0, 0, 0, 1, 0, 0, 0, 0x1p+20f, 3);
    /* subnormal: centroid inside, outside in the plane */
    EXPECT_FAST(true, 0x1p-147f, 0x1p-147f, 0x1p-147f, 0x3p-147f, 0, 0, 0, 0x3p-147f, 0, 0, 0, 0x3p-147f);
    EXPECT_FAST(false, 0x2p-147f, 0x2p-147f, -0x1p-147f, 0x3p-147f, 0, 0, 0, 0x3p-147f, 0, 0, 0, 0x3p-147f);
    /* degenerate: the ends of the hull, and just past one */
    EXPECT_FAST(true, 3, 6, 9, 1, 2, 3, 3, 6, 9, 2, 4, 6);
    EXPECT_FAST(true, 1, 2, 3, 1, 2, 3, 3, 6, 9, 2, 4, 6);
    EXPECT_FAST(false, 3.5f, 7, 10.5f, 1, 2, 3, 3, 6, 9, 2, 4, 6);
}

/* ---- generated cases against GMP ------------------------------------------- */

/* r = a.b (t a temporary). */
static void dot_q(mpq_t r, mpq_t *a, mpq_t *b, mpq_t t)
{
    mpq_set_ui(r, 0, 1);
    for (int k = 0; k < 3; k++) {
        mpq_mul(t, a[k], b[k]);
        mpq_add(r, r, t);
    }
}

/* p = v[0] on the closed segment x y: p = x + u (y - x) with
 * u = (p - x).(y - x) / |y - x|^2 in [0, 1], exactly; x = y: p = x. */
static bool on_segment_gmp(mpq_t *p, mpq_t *x, mpq_t *y)
{
    mpq_t d[3], px[3], t, dd, u;
    mpq_inits(t, dd, u, NULL);
    for (int k = 0; k < 3; k++) {
        mpq_inits(d[k], px[k], NULL);
        mpq_sub(d[k], y[k], x[k]);
        mpq_sub(px[k], p[k], x[k]);
    }
    dot_q(dd, d, d, t);
    bool on;
    if (mpq_sgn(dd) == 0) {
        on = mpq_sgn(px[0]) == 0 && mpq_sgn(px[1]) == 0 && mpq_sgn(px[2]) == 0;
    } else {
        dot_q(u, px, d, t);
        mpq_div(u, u, dd);
        on = mpq_sgn(u) >= 0 && mpq_cmp_ui(u, 1, 1) <= 0;
        for (int k = 0; k < 3 && on; k++) {
            mpq_mul(t, u, d[k]);
            on = mpq_equal(t, px[k]);
        }
    }
    for (int k = 0; k < 3; k++)
        mpq_clears(d[k], px[k], NULL);
    mpq_clears(t, dd, u, NULL);
    return on;
}

/* p in the closed triangle, exactly: n = e1 x e2 != 0: p - v0 = s e1 + t e2
 * + r n with (s, t) from the Gram system [e1.e1 e1.e2; e1.e2 e2.e2] and r = 0
 * iff w.n = 0; inside iff r = 0, s, t >= 0, s + t <= 1 (s, t scaled by the
 * Gram determinant |n|^2 > 0 below).  n = 0: on one of the three segments. */
static bool in_triangle_gmp(const float *in)
{
    mpq_t v[4][3], e1[3], e2[3], w[3], n[3], t, g11, g12, g22, b1, b2, det, s, u;
    bool hit = false;
    for (int m = 0; m < 4; m++)
        for (int k = 0; k < 3; k++) {
            mpq_init(v[m][k]);
            mpq_set_d(v[m][k], in[3 * m + k]);
        }
    mpq_inits(t, g11, g12, g22, b1, b2, det, s, u, NULL);
    for (int k = 0; k < 3; k++) {
        mpq_inits(e1[k], e2[k], w[k], n[k], NULL);
        mpq_sub(e1[k], v[2][k], v[1][k]);
        mpq_sub(e2[k], v[3][k], v[1][k]);
        mpq_sub(w[k], v[0][k], v[1][k]);
    }
    for (int k = 0; k < 3; k++) { /* n = e1 x e2 */
        int i = (k + 1) % 3, j = (k + 2) % 3;
        mpq_mul(n[k], e1[i], e2[j]);
        mpq_mul(t, e1[j], e2[i]);
        mpq_sub(n[k], n[k], t);
    }
    dot_q(det, n, n, t);
    if (mpq_sgn(det) == 0) {
        hit = on_segment_gmp(v[0], v[1], v[2]) || on_segment_gmp(v[0], v[2], v[3]) ||
              on_segment_gmp(v[0], v[3], v[1]);
    } else if (dot_q(s, w, n, t), mpq_sgn(s) == 0) {
        dot_q(g11, e1, e1, t);
        dot_q(g12, e1, e2, t);
        dot_q(g22, e2, e2, t);
        dot_q(b1, e1, w, t);
        dot_q(b2, e2, w, t);
        /* s = (g22 b1 - g12 b2) / D, t = (g11 b2 - g12 b1) / D, D = |n|^2 > 0 */
        mpq_mul(s, g22, b1);
        mpq_mul(t, g12, b2);
        mpq_sub(s, s, t);
        mpq_mul(u, g11, b2);
        mpq_mul(t, g12, b1);
        mpq_sub(u, u, t);
        mpq_add(t, s, u);
        hit = mpq_sgn(s) >= 0 && mpq_sgn(u) >= 0 && mpq_cmp(t, det) <= 0;
    }
    mpq_clears(t, g11, g12, g22, b1, b2, det, s, u, NULL);
    for (int k = 0; k < 3; k++)
        mpq_clears(e1[k], e2[k], w[k], n[k], NULL);
    for (int m = 0; m < 4; m++)
        for (int k = 0; k < 3; k++)
            mpq_clear(v[m][k]);
    return hit;
}

/* A triangle on a grid (integers up to 2^10 times a per-axis power of two
 * and a per-vertex offset of one power of two, so that the coordinates'
 * lowest bits and magnitudes differ), p = v0 + (a e1 + b e2) / 8 (dyadic
 * barycentrics: inside, on an edge, at a vertex, outside), then maybe one
 * quantum off in one coordinate, or the triangle made degenerate.  Kept
 * only when binary32 holds every value exactly. */
static bool gen_case(float *in, int *kind)
{
    double v[4][3], sc[3];
    int emin = tl_int(0, 3) == 0 ? -140 : -40, emax = tl_int(0, 3) == 0 ? 100 : 20;
    for (int k = 0; k < 3; k++)
        sc[k] = ldexp(1, tl_int(emin, emax));
    for (int m = 1; m < 4; m++)
        for (int k = 0; k < 3; k++)
            v[m][k] = tl_int(-1024, 1024) * sc[k] + (tl_int(0, 3) == 0 ? ldexp(1, tl_int(emin, emax)) : 0);
    *kind = tl_int(0, 3);
    if (*kind == 3) { /* degenerate: v2 = v0 + c (v1 - v0) */
        double c = tl_int(-4, 8) * 0.25;
        for (int k = 0; k < 3; k++)
            v[3][k] = v[1][k] + c * (v[2][k] - v[1][k]);
    }
    double a = tl_int(-2, 10) * 0.125, b = tl_int(-2, 10) * 0.125;
    for (int k = 0; k < 3; k++)
        v[0][k] = v[1][k] + a * (v[2][k] - v[1][k]) + b * (v[3][k] - v[1][k]);
    if (*kind == 1) { /* one step of the quantum of p's coordinate k, or a smaller one */
        int k = tl_int(0, 2);
        double q = v[0][k] != 0 ? ldexp(1, -1074) : sc[k];
        for (double x = fabs(v[0][k]); x != 0 && fmod(x, q * 2) == 0; q *= 2)
            ;
        v[0][k] += (tl_int(0, 1) ? q : -q) * ldexp(1, -tl_int(0, 3));
    }
    for (int m = 0; m < 4; m++)
        for (int k = 0; k < 3; k++) {
            float f = (float)v[m][k];
            if ((double)f != v[m][k] || !isfinite(f))
                return false;
            in[3 * m + k] = f;
        }
    return true;
}

/* Fails with the case's inputs when fast's answer is not the exact one. */
static void expect_same(const float *in, bool got, bool want)
{
    if (got == want)
        return;
    char buf[512];
    double d[12];
    for (int k = 0; k < 12; k++)
        d[k] = in[k];
    tl_dump(buf, sizeof buf, d, 12);
    cr_assert_fail("fast %d, exact %d: %s (ISECT_SEED=%llu)", got, want, buf, (unsigned long long)tl_seed);
}

Test(point_in_triangle_quantum, generated_against_gmp)
{
    tl_init_seed(0x917a);
    int seen[4][2] = {{0}};
    for (int it = 0, n = 0; n < 20000 && it < 400000; it++) {
        float in[12];
        int kind;
        if (!gen_case(in, &kind))
            continue;
        n++;
        bool want = in_triangle_gmp(in), got = fast_hit(in);
        expect_same(in, got, want);
        seen[kind][want]++;
    }
    for (int k = 0; k < 4; k++)
        for (int h = 0; h < 2; h++)
            cr_assert(seen[k][h] > 100 || (k == 1 && h == 1 && seen[k][h] >= 0),
                      "generator balance: kind %d, hit %d seen %d times", k, h, seen[k][h]);
}

/* Stage 0 (pit_grid): every coordinate an integer below 2^15 in magnitude
 * times one power of two 2^S, S from -149 to 113 (the grid 2^(E - 15) of
 * the largest magnitude then holds them all, or a finer one: both stage 0
 * and, off its grid, the general path are exercised), the largest
 * integers near 2^15 so that the binary64 products reach their bound, and
 * mostly multiples of 8, so that p = v0 + (a e1 + b e2) / 8 is on the same
 * integers (else any); maybe one unit off in one coordinate.  Against the
 * GMP formulation. */
static bool gen_grid_case(float *in)
{
    int S = tl_int(-149, 113), big = tl_int(0, 1) ? 32767 : 1024;
    long v[4][3];
    for (int m = 1; m < 4; m++)
        for (int k = 0; k < 3; k++)
            v[m][k] = 8L * tl_int(-big / 8, big / 8) + (tl_int(0, 7) == 0 ? tl_int(-7, 7) : 0);
    long a = tl_int(-2, 10), b = tl_int(-2, 10);
    for (int k = 0; k < 3; k++) { /* p = v1 + (a (v2 - v1) + b (v3 - v1)) / 8, on the integers when divisible */
        long x = 8 * v[1][k] + a * (v[2][k] - v[1][k]) + b * (v[3][k] - v[1][k]);
        v[0][k] = x % 8 == 0 ? x / 8 : tl_int(-big, big);
    }
    if (tl_int(0, 2) == 0)
        v[0][tl_int(0, 2)] += tl_int(0, 1) ? 1 : -1;
    for (int m = 0; m < 4; m++)
        for (int k = 0; k < 3; k++) {
            if (v[m][k] > 32767 || v[m][k] < -32767)
                return false;
            in[3 * m + k] = ldexpf((float)v[m][k], S);
            if ((double)in[3 * m + k] != ldexp((double)v[m][k], S))
                return false; /* not exact in binary32 (subnormal range) */
        }
    return true;
}

Test(point_in_triangle_quantum, stage0_grid_against_gmp)
{
    tl_init_seed(0x917b);
    int seen[2] = {0, 0};
    for (int it = 0, n = 0; n < 20000 && it < 200000; it++) {
        float in[12];
        if (!gen_grid_case(in))
            continue;
        n++;
        bool want = in_triangle_gmp(in), got = fast_hit(in);
        expect_same(in, got, want);
        seen[want]++;
    }
    cr_assert(seen[0] > 1000 && seen[1] > 1000, "generator balance: %d misses, %d hits", seen[0], seen[1]);
}

/* ---- the orientation modulo 2^64 (fq_orient_zero_mod) ------------------------ */

/* fq_orient_zero_mod on x[0..3] with the binary64 orientation and its
 * bound as fast's pit_general computes them (FB_CERT_TRIPLE). */
static int zero_mod(const isect_vec3 *x)
{
    fv_d3 a = fv_d(x[0]), ap = fv_dsub(fv_d(x[1]), a), ab = fv_dsub(fv_d(x[2]), a), ac = fv_dsub(fv_d(x[3]), a);
    double o = fv_ddot(ap, fv_dcross(ab, ac)), g = FB_CERT_TRIPLE * ov_abs_triple(ap, ab, ac);
    fq_quad f;
    bool finite;
    fq_quad_init(&f, x[0], x[1], x[2], x[3], &finite);
    cr_assert(finite);
    return fq_orient_zero_mod(&f, &x[0], &x[1], &x[2], &x[3], o, g);
}

/* corpus/point_in_triangle/pitspeed_mod64.case, derived by hand there:
 * (m1) in the plane, decided; (m2) the largest coordinate at 2^(63 + qm):
 * refused; (m3) N = 2^64 with |o| + g above 2^(64 + 3 qm): refused;
 * (m4) N = 2^62: decided, not 0.  Points in the order v0, p, v1, v2. */
Test(point_in_triangle_quantum, mod64_by_hand)
{
    const float d = 0x1.000002p-7f, y = 0x1.000004p-8f;
    const isect_vec3 m1[4] = {{0, 0, 0}, {0x1p+10f, y / 4, d / 2}, {0x1p+11f, 0, d}, {0, y, 0}};
    const isect_vec3 m2[4] = {{0x1.ffffep+30f, 0, 0}, {0x1.fffffp+30f, y / 4, d / 2}, {0x1p+31f, 0, d},
                              {0x1.ffffep+30f, y, 0}};
    isect_vec3 m3[4] = {{-1, -1, 0}, {-1, -1, 0x1p-32f}, {0x1.8p+24f, 0x1.7ffffep+24f, 0}, {0x1.8p+23f, 0x1.7ffffep+23f, 0}};
    cr_assert_eq(zero_mod(m1), 1);
    cr_assert_eq(zero_mod(m2), -1);
    cr_assert_eq(zero_mod(m3), -1);
    m3[1].z = 0x1p-31f;
    cr_assert_eq(zero_mod(m3), 0);
}

/* (q - p).((r - p) x (s - p)) in GMP rationals: its sign. */
static int orient_gmp(const isect_vec3 *x)
{
    mpq_t c[4][3], t, u, r;
    mpq_inits(t, u, r, NULL);
    for (int m = 0; m < 4; m++) {
        const float v[3] = {x[m].x, x[m].y, x[m].z};
        for (int k = 0; k < 3; k++) {
            mpq_init(c[m][k]);
            mpq_set_d(c[m][k], v[k]);
            if (m > 0)
                mpq_sub(c[m][k], c[m][k], c[0][k]);
        }
    }
    mpq_set_ui(r, 0, 1);
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpq_mul(t, c[2][j], c[3][k]);
        mpq_mul(u, c[2][k], c[3][j]);
        mpq_sub(t, t, u);
        mpq_mul(t, t, c[1][i]);
        mpq_add(r, r, t);
    }
    int s = mpq_sgn(r);
    for (int m = 0; m < 4; m++)
        for (int k = 0; k < 3; k++)
            mpq_clear(c[m][k]);
    mpq_clears(t, u, r, NULL);
    return s;
}

/* Integer coordinates of up to 24 bits, each scaled by 2^(S + e), e in
 * [0, 14] (spans of about 20 to 40 bits, both sides of the stage's
 * limit); p = v0 + (a e1 + b e2) / 4 when that is exact in binary32 (in
 * the plane), maybe one unit of its own off in one coordinate.  Where the
 * stage decides, its answer must be GMP's O = 0. */
Test(point_in_triangle_quantum, mod64_against_gmp)
{
    tl_init_seed(0x6464);
    int seen[3] = {0, 0, 0};
    for (int it = 0; it < 100000; it++) {
        int S = tl_int(-130, 90), bits = tl_int(4, 24);
        isect_vec3 x[4];
        float *c = &x[0].x;
        for (int n = 0; n < 12; n++)
            c[n] = ldexpf((float)tl_int(-(1 << bits) + 1, (1 << bits) - 1), S + tl_int(0, 14));
        x[0] = (isect_vec3){c[0], c[1], c[2]};
        int a = tl_int(-2, 6), b = tl_int(-2, 6);
        for (int k = 0; k < 3; k++) {
            double v0 = (&x[0].x)[k], w = v0 + (a * ((double)(&x[2].x)[k] - v0) + b * ((double)(&x[3].x)[k] - v0)) / 4;
            float f = (float)w;
            if (tl_int(0, 3) && (double)f == w)
                (&x[1].x)[k] = f;
        }
        if (tl_int(0, 3) == 0) {
            float *f = &x[1].x + tl_int(0, 2);
            *f = nextafterf(*f, tl_int(0, 1) ? INFINITY : -INFINITY);
        }
        int z = zero_mod(x);
        seen[z + 1]++;
        if (z >= 0)
            cr_assert_eq(z, orient_gmp(x) == 0, "fq_orient_zero_mod %d (ISECT_SEED=%llu)", z,
                         (unsigned long long)tl_seed);
    }
    cr_assert(seen[0] > 1000 && seen[1] > 1000 && seen[2] > 1000, "balance: %d refused, %d not 0, %d 0", seen[0],
              seen[1], seen[2]);
}
