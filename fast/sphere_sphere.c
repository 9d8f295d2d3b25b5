/* fast/sphere_sphere.c: closed balls overlap, binary32.
 *
 * |c1 - c0|^2 <= (r0 + r1)^2 evaluated in binary32 after an exact
 * power-of-two rescaling (fast/fast_vec3.h: fv_rescale_exp).  No square root, no epsilon.  The
 * computed answer is the exact answer for inputs moved by at most
 * 2.6 * 2^-24 * S (S the largest input magnitude): docs/queries/sphere_sphere.md.
 */
#include "fast_vec3.h"

static bool sphere_valid(isect_sphere s) { return fv_finite3(s.center) && isfinite(s.radius) && s.radius >= 0; }

bool isect_sphere_sphere(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!sphere_valid(a) || !sphere_valid(b))
        return false;

    float m = isect_fmaxf(isect_fmaxf(fv_max3abs(a.center), fv_max3abs(b.center)), isect_fmaxf(a.radius, b.radius));
    int k = fv_rescale_exp(m, FB_COMFY_HI_SQ);
    isect_vec3 d = fv_sub(fv_scale3(b.center, k), fv_scale3(a.center, k));
    float r = fv_ldexp(a.radius, k) + fv_ldexp(b.radius, k);
    float d2 = d.x * d.x + d.y * d.y + d.z * d.z;
    bool hit = d2 <= r * r;
    if (out)
        out->hit = hit;
    return hit;
}
