/* tests/test_triangle_triangle_split.c: the exact stages triangle_triangle's
 * exact path uses since its speed round (fast/fast_tri_exact.h's split
 * stages, fast/triangle_triangle_exact.c), against independent
 * formulations:
 * - tx_orient3_split / tx_orient3_exact_split against the orientation in
 *   GMP rationals (tests/tl_orient_gmp.h), on families that reach each
 *   branch: tx_sum6_sign's exact small sum (rounded coplanar points, some
 *   exact zeros) and its fx_grow fallback ((v1 - v0)_y = k 2^-100: the
 *   products x_i c_i on grids far apart), tx_triple_sign_split's fallback
 *   to tx_triple_sign_short (wide differences in one coordinate), tx_orient3_exact's fe
 *   stage (a coordinate 2^-70 beside ones near 1: inexact differences);
 * - tx_orient2_cmp against the 2D orientation in GMP: collinear dyadic
 *   points (zeros past the filter: the pair comparison), orientations near
 *   2^-62 of the products (the rounded products equal, the errors decide),
 *   equal points, inexact differences (both from p, or only q_x - p_x);
 * - the hull of a degenerate triangle (its vertex order, repeated
 *   vertices, both triangles degenerate) by hand-derived pairs in every
 *   vertex order and both argument orders, and ref;
 * - the bench's boundary edits (coplanar, vertex on the other, degenerate)
 *   against ref.
 * ISECT_SEED changes the seed.
 */
#include "testlib.h"

#include <gmp.h>
#include <math.h>

#include "fast_tri_exact.h"
#include "isect.h"
#include "targets.h"
#include "tl_orient_gmp.h"
#include "tl_tritri.h"

static float unit(void) { return (float)(2 * tl_unit() - 1); }

static isect_vec3 combo(isect_vec3 p, isect_vec3 q, isect_vec3 r, double a, double b)
{
    double w = 1 - a - b;
    return (isect_vec3){(float)(w * p.x + a * q.x + b * r.x), (float)(w * p.y + a * q.y + b * r.y),
                        (float)(w * p.z + a * q.z + b * r.z)};
}

/* Which way tx_orient3_exact_split(w0..w3) goes past its equal-point test:
 * 0 tx_sum6_sign's exact small sum, 1 its fx_grow, 2 tx_triple_sign_short
 * (a product or cross component inexact, or wide), 3 fe (a difference
 * inexact); following the functions' conditions. */
static int route(const isect_vec3 *w)
{
    double x[3], y[3], z[3];
    if (!tx_diff3_exact(x, w[1], w[0]) || !tx_diff3_exact(y, w[2], w[0]) || !tx_diff3_exact(z, w[3], w[0]))
        return 3;
    for (int i = 0; i < 3; i++)
        if (fx_low27(y[i]) || fx_low27(z[i]))
            return 2;
    double c[3], h[3], t[3], e;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        c[i] = fx_two_sum(y[j] * z[k], -(y[k] * z[j]), &e);
        if (e != 0)
            return 2;
        h[i] = fx_two_prod(x[i], c[i], &t[i]);
    }
    double e0, e1, f0, f1, f2, f3;
    (void)fx_two_sum(fx_two_sum(h[0], h[1], &e0), h[2], &e1);
    double a = fx_two_sum(e0, e1, &f0), b = fx_two_sum(t[0], t[1], &f1);
    (void)fx_two_sum(fx_two_sum(a, b, &f2), t[2], &f3);
    return f0 == 0 && f1 == 0 && f2 == 0 && f3 == 0 ? 0 : 1;
}

Test(triangle_triangle_split, orient3_split_agrees_with_gmp)
{
    tl_init_seed(0x7751);
    int reach[4] = {0}, zeros = 0;
    for (int n = 0; n < 40000; n++) {
        int f = n % 4;
        isect_vec3 v[4];
        for (int k = 0; k < 3; k++)
            v[k] = (isect_vec3){unit(), unit(), unit()};
        if (f == 1) { /* wide differences, in one coordinate of one point */
            int m = tl_int(0, 2), k = tl_int(0, 2);
            if (k == 0)
                v[m].x *= 0x1p-20f;
            else if (k == 1)
                v[m].y *= 0x1p-20f;
            else
                v[m].z *= 0x1p-20f;
        }
        v[3] = combo(v[0], v[1], v[2], tl_int(-4, 8) * 0.125, tl_int(-4, 8) * 0.125);
        if (f == 2) { /* (v1 - v0)_y = +-k 2^-100: the products x_i c_i on grids 2^100 apart, the small sum rounds */
            v[0].y = 0;
            v[1].y = (float)ldexp(tl_int(-7, 7) | 1, -100);
        }
        if (f == 3) /* a coordinate 2^-70 beside ones near 1: the difference rounds */
            v[3].x = (float)ldexp(tl_int(1, 7), -70 - tl_int(0, 3));
        if (tl_int(0, 3) == 0)
            v[3].z = nextafterf(v[3].z, tl_int(0, 1) ? 4.0f : -4.0f);
        int p = f == 2 ? 0 : tl_int(0, 3);
        isect_vec3 w[4] = {v[p], v[(p + 1) % 4], v[(p + 2) % 4], v[(p + 3) % 4]};
        int want = orient3_gmp(w);
        cr_assert_eq(tx_orient3_split(w[0], w[1], w[2], w[3]), want, "family %d case %d (ISECT_SEED=%llu)", f, n,
                     (unsigned long long)tl_seed);
        if (!tx_same_point(w[1], w[2]) && !tx_same_point(w[1], w[3]) && !tx_same_point(w[2], w[3])) {
            cr_assert_eq(tx_orient3_exact_split(w[0], w[1], w[2], w[3]), want, "family %d case %d: exact_split", f, n);
            reach[route(w)]++;
        }
        zeros += want == 0;
    }
    cr_assert(reach[0] > 2000 && reach[1] > 200 && reach[2] > 2000 && reach[3] > 2000 && zeros > 300,
              "small sum exact %d, grown %d, short %d, fe %d; %d exact zeros", reach[0], reach[1], reach[2],
              reach[3], zeros);
}

