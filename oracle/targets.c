/* oracle/targets.c: the registry of targets; see targets.h. */
#include "targets.h"

#include <string.h>

extern const isect_target isect_target_fast;
extern const isect_target isect_zoo_mt_eps;
extern const isect_target isect_zoo_sign_change_2008;
extern const isect_target isect_zoo_sphere_tri_2010;
extern const isect_target isect_zoo_nettle2000;
extern const isect_target isect_zoo_sphere_behind;
extern const isect_target isect_zoo_cylinder_2016;
extern const isect_target isect_zoo_xna_sphere;
extern const isect_target isect_zoo_area_pit;
extern const isect_target isect_zoo_obb_noeps;
#ifdef ISECT_USER_TARGET
extern const isect_target isect_user_target;
#endif

const isect_target *const isect_targets[] = {
    &isect_target_fast,
    &isect_zoo_mt_eps,
    &isect_zoo_sign_change_2008,
    &isect_zoo_sphere_tri_2010,
    &isect_zoo_nettle2000,
    &isect_zoo_sphere_behind,
    &isect_zoo_cylinder_2016,
    &isect_zoo_xna_sphere,
    &isect_zoo_area_pit,
    &isect_zoo_obb_noeps,
#ifdef ISECT_USER_TARGET
    &isect_user_target,
#endif
};
const size_t isect_targets_size = sizeof isect_targets / sizeof *isect_targets;

const isect_target *isect_target_find(const char *name)
{
    for (size_t i = 0; i < isect_targets_size; i++)
        if (strcmp(isect_targets[i]->name, name) == 0)
            return isect_targets[i];
    return NULL;
}

const isect_target_entry *isect_target_entry_for(const isect_target *t, const char *query)
{
    for (const isect_target_entry *e = t->entries; e->query; e++)
        if (strcmp(e->query, query) == 0)
            return e;
    return NULL;
}
