/* fast/sphere_sweep_common.h: the frame of fast_sweep.h, the edge and
 * vertex features, the start tests and the triangle's normals as static
 * inline code, for fast/sphere_sweep_segment.c and
 * fast/sphere_sweep_triangle.c (internal to libisect).  Inputs are read
 * through pointers (no by-value struct copies into calls).
 * docs/queries/sphere_sweep_triangle.md, "fast". */
#ifndef ISECT_SPHERE_SWEEP_COMMON_H
#define ISECT_SPHERE_SWEEP_COMMON_H

#include "fast_sweep.h"

#include <stdint.h>
#include <string.h>

/* |x|'s bits: for non-negative binary32 values the integer order is the
 * numeric order, and a non-finite x gives at least 0x7f800000. */
static inline uint32_t ssc_abits(float x) { return fv_bits32(x) & 0x7fffffffu; }

static inline uint32_t ssc_abits3(const isect_vec3 *v)
{
    uint32_t a = ssc_abits(v->x), b = ssc_abits(v->y), c = ssc_abits(v->z);
    a = a > b ? a : b;
    return a > c ? a : c;
}

/* x 2^-e rounded once, as fv_ldexp: for |e| <= 126, 2^-e is a normal
 * binary32 and the binary32 product is that one rounding. */
static inline isect_vec3 ssc_scale3(const isect_vec3 *v, int e, float f)
{
    if (e < -126 || e > 126)
        return fv_scale3(*v, -e);
    return (isect_vec3){v->x * f, v->y * f, v->z * f};
}

/* The frame (fast_sweep.h): validates s and pts[0..n-1] (every value finite, the
 * radius >= 0), scales by 2^-e (the largest magnitude m to [1/2, 1)) and
 * translates; m is the largest |value|, found on the bits. */
static inline bool ssc_setup(fsw_ball *b, const isect_moving_sphere *s, const isect_vec3 *pts, int n, isect_vec3 *P)
{
    uint32_t mb = ssc_abits3(&s->center), t = ssc_abits3(&s->velocity), rb = ssc_abits(s->radius);
    mb = mb > t ? mb : t;
    mb = mb > rb ? mb : rb;
    for (int i = 0; i < n; i++) {
        t = ssc_abits3(&pts[i]);
        mb = mb > t ? mb : t;
    }
    if (mb >= 0x7f800000u || !(s->radius >= 0))
        return false;
    float m;
    memcpy(&m, &mb, sizeof m);
    int e = fv_exp(m);
    b->e = e;
    if (e == 0) {
        b->c = s->center;
        b->v = s->velocity;
        b->r = s->radius;
        for (int i = 0; i < n; i++)
            P[i] = fv_sub(pts[i], b->c);
        return true;
    }
    uint32_t fb = (uint32_t)(127 - e) << 23; /* 2^-e when |e| <= 126 */
    float f;
    memcpy(&f, &fb, sizeof f);
    b->c = ssc_scale3(&s->center, e, f);
    b->v = ssc_scale3(&s->velocity, e, f);
    b->r = fv_ldexp(s->radius, -e);
    for (int i = 0; i < n; i++)
        P[i] = fv_sub(ssc_scale3(&pts[i], e, f), b->c);
    return true;
}

static inline void ssc_offer(fsw_contact *best, int kind, float t, isect_vec3 p)
{
    if (best->kind != FSW_MISS && !(t < best->t))
        return;
    best->kind = kind;
    best->t = t;
    best->p = p;
}

/* The entry root of a t^2 + 2 b t + c = 0 given c > 0, a > 0, b < 0,
 * D >= 0 (the comment at the top of sphere_sweep_common.c gives the two
 * forms and why binary64). */
static inline double ssc_root(double a, double b, double c, double D)
{
    double s = sqrt(D);
    return s <= -0.5 * b ? (-b - s) / a : c / (s - b);
}

/* The edge P0 P1.  With w = -P0 (centre minus p0) and e = P1 - P0:
 * E dist(t v, line)^2 = |(w + t v) x e|^2, so with X = w x e, Y = v x e:
 * a = |Y|^2, b = X.Y, c = |X|^2 - r^2 E, D = b^2 - a c
 * = E (r^2 |Y|^2 - g^2), g = w.(v x e) = -X.v.  Offers the candidate when
 * the line is entered in (0, 1] at a point of the edge and returns true (no
 * end is then first: both lie on that line, entered no later).  Exact
 * arithmetic would allow more (a line entered
 * beyond P1 leaves only P1, one never entered leaves neither), but the
 * edge is computed with e = fl32(P1 - P0), a slightly different segment
 * from the ends, and under a motion nearly parallel to the edge the foot
 * of that line can lie just beyond P1 while P1 itself is missed: the
 * fuzzer found it (corpus/sphere_sweep_segment/regress_end_pruning.case,
 * severity 784), where computing both ends gives a tolerated answer. */
