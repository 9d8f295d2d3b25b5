/* peers/ode.c: ODE 0.16 (binary64, dDOUBLE) as target peer:ode: dCollide on
 * a pair of geoms (docs/peers.md).  dInitODE2(0) is called once.
 *
 * Conventions and their mapping:
 * - an ODE ray is a segment of a given length with a normalised direction
 *   (dGeomRaySet normalises), and the contact depth is the distance from its
 *   start.  The ray becomes length tmax |dir| (dInfinity for tmax = inf) and
 *   t = depth / |dir|, both rounded in double: counted in the tolerance;
 * - ODE's rays report the surface: from inside a sphere or box, the exit
 *   point (or nothing) instead of t = 0.  Origins inside (or within 2^-20
 *   relative of the surface) are refused: a convention, not a bug;
 * - an ODE plane is a half-space (a x + b y + c z <= d is inside).  Our
 *   planes are two-sided surfaces: sphere_plane straddles when the ball meets
 *   both half-spaces (two dCollide calls), front when it meets only the one
 *   the normal points into, back otherwise;
 * - a box is built from an AABB as centre (min + max) / 2 and sides
 *   max - min, in double (a rounding, counted in the tolerance). */
#include "common.h"

#include <ode/ode.h>

static void init(void)
{
    static int done;
    if (!done)
        dInitODE2(0), done = 1;
}

static int collide(dGeomID a, dGeomID b, dContactGeom *c)
{
    dContactGeom tmp;
    int n = dCollide(a, b, 1, c ? c : &tmp, sizeof(dContactGeom));
    dGeomDestroy(a);
    dGeomDestroy(b);
    return n;
}

static dGeomID sphere(isect_sphere s)
{
    init();
    dGeomID g = dCreateSphere(0, s.radius);
    dGeomSetPosition(g, s.center.x, s.center.y, s.center.z);
    return g;
}

static dGeomID box(isect_aabb b)
{
    init();
    dGeomID g = dCreateBox(0, (double)b.max.x - b.min.x, (double)b.max.y - b.min.y, (double)b.max.z - b.min.z);
    dGeomSetPosition(g, 0.5 * ((double)b.min.x + b.max.x), 0.5 * ((double)b.min.y + b.max.y),
                     0.5 * ((double)b.min.z + b.max.z));
    return g;
}

/* The capsule along p0 p1: ODE's capsules lie along their local z axis. */
static dGeomID capsule(isect_capsule c)
{
    init();
    double d[3] = {(double)c.p1.x - c.p0.x, (double)c.p1.y - c.p0.y, (double)c.p1.z - c.p0.z};
    double len = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    dGeomID g = dCreateCapsule(0, c.radius, len);
    dGeomSetPosition(g, 0.5 * ((double)c.p0.x + c.p1.x), 0.5 * ((double)c.p0.y + c.p1.y),
                     0.5 * ((double)c.p0.z + c.p1.z));
    if (len > 0) {
        dMatrix3 R;
        dRFromZAxis(R, d[0], d[1], d[2]);
        dGeomSetRotation(g, R);
    }
    return g;
}

static double norm(isect_vec3 v) { return sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z); }

static dGeomID ray_geom(isect_ray r, double *dirlen)
{
    init();
    *dirlen = norm(r.dir);
    dGeomID g = dCreateRay(0, isinf(r.tmax) ? dInfinity : r.tmax * *dirlen);
    dGeomRaySet(g, r.origin.x, r.origin.y, r.origin.z, r.dir.x, r.dir.y, r.dir.z);
    return g;
}

static bool ray_hit(dGeomID ray, dGeomID g, double dirlen, float *t)
{
    dContactGeom c;
    if (!collide(ray, g, &c))
        return false;
    *t = (float)(c.depth / dirlen);
    return true;
}

static bool ode_ray_sphere(isect_ray r, isect_sphere s, isect_ray_sphere_result *out)
{
    double l;
    dGeomID ray = ray_geom(r, &l);
    return out->hit = ray_hit(ray, sphere(s), l, &out->t);
}

static bool ode_ray_aabb(isect_ray r, isect_aabb b, isect_ray_aabb_result *out)
{
    double l;
    dGeomID ray = ray_geom(r, &l);
    return out->hit = ray_hit(ray, box(b), l, &out->t);
}

