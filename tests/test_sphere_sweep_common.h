/* tests/test_sphere_sweep_common.h: helpers shared by the sweep tests
 * (tests/test_sphere_sweep_{point,segment,triangle,plane}.c).
 *
 * Every sweep has inputs center[3] velocity[3] radius followed by its set
 * (a point, two segment ends, three vertices, or a plane point and normal)
 * and outputs hit t [point[3]].  The helpers:
 *   - sw_expect_hit / sw_expect_miss / sw_expect_invalid: ref on one flat
 *     input against a hand-derived answer (bit-exact);
 *   - a fixed-seed PRNG (ISECT_SEED overrides it; failures print it) and a
 *     generator of inputs that reach every feature: small integers, paths
 *     aimed at a point of the set with an offset of about r, exact tangent
 *     grazes, random binary32 values of moderate and of any magnitude;
 *   - sw_check_distance: an independent check of ref in long double: the
 *     distance from the centre to the set is convex along the path, so a
 *     ternary search finds its minimum; ref's hit must agree with it, ref's
 *     t must put the sphere at distance r (or overlapping at t = 0), ref's
 *     point must be the closest point of the set to the centre at t;
 *   - sw_encl_sound: ref at points (corners and random) of small random
 *     boxes lies within the enclosure of the box;
 *   - sw_filter_agrees: ref with and without its filter, identical bits;
 *   - sw_judge: the judge of the catalog on crafted answers.
 */
#ifndef ISECT_TESTS_SPHERE_SWEEP_COMMON_H
#define ISECT_TESTS_SPHERE_SWEEP_COMMON_H

#include <criterion/criterion.h>

#include "interval.h"
#include "isect_ref.h"
#include "judge.h"
#include "targets.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SW_C = 0, SW_V = 3, SW_R = 6, SW_SET = 7, SW_MAX_IN = 16, SW_MAX_OUT = 5 };

typedef int sw_ref_fn(const double *in, double *out);
typedef void sw_encl_fn(const iv *in, iv *out);

/* The shape of a sweep query: npts points of the set (1 point, 2 segment
 * ends, 3 vertices), or a plane (point and normal). */
typedef struct {
    const char *name;
    sw_ref_fn *ref;
    sw_encl_fn *encl;
    int npts;
    bool plane;
    int nin, nout; /* scalar inputs and outputs */
} sw_query;

/* ---- PRNG ------------------------------------------------------------------ */

static uint64_t sw_seed, sw_state;

static void sw_init_seed(uint64_t fallback)
{
    const char *s = getenv("ISECT_SEED");
    sw_seed = s && *s ? strtoull(s, NULL, 0) : fallback;
    sw_state = sw_seed;
}

