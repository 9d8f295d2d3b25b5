/* tests/campaign_target.c: a user target (make USER_TARGET=...) that
 * crashes and hangs, for tests/campaign.sh: the campaign must record both as
 * invalid findings and go on.  It is fast's ray_triangle, except on tmax == 0
 * (the fuzzer's special values reach it within seconds):
 *   with ISECT_CRASHY_STATE=FILE set, the first such input crashes (a write
 *   through NULL) after creating FILE, and every later one hangs (spins
 *   until killed), so one campaign sees both in its first two runs whatever
 *   the fuzzer draws;
 *   without it, a negative dir.x crashes and a positive one hangs. */
#include "targets.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static void crash(void)
{
    volatile int *volatile p = 0;
    *p = 1;
}

static void hang(void)
{
    volatile int spin = 1;
    while (spin)
        ;
}

static bool crashy_ray_triangle(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out)
{
    if (ray.tmax == 0) {
        const char *state = getenv("ISECT_CRASHY_STATE");
        if (state) {
            int fd = open(state, O_WRONLY | O_CREAT | O_EXCL, 0644);
            if (fd >= 0) {
                close(fd);
                crash();
            }
            hang();
        }
        if (ray.dir.x < 0)
            crash();
        if (ray.dir.x > 0)
            hang();
    }
    return isect_ray_triangle(ray, tri, out);
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(ray_triangle, crashy_ray_triangle, 8, 32),
    ISECT_ENTRIES_END,
};

const isect_target isect_user_target = {"test:crashy", "fast, but crashes or hangs when tmax is 0 (a test)",
                                        entries};
