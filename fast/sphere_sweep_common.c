/* fast/sphere_sweep_common.c: binary32 features of the sweeps; see
 * sphere_sweep_impl.h. */
#include "sphere_sweep_impl.h"

#include <float.h>
#include <math.h>

static isect_vec3 sub(isect_vec3 a, isect_vec3 b) { return (isect_vec3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static isect_vec3 add(isect_vec3 a, isect_vec3 b) { return (isect_vec3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static isect_vec3 scale(isect_vec3 a, float s) { return (isect_vec3){a.x * s, a.y * s, a.z * s}; }
static float dot(isect_vec3 a, isect_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static isect_vec3 neg(isect_vec3 a) { return (isect_vec3){-a.x, -a.y, -a.z}; }
static bool finite3(isect_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }
static float max3abs(isect_vec3 v) { return isect_fmaxf(fabsf(v.x), isect_fmaxf(fabsf(v.y), fabsf(v.z))); }
static isect_vec3 ldexp3(isect_vec3 a, int e) { return (isect_vec3){p2_ldexp(a.x, e), p2_ldexp(a.y, e), p2_ldexp(a.z, e)}; }

bool fsw_setup(fsw_ball *b, isect_moving_sphere s, const isect_vec3 *pts, int n, isect_vec3 *P)
{
    if (!finite3(s.center) || !finite3(s.velocity) || !isfinite(s.radius) || !(s.radius >= 0))
        return false;
    float m = isect_fmaxf(isect_fmaxf(max3abs(s.center), max3abs(s.velocity)), s.radius);
    for (int i = 0; i < n; i++) {
        if (!finite3(pts[i]))
            return false;
        m = isect_fmaxf(m, max3abs(pts[i]));
    }
    int e = p2_exp(m); /* m 2^-e in [1/2, 1); 0 for m == 0 */
    b->e = e;
    b->c = ldexp3(s.center, -e);
    b->v = ldexp3(s.velocity, -e);
    b->r = p2_ldexp(s.radius, -e);
    for (int i = 0; i < n; i++)
        P[i] = sub(ldexp3(pts[i], -e), b->c);
    return true;
}

isect_vec3 fsw_world(const fsw_ball *b, isect_vec3 p)
{
    isect_vec3 w = ldexp3(add(b->c, p), b->e);
    /* Rounding can push a point of a set at the edge of the range past it. */
    w.x = isect_fminf(isect_fmaxf(w.x, -FLT_MAX), FLT_MAX);
    w.y = isect_fminf(isect_fmaxf(w.y, -FLT_MAX), FLT_MAX);
    w.z = isect_fminf(isect_fmaxf(w.z, -FLT_MAX), FLT_MAX);
    return w;
}

static void offer(fsw_contact *best, int kind, float t, isect_vec3 p)
{
    if (best->kind != FSW_MISS && !(t < best->t))
        return;
    best->kind = kind;
    best->t = t;
    best->p = p;
}

/* binary64 helpers for the face: a product of two binary32 values is exact
 * in binary64, so each component of the cross product of two binary32
 * vectors is its exact value rounded once. */
typedef struct {
    double x, y, z;
} dvec;

static dvec dv_of(isect_vec3 a) { return (dvec){a.x, a.y, a.z}; }
static dvec dv_sub(dvec a, dvec b) { return (dvec){a.x - b.x, a.y - b.y, a.z - b.z}; }
static dvec dv_add(dvec a, dvec b) { return (dvec){a.x + b.x, a.y + b.y, a.z + b.z}; }
static dvec dv_scale(dvec a, double s) { return (dvec){a.x * s, a.y * s, a.z * s}; }
static double dv_dot(dvec a, dvec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static dvec dv_cross(dvec a, dvec b)
{
    return (dvec){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
static isect_vec3 dv_to_f(dvec a) { return (isect_vec3){(float)a.x, (float)a.y, (float)a.z}; }

/* The smaller root of a t^2 + 2 b t + c = 0 (discriminant D, computed by the
 * caller in a form without the cancellation of b^2 - a c) when the sphere
 * enters the feature's neighbourhood at t in (0, 1]: c > 0, a > 0, b < 0,
 * D >= 0.  With s = sqrt(D): t = (-b - s) / a when s <= -b/2 (no
 * cancellation, c enters only through D), else t = c / (-b + s) (two
 * positive terms).
 *
 * Why binary64: c and D are computed independently, and where both are
 * near 0 (the sphere starts touching the feature and moves along it) their
 * rounding errors eps make the root about sqrt(eps / a), an answer that only
 * an input perturbation of relative size sqrt(eps) explains: 2^-12 (severity
 * ~4096) in binary32, found by the fuzzer on sphere_sweep_point
 * (corpus/sphere_sweep_point/regress_tangent_start.case); 2^-26.5 (severity
 * ~0.2) in binary64, where the products of binary32 values are exact. */
static bool entry_d(double a, double b, double c, double D, double *t)
{
    if (!(c > 0 && a > 0 && b < 0 && D >= 0))
        return false;
    double s = sqrt(D);
    double root = s <= -0.5 * b ? (-b - s) / a : c / (s - b);
    if (!(root <= 1))
        return false;
    *t = root;
    return true;
}

void fsw_edge(fsw_contact *best, const fsw_ball *b, isect_vec3 P0, isect_vec3 P1)
{
    /* With w = -P0 (centre minus p0) and e = P1 - P0:
     * E dist(t v, line)^2 = |(w + t v) x e|^2, so with X = w x e, Y = v x e:
     * a = |Y|^2, b = X.Y, c = |X|^2 - r^2 E, D = b^2 - a c
     * = E (r^2 |Y|^2 - g^2) with g = w.(v x e) = -X.v.
     * In binary64: X and Y are then correct to 2^-53 relative, component by
     * component (exact products), so a, b, c and D stay consistent when the
     * centre is near the line; in binary32 both b and c are rounding noise
     * there and c / (-b + sqrt(D)) is meaningless. */
    isect_vec3 ef = sub(P1, P0);
    dvec e = dv_of(ef), w = dv_of(neg(P0)), v = dv_of(b->v);
    double E = dv_dot(e, e);
    if (!(E > 0))
        return;
    dvec X = dv_cross(w, e), Y = dv_cross(v, e);
    double r2 = (double)b->r * b->r;
    double a = dv_dot(Y, Y), bb = dv_dot(X, Y), c = dv_dot(X, X) - r2 * E;
    double g = dv_dot(X, v);
    double D = E * (r2 * a - g * g);
    double t;
    if (!entry_d(a, bb, c, D, &t))
        return;
    /* The foot of the perpendicular: P0 + (sigma / E) e, sigma in [0, E]. */
    double sigma = dv_dot(w, e) + t * dv_dot(v, e);
    if (!(sigma >= 0 && sigma <= E))
        return;
    offer(best, FSW_EDGE, (float)t, dv_to_f(dv_add(dv_of(P0), dv_scale(e, sigma / E))));
}

void fsw_vertex(fsw_contact *best, const fsw_ball *b, isect_vec3 P)
{
    /* |t v - P|^2 = r^2: a = v.v, b = -P.v, c = P.P - r^2,
     * D = b^2 - a c = r^2 |v|^2 - |P x v|^2 (Lagrange). */
    dvec p = dv_of(P), v = dv_of(b->v);
    double r2 = (double)b->r * b->r;
    double a = dv_dot(v, v), bb = -dv_dot(p, v), c = dv_dot(p, p) - r2;
    dvec x = dv_cross(p, v);
    double D = r2 * a - dv_dot(x, x);
    double t;
    if (entry_d(a, bb, c, D, &t))
        offer(best, FSW_VERTEX, (float)t, P);
}

bool fsw_touches(const fsw_ball *b, isect_vec3 y)
{
    dvec p = dv_of(y);
    return dv_dot(p, p) <= (double)b->r * b->r;
}

/* The normal of the frame triangle, each component correctly rounded. */
static dvec tri_normal(isect_vec3 P0, isect_vec3 P1, isect_vec3 P2)
{
    return dv_cross(dv_of(sub(P1, P0)), dv_of(sub(P2, P0)));
}

/* The three edge functions (n x ek).(x - Pk) >= 0: x projects into the
 * closed triangle. */
static bool tri_inside(dvec n, const isect_vec3 *Ps, dvec x)
{
    for (int k = 0; k < 3; k++) {
        dvec m = dv_cross(n, dv_of(sub(Ps[(k + 1) % 3], Ps[k])));
        if (dv_dot(m, dv_sub(x, dv_of(Ps[k]))) < 0)
            return false;
    }
    return true;
}

void fsw_face(fsw_contact *best, const fsw_ball *b, isect_vec3 P0, isect_vec3 P1, isect_vec3 P2)
{
    /* In binary64: a binary32 normal of a thin triangle is mostly rounding
     * noise, which tilts the plane far beyond any rounding of the input. */
    dvec n = tri_normal(P0, P1, P2);
    double N = dv_dot(n, n);
    if (!(N > 0))
        return;
    /* Signed distance of the centre times |n|: d0 + t dv; the sphere enters
     * the slab |d| <= r |n| at t = (|d0| - r |n|) / |dv| when approaching. */
    dvec v = dv_of(b->v);
    double d0 = -dv_dot(n, dv_of(P0)), dv = dv_dot(n, v), ln = sqrt(N);
    double gap = fabs(d0) - b->r * ln;
    if (!(gap > 0) || !(d0 * dv < 0))
        return;
    double t = gap / fabs(dv);
    if (!(t <= 1))
        return;
    /* The centre at t must project into the triangle. */
    dvec q = dv_scale(v, t);
    isect_vec3 Ps[3] = {P0, P1, P2};
    if (!tri_inside(n, Ps, q))
        return;
    /* Contact point: the centre moved by r towards the plane. */
    double s = b->r / ln;
    offer(best, FSW_FACE, (float)t, dv_to_f(dv_add(q, dv_scale(n, d0 > 0 ? -s : s))));
}

float fsw_closest_segment(isect_vec3 *y, isect_vec3 P0, isect_vec3 P1)
{
    isect_vec3 e = sub(P1, P0);
    float E = dot(e, e), s = -dot(P0, e);
    if (!(E > 0) || s <= 0)
        *y = P0;
    else if (s >= E)
        *y = P1;
    else
        *y = add(P0, scale(e, s / E));
    return dot(*y, *y);
}

float fsw_closest_triangle(isect_vec3 *y, isect_vec3 P0, isect_vec3 P1, isect_vec3 P2)
{
    isect_vec3 Ps[3] = {P0, P1, P2};
    dvec n = tri_normal(P0, P1, P2);
    double N = dv_dot(n, n);
    if (!(N > 0)) {
        /* Collinear (or a point): the hull is the longest edge. */
        int k = 0;
        float L = -1;
        for (int i = 0; i < 3; i++) {
            isect_vec3 e = sub(Ps[(i + 1) % 3], Ps[i]);
            if (dot(e, e) > L) {
                L = dot(e, e);
                k = i;
            }
        }
        return fsw_closest_segment(y, Ps[k], Ps[(k + 1) % 3]);
    }
    /* The projection of the origin on the plane, p = ((n.P0) / N) n; inside
     * the triangle it is the closest point. */
    dvec p = dv_scale(n, dv_dot(n, dv_of(P0)) / N);
    if (tri_inside(n, Ps, (dvec){0, 0, 0})) {
        *y = dv_to_f(p);
        return dot(*y, *y);
    }
    /* Outside: the closest point is on an edge; choose the edge by the
     * distance from p, in the plane.  (The 3D distances differ from these
     * by the same squared height, which would swamp them when the centre is
     * far from the plane.) */
    double best = INFINITY;
    for (int k = 0; k < 3; k++) {
        dvec a = dv_sub(dv_of(Ps[k]), p), e = dv_of(sub(Ps[(k + 1) % 3], Ps[k]));
        double E = dv_dot(e, e), s = -dv_dot(a, e);
        s = !(E > 0) || s <= 0 ? 0 : s >= E ? 1 : s / E;
        dvec yk = dv_add(a, dv_scale(e, s));
        double dk = dv_dot(yk, yk);
        if (k == 0 || dk < best) {
            best = dk;
            *y = s == 0 ? Ps[k] : s == 1 ? Ps[(k + 1) % 3] : dv_to_f(dv_add(yk, p));
        }
    }
    return dot(*y, *y);
}
