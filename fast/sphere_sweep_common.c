/* fast/sphere_sweep_common.c: binary32 features of the sweeps; see
 * fast_sweep.h. */
#include "fast_sweep.h"

#include <float.h>

bool fsw_setup(fsw_ball *b, isect_moving_sphere s, const isect_vec3 *pts, int n, isect_vec3 *P)
{
    if (!fv_finite3(s.center) || !fv_finite3(s.velocity) || !isfinite(s.radius) || !(s.radius >= 0))
        return false;
    float m = isect_fmaxf(isect_fmaxf(fv_max3abs(s.center), fv_max3abs(s.velocity)), s.radius);
    for (int i = 0; i < n; i++) {
        if (!fv_finite3(pts[i]))
            return false;
        m = isect_fmaxf(m, fv_max3abs(pts[i]));
    }
    int e = fv_exp(m); /* m 2^-e in [1/2, 1); 0 for m == 0 */
    b->e = e;
    b->c = fv_scale3(s.center, -e);
    b->v = fv_scale3(s.velocity, -e);
    b->r = fv_ldexp(s.radius, -e);
    for (int i = 0; i < n; i++)
        P[i] = fv_sub(fv_scale3(pts[i], -e), b->c);
    return true;
}

isect_vec3 fsw_world(const fsw_ball *b, isect_vec3 p)
{
    isect_vec3 w = fv_scale3(fv_add(b->c, p), b->e);
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

bool fsw_edge(fsw_contact *best, const fsw_ball *b, isect_vec3 P0, isect_vec3 P1)
{
    /* With w = -P0 (centre minus p0) and e = P1 - P0:
     * E dist(t v, line)^2 = |(w + t v) x e|^2, so with X = w x e, Y = v x e:
     * a = |Y|^2, b = X.Y, c = |X|^2 - r^2 E, D = b^2 - a c
     * = E (r^2 |Y|^2 - g^2) with g = w.(v x e) = -X.v.
     * In binary64: X and Y are then correct to 2^-53 relative, component by
     * component (exact products), so a, b, c and D stay consistent when the
     * centre is near the line; in binary32 both b and c are rounding noise
     * there and c / (-b + sqrt(D)) is meaningless. */
    isect_vec3 ef = fv_sub(P1, P0);
    fv_d3 e = fv_d(ef), w = fv_d(fv_neg(P0)), v = fv_d(b->v);
    double E = fv_ddot(e, e);
    if (!(E > 0))
        return false;
    fv_d3 X = fv_dcross(w, e), Y = fv_dcross(v, e);
    double r2 = (double)b->r * b->r;
    double a = fv_ddot(Y, Y), bb = fv_ddot(X, Y), c = fv_ddot(X, X) - r2 * E;
    double g = fv_ddot(X, v);
    double D = E * (r2 * a - g * g);
    double t;
    if (!entry_d(a, bb, c, D, &t))
        return false;
    /* The foot of the perpendicular: P0 + (sigma / E) e, sigma in [0, E]. */
    double sigma = fv_ddot(w, e) + t * fv_ddot(v, e);
    if (!(sigma >= 0 && sigma <= E))
        return false;
    offer(best, FSW_EDGE, (float)t, fv_f(fv_dadd(fv_d(P0), fv_dmul(e, sigma / E))));
    return true;
}

void fsw_vertex(fsw_contact *best, const fsw_ball *b, isect_vec3 P)
{
    /* |t v - P|^2 = r^2: a = v.v, b = -P.v, c = P.P - r^2,
     * D = b^2 - a c = r^2 |v|^2 - |P x v|^2 (Lagrange). */
    fv_d3 p = fv_d(P), v = fv_d(b->v);
    double r2 = (double)b->r * b->r;
    double a = fv_ddot(v, v), bb = -fv_ddot(p, v), c = fv_ddot(p, p) - r2;
    fv_d3 x = fv_dcross(p, v);
    double D = r2 * a - fv_ddot(x, x);
    double t;
    if (entry_d(a, bb, c, D, &t))
        offer(best, FSW_VERTEX, (float)t, P);
}

bool fsw_touches(const fsw_ball *b, isect_vec3 y)
{
    fv_d3 p = fv_d(y);
    return fv_ddot(p, p) <= (double)b->r * b->r;
}

/* The normal of the frame triangle, each component correctly rounded. */
static fv_d3 tri_normal(isect_vec3 P0, isect_vec3 P1, isect_vec3 P2)
{
    return fv_dcross(fv_d(fv_sub(P1, P0)), fv_d(fv_sub(P2, P0)));
}

/* The three edge functions (n x ek).(x - Pk) >= 0: x projects into the
 * closed triangle. */
static bool tri_inside(fv_d3 n, const isect_vec3 *Ps, fv_d3 x)
{
    for (int k = 0; k < 3; k++) {
        fv_d3 m = fv_dcross(n, fv_d(fv_sub(Ps[(k + 1) % 3], Ps[k])));
        if (fv_ddot(m, fv_dsub(x, fv_d(Ps[k]))) < 0)
            return false;
    }
    return true;
}

int fsw_face(fsw_contact *best, const fsw_ball *b, isect_vec3 P0, isect_vec3 P1, isect_vec3 P2)
{
    /* In binary64: a binary32 normal of a thin triangle is mostly rounding
     * noise, which tilts the plane far beyond any rounding of the input. */
    fv_d3 n = tri_normal(P0, P1, P2);
    double N = fv_ddot(n, n);
    if (!(N > 0))
        return FSW_FACE_OTHER;
    /* Signed distance of the centre times |n|: d0 + t dv; the sphere enters
     * the slab |d| <= r |n| at t = (|d0| - r |n|) / |dv| when approaching. */
    fv_d3 v = fv_d(b->v);
    double d0 = -fv_ddot(n, fv_d(P0)), dv = fv_ddot(n, v), ln = sqrt(N);
    double gap = fabs(d0) - b->r * ln;
    if (!(gap > 0))
        return FSW_FACE_OTHER; /* within r of the plane at the start (or NaN) */
    if (!(d0 * dv < 0))
        return FSW_FACE_NEVER; /* outside the slab, moving away or parallel */
    double t = gap / fabs(dv); /* gap > 0 finite, dv != 0: t > 0, never NaN */
    if (!(t <= 1))
        return FSW_FACE_NEVER;
    /* The centre at t must project into the triangle. */
    fv_d3 q = fv_dmul(v, t);
    isect_vec3 Ps[3] = {P0, P1, P2};
    if (!tri_inside(n, Ps, q))
        return FSW_FACE_OTHER;
    /* Contact point: the centre moved by r towards the plane. */
    double s = b->r / ln;
    offer(best, FSW_FACE, (float)t, fv_f(fv_dadd(q, fv_dmul(n, d0 > 0 ? -s : s))));
    return FSW_FACE_FIRST;
}

float fsw_closest_segment(isect_vec3 *y, isect_vec3 P0, isect_vec3 P1)
{
    isect_vec3 e = fv_sub(P1, P0);
    float E = fv_dot(e, e), s = -fv_dot(P0, e);
    if (!(E > 0) || s <= 0)
        *y = P0;
    else if (s >= E)
        *y = P1;
    else
        *y = fv_add(P0, fv_mul(e, s / E));
    return fv_dot(*y, *y);
}

float fsw_closest_triangle(isect_vec3 *y, isect_vec3 P0, isect_vec3 P1, isect_vec3 P2)
{
    isect_vec3 Ps[3] = {P0, P1, P2};
    fv_d3 n = tri_normal(P0, P1, P2);
    double N = fv_ddot(n, n);
    if (!(N > 0)) {
        /* Collinear (or a point): the hull is the longest edge. */
        int k = 0;
        float L = -1;
        for (int i = 0; i < 3; i++) {
            isect_vec3 e = fv_sub(Ps[(i + 1) % 3], Ps[i]);
            if (fv_dot(e, e) > L) {
                L = fv_dot(e, e);
                k = i;
            }
        }
        return fsw_closest_segment(y, Ps[k], Ps[(k + 1) % 3]);
    }
    /* The projection of the origin on the plane, p = ((n.P0) / N) n; inside
     * the triangle it is the closest point. */
    fv_d3 p = fv_dmul(n, fv_ddot(n, fv_d(P0)) / N);
    if (tri_inside(n, Ps, (fv_d3){0, 0, 0})) {
        *y = fv_f(p);
        return fv_dot(*y, *y);
    }
    /* Outside: the closest point is on an edge; choose the edge by the
     * distance from p, in the plane.  (The 3D distances differ from these
     * by the same squared height, which would swamp them when the centre is
     * far from the plane.) */
    double best = INFINITY;
    for (int k = 0; k < 3; k++) {
        fv_d3 a = fv_dsub(fv_d(Ps[k]), p), e = fv_d(fv_sub(Ps[(k + 1) % 3], Ps[k]));
        double E = fv_ddot(e, e), s = -fv_ddot(a, e);
        s = !(E > 0) || s <= 0 ? 0 : s >= E ? 1 : s / E;
        fv_d3 yk = fv_dadd(a, fv_dmul(e, s));
        double dk = fv_ddot(yk, yk);
        if (k == 0 || dk < best) {
            best = dk;
            *y = s == 0 ? Ps[k] : s == 1 ? Ps[(k + 1) % 3] : fv_f(fv_dadd(yk, p));
        }
    }
    return fv_dot(*y, *y);
}
