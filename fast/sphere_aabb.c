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

/* The gap from c to [lo, hi] in binary64, 0 inside, without a branch
 * (maxsd twice; GCC turns a comparison with the constant 0 into a branch,
 * hence z = t * 0): t = max(fl(lo - c), fl(c - hi)), then max(t, z) with z
 * = t * 0, which is +-0 for a finite t.  For lo <= hi at most one of the
 * two differences is positive (fl is monotonic: fl(lo - c) <= fl(hi - c)
 * = -fl(c - hi)), and it is the rounded gap, with the exact gap's sign (a
 * binary64 difference of binary32 values is 0 only when exact); else the
 * result is +-0, whose square is 0.  An infinite t gives NaN (z = NaN):
 * the certificates then fail and the cold path's validity test decides. */
static inline double gap(float c, float lo, float hi)
{
    double a = (double)lo - c, b = (double)c - hi, t = a > b ? a : b, z = t * 0;
    return t > z ? t : z;
}

/* Every input finite, the radius >= 0 and min <= max on each axis, as one
 * integer (no branch): a box extent fl(max - min) in binary64 has the
 * exact difference's sign, and is finite iff both ends are (inf - inf is
 * NaN, which fails >= 0). */
static inline unsigned sphere_aabb_valid(isect_sphere s, isect_aabb b)
{
    double ex = (double)b.max.x - b.min.x, ey = (double)b.max.y - b.min.y, ez = (double)b.max.z - b.min.z;
    isect_vec3 c = s.center;
    double cs = ((double)c.x - c.x) + ((double)c.y - c.y) + ((double)c.z - c.z); /* 0 iff finite, else NaN */
    return (cs == 0) & (s.radius >= 0) & (s.radius <= FLT_MAX) & (ex >= 0) & (ey >= 0) & (ez >= 0) &
           (ex + ey + ez <= DBL_MAX);
}

/* What the certificates leave: undecided (valid or not) or a certified
 * hit on invalid input; decided exactly. */
static ISECT_NOINLINE bool sphere_aabb_cold(isect_sphere s, isect_aabb b, isect_sphere_aabb_result *out)
{
    bool hit = sphere_aabb_valid(s, b) && sphere_aabb_sign_exact(s, b) <= 0;
    if (out)
        out->hit = hit;
    return hit;
}

bool isect_sphere_aabb(isect_sphere s, isect_aabb b, isect_sphere_aabb_result *out)
{
    double ex = gap(s.center.x, b.min.x, b.max.x), ey = gap(s.center.y, b.min.y, b.max.y),
           ez = gap(s.center.z, b.min.z, b.max.z);
    double d2 = ex * ex + ey * ey + ez * ez, r2 = (double)s.radius * s.radius;
    /* a certain miss needs no validity test (invalid input is a miss);
     * a certain hit does.  One branch, to the cold path. */
    unsigned miss = d2 > r2 * (1 + FB_CERT_SQ), in = d2 * (1 + FB_CERT_SQ) <= r2;
    if (ISECT_UNLIKELY(!(miss | (in & sphere_aabb_valid(s, b)))))
        return sphere_aabb_cold(s, b, out);
    if (out)
        out->hit = in;
    return in;
}
