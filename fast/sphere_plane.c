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
#include "overlap.h"

static int comfy_exp(float m)
{
    if (m == 0 || (m >= 0x1p-30f && m <= 0x1p30f))
        return 0;
    int e;
    frexpf(m, &e);
    return -e;
}

bool isect_sphere_plane(isect_sphere s, isect_plane plane, isect_sphere_plane_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!ov_finite3(s.center) || !isfinite(s.radius) || !(s.radius >= 0) || !ov_finite3(plane.point) ||
        !ov_finite3(plane.normal))
        return false;
    float mn = ov_max3abs(plane.normal);
    if (mn == 0)
        return false;

    float m = isect_fmaxf(isect_fmaxf(ov_max3abs(s.center), s.radius), ov_max3abs(plane.point));
    int k = comfy_exp(m), kn = comfy_exp(mn);
    isect_vec3 n = ov_scale3(plane.normal, kn);
    isect_vec3 w = ov_sub3(ov_scale3(s.center, k), ov_scale3(plane.point, k));
    float d = w.x * n.x + w.y * n.y + w.z * n.z;
    float rn = ov_scalef(s.radius, k) * sqrtf(n.x * n.x + n.y * n.y + n.z * n.z);
    isect_side side = d > rn ? ISECT_FRONT : d < -rn ? ISECT_BACK : ISECT_STRADDLING;
    if (out)
        out->side = side;
    return side == ISECT_STRADDLING;
}
