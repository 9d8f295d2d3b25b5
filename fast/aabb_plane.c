/* fast/aabb_plane.c: closed box against plane: front, back or straddling,
 * binary32.
 *
 * The centre-extent test (Ericson 5.2.3): c = (min + max)/2,
 * e = (max - min)/2, s = (c - point).normal, R = e.|normal|; front if s > R,
 * back if s < -R, else straddling.  Exact power-of-two rescalings as in
 * sphere_plane.  The answer is exact for positions moved by at most
 * 8.1 * 2^-24 * S_pos and the normal by 3 * 2^-24 * S_dir:
 * docs/queries/aabb_plane.md.
 */
#include "fast_vec3.h"

bool isect_aabb_plane(isect_aabb b, isect_plane plane, isect_aabb_plane_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!fv_finite3(b.min) || !fv_finite3(b.max) || !fv_finite3(plane.point) || !fv_finite3(plane.normal) ||
        !(b.min.x <= b.max.x && b.min.y <= b.max.y && b.min.z <= b.max.z))
        return false;
    float mn = fv_max3abs(plane.normal);
    if (mn == 0)
        return false;

    float m = isect_fmaxf(isect_fmaxf(fv_max3abs(b.min), fv_max3abs(b.max)), fv_max3abs(plane.point));
    int k = fv_rescale_exp(m, FB_COMFY_HI_PLANE), kn = fv_rescale_exp(mn, FB_COMFY_HI_PLANE);
    isect_vec3 n = fv_scale3(plane.normal, kn);
    isect_vec3 lo = fv_scale3(b.min, k), hi = fv_scale3(b.max, k), p = fv_scale3(plane.point, k);
    isect_vec3 c = {(lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f, (lo.z + hi.z) * 0.5f};
    isect_vec3 e = {(hi.x - lo.x) * 0.5f, (hi.y - lo.y) * 0.5f, (hi.z - lo.z) * 0.5f};
    isect_vec3 w = fv_sub(c, p);
    float s = fv_dot(w, n);
    float r = e.x * fabsf(n.x) + e.y * fabsf(n.y) + e.z * fabsf(n.z);
    isect_side side = s > r ? ISECT_FRONT : s < -r ? ISECT_BACK : ISECT_STRADDLING;
    if (out)
        out->side = side;
    return side == ISECT_STRADDLING;
}
