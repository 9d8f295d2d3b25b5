/* oracle/q_aabb_sweep_aabb.c: the catalog row of aabb_sweep_aabb. */
#include "query_impl.h"

enum { IN_MIN0 = 0, IN_MAX0 = 3, IN_V0 = 6, IN_MIN1 = 9, IN_MAX1 = 12, IN_V1 = 15, N_IN = 18 };

static isect_moving_aabb moving_box(const double *in)
{
    return (isect_moving_aabb){{isect_v3_from(in), isect_v3_from(in + 3)}, isect_v3_from(in + 6)};
}

static void run_aabb_sweep_aabb(isect_any_fn fn, const double *in, double *out)
{
    isect_aabb_sweep_aabb_result r = {0};
    bool hit = ((isect_aabb_sweep_aabb_fn *)fn)(moving_box(in), moving_box(in + IN_MIN1), &r);
    out[0] = hit;
    isect_run_breach(hit != r.hit);
    out[1] = r.t;
}

static const char *contract_aabb_sweep_aabb(const double *in, const double *out)
{
    (void)in;
    if (out[0] && !(out[1] >= 0 && out[1] <= 1))
        return "t outside [0, 1] on a hit";
    return NULL;
}

static const char *feature_aabb_sweep_aabb(const double *in, const double *ref_out)
{
    (void)ref_out;
    return ref_aabb_sweep_aabb_feature(in);
}

/* Boundary edits on axis k: faces or equal coordinates at the start
 * (touching at t = 0, aligned faces sliding along each other); a face of
 * box 0 driven onto a face of box 1 at t = 1 or t = 1/2 (box 1 still on
 * that axis: exact when the difference of the bounds is); zero relative
 * velocity on the axis, or both boxes static; a bound or a velocity nudged
 * by one ulp; a flat box; min and max put in order (the generic edits
 * often invert them). */
static int mutate_aabb_sweep_aabb(double *in, unsigned long long r)
{
    int k = (int)((r >> 8) % 3), side = (int)((r >> 12) & 1);
    /* the facing bounds: max0 against min1, or min0 against max1 */
    int b0 = (side ? IN_MIN0 : IN_MAX0) + k, b1 = (side ? IN_MAX1 : IN_MIN1) + k;
    switch (r % 8) {
    case 0: /* touching at t = 0 */
        in[b1] = in[b0];
        break;
    case 1: { /* equal coordinates: min0 = min1 or max0 = max1 */
        int m = (side ? IN_MAX0 : IN_MIN0) + k;
        in[m + IN_MIN1] = in[m];
        break;
    }
    case 2: /* contact at t = 1 (or 1/2): v0 = (b1 - b0) / s, v1 = 0 */
    case 3:
        in[IN_V1 + k] = 0;
        in[IN_V0 + k] = (float)((float)(in[b1] - in[b0]) * (r % 8 == 2 ? 1 : 2));
        break;
    case 4: /* zero relative velocity on one axis, or on all */
        for (int i = 0; i < 3; i++)
            if (i == k || (r >> 16) % 4 == 0)
                in[IN_V1 + i] = in[IN_V0 + i];
        break;
    case 5: { /* nudge one bound or velocity by one ulp */
        int at = (int)((r >> 16) % 6) * 3 + k;
        in[at] = nextafterf((float)in[at], (r >> 20) & 1 ? INFINITY : -INFINITY);
        break;
    }
    case 6: { /* flat box */
        int b = side * IN_MIN1;
        in[b + 3 + k] = in[b + k];
        break;
    }
    default: /* order min and max on every axis */
        for (int b = 0; b < N_IN; b += IN_MIN1)
            isect_box_order(in, b);
        break;
    }
    return 1;
}

const isect_query isect_q_aabb_sweep_aabb = {
    .name = "aabb_sweep_aabb",
    .summary = "two moving axis-aligned boxes: first contact t in [0, 1]",
    .format = FMT_F32,
    .nfields = 6,
    .fields = {{"min0", 3, UNIT_POS},
               {"max0", 3, UNIT_POS},
               {"velocity0", 3, UNIT_POS, true},
               {"min1", 3, UNIT_POS},
               {"max1", 3, UNIT_POS},
               {"velocity1", 3, UNIT_POS, true}},
    .noutputs = 2,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}, {"t", 1, OUT_REAL, SCALE_ONE}},
    .ref = ref_aabb_sweep_aabb,
    .encl = ref_aabb_sweep_aabb_encl,
    .run = run_aabb_sweep_aabb,
    .contract = contract_aabb_sweep_aabb,
    .mutate = mutate_aabb_sweep_aabb,
    .feature = feature_aabb_sweep_aabb,
};