static uint64_t sw_rnd(void)
{
    uint64_t z = (sw_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int sw_int(int lo, int hi) { return lo + (int)(sw_rnd() % (uint64_t)(hi - lo + 1)); }
static double sw_unit(void) { return (double)(sw_rnd() >> 11) * 0x1p-53; }

/* A random binary32 of magnitude below 2^e (exponent in [-e, e]), 24 bits. */
static double sw_f32(int e)
{
    float m = (float)((double)(sw_rnd() >> 40) * 0x1p-24);
    return (double)ldexpf(sw_rnd() & 1 ? -m : m, sw_int(-e, e));
}

static double sw_round32(double x) { return (double)(float)x; }

/* ---- hand cases -------------------------------------------------------------- */

static bool sw_same(double a, double b) { return memcmp(&a, &b, sizeof a) == 0 || (a == 0 && b == 0); }

static void sw_expect_hit(const sw_query *q, const double *in, double t, const double *point, const char *what)
{
    double out[SW_MAX_OUT];
    for (int i = 0; i < SW_MAX_OUT; i++)
        out[i] = 12345;
    int st = q->ref(in, out);
    cr_assert_eq(st, REF_OK, "%s: status %d", what, st);
    cr_assert(out[0] == 1, "%s: expected a hit, got hit = %g", what, out[0]);
    cr_assert(sw_same(out[1], t), "%s: t = %a (%.17g), expected %a (%.17g)", what, out[1], out[1], t, t);
    if (point)
        for (int i = 0; i < 3; i++)
            cr_assert(sw_same(out[2 + i], point[i]), "%s: point[%d] = %a (%.17g), expected %a (%.17g)", what, i,
                      out[2 + i], out[2 + i], point[i], point[i]);
}

static void sw_expect_miss(const sw_query *q, const double *in, const char *what)
{
    double out[SW_MAX_OUT];
    for (int i = 0; i < SW_MAX_OUT; i++)
        out[i] = 12345;
    int st = q->ref(in, out);
    cr_assert_eq(st, REF_OK, "%s: status %d", what, st);
    for (int i = 0; i < q->nout; i++)
        cr_assert(out[i] == 0, "%s: expected a miss with zeros, out[%d] = %g", what, i, out[i]);
}

static void sw_expect_invalid(const sw_query *q, const double *in, const char *what)
{
    double out[SW_MAX_OUT];
    for (int i = 0; i < SW_MAX_OUT; i++)
        out[i] = 9;
    int st = q->ref(in, out);
    cr_assert_eq(st, REF_INVALID, "%s: status %d, expected REF_INVALID", what, st);
    for (int i = 0; i < q->nout; i++)
        cr_assert(out[i] == 0 && !signbit(out[i]), "%s: out[%d] = %g, expected +0", what, i, out[i]);
}

/* Flat input from the ball and the set's values. */
static void sw_make(double *in, const double c[3], const double v[3], double r, const double *set, int nset)
{
    memcpy(in + SW_C, c, 3 * sizeof *in);
    memcpy(in + SW_V, v, 3 * sizeof *in);
    in[SW_R] = r;
    memcpy(in + SW_SET, set, (size_t)nset * sizeof *in);
}

/* ---- generator ------------------------------------------------------------- */

static void sw_dump(char *buf, size_t len, const double *in, int n)
{
    size_t k = 0;
    for (int i = 0; i < n && k < len; i++)
        k += (size_t)snprintf(buf + k, len - k, "%s%a", i ? " " : "", in[i]);
}

/* Inputs of kind n % 6:
 *   0 small integers; 1 random binary32 of moderate range; 2 a path aimed at
 *   a point of the set (a vertex or an edge point, dyadic) with an offset of
 *   up to 2r along an axis; 3 an exact tangent graze of a point; 4 a
 *   path in the plane of the set or parallel to an edge; 5 random binary32
 *   of any exponent (rarely hits; exercises the filter and the scales).
 * Every value is a binary32 value. */
static int sw_gen(const sw_query *q, double *in, int n)
{
    int kind = n % 6, nset = q->nin - SW_SET;
    int sc = sw_int(-2, 2);
    switch (kind) {
    case 0:
        for (int i = 0; i < q->nin; i++)
            in[i] = sw_int(-4, 4);
        in[SW_R] = sw_int(0, 3);
        break;
    case 1:
        for (int i = 0; i < q->nin; i++)
            in[i] = sw_f32(5);
        in[SW_R] = fabs(sw_f32(3));
        break;
    case 5:
        for (int i = 0; i < q->nin; i++)
            in[i] = sw_f32(60);
        in[SW_R] = fabs(in[SW_R]);
        break;
    default: {
        for (int i = 0; i < q->nin; i++)
            in[i] = ldexp(sw_int(-16, 16), sc);
        in[SW_R] = ldexp(sw_int(0, 12), sc - 1);
        int npts = q->plane ? 1 : q->npts;
        int a = sw_int(0, npts - 1), b = sw_int(0, npts - 1);
        double T[3];
        static const double w[] = {0, 0.25, 0.5, 0.75, 1};
        double ww = w[sw_int(0, 4)];
        for (int i = 0; i < 3; i++)
            T[i] = in[SW_SET + 3 * a + i] + ww * (in[SW_SET + 3 * b + i] - in[SW_SET + 3 * a + i]);
        if (kind == 2) {
            int k = sw_int(0, 2);
            double off = sw_int(-4, 4) * 0.5 * in[SW_R];
            static const double f[] = {1, 2, 4, 0.5, 1.5};
            double s = f[sw_int(0, 4)];
            for (int i = 0; i < 3; i++)
                in[SW_V + i] = s * (T[i] + (i == k ? off : 0) - in[SW_C + i]);
        } else if (kind == 3) {
            /* v_k = 0; centre r away from T along axis k at t = s: tangent. */
            int k = sw_int(0, 2);
            double s = w[sw_int(1, 4)], sg = sw_rnd() & 1 ? 1 : -1;
            in[SW_V + k] = 0;
            for (int i = 0; i < 3; i++)
                in[SW_C + i] = T[i] - s * in[SW_V + i] + (i == k ? sg * in[SW_R] : 0);
        } else if (q->plane || nset < 9) {
            /* parallel to an edge (or for a plane: z-plane and v in it) */
            if (q->plane) {
                in[SW_SET + 3] = in[SW_SET + 4] = 0;
                in[SW_SET + 5] = ldexp(sw_int(1, 4), sc);
                in[SW_V + 2] = 0;
            } else if (q->npts == 2) {
                int m = sw_int(-2, 2);
                for (int i = 0; i < 3; i++)
                    in[SW_V + i] = m * (in[SW_SET + 3 + i] - in[SW_SET + i]);
            }
        } else {
            /* in the plane of the triangle: every z = h */
            double h = in[SW_C + 2];
            for (int j = 0; j < 3; j++)
                in[SW_SET + 3 * j + 2] = h;
            in[SW_V + 2] = 0;
        }
        break;
    }
    }
    for (int i = 0; i < q->nin; i++)
        in[i] = sw_round32(in[i]);
    return kind;
}

/* ---- an independent check in long double ----------------------------------- */

typedef long double ld;

static ld ld_dot(const ld *a, const ld *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* Closest point y of the segment a b to x; returns the squared distance. */
static ld ld_closest_segment(ld *y, const ld *x, const ld *a, const ld *b)
{
    ld e[3], w[3];
    for (int i = 0; i < 3; i++) {
        e[i] = b[i] - a[i];
        w[i] = x[i] - a[i];
    }
    ld E = ld_dot(e, e), s = E > 0 ? ld_dot(w, e) / E : 0;
    s = s < 0 ? 0 : s > 1 ? 1 : s;
    ld d2 = 0;
    for (int i = 0; i < 3; i++) {
        y[i] = a[i] + s * e[i];
        d2 += (x[i] - y[i]) * (x[i] - y[i]);
    }
    return d2;
}

/* Closest point of the set of q (from in) to x; returns the distance.  A
 * triangle by its barycentric coordinates (Cramer on the normal equations),
 * falling back to its edges; a plane by its signed distance. */
static ld ld_closest(const sw_query *q, const double *in, const ld *x, ld *y)
{
    ld P[3][3];
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++)
            P[j][i] = j < (q->plane ? 2 : q->npts) ? (ld)in[SW_SET + 3 * j + i] : 0;
    if (q->plane) {
        ld *n = P[1], N = ld_dot(n, n), w[3];
        for (int i = 0; i < 3; i++)
            w[i] = x[i] - P[0][i];
        ld d = ld_dot(n, w) / N;
        for (int i = 0; i < 3; i++)
            y[i] = x[i] - d * n[i];
        return fabsl(d) * sqrtl(N);
    }
    if (q->npts == 1) {
        memcpy(y, P[0], sizeof P[0]);
        ld w[3] = {x[0] - y[0], x[1] - y[1], x[2] - y[2]};
        return sqrtl(ld_dot(w, w));
    }
    if (q->npts == 2)
        return sqrtl(ld_closest_segment(y, x, P[0], P[1]));
    ld e1[3], e2[3], w[3];
    for (int i = 0; i < 3; i++) {
        e1[i] = P[1][i] - P[0][i];
        e2[i] = P[2][i] - P[0][i];
        w[i] = x[i] - P[0][i];
    }
    ld a11 = ld_dot(e1, e1), a12 = ld_dot(e1, e2), a22 = ld_dot(e2, e2), b1 = ld_dot(w, e1), b2 = ld_dot(w, e2);
    ld det = a11 * a22 - a12 * a12;
    ld best = INFINITY;
    if (det > 1e-12L * a11 * a22) {
        ld u = (b1 * a22 - b2 * a12) / det, v = (a11 * b2 - a12 * b1) / det;
        if (u >= 0 && v >= 0 && u + v <= 1) {
            ld d2 = 0;
            for (int i = 0; i < 3; i++) {
                y[i] = P[0][i] + u * e1[i] + v * e2[i];
                d2 += (x[i] - y[i]) * (x[i] - y[i]);
            }
            best = d2;
        }
    }
    if (best == INFINITY)
        for (int k = 0; k < 3; k++) {
            ld yk[3];
            ld d2 = ld_closest_segment(yk, x, P[k], P[(k + 1) % 3]);
            if (d2 < best) {
                best = d2;
                memcpy(y, yk, sizeof yk);
            }
        }
    return sqrtl(best);
}

static ld ld_dist_at(const sw_query *q, const double *in, ld t, ld *y)
{
    ld x[3], yy[3];
    for (int i = 0; i < 3; i++)
        x[i] = (ld)in[SW_C + i] + t * (ld)in[SW_V + i];
    return ld_closest(q, in, x, y ? y : yy);
}

/* Checks ref's answer against the convex distance function: returns NULL or
 * a description of the disagreement.  Tolerances are relative to the
 * input's scale; near-degenerate inputs (tiny triangles relative to the
 * scale, a graze within the tolerance) are not judged. */
static const char *sw_check_distance(const sw_query *q, const double *in, const double *out)
{
    ld S = 0;
    for (int i = 0; i < q->nin; i++)
        if (!(q->plane && i >= SW_SET + 3))
            S = fmaxl(S, fabsl((ld)in[i]));
    if (S == 0)
        return NULL;
    ld tol = S * 1e-9L, r = in[SW_R];
    /* Minimum of the convex distance over [0, 1]: ternary search. */
    ld lo = 0, hi = 1;
    for (int it = 0; it < 200; it++) {
        ld m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
        if (ld_dist_at(q, in, m1, NULL) <= ld_dist_at(q, in, m2, NULL))
            hi = m2;
        else
            lo = m1;
    }
    ld dmin = fminl(ld_dist_at(q, in, lo, NULL), fminl(ld_dist_at(q, in, 0, NULL), ld_dist_at(q, in, 1, NULL)));
    if (fabsl(dmin - r) <= tol)
        return NULL; /* a graze within the tolerance: not judged */
    if (out[0] == 0)
        return dmin < r ? "ref misses, but the sphere comes closer than r" : NULL;
    if (dmin > r)
        return "ref hits, but the sphere never comes within r";
    ld t = out[1], y[3];
    ld d = ld_dist_at(q, in, t, y);
    if (t == 0) {
        if (d > r + tol)
            return "ref says t = 0, but the sphere does not overlap at the start";
    } else {
        if (fabsl(d - r) > tol)
            return "at ref's t the sphere is not at distance r";
        if (ld_dist_at(q, in, 0, NULL) < r - tol)
            return "ref's t > 0, but the sphere overlaps at the start";
    }
    if (q->nout > 2)
        for (int i = 0; i < 3; i++)
            if (fabsl(y[i] - (ld)out[2 + i]) > tol * 8)
                return "ref's point is not the closest point at t";
    return NULL;
}

static void sw_distance_batch(const sw_query *q, int ncases, uint64_t seed)
{
    sw_init_seed(seed);
    int hits = 0, judged = 0;
    for (int n = 0; n < ncases; n++) {
        double in[SW_MAX_IN], out[SW_MAX_OUT];
        sw_gen(q, in, n);
        if (q->ref(in, out) != REF_OK)
            continue;
        const char *why = sw_check_distance(q, in, out);
        char buf[600];
        sw_dump(buf, sizeof buf, in, q->nin);
        cr_assert(why == NULL, "ISECT_SEED=%llu case %d: %s\n  in: %s\n  out: %g %a", (unsigned long long)sw_seed, n,
                  why, buf, out[0], out[1]);
        hits += out[0] != 0;
        judged++;
    }
    cr_assert(hits > ncases / 6, "ISECT_SEED=%llu: only %d hits of %d", (unsigned long long)sw_seed, hits, judged);
}

/* ---- enclosure soundness, filter ------------------------------------------- */

static void sw_encl_sound(const sw_query *q, int nboxes, int npoints, uint64_t seed)
{
    sw_init_seed(seed);
    int certain_hits = 0, certain_misses = 0;
    for (int b = 0; b < nboxes; b++) {
        double in[SW_MAX_IN], S = 0;
        sw_gen(q, in, b);
        for (int i = 0; i < q->nin; i++)
            S = fmax(S, fabs(in[i]));
        /* Radius 2^-k S for k in [8, 40]: boxes from large to a few ulps. */
        double rad = ldexp(S, -sw_int(8, 40));
        iv box[SW_MAX_IN], enc[SW_MAX_OUT];
        for (int i = 0; i < q->nin; i++)
            box[i] = iv_make(in[i] - rad, in[i] + rad);
        q->encl(box, enc);
        certain_hits += enc[0].lo == 1;
        certain_misses += enc[0].hi == 0;
        for (int p = 0; p < npoints; p++) {
            double x[SW_MAX_IN], out[SW_MAX_OUT];
            for (int i = 0; i < q->nin; i++) {
                /* corners half the time, else uniform in the box */
                double u = p < npoints / 2 ? (double)((sw_rnd() >> 5) & 1) : sw_unit();
                x[i] = box[i].lo + u * (box[i].hi - box[i].lo);
                if (x[i] < box[i].lo)
                    x[i] = box[i].lo;
                if (x[i] > box[i].hi)
                    x[i] = box[i].hi;
            }
            if (p == 0)
                memcpy(x, in, sizeof x);
            if (q->ref(x, out) != REF_OK)
                continue; /* not a valid point (a negative radius, a zero normal) */
            char buf[600];
            sw_dump(buf, sizeof buf, x, q->nin);
            for (int k = 0; k < q->nout; k++) {
                if (k > 0 && out[0] == 0)
                    break; /* numeric outputs carry no claim on a miss */
                /* out[k] is the exact value rounded to nearest: the exact
                 * value lies between out[k]'s neighbours. */
                cr_assert(enc[k].lo <= nextafter(out[k], INFINITY) && nextafter(out[k], -INFINITY) <= enc[k].hi,
                          "ISECT_SEED=%llu box %d point %d: out[%d] = %a outside [%a, %a]\n  x: %s",
                          (unsigned long long)sw_seed, b, p, k, out[k], enc[k].lo, enc[k].hi, buf);
            }
        }
    }
    cr_assert(certain_hits > nboxes / 20, "ISECT_SEED=%llu: only %d boxes certainly hit", (unsigned long long)sw_seed,
              certain_hits);
    cr_assert(certain_misses > nboxes / 20, "ISECT_SEED=%llu: only %d boxes certainly miss",
              (unsigned long long)sw_seed, certain_misses);
}

static void sw_filter_agrees(const sw_query *q, int ncases, uint64_t seed)
{
    sw_init_seed(seed);
    int filtered = 0;
    for (int n = 0; n < ncases; n++) {
        double in[SW_MAX_IN], a[SW_MAX_OUT], b[SW_MAX_OUT];
        sw_gen(q, in, n);
        ref_set_filter(1);
        unsigned long long f0 = ref_stats.filtered;
        int sa = q->ref(in, a);
        filtered += ref_stats.filtered > f0;
        ref_set_filter(0);
        int sb = q->ref(in, b);
        ref_set_filter(1);
        cr_assert_eq(sa, sb, "case %d: status %d with the filter, %d without", n, sa, sb);
        for (int k = 0; k < q->nout; k++)
            cr_assert(memcmp(&a[k], &b[k], sizeof a[k]) == 0, "case %d: out[%d] = %a with the filter, %a without", n,
                      k, a[k], b[k]);
    }
    cr_assert(filtered > ncases / 10, "the filter settled only %d cases of %d", filtered, ncases);
}

/* ---- the judge ------------------------------------------------------------ */

static isect_judgement sw_judge(const char *query, const char *target, const double *in, const double *tgt_out)
{
    const isect_query *q = isect_query_find(query);
    cr_assert(q, "no query %s", query);
    const isect_target *t = isect_target_find(target);
    cr_assert(t, "no target %s", target);
    const isect_target_entry *e = isect_target_entry_for(t, query);
    cr_assert(e, "%s has no %s", target, query);
    double ref_out[SW_MAX_OUT];
    int st = q->ref(in, ref_out);
    return isect_judge(q, in, st, ref_out, tgt_out, e->ulps, e->tolerance);
}

/* Runs target on in through the catalog's adapter. */
static void sw_run(const char *query, const char *target, const double *in, double *out)
{
    const isect_query *q = isect_query_find(query);
    const isect_target *t = isect_target_find(target);
    const isect_target_entry *e = isect_target_entry_for(t, query);
    cr_assert(q && e);
    memset(out, 0, SW_MAX_OUT * sizeof *out);
    q->run(e->fn, in, out);
}

/* ---- metamorphic properties, exact for ref ----------------------------------- */

static bool sw_is_f32(double x) { return (double)(float)x == x && (x == 0 || fabs(x) >= FLT_MIN); }

static void sw_run_ref(const sw_query *q, const double *in, double *out, int *st)
{
    for (int i = 0; i < SW_MAX_OUT; i++)
        out[i] = 0;
    *st = q->ref(in, out);
}

#define SW_FAIL_IF(cond, in, ...)                                                                  \
    do {                                                                                           \
        if (cond) {                                                                                \
            char dump_[600];                                                                       \
            sw_dump(dump_, sizeof dump_, in, q->nin);                                              \
            cr_assert_fail("ISECT_SEED=%llu: " __VA_ARGS__);                                       \
        }                                                                                          \
    } while (0)

/* The set's points (and a plane's normal) are the fields from SW_SET on. */
static void sw_metamorphic(const sw_query *q, int ncases, uint64_t seed)
{
    sw_init_seed(seed);
    unsigned long long sd;
    int hits = 0, checked_scale = 0, checked_time = 0, checked_rev = 0;
    for (int n = 0; n < ncases; n++) {
        double in[SW_MAX_IN], out[SW_MAX_OUT], x[SW_MAX_IN], o[SW_MAX_OUT];
        int st, sx;
        sw_gen(q, in, n);
        sw_run_ref(q, in, out, &st);
        sd = (unsigned long long)sw_seed;
        if (st != REF_OK)
            continue;
        hits += out[0] != 0;
        int npts = q->plane ? 2 : q->npts;

        /* 1. order of the set's points: every permutation (triangle), the
         * swap (segment); for a plane, the normal negated or scaled by a
         * power of two.  Identical outputs. */
        static const int perms[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
        int nperm = q->plane ? 3 : q->npts == 3 ? 6 : q->npts == 2 ? 2 : 1;
        for (int pi = 1; pi < nperm; pi++) {
            memcpy(x, in, sizeof x);
            if (q->plane) {
                for (int i = 0; i < 3; i++)
                    x[SW_SET + 3 + i] = pi == 1 ? -in[SW_SET + 3 + i] : ldexp(in[SW_SET + 3 + i], -3);
                if (pi == 2 && !(sw_is_f32(x[SW_SET + 3]) && sw_is_f32(x[SW_SET + 4]) && sw_is_f32(x[SW_SET + 5])))
                    continue;
            } else {
                const int *pm = q->npts == 2 ? (const int[3]){1, 0, 2} : perms[pi];
                for (int j = 0; j < q->npts; j++)
                    memcpy(x + SW_SET + 3 * j, in + SW_SET + 3 * pm[j], 3 * sizeof *x);
            }
            sw_run_ref(q, x, o, &sx);
            for (int k = 0; k < q->nout; k++)
                SW_FAIL_IF(sx != st || !sw_same(o[k], out[k]), in, "case %d perm %d: out[%d] %a vs %a\n%s", sd, n, pi,
                           k, o[k], out[k], dump_);
        }

        /* 2. a signed permutation of the axes of every point and vector: t
         * unchanged, the point permuted and flipped alike. */
        int pa = sw_int(0, 5), sg[3];
        for (int i = 0; i < 3; i++)
            sg[i] = sw_rnd() & 1 ? -1 : 1;
        memcpy(x, in, sizeof x);
        int nvec = 2 + npts;
        for (int f = 0; f < nvec; f++) {
            int at = f == 0 ? SW_C : f == 1 ? SW_V : SW_SET + 3 * (f - 2);
            for (int i = 0; i < 3; i++)
                x[at + i] = sg[i] * in[at + perms[pa][i]];
        }
        sw_run_ref(q, x, o, &sx);
        SW_FAIL_IF(sx != st || o[0] != out[0] || !sw_same(o[1], out[1]), in, "case %d axes: hit/t %g %a vs %g %a\n%s",
                   sd, n, o[0], o[1], out[0], out[1], dump_);
        if (q->nout > 2)
            for (int i = 0; i < 3; i++)
                SW_FAIL_IF(!sw_same(o[2 + i], sg[i] * out[2 + perms[pa][i]]), in, "case %d axes: point[%d] %a vs %a\n%s",
                           sd, n, i, o[2 + i], sg[i] * out[2 + perms[pa][i]], dump_);

        /* 3. every position-like value (centre, velocity, radius, the set's
         * points; not a plane's normal) scaled by 2^k: t unchanged, the point
         * scaled (both exact while everything stays normal binary32). */
        int k = sw_int(-20, 20);
        bool ok = true;
        memcpy(x, in, sizeof x);
        for (int i = 0; i < q->nin; i++)
            if (!(q->plane && i >= SW_SET + 3)) {
                x[i] = ldexp(in[i], k);
                ok = ok && sw_is_f32(x[i]) && (in[i] == 0 || fabs(in[i]) >= FLT_MIN);
            }
        if (ok) {
            sw_run_ref(q, x, o, &sx);
            checked_scale++;
            SW_FAIL_IF(sx != st || o[0] != out[0] || !sw_same(o[1], out[1]), in,
                       "case %d scale 2^%d: hit/t %g %a vs %g %a\n%s", sd, n, k, o[0], o[1], out[0], out[1], dump_);
            if (q->nout > 2)
                for (int i = 0; i < 3; i++)
                    SW_FAIL_IF(!sw_same(o[2 + i], ldexp(out[2 + i], k)), in, "case %d scale 2^%d: point[%d] %a vs %a\n%s",
                               sd, n, k, i, o[2 + i], ldexp(out[2 + i], k), dump_);
        }

        /* 4. the velocity scaled by 2^-j: the new path is the first 2^-j of
         * the old one, so it hits iff the old t <= 2^-j, at t 2^j, at the
         * same point. */
        int j = sw_int(1, 3);
        memcpy(x, in, sizeof x);
        ok = true;
        for (int i = 0; i < 3; i++) {
            x[SW_V + i] = ldexp(in[SW_V + i], -j);
            ok = ok && sw_is_f32(x[SW_V + i]) && (in[SW_V + i] == 0 || fabs(in[SW_V + i]) >= FLT_MIN);
        }
        if (ok) {
            sw_run_ref(q, x, o, &sx);
            checked_time++;
            bool want = out[0] != 0 && out[1] <= ldexp(1, -j);
            SW_FAIL_IF(sx != st || (o[0] != 0) != want, in, "case %d velocity 2^-%d: hit %g, old t %a\n%s", sd, n, j,
                       o[0], out[1], dump_);
            if (want) {
                SW_FAIL_IF(!sw_same(o[1], ldexp(out[1], j)), in, "case %d velocity 2^-%d: t %a vs %a\n%s", sd, n, j, o[1],
                           ldexp(out[1], j), dump_);
                for (int i = 2; i < q->nout; i++)
                    SW_FAIL_IF(!sw_same(o[i], out[i]), in, "case %d velocity 2^-%d: out[%d] %a vs %a\n%s", sd, n, j, i,
                               o[i], out[i], dump_);
            }
        }

        /* 5. time reversal: from c + v with velocity -v the sphere sweeps the
         * same volume over [0, 1], so it hits iff the original does. */
        memcpy(x, in, sizeof x);
        ok = true;
        for (int i = 0; i < 3; i++) {
            x[SW_C + i] = in[SW_C + i] + in[SW_V + i]; /* exact in binary64 */
            x[SW_V + i] = -in[SW_V + i];
            ok = ok && (double)(float)x[SW_C + i] == x[SW_C + i];
        }
        if (ok) {
            sw_run_ref(q, x, o, &sx);
            checked_rev++;
            SW_FAIL_IF(sx != st || o[0] != out[0], in, "case %d time reversal: hit %g vs %g\n%s", sd, n, o[0], out[0],
                       dump_);
        }
    }
    sd = (unsigned long long)sw_seed;
    cr_assert(hits > ncases / 6, "ISECT_SEED=%llu: only %d hits", sd, hits);
    cr_assert(checked_scale > ncases / 3 && checked_time > ncases / 3 && checked_rev > ncases / 3,
              "ISECT_SEED=%llu: too few checks (%d scale, %d time, %d reversal)", sd, checked_scale, checked_time,
              checked_rev);
}

/* ---- fast on random inputs: defined answers --------------------------------- */

static void sw_fast_defined(const sw_query *q, int ncases, uint64_t seed)
{
    sw_init_seed(seed);
    for (int n = 0; n < ncases; n++) {
        double in[SW_MAX_IN], out[SW_MAX_OUT], ref_out[SW_MAX_OUT];
        sw_gen(q, in, n);
        if (n % 7 == 0)
            in[sw_int(0, q->nin - 1)] = (double[]){NAN, INFINITY, -INFINITY, -1}[sw_int(0, 3)];
        sw_run(q->name, "fast", in, out);
        int st = q->ref(in, ref_out);
        char buf[600];
        sw_dump(buf, sizeof buf, in, q->nin);
        if (st != REF_OK)
            cr_assert(out[0] == 0, "case %d: fast hits on invalid input\n  %s", n, buf);
        if (out[0] == 0) {
            for (int k = 1; k < q->nout; k++)
                cr_assert(out[k] == 0, "case %d: fast's miss has out[%d] = %g\n  %s", n, k, out[k], buf);
        } else {
            cr_assert(out[1] >= 0 && out[1] <= 1, "case %d: fast's t = %g\n  %s", n, out[1], buf);
            for (int k = 1; k < q->nout; k++)
                cr_assert(isfinite(out[k]), "case %d: fast's out[%d] = %g\n  %s", n, k, out[k], buf);
        }
    }
}

#endif
