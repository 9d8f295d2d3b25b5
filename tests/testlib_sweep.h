/* tests/testlib_sweep.h: what the sweep tests
 * (tests/test_sphere_sweep_{point,segment,triangle,plane}.c) add to
 * tests/testlib.h.
 *
 * Every sweep has inputs center[3] velocity[3] radius followed by its set
 * (a point, two segment ends, three vertices, or a plane point and normal)
 * and outputs hit t [point[3]].  The helpers:
 *   - sw_expect_hit: tl_expect_hit with t and the contact point;
 *   - sw_gen: a generator of inputs that reach every feature: small
 *     integers, paths aimed at a point of the set with an offset of about r,
 *     exact tangent grazes, random binary32 values of moderate and of any
 *     magnitude;
 *   - sw_check_distance: an independent check of ref in long double: the
 *     distance from the centre to the set is convex along the path, so a
 *     ternary search finds its minimum; ref's hit must agree with it, ref's
 *     t must put the sphere at distance r (or overlapping at t = 0), ref's
 *     point must be the closest point of the set to the centre at t;
 *   - sw_encl_sound, sw_filter_agrees: tl_check_encl (the sweeps' boxes,
 *     outputs rounded to nearest) and tl_check_filter on sw_gen's inputs;
 *   - sw_metamorphic: exact symmetries of ref; sw_fast_defined: fast's
 *     answers are defined on any input.
 */
#ifndef ISECT_TESTS_TESTLIB_SWEEP_H
#define ISECT_TESTS_TESTLIB_SWEEP_H

#include "testlib.h"

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

/* ---- hand cases -------------------------------------------------------------- */

static double sw_round32(double x) { return (double)(float)x; }

