/* oracle/q_ray_plane.c: the catalog row of ray_plane. */
#include "query_impl.h"

enum { IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_P = 7, IN_N = 10 };

static void run_ray_plane(isect_any_fn fn, const double *in, double *out)
{
    isect_ray ray = {isect_v3_from(in + IN_O), isect_v3_from(in + IN_D), (float)in[IN_TMAX]};
    isect_plane plane = {isect_v3_from(in + IN_P), isect_v3_from(in + IN_N)};
    isect_ray_plane_result r = {0};
    bool hit = ((isect_ray_plane_fn *)fn)(ray, plane, &r);
    out[0] = hit;
    isect_run_breach(hit != r.hit);
    out[1] = r.t;
}

static const char *contract_ray_plane(const double *in, const double *out)
{
    if (out[0] && !(out[1] >= 0 && out[1] <= in[IN_TMAX]))
        return "t outside [0, tmax] on a hit";
    return NULL;
}

/* Plane-specific edits: a direction in the plane (cross product with the
 * normal), the origin moved onto the plane along a direction in it, the
 * normal along dir. */
static int mutate_ray_plane(double *in, unsigned long long r)
{
    const double *n = in + IN_N;
    switch (r % 3) {
    case 0: { /* dir in the plane: n x e_k */
        int k = (int)((r >> 8) % 3);
        double e[3] = {0, 0, 0};
        e[k] = 1;
        in[IN_D + 0] = (float)(n[1] * e[2] - n[2] * e[1]);
        in[IN_D + 1] = (float)(n[2] * e[0] - n[0] * e[2]);
        in[IN_D + 2] = (float)(n[0] * e[1] - n[1] * e[0]);
        return 1;
    }
    case 1: { /* origin = point + a small integer multiple of an in-plane vector */
        int k = (int)((r >> 8) % 3), m = (int)((r >> 16) % 7) - 3;
        double e[3] = {0, 0, 0};
        e[k] = 1;
        double c[3] = {n[1] * e[2] - n[2] * e[1], n[2] * e[0] - n[0] * e[2], n[0] * e[1] - n[1] * e[0]};
        for (int i = 0; i < 3; i++)
            in[IN_O + i] = (float)(in[IN_P + i] + m * c[i]);
        return 1;
    }
    default: /* normal along dir */
        for (int i = 0; i < 3; i++)
            in[IN_N + i] = in[IN_D + i];
        return 1;
    }
}

const isect_query isect_q_ray_plane = {
    .name = "ray_plane",
    .summary = "ray or segment against a plane (point, normal): first t; in the plane: t = 0",
    .format = FMT_F32,
    .nfields = 5,
    .fields = {{"origin", 3, UNIT_POS},
               {"dir", 3, UNIT_DIR},
               {"tmax", 1, UNIT_PARAM},
               {"point", 3, UNIT_POS},
               {"normal", 3, UNIT_DIR}},
    .noutputs = 2,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}, {"t", 1, OUT_REAL, SCALE_REL}},
    .ref = ref_ray_plane,
    .encl = ref_ray_plane_encl,
    .run = run_ray_plane,
    .contract = contract_ray_plane,
    .mutate = mutate_ray_plane,
};
