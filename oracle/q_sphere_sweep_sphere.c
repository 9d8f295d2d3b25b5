/* oracle/q_sphere_sweep_sphere.c: the catalog row of sphere_sweep_sphere. */
#include "query_impl.h"

static isect_moving_sphere ball(const double *in)
{
    return (isect_moving_sphere){isect_v3_from(in + 0), isect_v3_from(in + 3), (float)in[6]};
}

static void run_sphere_sweep_sphere(isect_any_fn fn, const double *in, double *out)
{
    isect_sphere_sweep_sphere_result r = {0};
    bool hit = ((isect_sphere_sweep_sphere_fn *)fn)(ball(in), ball(in + 7), &r);
    out[0] = hit;
    isect_run_breach(hit != r.hit);
    out[1] = r.t;
}

static const char *contract_sphere_sweep_sphere(const double *in, const double *out)
{
    (void)in;
    if (out[0] && !(out[1] >= 0 && out[1] <= 1))
        return "t outside [0, 1] on a hit";
    return NULL;
}

static const char *feature_sphere_sweep_sphere(const double *in, const double *ref_out)
{
    (void)ref_out;
    return ref_sphere_sweep_sphere_feature(in);
}

const isect_query isect_q_sphere_sweep_sphere = {
    .name = "sphere_sweep_sphere",
    .summary = "two moving spheres: first contact t in [0, 1]",
    .format = FMT_F32,
    .nfields = 6,
    .fields = {{"c0", 3, UNIT_POS},
               {"velocity0", 3, UNIT_POS, true},
               {"r0", 1, UNIT_POS},
               {"c1", 3, UNIT_POS},
               {"velocity1", 3, UNIT_POS, true},
               {"r1", 1, UNIT_POS}},
    .noutputs = 2,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}, {"t", 1, OUT_REAL, SCALE_ONE}},
    .ref = ref_sphere_sweep_sphere,
    .encl = ref_sphere_sweep_sphere_encl,
    .run = run_sphere_sweep_sphere,
    .contract = contract_sphere_sweep_sphere,
    .feature = feature_sphere_sweep_sphere,
};
