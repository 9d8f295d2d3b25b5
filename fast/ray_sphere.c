/* fast/ray_sphere.c: ray against a closed ball in binary32.
 *
 * With v = origin - center, a = dir.dir, b = v.dir, c = v.v - r^2 and
 * f(t) = a t^2 + 2 b t + c (the squared distance minus r^2 at t), the ray
 * hits iff f <= 0 somewhere on [0, tmax]:
 *   c <= 0 (origin in the ball): t = 0; else
 *   a == 0 or b >= 0 (zero dir, or moving away): miss; else
 *   -b <= a tmax (closest approach within reach): hit iff D = b^2 - a c >= 0;
 *   else hit iff f(tmax) <= 0.
 * Every sign is taken from binary64 values (no overflow or underflow for
 * any binary32 input: no rescaling) when the guards FB_RAY_DOT and
 * FB_RAY_QUAD certify it, else (in a cold function) from c's exact sign
 * by a short exact sum (rs_sq_sign), D's for a dir along an axis the same
 * way (rs_axis_d), then from short exact sums of TwoProduct pairs
 * (rs_exact_small) and last from exact expansions (fast/fast_exact.h): the
 * hit flag is exact for every input.  The entry root is (-b - sqrt(D))/a
 * or c/(-b + sqrt(D)) with the filter's D, whichever form is accurate (see
 * entry).  docs/queries/ray_sphere.md.
 */
#include "isect.h"

#include "fast_ray.h"

#include <float.h>
#include <string.h>

/* The exact decision (c > 0 known or not): 0 miss, 1 hit at t = 0, 2 hit. */
static int exact_sphere(const isect_ray *rp, const isect_sphere *sp)
{
    fx_num v[3], a, b, c, t1, t2;
    const float o[3] = {rp->origin.x, rp->origin.y, rp->origin.z};
    const float ce[3] = {sp->center.x, sp->center.y, sp->center.z};
    const float d[3] = {rp->dir.x, rp->dir.y, rp->dir.z};
    a.n = b.n = c.n = 0;
    fx_num_grow(&c, -(double)sp->radius * sp->radius);
    for (int i = 0; i < 3; i++) {
        fx_num_diff(&v[i], o[i], ce[i]);
        fx_num_mul(&t1, &v[i], &v[i]);
        fx_num_add(&c, &t1);
        fx_num_add_scaled(&b, &v[i], d[i]);
        fx_num_grow(&a, (double)d[i] * d[i]);
    }
    if (fx_num_sign(&c) <= 0)
        return 1;
    if (a.n == 0 || fx_num_sign(&b) >= 0)
        return 0;
    double tmax = rp->tmax;
    fx_num_copy(&t1, &b); /* a tmax + b */
    if (tmax != INFINITY)
        fx_num_add_scaled(&t1, &a, tmax);
    if (tmax == INFINITY || fx_num_sign(&t1) >= 0) {
        fx_num_mul(&t1, &b, &b); /* D = b^2 - a c */
        fx_num_mul(&t2, &a, &c);
        fx_num_sub(&t1, &t2);
        return fx_num_sign(&t1) >= 0 ? 2 : 0;
    }
    /* f(tmax) = c + tmax (2 b + a tmax) */
    fx_num_copy(&t2, &b);
    fx_num_add(&t2, &b);
    fx_num_add_scaled(&t2, &a, tmax);
    fx_num_copy(&t1, &c);
    fx_num_add_scaled(&t1, &t2, tmax);
    return fx_num_sign(&t1) <= 0 ? 2 : 0;
}

/* The entry root, a hit being known with c > 0 (so b < 0, a > 0), from the
 * filter's own values: s = sqrt(D), D = b^2 - a c as computed (the value
 * rs_signs compares; the compiler shares it).  The computed D is within
 * FB_RAY_QUAD's error bound E = 11u (B^2 + a P) of the exact one whichever
 * path decided the hit, so s errs by at most min(sqrt(E), E/sqrt(D)): where
 * D > E (every hit the filter certifies by D or f(tmax), and every hit of
 * a large chord) that is a few binary64 ulps of t or far below a binary32
 * ulp (docs/queries/ray_sphere.md); where D <= E the ray grazes the ball
 * and a move of the inputs by 2^-24 of their scale moves D by far more
 * than E (severity far below 1).  Lagrange's form a r^2 - |v x d|^2 (the
 * previous code) was more accurate only in that grazing range, at the cost
 * of a cross product on every hit.  The first form (-b - s)/a is the
 * accurate one unless s is close to -b (the origin near the sphere); the
 * second, c/(-b + s), cancels nothing but takes c and s with independent
 * rounding errors, which near a tangency can put t beyond the chord's
 * midpoint -b/a: the fuzzer found t = 0.8 for an exact 0.54 that way.  So:
 * the first form when s <= -b/2, the second (where a c < 3 D) otherwise.  A
 * computed D <= 0 (rounding; the exact D >= 0) gives the closest approach
 * -b/a.  One division, one sqrt; no branch (fv_sel64 picks the form and
 * D's positive part by masks), as the caller evaluates entry on every
 * call, a miss included, and keeps t on a hit only. */
