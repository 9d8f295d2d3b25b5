/* oracle/q_sphere_plane.c: the catalog row of sphere_plane. */
#include "query_impl.h"

enum { IN_C = 0, IN_R = 3, IN_P = 4, IN_N = 7 };

static void run_sphere_plane(isect_any_fn fn, const double *in, double *out)
{
    isect_sphere s = {isect_v3_from(in + IN_C), (float)in[IN_R]};
    isect_plane plane = {isect_v3_from(in + IN_P), isect_v3_from(in + IN_N)};
    isect_sphere_plane_result r = {0};
    bool hit = ((isect_sphere_plane_fn *)fn)(s, plane, &r);
    out[0] = r.side;
    /* true iff straddling; false with side 0 is the answer to invalid input */
    isect_run_breach(hit ? (r.side != 0 ? ISECT_BREACH : ISECT_BREACH_HIT_IF_INVALID)
                         : r.side == 0 ? ISECT_BREACH_IF_VALID : 0);
}

static const char *contract_sphere_plane(const double *in, const double *out)
{
    (void)in;
    if (out[0] != -1 && out[0] != 0 && out[0] != 1)
        return "side is not -1, 0 or 1";
    return NULL;
}

/* Boundary edits: the sphere touching the plane along an axis normal or a
 * 3-4-5 normal (exact), the centre in the plane, the radius set to the
 * rounded distance. */
static int mutate_sphere_plane(double *in, unsigned long long r)
{
    double *c = in + IN_C, *p = in + IN_P, *n = in + IN_N;
    int k = (int)((r >> 8) % 3);
    double sg = (r >> 12) & 1 ? 1 : -1, sc = ldexp(1, (int)((r >> 16) % 41) - 20);
    switch (r % 4) {
    case 0: /* axis normal, touching */
        n[0] = n[1] = n[2] = 0;
        n[k] = sg * sc;
        for (int i = 0; i < 3; i++)
            c[i] = p[i] + (i == k ? ((r >> 13) & 1 ? 1 : -1) * in[IN_R] : 0);
        return 1;
    case 1: { /* 3-4-5 normal, r = 5 s, c = p + s (3, 4, 0) rotated */
        double t[3] = {3, 4, 0}, s = ldexp(1, (int)((r >> 24) % 41) - 20);
        for (int i = 0; i < 3; i++) {
            n[i] = sg * sc * t[(i + k) % 3];
            c[i] = p[i] + ((r >> 13) & 1 ? 1 : -1) * s * t[(i + k) % 3];
        }
        in[IN_R] = 5 * s;
        return 1;
    }
    case 2: { /* centre in the plane: p + n x e_k */
        double e[3] = {0, 0, 0};
        e[k] = 1;
        c[0] = p[0] + n[1] * e[2] - n[2] * e[1];
        c[1] = p[1] + n[2] * e[0] - n[0] * e[2];
        c[2] = p[2] + n[0] * e[1] - n[1] * e[0];
        return 1;
    }
    default: { /* radius = |s| / |n|, rounded */
        double s = 0, nn = 0;
        for (int i = 0; i < 3; i++) {
            s += (c[i] - p[i]) * n[i];
            nn += n[i] * n[i];
        }
        double d = fabs(s) / sqrt(nn);
        if (!isfinite(d))
            return 0;
        in[IN_R] = d;
        return 1;
    }
    }
}

const isect_query isect_q_sphere_plane = {
    .name = "sphere_plane",
    .summary = "closed ball against plane: side -1 back, 0 straddling (touching), 1 front (normal side)",
    .format = FMT_F32,
    .nfields = 4,
    .fields = {{"center", 3, UNIT_POS}, {"radius", 1, UNIT_POS}, {"point", 3, UNIT_POS}, {"normal", 3, UNIT_DIR}},
    .noutputs = 1,
    .outputs = {{"side", 1, OUT_ENUM, SCALE_REL}},
    .ref = ref_sphere_plane,
    .encl = ref_sphere_plane_encl,
    .run = run_sphere_plane,
    .contract = contract_sphere_plane,
    .mutate = mutate_sphere_plane,
};
