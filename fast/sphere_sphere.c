/* fast/sphere_sphere.c: closed balls overlap, binary32 inputs, exact answer.
 *
 * hit iff D = |c1 - c0|^2 - (r0 + r1)^2 <= 0, decided exactly, in stages:
 * binary32, as a textbook test would, certified by FB_CERT_SQ32 (one
 * branch on the common path); binary64, certified by FB_CERT_SQ
 * (fast/fast_bounds.h), with the exact sum of the exact squares when
 * nothing rounds (short roots) in the same function; then TwoProduct
 * pairs; else the exact value of D (a binary64 expansion, or fe
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

/* The TwoProduct stage, for roots with more than 26 significant bits (or
 * sums that rounded; sphere_sphere_rare): when the centre differences d_i
 * and r = r0 + r1 are exact in binary64 (fx_two_sum's error 0), D = sum
 * d_i^2 - r^2 from the TwoProduct pairs P + E of the four squares, summed
 * by fx_sum8_exact when no addition rounds, the terms that cancel when
 * touching along x added first.  Returns the sign of D, or 2 when a
 * difference or an addition rounds.  d_i and r are multiples of 2^-149
 * below 2^129: no under- or overflow in TwoProduct. */
static int sphere_gap_sign_quick(const isect_sphere *a, const isect_sphere *b)
{
    double e0, e1, e2, e3, f0, f1, f2, f3, d;
    double wx = fx_two_sum(b->center.x, -(double)a->center.x, &e0);
    double wy = fx_two_sum(b->center.y, -(double)a->center.y, &e1);
    double wz = fx_two_sum(b->center.z, -(double)a->center.z, &e2);
    double r = fx_two_sum(a->radius, (double)b->radius, &e3);
    if (e0 != 0 || e1 != 0 || e2 != 0 || e3 != 0)
        return 2;
    double px = fx_two_prod(wx, wx, &f0), py = fx_two_prod(wy, wy, &f1), pz = fx_two_prod(wz, wz, &f2);
    double pr = fx_two_prod(r, r, &f3);
    if (!fx_sum8_exact(px, -pr, py, pz, f0, -f3, f1, f2, &d))
        return 2;
    return (d > 0) - (d < 0);
}

/* The rare path: the last two stages, on valid inputs that neither
 * certificate nor the short exact stage decided.  The arguments are the
 * binary32 inputs converted to binary64 (exact), converted back. */
static ISECT_NOINLINE bool sphere_sphere_rare(double ax, double ay, double az, double ar, double bx, double by,
                                              double bz, double br, isect_sphere_sphere_result *out)
{
    isect_sphere a = {{(float)ax, (float)ay, (float)az}, (float)ar};
    isect_sphere b = {{(float)bx, (float)by, (float)bz}, (float)br};
    int sg = sphere_gap_sign_quick(&a, &b);
    if (sg == 2)
        sg = sphere_gap_sign_exact(&a, &b);
    bool hit = sg <= 0;
    if (out)
        out->hit = hit;
    return hit;
}

/* Everything the binary32 stage could not certify, the eight values in
 * registers (no struct to store and reload): the validity check and the
 * binary64 certificates (FB_CERT_SQ), their verdict taken without a
 * branch on it.  When neither certifies (valid inputs), the short exact
 * stage on the values already computed, in the same function (no call,
 * nothing computed twice): when the centre differences d_i, r = r0 + r1
 * and the two additions of d2 = (d_x^2 + d_y^2) + d_z^2 are exact
 * (fx_two_sum's error +0: Knuth's TwoSum gives +0, never -0, for an exact
 * sum) and each of d_i and r has at most 26 significant bits (fx_low27 0:
 * each value is 0 or a multiple of 2^-149 below 2^130, normal in
 * binary64, so its square is exact, at most 52 bits, between 2^-298 and
 * 2^260), d2 and r2 are |c1 - c0|^2 and (r0 + r1)^2 exactly and d2 <= r2
 * is the answer (touching along an axis, a Pythagorean direction).  The
 * ten tests OR-ed into one integer, one branch; else a tail call to
 * sphere_sphere_rare, which decides the rest exactly. */