static inline double entry(double a, double b, double c)
{
    const double D = b * b - a * c, s = sqrt(fv_sel64(D > 0, D, 0));
    const bool first = s <= -0.5 * b;
    return fv_sel64(first, -b - s, c) / fv_sel64(first, a, -b + s);
}

/* The decision from the binary64 values as the filter below takes it
 * (guards FB_RAY_QUAD, FB_RAY_DOT), c's sign cs being known exactly when
 * cs != 2: *dec = 0 miss, 1 hit at t = 0, 2 hit, and the return value 1
 * when a guard cannot tell (then *dec means nothing), with *dunk = 1 when
 * only D's guard cannot (c > 0, b < 0, a tmax + b >= 0 known).  Every
 * sign is taken at once, as 0/1 integers combined with & and | (issue 14,
 * speed: no branch per sign, so nothing to mispredict on random input,
 * where tmax = inf or not, and a hit or a miss, go either way): in
 * (c <= 0) gives 1; else out (c > 0) and away (b >= 0) a miss; else out
 * and toward (b < 0) and, with reach (tmax = inf or a tmax + b > 0), D's
 * sign, or with beyond (a tmax + b < 0), f(tmax)'s.  reach and beyond
 * exclude each other (gm >= 0).  away and toward can both hold only for
 * B = 0 (so b = 0), where no hit is certified (D = -a c, f(tmax) = c) and
 * away decides.  A tmax = inf leaves f and gf inf or NaN, unused (beyond
 * is false).  Every value is computed whether needed or not: binary64
 * arithmetic does not trap. */
static inline int rs_signs(double a, double b, double B, double c, double pc, double tmax, int cs, int *dec, int *dunk)
{
    const double gq = FB_RAY_QUAD * pc, gb = FB_RAY_DOT * B;
    const int in = cs == 2 ? c < -gq : cs <= 0, out = cs == 2 ? c > gq : cs == 1;
    const int away = b >= gb, toward = b <= -gb;
    const double at = a * tmax, m = at + b, gm = FB_RAY_DOT * (at + B);
    const int reach = (tmax == INFINITY) | (m > gm), beyond = m < -gm;
    const double D = b * b - a * c, gD = FB_RAY_QUAD * (B * B + a * pc);
    const double f = c + tmax * (2 * b + at), gf = FB_RAY_QUAD * (pc + tmax * (2 * B + at));
    const int hit = (reach & (D > gD)) | (beyond & (f < -gf)), miss = (reach & (D < -gD)) | (beyond & (f > gf));
    const int go = out & toward, known = in | (out & away) | (go & (hit | miss));
    *dunk = go & reach & !(D > gD) & !(D < -gD); /* only D's sign is missing */
    *dec = in | ((go & hit) << 1);
    return !known;
}

/* rs_signs as one value: the decision, or -1 when a guard cannot tell,
 * -2 when only D's cannot (rs_cold's form). */
static inline int rs_decide(double a, double b, double B, double c, double pc, double tmax, int cs)
{
    int dec, dunk;
    return rs_signs(a, b, B, c, pc, tmax, cs, &dec, &dunk) ? -1 - dunk : dec;
}

/* True when each v_i has at most 26 significant bits (the low 27 bits of
 * its binary64 significand are 0): then v_i^2 has at most 52 and is exact
 * in binary64 (v is a binary64 difference of binary32 values, or 0: a
 * multiple of 2^-149 below 2^129, so the square neither underflows nor
 * overflows).  Boundary edits (the origin on the sphere, tangents) give
 * such v; random ones often do too. */
static inline bool rs_short3(const fv_d3 *v)
{
    return (fx_low27(v->x) | fx_low27(v->y) | fx_low27(v->z)) == 0;
}

/* The sign of |w|^2 - r^2, w exact in binary64 (the components of an
 * exact v, or of v with one of them set to 0), r >= 0 binary32: -1, 0, 1,
 * or 2 when it cannot tell.  With two components 0 it is the sign of
 * |w_k| - r (both exact: no product).  Else unrolled (no loop, short
 * chains): the squares, exact when w is short (rs_short3), else the
 * fx_two_prod pairs, and three fx_two_sum steps add the rounded squares
 * and -r^2 into s with errors f_1..f_3, so |w|^2 - r^2 = s + (f_1 + f_2 +
 * f_3 + the products' three exact errors, 0 when short): seven terms, six
 * left beside s, and FB_RAY_SUM_CERT's certificate (fast/fast_bounds.h: it
 * needs only the sum = s + E exactly and m, the computed sum of the six
 * magnitudes, >= (1 - u)^5 of their exact sum) holds as in rc_sum_sign. */
