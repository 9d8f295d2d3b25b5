/* oracle/q_sphere_sweep_mutate.h: structure-aware mutations of the sweep
 * queries (the `mutate` hooks of oracle/q_sphere_sweep_*.c).
 *
 * Every sweep starts with center[3] velocity[3] radius; the set follows
 * (a point, a segment's two points, a triangle's three, or a plane's point
 * and normal).  The generic mutator (fuzz/mutator.c) sees the velocity as a
 * point; these edits know what it is:
 *   - aim the path at a vertex, an edge point, a point just outside an edge
 *     or vertex, or the centroid, with an offset of about r, so that the
 *     sphere grazes or just reaches a feature, or its centre path meets the
 *     plane outside the triangle while the sphere hits an edge (Nettle's
 *     case);
 *   - an exact tangent graze of a vertex (the velocity perpendicular to an
 *     axis, the centre r away along that axis at mid-path: D = 0), a near
 *     tangent graze of an edge;
 *   - the velocity parallel to an edge, in the plane of the triangle, zero;
 *   - the radius to 0, halved many times, subnormal, or equal to the
 *     distance to a feature (touching at the start);
 *   - the centre and velocity mirrored through the triangle's plane (the
 *     same motion from behind).
 * Values are computed in binary64; the caller's mutator rounds them to
 * binary32.  Internal to the oracle; only the sweep rows include it.
 */
#ifndef ISECT_Q_SPHERE_SWEEP_MUTATE_H
#define ISECT_Q_SPHERE_SWEEP_MUTATE_H

#include <math.h>
#include <string.h>

enum { SWM_C = 0, SWM_V = 3, SWM_R = 6, SWM_SET = 7 };

typedef struct {
    unsigned long long s;
} swm_rng;

