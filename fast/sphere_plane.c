/* fast/sphere_plane.c: closed ball against plane: front, back or
 * straddling, binary32.
 *
 * s = (center - point).normal against r |normal| (one square root, no
 * squares of s), after exact power-of-two rescalings: positions together,
 * the normal by itself, each when its largest magnitude is outside
 * [2^-30, 2^30].  The answer is exact for positions moved by at most
 * 6.5 * 2^-24 * S_pos and the normal by 3 * 2^-24 * S_dir:
 * docs/queries/sphere_plane.md.
 */
#include "fast_vec3.h"

bool isect_sphere_plane(isect_sphere s, isect_plane plane, isect_sphere_plane_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!fv_finite3(s.center) || !isfinite(s.radius) || !(s.radius >= 0) || !fv_finite3(plane.point) ||
        !fv_finite3(plane.normal))
        return false;
    float mn = fv_max3abs(plane.normal);
    if (mn == 0)
        return false;

    float m = isect_fmaxf(isect_fmaxf(fv_max3abs(s.center), s.radius), fv_max3abs(plane.point));
    int k = fv_rescale_exp(m, FB_COMFY_HI_PLANE), kn = fv_rescale_exp(mn, FB_COMFY_HI_PLANE);
    isect_vec3 n = fv_scale3(plane.normal, kn);
    isect_vec3 w = fv_sub(fv_scale3(s.center, k), fv_scale3(plane.point, k));
    float d = fv_dot(w, n);
    float rn = fv_ldexp(s.radius, k) * sqrtf(fv_dot(n, n));
    isect_side side = d > rn ? ISECT_FRONT : d < -rn ? ISECT_BACK : ISECT_STRADDLING;
    if (out)
        out->side = side;
    return side == ISECT_STRADDLING;
}
