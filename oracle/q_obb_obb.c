/* oracle/q_obb_obb.c: the catalog row of obb_obb.
 *
 * Fields: box 0 then box 1, each center[3] axis0[3] axis1[3] axis2[3]
 * half[3] (as ray_obb): axisBK is axis K of box B. */
#include "query_impl.h"

#include <string.h>

enum { BOX = 15, IN_C = 0, IN_A = 3, IN_H = 12 };

static isect_obb obb_from(const double *in)
{
    isect_obb o;
    o.center = isect_v3_from(in + IN_C);
    for (int k = 0; k < 3; k++)
        o.axis[k] = isect_v3_from(in + IN_A + 3 * k);
    o.half = isect_v3_from(in + IN_H);
    return o;
}

static void run_obb_obb(isect_any_fn fn, const double *in, double *out)
{
    isect_obb_obb_result r = {0};
    out[0] = ((isect_obb_obb_fn *)fn)(obb_from(in), obb_from(in + BOX), &r);
    isect_run_breach((out[0] != 0) != r.hit);
}

/* A rotation matrix (rows = axes) from a quaternion given by 4 small
 * integers; rounded to binary32 by the mutator. */
static void rotation(double R[3][3], unsigned long long r)
{
    double q[4];
    for (int i = 0; i < 4; i++)
        q[i] = (double)((r >> (8 * i)) & 0xff) - 127.5;
    double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int i = 0; i < 4; i++)
        q[i] /= n;
    double w = q[0], x = q[1], y = q[2], z = q[3];
    double M[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                      {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                      {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
    memcpy(R, M, sizeof M);
}

/* Edits for boxes: orthonormal frames (rotations rounded to binary32), box
 * 1's frame made from box 0's by a rotation about one of its axes (one pair
 * of edges nearly or exactly parallel: where the classic test needs its
 * epsilon), by a permutation with signs (edges exactly parallel), positive
 * half extents, and centres at contact or in deep overlap. */
static int mutate_obb_obb(double *in, unsigned long long r)
{
    double *a0 = in + IN_A, *a1 = in + BOX + IN_A;
    switch (r % 6) {
    case 0: { /* box b gets a rotation frame */
        double R[3][3];
        rotation(R, r >> 8);
        double *ax = (r >> 4) & 1 ? a1 : a0;
        for (int k = 0; k < 3; k++)
            for (int i = 0; i < 3; i++)
                ax[3 * k + i] = R[k][i];
        return 1;
    }
    case 1: { /* box 1 = box 0 rotated about its axis k by a small or random angle */
        int k = (int)((r >> 8) % 3);
        double th = (r >> 12) & 1 ? ldexp(1, -(int)((r >> 13) % 24)) : (double)((r >> 13) % 6283) / 1000;
        const double *u = a0 + 3 * k;
        double n = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
        if (!(n > 0) || !isfinite(n))
            return 0;
        double e[3] = {u[0] / n, u[1] / n, u[2] / n}, c = cos(th), s = sin(th);
        for (int j = 0; j < 3; j++) { /* Rodrigues: v c + (e x v) s + e (e.v)(1 - c) */
            const double *v = a0 + 3 * j;
            double ev = e[0] * v[0] + e[1] * v[1] + e[2] * v[2];
            double x[3] = {e[1] * v[2] - e[2] * v[1], e[2] * v[0] - e[0] * v[2], e[0] * v[1] - e[1] * v[0]};
            for (int i = 0; i < 3; i++)
                a1[3 * j + i] = v[i] * c + x[i] * s + e[i] * ev * (1 - c);
        }
        return 1;
    }
    case 2: { /* box 1's axes: box 0's permuted, with signs */
        static const int perm[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
        const int *p = perm[(r >> 8) % 6];
        for (int j = 0; j < 3; j++)
            for (int i = 0; i < 3; i++)
                a1[3 * j + i] = a0[3 * p[j] + i] * ((r >> (12 + j)) & 1 ? -1 : 1);
        return 1;
    }
    case 3: /* positive half extents */
        for (int b = 0; b < 2; b++)
            for (int i = 0; i < 3; i++)
                in[b * BOX + IN_H + i] = fabs(in[b * BOX + IN_H + i]);
        return 1;
    case 4: { /* centre 1 at contact along axis k of box 0 (touching when aligned, unit axes) */
        int k = (int)((r >> 8) % 3);
        double f = in[IN_H + k] + in[BOX + IN_H + (int)((r >> 10) % 3)];
        double sg = (r >> 12) & 1 ? 1 : -1;
        for (int i = 0; i < 3; i++)
            in[BOX + IN_C + i] = in[IN_C + i] + sg * f * a0[3 * k + i];
        return 1;
    }
    default: { /* deep overlap: centre 1 near centre 0 */
        double f = ldexp(1, -(int)((r >> 8) % 8));
        for (int i = 0; i < 3; i++)
            in[BOX + IN_C + i] = in[IN_C + i] + f * (in[BOX + IN_C + i] - in[IN_C + i]);
        return 1;
    }
    }
}

const isect_query isect_q_obb_obb = {
    .name = "obb_obb",
    .summary = "two oriented boxes (parallelepipeds, axes as given) overlap (touching counts)",
    .format = FMT_F32,
    .nfields = 10,
    .fields = {{"center0", 3, UNIT_POS},
               {"axis00", 3, UNIT_DIR},
               {"axis01", 3, UNIT_DIR},
               {"axis02", 3, UNIT_DIR},
               {"half0", 3, UNIT_POS, true},
               {"center1", 3, UNIT_POS},
               {"axis10", 3, UNIT_DIR},
               {"axis11", 3, UNIT_DIR},
               {"axis12", 3, UNIT_DIR},
               {"half1", 3, UNIT_POS, true}},
    .noutputs = 1,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}},
    .ref = ref_obb_obb,
    .encl = ref_obb_obb_encl,
    .run = run_obb_obb,
    .mutate = mutate_obb_obb,
};
