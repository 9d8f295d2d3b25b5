/* fuzz/zoo/sphere_tri_2010.c: `SphereIntersectTri` of reference 000
 * (a 2010 blog post after Nettle 2000 and Fauerby 2003), re-implemented as
 * printed there, quirks included, in binary32:
 *   - the motion is given as start and end = center + velocity, and every
 *     routine recomputes velocity = end - start;
 *   - `Vec3D dir = velocity.normalize();` normalises velocity in place (the
 *     Vec3D of that era returns *this), so vn = velocity . n is a cosine,
 *     and a zero velocity gives NaNs;
 *   - one-sided: moving along the normal (vn > 0) or starting behind the
 *     plane (dStart < 0) is no collision;
 *   - a motion "parallel" to the plane is |vn| < FLT_EPSILON, an absolute
 *     epsilon on the cosine;
 *   - the end-distance test dEnd > radius rejects before anything else;
 *   - getLowestRoot rejects a == 0 and takes roots strictly inside
 *     (0, maxR), with maxR = 999999 on the first call: contacts beyond the
 *     end of the motion are reported, a contact at t = 0 is not;
 *   - the embedded case reports dist = 0 only when the projection of the
 *     centre lies in the triangle; otherwise the vertex and edge roots, whose
 *     first root may be negative (the second, the exit, is then taken);
 *   - the same-side point-in-triangle test (pointInTriangle).
 * Outputs: hit; t = dist / |end - start| for a face contact (dist is a
 * length along dir), the root itself for a vertex or edge contact; the point
 * is planeIntersectionPoint or polygonIntersectionPoint.  Do not copy.
 */
#include "targets.h"

#include <float.h>
#include <math.h>
#include <string.h>

typedef isect_vec3 v3;

