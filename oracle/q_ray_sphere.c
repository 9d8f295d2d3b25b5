/* oracle/q_ray_sphere.c: the catalog row of ray_sphere. */
#include "query_impl.h"

enum { IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_C = 7, IN_R = 10 };

static void run_ray_sphere(isect_any_fn fn, const double *in, double *out)
{
    isect_ray ray = {isect_v3_from(in + IN_O), isect_v3_from(in + IN_D), (float)in[IN_TMAX]};
    isect_sphere s = {isect_v3_from(in + IN_C), (float)in[IN_R]};
    isect_ray_sphere_result r = {0};
    bool hit = ((isect_ray_sphere_fn *)fn)(ray, s, &r);
    out[0] = hit;
    isect_run_breach(hit != r.hit);
    out[1] = r.t;
}

static const char *contract_ray_sphere(const double *in, const double *out)
{
    if (out[0] && !(out[1] >= 0 && out[1] <= in[IN_TMAX]))
        return "t outside [0, tmax] on a hit";
    return NULL;
}

/* Sphere-specific edits: the origin on the sphere, a tangent ray, the radius
 * set to the origin's distance or to the line's distance from the centre. */
static int mutate_ray_sphere(double *in, unsigned long long r)
{
    int k = (int)((r >> 8) % 3), j = (k + 1 + (int)((r >> 10) & 1)) % 3;
    double *o = in + IN_O, *d = in + IN_D, *c = in + IN_C, rad = fabs(in[IN_R]);
    switch (r % 4) {
    case 0: /* origin on the sphere along an axis */
        for (int i = 0; i < 3; i++)
            o[i] = c[i];
        o[k] = (float)(c[k] + ((r >> 12) & 1 ? rad : -rad));
        return 1;
    case 1: { /* a tangent ray: touches the sphere at c + rad e_k */
        double m = (double)((r >> 16) % 9) - 4;
        for (int i = 0; i < 3; i++) {
            o[i] = c[i];
            d[i] = 0;
        }
        o[k] = (float)(c[k] + rad);
        o[j] = (float)(c[j] - m);
        d[j] = 1;
        return 1;
    }
    case 2: { /* radius = |origin - center| */
        double s = 0;
        for (int i = 0; i < 3; i++)
            s += (o[i] - c[i]) * (o[i] - c[i]);
        in[IN_R] = (float)sqrt(s);
        return 1;
    }
    default: { /* radius = distance from the centre to the line */
        double v[3], dd = 0, vd = 0, s = 0;
        for (int i = 0; i < 3; i++) {
            v[i] = o[i] - c[i];
            dd += d[i] * d[i];
            vd += v[i] * d[i];
        }
        if (dd == 0)
            return 0;
        for (int i = 0; i < 3; i++) {
            double l = v[i] - vd / dd * d[i];
            s += l * l;
        }
        in[IN_R] = (float)sqrt(s);
        return 1;
    }
    }
}

const isect_query isect_q_ray_sphere = {
    .name = "ray_sphere",
    .summary = "ray or segment against a closed ball: first t; origin inside: t = 0",
    .format = FMT_F32,
    .nfields = 5,
    .fields = {{"origin", 3, UNIT_POS},
               {"dir", 3, UNIT_DIR},
               {"tmax", 1, UNIT_PARAM},
               {"center", 3, UNIT_POS},
               {"radius", 1, UNIT_POS}},
    .noutputs = 2,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}, {"t", 1, OUT_REAL, SCALE_REL}},
    .ref = ref_ray_sphere,
    .encl = ref_ray_sphere_encl,
    .run = run_ray_sphere,
    .contract = contract_ray_sphere,
    .mutate = mutate_ray_sphere,
};
