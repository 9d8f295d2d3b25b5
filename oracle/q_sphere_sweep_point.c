/* oracle/q_sphere_sweep_point.c: the catalog row of sphere_sweep_point. */
#include "query_impl.h"

#include "q_sphere_sweep_mutate.h"

static isect_moving_sphere ball(const double *in)
{
    return (isect_moving_sphere){isect_v3_from(in + 0), isect_v3_from(in + 3), (float)in[6]};
}

static void run_sphere_sweep_point(isect_any_fn fn, const double *in, double *out)
{
    isect_sphere_sweep_point_result r = {0};
    bool hit = ((isect_sphere_sweep_point_fn *)fn)(ball(in), isect_v3_from(in + 7), &r);
    out[0] = hit;
    isect_run_breach(hit != r.hit);
    out[1] = r.t;
}

static const char *contract_sphere_sweep_point(const double *in, const double *out)
{
    (void)in;
    if (out[0] && !(out[1] >= 0 && out[1] <= 1))
        return "t outside [0, 1] on a hit";
    return NULL;
}

static int mutate_sphere_sweep_point(double *in, unsigned long long r) { return swm_mutate(in, r, 1, 0); }

static const char *feature_sphere_sweep_point(const double *in, const double *ref_out)
{
    (void)ref_out;
    return ref_sphere_sweep_point_feature(in);
}

const isect_query isect_q_sphere_sweep_point = {
    .name = "sphere_sweep_point",
    .summary = "moving sphere against a point: first contact t in [0, 1]",
    .format = FMT_F32,
    .nfields = 4,
    .fields = {{"center", 3, UNIT_POS},
               {"velocity", 3, UNIT_POS, true},
               {"radius", 1, UNIT_POS},
               {"p", 3, UNIT_POS}},
    .noutputs = 2,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}, {"t", 1, OUT_REAL, SCALE_ONE}},
    .ref = ref_sphere_sweep_point,
    .encl = ref_sphere_sweep_point_encl,
    .run = run_sphere_sweep_point,
    .contract = contract_sphere_sweep_point,
    .mutate = mutate_sphere_sweep_point,
    .feature = feature_sphere_sweep_point,
};
