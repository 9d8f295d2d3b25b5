/* oracle/q_ray_cylinder.c: the catalog row of ray_cylinder. */
#include "query_impl.h"

enum { IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_P0 = 7, IN_P1 = 10, IN_R = 13 };

static void run_ray_cylinder(isect_any_fn fn, const double *in, double *out)
{
    isect_ray ray = {isect_v3_from(in + IN_O), isect_v3_from(in + IN_D), (float)in[IN_TMAX]};
    isect_cylinder cy = {isect_v3_from(in + IN_P0), isect_v3_from(in + IN_P1), (float)in[IN_R]};
    isect_ray_cylinder_result r = {0};
    bool hit = ((isect_ray_cylinder_fn *)fn)(ray, cy, &r);
    out[0] = hit;
    isect_run_breach(hit != r.hit);
    out[1] = r.t;
}

static const char *contract_ray_cylinder(const double *in, const double *out)
{
    if (out[0] && !(out[1] >= 0 && out[1] <= in[IN_TMAX]))
        return "t outside [0, tmax] on a hit";
    return NULL;
}

/* A unit vector perpendicular to w (double), or 0 if w = 0. */
static void perp(const double *w, int k, double *u)
{
    double e[3] = {0, 0, 0};
    e[k] = 1;
    u[0] = w[1] * e[2] - w[2] * e[1];
    u[1] = w[2] * e[0] - w[0] * e[2];
    u[2] = w[0] * e[1] - w[1] * e[0];
    double n = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    for (int i = 0; i < 3; i++)
        u[i] = n > 0 ? u[i] / n : 0;
}

/* Cylinder-specific edits: dir along the axis, the origin on the rim or
 * on a cap's plane, the radius set to the origin's distance from the axis,
 * an axis-aligned cylinder. */
static int mutate_ray_cylinder(double *in, unsigned long long r)
{
    double w[3], u[3];
    for (int i = 0; i < 3; i++)
        w[i] = in[IN_P1 + i] - in[IN_P0 + i];
    int k = (int)((r >> 8) % 3);
    double rad = fabs(in[IN_R]);
    switch (r % 6) {
    case 0: /* dir parallel (or antiparallel) to the axis */
        for (int i = 0; i < 3; i++)
            in[IN_D + i] = (float)((r >> 12) & 1 ? w[i] : -w[i]);
        return 1;
    case 1: { /* origin on a rim, or on the side at a random height */
        perp(w, k, u);
        static const double h[] = {0, 1, 0.5, 0.25};
        double s = h[(r >> 12) % 4];
        for (int i = 0; i < 3; i++)
            in[IN_O + i] = (float)(in[IN_P0 + i] + s * w[i] + rad * u[i]);
        return 1;
    }
    case 2: { /* origin beyond a cap on the axis line, dir along the axis or oblique */
        double s = (r >> 12) & 1 ? -1 : 2;
        for (int i = 0; i < 3; i++)
            in[IN_O + i] = (float)(in[IN_P0 + i] + s * w[i]);
        return 1;
    }
    case 3: { /* radius = distance from the origin to the axis line */
        double v[3], ww = 0, vw = 0, s = 0;
        for (int i = 0; i < 3; i++) {
            v[i] = in[IN_O + i] - in[IN_P0 + i];
            ww += w[i] * w[i];
            vw += v[i] * w[i];
        }
        if (ww == 0)
            return 0;
        for (int i = 0; i < 3; i++) {
            double l = v[i] - vw / ww * w[i];
            s += l * l;
        }
        in[IN_R] = (float)sqrt(s);
        return 1;
    }
    case 4: /* an axis-aligned cylinder */
        for (int i = 0; i < 3; i++)
            in[IN_P1 + i] = i == k ? in[IN_P1 + i] : in[IN_P0 + i];
        return 1;
    default: /* dir perpendicular to the axis */
        perp(w, k, u);
        for (int i = 0; i < 3; i++)
            in[IN_D + i] = (float)u[i];
        return 1;
    }
}

const isect_query isect_q_ray_cylinder = {
    .name = "ray_cylinder",
    .summary = "ray or segment against a solid capped cylinder (p0, p1, radius): first t; origin inside: t = 0",
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
    .ref = ref_ray_cylinder,
    .encl = ref_ray_cylinder_encl,
    .run = run_ray_cylinder,
    .contract = contract_ray_cylinder,
    .mutate = mutate_ray_cylinder,
};
