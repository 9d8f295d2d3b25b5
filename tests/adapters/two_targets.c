/* tests/adapters/two_targets.c: a user adapter that defines two targets in
 * one file (make adapter-check builds it with USER_TARGET and lists them).
 * Both forward to fast; the second declares a looser tolerance. */
#include "targets.h"

static const isect_target_entry strict_entries[] = {
    ISECT_ENTRY(sphere_sphere, isect_sphere_sphere, 1, 4),
    ISECT_ENTRIES_END,
};

static const isect_target_entry loose_entries[] = {
    ISECT_ENTRY(sphere_sphere, isect_sphere_sphere, 8, 64),
    ISECT_ENTRY(aabb_aabb, isect_aabb_aabb, 1, 4),
    ISECT_ENTRIES_END,
};

static const isect_target strict = {"test:two-strict", "fast's sphere_sphere (adapter test)", strict_entries};
static const isect_target loose = {"test:two-loose", "fast's sphere_sphere and aabb_aabb (adapter test)",
                                   loose_entries};

ISECT_TARGETS(user, &strict, &loose);
