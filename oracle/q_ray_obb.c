/* oracle/q_ray_obb.c: the catalog row of ray_obb. */
#include "query_impl.h"

enum { IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_C = 7, IN_A0 = 10, IN_A1 = 13, IN_A2 = 16, IN_H = 19 };

static void run_ray_obb(isect_any_fn fn, const double *in, double *out)
{
    isect_ray ray = {isect_v3_from(in + IN_O), isect_v3_from(in + IN_D), (float)in[IN_TMAX]};
    isect_obb box = {isect_v3_from(in + IN_C),
                     {isect_v3_from(in + IN_A0), isect_v3_from(in + IN_A1), isect_v3_from(in + IN_A2)},
                     isect_v3_from(in + IN_H)};
    isect_ray_obb_result r = {0};
    bool hit = ((isect_ray_obb_fn *)fn)(ray, box, &r);
    out[0] = hit;
    isect_run_breach(hit != r.hit);
    out[1] = r.t;
}

static const char *contract_ray_obb(const double *in, const double *out)
{
    if (out[0] && !(out[1] >= 0 && out[1] <= in[IN_TMAX]))
        return "t outside [0, tmax] on a hit";
    return NULL;
}

/* OBB-specific edits: a float-rotated orthonormal frame (cos, sin of a
 * random angle about a coordinate axis, rounded: never exactly orthonormal),
 * the origin on a face or a corner, dir along an axis, half extents
 * non-negative. */
static int mutate_ray_obb(double *in, unsigned long long r)
{
    int k = (int)((r >> 8) % 3);
    switch (r % 4) {
    case 0: {
        double th = (double)((r >> 16) % 6284) * 1e-3, c = cos(th), s = sin(th);
        double *ax[3] = {in + IN_A0, in + IN_A1, in + IN_A2};
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                ax[i][j] = i == j ? 1 : 0;
        int p = (k + 1) % 3, q = (k + 2) % 3;
        ax[p][p] = (float)c;
        ax[p][q] = (float)s;
        ax[q][p] = (float)-s;
        ax[q][q] = (float)c;
        return 1;
    }
    case 1: { /* origin on a corner or a face centre */
        const double *ax[3] = {in + IN_A0, in + IN_A1, in + IN_A2};
        for (int j = 0; j < 3; j++) {
            double x = in[IN_C + j];
            for (int i = 0; i < 3; i++) {
                int sgn = (int)((r >> (12 + 2 * i)) % 3) - 1; /* -1, 0, 1 */
                x += sgn * fabs(in[IN_H + i]) * ax[i][j];
            }
            in[IN_O + j] = (float)x;
        }
        return 1;
    }
    case 2: /* dir along an axis */
        for (int j = 0; j < 3; j++)
            in[IN_D + j] = in[IN_A0 + 3 * k + j] * ((r >> 12) & 1 ? 1 : -1);
        return 1;
    default:
        for (int i = 0; i < 3; i++)
            in[IN_H + i] = fabs(in[IN_H + i]);
        return 1;
    }
}

const isect_query isect_q_ray_obb = {
    .name = "ray_obb",
    .summary = "ray or segment against an oriented box (parallelepiped center + sum s_i axis_i, |s_i| <= half_i)",
    .format = FMT_F32,
    .nfields = 8,
    .fields = {{"origin", 3, UNIT_POS},
               {"dir", 3, UNIT_DIR},
               {"tmax", 1, UNIT_PARAM},
               {"center", 3, UNIT_POS},
               {"axis0", 3, UNIT_DIR},
               {"axis1", 3, UNIT_DIR},
               {"axis2", 3, UNIT_DIR},
               {"half", 3, UNIT_POS, true}},
    .noutputs = 2,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}, {"t", 1, OUT_REAL, SCALE_REL}},
    .ref = ref_ray_obb,
    .encl = ref_ray_obb_encl,
    .run = run_ray_obb,
    .contract = contract_ray_obb,
    .mutate = mutate_ray_obb,
};
