/* oracle/q_sphere_sweep_triangle.c: the catalog row of sphere_sweep_triangle. */
#include "query_impl.h"

#include "q_sphere_sweep_mutate.h"

static isect_moving_sphere ball(const double *in)
{
    return (isect_moving_sphere){isect_v3_from(in + 0), isect_v3_from(in + 3), (float)in[6]};
}

static void run_sphere_sweep_triangle(isect_any_fn fn, const double *in, double *out)
{
    isect_triangle tri = {isect_v3_from(in + 7), isect_v3_from(in + 10), isect_v3_from(in + 13)};
    isect_sphere_sweep_triangle_result r = {0};
    bool hit = ((isect_sphere_sweep_triangle_fn *)fn)(ball(in), tri, &r);
    out[0] = hit;
    isect_run_breach(hit != r.hit);
    out[1] = r.t;
    isect_v3_to(out + 2, r.point);
}

static const char *contract_sphere_sweep_triangle(const double *in, const double *out)
{
    (void)in;
    if (out[0] && !(out[1] >= 0 && out[1] <= 1))
        return "t outside [0, 1] on a hit";
    return NULL;
}

static int mutate_sphere_sweep_triangle(double *in, unsigned long long r) { return swm_mutate(in, r, 3, 0); }

static const char *feature_sphere_sweep_triangle(const double *in, const double *ref_out)
{
    (void)ref_out;
    return ref_sphere_sweep_triangle_feature(in);
}

const isect_query isect_q_sphere_sweep_triangle = {
    .name = "sphere_sweep_triangle",
    .summary = "moving sphere against a closed two-sided triangle: first contact t, contact point",
    .format = FMT_F32,
    .nfields = 6,
    .fields = {{"center", 3, UNIT_POS},
               {"velocity", 3, UNIT_POS, true},
               {"radius", 1, UNIT_POS},
               {"v0", 3, UNIT_POS},
               {"v1", 3, UNIT_POS},
               {"v2", 3, UNIT_POS}},
    .noutputs = 3,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL},
                {"t", 1, OUT_REAL, SCALE_ONE},
                {"point", 3, OUT_REAL, SCALE_POS}},
    .ref = ref_sphere_sweep_triangle,
    .encl = ref_sphere_sweep_triangle_encl,
    .run = run_sphere_sweep_triangle,
    .contract = contract_sphere_sweep_triangle,
    .mutate = mutate_sphere_sweep_triangle,
    .feature = feature_sphere_sweep_triangle,
};