/* orient2d(p, q, r) in the coordinates (0, 1), in GMP rationals. */
static int orient2_gmp(isect_vec3 p, isect_vec3 q, isect_vec3 r)
{
    mpq_t a, b, c, d, o;
    mpq_inits(a, b, c, d, o, NULL);
    mpq_set_d(a, (double)q.x - 0); /* exact: binary32 values */
    mpq_set_d(o, p.x);
    mpq_sub(a, a, o);
    mpq_set_d(b, r.y);
    mpq_set_d(o, p.y);
    mpq_sub(b, b, o);
    mpq_set_d(c, q.y);
    mpq_sub(c, c, o);
    mpq_set_d(d, r.x);
    mpq_set_d(o, p.x);
    mpq_sub(d, d, o);
    mpq_mul(a, a, b);
    mpq_mul(c, c, d);
    mpq_sub(a, a, c);
    int s = mpq_sgn(a);
    mpq_clears(a, b, c, d, o, NULL);
    return s;
}

Test(triangle_triangle_split, orient2_cmp_agrees_with_gmp)
{
    tl_init_seed(0x7752);
    int zeros = 0, equal_rounded = 0, inexact = 0;
    int only_first = 0;
    for (int n = 0; n < 50000; n++) {
        int f = n % 5;
        isect_vec3 p = {unit(), unit(), 0}, q = {unit(), unit(), 0}, r;
        double t = tl_int(-8, 16) * 0.125;
        r = (isect_vec3){(float)(p.x + t * (q.x - p.x)), (float)(p.y + t * (q.y - p.y)), 0}; /* on p q, rounded */
        if (f == 1) { /* p = (-d, 0), q = (B, B), r = (B + e, B + e): orientation d e, about 2^-62 B^2, so
                       * both products round alike and their errors decide; q, r swapped half the time */
            float b = 0.5f + 0.5f * (float)tl_unit(), e = (float)ldexp(tl_int(1, 9), -24);
            p = (isect_vec3){-(float)ldexp(tl_int(1, 7), -40), 0, 0};
            q = (isect_vec3){b, b, 0};
            r = (isect_vec3){b + e, b + e, 0};
            if (tl_int(0, 1)) {
                isect_vec3 s = q;
                q = r;
                r = s;
            }
        }
        if (f == 2)
            r = tl_int(0, 1) ? q : p;
        if (f == 3) /* 2^-70 beside values near 1: the differences round */
            p.x = (float)ldexp(tl_int(1, 7), -70 - tl_int(0, 3));
        if (f == 4) { /* p = (1, 0), q = (k 2^-70, Y), r = (1 + 2^-23, -Y 2^-23): only q_x - p_x rounds (to -1),
                       * the binary64 value is 0 and the exact one -Y k 2^-93 */
            float y = unit();
            p = (isect_vec3){1, 0, 0};
            q = (isect_vec3){(float)ldexp(tl_int(1, 7), -70), y, 0};
            r = (isect_vec3){1 + 0x1p-23f, -y * 0x1p-23f, 0};
        }
        int want = orient2_gmp(p, q, r);
        cr_assert_eq(tx_orient2_cmp(p, q, r, 0, 1), want, "family %d case %d (ISECT_SEED=%llu)", f, n,
                     (unsigned long long)tl_seed);
        zeros += want == 0;
        double e, x1 = (double)q.x - p.x, y1 = (double)q.y - p.y, x2 = (double)r.x - p.x, y2 = (double)r.y - p.y;
        equal_rounded += x1 * y2 == y1 * x2 && fx_two_prod(x1, y2, &e) != 0 && want != 0;
        double e1, e2, e3;
        (void)fx_two_sum(q.x, -(double)p.x, &e);
        (void)fx_two_sum(r.y, -(double)p.y, &e1);
        (void)fx_two_sum(q.y, -(double)p.y, &e2);
        (void)fx_two_sum(r.x, -(double)p.x, &e3);
        inexact += e != 0;
        only_first += e != 0 && e1 == 0 && e2 == 0 && e3 == 0 && want != 0;
    }
    cr_assert(zeros > 5000 && equal_rounded > 1000 && inexact > 1000 && only_first > 1000,
              "%d zeros, %d decided by the errors, %d inexact, %d with only q_x - p_x inexact", zeros, equal_rounded,
              inexact, only_first);
}

