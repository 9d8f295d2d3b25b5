/* fast/sphere_sphere.c: closed balls overlap, binary32 inputs, exact answer.
 *
 * hit iff D = |c1 - c0|^2 - (r0 + r1)^2 <= 0, decided exactly, in three
 * stages: binary32, as a textbook test would, certified by FB_CERT_SQ32;
 * binary64, certified by FB_CERT_SQ (fast/fast_bounds.h); else the exact
 * value of D (a binary64 expansion, or fe expansions, fast/fast_exact.h).
 * No square root, no
 * epsilon, no libm.  The answer is ref's for every binary32 input:
 * docs/queries/sphere_sphere.md.
 */
#include "fast_exact.h"
#include "fast_vec3.h"

/* The same in fe expansions (a centre difference inexact in binary64). */
static int sphere_gap_sign_fe(isect_sphere a, isect_sphere b)
{
    fe d[3], r0 = fe_of(a.radius), r1 = fe_of(b.radius), r = fe_add(&r0, &r1, 1);
    fe_diff3(d, b.center, a.center);
    fe dd = fe_dot3(d, d), rr = fe_mul(&r, &r);
    fe g = fe_add(&dd, &rr, -1);
    return fe_sign(&g);
}

/* The sign of |c1 - c0|^2 - (r0 + r1)^2, exactly (the rare path): when the
 * centre differences are exact in binary64 (fx_two_sum's error 0), the
 * squares by fx_two_prod and (r0 + r1)^2 as r (r + e) + e (r + e), with
 * r + e = r0 + r1 by fx_two_sum, by fx_scale, summed in an expansion of at
 * most 6 + 8 components; else fe expansions. */
static int sphere_gap_sign_exact(const isect_sphere *a, const isect_sphere *b)
{
    double e[3], w[3], acc[14], rs[2], h[4];
    w[0] = fx_two_sum(b->center.x, -(double)a->center.x, &e[0]);
    w[1] = fx_two_sum(b->center.y, -(double)a->center.y, &e[1]);
    w[2] = fx_two_sum(b->center.z, -(double)a->center.z, &e[2]);
    if (e[0] == 0 && e[1] == 0 && e[2] == 0) {
        int n = 0, nr = 0;
        for (int i = 0; i < 3; i++) {
            double err, q = fx_two_prod(w[i], w[i], &err);
            n = fx_grow(acc, n, err);
            n = fx_grow(acc, n, q);
        }
        nr = fx_grow(rs, nr, a->radius);
        nr = fx_grow(rs, nr, b->radius);
        for (int k = 0; k < nr; k++) {
            int m = fx_scale(h, rs, nr, rs[k]);
            for (int i = 0; i < m; i++)
                n = fx_grow(acc, n, -h[i]);
        }
        return fx_sign(acc, n);
    }
    return sphere_gap_sign_fe(*a, *b);
}

/* Stages two and three, with the validity check. */
static bool sphere_sphere_slow(isect_sphere a, isect_sphere b)
{
    double dx = (double)b.center.x - a.center.x, dy = (double)b.center.y - a.center.y,
           dz = (double)b.center.z - a.center.z;
    double d2 = dx * dx + dy * dy + dz * dz, r = (double)a.radius + b.radius, r2 = r * r;
    /* valid iff every value is finite and the radii are >= 0: a non-finite
     * centre makes d2 inf or NaN, a non-finite radius r (nothing overflows) */
    if (!(d2 <= DBL_MAX && r <= DBL_MAX && a.radius >= 0 && b.radius >= 0))
        return false;
    if (d2 * (1 + FB_CERT_SQ) <= r2)
        return true;
    if (d2 > r2 * (1 + FB_CERT_SQ))
        return false;
    return sphere_gap_sign_exact(&a, &b) <= 0;
}

bool isect_sphere_sphere(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out)
{
    float dx = b.center.x - a.center.x, dy = b.center.y - a.center.y, dz = b.center.z - a.center.z;
    float d2 = dx * dx + dy * dy + dz * dz, r = a.radius + b.radius, r2 = r * r;
    bool hit;
    if (d2 > r2 * (1 + FB_CERT_SQ32) + FB_CERT_SQ32_MIN)
        hit = false; /* certainly apart, or invalid (docs/queries/sphere_sphere.md) */
    else if (d2 * (1 + FB_CERT_SQ32) <= r2 && r2 >= FB_CERT_SQ32_MIN && r2 <= FLT_MAX && a.radius >= 0 &&
             b.radius >= 0)
        hit = true; /* certainly overlapping; d2 finite, so the centres are */
    else
        hit = sphere_sphere_slow(a, b);
    if (out)
        out->hit = hit;
    return hit;
}
