/* tests/test_ray_triangle_metamorphic.c: ray_triangle's metamorphic
 * properties that hold EXACTLY for ref.
 *
 * ref decides exactly and rounds each output once from its exact value, so
 * any transformation that maps the exact answer to an exactly related one
 * must map ref's outputs bit for bit:
 *   - cyclic vertex order (v0,v1,v2) -> (v1,v2,v0): same hit and t; the new
 *     u (weight of v2) equals the old v; applied twice, (v2,v0,v1), the new v
 *     (weight of v1) equals the old u;
 *   - swapping v1 and v2 (reversed winding): same hit and t, u and v swap;
 *   - a permutation of the axes of every point and vector: identical outputs;
 *   - a sign flip of one axis of every point and vector: identical outputs;
 *   - every position scaled by 2^k with dir fixed: the hit point moves to 2^k times itself at t' = 2^k t, so with
 *     tmax scaled by 2^k as well the answer is the same and t scales by 2^k
 *     (exact in binary64 while t' stays normal); u, v unchanged;
 *   - dir scaled by 2^k (tmax by 2^-k): t scales by 2^-k.
 * The seed is fixed; the environment variable ISECT_SEED overrides it, and
 * every failure message prints it.
 */
#include "testlib.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N_IN = 16, N_OUT = 4, IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_V0 = 7, IN_V1 = 10, IN_V2 = 13 };

/* Inputs of varied kinds; returns the kind used. */
static int gen(double *in, int n)
{
    int kind = n % 5;
    switch (kind) {
    case 0: /* random binary32 of moderate range */
        for (int i = 0; i < N_IN; i++)
            in[i] = tl_f32(6);
        in[IN_TMAX] = tl_rnd() % 2 ? INFINITY : fabs(in[IN_TMAX]);
        break;
    case 1: /* random binary32 bit patterns (any exponent) */
        for (int i = 0; i < N_IN; i++)
            in[i] = tl_f32_bits();
        in[IN_TMAX] = tl_rnd() % 2 ? INFINITY : fabs(in[IN_TMAX]);
        break;
    case 2: /* small integers: edge and vertex hits are common */
        for (int i = 0; i < N_IN; i++)
            in[i] = tl_int(-3, 3);
        in[IN_TMAX] = tl_rnd() % 2 ? INFINITY : tl_int(0, 3);
        break;
    default: { /* aimed at a vertex (a == b) or an edge midpoint; dyadic, exact */
        int sc = tl_int(-3, 3); /* a power-of-two scale keeps things dyadic */
        for (int i = IN_V0; i < N_IN; i++)
            in[i] = ldexp(tl_int(-64, 64), sc);
        for (int i = 0; i < 3; i++)
            in[IN_O + i] = ldexp(tl_int(-256, 256), sc);
        int a = tl_int(0, 2), b = kind == 3 ? a : (a + tl_int(1, 2)) % 3;
        for (int i = 0; i < 3; i++) {
            double p = 0.5 * (in[IN_V0 + 3 * a + i] + in[IN_V0 + 3 * b + i]);
            in[IN_D + i] = p - in[IN_O + i]; /* exact: at most ~12 significant bits */
        }
        static const double tm[] = {INFINITY, 1, 0x1.fffffep-1 /* one ulp short */, 2};
        in[IN_TMAX] = tm[tl_rnd() % 4];
        break;
    }
    }
    return kind;
}

static bool is_f32(double x) { return isnan(x) || (double)(float)x == x; }

static void ref(const double *in, int *st, double *out)
{
    *st = ref_ray_triangle(in, out);
}

