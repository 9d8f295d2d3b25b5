/* oracle/q_sphere_obb.c: the catalog row of sphere_obb.
 *
 * Fields: the sphere (center, radius), then the box as in ray_obb, its
 * centre named box_center. */
#include "query_impl.h"

enum { IN_P = 0, IN_R = 3, IN_C = 4, IN_A = 7, IN_H = 16 };

static void run_sphere_obb(isect_any_fn fn, const double *in, double *out)
{
    isect_sphere s = {isect_v3_from(in + IN_P), (float)in[IN_R]};
    isect_obb o;
    o.center = isect_v3_from(in + IN_C);
    for (int k = 0; k < 3; k++)
        o.axis[k] = isect_v3_from(in + IN_A + 3 * k);
    o.half = isect_v3_from(in + IN_H);
    isect_sphere_obb_result r = {0};
    out[0] = ((isect_sphere_obb_fn *)fn)(s, o, &r);
    isect_run_breach((out[0] != 0) != r.hit);
}

/* Boundary edits: the centre at a face, edge or corner of the box pushed
 * out along an axis by the radius (touching when the axes are orthogonal),
 * the centre at the box's centre, orthonormal axes, positive half extents. */
static int mutate_sphere_obb(double *in, unsigned long long r)
{
    double *p = in + IN_P, *c = in + IN_C, *a = in + IN_A, *h = in + IN_H;
    switch (r % 4) {
    case 0: { /* p = c + sum s_i h_i a_i with s in {-1, 0, 1}, then along axis k by r/|a_k| */
        int k = (int)((r >> 8) % 3);
        double len = sqrt(a[3 * k] * a[3 * k] + a[3 * k + 1] * a[3 * k + 1] + a[3 * k + 2] * a[3 * k + 2]);
        for (int i = 0; i < 3; i++) {
            double v = c[i];
            for (int j = 0; j < 3; j++) {
                int sj = (int)((r >> (12 + 2 * j)) % 3) - 1;
                if (j == k)
                    sj = (r >> 20) & 1 ? 1 : -1;
                v += sj * h[j] * a[3 * j + i];
            }
            if (len > 0)
                v += ((r >> 20) & 1 ? 1 : -1) * in[IN_R] * a[3 * k + i] / len;
            p[i] = v;
        }
        return 1;
    }
    case 1: /* axis-aligned, unit axes */
        for (int i = 0; i < 9; i++)
            a[i] = i % 4 == 0;
        return 1;
    case 2:
        for (int i = 0; i < 3; i++)
            h[i] = fabs(h[i]);
        return 1;
    default:
        for (int i = 0; i < 3; i++)
            p[i] = c[i];
        return 1;
    }
}

const isect_query isect_q_sphere_obb = {
    .name = "sphere_obb",
    .summary = "closed ball against oriented box (parallelepiped, axes as given) overlap (touching counts)",
    .format = FMT_F32,
    .nfields = 7,
    .fields = {{"center", 3, UNIT_POS},
               {"radius", 1, UNIT_POS},
               {"box_center", 3, UNIT_POS},
               {"axis0", 3, UNIT_DIR},
               {"axis1", 3, UNIT_DIR},
               {"axis2", 3, UNIT_DIR},
               {"half", 3, UNIT_POS, true}},
    .noutputs = 1,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}},
    .ref = ref_sphere_obb,
    .encl = ref_sphere_obb_encl,
    .run = run_sphere_obb,
    .mutate = mutate_sphere_obb,
};
