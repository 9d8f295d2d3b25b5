/* fast/sphere_plane.c: closed ball against plane: front, back or
 * straddling, binary32 inputs, exact answer.
 *
 * s = (center - point).normal against r |normal|, decided without a square
 * root: front iff s > 0 and s^2 > r^2 n.n, back iff s < 0 and s^2 > r^2 n.n,
 * else straddling.  Binary64 first, q = s^2 - rr certified by
 * FB_SPHERE_PLANE_Q (fast/fast_bounds_stages.h: s's rounding as
 * FB_CERT_DOT's, the squares'); otherwise the exact values of s and
 * s^2 - r^2 n.n (binary64 expansions,
 * or fe expansions, fast/fast_exact.h).  No libm.
 * docs/queries/sphere_plane.md.
 */
#include "fast_exact.h"
#include "fast_vec3.h"

/* The same in binary64 expansions, when the differences w_i = c_i - p_i are
 * exact in binary64 (fx_two_sum's error 0; else returns -2): d = w.n from
 * three fx_two_prod (at most 6 components), d^2 as the sum of d scaled by
 * each of its components (at most 72), r^2 n.n as n.n (three exact squares
 * of binary32 values) scaled by the exact r^2 (at most 6). */
static int sphere_plane_expansion(const isect_sphere *s, const isect_plane *plane)
{
    double e[3], w[3], m[3] = {plane->normal.x, plane->normal.y, plane->normal.z};
    w[0] = fx_two_sum(s->center.x, -(double)plane->point.x, &e[0]);
    w[1] = fx_two_sum(s->center.y, -(double)plane->point.y, &e[1]);
    w[2] = fx_two_sum(s->center.z, -(double)plane->point.z, &e[2]);
    if (e[0] != 0 || e[1] != 0 || e[2] != 0)
        return -2;
    double d[6], nn[3], h[12], g[78];
    int nd = 0, nq = 0, ng = 0;
    for (int i = 0; i < 3; i++) {
        double err, q = fx_two_prod(w[i], m[i], &err);
        nd = fx_grow(d, nd, err);
        nd = fx_grow(d, nd, q);
        nq = fx_grow(nn, nq, m[i] * m[i]); /* binary32 squares: exact */
    }
    for (int k = 0; k < nd; k++) {
        int nh = fx_scale(h, d, nd, d[k]);
        for (int i = 0; i < nh; i++)
            ng = fx_grow(g, ng, h[i]);
    }
    int nh = nq ? fx_scale(h, nn, nq, (double)s->radius * s->radius) : 0;
    for (int i = 0; i < nh; i++)
        ng = fx_grow(g, ng, -h[i]);
    if (fx_sign(g, ng) <= 0)
        return ISECT_STRADDLING;
    return fx_sign(d, nd) > 0 ? ISECT_FRONT : ISECT_BACK;
}

static ISECT_NOINLINE isect_side sphere_plane_exact(const isect_sphere *s, const isect_plane *plane)
{
    int side = sphere_plane_expansion(s, plane);
    if (side != -2)
        return (isect_side)side;
    fe w[3], n[3], d, dd, nn, rr, rnn, g;
    fe_of_to(&n[0], plane->normal.x);
    fe_of_to(&n[1], plane->normal.y);
    fe_of_to(&n[2], plane->normal.z);
    fe_diff3(w, s->center, plane->point);
    fe_dot3_to(&d, w, n);
    fe_mul_to(&dd, &d, &d);
    fe_dot3_to(&nn, n, n);
    fe_of_to(&rr, (double)s->radius * s->radius);
    fe_mul_to(&rnn, &rr, &nn);
    fe_add_to(&g, &dd, &rnn, -1);
    if (fe_sign(&g) <= 0)
        return ISECT_STRADDLING;
    return fe_sign(&d) > 0 ? ISECT_FRONT : ISECT_BACK;
}

/* The cheap exact stage: S = sum_i (n_i c_i - n_i p_i), six products of
 * binary32 values (exact in binary64), summed by five fx_two_sum, and n.n
 * (three exact squares) by two; exact iff every error is 0 (their
 * magnitudes summed: a sum of non-negative values is 0 iff each is).  Then
 * S^2 against r^2 n.n (r^2 exact): rounding is monotone, so fl(S^2) >
 * fl(r^2 n.n) implies S^2 > r^2 n.n and the reverse; only equal products
 * need their fx_two_prod errors, which then decide.  Returns the side, or
 * -2 when a sum rounds.  Ranges: S and n.n are multiples of 2^-298 below
 * 2^260, so TwoProduct's halves and partial products neither under- nor
 * overflow (fast/fast_exact.h, point 4). */
