/* tests/test_ray_triangle.c: ref_ray_triangle on hand-derived exact cases.
 *
 * Flat layout: in = origin[3] dir[3] tmax v0[3] v1[3] v2[3]; out = hit t u v,
 * u the weight of v1, v the weight of v2.  Every expected value below is
 * derived by hand in the comment next to it (or, for the random batch, by an
 * independent exact formulation in int64: Cramer's rule); none comes from the
 * code under test.
 *
 * The base triangle T4 is v0 = (0,0,2), v1 = (4,0,2), v2 = (0,4,2): it lies in
 * the plane z = 2, e1 = v1 - v0 = (4,0,0), e2 = v2 - v0 = (0,4,0).  A ray from
 * (x, y, 0) along dir (0,0,1) meets z = 2 at t = 2, at the point (x, y, 2) =
 * v0 + (x/4) e1 + (y/4) e2, so u = x/4, v = y/4, and the point is in the closed
 * triangle iff x >= 0, y >= 0, x + y <= 4.
 */
#include "testlib.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { N_IN = 16, N_OUT = 4 };

typedef struct {
    double o[3], d[3], tmax, v0[3], v1[3], v2[3];
} rt_in;

static void flatten(const rt_in *c, double *in)
{
    memcpy(in + 0, c->o, sizeof c->o);
    memcpy(in + 3, c->d, sizeof c->d);
    in[6] = c->tmax;
    memcpy(in + 7, c->v0, sizeof c->v0);
    memcpy(in + 10, c->v1, sizeof c->v1);
    memcpy(in + 13, c->v2, sizeof c->v2);
}

/* The base triangle T4 with a ray from (x, y, 0) along +z. */
static rt_in t4(double x, double y, double tmax)
{
    rt_in c = {{x, y, 0}, {0, 0, 1}, tmax, {0, 0, 2}, {4, 0, 2}, {0, 4, 2}};
    return c;
}

static void expect_hit(const rt_in *c, double t, double u, double v, const char *what)
{
    double in[N_IN];
    flatten(c, in);
    tl_expect_hit(tl_query("ray_triangle"), in, (const double[]){t, u, v}, 3, what);
}

static void expect_miss(const rt_in *c, const char *what)
{
    double in[N_IN];
    flatten(c, in);
    tl_expect_miss(tl_query("ray_triangle"), in, what);
}

static void expect_invalid(const double *in, const char *what) { tl_expect_invalid(tl_query("ray_triangle"), in, what); }

/* ---- basic configurations -------------------------------------------------- */

static void t_interior(void)
{
    /* (1,1): u = 1/4, v = 1/4, t = 2. */
    rt_in c = t4(1, 1, INFINITY);
    expect_hit(&c, 2, 0.25, 0.25, "interior (1,1)");
    /* (1,2): u = 1/4, v = 1/2 (asymmetric, so a u/v swap would show). */
    c = t4(1, 2, INFINITY);
    expect_hit(&c, 2, 0.25, 0.5, "interior (1,2)");
    /* Origin below, finite tmax well beyond 2. */
    c = t4(3, 0.5, 100);
    expect_hit(&c, 2, 0.75, 0.125, "interior (3,0.5)");
}

static void t_edges_are_closed(void)
{
    /* Edge v0v1 (y = 0): (2,0) -> u = 1/2, v = 0, a barycentric exactly 0. */
    rt_in c = t4(2, 0, INFINITY);
    expect_hit(&c, 2, 0.5, 0, "edge v0v1");
    /* Edge v0v2 (x = 0): (0,1) -> u = 0, v = 1/4. */
    c = t4(0, 1, INFINITY);
    expect_hit(&c, 2, 0, 0.25, "edge v0v2");
    /* Edge v1v2 (x + y = 4): (1,3) -> u = 1/4, v = 3/4, 1 - u - v = 0. */
    c = t4(1, 3, INFINITY);
    expect_hit(&c, 2, 0.25, 0.75, "edge v1v2");
    /* One binary32 ulp inside v1v2: x = 2 - 2^-22 (ulp of [1,2) is 2^-23, so
     * nextafterf(2, 0) = 2 - 2^-23; use that), y = 2: x + y = 4 - 2^-23 < 4,
     * u = (2 - 2^-23)/4 = 1/2 - 2^-25, v = 1/2. */
    c = t4(nextafterf(2, 0), 2, INFINITY);
    expect_hit(&c, 2, 0.5 - 0x1p-25, 0.5, "one ulp inside v1v2");
}