static inline unsigned long long swm_next(swm_rng *g)
{
    unsigned long long z = (g->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline int swm_below(swm_rng *g, int n) { return (int)(swm_next(g) % (unsigned long long)n); }

static inline void swm_cross(double *r, const double *a, const double *b)
{
    double x = a[1] * b[2] - a[2] * b[1], y = a[2] * b[0] - a[0] * b[2], z = a[0] * b[1] - a[1] * b[0];
    r[0] = x;
    r[1] = y;
    r[2] = z;
}

static inline double swm_dot(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static inline double swm_norm(const double *a) { return sqrt(swm_dot(a, a)); }

/* A dyadic weight for points on edges; some outside [0, 1]. */
static inline double swm_weight(swm_rng *g, int outside)
{
    static const double in_w[] = {0.5, 0.25, 0.75, 0.125, 0.875, 0, 1};
    static const double out_w[] = {-0.0625, 1.0625, -0.25, 1.25, -0x1p-10, 1 + 0x1p-10};
    return outside ? out_w[swm_below(g, 6)] : in_w[swm_below(g, 7)];
}

/* A target point of the set: one of its points, a point on (or, with
 * `outside`, just beyond) a segment between two of them, or the centroid.
 * For a triangle (npts == 3), "outside" may also push an edge point away
 * from the opposite vertex, in the plane. */
static inline void swm_target(swm_rng *g, const double *in, int npts, double *T)
{
    int a = swm_below(g, npts), b = (a + 1 + swm_below(g, npts > 1 ? npts - 1 : 1)) % npts;
    const double *A = in + SWM_SET + 3 * a, *B = in + SWM_SET + 3 * b;
    switch (swm_below(g, 5)) {
    case 0:
        memcpy(T, A, 3 * sizeof *T);
        return;
    case 1:
    case 2: {
        double w = swm_weight(g, swm_below(g, 2));
        for (int i = 0; i < 3; i++)
            T[i] = A[i] + w * (B[i] - A[i]);
        return;
    }
    case 3:
        if (npts == 3) {
            const double *C = in + SWM_SET + 3 * (3 - a - b);
            double w = swm_weight(g, 0), o = ldexp(1, -swm_below(g, 12));
            for (int i = 0; i < 3; i++) {
                double F = A[i] + w * (B[i] - A[i]);
                T[i] = F + o * (F - C[i]);
            }
            return;
        }
        /* fall through */
    default:
        for (int i = 0; i < 3; i++) {
            T[i] = 0;
            for (int k = 0; k < npts; k++)
                T[i] += in[SWM_SET + 3 * k + i];
            T[i] /= npts;
        }
        return;
    }
}

/* Unit normal of the triangle (or 0). */
static inline void swm_tri_normal(const double *in, double *n)
{
    double e1[3], e2[3];
    for (int i = 0; i < 3; i++) {
        e1[i] = in[SWM_SET + 3 + i] - in[SWM_SET + i];
        e2[i] = in[SWM_SET + 6 + i] - in[SWM_SET + i];
    }
    swm_cross(n, e1, e2);
    double l = swm_norm(n);
    for (int i = 0; i < 3; i++)
        n[i] = l > 0 ? n[i] / l : 0;
}

/* The sweep edits.  npts: points of the set (1, 2 or 3); plane: the set is
 * a plane (point, normal).  Returns 1 when it edited in. */
static inline int swm_mutate(double *in, unsigned long long word, int npts, int plane)
{
    swm_rng g = {word};
    double *c = in + SWM_C, *v = in + SWM_V, *r = in + SWM_R;
    double n[3] = {0, 0, 0};
    if (plane) {
        double l = swm_norm(in + SWM_SET + 3);
        for (int i = 0; i < 3; i++)
            n[i] = l > 0 ? in[SWM_SET + 3 + i] / l : 0;
    } else if (npts == 3) {
        swm_tri_normal(in, n);
    }
    int tpts = plane ? 1 : npts; /* points a target may be drawn from */
    switch (swm_below(&g, 11)) {
    case 0:
    case 1: { /* aim the path through a target, with an offset of about r */
        double T[3], off[3] = {0, 0, 0};
        swm_target(&g, in, tpts, T);
        double k = (double)swm_below(&g, 5) - 2; /* -2r .. 2r */
        int along = swm_below(&g, 3);
        if (along == 0 && swm_norm(n) > 0) { /* along the normal: the sphere's lowest point aims at T */
            for (int i = 0; i < 3; i++)
                off[i] = k * *r * n[i];
        } else if (along == 1) {
            off[swm_below(&g, 3)] = k * *r;
        }
        static const double f[] = {1, 2, 4, 1.5, 0.75, 1.25};
        double s = f[swm_below(&g, 6)];
        for (int i = 0; i < 3; i++)
            v[i] = s * (T[i] + off[i] - c[i]);
        return 1;
    }
    case 2: { /* exact tangent graze of a point: v_k = 0, centre r away along axis k at t = s */
        const double *P = in + SWM_SET + 3 * swm_below(&g, tpts);
        int k = swm_below(&g, 3);
        double sg = swm_below(&g, 2) ? 1 : -1;
        static const double ss[] = {0.25, 0.5, 0.75, 1, 0.125};
        double s = ss[swm_below(&g, 5)];
        v[k] = 0;
        for (int i = 0; i < 3; i++)
            c[i] = P[i] - s * v[i] + (i == k ? sg * *r : 0);
        return 1;
    }
    case 3: { /* near tangent graze of an edge (or, for a plane, of the plane) */
        if (npts < 2 && !plane)
            return 0;
        double e[3], u[3], F[3];
        static const double ss[] = {0.25, 0.5, 0.75, 1};
        double s = ss[swm_below(&g, 4)];
        if (plane) {
            memcpy(u, n, sizeof u);
            memcpy(F, in + SWM_SET, sizeof F);
            /* v in the plane, centre r above it */
            double d = swm_dot(v, n);
            for (int i = 0; i < 3; i++)
                v[i] -= d * n[i];
        } else {
            int a = swm_below(&g, npts), b = (a + 1) % npts;
            const double *A = in + SWM_SET + 3 * a, *B = in + SWM_SET + 3 * b;
            double w = swm_weight(&g, 0);
            for (int i = 0; i < 3; i++) {
                e[i] = B[i] - A[i];
                F[i] = A[i] + w * e[i];
            }
            swm_cross(u, e, v);
            double l = swm_norm(u);
            if (!(l > 0))
                return 0;
            for (int i = 0; i < 3; i++)
                u[i] /= l;
        }
        double sg = swm_below(&g, 2) ? 1 : -1;
        for (int i = 0; i < 3; i++)
            c[i] = F[i] + sg * *r * u[i] - s * v[i];
        return 1;
    }
    case 4: { /* velocity parallel to an edge, or to the plane's normal */
        double sc = ldexp(swm_below(&g, 2) ? 1 : -1, swm_below(&g, 5) - 2);
        if (plane) {
            for (int i = 0; i < 3; i++)
                v[i] = sc * in[SWM_SET + 3 + i];
            return 1;
        }
        if (npts < 2)
            return 0;
        int a = swm_below(&g, npts), b = (a + 1) % npts;
        for (int i = 0; i < 3; i++)
            v[i] = sc * (in[SWM_SET + 3 * b + i] - in[SWM_SET + 3 * a + i]);
        return 1;
    }
    case 5: { /* velocity in the plane */
        if (plane) {
            double e[3] = {0, 0, 0}, u[3];
            e[swm_below(&g, 3)] = 1;
            swm_cross(u, in + SWM_SET + 3, e);
            memcpy(v, u, sizeof u);
            return 1;
        }
        if (npts < 3)
            return 0;
        double al = swm_below(&g, 5) - 2, be = swm_below(&g, 5) - 2;
        for (int i = 0; i < 3; i++)
            v[i] = al * (in[SWM_SET + 3 + i] - in[SWM_SET + i]) + be * (in[SWM_SET + 6 + i] - in[SWM_SET + i]);
        return 1;
    }
    case 6: { /* radius towards zero */
        static const double tiny[] = {0, 0x1p-149, 0x1p-126};
        int m = swm_below(&g, 4);
        *r = m < 3 ? tiny[m] : ldexp(*r, -1 - swm_below(&g, 30));
        return 1;
    }
    case 7: { /* radius = distance from the centre to a feature: touching at t = 0 */
        double d[3];
        if (plane) {
            for (int i = 0; i < 3; i++)
                d[i] = c[i] - in[SWM_SET + i];
            *r = fabs(swm_dot(d, n));
        } else {
            double T[3];
            swm_target(&g, in, tpts, T);
            for (int i = 0; i < 3; i++)
                d[i] = c[i] - T[i];
            *r = swm_norm(d);
        }
        return 1;
    }
    case 8: /* zero velocity */
        v[0] = v[1] = v[2] = 0;
        return 1;
    case 9: { /* the same motion from the other side of the plane */
        if (swm_norm(n) == 0)
            return 0;
        double d[3];
        for (int i = 0; i < 3; i++)
            d[i] = c[i] - in[SWM_SET + i];
        double dc = swm_dot(d, n), dvv = swm_dot(v, n);
        for (int i = 0; i < 3; i++) {
            c[i] -= 2 * dc * n[i];
            v[i] -= 2 * dvv * n[i];
        }
        return 1;
    }
    default: { /* the end of the path exactly at distance r from a point, along an axis */
        const double *P = in + SWM_SET + 3 * swm_below(&g, tpts);
        int k = swm_below(&g, 3);
        double sg = swm_below(&g, 2) ? 1 : -1;
        for (int i = 0; i < 3; i++)
            v[i] = P[i] + (i == k ? sg * *r : 0) - c[i];
        return 1;
    }
    }
}

#endif
