/* oracle/q_sphere_sweep_plane.c: the catalog row of sphere_sweep_plane. */
#include "query_impl.h"

#include "q_sphere_sweep_mutate.h"

static isect_moving_sphere ball(const double *in)
{
    return (isect_moving_sphere){isect_v3_from(in + 0), isect_v3_from(in + 3), (float)in[6]};
}

static void run_sphere_sweep_plane(isect_any_fn fn, const double *in, double *out)
{
    isect_plane plane = {isect_v3_from(in + 7), isect_v3_from(in + 10)};
    isect_sphere_sweep_plane_result r = {0};
    bool hit = ((isect_sphere_sweep_plane_fn *)fn)(ball(in), plane, &r);
    out[0] = hit;
    isect_run_breach(hit != r.hit);
    out[1] = r.t;
}

static const char *contract_sphere_sweep_plane(const double *in, const double *out)
{
    (void)in;
    if (out[0] && !(out[1] >= 0 && out[1] <= 1))
        return "t outside [0, 1] on a hit";
    return NULL;
}

static int mutate_sphere_sweep_plane(double *in, unsigned long long r) { return swm_mutate(in, r, 1, 1); }

static const char *feature_sphere_sweep_plane(const double *in, const double *ref_out)
{
    (void)ref_out;
    return ref_sphere_sweep_plane_feature(in);
}

const isect_query isect_q_sphere_sweep_plane = {
    .name = "sphere_sweep_plane",
    .summary = "moving sphere against a closed two-sided plane (point, normal): first contact t",
    .format = FMT_F32,
    .nfields = 5,
    .fields = {{"center", 3, UNIT_POS},
               {"velocity", 3, UNIT_POS, true},
               {"radius", 1, UNIT_POS},
               {"point", 3, UNIT_POS},
               {"normal", 3, UNIT_DIR}},
    .noutputs = 2,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}, {"t", 1, OUT_REAL, SCALE_ONE}},
    .ref = ref_sphere_sweep_plane,
    .encl = ref_sphere_sweep_plane_encl,
    .run = run_sphere_sweep_plane,
    .contract = contract_sphere_sweep_plane,
    .mutate = mutate_sphere_sweep_plane,
    .feature = feature_sphere_sweep_plane,
};
