/* fast/obb_obb.c: oriented boxes (parallelepipeds with the axes as given)
 * overlap, binary32 inputs.
 *
 * The separating-axis test on the 15 axes of the classic test: the cross
 * products a_k x a_l of the six axes (face normals of each box: a1 x a2, ...;
 * edge pairs: a_i x b_j).  For each axis L, with t = c1 - c0,
 *   separated  iff  |t.L| - sum_k h_k |a_k.L| > guard(L),
 * evaluated in binary64, where the products of binary32 values are exact,
 * no intermediate of binary32 inputs can overflow or underflow, and
 * guard(L) = FB_OBB_SAT (sum_i |t_i L_i| + sum_k h_k sum_i |a_ki L_i|) bounds the
 * rounding error of the left-hand side: the parallel-edge guard, relative to
 * the boxes and the axis, never an absolute epsilon.  A near-zero L (nearly
 * parallel edges) has a near-zero guard and a consistent projection, so it
 * can only separate boxes that are separated.  Eight more axes handle the
 * configurations where the 15 are not enough (axes coplanar or parallel):
 * the in-plane normals m x a_k of the largest cross product m, t itself, and
 * t's component off the longest axis.  docs/queries/obb_obb.md.
 */
#include "fast_vec3.h"

typedef struct {
    fv_d3 a[6], t;
    double h[6];
} boxes;

static bool separates(const boxes *B, fv_d3 L)
{
    double r = 0, mag = fabs(B->t.x * L.x) + fabs(B->t.y * L.y) + fabs(B->t.z * L.z);
    for (int k = 0; k < 6; k++) {
        fv_d3 a = B->a[k];
        r += B->h[k] * fabs(fv_ddot(a, L));
        mag += B->h[k] * (fabs(a.x * L.x) + fabs(a.y * L.y) + fabs(a.z * L.z));
    }
    return fabs(fv_ddot(B->t, L)) - r > FB_OBB_SAT * mag;
}

static bool obb_valid(isect_obb o)
{
    return fv_finite3(o.center) && fv_finite3(o.axis[0]) && fv_finite3(o.axis[1]) && fv_finite3(o.axis[2]) &&
           fv_finite3(o.half) && o.half.x >= 0 && o.half.y >= 0 && o.half.z >= 0;
}

bool isect_obb_obb(isect_obb a, isect_obb b, isect_obb_obb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!obb_valid(a) || !obb_valid(b))
        return false;

    boxes B;
    const isect_obb *o[2] = {&a, &b};
    for (int i = 0; i < 2; i++) {
        for (int k = 0; k < 3; k++)
            B.a[3 * i + k] = fv_d(o[i]->axis[k]);
        B.h[3 * i + 0] = o[i]->half.x;
        B.h[3 * i + 1] = o[i]->half.y;
        B.h[3 * i + 2] = o[i]->half.z;
    }
    B.t = fv_dsub(fv_d(b.center), fv_d(a.center));

    fv_d3 m = {0, 0, 0};
    double mm = -1;
    for (int k = 0; k < 6; k++)
        for (int l = k + 1; l < 6; l++) {
            fv_d3 L = fv_dcross(B.a[k], B.a[l]);
            if (separates(&B, L))
                return false;
            double n = fv_ddot(L, L);
            if (n > mm) {
                mm = n;
                m = L;
            }
        }
    /* degenerate configurations: axes (nearly) in one plane or on one line */
    int kl = 0;
    double ln = -1;
    for (int k = 0; k < 6; k++) {
        if (separates(&B, fv_dcross(m, B.a[k])))
            return false;
        double n = B.h[k] * fv_ddot(B.a[k], B.a[k]);
        if (n > ln) {
            ln = n;
            kl = k;
        }
    }
    if (separates(&B, B.t) || separates(&B, fv_dcross(B.a[kl], fv_dcross(B.t, B.a[kl]))))
        return false;
    if (out)
        out->hit = true;
    return true;
}