static bool ode_ray_capsule(isect_ray r, isect_capsule c, isect_ray_capsule_result *out)
{
    double l;
    dGeomID ray = ray_geom(r, &l);
    return out->hit = ray_hit(ray, capsule(c), l, &out->t);
}

static bool ode_sphere_sphere(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out)
{
    return out->hit = collide(sphere(a), sphere(b), NULL) > 0;
}

static bool ode_sphere_aabb(isect_sphere a, isect_aabb b, isect_sphere_aabb_result *out)
{
    return out->hit = collide(sphere(a), box(b), NULL) > 0;
}

static bool ode_aabb_aabb(isect_aabb a, isect_aabb b, isect_aabb_aabb_result *out)
{
    return out->hit = collide(box(a), box(b), NULL) > 0;
}

static bool ode_capsule_capsule(isect_capsule a, isect_capsule b, isect_capsule_capsule_result *out)
{
    return out->hit = collide(capsule(a), capsule(b), NULL) > 0;
}

/* The half-space below the plane (side < 0) or above it (side > 0). */
static dGeomID halfspace(isect_plane p, double side)
{
    init();
    double n[3] = {side * p.normal.x, side * p.normal.y, side * p.normal.z};
    return dCreatePlane(0, n[0], n[1], n[2], n[0] * p.point.x + n[1] * p.point.y + n[2] * p.point.z);
}

static bool ode_sphere_plane(isect_sphere s, isect_plane p, isect_sphere_plane_result *out)
{
    bool back = collide(sphere(s), halfspace(p, 1), NULL) > 0;
    bool front = collide(sphere(s), halfspace(p, -1), NULL) > 0;
    out->side = back && front ? ISECT_STRADDLING : front ? ISECT_FRONT : ISECT_BACK;
    return back && front;
}

/* ---- refusals ---- */
static const char *finite_ray(const double *in, int n)
{
    for (int i = 0; i < n; i++)
        if (i != 6 && !isfinite(in[i]))
            return "non-finite coordinate";
    if (!(in[6] >= 0))
        return "tmax not >= 0 (invalid)";
    /* dGeomRaySet normalises the direction; dSafeNormalize3 aborts on a
     * length that underflows. */
    return in[3] * in[3] + in[4] * in[4] + in[5] * in[5] < 0x1p-1000 ? "zero or tiny direction (ODE aborts)" : NULL;
}

