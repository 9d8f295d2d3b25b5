/* oracle/q_ray_aabb.c: the catalog row of ray_aabb. */
#include "query_impl.h"

enum { IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_MIN = 7, IN_MAX = 10 };

static void run_ray_aabb(isect_any_fn fn, const double *in, double *out)
{
    isect_ray ray = {isect_v3_from(in + IN_O), isect_v3_from(in + IN_D), (float)in[IN_TMAX]};
    isect_aabb box = {isect_v3_from(in + IN_MIN), isect_v3_from(in + IN_MAX)};
    isect_ray_aabb_result r = {0};
    bool hit = ((isect_ray_aabb_fn *)fn)(ray, box, &r);
    out[0] = hit;
    isect_run_breach(hit != r.hit);
    out[1] = r.t;
}

static const char *contract_ray_aabb(const double *in, const double *out)
{
    if (out[0] && !(out[1] >= 0 && out[1] <= in[IN_TMAX]))
        return "t outside [0, tmax] on a hit";
    return NULL;
}

/* Box-specific edits: the origin onto a face plane, a zero dir component
 * (a ray in a face plane when combined), dir aimed at a corner, a flat box,
 * min and max put in order. */
static int mutate_ray_aabb(double *in, unsigned long long r)
{
    int i = (int)((r >> 8) % 3);
    switch (r % 5) {
    case 0:
        in[IN_O + i] = in[((r >> 12) & 1 ? IN_MIN : IN_MAX) + i];
        return 1;
    case 1:
        in[IN_D + i] = 0;
        return 1;
    case 2:
        for (int k = 0; k < 3; k++) {
            double c = in[((r >> (12 + k)) & 1 ? IN_MIN : IN_MAX) + k];
            in[IN_D + k] = (float)(c - in[IN_O + k]);
        }
        return 1;
    case 3:
        in[IN_MAX + i] = in[IN_MIN + i];
        return 1;
    default:
        isect_box_order(in, IN_MIN); /* max follows min */
        return 1;
    }
}

const isect_query isect_q_ray_aabb = {
    .name = "ray_aabb",
    .summary = "ray or segment against a closed axis-aligned box: first t; origin inside: t = 0",
    .format = FMT_F32,
    .nfields = 5,
    .fields = {{"origin", 3, UNIT_POS},
               {"dir", 3, UNIT_DIR},
               {"tmax", 1, UNIT_PARAM},
               {"min", 3, UNIT_POS},
               {"max", 3, UNIT_POS}},
    .noutputs = 2,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}, {"t", 1, OUT_REAL, SCALE_REL}},
    .ref = ref_ray_aabb,
    .encl = ref_ray_aabb_encl,
    .run = run_ray_aabb,
    .contract = contract_ray_aabb,
    .mutate = mutate_ray_aabb,
};