static void t_vertices_are_closed(void)
{
    rt_in c = t4(0, 0, INFINITY); /* v0: u = v = 0 */
    expect_hit(&c, 2, 0, 0, "vertex v0");
    c = t4(4, 0, INFINITY); /* v1: u = 1, v = 0 */
    expect_hit(&c, 2, 1, 0, "vertex v1");
    c = t4(0, 4, INFINITY); /* v2: u = 0, v = 1 */
    expect_hit(&c, 2, 0, 1, "vertex v2");
}

static void t_one_ulp_outside_misses(void)
{
    /* x = nextafterf(0, -1) = -2^-149: u = -2^-151 < 0. */
    rt_in c = t4(nextafterf(0, -1), 1, INFINITY);
    expect_miss(&c, "one ulp left of v0v2");
    /* y = -2^-149: v < 0. */
    c = t4(2, nextafterf(0, -1), INFINITY);
    expect_miss(&c, "one ulp below v0v1");
    /* x = nextafterf(2, 3) = 2 + 2^-22, y = 2: x + y = 4 + 2^-22 > 4. */
    c = t4(nextafterf(2, 3), 2, INFINITY);
    expect_miss(&c, "one ulp beyond v1v2");
    /* Just past vertex v1 along x: x = nextafterf(4, 5) = 4 + 2^-21. */
    c = t4(nextafterf(4, 5), 0, INFINITY);
    expect_miss(&c, "one ulp past v1");
    /* The same outside an edge that is not axis-aligned in the triangle's
     * frame: a triangle in the plane x + y + z = 3 (v0 = (3,0,0), v1 = (0,3,0),
     * v2 = (0,0,3)); a ray along +z from (x, y, -5) meets it at z = 3 - x - y,
     * t = 8 - x - y; the point is in the triangle iff x >= 0, y >= 0, x + y <= 3
     * with u = y/3 (weight of v1), v = (3 - x - y)/3 (weight of v2).
     * (1.5, 1.5): on edge v0v1 (v = 0), u = 1/2, t = 5: hit. */
    rt_in d = {{1.5, 1.5, -5}, {0, 0, 1}, INFINITY, {3, 0, 0}, {0, 3, 0}, {0, 0, 3}};
    expect_hit(&d, 5, 0.5, 0, "tilted edge");
    /* x = nextafterf(1.5, 2) = 1.5 + 2^-23: x + y > 3: miss. */
    d.o[0] = nextafterf(1.5f, 2);
    expect_miss(&d, "one ulp beyond a tilted edge");
}

static void t_t_zero_and_tmax(void)
{
    /* Origin on the triangle: (1,1,2) along +z, t = 0, u = v = 1/4. */
    rt_in c = {{1, 1, 2}, {0, 0, 1}, INFINITY, {0, 0, 2}, {4, 0, 2}, {0, 4, 2}};
    expect_hit(&c, 0, 0.25, 0.25, "t = 0");
    /* ... with tmax = 0 as well: still t = 0 in [0, 0]. */
    c.tmax = 0;
    expect_hit(&c, 0, 0.25, 0.25, "t = 0 = tmax");
    /* t = tmax = 2 exactly: hit. */
    c = t4(1, 1, 2);
    expect_hit(&c, 2, 0.25, 0.25, "t = tmax");
    /* tmax = nextafterf(2, 0) = 2 - 2^-23 < t = 2: miss. */
    c = t4(1, 1, nextafterf(2, 0));
    expect_miss(&c, "tmax one ulp short");
    /* Origin just above the plane moving away (+z): t = -2^-22 < 0: miss. */
    rt_in e = {{1, 1, nextafterf(2, 3)}, {0, 0, 1}, INFINITY, {0, 0, 2}, {4, 0, 2}, {0, 4, 2}};
    expect_miss(&e, "triangle one ulp behind the origin");
}

