/* oracle/q_sphere_aabb.c: the catalog row of sphere_aabb. */
#include "query_impl.h"

enum { IN_C = 0, IN_R = 3, IN_MIN = 4, IN_MAX = 7 };

static void run_sphere_aabb(isect_any_fn fn, const double *in, double *out)
{
    isect_sphere s = {isect_v3_from(in + IN_C), (float)in[IN_R]};
    isect_aabb b = {isect_v3_from(in + IN_MIN), isect_v3_from(in + IN_MAX)};
    isect_sphere_aabb_result r = {0};
    out[0] = ((isect_sphere_aabb_fn *)fn)(s, b, &r);
    isect_run_breach((out[0] != 0) != r.hit);
}

/* Boundary edits: the sphere touching a face (centre at distance r along an
 * axis, inside the face's extent), an edge or a corner along an
 * integer-length direction (3-4-5, 2-3-6-7), or min and max put in order. */
static int mutate_sphere_aabb(double *in, unsigned long long r)
{
    static const int trip[][4] = {{3, 4, 0, 5}, {2, 3, 6, 7}, {1, 4, 8, 9}, {0, 0, 1, 1}};
    double *c = in + IN_C, *lo = in + IN_MIN, *hi = in + IN_MAX;
    for (int i = 0; i < 3; i++)
        if (lo[i] > hi[i]) {
            double t = lo[i];
            lo[i] = hi[i];
            hi[i] = t;
        }
    if (r % 4 == 3)
        return 1; /* just ordered */
    const int *t = trip[r % 4];
    int rot = (int)((r >> 8) % 3);
    double rad = in[IN_R] > 0 ? in[IN_R] : 1;
    double s = rad / t[3];
    for (int i = 0; i < 3; i++) {
        int w = t[(i + rot) % 3];
        if (w == 0) { /* inside the box's extent on this axis */
            c[i] = (lo[i] + hi[i]) / 2;
            continue;
        }
        if ((r >> (12 + i)) & 1)
            c[i] = (float)(hi[i] + s * w);
        else
            c[i] = (float)(lo[i] - s * w);
    }
    in[IN_R] = (float)(s * t[3]);
    return 1;
}

const isect_query isect_q_sphere_aabb = {
    .name = "sphere_aabb",
    .summary = "closed ball against closed axis-aligned box overlap (touching counts)",
    .format = FMT_F32,
    .nfields = 4,
    .fields = {{"center", 3, UNIT_POS}, {"radius", 1, UNIT_POS}, {"min", 3, UNIT_POS}, {"max", 3, UNIT_POS}},
    .noutputs = 1,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}},
    .ref = ref_sphere_aabb,
    .encl = ref_sphere_aabb_encl,
    .run = run_sphere_aabb,
    .mutate = mutate_sphere_aabb,
};
