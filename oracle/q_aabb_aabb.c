/* oracle/q_aabb_aabb.c: the catalog row of aabb_aabb. */
#include "query_impl.h"

enum { IN_MIN0 = 0, IN_MAX0 = 3, IN_MIN1 = 6, IN_MAX1 = 9 };

static void run_aabb_aabb(isect_any_fn fn, const double *in, double *out)
{
    isect_aabb a = {isect_v3_from(in + IN_MIN0), isect_v3_from(in + IN_MAX0)};
    isect_aabb b = {isect_v3_from(in + IN_MIN1), isect_v3_from(in + IN_MAX1)};
    isect_aabb_aabb_result r = {0};
    out[0] = ((isect_aabb_aabb_fn *)fn)(a, b, &r);
    isect_run_breach((out[0] != 0) != r.hit);
}

/* Boundary edits: a face of one box onto a face of the other (touching),
 * then optionally one ulp either way; a box made flat on an axis; min and
 * max put in order on an axis (the generic edits often invert them). */
static int mutate_aabb_aabb(double *in, unsigned long long r)
{
    int k = (int)((r >> 8) % 3);
    switch (r % 4) {
    case 0: /* max0 onto min1 or max1 onto min0 */
        if ((r >> 12) & 1)
            in[IN_MIN1 + k] = in[IN_MAX0 + k];
        else
            in[IN_MAX1 + k] = in[IN_MIN0 + k];
        break;
    case 1: { /* nudge one bound by one ulp */
        int at = (int)((r >> 12) % 4) * 3 + k;
        in[at] = nextafterf((float)in[at], (r >> 16) & 1 ? INFINITY : -INFINITY);
        break;
    }
    case 2: { /* flat box */
        int b = (int)((r >> 12) & 1) * 6;
        in[b + 3 + k] = in[b + k];
        break;
    }
    default: /* order min and max on every axis */
        for (int b = 0; b < 12; b += 6)
            isect_box_order(in, b);
        break;
    }
    return 1;
}

const isect_query isect_q_aabb_aabb = {
    .name = "aabb_aabb",
    .summary = "two closed axis-aligned boxes overlap (touching counts)",
    .format = FMT_F32,
    .nfields = 4,
    .fields = {{"min0", 3, UNIT_POS}, {"max0", 3, UNIT_POS}, {"min1", 3, UNIT_POS}, {"max1", 3, UNIT_POS}},
    .noutputs = 1,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}},
    .ref = ref_aabb_aabb,
    .encl = ref_aabb_aabb_encl,
    .run = run_aabb_aabb,
    .mutate = mutate_aabb_aabb,
};
