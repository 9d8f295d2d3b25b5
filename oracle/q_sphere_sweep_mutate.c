/* oracle/q_sphere_sweep_mutate.c: the sweep rows' structure-aware edits
 * (q_sphere_sweep_mutate.h says what they aim at). */
#include "q_sphere_sweep_mutate.h"
#include "rng.h"

#include <math.h>
#include <string.h>

enum { SWM_C = 0, SWM_V = 3, SWM_R = 6, SWM_SET = 7 };

/* The generator of oracle/rng.h. */
typedef struct {
    uint64_t s;
} swm_rng;

static int swm_below(swm_rng *g, int n) { return isect_rng_below(&g->s, n); }

static void swm_cross(double *r, const double *a, const double *b)
{
    double x = a[1] * b[2] - a[2] * b[1], y = a[2] * b[0] - a[0] * b[2], z = a[0] * b[1] - a[1] * b[0];
    r[0] = x;
    r[1] = y;
    r[2] = z;
}

static double swm_dot(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static double swm_norm(const double *a) { return sqrt(swm_dot(a, a)); }

/* A dyadic weight for points on edges; some outside [0, 1]. */
static double swm_weight(swm_rng *g, int outside)
{
    static const double in_w[] = {0.5, 0.25, 0.75, 0.125, 0.875, 0, 1};
    static const double out_w[] = {-0.0625, 1.0625, -0.25, 1.25, -0x1p-10, 1 + 0x1p-10};
    return outside ? out_w[swm_below(g, 6)] : in_w[swm_below(g, 7)];
}

/* A target point of the set: one of its points, a point on (or, with
 * `outside`, just beyond) a segment between two of them, or the centroid.
 * For a triangle (npts == 3), "outside" may also push an edge point away
 * from the opposite vertex, in the plane. */
static void swm_target(swm_rng *g, const double *in, int npts, double *T)
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
static void swm_tri_normal(const double *in, double *n)
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

/* The state an edit works on: the input, its parts, the set's unit normal
 * (0 unless it is a plane or a triangle) and the number of points a target
 * may be drawn from. */
typedef struct {
    swm_rng g;
    double *in, *c, *v, *r;
    double n[3];
    int npts, plane, tpts;
} swm_ctx;

/* aim the path through a target, with an offset of about r */
static int swm_aim(swm_ctx *x)
{
    double T[3], off[3] = {0, 0, 0};
    swm_target(&x->g, x->in, x->tpts, T);
    double k = (double)swm_below(&x->g, 5) - 2; /* -2r .. 2r */
    int along = swm_below(&x->g, 3);
    if (along == 0 && swm_norm(x->n) > 0) { /* along the normal: the sphere's lowest point aims at T */
        for (int i = 0; i < 3; i++)
            off[i] = k * *x->r * x->n[i];
    } else if (along == 1) {
        off[swm_below(&x->g, 3)] = k * *x->r;
    }
    static const double f[] = {1, 2, 4, 1.5, 0.75, 1.25};
    double s = f[swm_below(&x->g, 6)];
    for (int i = 0; i < 3; i++)
        x->v[i] = s * (T[i] + off[i] - x->c[i]);
    return 1;
}

/* exact tangent graze of a point: v_k = 0, centre r away along axis k at t = s */
static int swm_graze_point(swm_ctx *x)
{
    const double *P = x->in + SWM_SET + 3 * swm_below(&x->g, x->tpts);
    int k = swm_below(&x->g, 3);
    double sg = swm_below(&x->g, 2) ? 1 : -1;
    static const double ss[] = {0.25, 0.5, 0.75, 1, 0.125};
    double s = ss[swm_below(&x->g, 5)];
    x->v[k] = 0;
    for (int i = 0; i < 3; i++)
        x->c[i] = P[i] - s * x->v[i] + (i == k ? sg * *x->r : 0);
    return 1;
}

/* near tangent graze of an edge (or, for a plane, of the plane) */
static int swm_graze_edge(swm_ctx *x)
{
    if (x->npts < 2 && !x->plane)
        return 0;
    double e[3], u[3], F[3];
    static const double ss[] = {0.25, 0.5, 0.75, 1};
    double s = ss[swm_below(&x->g, 4)];
    if (x->plane) {
        memcpy(u, x->n, sizeof u);
        memcpy(F, x->in + SWM_SET, sizeof F);
        /* v in the plane, centre r above it */
        double d = swm_dot(x->v, x->n);
        for (int i = 0; i < 3; i++)
            x->v[i] -= d * x->n[i];
    } else {
        int a = swm_below(&x->g, x->npts), b = (a + 1) % x->npts;
        const double *A = x->in + SWM_SET + 3 * a, *B = x->in + SWM_SET + 3 * b;
        double w = swm_weight(&x->g, 0);
        for (int i = 0; i < 3; i++) {
            e[i] = B[i] - A[i];
            F[i] = A[i] + w * e[i];
        }
        swm_cross(u, e, x->v);
        double l = swm_norm(u);
        if (!(l > 0))
            return 0;
        for (int i = 0; i < 3; i++)
            u[i] /= l;
    }
    double sg = swm_below(&x->g, 2) ? 1 : -1;
    for (int i = 0; i < 3; i++)
        x->c[i] = F[i] + sg * *x->r * u[i] - s * x->v[i];
    return 1;
}

/* velocity parallel to an edge, or to the plane's normal */
static int swm_along_edge(swm_ctx *x)
{
    double sc = ldexp(swm_below(&x->g, 2) ? 1 : -1, swm_below(&x->g, 5) - 2);
    if (x->plane) {
        for (int i = 0; i < 3; i++)
            x->v[i] = sc * x->in[SWM_SET + 3 + i];
        return 1;
    }
    if (x->npts < 2)
        return 0;
    int a = swm_below(&x->g, x->npts), b = (a + 1) % x->npts;
    for (int i = 0; i < 3; i++)
        x->v[i] = sc * (x->in[SWM_SET + 3 * b + i] - x->in[SWM_SET + 3 * a + i]);
    return 1;
}

/* velocity in the plane */
static int swm_in_plane(swm_ctx *x)
{
    const double *in = x->in;
    if (x->plane) {
        double e[3] = {0, 0, 0}, u[3];
        e[swm_below(&x->g, 3)] = 1;
        swm_cross(u, in + SWM_SET + 3, e);
        memcpy(x->v, u, sizeof u);
        return 1;
    }
    if (x->npts < 3)
        return 0;
    double al = swm_below(&x->g, 5) - 2, be = swm_below(&x->g, 5) - 2;
    for (int i = 0; i < 3; i++)
        x->v[i] = al * (in[SWM_SET + 3 + i] - in[SWM_SET + i]) + be * (in[SWM_SET + 6 + i] - in[SWM_SET + i]);
    return 1;
}

/* radius towards zero */
static int swm_tiny_radius(swm_ctx *x)
{
    static const double tiny[] = {0, 0x1p-149, 0x1p-126};
    int m = swm_below(&x->g, 4);
    *x->r = m < 3 ? tiny[m] : ldexp(*x->r, -1 - swm_below(&x->g, 30));
    return 1;
}

/* radius = distance from the centre to a feature: touching at t = 0 */
static int swm_touching(swm_ctx *x)
{
    double d[3];
    if (x->plane) {
        for (int i = 0; i < 3; i++)
            d[i] = x->c[i] - x->in[SWM_SET + i];
        *x->r = fabs(swm_dot(d, x->n));
    } else {
        double T[3];
        swm_target(&x->g, x->in, x->tpts, T);
        for (int i = 0; i < 3; i++)
            d[i] = x->c[i] - T[i];
        *x->r = swm_norm(d);
    }
    return 1;
}

/* zero velocity */
static int swm_still(swm_ctx *x)
{
    x->v[0] = x->v[1] = x->v[2] = 0;
    return 1;
}

/* the same motion from the other side of the plane */
static int swm_mirror(swm_ctx *x)
{
    if (swm_norm(x->n) == 0)
        return 0;
    double d[3];
    for (int i = 0; i < 3; i++)
        d[i] = x->c[i] - x->in[SWM_SET + i];
    double dc = swm_dot(d, x->n), dvv = swm_dot(x->v, x->n);
    for (int i = 0; i < 3; i++) {
        x->c[i] -= 2 * dc * x->n[i];
        x->v[i] -= 2 * dvv * x->n[i];
    }
    return 1;
}

/* the end of the path exactly at distance r from a point, along an axis */
static int swm_end_touch(swm_ctx *x)
{
    const double *P = x->in + SWM_SET + 3 * swm_below(&x->g, x->tpts);
    int k = swm_below(&x->g, 3);
    double sg = swm_below(&x->g, 2) ? 1 : -1;
    for (int i = 0; i < 3; i++)
        x->v[i] = P[i] + (i == k ? sg * *x->r : 0) - x->c[i];
    return 1;
}

int swm_mutate(double *in, unsigned long long word, int npts, int plane)
{
    /* Aiming weighs double: it is the edit that finds Nettle's case. */
    static int (*const edits[])(swm_ctx *) = {
        swm_aim,        swm_aim,         swm_graze_point, swm_graze_edge, swm_along_edge, swm_in_plane,
        swm_tiny_radius, swm_touching,   swm_still,       swm_mirror,     swm_end_touch,
    };
    swm_ctx x = {{word}, in, in + SWM_C, in + SWM_V, in + SWM_R, {0, 0, 0}, npts, plane, plane ? 1 : npts};
    if (plane) {
        double l = swm_norm(in + SWM_SET + 3);
        for (int i = 0; i < 3; i++)
            x.n[i] = l > 0 ? in[SWM_SET + 3 + i] / l : 0;
    } else if (npts == 3) {
        swm_tri_normal(in, x.n);
    }
    return edits[swm_below(&x.g, (int)(sizeof edits / sizeof *edits))](&x);
}
