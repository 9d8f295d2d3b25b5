/* fast/ray_obb.c: ray against an oriented box in binary32.
 *
 * The box is center + sum s_i axis_i, |s_i| <= half_i, with the axes as
 * given.  The classic slab test projects on the axes, which is right only
 * for orthogonal axes; here each slab is bounded by the planes spanned by
 * the two other axes (the rows of the adjugate, r_i = axis_j x axis_k):
 *   |r_i . (x - center)| <= half_i |axis_i . r_i|,
 * exact for any non-singular axes and, for orthonormal ones, the classic
 * test scaled.  Each axis is rescaled by its own power of two, positions
 * together and dir alone (exact); the bound half_i |axis_i . r_i| keeps its
 * axis' exponent apart and each slab is rescaled by a common power of two
 * before its ends are formed, so that no intermediate overflows or
 * underflows harmfully.  Slab ends are compared exactly (rc_span); a zero
 * r_i . dir is the exact parallel test.  Singular axes (det = 0: invalid
 * input) are decided exactly and give a miss, as every invalid input does;
 * a computed determinant of 0 for non-singular axes is a miss too (an error
 * within the bound).  Error bound: docs/queries/ray_obb.md.
 */
#include "isect.h"

#include "fast_ray.h"

#include "fast_bounds.h"

#include <limits.h>
#include <math.h>
#include <string.h>

/* det(axis0, axis1, axis2) == 0, exactly.  In binary64 the products of two
 * binary32 values are exact, so the triple product rounds at most four
 * times (the cross product's difference, the dot product's products and
 * additions), within gamma_6 T of the exact value, T the same sum taken in
 * magnitudes: a computed value beyond FB_TRIPLE fl(T) is certainly not
 * zero (fast_bounds.h).  Nothing over- or underflows: binary32 triple
 * products lie in [2^-447, 2^384] when not zero.  Otherwise expansions
 * decide. */
static bool axes_singular(const isect_vec3 *ax)
{
    double a[3][3];
    for (int i = 0; i < 3; i++) {
        a[i][0] = ax[i].x;
        a[i][1] = ax[i].y;
        a[i][2] = ax[i].z;
    }
    double det = 0, T = 0;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        double p = a[1][j] * a[2][k], q = a[1][k] * a[2][j];
        det += a[0][i] * (p - q);
        T += fabs(a[0][i]) * (fabs(p) + fabs(q));
    }
    if (fabs(det) > FB_TRIPLE * T)
        return false;
    fe v[3][3], c[3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            v[i][j] = fe_of(a[i][j]);
    fe_cross3(c, v[1], v[2]);
    fe d = fe_dot3(v[0], c);
    return fe_sign(&d) == 0;
}

bool isect_ray_obb(isect_ray ray, isect_obb box, isect_ray_obb_result *out)
{
    isect_ray_obb_result res;
    memset(&res, 0, sizeof res);
    if (out)
        *out = res;
    if (!rc_ray_valid(ray) || !fv_finite3(box.center) || !fv_finite3(box.half) || !fv_finite3(box.axis[0]) ||
        !fv_finite3(box.axis[1]) || !fv_finite3(box.axis[2]) || !(box.half.x >= 0) || !(box.half.y >= 0) ||
        !(box.half.z >= 0))
        return false;

    if (axes_singular(box.axis))
        return false; /* invalid input: a miss with every output zero */
    int ep = fv_exp(isect_fmaxf(isect_fmaxf(fv_max3abs(ray.origin), fv_max3abs(box.center)), fv_max3abs(box.half)));
    int ed = fv_exp(fv_max3abs(ray.dir));
    isect_vec3 w = fv_sub(fv_scale3(ray.origin, -ep), fv_scale3(box.center, -ep));
    isect_vec3 h = fv_scale3(box.half, -ep), d = fv_scale3(ray.dir, -ed), a[3];
    int ea[3];
    for (int i = 0; i < 3; i++) {
        float m = fv_max3abs(box.axis[i]);
        if (m == 0)
            return false; /* a zero axis: singular */
        ea[i] = fv_exp(m);
        a[i] = fv_scale3(box.axis[i], -ea[i]);
    }
    int k = ep - ed;
    rc_span sp = rc_span_all();
    for (int i = 0; i < 3; i++) {
        isect_vec3 r = fv_cross(a[(i + 1) % 3], a[(i + 2) % 3]);
        float det = fv_dot(a[i], r);
        if (det == 0)
            return false; /* singular axes */
        /* slab: -B <= x + t dx <= B, B = half_i |det| 2^ea[i] */
        float x = fv_dot(r, w), dx = fv_dot(r, d), bm = fv_comp(h, i) * fabsf(det);
        if (det < 0) {
            x = -x;
            dx = -dx;
        }
        /* A common power of two 2^e brings B and x to magnitude <= 1 (the
         * smaller may flush: then it is negligible beside the larger). */
        int eb = bm == 0 ? INT_MIN : fv_exp(bm) + ea[i], ex = x == 0 ? INT_MIN : fv_exp(x);
        int e = eb > ex ? eb : ex;
        if (e == INT_MIN)
            e = 0;
        float b = fv_ldexp(bm, ea[i] - e), xs = fv_ldexp(x, -e);
        if (dx == 0) {
            if (xs < -b || xs > b)
                return false; /* parallel, outside the slab */
            continue;
        }
        rc_span_lower(&sp, dx > 0 ? -b - xs : b - xs, dx, k + e);
        rc_span_upper(&sp, dx > 0 ? b - xs : -b - xs, dx, k + e);
    }
    if (!rc_span_hit(&sp, ray.tmax, &res.t))
        return false;
    res.hit = true;
    if (out)
        *out = res;
    return true;
}
