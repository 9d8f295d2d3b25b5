/* oracle/q_ray_triangle.c: the catalog row of ray_triangle. */
#include "query_impl.h"

static void run_ray_triangle(isect_any_fn fn, const double *in, double *out)
{
    isect_ray ray = {isect_v3_from(in + 0), isect_v3_from(in + 3), (float)in[6]};
    isect_triangle tri = {isect_v3_from(in + 7), isect_v3_from(in + 10), isect_v3_from(in + 13)};
    isect_ray_triangle_result r = {0};
    bool hit = ((isect_ray_triangle_fn *)fn)(ray, tri, &r);
    out[0] = hit;
    isect_run_breach(hit != r.hit);
    out[1] = r.t;
    out[2] = r.u;
    out[3] = r.v;
}

static const char *contract_ray_triangle(const double *in, const double *out)
{
    if (out[0] && (out[1] < 0 || out[1] > in[6]))
        return "t outside [0, tmax] on a hit";
    return NULL;
}

const isect_query isect_q_ray_triangle = {
    .name = "ray_triangle",
    .summary = "ray or segment against a closed two-sided triangle: first t, barycentrics",
    .format = FMT_F32,
    .nfields = 6,
    .fields = {{"origin", 3, UNIT_POS},
               {"dir", 3, UNIT_DIR},
               {"tmax", 1, UNIT_PARAM},
               {"v0", 3, UNIT_POS},
               {"v1", 3, UNIT_POS},
               {"v2", 3, UNIT_POS}},
    .noutputs = 4,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL},
                {"t", 1, OUT_REAL, SCALE_REL},
                {"u", 1, OUT_REAL, SCALE_ONE},
                {"v", 1, OUT_REAL, SCALE_ONE}},
    .ref = ref_ray_triangle,
    .encl = ref_ray_triangle_encl,
    .run = run_ray_triangle,
    .contract = contract_ray_triangle,
};