static void t_two_sided(void)
{
    /* The normal e1 x e2 = (4,0,0) x (0,4,0) = (0,0,16) points to +z; a ray
     * from (1,1,4) along -z goes against it and meets z = 2 at t = 2,
     * at (1,1,2): u = v = 1/4. */
    rt_in c = {{1, 1, 4}, {0, 0, -1}, INFINITY, {0, 0, 2}, {4, 0, 2}, {0, 4, 2}};
    expect_hit(&c, 2, 0.25, 0.25, "back face");
    /* Reversed winding (v1, v2 swapped) from below: same t, u and v swap. */
    rt_in d = {{1, 2, 0}, {0, 0, 1}, INFINITY, {0, 0, 2}, {0, 4, 2}, {4, 0, 2}};
    expect_hit(&d, 2, 0.5, 0.25, "reversed winding");
    /* Moving away from the plane: (1,1,4) along +z: t = -2: miss. */
    c.d[2] = 1;
    expect_miss(&c, "plane behind the ray");
}

static void t_degenerate_misses(void)
{
    /* Ray in the triangle's plane z = 2, crossing the triangle: det = 0, miss
     * by the ray_triangle convention. */
    rt_in c = {{-1, 1, 2}, {1, 0, 0}, INFINITY, {0, 0, 2}, {4, 0, 2}, {0, 4, 2}};
    expect_miss(&c, "ray in the plane");
    /* ... starting inside the triangle. */
    c.o[0] = 1;
    expect_miss(&c, "ray in the plane from inside");
    /* Parallel to the plane, above it. */
    rt_in p = {{1, 1, 0}, {1, 1, 0}, INFINITY, {0, 0, 2}, {4, 0, 2}, {0, 4, 2}};
    expect_miss(&p, "parallel ray");
    /* Zero-area triangle: collinear (0,0,2), (1,1,2), (2,2,2); the ray through
     * (1,1,2) would cross the segment. */
    rt_in z = {{1, 1, 0}, {0, 0, 1}, INFINITY, {0, 0, 2}, {1, 1, 2}, {2, 2, 2}};
    expect_miss(&z, "collinear triangle");
    /* Two coincident vertices. */
    rt_in z2 = {{0, 0, 0}, {0, 0, 1}, INFINITY, {0, 0, 2}, {0, 0, 2}, {4, 0, 2}};
    expect_miss(&z2, "two coincident vertices");
    /* All three vertices equal and on the ray. */
    rt_in z3 = {{1, 1, 0}, {0, 0, 1}, INFINITY, {1, 1, 2}, {1, 1, 2}, {1, 1, 2}};
    expect_miss(&z3, "point triangle");
    /* Zero direction, even with the origin on the triangle. */
    rt_in d0 = {{1, 1, 2}, {0, 0, 0}, INFINITY, {0, 0, 2}, {4, 0, 2}, {0, 4, 2}};
    expect_miss(&d0, "zero direction on the triangle");
    d0.o[2] = 0;
    expect_miss(&d0, "zero direction");
    /* Negative zeros are zeros. */
    rt_in dn = {{1, 1, 2}, {-0.0, -0.0, -0.0}, INFINITY, {0, 0, 2}, {4, 0, 2}, {0, 4, 2}};
    expect_miss(&dn, "direction -0");
}

/* ---- scaled configurations -------------------------------------------------- */

