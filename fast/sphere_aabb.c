/* fast/sphere_aabb.c: closed ball against closed box, binary32 inputs,
 * exact answer.
 *
 * Arvo's test: the squared distance D from the centre to the box, summed per
 * axis from the exact comparisons c < min, c > max, against r^2, in
 * binary64; decided there when the rounding bound certifies it
 * (FB_CERT_SQ, fast/fast_bounds.h), else by the exact value of D - r^2
 * (fe expansions, fast/fast_exact.h).  No square root, no epsilon, no libm.
 * docs/queries/sphere_aabb.md.
 */
#include "fast_exact.h"
#include "fast_vec3.h"

/* The gap from c to [lo, hi] as an exact difference, 0 inside. */
static fe gap_exact(float c, float lo, float hi) { return c < lo ? fe_diff(lo, c) : c > hi ? fe_diff(c, hi) : fe_of(0); }

static int sphere_aabb_sign_exact(isect_sphere s, isect_aabb b)
{
    fe g[3] = {gap_exact(s.center.x, b.min.x, b.max.x), gap_exact(s.center.y, b.min.y, b.max.y),
               gap_exact(s.center.z, b.min.z, b.max.z)};
    fe dd = fe_dot3(g, g), rr = fe_of((double)s.radius * s.radius);
    fe d = fe_add(&dd, &rr, -1);
    return fe_sign(&d);
}

static double gap(float c, float lo, float hi) { return c < lo ? (double)lo - c : c > hi ? (double)c - hi : 0; }

static bool sphere_aabb_valid(isect_sphere s, isect_aabb b)
{
    double ex = (double)b.max.x - b.min.x, ey = (double)b.max.y - b.min.y, ez = (double)b.max.z - b.min.z;
    return fv_finite3(s.center) && s.radius >= 0 && s.radius <= FLT_MAX && ex >= 0 && ex <= DBL_MAX && ey >= 0 &&
           ey <= DBL_MAX && ez >= 0 && ez <= DBL_MAX;
}

bool isect_sphere_aabb(isect_sphere s, isect_aabb b, isect_sphere_aabb_result *out)
{
    double ex = gap(s.center.x, b.min.x, b.max.x), ey = gap(s.center.y, b.min.y, b.max.y),
           ez = gap(s.center.z, b.min.z, b.max.z);
    double d2 = ex * ex + ey * ey + ez * ez, r2 = (double)s.radius * s.radius;
    /* invalid input is a miss: checked only where the answer may be a hit */
    bool hit = !(d2 > r2 * (1 + FB_CERT_SQ)) && sphere_aabb_valid(s, b) &&
               (d2 * (1 + FB_CERT_SQ) <= r2 || sphere_aabb_sign_exact(s, b) <= 0);
    if (out)
        out->hit = hit;
    return hit;
}