static double dist2(const double *a, const double *b)
{
    double d[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    return d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
}

/* A radius that is 0 or below 2^-40 of the largest of n coordinates. */
static int tiny_radius(double r, const double *c, int n)
{
    double m = 0;
    for (int i = 0; i < n; i++)
        m = fmax(m, fabs(c[i]));
    return !(r > 0x1p-40 * m) || r == 0;
}

static const char *ok_ray_sphere(const double *in)
{
    const char *w = finite_ray(in, 11);
    if (w || in[10] < 0)
        return w ? w : "negative radius (invalid)";
    /* The contact normal is point - centre: zero for radius 0, and it can
     * round to zero when the radius is below the ulp of the coordinates;
     * dxNormalize3 then aborts (odemath.h:41).  Such radii are refused. */
    if (tiny_radius(in[10], in, 3) || tiny_radius(in[10], in + 7, 3))
        return "radius 0 or below 2^-40 of the coordinates (ODE aborts normalising the contact normal)";
    double r = in[10] * (1 + 0x1p-20);
    return dist2(in, in + 7) <= r * r ? "origin inside the ball (ODE's rays see surfaces)" : NULL;
}

static const char *ok_ray_aabb(const double *in)
{
    const char *w = finite_ray(in, 13);
    if (w)
        return w;
    for (int i = 0; i < 3; i++) /* all axes first: a valid box on axis 0 says nothing of axis 2 */
        if (in[7 + i] > in[10 + i])
            return "min > max (invalid)";
    for (int i = 0; i < 3; i++) {
        double pad = 0x1p-20 * fmax(fabs(in[7 + i]), fabs(in[10 + i]));
        if (!(in[i] < in[7 + i] - pad || in[i] > in[10 + i] + pad))
            continue;
        return NULL;
    }
    return "origin inside the box (ODE's rays see surfaces)";
}

/* Distance from p to the segment a b, squared (glue for the refusal). */
static double seg_dist2(const double *p, const double *a, const double *b)
{
    double ab[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, ap[3] = {p[0] - a[0], p[1] - a[1], p[2] - a[2]};
    double l2 = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2];
    double s = l2 > 0 ? fmin(1, fmax(0, (ab[0] * ap[0] + ab[1] * ap[1] + ab[2] * ap[2]) / l2)) : 0;
    double q[3] = {a[0] + s * ab[0], a[1] + s * ab[1], a[2] + s * ab[2]};
    return dist2(p, q);
}

static const char *ok_ray_capsule(const double *in)
{
    const char *w = finite_ray(in, 14);
    if (w || in[13] < 0)
        return w ? w : "negative radius (invalid)";
    if (tiny_radius(in[13], in, 3) || tiny_radius(in[13], in + 7, 6))
        return "radius 0 or below 2^-40 of the coordinates (ODE aborts normalising the contact normal)";
    double r = in[13] * (1 + 0x1p-20);
    return seg_dist2(in, in + 7, in + 10) <= r * r ? "origin inside the capsule (ODE's rays see surfaces)" : NULL;
}

static const char *ok_sphere_sphere(const double *in)
{
    const char *w = peer_finite8(in);
    return w ? w : in[3] < 0 || in[7] < 0 ? "negative radius (invalid)" : NULL;
}

static const char *ok_box(const double *b)
{
    return b[0] > b[3] || b[1] > b[4] || b[2] > b[5] ? "min > max (invalid)" : NULL;
}

static const char *ok_sphere_aabb(const double *in)
{
    const char *w = peer_finite10(in);
    return w ? w : in[3] < 0 ? "negative radius (invalid)" : ok_box(in + 4);
}

static const char *ok_aabb_aabb(const double *in)
{
    const char *w = peer_finite12(in);
    return w ? w : ok_box(in) ? ok_box(in) : ok_box(in + 6);
}

static const char *ok_capsule_capsule(const double *in)
{
    const char *w = peer_finite14(in);
    return w ? w : in[6] < 0 || in[13] < 0 ? "negative radius (invalid)" : NULL;
}

static const char *ok_sphere_plane(const double *in)
{
    const char *w = peer_finite10(in);
    if (w || in[3] < 0)
        return w ? w : "negative radius (invalid)";
    return in[7] == 0 && in[8] == 0 && in[9] == 0 ? "zero normal (invalid)" : NULL;
}

/* Tolerances in units of 2^-53 (docs/peers.md): ODE computes in double but
 * normalises directions and normals, builds boxes and rotations, and uses
 * dEpsilon-scale tests in places: 2^20 units (2^-33 relative) for booleans
 * and t (t is then rounded to binary32, which the judge accounts for). */
#define ODE_TOL 0x1p20
static const isect_target_entry entries[] = {
    ISECT_ENTRY_EX(ray_sphere, ode_ray_sphere, ODE_TOL, ODE_TOL, NULL, ISECT_BINARY64, ok_ray_sphere),
    ISECT_ENTRY_EX(ray_aabb, ode_ray_aabb, ODE_TOL, ODE_TOL, NULL, ISECT_BINARY64, ok_ray_aabb),
    ISECT_ENTRY_EX(ray_capsule, ode_ray_capsule, ODE_TOL, ODE_TOL, NULL, ISECT_BINARY64, ok_ray_capsule),
    ISECT_ENTRY_EX(sphere_sphere, ode_sphere_sphere, 0, ODE_TOL, NULL, ISECT_BINARY64, ok_sphere_sphere),
    ISECT_ENTRY_EX(sphere_aabb, ode_sphere_aabb, 0, ODE_TOL, NULL, ISECT_BINARY64, ok_sphere_aabb),
    ISECT_ENTRY_EX(aabb_aabb, ode_aabb_aabb, 0, ODE_TOL, NULL, ISECT_BINARY64, ok_aabb_aabb),
    ISECT_ENTRY_EX(capsule_capsule, ode_capsule_capsule, 0, ODE_TOL, NULL, ISECT_BINARY64, ok_capsule_capsule),
    ISECT_ENTRY_EX(sphere_plane, ode_sphere_plane, 0, ODE_TOL, NULL, ISECT_BINARY64, ok_sphere_plane),
    ISECT_ENTRIES_END,
};

static const isect_target ode = {"peer:ode", "ODE 0.16 dCollide (binary64)", entries, 0};

ISECT_TARGETS(peer_ode, &ode);
