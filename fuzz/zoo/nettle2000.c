/* fuzz/zoo/nettle2000.c: the swept-sphere test of Nettle's "Generic
 * Collision Detection for Games Using Ellipsoids" (2000), as described in
 * ../shared/design.md and reference 000 (which follows it and then Fauerby):
 *
 *   1. find where the sphere would first touch the triangle's plane: the
 *      point of the sphere nearest the plane, c - r n, moved along the
 *      velocity to the plane (or, when the sphere already cuts the plane,
 *      the centre's projection);
 *   2. if that point is inside the triangle, it is the contact;
 *   3. otherwise take the point of the triangle's perimeter closest to it
 *      as the contact, and cast a ray from there back along -velocity
 *      against the sphere at its start: where the ray meets the sphere
 *      gives the time.
 *
 * Step 3 is the bug under study: the perimeter point closest to the plane
 * intersection is in general not where the sphere first touches the
 * triangle, so the sweep reports a later time, a wrong point, or a miss
 * while the sphere crosses an edge squarely.  Written from the description
 * for this project (two-sided, so that only the perimeter step differs from
 * the exact semantics; binary32 like the code of its time).  Do not copy.
 */
#include "targets.h"

#include <math.h>
#include <string.h>

typedef isect_vec3 v3;

static v3 sub(v3 a, v3 b) { return (v3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static v3 add(v3 a, v3 b) { return (v3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static v3 mul(v3 a, float s) { return (v3){a.x * s, a.y * s, a.z * s}; }
static float dot(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static v3 cross(v3 a, v3 b) { return (v3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }

/* Closest point to p on the segment a b. */
static v3 closest_on_segment(v3 p, v3 a, v3 b)
{
    v3 e = sub(b, a);
    float ee = dot(e, e);
    float s = ee > 0 ? dot(sub(p, a), e) / ee : 0;
    s = s < 0 ? 0 : s > 1 ? 1 : s;
    return add(a, mul(e, s));
}

/* Same-side point-in-triangle on the plane. */
static int inside(v3 p, v3 a, v3 b, v3 c, v3 n)
{
    return dot(cross(sub(b, a), sub(p, a)), n) >= 0 && dot(cross(sub(c, b), sub(p, b)), n) >= 0 &&
           dot(cross(sub(a, c), sub(p, c)), n) >= 0;
}

static bool finite3(v3 a) { return isfinite(a.x) && isfinite(a.y) && isfinite(a.z); }

static bool nettle(isect_moving_sphere s, isect_triangle tri, isect_sphere_sweep_triangle_result *out)
{
    memset(out, 0, sizeof *out);
    /* Non-finite input is refused, so that what the fuzzer finds is the
     * perimeter step, not NaN propagation. */
    if (!finite3(s.center) || !finite3(s.velocity) || !isfinite(s.radius) || !finite3(tri.v0) || !finite3(tri.v1) ||
        !finite3(tri.v2))
        return false;
    v3 c = s.center, v = s.velocity;
    float r = s.radius;
    v3 n = cross(sub(tri.v1, tri.v0), sub(tri.v2, tri.v0));
    float len = sqrtf(dot(n, n));
    if (!(len > 0) || !(r >= 0))
        return false;
    n = mul(n, 1 / len);
    v3 n_tri = n; /* the triangle's own winding, for the inside test */
    float d = dot(n, sub(c, tri.v0));
    if (d < 0) { /* two-sided: face the sphere */
        n = mul(n, -1);
        d = -d;
    }
    v3 plane_point;
    float t_plane = 0;
    if (d <= r) {
        plane_point = sub(c, mul(n, d)); /* embedded: the centre's projection */
    } else {
        float nv = dot(n, v);
        if (!(nv < 0))
            return false; /* parallel or moving away */
        v3 sp = sub(c, mul(n, r)); /* the sphere's point nearest the plane */
        t_plane = (d - r) / -nv;
        plane_point = add(sp, mul(v, t_plane));
    }
    if (inside(plane_point, tri.v0, tri.v1, tri.v2, n_tri)) {
        if (t_plane > 1)
            return false;
        *out = (isect_sphere_sweep_triangle_result){true, t_plane, plane_point};
        return true;
    }
    /* The perimeter point closest to the plane intersection point... */
    v3 q = closest_on_segment(plane_point, tri.v0, tri.v1);
    v3 q1 = closest_on_segment(plane_point, tri.v1, tri.v2), q2 = closest_on_segment(plane_point, tri.v2, tri.v0);
    if (dot(sub(q1, plane_point), sub(q1, plane_point)) < dot(sub(q, plane_point), sub(q, plane_point)))
        q = q1;
    if (dot(sub(q2, plane_point), sub(q2, plane_point)) < dot(sub(q, plane_point), sub(q, plane_point)))
        q = q2;
    /* ... and a ray from it along -v against the sphere at its start:
     * |q - t v - c|^2 = r^2. */
    v3 w = sub(q, c);
    float a = dot(v, v), b = dot(w, v), cc = dot(w, w) - r * r;
    float t;
    if (cc <= 0) {
        t = 0;
    } else {
        float disc = b * b - a * cc;
        if (!(a > 0) || disc < 0)
            return false;
        t = (b - sqrtf(disc)) / a;
        if (t < 0 || t > 1)
            return false;
    }
    *out = (isect_sphere_sweep_triangle_result){true, t, q};
    return true;
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(sphere_sweep_triangle, nettle, 8, 32),
    ISECT_ENTRIES_END,
};

static const isect_target nettle2000_target = {
    "zoo:nettle2000", "Nettle 2000 swept sphere: contact at the perimeter point closest to the plane hit", entries,
};

ISECT_TARGETS(zoo_nettle2000, &nettle2000_target);