/* ---- degenerate triangles: the hull ----------------------------------------- */

static const isect_query *qt;

static void check(const char *what, tri a, tri b, int want) { tt_check(qt, what, a, b, want); }

static void setup(void) { qt = tl_query("triangle_triangle"); }

/* A = (0,0,0) (4,0,0) (0,4,0): x >= 0, y >= 0, x + y <= 4 in z = 0. */
#define A T({0, 0, 0}, {4, 0, 0}, {0, 4, 0})

Test(triangle_triangle_split, degenerate_hull, .init = setup)
{
    /* the points 1, 3 and 6 of the line x = t, y = 1, z = t - 2 (hull t in
     * [1, 6]): the plane z = 0 at t = 2, the point (2, 1, 0), inside A; the
     * pair (1, 3) alone holds it, (3, 6) does not */
    check("hull through its short edge", T({3, 1, 1}, {1, 1, -1}, {6, 1, 4}), A, 1);
    /* hull t in [3, 8] of z = t - 5: meets z = 0 at (5, 1, 0), x + y = 6 */
    check("hull beside", T({3, 1, -2}, {8, 1, 3}, {5, 1, 0}), A, 0);
    /* a repeated vertex: the segment from (-1, 1, -1) to (3, 1, 3) meets
     * z = 0 at (0, 1, 0), in A; shifted by 5 in x, at (5, 1, 0), outside */
    check("repeated vertex", T({-1, 1, -1}, {-1, 1, -1}, {3, 1, 3}), A, 1);
    check("repeated vertex, beside", T({4, 1, -1}, {4, 1, -1}, {8, 1, 3}), A, 0);
    /* along z only (x, y constant): from z = -3 to z = 5 at (1, 1) */
    check("along z", T({1, 1, 5}, {1, 1, -3}, {1, 1, 5}), A, 1);
    /* both degenerate: the segments (0,0,0)-(4,4,0) and (4,0,0)-(0,4,0)
     * (midpoints repeated) cross at (2, 2, 0); shifted by 1 in z they do
     * not meet */
    check("two segments crossing", T({0, 0, 0}, {4, 4, 0}, {2, 2, 0}), T({4, 0, 0}, {0, 4, 0}, {1, 3, 0}), 1);
    check("two segments skew", T({0, 0, 0}, {4, 4, 0}, {2, 2, 0}), T({4, 0, 1}, {0, 4, 1}, {1, 3, 1}), 0);
    /* collinear segments: [0, 1] and [3, 5] of the x axis do not meet;
     * [0, 3] (its middle point first) and [3, 5] touch at 3 */
    check("collinear apart", T({1, 0, 0}, {0, 0, 0}, {0.5, 0, 0}), T({3, 0, 0}, {5, 0, 0}, {4, 0, 0}), 0);
    check("collinear touching", T({1, 0, 0}, {0, 0, 0}, {3, 0, 0}), T({3, 0, 0}, {5, 0, 0}, {4, 0, 0}), 1);
    /* two points: equal, and one ulp apart */
    check("two equal points", T({1, 2, 3}, {1, 2, 3}, {1, 2, 3}), T({1, 2, 3}, {1, 2, 3}, {1, 2, 3}), 1);
    check("two points apart", T({1, 2, 3}, {1, 2, 3}, {1, 2, 3}),
          T({1, 2, 0x1.000002p1 + 1}, {1, 2, 0x1.000002p1 + 1}, {1, 2, 0x1.000002p1 + 1}), 0);
}

/* The bench's boundary edits (oracle/q_triangle_triangle.c's mutate) on
 * random binary32 triangles of [-1, 1]^3: fast equals ref. */
static void gen_boundary(double *in)
{
    for (int k = 0; k < 18; k++)
        in[k] = unit();
    int edits = 1 + (tl_int(0, 9) < 3);
    for (int e = 0; e < edits; e++)
        qt->mutate(in, tl_rnd());
    for (int k = 0; k < 18; k++)
        in[k] = (float)in[k];
}

Test(triangle_triangle_split, boundary_edits_equal_ref, .init = setup)
{
    tl_init_seed(0x7753);
    int valid, hits;
    tl_fast_hit_equals_ref(qt, gen_boundary, 6000, &valid, &hits);
    cr_assert(valid > 5000 && hits > 1000 && valid - hits > 1000, "%d valid, %d hits", valid, hits);
}
