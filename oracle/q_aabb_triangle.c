/* oracle/q_aabb_triangle.c: the catalog row of aabb_triangle. */
#include "query_impl.h"

enum { IN_MIN = 0, IN_MAX = 3, IN_V0 = 6, IN_V1 = 9, IN_V2 = 12 };

static void run_aabb_triangle(isect_any_fn fn, const double *in, double *out)
{
    isect_aabb b = {isect_v3_from(in + IN_MIN), isect_v3_from(in + IN_MAX)};
    isect_triangle t = {isect_v3_from(in + IN_V0), isect_v3_from(in + IN_V1), isect_v3_from(in + IN_V2)};
    isect_aabb_triangle_result r = {0};
    out[0] = ((isect_aabb_triangle_fn *)fn)(b, t, &r);
    isect_run_breach((out[0] != 0) != r.hit);
}

/* Boundary edits: min and max ordered; a vertex onto a corner, an edge's
 * midpoint or a face of the box; the triangle flat in a face's plane; a
 * degenerate triangle. */
static int mutate_aabb_triangle(double *in, unsigned long long r)
{
    double *lo = in + IN_MIN, *hi = in + IN_MAX, *v = in + IN_V0 + 3 * (int)((r >> 4) % 3);
    for (int i = 0; i < 3; i++)
        if (lo[i] > hi[i]) {
            double t = lo[i];
            lo[i] = hi[i];
            hi[i] = t;
        }
    switch (r % 4) {
    case 0: /* vertex onto a corner */
        for (int i = 0; i < 3; i++)
            v[i] = (r >> (8 + i)) & 1 ? hi[i] : lo[i];
        return 1;
    case 1: { /* vertex onto a face (its centre in the other two axes) */
        int k = (int)((r >> 8) % 3);
        for (int i = 0; i < 3; i++)
            v[i] = i == k ? ((r >> 12) & 1 ? hi[i] : lo[i]) : 0.5 * (lo[i] + hi[i]);
        return 1;
    }
    case 2: { /* the triangle in the plane of a face */
        int k = (int)((r >> 8) % 3);
        double z = (r >> 12) & 1 ? hi[k] : lo[k];
        for (int j = 0; j < 3; j++)
            in[IN_V0 + 3 * j + k] = z;
        return 1;
    }
    default: /* degenerate: v2 on the line v0 v1 */
        for (int i = 0; i < 3; i++)
            in[IN_V2 + i] = in[IN_V0 + i] + 0.5 * (in[IN_V1 + i] - in[IN_V0 + i]);
        return 1;
    }
}

const isect_query isect_q_aabb_triangle = {
    .name = "aabb_triangle",
    .summary = "closed axis-aligned box against closed triangle overlap (touching counts; degenerate: the hull)",
    .format = FMT_F32,
    .nfields = 5,
    .fields = {{"min", 3, UNIT_POS}, {"max", 3, UNIT_POS}, {"v0", 3, UNIT_POS}, {"v1", 3, UNIT_POS}, {"v2", 3, UNIT_POS}},
    .noutputs = 1,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}},
    .ref = ref_aabb_triangle,
    .encl = ref_aabb_triangle_encl,
    .run = run_aabb_triangle,
    .mutate = mutate_aabb_triangle,
};