static ISECT_NOINLINE bool sphere_sphere_slow(float ax32, float ay32, float az32, float ar32, float bx32,
                                              float by32, float bz32, float br32, isect_sphere_sphere_result *out)
{
    double ax = ax32, ay = ay32, az = az32, ar = ar32, bx = bx32, by = by32, bz = bz32, br = br32;
    double dx = bx - ax, dy = by - ay, dz = bz - az, r = ar + br;
    double xx = dx * dx, yy = dy * dy, zz = dz * dz, s = xx + yy, d2 = s + zz, r2 = r * r;
    /* valid iff every value is finite and the radii are >= 0: a non-finite
     * centre makes d2 inf or NaN, a non-finite radius r (nothing overflows) */
    unsigned valid = (d2 <= DBL_MAX) & (r <= DBL_MAX) & (ar >= 0) & (br >= 0);
    unsigned in = d2 * (1 + FB_CERT_SQ) <= r2, out64 = d2 > r2 * (1 + FB_CERT_SQ);
    unsigned undecided = !(in | out64);
    double ex, ey, ez, er, es, ed;
    fx_two_sum(bx, -ax, &ex);
    fx_two_sum(by, -ay, &ey);
    fx_two_sum(bz, -az, &ez);
    fx_two_sum(ar, br, &er);
    fx_two_sum(xx, yy, &es);
    fx_two_sum(s, zz, &ed);
    uint64_t inexact = fv_bits64(ex) | fv_bits64(ey) | fv_bits64(ez) | fv_bits64(er) | fv_bits64(es) |
                       fv_bits64(ed) | fx_low27(dx) | fx_low27(dy) | fx_low27(dz) | fx_low27(r);
    /* one test: inexact, masked unless valid and undecided (as two tests
     * GCC branches on inexact first, and that branch goes either way on
     * touching inputs) */
    if (ISECT_UNLIKELY((inexact & (0 - (uint64_t)(valid & undecided))) != 0))
        return sphere_sphere_rare(ax, ay, az, ar, bx, by, bz, br, out);
    in |= undecided & (d2 <= r2); /* undecided: in was 0; exact squares and sums decide */
    bool hit = valid & in;
    if (out)
        out->hit = hit;
    return hit;
}

/* The common path, binary32 as a textbook test would compute it: its two
 * certificates (FB_CERT_SQ32) and the validity checks combined without
 * branches; one branch, well predicted, to the slow path (a tail call:
 * nothing is kept across it).  The checks of the hit certificate, on the
 * bits (integer units, off the floating-point pipes): 2^-100 <= r2 <=
 * FLT_MAX as one unsigned range test of its bits (the bits of a positive
 * binary32 value increase with it; +-0, inf and NaN fall outside), and
 * each radius >= 0 as its bits <= 0x80000000, those of -0 (+0 to +inf,
 * and -0; a positive NaN passes but makes r2 NaN). */
bool isect_sphere_sphere(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out)
{
    float dx = b.center.x - a.center.x, dy = b.center.y - a.center.y, dz = b.center.z - a.center.z;
    float d2 = dx * dx + dy * dy + dz * dz, r = a.radius + b.radius, r2 = r * r;
    /* certainly apart, or invalid (docs/queries/sphere_sphere.md) */
    unsigned miss = d2 > r2 * (1 + FB_CERT_SQ32) + FB_CERT_SQ32_MIN;
    unsigned range = fv_bits32(r2) - fv_bits32(FB_CERT_SQ32_MIN) <=
                     fv_bits32(FLT_MAX) - fv_bits32(FB_CERT_SQ32_MIN);
    unsigned sa = fv_bits32(a.radius) <= 0x80000000u, sb = fv_bits32(b.radius) <= 0x80000000u;
    /* certainly overlapping; d2 finite, so the centres are */
    unsigned hit = (d2 * (1 + FB_CERT_SQ32) <= r2) & range & sa & sb;
    if (ISECT_UNLIKELY(miss + hit == 0))
        return sphere_sphere_slow(a.center.x, a.center.y, a.center.z, a.radius, b.center.x, b.center.y,
                                  b.center.z, b.radius, out);
    if (out)
        out->hit = hit;
    return hit;
}
