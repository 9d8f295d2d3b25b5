/* oracle/q_capsule_capsule.c: the catalog row of capsule_capsule. */
#include "query_impl.h"

enum { IN_P0 = 0, IN_P1 = 3, IN_R0 = 6, IN_Q0 = 7, IN_Q1 = 10, IN_R1 = 13 };

static void run_capsule_capsule(isect_any_fn fn, const double *in, double *out)
{
    isect_capsule a = {isect_v3_from(in + IN_P0), isect_v3_from(in + IN_P1), (float)in[IN_R0]};
    isect_capsule b = {isect_v3_from(in + IN_Q0), isect_v3_from(in + IN_Q1), (float)in[IN_R1]};
    isect_capsule_capsule_result r = {0};
    out[0] = ((isect_capsule_capsule_fn *)fn)(a, b, &r);
    isect_run_breach((out[0] != 0) != r.hit);
}

/* Boundary edits: parallel segments (q1 - q0 a multiple of p1 - p0),
 * crossing segments offset along their common normal by r0 + r1 (touching
 * when the normal has an integer length), an endpoint of one segment onto
 * the other, a zero-length segment. */
static int mutate_capsule_capsule(double *in, unsigned long long r)
{
    double *p0 = in + IN_P0, *p1 = in + IN_P1, *q0 = in + IN_Q0, *q1 = in + IN_Q1;
    switch (r % 4) {
    case 0: { /* parallel */
        static const double k[] = {1, -1, 0.5, 2, -0.25};
        double f = k[(r >> 8) % 5];
        for (int i = 0; i < 3; i++)
            q1[i] = q0[i] + f * (p1[i] - p0[i]);
        return 1;
    }
    case 1: { /* two axis-parallel segments crossing at distance r0 + r1 along the third axis */
        int a = (int)((r >> 8) % 3), b = (a + 1) % 3, c = (a + 2) % 3;
        double len = ldexp(1, (int)((r >> 12) % 8) - 2), d = in[IN_R0] + in[IN_R1];
        for (int i = 0; i < 3; i++) {
            p1[i] = p0[i];
            q0[i] = q1[i] = p0[i];
        }
        p0[a] -= len;
        p1[a] += len;
        q0[b] -= len;
        q1[b] += len;
        q0[c] = q1[c] = p0[c] + ((r >> 16) & 1 ? d : -d);
        return 1;
    }
    case 2: /* an endpoint of one onto the midpoint of the other */
        for (int i = 0; i < 3; i++)
            q0[i] = 0.5 * (p0[i] + p1[i]);
        return 1;
    default: /* a ball */
        for (int i = 0; i < 3; i++)
            ((r >> 8) & 1 ? p1 : q1)[i] = ((r >> 8) & 1 ? p0 : q0)[i];
        return 1;
    }
}

const isect_query isect_q_capsule_capsule = {
    .name = "capsule_capsule",
    .summary = "two capsules (closed segments swept by balls) overlap (touching counts)",
    .format = FMT_F32,
    .nfields = 6,
    .fields = {{"p0", 3, UNIT_POS}, {"p1", 3, UNIT_POS}, {"r0", 1, UNIT_POS},
               {"q0", 3, UNIT_POS}, {"q1", 3, UNIT_POS}, {"r1", 1, UNIT_POS}},
    .noutputs = 1,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}},
    .ref = ref_capsule_capsule,
    .encl = ref_capsule_capsule_encl,
    .run = run_capsule_capsule,
    .mutate = mutate_capsule_capsule,
};
