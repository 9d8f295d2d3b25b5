/* bench/sweep_plain.c: textbook binary32 baselines; see sweep_plain.h.
 * Quadratics are written a t^2 + 2 b t + c = 0. */
#include "sweep_plain.h"

#include "plain_vec.h"

#include <math.h>
#include <string.h>

/* The entry root when the motion starts outside (c > 0) and approaches
 * (b < 0), if it is at most tmax. */
static bool entry_root(float a, float b, float c, float tmax, float *t)
{
    if (c <= 0 || a <= 0 || b >= 0)
        return false;
    float disc = b * b - a * c;
    if (disc < 0)
        return false;
    float root = (-b - sqrtf(disc)) / a;
    if (root > tmax)
        return false;
    *t = root < 0 ? 0 : root;
    return true;
}

static bool vertex_sweep(isect_moving_sphere s, v3 p, float tmax, float *t)
{
    v3 w = sub(s.center, p);
    return entry_root(dot(s.velocity, s.velocity), dot(w, s.velocity), dot(w, w) - s.radius * s.radius, tmax, t);
}

/* The infinite line through p0, p1 (e = p1 - p0, E = e.e): E |w + t v|^2 -
 * (e.(w + t v))^2 = r^2 E, valid when the foot stays on the segment. */
static bool edge_sweep(isect_moving_sphere s, v3 p0, v3 p1, float tmax, float *t, v3 *point)
{
    v3 e = sub(p1, p0), w = sub(s.center, p0), v = s.velocity;
    float ee = dot(e, e), ev = dot(e, v), ew = dot(e, w);
    float a = ee * dot(v, v) - ev * ev;
    float b = ee * dot(w, v) - ev * ew;
    float c = ee * (dot(w, w) - s.radius * s.radius) - ew * ew;
    float root;
    if (!entry_root(a, b, c, tmax, &root))
        return false;
    float sigma = (ew + root * ev) / ee;
    if (sigma < 0 || sigma > 1)
        return false;
    *t = root;
    *point = add(p0, mul(e, sigma));
    return true;
}

static v3 closest_on_segment(v3 x, v3 p0, v3 p1)
{
    v3 e = sub(p1, p0);
    float ee = dot(e, e), sigma = ee > 0 ? dot(sub(x, p0), e) / ee : 0;
    sigma = sigma < 0 ? 0 : sigma > 1 ? 1 : sigma;
    return add(p0, mul(e, sigma));
}

static float dist2(v3 a, v3 b) { return dot(sub(a, b), sub(a, b)); }

bool plain_sphere_sweep_point(isect_moving_sphere s, isect_vec3 p, isect_sphere_sweep_point_result *out)
{
    memset(out, 0, sizeof *out);
    float t;
    if (dist2(s.center, p) <= s.radius * s.radius)
        t = 0;
    else if (!vertex_sweep(s, p, 1, &t))
        return false;
    out->hit = true;
    out->t = t;
    return true;
}

bool plain_sphere_sweep_sphere(isect_moving_sphere a, isect_moving_sphere b, isect_sphere_sweep_sphere_result *out)
{
    memset(out, 0, sizeof *out);
    isect_moving_sphere rel = {a.center, sub(a.velocity, b.velocity), a.radius + b.radius};
    float t;
    if (dist2(a.center, b.center) <= rel.radius * rel.radius)
        t = 0;
    else if (!vertex_sweep(rel, b.center, 1, &t))
        return false;
    out->hit = true;
    out->t = t;
    return true;
}

bool plain_sphere_sweep_segment(isect_moving_sphere s, isect_vec3 p0, isect_vec3 p1,
                                isect_sphere_sweep_segment_result *out)
{
    memset(out, 0, sizeof *out);
    v3 q = closest_on_segment(s.center, p0, p1);
    if (dist2(s.center, q) <= s.radius * s.radius) {
        *out = (isect_sphere_sweep_segment_result){true, 0, q};
        return true;
    }
    float best = 1, t;
    bool hit = edge_sweep(s, p0, p1, best, &best, &out->point);
    if (vertex_sweep(s, p0, best, &t) && (!hit || t < best))
        hit = true, best = t, out->point = p0;
    if (vertex_sweep(s, p1, best, &t) && (!hit || t < best))
        hit = true, best = t, out->point = p1;
    if (!hit)
        return false;
    out->hit = true;
    out->t = best;
    return true;
}

bool plain_sphere_sweep_plane(isect_moving_sphere s, isect_plane plane, isect_sphere_sweep_plane_result *out)
{
    memset(out, 0, sizeof *out);
    float len = sqrtf(dot(plane.normal, plane.normal));
    float d0 = dot(plane.normal, sub(s.center, plane.point)) / len, dv = dot(plane.normal, s.velocity) / len;
    float t;
    if (fabsf(d0) <= s.radius)
        t = 0;
    else if (d0 * dv >= 0)
        return false;
    else if (!((t = (fabsf(d0) - s.radius) / fabsf(dv)) <= 1)) /* NaN from a zero normal: a miss */
        return false;
    out->hit = true;
    out->t = t;
    return true;
}