static int sphere_plane_quick(const isect_sphere *sp, const isect_plane *plane)
{
    const isect_vec3 c = sp->center, p = plane->point, n = plane->normal;
    double e[7];
    double ax = fx_two_sum((double)n.x * c.x, -((double)n.x * p.x), &e[0]);
    double ay = fx_two_sum((double)n.y * c.y, -((double)n.y * p.y), &e[1]);
    double az = fx_two_sum((double)n.z * c.z, -((double)n.z * p.z), &e[2]);
    double s = fx_two_sum(fx_two_sum(ax, ay, &e[3]), az, &e[4]);
    double nn = fx_two_sum(fx_two_sum((double)n.x * n.x, (double)n.y * n.y, &e[5]), (double)n.z * n.z, &e[6]);
    if (fabs(e[0]) + fabs(e[1]) + fabs(e[2]) + fabs(e[3]) + fabs(e[4]) + fabs(e[5]) + fabs(e[6]) != 0)
        return -2;
    double rr = (double)sp->radius * sp->radius, p1 = s * s, p2 = rr * nn;
    int cmp = (p1 > p2) - (p1 < p2);
    /* equal products: exact (so S^2 = r^2 n.n) when s is a binary32 value
     * (s^2 has at most 48 significant bits) and nn has at most 5 (the
     * Veltkamp split with 2^48 + 1 leaves it whole; rr = r^2 has at most
     * 48): the boundary set's touching spheres (axis and 3-4-5 normals),
     * without the two TwoProducts' long chains; else their errors decide */
    double c5 = (0x1p48 + 1) * nn;
    if (cmp == 0 && !(((double)(float)s == s) & (c5 - (c5 - nn) == nn))) {
        double e1, e2;
        fx_two_prod(s, s, &e1);
        fx_two_prod(rr, nn, &e2);
        cmp = (e1 > e2) - (e1 < e2);
    }
    if (cmp <= 0)
        return ISECT_STRADDLING;
    return s > 0 ? ISECT_FRONT : ISECT_BACK;
}

/* Everything the common path could not certify: invalid input, and the
 * exact stages (a sphere touching the plane, or within rounding of it).
 * a, nn, rr: the common path's values, which make the validity test (a
 * and rr finite, r >= 0, nn > 0: docs/queries/sphere_plane.md). */
static ISECT_NOINLINE bool sphere_plane_cold(const isect_sphere *s, const isect_plane *plane,
                                             isect_sphere_plane_result *out, double a, double nn, double rr)
{
    if (out)
        out->side = ISECT_STRADDLING;
    if (!((a <= DBL_MAX) & (rr <= DBL_MAX) & (s->radius >= 0) & (nn > 0)))
        return false;
    int side = sphere_plane_quick(s, plane);
    if (side == -2)
        side = sphere_plane_exact(s, plane);
    if (out)
        out->side = (isect_side)side;
    return side == ISECT_STRADDLING;
}

/* The common path: the binary64 filter (docs/queries/sphere_plane.md,
 * steps 1 and 2): q = d^2 - rr against FB_SPHERE_PLANE_Q (a^2 + rr), one
 * bound for both certificates (outside: q > e, straddling: -q > e), r >= 0
 * the one part of the validity test they do not imply, one branch, the
 * side selected without one. */
bool isect_sphere_plane(isect_sphere s, isect_plane plane, isect_sphere_plane_result *out)
{
    isect_vec3 n = plane.normal;
    double wx = (double)s.center.x - plane.point.x, wy = (double)s.center.y - plane.point.y,
           wz = (double)s.center.z - plane.point.z;
    double tx = wx * n.x, ty = wy * n.y, tz = wz * n.z, d = tx + ty + tz;
    double a = fabs(tx) + fabs(ty) + fabs(tz);
    double nn = (double)n.x * n.x + (double)n.y * n.y + (double)n.z * n.z;
    double rr = (double)s.radius * s.radius * nn;
    double q = d * d - rr, e = FB_SPHERE_PLANE_Q * (a * a + rr);
    /* a non-finite centre, point, normal or radius makes e inf or NaN (a
     * or rr), so that neither certificate holds; n = 0 makes q and e 0,
     * which neither holds either (strict >) */
    int away = q > e, straddle = -q > e;
    if (ISECT_UNLIKELY(((away | straddle) & (s.radius >= 0)) == 0))
        return sphere_plane_cold(&s, &plane, out, a, nn, rr);
    if (out)
        out->side = (isect_side)(away * ((d > 0) - (d < 0)));
    return straddle;
}