static int rs_sq_sign(double wx, double wy, double wz, double r)
{
    double t[6] = {0}; /* t[0..2] stay 0 for short w */
    if ((wx == 0) + (wy == 0) + (wz == 0) >= 2) {
        const double w = fabs(wx + wy + wz); /* the one nonzero component, or 0 */
        return (w > r) - (w < r);
    }
    const fv_d3 w = {wx, wy, wz};
    double px, py, pz;
    if (rs_short3(&w)) { /* the squares are exact: no TwoProduct */
        px = wx * wx, py = wy * wy, pz = wz * wz;
    } else {
        px = fx_two_prod(wx, wx, &t[0]), py = fx_two_prod(wy, wy, &t[1]);
        pz = fx_two_prod(wz, wz, &t[2]);
    }
    double s = fx_two_sum(fx_two_sum(fx_two_sum(px, py, &t[3]), pz, &t[4]), -r * r, &t[5]);
    const double m = ((fabs(t[0]) + fabs(t[1])) + fabs(t[2])) + ((fabs(t[3]) + fabs(t[4])) + fabs(t[5]));
    return rc_cert_sign(s, m);
}

/* The sign of c = |o - center|^2 - r^2 exactly when o - center is exact in
 * binary64 (v_i, the usual case), else 2: rs_sq_sign of v.  The origin on
 * the sphere is the common case here (along an axis: two components 0). */
static int rs_c_sign(const isect_ray *ray, const isect_sphere *sp, const fv_d3 *v)
{
    double e[3];
    (void)fx_two_sum(ray->origin.x, -(double)sp->center.x, &e[0]);
    (void)fx_two_sum(ray->origin.y, -(double)sp->center.y, &e[1]);
    (void)fx_two_sum(ray->origin.z, -(double)sp->center.z, &e[2]);
    if (e[0] != 0 || e[1] != 0 || e[2] != 0)
        return 2;
    return rs_sq_sign(v->x, v->y, v->z, sp->radius);
}

/* D's sign for a dir along an axis (two components 0, d_j not), v exact,
 * once c > 0, b < 0 and a tmax + b >= 0 are known (rs_decide's -2): then
 * a = d_j^2, b = v_j d_j and D = b^2 - a c = d_j^2 (r^2 - |v'|^2), v' = v
 * with v_j set to 0 (the squared distance of the line from the centre):
 * D >= 0 iff rs_sq_sign(v') <= 0, a hit.  2, 0, or -1 when it does not
 * apply or cannot tell.  The tangent rays of the boundary set. */
static int rs_axis_d(const isect_ray *rp, const isect_sphere *sp, const fv_d3 *v)
{
    const float dx = rp->dir.x, dy = rp->dir.y, dz = rp->dir.z;
    if ((dx == 0) + (dy == 0) + (dz == 0) != 2)
        return -1;
    int s = rs_sq_sign(dx == 0 ? v->x : 0, dy == 0 ? v->y : 0, dz == 0 ? v->z : 0, sp->radius);
    return s == 2 ? -1 : s <= 0 ? 2 : 0;
}

/* The exact decision, c > 0 known, when a = d.d, b = v.d and c are each
 * exactly a binary64 value (v exact: its caller's test; each sum's
 * fx_two_sum steps exact, fx_sum8_exact: true for the small values of
 * exactly constructed inputs, such as a tangent along an axis), from those
 * values by TwoProduct pairs, no bound involved: b's sign; a tmax + b =
 * fl(a tmax) + err + b (fx_pair_cmp against -b); D = b^2 - a c
 * (fx_pair_cmp of the pairs of b^2 and a c); f(tmax) = c + 2 b tmax +
 * a tmax^2 as an expansion of seven exact terms.  0 miss, 2 hit; -1 when a
 * sum is not exact (then exact_sphere decides). */