static bool same(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

#define FAIL_IF(cond, in, ...)                                                                    \
    do {                                                                                          \
        if (cond) {                                                                               \
            char dump_[1024];                                                                     \
            tl_dump(dump_, sizeof dump_, in, N_IN);                                                     \
            cr_assert_fail("ISECT_SEED=%llu: " __VA_ARGS__);                                      \
        }                                                                                         \
    } while (0)

typedef struct {
    int cases, hits, boundary;
} tally;

static void count(tally *t, const double *out)
{
    t->cases++;
    if (out[0]) {
        t->hits++;
        t->boundary += out[2] == 0 || out[3] == 0 || out[2] + out[3] == 1;
    }
}

enum { N_CASES = 4000 };

Test(metamorphic, vertex_order)
{
    tl_init_seed(1001);
    tally ty = {0};
    for (int n = 0; n < N_CASES; n++) {
        double in[N_IN], cyc[N_IN], cyc2[N_IN], sw[N_IN], out[N_OUT], oc[N_OUT], oc2[N_OUT], os[N_OUT];
        int st, stc, stc2, sts;
        gen(in, n);
        memcpy(cyc, in, sizeof in);
        memcpy(cyc2, in, sizeof in);
        memcpy(sw, in, sizeof in);
        for (int i = 0; i < 3; i++) {
            /* (v1, v2, v0) and (v2, v0, v1) */
            cyc[IN_V0 + i] = in[IN_V1 + i], cyc[IN_V1 + i] = in[IN_V2 + i], cyc[IN_V2 + i] = in[IN_V0 + i];
            cyc2[IN_V0 + i] = in[IN_V2 + i], cyc2[IN_V1 + i] = in[IN_V0 + i], cyc2[IN_V2 + i] = in[IN_V1 + i];
            /* (v0, v2, v1) */
            sw[IN_V1 + i] = in[IN_V2 + i], sw[IN_V2 + i] = in[IN_V1 + i];
        }
        ref(in, &st, out);
        ref(cyc, &stc, oc);
        ref(cyc2, &stc2, oc2);
        ref(sw, &sts, os);
        unsigned long long sd = (unsigned long long)tl_seed;
        FAIL_IF(st != REF_OK || stc != st || stc2 != st || sts != st, in, "case %d: status %d/%d/%d/%d\n%s", sd, n,
                st, stc, stc2, sts, dump_);
        FAIL_IF(oc[0] != out[0] || oc2[0] != out[0] || os[0] != out[0], in,
                "case %d: hit %g, cyclic %g, cyclic twice %g, swapped %g\n%s", sd, n, out[0], oc[0], oc2[0], os[0],
                dump_);
        FAIL_IF(!same(oc[1], out[1]) || !same(oc2[1], out[1]) || !same(os[1], out[1]), in,
                "case %d: t %a, cyclic %a, cyclic twice %a, swapped %a\n%s", sd, n, out[1], oc[1], oc2[1], os[1],
                dump_);
        /* (v1,v2,v0): new u is the weight of v2 = old v. */
        FAIL_IF(!same(oc[2], out[3]), in, "case %d: cyclic u %a != old v %a\n%s", sd, n, oc[2], out[3], dump_);
        /* (v2,v0,v1): new v is the weight of v1 = old u. */
        FAIL_IF(!same(oc2[3], out[2]), in, "case %d: cyclic twice v %a != old u %a\n%s", sd, n, oc2[3], out[2], dump_);
        /* cyc's v and cyc2's u are both the weight of v0: equal to each other. */
        FAIL_IF(!same(oc[3], oc2[2]), in, "case %d: two weights of v0 differ: %a %a\n%s", sd, n, oc[3], oc2[2], dump_);
        /* Swap: u and v swap. */
        FAIL_IF(!same(os[2], out[3]) || !same(os[3], out[2]), in, "case %d: swapped u,v %a,%a vs %a,%a\n%s", sd, n,
                os[2], os[3], out[2], out[3], dump_);
        /* The three weights of a hit sum to 1 up to rounding of the two
         * outputs (each within half an ulp of a value <= 1). */
        if (out[0])
            FAIL_IF(fabs(out[2] + out[3] + oc[3] - 1) > 0x1p-51, in, "case %d: weights %a %a %a do not sum to 1\n%s",
                    sd, n, out[2], out[3], oc[3], dump_);
        count(&ty, out);
    }
    cr_assert(ty.hits > N_CASES / 10, "ISECT_SEED=%llu: only %d hits", (unsigned long long)tl_seed, ty.hits);
    cr_assert(ty.boundary > N_CASES / 50, "ISECT_SEED=%llu: only %d boundary hits", (unsigned long long)tl_seed,
              ty.boundary);
}

/* Applies a signed axis permutation to every point and vector of in. */
static void axes(const double *in, double *out, const int perm[3], const int sign[3])
{
    out[IN_TMAX] = in[IN_TMAX];
    static const int vecs[] = {IN_O, IN_D, IN_V0, IN_V1, IN_V2};
    for (int v = 0; v < 5; v++)
        for (int i = 0; i < 3; i++)
            out[vecs[v] + i] = sign[i] * in[vecs[v] + perm[i]];
}

Test(metamorphic, axis_permutations_and_reflections)
{
    tl_init_seed(2002);
    static const int perms[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {1, 0, 2}, {0, 2, 1}, {2, 1, 0}};
    tally ty = {0};
    for (int n = 0; n < N_CASES; n++) {
        double in[N_IN], out[N_OUT];
        int st;
        gen(in, n);
        ref(in, &st, out);
        count(&ty, out);
        for (int p = 0; p < 6; p++)
            for (int s = 0; s < 8; s++) {
                if (p == 0 && s == 0)
                    continue;
                if ((p + s + n) % 4) /* a quarter of the 47 transforms per case keeps it fast */
                    continue;
                int sign[3] = {s & 1 ? -1 : 1, s & 2 ? -1 : 1, s & 4 ? -1 : 1};
                double tin[N_IN], tout[N_OUT];
                int tst;
                axes(in, tin, perms[p], sign);
                ref(tin, &tst, tout);
                unsigned long long sd = (unsigned long long)tl_seed;
                FAIL_IF(tst != st, in, "case %d perm %d sign %d: status %d vs %d\n%s", sd, n, p, s, tst, st, dump_);
                for (int k = 0; k < N_OUT; k++)
                    FAIL_IF(!same(tout[k], out[k]), in, "case %d perm %d signs %d: out[%d] %a vs %a\n%s", sd, n, p, s,
                            k, tout[k], out[k], dump_);
            }
    }
    cr_assert(ty.hits > N_CASES / 10, "ISECT_SEED=%llu: only %d hits", (unsigned long long)tl_seed, ty.hits);
}

/* Scales positions by 2^kp, dir by 2^kd, tmax by 2^(kp - kd); false if a
 * value would not be an exact binary32 (overflow or lost subnormal bits). */
static bool scale(const double *in, double *out, int kp, int kd)
{
    for (int i = 0; i < N_IN; i++) {
        int k = i == IN_TMAX ? kp - kd : (i >= IN_D && i < IN_D + 3) ? kd : kp;
        out[i] = ldexp(in[i], k);
        if (!is_f32(out[i]) || (isinf(out[i]) && !isinf(in[i])))
            return false;
        if (in[i] != 0 && !isinf(in[i]) && ldexp(out[i], -k) != in[i])
            return false;
    }
    return true;
}

static bool normal_or_zero(double x) { return x == 0 || isnormal(x); }

Test(metamorphic, power_of_two_scaling)
{
    tl_init_seed(3003);
    int checked = 0, scaled_hits = 0;
    for (int n = 0; n < N_CASES; n++) {
        double in[N_IN], out[N_OUT];
        int st;
        gen(in, n);
        ref(in, &st, out);
        for (int rep = 0; rep < 3; rep++) {
            int k = tl_int(-40, 40);
            int pos = rep != 1; /* rep 0: positions (and tmax); rep 1: dir (and tmax); rep 2: both */
            int kp = pos ? k : 0, kd = rep == 1 ? k : rep == 2 ? tl_int(-40, 40) : 0;
            double sin_[N_IN], sout[N_OUT];
            int sst;
            if (!scale(in, sin_, kp, kd))
                continue;
            ref(sin_, &sst, sout);
            unsigned long long sd = (unsigned long long)tl_seed;
            checked++;
            FAIL_IF(sst != st, in, "case %d scale 2^%d/2^%d: status %d vs %d\n%s", sd, n, kp, kd, sst, st, dump_);
            FAIL_IF(sout[0] != out[0], in, "case %d: positions 2^%d dir 2^%d: hit %g vs %g\n%s", sd, n, kp, kd,
                    sout[0], out[0], dump_);
            if (!out[0])
                continue;
            FAIL_IF(!same(sout[2], out[2]) || !same(sout[3], out[3]), in,
                    "case %d: positions 2^%d dir 2^%d: u,v %a,%a vs %a,%a\n%s", sd, n, kp, kd, sout[2], sout[3],
                    out[2], out[3], dump_);
            /* t' = 2^(kp - kd) t exactly, when neither side is subnormal or
             * infinite in binary64 (then rounding commutes with scaling). */
            double want = ldexp(out[1], kp - kd);
            if (normal_or_zero(out[1]) && normal_or_zero(want) && isfinite(want)) {
                FAIL_IF(!same(sout[1], want), in, "case %d: positions 2^%d dir 2^%d: t %a, expected %a\n%s", sd, n,
                        kp, kd, sout[1], want, dump_);
                scaled_hits++;
            }
        }
    }
    cr_assert(checked > N_CASES, "ISECT_SEED=%llu: only %d scalings checked", (unsigned long long)tl_seed, checked);
    cr_assert(scaled_hits > N_CASES / 10, "ISECT_SEED=%llu: only %d scaled hits", (unsigned long long)tl_seed,
              scaled_hits);
}

/* A hand-checked instance of each property, independent of the generator:
 * T = (0,0,2), (4,0,2), (0,4,2), ray from (1,2,0) along +z: t = 2,
 * u = 1/4, v = 1/2 (see test_ray_triangle.c for the derivation). */
Test(metamorphic, hand_instance)
{
    double in[N_IN] = {1, 2, 0, 0, 0, 1, INFINITY, 0, 0, 2, 4, 0, 2, 0, 4, 2}, out[N_OUT];
    cr_assert_eq(ref_ray_triangle(in, out), REF_OK);
    cr_assert(out[0] == 1 && out[1] == 2 && out[2] == 0.25 && out[3] == 0.5);
    /* (v1, v2, v0): weight of v2 = 1/2 becomes u, weight of v0 = 1/4 becomes v. */
    double cyc[N_IN] = {1, 2, 0, 0, 0, 1, INFINITY, 4, 0, 2, 0, 4, 2, 0, 0, 2};
    cr_assert_eq(ref_ray_triangle(cyc, out), REF_OK);
    cr_assert(out[0] == 1 && out[1] == 2 && out[2] == 0.5 && out[3] == 0.25);
    /* Positions scaled by 2^3 with dir fixed: t = 16. */
    double sc[N_IN] = {8, 16, 0, 0, 0, 1, INFINITY, 0, 0, 16, 32, 0, 16, 0, 32, 16};
    cr_assert_eq(ref_ray_triangle(sc, out), REF_OK);
    cr_assert(out[0] == 1 && out[1] == 16 && out[2] == 0.25 && out[3] == 0.5);
    /* dir scaled by 2^-3: t = 16. */
    double sd[N_IN] = {1, 2, 0, 0, 0, 0.125, INFINITY, 0, 0, 2, 4, 0, 2, 0, 4, 2};
    cr_assert_eq(ref_ray_triangle(sd, out), REF_OK);
    cr_assert(out[0] == 1 && out[1] == 16 && out[2] == 0.25 && out[3] == 0.5);
}