/* T4 with every position scaled by 2^k and the direction by 2^kd: the hit
 * point is 2^k (x, y, 2) at t = 2 * 2^(k - kd); barycentrics unchanged. */
static rt_in t4_scaled(double x, double y, int k, int kd, double tmax)
{
    double s = ldexp(1, k), sd = ldexp(1, kd);
    rt_in c = {{x * s, y * s, 0}, {0, 0, sd}, tmax, {0, 0, 2 * s}, {4 * s, 0, 2 * s}, {0, 4 * s, 2 * s}};
    return c;
}

static void t_scaled_exact(void)
{
    static const int ks[] = {20, -60, 100, -140 /* binary32 subnormal positions */};
    for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
        int k = ks[i];
        char what[128];
        /* Every coordinate must be an exact binary32 value. */
        rt_in probe = t4_scaled(1, 1, k, k, INFINITY);
        cr_assert((double)(float)probe.o[0] == probe.o[0] && (double)(float)probe.v1[0] == probe.v1[0]);
        for (int both = 0; both < 2; both++) {
            int kd = both ? k : 0;
            double t = ldexp(2, k - kd); /* 2 when dir is scaled too, 2^(k+1) when not */
            snprintf(what, sizeof what, "2^%d positions, 2^%d dir: interior", k, kd);
            rt_in c = t4_scaled(1, 1, k, kd, INFINITY);
            expect_hit(&c, t, 0.25, 0.25, what);
            snprintf(what, sizeof what, "2^%d positions, 2^%d dir: edge", k, kd);
            c = t4_scaled(1, 3, k, kd, INFINITY);
            expect_hit(&c, t, 0.25, 0.75, what);
            c = t4_scaled(2, 0, k, kd, INFINITY);
            expect_hit(&c, t, 0.5, 0, what);
            snprintf(what, sizeof what, "2^%d positions, 2^%d dir: vertex", k, kd);
            c = t4_scaled(4, 0, k, kd, INFINITY);
            expect_hit(&c, t, 1, 0, what);
            c = t4_scaled(0, 4, k, kd, INFINITY);
            expect_hit(&c, t, 0, 1, what);
            /* t = tmax exactly, and one binary32 ulp short of it (when t is
             * representable in binary32). */
            if ((double)(float)t == t) {
                snprintf(what, sizeof what, "2^%d positions, 2^%d dir: tmax = t", k, kd);
                c = t4_scaled(1, 1, k, kd, t);
                expect_hit(&c, t, 0.25, 0.25, what);
                snprintf(what, sizeof what, "2^%d positions, 2^%d dir: tmax < t", k, kd);
                c = t4_scaled(1, 1, k, kd, nextafterf((float)t, 0));
                expect_miss(&c, what);
            }
            /* One ulp outside the hypotenuse: x = 2^k (2 + 2^-22), y = 2^(k+1). */
            snprintf(what, sizeof what, "2^%d positions, 2^%d dir: one ulp outside", k, kd);
            c = t4_scaled(1, 1, k, kd, INFINITY);
            c.o[0] = nextafterf((float)(2 * ldexp(1, k)), INFINITY);
            c.o[1] = 2 * ldexp(1, k);
            expect_miss(&c, what);
        }
    }
}

/* ---- invalid input ------------------------------------------------------------ */

