/* oracle/q_sphere_sphere.c: the catalog row of sphere_sphere. */
#include "query_impl.h"

enum { IN_C0 = 0, IN_R0 = 3, IN_C1 = 4, IN_R1 = 7 };

static void run_sphere_sphere(isect_any_fn fn, const double *in, double *out)
{
    isect_sphere a = {isect_v3_from(in + IN_C0), (float)in[IN_R0]};
    isect_sphere b = {isect_v3_from(in + IN_C1), (float)in[IN_R1]};
    isect_sphere_sphere_result r = {0};
    out[0] = ((isect_sphere_sphere_fn *)fn)(a, b, &r);
    isect_run_breach((out[0] != 0) != r.hit);
}

/* Boundary edits: spheres that touch exactly (along an axis, or along a
 * Pythagorean direction whose length is an integer), or nearly (r1 set to
 * the gap rounded to binary32). */
static int mutate_sphere_sphere(double *in, unsigned long long r)
{
    static const int trip[][4] = {{3, 4, 0, 5}, {2, 3, 6, 7}, {1, 4, 8, 9}, {4, 4, 7, 9}, {2, 6, 9, 11}};
    double *c0 = in + IN_C0, *c1 = in + IN_C1;
    int k = (int)((r >> 8) % 3);
    switch (r % 3) {
    case 0: { /* touching along axis k */
        double s = (r >> 12) & 1 ? 1 : -1;
        for (int i = 0; i < 3; i++)
            c1[i] = c0[i];
        c1[k] = (float)(c0[k] + s * (in[IN_R0] + in[IN_R1]));
        return 1;
    }
    case 1: { /* touching along an integer-length direction, scaled by 2^e */
        const int *t = trip[(r >> 12) % 5];
        double s = ldexp(1, (int)((r >> 16) % 21) - 10);
        for (int i = 0; i < 3; i++)
            c1[i] = (float)(c0[i] + s * t[(i + k) % 3] * ((r >> (20 + i)) & 1 ? 1 : -1));
        double len = s * t[3];
        in[IN_R0] = (float)(len * (double)((r >> 24) % 9) / 8);
        in[IN_R1] = (float)(len - in[IN_R0]);
        return 1;
    }
    default: { /* r1 = the gap, rounded */
        double d = sqrt((c1[0] - c0[0]) * (c1[0] - c0[0]) + (c1[1] - c0[1]) * (c1[1] - c0[1]) +
                        (c1[2] - c0[2]) * (c1[2] - c0[2]));
        double g = d - in[IN_R0];
        if (!(g >= 0) || !isfinite(g))
            return 0;
        in[IN_R1] = (float)g;
        return 1;
    }
    }
}

const isect_query isect_q_sphere_sphere = {
    .name = "sphere_sphere",
    .summary = "two closed balls overlap (touching counts)",
    .format = FMT_F32,
    .nfields = 4,
    .fields = {{"c0", 3, UNIT_POS}, {"r0", 1, UNIT_POS}, {"c1", 3, UNIT_POS}, {"r1", 1, UNIT_POS}},
    .noutputs = 1,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}},
    .ref = ref_sphere_sphere,
    .encl = ref_sphere_sphere_encl,
    .run = run_sphere_sphere,
    .mutate = mutate_sphere_sphere,
};