/* ref on in: a hit at bit-exactly t, and at exactly point (unless NULL). */
static void sw_expect_hit(const sw_query *q, const double *in, double t, const double *point, const char *what)
{
    double want[4] = {t, 0, 0, 0};
    if (point)
        memcpy(want + 1, point, 3 * sizeof *want);
    tl_expect_hit(tl_query(q->name), in, want, point ? 4 : 1, what);
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
    int sc = tl_int(-2, 2);
    switch (kind) {
    case 0:
        for (int i = 0; i < q->nin; i++)
            in[i] = tl_int(-4, 4);
        in[SW_R] = tl_int(0, 3);
        break;
    case 1:
        for (int i = 0; i < q->nin; i++)
            in[i] = tl_f32(5);
        in[SW_R] = fabs(tl_f32(3));
        break;
    case 5:
        for (int i = 0; i < q->nin; i++)
            in[i] = tl_f32(60);
        in[SW_R] = fabs(in[SW_R]);
        break;
    default: {
        for (int i = 0; i < q->nin; i++)
            in[i] = ldexp(tl_int(-16, 16), sc);
        in[SW_R] = ldexp(tl_int(0, 12), sc - 1);
        int npts = q->plane ? 1 : q->npts;
        int a = tl_int(0, npts - 1), b = tl_int(0, npts - 1);
        double T[3];
        static const double w[] = {0, 0.25, 0.5, 0.75, 1};
        double ww = w[tl_int(0, 4)];
        for (int i = 0; i < 3; i++)
            T[i] = in[SW_SET + 3 * a + i] + ww * (in[SW_SET + 3 * b + i] - in[SW_SET + 3 * a + i]);
        if (kind == 2) {
            int k = tl_int(0, 2);
            double off = tl_int(-4, 4) * 0.5 * in[SW_R];
            static const double f[] = {1, 2, 4, 0.5, 1.5};
            double s = f[tl_int(0, 4)];
            for (int i = 0; i < 3; i++)
                in[SW_V + i] = s * (T[i] + (i == k ? off : 0) - in[SW_C + i]);
        } else if (kind == 3) {
            /* v_k = 0; centre r away from T along axis k at t = s: tangent. */
            int k = tl_int(0, 2);
            double s = w[tl_int(1, 4)], sg = tl_rnd() & 1 ? 1 : -1;
            in[SW_V + k] = 0;
            for (int i = 0; i < 3; i++)
                in[SW_C + i] = T[i] - s * in[SW_V + i] + (i == k ? sg * in[SW_R] : 0);
        } else if (q->plane || nset < 9) {
            /* parallel to an edge (or for a plane: z-plane and v in it) */
            if (q->plane) {
                in[SW_SET + 3] = in[SW_SET + 4] = 0;
                in[SW_SET + 5] = ldexp(tl_int(1, 4), sc);
                in[SW_V + 2] = 0;
            } else if (q->npts == 2) {
                int m = tl_int(-2, 2);
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
    tl_init_seed(seed);
    int hits = 0, judged = 0;
    for (int n = 0; n < ncases; n++) {
        double in[SW_MAX_IN], out[SW_MAX_OUT];
        sw_gen(q, in, n);
        if (q->ref(in, out) != REF_OK)
            continue;
        const char *why = sw_check_distance(q, in, out);
        char buf[600];
        tl_dump(buf, sizeof buf, in, q->nin);
        cr_assert(why == NULL, "ISECT_SEED=%llu case %d: %s\n  in: %s\n  out: %g %a", (unsigned long long)tl_seed, n,
                  why, buf, out[0], out[1]);
        hits += out[0] != 0;
        judged++;
    }
    cr_assert(hits > ncases / 6, "ISECT_SEED=%llu: only %d hits of %d", (unsigned long long)tl_seed, hits, judged);
}

/* ---- enclosure soundness, filter ------------------------------------------- */

/* tl_check_encl and tl_check_filter draw inputs from sw_gen through this:
 * sw_gen(sw_cur, in, n) for n = 0, 1, 2, ... */
static const sw_query *sw_cur;
static int sw_next;

static void sw_gen_next(double *in) { sw_gen(sw_cur, in, sw_next++); }

static void sw_start(const sw_query *q, uint64_t seed)
{
    tl_init_seed(seed);
    sw_cur = q;
    sw_next = 0;
}

/* A box of radius 2^-k S, k in [8, 40], S the largest input magnitude:
 * boxes from large to a few ulps. */
static void sw_encl_box(const isect_query *q, const double *c, iv *box)
{
    int nin = isect_query_nin(q);
    double S = 0;
    for (int i = 0; i < nin; i++)
        S = fmax(S, fabs(c[i]));
    double rad = ldexp(S, -tl_int(8, 40));
    for (int i = 0; i < nin; i++)
        box[i] = iv_make(c[i] - rad, c[i] + rad);
}

/* Corners for the first half of the points, else uniform in the box; point
 * 0 is the centre. */
static void sw_encl_point(const isect_query *q, const iv *box, const double *c, int p, int npt, double *x)
{
    int nin = isect_query_nin(q);
    for (int i = 0; i < nin; i++) {
        double u = p < npt / 2 ? (double)((tl_rnd() >> 5) & 1) : tl_unit();
        x[i] = box[i].lo + u * (box[i].hi - box[i].lo);
        if (x[i] < box[i].lo)
            x[i] = box[i].lo;
        if (x[i] > box[i].hi)
            x[i] = box[i].hi;
    }
    if (p == 0)
        memcpy(x, c, (size_t)nin * sizeof *x);
}

/* ref's outputs are rounded to nearest, the enclosure holds the exact
 * value; more than a twentieth of the boxes certainly hit, and as many
 * certainly miss. */
static void sw_encl_sound(const sw_query *q, int nboxes, int npoints, uint64_t seed)
{
    static const tl_encl_policy pol = {.box = sw_encl_box,
                                       .point = sw_encl_point,
                                       .rounded = true,
                                       .decided_hit = 0.05,
                                       .decided_miss = 0.05};
    sw_start(q, seed);
    tl_check_encl(tl_query(q->name), sw_gen_next, nboxes, npoints, &pol);
}

/* The filter settles more than a tenth of the cases. */
static void sw_filter_agrees(const sw_query *q, int ncases, uint64_t seed)
{
    sw_start(q, seed);
    tl_check_filter(tl_query(q->name), sw_gen_next, ncases, 0.1);
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
            tl_dump(dump_, sizeof dump_, in, q->nin);                                              \
            cr_assert_fail("ISECT_SEED=%llu: " __VA_ARGS__);                                       \
        }                                                                                          \
    } while (0)

/* The set's points (and a plane's normal) are the fields from SW_SET on. */
static void sw_metamorphic(const sw_query *q, int ncases, uint64_t seed)
{
    tl_init_seed(seed);
    unsigned long long sd;
    int hits = 0, checked_scale = 0, checked_time = 0, checked_rev = 0;
    for (int n = 0; n < ncases; n++) {
        double in[SW_MAX_IN], out[SW_MAX_OUT], x[SW_MAX_IN], o[SW_MAX_OUT];
        int st, sx;
        sw_gen(q, in, n);
        sw_run_ref(q, in, out, &st);
        sd = (unsigned long long)tl_seed;
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
                SW_FAIL_IF(sx != st || !tl_same(o[k], out[k]), in, "case %d perm %d: out[%d] %a vs %a\n%s", sd, n, pi,
                           k, o[k], out[k], dump_);
        }

        /* 2. a signed permutation of the axes of every point and vector: t
         * unchanged, the point permuted and flipped alike. */
        int pa = tl_int(0, 5), sg[3];
        for (int i = 0; i < 3; i++)
            sg[i] = tl_rnd() & 1 ? -1 : 1;
        memcpy(x, in, sizeof x);
        int nvec = 2 + npts;
        for (int f = 0; f < nvec; f++) {
            int at = f == 0 ? SW_C : f == 1 ? SW_V : SW_SET + 3 * (f - 2);
            for (int i = 0; i < 3; i++)
                x[at + i] = sg[i] * in[at + perms[pa][i]];
        }
        sw_run_ref(q, x, o, &sx);
        SW_FAIL_IF(sx != st || o[0] != out[0] || !tl_same(o[1], out[1]), in, "case %d axes: hit/t %g %a vs %g %a\n%s",
                   sd, n, o[0], o[1], out[0], out[1], dump_);
        if (q->nout > 2)
            for (int i = 0; i < 3; i++)
                SW_FAIL_IF(!tl_same(o[2 + i], sg[i] * out[2 + perms[pa][i]]), in, "case %d axes: point[%d] %a vs %a\n%s",
                           sd, n, i, o[2 + i], sg[i] * out[2 + perms[pa][i]], dump_);

        /* 3. every position-like value (centre, velocity, radius, the set's
         * points; not a plane's normal) scaled by 2^k: t unchanged, the point
         * scaled (both exact while everything stays normal binary32). */
        int k = tl_int(-20, 20);
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
            SW_FAIL_IF(sx != st || o[0] != out[0] || !tl_same(o[1], out[1]), in,
                       "case %d scale 2^%d: hit/t %g %a vs %g %a\n%s", sd, n, k, o[0], o[1], out[0], out[1], dump_);
            if (q->nout > 2)
                for (int i = 0; i < 3; i++)
                    SW_FAIL_IF(!tl_same(o[2 + i], ldexp(out[2 + i], k)), in, "case %d scale 2^%d: point[%d] %a vs %a\n%s",
                               sd, n, k, i, o[2 + i], ldexp(out[2 + i], k), dump_);
        }

        /* 4. the velocity scaled by 2^-j: the new path is the first 2^-j of
         * the old one, so it hits iff the old t <= 2^-j, at t 2^j, at the
         * same point. */
        int j = tl_int(1, 3);
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
                SW_FAIL_IF(!tl_same(o[1], ldexp(out[1], j)), in, "case %d velocity 2^-%d: t %a vs %a\n%s", sd, n, j, o[1],
                           ldexp(out[1], j), dump_);
                for (int i = 2; i < q->nout; i++)
                    SW_FAIL_IF(!tl_same(o[i], out[i]), in, "case %d velocity 2^-%d: out[%d] %a vs %a\n%s", sd, n, j, i,
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
    sd = (unsigned long long)tl_seed;
    cr_assert(hits > ncases / 6, "ISECT_SEED=%llu: only %d hits", sd, hits);
    cr_assert(checked_scale > ncases / 3 && checked_time > ncases / 3 && checked_rev > ncases / 3,
              "ISECT_SEED=%llu: too few checks (%d scale, %d time, %d reversal)", sd, checked_scale, checked_time,
              checked_rev);
}

/* ---- fast on random inputs: defined answers --------------------------------- */

static void sw_fast_defined(const sw_query *q, int ncases, uint64_t seed)
{
    tl_init_seed(seed);
    for (int n = 0; n < ncases; n++) {
        double in[SW_MAX_IN], out[SW_MAX_OUT], ref_out[SW_MAX_OUT];
        sw_gen(q, in, n);
        if (n % 7 == 0)
            in[tl_int(0, q->nin - 1)] = (double[]){NAN, INFINITY, -INFINITY, -1}[tl_int(0, 3)];
        tl_run(tl_query(q->name), "fast", in, out);
        int st = q->ref(in, ref_out);
        char buf[600];
        tl_dump(buf, sizeof buf, in, q->nin);
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
