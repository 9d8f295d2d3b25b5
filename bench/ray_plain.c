/* bench/ray_plain.c: textbook binary32 baselines; see ray_plain.h. */
#include "ray_plain.h"

#include "plain_vec.h"

#include <math.h>
#include <string.h>

static bool done(isect_ray_hit *out, float t)
{
    out->hit = true;
    out->t = t;
    return true;
}

bool plain_ray_plane(isect_ray ray, isect_plane p, isect_ray_plane_result *out)
{
    memset(out, 0, sizeof *out);
    float num = dot(sub(p.point, ray.origin), p.normal), den = dot(ray.dir, p.normal);
    if (num == 0)
        return done(out, 0);
    if (den == 0)
        return false;
    float t = num / den;
    return t >= 0 && t <= ray.tmax ? done(out, t) : false;
}

bool plain_ray_sphere(isect_ray ray, isect_sphere s, isect_ray_sphere_result *out)
{
    memset(out, 0, sizeof *out);
    v3 m = sub(ray.origin, s.center);
    float a = dot(ray.dir, ray.dir), b = dot(m, ray.dir), c = dot(m, m) - s.radius * s.radius;
    if (c <= 0)
        return done(out, 0);
    if (b >= 0 || a == 0)
        return false;
    float disc = b * b - a * c;
    if (disc < 0)
        return false;
    float t = (-b - sqrtf(disc)) / a;
    return t <= ray.tmax ? done(out, t < 0 ? 0 : t) : false;
}

bool plain_ray_aabb(isect_ray ray, isect_aabb box, isect_ray_aabb_result *out)
{
    memset(out, 0, sizeof *out);
    float t0 = 0, t1 = ray.tmax;
    for (int i = 0; i < 3; i++) {
        float inv = 1.0f / comp(ray.dir, i);
        float a = (comp(box.min, i) - comp(ray.origin, i)) * inv, b = (comp(box.max, i) - comp(ray.origin, i)) * inv;
        if (a > b) {
            float t = a;
            a = b;
            b = t;
        }
        t0 = a > t0 ? a : t0;
        t1 = b < t1 ? b : t1;
    }
    return t0 <= t1 ? done(out, t0) : false;
}

bool plain_ray_obb(isect_ray ray, isect_obb box, isect_ray_obb_result *out)
{
    memset(out, 0, sizeof *out);
    v3 p = sub(box.center, ray.origin);
    float t0 = 0, t1 = ray.tmax;
    for (int i = 0; i < 3; i++) {
        float aa = dot(box.axis[i], box.axis[i]), e = dot(box.axis[i], p), f = dot(box.axis[i], ray.dir);
        float h = comp(box.half, i) * aa;
        if (f == 0) {
            if (-e - h > 0 || -e + h < 0)
                return false;
            continue;
        }
        float a = (e + h) / f, b = (e - h) / f;
        if (a > b) {
            float t = a;
            a = b;
            b = t;
        }
        t0 = a > t0 ? a : t0;
        t1 = b < t1 ? b : t1;
    }
    return t0 <= t1 ? done(out, t0) : false;
}

bool plain_ray_cylinder(isect_ray ray, isect_cylinder c, isect_ray_cylinder_result *out)
{
    /* Real-Time Collision Detection (Ericson 2005), 5.3.7, for a ray: the
     * side root is tested against [0, tmax] after the caps (the book rejects
     * a negative side root first, and so misses a cap entered from inside
     * the infinite cylinder), and the near-cap distance uses
     * k + t (2 mn + t nn). */
    memset(out, 0, sizeof *out);
    v3 d = sub(c.p1, c.p0), m = sub(ray.origin, c.p0), n = ray.dir;
    float md = dot(m, d), nd = dot(n, d), dd = dot(d, d);
    if (dd == 0 || (md < 0 && md + ray.tmax * nd < 0) || (md > dd && md + ray.tmax * nd > dd))
        return false;
    float nn = dot(n, n), mn = dot(m, n);
    float a = dd * nn - nd * nd, k = dot(m, m) - c.radius * c.radius, cc = dd * k - md * md;
    if (a == 0) {
        if (cc > 0)
            return false;
        float t = md < 0 ? -md / nd : md > dd ? (dd - md) / nd : 0;
        return t >= 0 && t <= ray.tmax ? done(out, t) : false;
    }
    float b = dd * mn - nd * md, disc = b * b - a * cc;
    if (disc < 0)
        return false;
    float t = (-b - sqrtf(disc)) / a;
    if (cc <= 0 && md >= 0 && md <= dd)
        return done(out, 0);
    if (md + t * nd < 0) {
        if (nd <= 0)
            return false;
        t = -md / nd;
        if (k + t * (2 * mn + t * nn) > 0) /* |m + t n|^2 - r^2 (the book's erratum fixed) */
            return false;
    } else if (md + t * nd > dd) {
        if (nd >= 0)
            return false;
        t = (dd - md) / nd;
        if (k + dd - 2 * md + t * (2 * (mn - nd) + t * nn) > 0)
            return false;
    }
    return t >= 0 && t <= ray.tmax ? done(out, t) : false;
}

bool plain_ray_capsule(isect_ray ray, isect_capsule c, isect_ray_capsule_result *out)
{
    isect_ray_hit best = {false, 0}, part;
    isect_cylinder cy = {c.p0, c.p1, c.radius};
    if (plain_ray_cylinder(ray, cy, &part))
        best = part;
    for (int k = 0; k < 2; k++) {
        isect_sphere s = {k ? c.p1 : c.p0, c.radius};
        if (plain_ray_sphere(ray, s, &part) && (!best.hit || part.t < best.t))
            best = part;
    }
    *out = best;
    return best.hit;
}