static void t_invalid_inputs(void)
{
    double base[N_IN], in[N_IN];
    rt_in c = t4(1, 1, INFINITY);
    flatten(&c, base);
    char what[64];
    for (int i = 0; i < N_IN; i++) {
        memcpy(in, base, sizeof in);
        in[i] = NAN;
        snprintf(what, sizeof what, "NaN in slot %d", i);
        expect_invalid(in, what);
        if (i == 6)
            continue;
        memcpy(in, base, sizeof in);
        in[i] = INFINITY;
        snprintf(what, sizeof what, "+inf in slot %d", i);
        expect_invalid(in, what);
        in[i] = -INFINITY;
        snprintf(what, sizeof what, "-inf in slot %d", i);
        expect_invalid(in, what);
    }
    memcpy(in, base, sizeof in);
    in[6] = -1;
    expect_invalid(in, "tmax = -1");
    in[6] = -0x1p-149;
    expect_invalid(in, "tmax = -2^-149");
    in[6] = -INFINITY;
    expect_invalid(in, "tmax = -inf");
    /* A degenerate but valid input is REF_OK, not invalid. */
    memcpy(in, base, sizeof in);
    in[3] = in[4] = in[5] = 0;
    double out[N_OUT];
    cr_assert_eq(ref_ray_triangle(in, out), REF_OK);
    cr_assert_eq(out[0], 0);
}

static void t_tmax_inf_is_valid(void)
{
    rt_in c = t4(1, 1, INFINITY);
    expect_hit(&c, 2, 0.25, 0.25, "tmax = inf");
    /* Far away triangle (t = 2^100 + ...) still hit with tmax = inf:
     * origin (1,1,-2^100). */
    c.o[2] = -0x1p100;
    /* exact t = 2^100 + 2, whose nearest double is 2^100 (ulp 2^48 there) */
    expect_hit(&c, 0x1p100, 0.25, 0.25, "tmax = inf, far");
}

/* ---- correct rounding --------------------------------------------------------- */

static void t_correct_rounding(void)
{
    /* v0 = (0,0,1), v1 = (3,0,1), v2 = (0,3,1); ray from (1,1,0) along
     * (0,0,3): meets z = 1 at t = 1/3; the point (1,1,1) = v0 + (1/3) e1 +
     * (1/3) e2: u = v = 1/3.  C's 1.0/3.0 is the correctly rounded quotient. */
    rt_in c = {{1, 1, 0}, {0, 0, 3}, INFINITY, {0, 0, 1}, {3, 0, 1}, {0, 3, 1}};
    expect_hit(&c, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0, "thirds");
    /* Same triangle, ray from (2, 0.5, 0) along (0,0,10): t = 1/10,
     * u = 2/3, v = 0.5/3 = 1/6. */
    rt_in d = {{2, 0.5, 0}, {0, 0, 10}, INFINITY, {0, 0, 1}, {3, 0, 1}, {0, 3, 1}};
    expect_hit(&d, 1.0 / 10.0, 2.0 / 3.0, 1.0 / 6.0, "tenth, two thirds, sixth");
    /* A triangle scaled by 7 in x: v1 = (7,0,1) from (1,1,0) along (0,0,7):
     * t = 1/7, u = 1/7, v = 1/3. */
    rt_in e = {{1, 1, 0}, {0, 0, 7}, INFINITY, {0, 0, 1}, {7, 0, 1}, {0, 3, 1}};
    expect_hit(&e, 1.0 / 7.0, 1.0 / 7.0, 1.0 / 3.0, "sevenths");
}

/* ---- independent exact formulation, and filter on/off ------------------------- */

static int64_t det3(const int64_t a[3], const int64_t b[3], const int64_t c[3])
{
    /* det of the matrix with columns a, b, c */
    return a[0] * (b[1] * c[2] - b[2] * c[1]) - b[0] * (a[1] * c[2] - a[2] * c[1]) +
           c[0] * (a[1] * b[2] - a[2] * b[1]);
}

static int sgn64(int64_t x) { return (x > 0) - (x < 0); }

/* Cramer's rule on u e1 + v e2 - t d = o - v0: with M = [e1 e2 -d],
 * D = det M, u = det[s e2 -d]/D, v = det[e1 s -d]/D, t = det[e1 e2 s]/D.
 * Small integer inputs keep every value exact in int64 and below 2^53, so
 * (double)N / (double)D is the correctly rounded quotient. */
