/* oracle/q_ray_capsule.c: the catalog row of ray_capsule. */
#include "query_impl.h"

enum { IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_P0 = 7, IN_P1 = 10, IN_R = 13 };

static void run_ray_capsule(isect_any_fn fn, const double *in, double *out)
{
    isect_ray ray = {isect_v3_from(in + IN_O), isect_v3_from(in + IN_D), (float)in[IN_TMAX]};
    isect_capsule cap = {isect_v3_from(in + IN_P0), isect_v3_from(in + IN_P1), (float)in[IN_R]};
    isect_ray_capsule_result r = {0};
    bool hit = ((isect_ray_capsule_fn *)fn)(ray, cap, &r);
    out[0] = hit;
    isect_run_breach(hit != r.hit);
    out[1] = r.t;
}

static const char *contract_ray_capsule(const double *in, const double *out)
{
    if (out[0] && !(out[1] >= 0 && out[1] <= in[IN_TMAX]))
        return "t outside [0, tmax] on a hit";
    return NULL;
}

/* Capsule-specific edits: the origin on a cap's sphere or on the side,
 * dir along the axis, a zero-length axis, the radius set to the origin's
 * distance from the segment's end. */
static int mutate_ray_capsule(double *in, unsigned long long r)
{
    int k = (int)((r >> 8) % 3), end = (r >> 12) & 1 ? IN_P1 : IN_P0;
    double rad = fabs(in[IN_R]);
    switch (r % 4) {
    case 0: /* origin on an end ball, along an axis */
        for (int i = 0; i < 3; i++)
            in[IN_O + i] = in[end + i];
        in[IN_O + k] = (float)(in[end + k] + ((r >> 13) & 1 ? rad : -rad));
        return 1;
    case 1: /* dir along the axis */
        for (int i = 0; i < 3; i++)
            in[IN_D + i] = (float)(in[IN_P1 + i] - in[IN_P0 + i]);
        return 1;
    case 2: /* zero-length axis: a ball */
        for (int i = 0; i < 3; i++)
            in[IN_P1 + i] = in[IN_P0 + i];
        return 1;
    default: { /* radius = |origin - end| */
        double s = 0;
        for (int i = 0; i < 3; i++)
            s += (in[IN_O + i] - in[end + i]) * (in[IN_O + i] - in[end + i]);
        in[IN_R] = (float)sqrt(s);
        return 1;
    }
    }
}

const isect_query isect_q_ray_capsule = {
    .name = "ray_capsule",
    .summary = "ray or segment against a capsule (segment p0 p1, radius): first t; origin inside: t = 0",
    .format = FMT_F32,
    .nfields = 6,
    .fields = {{"origin", 3, UNIT_POS},
               {"dir", 3, UNIT_DIR},
               {"tmax", 1, UNIT_PARAM},
               {"p0", 3, UNIT_POS},
               {"p1", 3, UNIT_POS},
               {"radius", 1, UNIT_POS}},
    .noutputs = 2,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}, {"t", 1, OUT_REAL, SCALE_REL}},
    .ref = ref_ray_capsule,
    .encl = ref_ray_capsule_encl,
    .run = run_ray_capsule,
    .contract = contract_ray_capsule,
    .mutate = mutate_ray_capsule,
};