static v3 sub(v3 a, v3 b) { return (v3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static v3 add(v3 a, v3 b) { return (v3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static v3 mul(v3 a, float s) { return (v3){a.x * s, a.y * s, a.z * s}; }
static float dot(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static v3 cross(v3 a, v3 b) { return (v3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
static float length(v3 a) { return sqrtf(dot(a, a)); }
/* Vec3D::normalize(): in place, returns *this; no zero check. */
static v3 normalize(v3 *a)
{
    *a = mul(*a, 1.0f / length(*a));
    return *a;
}

static int same_side(v3 p1, v3 p2, v3 a, v3 b)
{
    v3 ab = sub(b, a);
    return dot(cross(ab, sub(p1, a)), cross(ab, sub(p2, a))) >= 0;
}

static int point_in_triangle(v3 p, v3 a, v3 b, v3 c)
{
    return same_side(p, a, b, c) && same_side(p, b, a, c) && same_side(p, c, a, b);
}

static int lowest_root(float a, float b, float c, float max_r, float *root)
{
    float det = b * b - 4.0f * a * c;
    if (det < 0.0f)
        return 0;
    if (a == 0.0f)
        return 0;
    float sq = sqrtf(det);
    float r1 = (-b - sq) / (2 * a), r2 = (-b + sq) / (2 * a);
    if (r1 > r2) {
        float tmp = r2;
        r2 = r1;
        r1 = tmp;
    }
    if (r1 > 0 && r1 < max_r) {
        *root = r1;
        return 1;
    }
    if (r2 > 0 && r2 < max_r) {
        *root = r2;
        return 1;
    }
    return 0;
}

static int sphere_point(v3 p, v3 start, v3 end, float radius, float *t, v3 *cp)
{
    v3 velocity = sub(end, start), base = start;
    float a = dot(velocity, velocity), b = 2.0f * dot(velocity, sub(base, p)),
          c = dot(sub(p, base), sub(p, base)) - radius * radius;
    float nt;
    if (lowest_root(a, b, c, *t, &nt)) {
        *t = nt;
        *cp = p;
        return 1;
    }
    return 0;
}

static int sphere_edge(v3 p1, v3 p2, v3 start, v3 end, float radius, float *t, v3 *cp)
{
    v3 velocity = sub(end, start);
    float vsq = dot(velocity, velocity);
    v3 edge = sub(p2, p1), btv = sub(p1, start);
    float esq = dot(edge, edge), edv = dot(edge, velocity), edb = dot(edge, btv);
    float a = esq * -vsq + edv * edv;
    float b = esq * (2 * dot(velocity, btv)) - 2.0f * edv * edb;
    float c = esq * (radius * radius - dot(btv, btv)) + edb * edb;
    float nt;
    if (lowest_root(a, b, c, *t, &nt)) {
        float f = (edv * nt - edb) / esq;
        if (f >= 0.0f && f <= 1.0f) {
            *t = nt;
            *cp = add(p1, mul(edge, f));
            return 1;
        }
    }
    return 0;
}

static bool sphere_intersect_tri(isect_moving_sphere s, isect_triangle tri, isect_sphere_sweep_triangle_result *out)
{
    memset(out, 0, sizeof *out);
    v3 v0 = tri.v0, v1 = tri.v1, v2 = tri.v2, start = s.center, end = add(s.center, s.velocity);
    float radius = s.radius;
    v3 sphere_ip = {0, 0, 0}, plane_ip, poly_ip = {0, 0, 0};
    int embedded = 0;
    v3 velocity = sub(end, start);
    v3 dir = normalize(&velocity);

    /* Plane(v0, v1, v2): unit normal, getDistance(p) = n.p + d. */
    v3 n = cross(sub(v1, v0), sub(v2, v0));
    n = mul(n, 1.0f / length(n));
    float pd = -dot(n, v0);
    float d_start = dot(n, start) + pd;

    float vn = dot(velocity, n);
    if (vn > 0.0f)
        return false;
    if (fabsf(vn) < FLT_EPSILON && fabsf(d_start) >= radius)
        return false;
    if (d_start < 0)
        return false;
    if (d_start <= radius) {
        embedded = 1;
        plane_ip = sub(start, mul(n, d_start));
    } else {
        float d_end = dot(n, end) + pd;
        if (d_end > radius)
            return false;
        sphere_ip = sub(start, mul(n, radius));
        /* Ray(sphere_ip, dir).intersectPlane: distance along dir. */
        float planedist = -(dot(n, sphere_ip) + pd) / dot(n, dir);
        if (planedist < 0.0f)
            return false;
        plane_ip = add(sphere_ip, mul(dir, planedist));
    }
    if (point_in_triangle(plane_ip, v0, v1, v2)) {
        float dist = embedded ? 0 : length(sub(plane_ip, sphere_ip));
        *out = (isect_sphere_sweep_triangle_result){true, dist / length(sub(end, start)), plane_ip};
        return true;
    }
    float t = 999999;
    int hit = 0;
    hit |= sphere_point(v0, start, end, radius, &t, &poly_ip);
    hit |= sphere_point(v1, start, end, radius, &t, &poly_ip);
    hit |= sphere_point(v2, start, end, radius, &t, &poly_ip);
    hit |= sphere_edge(v0, v1, start, end, radius, &t, &poly_ip);
    hit |= sphere_edge(v1, v2, start, end, radius, &t, &poly_ip);
    hit |= sphere_edge(v2, v0, start, end, radius, &t, &poly_ip);
    if (!hit)
        return false;
    *out = (isect_sphere_sweep_triangle_result){true, t, poly_ip};
    return true;
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(sphere_sweep_triangle, sphere_intersect_tri, 8, 32),
    ISECT_ENTRIES_END,
};

static const isect_target sphere_tri_2010_target = {
    "zoo:sphere_tri_2010", "SphereIntersectTri (2010) as printed: one-sided, absolute epsilons, roots up to 999999",
    entries,
};

ISECT_TARGETS(zoo_sphere_tri_2010, &sphere_tri_2010_target);
