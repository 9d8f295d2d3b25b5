/* fuzz/zoo/sign_change_2008.c: the moving-sphere-against-plane test of
 * reference 002 (a 2008 article), as sphere_sweep_plane, in binary32.
 *
 * The article looks at the centre's plane distance before and after a step
 * and offers two tests (a key toggles between them); a game that wants both
 * checks each:
 *   - sign change: the centre is strictly on one side before and strictly
 *     on the other after (d_before > 0 && d_after < 0 or the reverse);
 *   - pre-check: the end position is closer than the radius
 *     (|d_after| < radius, strict).
 * Both tunnel: a sphere that touches the plane without its centre crossing
 * it, and ends farther than r (a graze, or one that starts overlapping and
 * moves away), is a miss; so is touching exactly (strict comparisons), or a
 * centre that starts on the plane.  The article reports no time; this
 * adapter reports the time at which the centre crosses the plane,
 * d_before / (d_before - d_after), for a sign change, and the end of the
 * step, t = 1, when only the pre-check fires: that is what a caller that
 * stops the ball at the detection can use.  (The article also writes the
 * distance as (position + corner) . normal, with the corner's sign flipped;
 * the adapter uses position - point, the evident intent.)  The normal is
 * used as given (the article's is unit length), the radius scaled by |n|.
 * Do not copy.
 */
#include "targets.h"

#include <math.h>
#include <string.h>

static bool sign_change(isect_moving_sphere s, isect_plane plane, isect_sphere_sweep_plane_result *out)
{
    memset(out, 0, sizeof *out);
    isect_vec3 n = plane.normal, c = s.center, q = plane.point;
    isect_vec3 e = {c.x + s.velocity.x, c.y + s.velocity.y, c.z + s.velocity.z};
    float before = (c.x - q.x) * n.x + (c.y - q.y) * n.y + (c.z - q.z) * n.z;
    float after = (e.x - q.x) * n.x + (e.y - q.y) * n.y + (e.z - q.z) * n.z;
    float rn = s.radius * sqrtf(n.x * n.x + n.y * n.y + n.z * n.z);
    if ((before > 0 && after < 0) || (before < 0 && after > 0)) {
        *out = (isect_sphere_sweep_plane_result){true, before / (before - after)};
        return true;
    }
    if (fabsf(after) < rn) {
        *out = (isect_sphere_sweep_plane_result){true, 1};
        return true;
    }
    return false;
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(sphere_sweep_plane, sign_change, 8, 32),
    ISECT_ENTRIES_END,
};

static const isect_target sign_change_2008_target = {
    "zoo:sign_change_2008", "moving sphere vs plane (2008): centre sign change or end closer than r", entries,
};

ISECT_TARGETS(zoo_sign_change_2008, &sign_change_2008_target);