static int rs_exact_small(const isect_ray *rp, const isect_sphere *sp, const fv_d3 *vp)
{
    const double d[3] = {rp->dir.x, rp->dir.y, rp->dir.z}, w[3] = {vp->x, vp->y, vp->z};
    double pb[3], eb[3], pc[3], ec[3], a, b, c;
    for (int i = 0; i < 3; i++) {
        pb[i] = fx_two_prod(w[i], d[i], &eb[i]);
        pc[i] = fx_two_prod(w[i], w[i], &ec[i]);
    }
    bool ok = fx_sum4_exact(d[0] * d[0], d[1] * d[1], d[2] * d[2], 0, &a) &&
              fx_sum8_exact(pb[0], pb[1], pb[2], eb[0], eb[1], eb[2], 0, 0, &b) &&
              fx_sum8_exact(pc[0], pc[1], pc[2], ec[0], ec[1], ec[2], -(double)sp->radius * sp->radius, 0, &c);
    if (!ok)
        return -1;
    if (a == 0 || b >= 0)
        return 0;
    double tmax = rp->tmax, e1, at = fx_two_prod(a, tmax, &e1), e2; /* a tmax = at + e1 */
    if (tmax == INFINITY || fx_pair_cmp(at, e1, -b, 0) >= 0) {
        double e3, bb = fx_two_prod(b, b, &e2), ac = fx_two_prod(a, c, &e3);
        return fx_pair_cmp(bb, e2, ac, e3) >= 0 ? 2 : 0;
    }
    double t[7];
    int n = fx_grow(t, 0, c);
    n = fx_grow(t, n, fx_two_prod(2 * b, tmax, &e2));
    n = fx_grow(t, n, e2);
    n = fx_grow(t, n, fx_two_prod(at, tmax, &e2));
    n = fx_grow(t, n, e2);
    n = fx_grow(t, n, fx_two_prod(e1, tmax, &e2));
    n = fx_grow(t, n, e2);
    return fx_sign(t, n) <= 0 ? 2 : 0;
}

/* The decision the filter could not take: invalid input (a miss; the
 * filter leaves it here), else by c's exact sign and the binary64 values
 * (rs_decide), or else exactly: rs_exact_small when v is exact and c > 0,
 * else exact_sphere.  Validity from the filter's values, one test: a =
 * d.d is finite iff dir is, pc = v.v + r^2 iff origin, centre and radius
 * are (v_i = fl(o_i - c_i) is inf or NaN when o_i or c_i is, finite
 * otherwise, and squares of finite binary32 values or of such
 * differences stay below 2^260), then radius >= 0 and tmax >= 0 (NaN
 * fails, +inf passes): the same test as rc_ray_valid, fv_finite3 and
 * isfinite on the radius. */
static ISECT_NOINLINE int rs_cold(const isect_ray *rp, const isect_sphere *sp, const fv_d3 *vp, double a, double b,
                                  double B, double c, double pc)
{
    const float r = sp->radius, tmax = rp->tmax; /* scalars: no struct copies */
    if (!((a <= DBL_MAX) & (pc <= DBL_MAX) & (r >= 0) & (tmax >= 0)))
        return 0;
    RC_EXACT_HOOK();
    int cs = rs_c_sign(rp, sp, vp), decision = rs_decide(a, b, B, c, pc, tmax, cs);
    if (decision == -2 && cs == 1)
        decision = rs_axis_d(rp, sp, vp);
    if (decision < 0 && cs == 1)
        decision = rs_exact_small(rp, sp, vp);
    return decision >= 0 ? decision : exact_sphere(rp, sp);
}

/* The filter: the signs of c, b, a tmax + b, D and f(tmax) from binary64
 * values and the guards FB_RAY_QUAD and FB_RAY_DOT (rs_signs, inline and
 * branch-free), one branch to rs_cold for the rest, and t from entry
 * evaluated on every call and kept on a hit (fv_keep32): on random input
 * nothing is left to mispredict. */
bool isect_ray_sphere(isect_ray ray, isect_sphere sphere, isect_ray_sphere_result *out)
{
    fv_d3 v = fv_dsub(fv_d(ray.origin), fv_d(sphere.center)), d = fv_d(ray.dir);
    double r = sphere.radius, vv = fv_ddot(v, v), rr = r * r, c = vv - rr;
    double a = fv_ddot(d, d), b = fv_ddot(v, d), B = fv_dabsdot(v, d);
    /* Validity, folded into the filter: a finite a proves dir finite; a
     * non-finite origin, centre or radius makes c or vv + rr inf or NaN,
     * and rs_signs then certifies nothing; radius and tmax >= 0 (not
     * NaN) are tested here.  rs_cold validates in full. */
    bool ok = (a <= DBL_MAX) & (r >= 0) & (ray.tmax >= 0);
    int decision, dunk;
    const int unknown = rs_signs(a, b, B, c, vv + rr, ray.tmax, 2, &decision, &dunk);
    if (ISECT_UNLIKELY(unknown | !ok))
        decision = rs_cold(&ray, &sphere, &v, a, b, B, c, vv + rr); /* pointers: no copies */
    if (out) {
        const float t = (float)entry(a, b, c), tp = fv_keep32(t, t >= 0), tc = tp > ray.tmax ? ray.tmax : tp; /* NaN: 0 */
        out->hit = decision != 0;
        out->t = fv_keep32(tc, decision == 2);
    }
    return decision != 0;
}