static inline bool ssc_edge(fsw_contact *best, const fsw_ball *b, const isect_vec3 *P0, const isect_vec3 *P1)
{
    isect_vec3 ef = fv_sub(*P1, *P0);
    fv_d3 e = fv_d(ef), w = {-(double)P0->x, -(double)P0->y, -(double)P0->z}, v = fv_d(b->v);
    double E = fv_ddot(e, e);
    if (!(E > 0))
        return false;
    fv_d3 X = fv_dcross(w, e), Y = fv_dcross(v, e);
    double r2 = (double)b->r * b->r;
    double c = fv_ddot(X, X) - r2 * E;
    if (!(c > 0))
        return false;
    double a = fv_ddot(Y, Y), bb = fv_ddot(X, Y);
    if (!(a > 0 && bb < 0))
        return false;
    double g = fv_ddot(X, v);
    double D = E * (r2 * a - g * g);
    if (!(D >= 0))
        return false;
    double t = ssc_root(a, bb, c, D);
    if (!(t <= 1))
        return false;
    /* The foot of the perpendicular: P0 + (sigma / E) e, sigma in [0, E]. */
    double sigma = fv_ddot(w, e) + t * fv_ddot(v, e);
    if (!(sigma >= 0 && sigma <= E))
        return false;
    ssc_offer(best, FSW_EDGE, (float)t, fv_f(fv_dadd(fv_d(*P0), fv_dmul(e, sigma / E))));
    return true;
}

/* The vertex P: |t v - P|^2 = r^2: a = v.v, b = -P.v,
 * c = P.P - r^2, D = b^2 - a c = r^2 |v|^2 - |P x v|^2 (Lagrange). */
static inline void ssc_vertex(fsw_contact *best, const fsw_ball *b, const isect_vec3 *P)
{
    fv_d3 p = fv_d(*P), v = fv_d(b->v);
    double r2 = (double)b->r * b->r;
    double a = fv_ddot(v, v), bb = -fv_ddot(p, v), c = fv_ddot(p, p) - r2;
    if (!(c > 0 && a > 0 && bb < 0))
        return;
    fv_d3 x = fv_dcross(p, v);
    double D = r2 * a - fv_ddot(x, x);
    if (!(D >= 0))
        return;
    double t = ssc_root(a, bb, c, D);
    if (t <= 1)
        ssc_offer(best, FSW_VERTEX, (float)t, *P);
}

/* |y| <= r, in binary64 (exact squares). */
static inline bool ssc_touches(const fsw_ball *b, const isect_vec3 *y)
{
    fv_d3 p = fv_d(*y);
    return fv_ddot(p, p) <= (double)b->r * b->r;
}

/* The closest point y of P0 P1 to the origin, in
 * binary32 (the clamped projection). */
static inline void ssc_closest_segment(isect_vec3 *y, const isect_vec3 *P0, const isect_vec3 *P1)
{
    isect_vec3 e = fv_sub(*P1, *P0);
    float E = fv_dot(e, e), s = -fv_dot(*P0, e);
    if (!(E > 0) || s <= 0)
        *y = *P0;
    else if (s >= E)
        *y = *P1;
    else
        *y = fv_add(*P0, fv_mul(e, s / E));
}

/* A triangle in the frame: its points, the normal n (each component
 * correctly rounded), N = n.n, and the edge normals m[k] = n x (P[k+1] -
 * P[k]), computed when first needed (bit k of have). */
typedef struct {
    isect_vec3 P[3];
    fv_d3 n;
    double N;
    fv_d3 m[3];
    unsigned have;
} ssc_tri;

static inline void ssc_tri_init(ssc_tri *T)
{
    T->n = fv_dcross(fv_d(fv_sub(T->P[1], T->P[0])), fv_d(fv_sub(T->P[2], T->P[0])));
    T->N = fv_ddot(T->n, T->n);
    T->have = 0;
}

/* The three edge functions m[k].(x - P[k]) >= 0: x projects into the
 * closed triangle. */
static inline bool ssc_tri_inside(ssc_tri *T, fv_d3 x)
{
    for (int k = 0; k < 3; k++) {
        if (!(T->have & (1u << k))) {
            T->m[k] = fv_dcross(T->n, fv_d(fv_sub(T->P[k == 2 ? 0 : k + 1], T->P[k])));
            T->have |= 1u << k;
        }
        if (fv_ddot(T->m[k], fv_dsub(x, fv_d(T->P[k]))) < 0)
            return false;
    }
    return true;
}

/* The closest point y of the triangle (hull of its points) to the origin
 * (fast/sphere_sweep_common.c). */
void ssc_closest_triangle(isect_vec3 *y, ssc_tri *T);

#endif
