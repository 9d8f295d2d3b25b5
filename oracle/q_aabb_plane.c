/* oracle/q_aabb_plane.c: the catalog row of aabb_plane. */
#include "query_impl.h"

enum { IN_MIN = 0, IN_MAX = 3, IN_P = 6, IN_N = 9 };

static void run_aabb_plane(isect_any_fn fn, const double *in, double *out)
{
    isect_aabb b = {isect_v3_from(in + IN_MIN), isect_v3_from(in + IN_MAX)};
    isect_plane plane = {isect_v3_from(in + IN_P), isect_v3_from(in + IN_N)};
    isect_aabb_plane_result r = {0};
    bool hit = ((isect_aabb_plane_fn *)fn)(b, plane, &r);
    out[0] = r.side;
    /* true iff straddling; false with side 0 is the answer to invalid input */
    isect_run_breach(hit ? (r.side != 0 ? ISECT_BREACH : ISECT_BREACH_HIT_IF_INVALID)
                         : r.side == 0 ? ISECT_BREACH_IF_VALID : 0);
}

static const char *contract_aabb_plane(const double *in, const double *out)
{
    (void)in;
    if (out[0] != -1 && out[0] != 0 && out[0] != 1)
        return "side is not -1, 0 or 1";
    return NULL;
}

/* Boundary edits: min and max ordered, then the plane put through the
 * extreme corner of the box along its normal (touching), through the
 * opposite corner, or with an axis normal through a face. */
static int mutate_aabb_plane(double *in, unsigned long long r)
{
    double *lo = in + IN_MIN, *hi = in + IN_MAX, *p = in + IN_P, *n = in + IN_N;
    for (int i = 0; i < 3; i++)
        if (lo[i] > hi[i]) {
            double t = lo[i];
            lo[i] = hi[i];
            hi[i] = t;
        }
    switch (r % 4) {
    case 0: /* through the corner where (x - p).n is least: front side touching */
        for (int i = 0; i < 3; i++)
            p[i] = n[i] >= 0 ? lo[i] : hi[i];
        return 1;
    case 1: /* the corner where it is greatest: back side touching */
        for (int i = 0; i < 3; i++)
            p[i] = n[i] >= 0 ? hi[i] : lo[i];
        return 1;
    case 2: { /* axis normal through a face */
        int k = (int)((r >> 8) % 3);
        n[0] = n[1] = n[2] = 0;
        n[k] = (r >> 12) & 1 ? 1 : -1;
        p[k] = (r >> 13) & 1 ? lo[k] : hi[k];
        return 1;
    }
    default:
        return 1;
    }
}

const isect_query isect_q_aabb_plane = {
    .name = "aabb_plane",
    .summary = "closed axis-aligned box against plane: side -1 back, 0 straddling (touching), 1 front",
    .format = FMT_F32,
    .nfields = 4,
    .fields = {{"min", 3, UNIT_POS}, {"max", 3, UNIT_POS}, {"point", 3, UNIT_POS}, {"normal", 3, UNIT_DIR}},
    .noutputs = 1,
    .outputs = {{"side", 1, OUT_ENUM, SCALE_REL}},
    .ref = ref_aabb_plane,
    .encl = ref_aabb_plane_encl,
    .run = run_aabb_plane,
    .contract = contract_aabb_plane,
    .mutate = mutate_aabb_plane,
};
