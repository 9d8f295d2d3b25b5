/* tests/test_tri_exact_short.c: tx_orient3_exact's short stage
 * (tx_triple_sign_short, fast/fast_tri_exact.h) against GMP.
 *
 * tx_triple_sign_short has three branches once the nine differences are
 * exact in binary64: the six products y_j z_k and the cross product c
 * exact in binary64 ("ok") and the six values x_i c_i = h_i + t_i summed
 * exactly by fx_sum8_exact (branch A); ok but that sum rounds, so fx_grow
 * (branch B); a product or c inexact, so tx_triple_sign_pairs (branch C).
 * The families below reach each (the test recomputes which branch a case
 * takes, from the same fx_ primitives, and requires each to be reached
 * often), and every sign must equal the orientation computed in GMP
 * rationals from the binary32 coordinates (an independent formulation):
 * - grid points k/4 on a tilted plane through grid points (exact zeros)
 *   or one ulp off it: branch A;
 * - binary32 points of [-1, 1] with the fourth the rounded combination
 *   (1 - a - b) p + a q + b r, a, b dyadic (coplanar up to rounding, the
 *   bench's boundary edits): mostly branch B, the products exact;
 * - the same with one point scaled by 2^-20 (differences of up to 45
 *   bits): branch C.
 * ISECT_SEED changes the seed.
 */
#include "testlib.h"

#include <gmp.h>
#include <math.h>

#include "fast_tri_exact.h"
#include "tl_orient_gmp.h"

/* The branch tx_triple_sign_short takes on the differences x, y, z: 0 (A),
 * 1 (B), 2 (C), following its conditions. */
static int branch(const double *x, const double *y, const double *z)
{
    double c[3], h[6];
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        double e1, e2, e3, p1 = fx_two_prod(y[j], z[k], &e1), p2 = fx_two_prod(y[k], z[j], &e2);
        c[i] = fx_two_sum(p1, -p2, &e3);
        if (e1 != 0 || e2 != 0 || e3 != 0)
            return 2;
        h[i] = fx_two_prod(x[i], c[i], &h[3 + i]);
    }
    double v;
    return fx_sum8_exact(h[0], h[1], h[2], h[3], h[4], h[5], 0, 0, &v) ? 0 : 1;
}

static float unit(void) { return (float)(2 * tl_unit() - 1); }

static isect_vec3 combo(isect_vec3 p, isect_vec3 q, isect_vec3 r, double a, double b)
{
    double w = 1 - a - b;
    return (isect_vec3){(float)(w * p.x + a * q.x + b * r.x), (float)(w * p.y + a * q.y + b * r.y),
                        (float)(w * p.z + a * q.z + b * r.z)};
}

Test(tri_exact_short, branches_agree_with_gmp)
{
    tl_init_seed(0x5407);
    int reach[3] = {0}, zeros = 0;
    for (int n = 0; n < 30000; n++) {
        int f = n % 3;
        isect_vec3 v[4];
        if (f == 0) { /* grid: v3 = v0 + a (v1 - v0) + b (v2 - v0), a, b in {-1, 0, 1, 2} */
            for (int k = 0; k < 3; k++)
                v[k] = (isect_vec3){tl_int(-8, 8) * 0.25f, tl_int(-8, 8) * 0.25f, tl_int(-8, 8) * 0.25f};
            float a = (float)tl_int(-1, 2), b = (float)tl_int(-1, 2);
            v[3] = (isect_vec3){v[0].x + a * (v[1].x - v[0].x) + b * (v[2].x - v[0].x),
                                v[0].y + a * (v[1].y - v[0].y) + b * (v[2].y - v[0].y),
                                v[0].z + a * (v[1].z - v[0].z) + b * (v[2].z - v[0].z)}; /* exact: 8 bits */
        } else {
            for (int k = 0; k < 3; k++)
                v[k] = (isect_vec3){unit(), unit(), unit()};
            if (f == 2)
                v[tl_int(0, 2)].y *= 0x1p-20f;
            v[3] = combo(v[0], v[1], v[2], tl_int(-4, 8) * 0.125, tl_int(-4, 8) * 0.125);
        }
        if (tl_int(0, 3) == 0) /* one ulp off */
            v[3].z = nextafterf(v[3].z, tl_int(0, 1) ? 4.0f : -4.0f);
        double x[3], y[3], z[3];
        int p = tl_int(0, 3), q = (p + 1) % 4, r = (p + 2) % 4, s = (p + 3) % 4; /* each point as the base */
        isect_vec3 w[4] = {v[p], v[q], v[r], v[s]};
        if (!tx_diff3_exact(x, w[1], w[0]) || !tx_diff3_exact(y, w[2], w[0]) || !tx_diff3_exact(z, w[3], w[0]))
            continue; /* a coordinate near 0 (rare): not this stage's input */
        int want = orient3_gmp(w);
        cr_assert_eq(tx_triple_sign_short(x, y, z), want, "family %d case %d (ISECT_SEED=%llu): short %d, exact %d",
                     f, n, (unsigned long long)tl_seed, tx_triple_sign_short(x, y, z), want);
        if (!tx_same_point(w[1], w[2]) && !tx_same_point(w[1], w[3]) && !tx_same_point(w[2], w[3]))
            cr_assert_eq(tx_orient3_exact(w[0], w[1], w[2], w[3]), want, "family %d case %d: tx_orient3_exact", f, n);
        cr_assert_eq(tx_orient3(w[0], w[1], w[2], w[3]), want, "family %d case %d: tx_orient3", f, n);
        reach[branch(x, y, z)]++;
        zeros += want == 0;
    }
    cr_assert(reach[0] > 2000 && reach[1] > 2000 && reach[2] > 2000 && zeros > 2000,
              "branches A %d, B %d, C %d; %d exact zeros", reach[0], reach[1], reach[2], zeros);
}