static void int_oracle(const int64_t o[3], const int64_t d[3], int64_t tmax /* -1 = inf */, const int64_t v0[3],
                       const int64_t v1[3], const int64_t v2[3], double out[N_OUT])
{
    int64_t e1[3], e2[3], s[3], nd[3];
    for (int i = 0; i < 3; i++) {
        e1[i] = v1[i] - v0[i];
        e2[i] = v2[i] - v0[i];
        s[i] = o[i] - v0[i];
        nd[i] = -d[i];
    }
    int64_t D = det3(e1, e2, nd), U = det3(s, e2, nd), V = det3(e1, s, nd), T = det3(e1, e2, s);
    out[0] = out[1] = out[2] = out[3] = 0;
    int sd = sgn64(D);
    if (!sd)
        return;
    if (sgn64(U) * sd < 0 || sgn64(V) * sd < 0 || sgn64(D - U - V) * sd < 0 || sgn64(T) * sd < 0)
        return;
    if (tmax >= 0 && sgn64(tmax * D - T) * sd < 0)
        return;
    out[0] = 1;
    out[1] = (double)T / (double)D;
    out[2] = (double)U / (double)D;
    out[3] = (double)V / (double)D;
}

static void t_small_integers_vs_cramer(void)
{
    tl_init_seed(20240601);
    int hits = 0, boundary = 0;
    for (int n = 0; n < 20000; n++) {
        int64_t o[3], d[3], v[3][3], tmax;
        int r = n % 3 == 0 ? 2 : 6; /* a small range makes edge and vertex hits common */
        for (int i = 0; i < 3; i++) {
            o[i] = tl_int(-r, r);
            d[i] = tl_int(-2, 2);
            for (int j = 0; j < 3; j++)
                v[j][i] = tl_int(-r, r);
        }
        tmax = tl_rnd() % 3 ? -1 : tl_int(0, 3);
        double want[N_OUT], got[N_OUT], in[N_IN];
        int_oracle(o, d, tmax, v[0], v[1], v[2], want);
        for (int i = 0; i < 3; i++) {
            in[i] = (double)o[i];
            in[3 + i] = (double)d[i];
            in[7 + i] = (double)v[0][i];
            in[10 + i] = (double)v[1][i];
            in[13 + i] = (double)v[2][i];
        }
        in[6] = tmax < 0 ? INFINITY : (double)tmax;
        cr_assert_eq(ref_ray_triangle(in, got), REF_OK);
        for (int k = 0; k < N_OUT; k++)
            cr_assert(tl_same(got[k], want[k]),
                      "case %d: out[%d] = %a, Cramer gives %a (o %lld %lld %lld d %lld %lld %lld tmax %lld)", n, k,
                      got[k], want[k], (long long)o[0], (long long)o[1], (long long)o[2], (long long)d[0],
                      (long long)d[1], (long long)d[2], (long long)tmax);
        hits += want[0] != 0;
        boundary += want[0] != 0 && (want[2] == 0 || want[3] == 0 || want[2] + want[3] == 1 || want[1] == 0);
    }
    /* The generator must actually reach hits and boundary hits. */
    cr_assert(hits > 1000, "only %d hits", hits);
    cr_assert(boundary > 200, "only %d boundary hits", boundary);
}

/* Batch of inputs for the filter comparison: kind 0 small integers, 1 random
 * binary32 in a moderate range, 2 raw random binary32 bits, 3 rays aimed at a
 * vertex or an edge midpoint of a small-integer triangle, 4 the fixed cases. */
