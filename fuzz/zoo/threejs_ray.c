/* fuzz/zoo/threejs_ray.c: three.js Ray.intersectTriangle as it stood until
 * pull request #33661 (mrdoob/three.js, 2026, "Ray: New watertight
 * intersectTriangle()", fixing issue #11449).  Before it, the method
 * followed Geometric Tools' IntrRay3Triangle3: with E1 = b - a, E2 = c - a,
 * N = E1 x E2, Q = origin - a and s the sign of D.N, it rejects when
 * s D.(Q x E2) < 0, s D.(E1 x Q) < 0, their sum > |D.N|, or s Q.N > 0
 * (behind the origin), all in binary64 (JavaScript numbers).  The edge
 * tests are exact in intent (>= 0), but each triangle evaluates its own
 * triple products, rounded differently for the two triangles that share an
 * edge: a ray exactly through the shared edge or vertex can be rejected by
 * both (the reproduction: a ray through the diagonal of a quad).
 * Wrong only where a barycentric is exactly 0 (up to binary64 rounding), so
 * single cases are tolerated and the watertightness property catches it.
 * Re-implemented from the description above; the segment's tmax is applied
 * as three.js's Raycaster applies `far`. */
#include "targets.h"

#include <math.h>
#include <string.h>

typedef struct {
    double x, y, z;
} d3;

static d3 d3_of(isect_vec3 v) { return (d3){v.x, v.y, v.z}; }
static d3 sub(d3 a, d3 b) { return (d3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static double dot(d3 a, d3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static d3 cross(d3 a, d3 b) { return (d3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }

static bool threejs_ray(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out)
{
    memset(out, 0, sizeof *out);
    d3 o = d3_of(ray.origin), d = d3_of(ray.dir), a = d3_of(tri.v0), b = d3_of(tri.v1), c = d3_of(tri.v2);
    for (int i = 0; i < 3; i++) /* JavaScript would go on with NaN; isect's contract needs a defined answer */
        if (!isfinite((&o.x)[i]) || !isfinite((&d.x)[i]) || !isfinite((&a.x)[i]) || !isfinite((&b.x)[i]) ||
            !isfinite((&c.x)[i]))
            return false;
    d3 e1 = sub(b, a), e2 = sub(c, a), n = cross(e1, e2);
    double ddn = dot(d, n), sign;
    if (ddn > 0) {
        sign = 1;
    } else if (ddn < 0) {
        sign = -1;
        ddn = -ddn;
    } else {
        return false;
    }
    d3 q = sub(o, a);
    double b1 = sign * dot(d, cross(q, e2));
    if (b1 < 0)
        return false;
    double b2 = sign * dot(d, cross(e1, q));
    if (b2 < 0)
        return false;
    if (b1 + b2 > ddn)
        return false;
    double qdn = -sign * dot(q, n);
    if (qdn < 0)
        return false;
    double t = qdn / ddn;
    if (!(t <= ray.tmax))
        return false;
    *out = (isect_ray_triangle_result){true, (float)t, (float)(b1 / ddn), (float)(b2 / ddn)};
    return true;
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(ray_triangle, threejs_ray, 8, 32),
    ISECT_ENTRIES_END,
};

static const isect_target threejs_ray_target = {
    "zoo:threejs_ray", "three.js Ray.intersectTriangle before #33661 (binary64, per-triangle edge tests: leaks)",
    entries,
};

ISECT_TARGETS(zoo_threejs_ray, &threejs_ray_target);
