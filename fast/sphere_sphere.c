/* fast/sphere_sphere.c: closed balls overlap, binary32 inputs, exact answer.
 *
 * hit iff D = |c1 - c0|^2 - (r0 + r1)^2 <= 0, decided exactly, in stages:
 * binary32, as a textbook test would, certified by FB_CERT_SQ32 (one
 * branch on the common path); binary64, certified by FB_CERT_SQ
 * (fast/fast_bounds.h); the exact sum of the exact squares when nothing
 * rounds; else the exact value of D (a binary64 expansion, or fe
 * expansions, fast/fast_exact.h).  No square root, no epsilon, no libm.
 * The answer is ref's for every binary32 input:
 * docs/queries/sphere_sphere.md.
 */
#include "fast_exact.h"
#include "fast_vec3.h"

/* The same in fe expansions (a centre difference inexact in binary64). */
static ISECT_NOINLINE int sphere_gap_sign_fe(isect_sphere a, isect_sphere b)
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

/* At most 26 significant bits: the low 27 bits of the significand of a
 * normal binary64 value are 0 (every value here is 0 or a multiple of
 * 2^-149, so normal), and then its square is exact (at most 52 bits). */
static inline unsigned sphere_short(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return (b & ((UINT64_C(1) << 27) - 1)) == 0;
}

/* The cheap exact stage: when the centre differences d_i and r = r0 + r1
 * are exact in binary64 (fx_two_sum's error 0), D = sum d_i^2 - r^2 from
 * the four squares, exact when each value has at most 26 significant bits
 * (sphere_short), else TwoProduct pairs P + E; summed by fx_sum4_exact or
 * fx_sum8_exact when no addition rounds (touching along an axis, a
 * Pythagorean direction), the terms that cancel when touching along x
 * added first.  Returns the sign of D, or 2 when a difference or an
 * addition rounds.  d_i and r are multiples of 2^-149 below 2^129: no
 * under- or overflow in TwoProduct. */
static int sphere_gap_sign_quick(const isect_sphere *a, const isect_sphere *b)
{
    double e0, e1, e2, e3, f0, f1, f2, f3, d;
    double wx = fx_two_sum(b->center.x, -(double)a->center.x, &e0);
    double wy = fx_two_sum(b->center.y, -(double)a->center.y, &e1);
    double wz = fx_two_sum(b->center.z, -(double)a->center.z, &e2);
    double r = fx_two_sum(a->radius, (double)b->radius, &e3);
    if (e0 != 0 || e1 != 0 || e2 != 0 || e3 != 0)
        return 2;
    if (sphere_short(wx) & sphere_short(wy) & sphere_short(wz) & sphere_short(r)) {
        if (!fx_sum4_exact(wx * wx, -(r * r), wy * wy, wz * wz, &d))
            return 2;
        return (d > 0) - (d < 0);
    }
    double px = fx_two_prod(wx, wx, &f0), py = fx_two_prod(wy, wy, &f1), pz = fx_two_prod(wz, wz, &f2);
    double pr = fx_two_prod(r, r, &f3);
    if (!fx_sum8_exact(px, -pr, py, pz, f0, -f3, f1, f2, &d))
        return 2;
    return (d > 0) - (d < 0);
}

/* Everything the binary32 stage could not certify: the validity check,
 * the binary64 stage (FB_CERT_SQ), then exact: the cheap stage, then fe
 * expansions. */
static ISECT_NOINLINE bool sphere_sphere_slow(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out)
{
    bool hit;
    double dx = (double)b.center.x - a.center.x, dy = (double)b.center.y - a.center.y,
           dz = (double)b.center.z - a.center.z;
    double d2 = dx * dx + dy * dy + dz * dz, r = (double)a.radius + b.radius, r2 = r * r;
    /* valid iff every value is finite and the radii are >= 0: a non-finite
     * centre makes d2 inf or NaN, a non-finite radius r (nothing overflows) */
    if (!(d2 <= DBL_MAX && r <= DBL_MAX && a.radius >= 0 && b.radius >= 0))
        hit = false;
    else if (d2 * (1 + FB_CERT_SQ) <= r2)
        hit = true;
    else if (d2 > r2 * (1 + FB_CERT_SQ))
        hit = false;
    else {
        int sg = sphere_gap_sign_quick(&a, &b);
        if (sg == 2)
            sg = sphere_gap_sign_exact(&a, &b);
        hit = sg <= 0;
    }
    if (out)
        out->hit = hit;
    return hit;
}

/* The common path, binary32 as a textbook test would compute it: its two
 * certificates (FB_CERT_SQ32) and the validity checks combined without
 * branches; one branch, well predicted, to the slow path (a tail call:
 * nothing is kept across it).  The checks, as float comparisons (false
 * for a NaN): 2^-100 <= r2 <= FLT_MAX, and the lesser radius >= 0 (-0
 * included; a NaN radius makes r2 NaN, whichever the lesser is taken to
 * be). */
bool isect_sphere_sphere(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out)
{
    float dx = b.center.x - a.center.x, dy = b.center.y - a.center.y, dz = b.center.z - a.center.z;
    float d2 = dx * dx + dy * dy + dz * dz, r = a.radius + b.radius, r2 = r * r;
    float rmin = a.radius < b.radius ? a.radius : b.radius; /* a NaN radius makes r2 NaN */
    /* certainly apart, or invalid (docs/queries/sphere_sphere.md) */
    unsigned miss = d2 > r2 * (1 + FB_CERT_SQ32) + FB_CERT_SQ32_MIN;
    /* certainly overlapping; d2 finite, so the centres are */
    unsigned hit = (d2 * (1 + FB_CERT_SQ32) <= r2) & (r2 >= FB_CERT_SQ32_MIN) & (r2 <= FLT_MAX) & (rmin >= 0);
    if (ISECT_UNLIKELY(miss + hit == 0))
        return sphere_sphere_slow(a, b, out);
    if (out)
        out->hit = hit;
    return hit;
}