static void make_input(int kind, double *in)
{
    switch (kind) {
    case 0:
        for (int i = 0; i < N_IN; i++)
            in[i] = i == 6 ? (tl_rnd() % 2 ? INFINITY : tl_int(0, 4)) : tl_int(-3, 3);
        break;
    case 1:
        for (int i = 0; i < N_IN; i++)
            in[i] = i == 6 ? fabs(tl_f32(8)) : tl_f32(8);
        break;
    case 2:
        for (int i = 0; i < N_IN; i++)
            in[i] = i == 6 ? INFINITY : tl_f32_bits();
        break;
    default: {
        for (int i = 7; i < N_IN; i++)
            in[i] = tl_int(-8, 8);
        for (int i = 0; i < 3; i++)
            in[i] = tl_int(-16, 16);
        int a = tl_int(0, 2), b = tl_int(0, 2);
        for (int i = 0; i < 3; i++) {
            double p = 0.5 * (in[7 + 3 * a + i] + in[7 + 3 * b + i]); /* vertex when a == b */
            in[3 + i] = p - in[i];                                    /* exact: small dyadics */
        }
        in[6] = tl_rnd() % 2 ? INFINITY : 1; /* the target point is at t = 1 */
        break;
    }
    }
}

static void t_filter_never_contradicts_exact_path(void)
{
    tl_init_seed(77);
    enum { N = 6000 };
    static double ins[N][N_IN], on[N][N_OUT], off[N][N_OUT];
    static int st_on[N], st_off[N];
    for (int n = 0; n < N; n++)
        make_input(n % 4, ins[n]);
    /* A few fixed boundary cases too. */
    rt_in fixed[] = {t4(2, 0, INFINITY), t4(4, 0, INFINITY), t4(nextafterf(2, 3), 2, INFINITY), t4(1, 1, 2),
                     t4(1, 1, nextafterf(2, 0))};
    for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
        flatten(&fixed[i], ins[i]);

    ref_set_filter(1);
    cr_assert(ref_filter_enabled());
    ref_stats_t s0 = ref_stats;
    for (int n = 0; n < N; n++)
        st_on[n] = ref_ray_triangle(ins[n], on[n]);
    ref_stats_t s1 = ref_stats;
    ref_set_filter(0);
    cr_assert(!ref_filter_enabled());
    for (int n = 0; n < N; n++)
        st_off[n] = ref_ray_triangle(ins[n], off[n]);
    ref_stats_t s2 = ref_stats;
    ref_set_filter(1);

    int hits = 0;
    for (int n = 0; n < N; n++) {
        cr_assert_eq(st_on[n], st_off[n], "case %d: status %d with the filter, %d without", n, st_on[n], st_off[n]);
        for (int k = 0; k < N_OUT; k++)
            cr_assert(memcmp(&on[n][k], &off[n][k], sizeof(double)) == 0,
                      "case %d (kind %d): out[%d] = %a with the filter, %a on the exact path", n, n % 4, k, on[n][k],
                      off[n][k]);
        hits += on[n][0] != 0;
    }
    /* Both paths were exercised: the filter settled some calls, and with it
     * off nothing was filtered. */
    cr_assert(s1.filtered > s0.filtered, "the filter settled no case");
    cr_assert(s2.filtered == s1.filtered, "filtered calls with the filter off");
    cr_assert(s2.exact - s1.exact >= (unsigned long long)N - 200, "exact path not taken with the filter off");
    cr_assert(hits > 500, "only %d hits in the batch", hits);
}

/* Grouped: each Criterion test is a process of its own (ASan start-up and
 * leak check), so related checks share one. */
Test(ref_ray_triangle, hand_cases)
{
    t_interior();
    t_edges_are_closed();
    t_vertices_are_closed();
    t_one_ulp_outside_misses();
    t_t_zero_and_tmax();
    t_two_sided();
    t_degenerate_misses();
    t_correct_rounding();
}

Test(ref_ray_triangle, scaled_exact)
{
    t_scaled_exact();
}

Test(ref_ray_triangle, invalid_inputs)
{
    t_invalid_inputs();
    t_tmax_inf_is_valid();
}

Test(ref_ray_triangle, small_integers_vs_cramer)
{
    t_small_integers_vs_cramer();
}

Test(ref_ray_triangle, filter_never_contradicts_exact_path)
{
    t_filter_never_contradicts_exact_path();
}
