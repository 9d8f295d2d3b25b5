/* tests/campaign_target.c: a user target (make USER_TARGET=...) that
 * crashes and hangs, for tests/campaign.sh: the campaign must record both as
 * invalid findings and go on.  It is fast's ray_triangle, except that
 *   tmax == 0 with a negative dir.x  crashes (a write through NULL),
 *   tmax == 0 with a positive dir.x  hangs (spins until killed).
 * The fuzzer's special values (0 for tmax) reach both within seconds. */
#include "targets.h"

static bool crashy_ray_triangle(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out)
{
    if (ray.tmax == 0 && ray.dir.x < 0) {
        volatile int *volatile p = 0;
        *p = 1;
    }
    if (ray.tmax == 0 && ray.dir.x > 0) {
        volatile int spin = 1;
        while (spin)
            ;
    }
    return isect_ray_triangle(ray, tri, out);
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(ray_triangle, crashy_ray_triangle, 8, 32),
    ISECT_ENTRIES_END,
};

const isect_target isect_user_target = {"test:crashy", "fast, but crashes or hangs when tmax is 0 (a test)",
                                        entries};
