/* fast/aabb_plane.c: closed box against plane: front, back or straddling,
 * binary32 inputs, exact answer.
 *
 * With v- and v+ the box's vertices least and most along the normal n
 * (v-_i = min_i where n_i > 0, else max_i): front iff n.(v- - point) > 0,
 * back iff n.(v+ - point) < 0, else straddling (the centre-extent test
 * s -+ e.|n|, Ericson 5.2.3, written per vertex).  Each dot product in
 * binary32, then binary64, its sign certified by FB_CERT_DOT32 or
 * FB_CERT_DOT (fast/fast_bounds.h), else exact (dot_sign_exact: a binary64
 * expansion when the differences are exact in binary64, else fe
 * expansions, fast/fast_exact.h).  docs/queries/aabb_plane.md.
 */
#include "fast_exact.h"
#include "fast_vec3.h"

/* The sign of n.(v - p), exactly: when the differences v_i - p_i are exact
 * in binary64 (fx_two_sum's error 0), the three products by fx_two_prod
 * summed as an expansion (six components); else fe expansions. */
static int dot_sign_exact(const isect_vec3 *v, const isect_vec3 *p, const isect_vec3 *n)
{
    double e[3], w[3], acc[6];
    w[0] = fx_two_sum(v->x, -(double)p->x, &e[0]);
    w[1] = fx_two_sum(v->y, -(double)p->y, &e[1]);
    w[2] = fx_two_sum(v->z, -(double)p->z, &e[2]);
    if (e[0] == 0 && e[1] == 0 && e[2] == 0) {
        const double m[3] = {n->x, n->y, n->z};
        int k = 0;
        for (int i = 0; i < 3; i++) {
            double err, q = fx_two_prod(w[i], m[i], &err);
            k = fx_grow(acc, k, err);
            k = fx_grow(acc, k, q);
        }
        return fx_sign(acc, k);
    }
    fe x, d[3], m[3];
    fe_diff3(d, *v, *p);
    fe_of_to(&m[0], n->x);
    fe_of_to(&m[1], n->y);
    fe_of_to(&m[2], n->z);
    fe_dot3_to(&x, d, m);
    return fe_sign(&x);
}

/* The sign of n.(v - p), exactly when the binary64 bound cannot certify it;
 * *finite is cleared when a value is not finite. */
static inline int dot_sign(const isect_vec3 *v, const isect_vec3 *p, const isect_vec3 *n, bool *finite)
{
    /* binary32 first, as a textbook test: FB_CERT_DOT32 (a finite bound
     * also proves v, p and n finite) */
    float fx = v->x - p->x, fy = v->y - p->y, fz = v->z - p->z;
    float fd = fx * n->x + fy * n->y + fz * n->z, fa = fabsf(fx * n->x) + fabsf(fy * n->y) + fabsf(fz * n->z);
    if (fa <= FLT_MAX) {
        float g = FB_CERT_DOT32 * fa + FB_CERT_DOT32_ABS;
        if (fd > g)
            return 1;
        if (-fd > g)
            return -1;
    }
    double wx = (double)v->x - p->x, wy = (double)v->y - p->y, wz = (double)v->z - p->z;
    double d = wx * n->x + wy * n->y + wz * n->z;
    double a = fabs(wx * n->x) + fabs(wy * n->y) + fabs(wz * n->z);
    if (!(a <= DBL_MAX)) {
        *finite = false;
        return 0;
    }
    if (d > FB_CERT_DOT * a)
        return 1;
    if (-d > FB_CERT_DOT * a)
        return -1;
    return dot_sign_exact(v, p, n);
}

bool isect_aabb_plane(isect_aabb b, isect_plane plane, isect_aabb_plane_result *out)
{
    if (out)
        out->side = ISECT_STRADDLING;
    isect_vec3 n = plane.normal;
    if (!(b.min.x <= b.max.x && b.min.y <= b.max.y && b.min.z <= b.max.z) || (n.x == 0 && n.y == 0 && n.z == 0))
        return false;
    isect_vec3 lo = {n.x > 0 ? b.min.x : b.max.x, n.y > 0 ? b.min.y : b.max.y, n.z > 0 ? b.min.z : b.max.z};
    isect_vec3 hi = {n.x > 0 ? b.max.x : b.min.x, n.y > 0 ? b.max.y : b.min.y, n.z > 0 ? b.max.z : b.min.z};
    bool finite = true;
    int sl = dot_sign(&lo, &plane.point, &n, &finite), sh = finite ? dot_sign(&hi, &plane.point, &n, &finite) : 0;
    if (!finite)
        return false;
    isect_side side = sl > 0 ? ISECT_FRONT : sh < 0 ? ISECT_BACK : ISECT_STRADDLING;
    if (out)
        out->side = side;
    return side == ISECT_STRADDLING;
}