/* x (in the triangle's plane or not) projects into the closed triangle:
 * the three edge functions against the normal n = (v1 - v0) x (v2 - v0). */
static bool inside(v3 x, isect_triangle tri, v3 n)
{
    return dot(cross(sub(tri.v1, tri.v0), sub(x, tri.v0)), n) >= 0 &&
           dot(cross(sub(tri.v2, tri.v1), sub(x, tri.v1)), n) >= 0 &&
           dot(cross(sub(tri.v0, tri.v2), sub(x, tri.v2)), n) >= 0;
}

bool plain_sphere_sweep_triangle(isect_moving_sphere s, isect_triangle tri, isect_sphere_sweep_triangle_result *out)
{
    memset(out, 0, sizeof *out);
    v3 c = s.center, v = s.velocity;
    float r = s.radius;
    v3 n = cross(sub(tri.v1, tri.v0), sub(tri.v2, tri.v0));
    float nn = dot(n, n);

    /* Start: the closest point of the triangle (the projection when it is
     * inside, else the nearest of the edges' closest points). */
    v3 q;
    if (nn > 0 && inside(c, tri, n)) {
        q = sub(c, mul(n, dot(n, sub(c, tri.v0)) / nn));
    } else {
        q = closest_on_segment(c, tri.v0, tri.v1);
        v3 q1 = closest_on_segment(c, tri.v1, tri.v2), q2 = closest_on_segment(c, tri.v2, tri.v0);
        if (dist2(c, q1) < dist2(c, q))
            q = q1;
        if (dist2(c, q2) < dist2(c, q))
            q = q2;
    }
    if (dist2(c, q) <= r * r) {
        *out = (isect_sphere_sweep_triangle_result){true, 0, q};
        return true;
    }

    /* The plane: [t0, t1] where the centre is within r of it. */
    if (nn > 0) {
        v3 nh = mul(n, 1 / sqrtf(nn));
        float d0 = dot(nh, sub(c, tri.v0)), dv = dot(nh, v);
        if (dv == 0) {
            if (fabsf(d0) > r)
                return false; /* parallel, never within r of the plane */
        } else {
            float t0 = (r - d0) / dv, t1 = (-r - d0) / dv;
            if (t0 > t1) {
                float tmp = t0;
                t0 = t1;
                t1 = tmp;
            }
            if (t0 > 1 || t1 < 0)
                return false;
            if (t0 >= 0) { /* not embedded at the start: the face contact */
                v3 x = add(c, mul(v, t0));
                v3 p = sub(x, mul(nh, d0 + t0 * dv));
                if (inside(p, tri, n)) {
                    *out = (isect_sphere_sweep_triangle_result){true, t0, p};
                    return true;
                }
            }
        }
    }

    /* The edges and the vertices: the earliest entry root in [0, 1]. */
    float best = 1, t;
    bool hit = false;
    v3 p, verts[3] = {tri.v0, tri.v1, tri.v2};
    for (int k = 0; k < 3; k++)
        if (edge_sweep(s, verts[k], verts[(k + 1) % 3], best, &t, &p) && (!hit || t < best))
            hit = true, best = t, out->point = p;
    for (int k = 0; k < 3; k++)
        if (vertex_sweep(s, verts[k], best, &t) && (!hit || t < best))
            hit = true, best = t, out->point = verts[k];
    if (!hit)
        return false;
    out->hit = true;
    out->t = best;
    return true;
}

/* The relative motion of a against b, slab by slab: the first and last
 * times of overlap on each axis from reciprocal velocities, kept while
 * first <= last (Ericson 2005, 5.5.8, in binary32). */
bool plain_aabb_sweep_aabb(isect_moving_aabb a, isect_moving_aabb b, isect_aabb_sweep_aabb_result *out)
{
    memset(out, 0, sizeof *out);
    const float amin[3] = {a.box.min.x, a.box.min.y, a.box.min.z}, amax[3] = {a.box.max.x, a.box.max.y, a.box.max.z};
    const float bmin[3] = {b.box.min.x, b.box.min.y, b.box.min.z}, bmax[3] = {b.box.max.x, b.box.max.y, b.box.max.z};
    const float v[3] = {a.velocity.x - b.velocity.x, a.velocity.y - b.velocity.y, a.velocity.z - b.velocity.z};
    float first = 0, last = 1;
    for (int i = 0; i < 3; i++) {
        if (v[i] == 0) {
            if (amax[i] < bmin[i] || amin[i] > bmax[i])
                return false;
            continue;
        }
        float inv = 1 / v[i], t0 = (bmin[i] - amax[i]) * inv, t1 = (bmax[i] - amin[i]) * inv;
        if (t0 > t1) {
            float t = t0;
            t0 = t1;
            t1 = t;
        }
        first = t0 > first ? t0 : first;
        last = t1 < last ? t1 : last;
        if (first > last)
            return false;
    }
    out->hit = true;
    out->t = first;
    return true;
}
