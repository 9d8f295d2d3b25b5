/* bench/overlap_plain.c: textbook binary32 baselines; see overlap_plain.h.
 * No epsilon anywhere: a quantity that is zero in exact arithmetic is
 * compared with 0 as computed (Moller's triangle test has an optional
 * epsilon that snaps small plane distances to 0; it is left out). */
#include "overlap_plain.h"

#include "plain_vec.h"

#include <math.h>
#include <string.h>

static float clamp01(float t) { return t < 0 ? 0 : t > 1 ? 1 : t; }

/* Every overlap result is { bool hit; }. */
static bool verdict(isect_overlap_result *out, bool hit)
{
    if (out)
        out->hit = hit;
    return hit;
}

bool plain_sphere_sphere(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    v3 d = sub(a.center, b.center);
    float r = a.radius + b.radius;
    return verdict(out, dot(d, d) <= r * r);
}

bool plain_aabb_aabb(isect_aabb a, isect_aabb b, isect_aabb_aabb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    return verdict(out, a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
                            a.min.z <= b.max.z && b.min.z <= a.max.z);
}

bool plain_sphere_aabb(isect_sphere s, isect_aabb b, isect_sphere_aabb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    float d2 = 0;
    for (int i = 0; i < 3; i++) {
        float c = comp(s.center, i), lo = comp(b.min, i), hi = comp(b.max, i);
        if (c < lo)
            d2 += (lo - c) * (lo - c);
        else if (c > hi)
            d2 += (c - hi) * (c - hi);
    }
    return verdict(out, d2 <= s.radius * s.radius);
}

bool plain_point_in_triangle(isect_vec3 p, isect_triangle tri, isect_point_in_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    v3 n = cross(sub(tri.v1, tri.v0), sub(tri.v2, tri.v0));
    if (dot(sub(p, tri.v0), n) != 0)
        return false;
    /* p is on the inner side of each directed edge: (b - a) x (p - a) points along n. */
    bool in = dot(cross(sub(tri.v1, tri.v0), sub(p, tri.v0)), n) >= 0 &&
              dot(cross(sub(tri.v2, tri.v1), sub(p, tri.v1)), n) >= 0 &&
              dot(cross(sub(tri.v0, tri.v2), sub(p, tri.v2)), n) >= 0;
    return verdict(out, in);
}

/* The point of the triangle a b c closest to p.  With ab = b - a, ac = c - a
 * and the dot products of ab and ac with p minus each vertex, the regions
 * are tested in turn: each vertex (p behind both edges leaving it), each
 * edge (p outside the edge, its foot between the ends: the barycentric
 * weight of the opposite vertex, a signed area va/vb/vc, is <= 0), else
 * the face, from the barycentric weights vb, vc over their sum.  A zero-
 * area triangle is caught by a vertex or an edge region except when
 * rounding sends it to the face, where the weights are 0/0: NaN, a miss. */
static v3 closest_on_triangle(v3 p, v3 a, v3 b, v3 c)
{
    v3 ab = sub(b, a), ac = sub(c, a);
    v3 pa = sub(p, a);
    float a1 = dot(ab, pa), a2 = dot(ac, pa);
    if (a1 <= 0 && a2 <= 0)
        return a;
    v3 pb = sub(p, b);
    float b1 = dot(ab, pb), b2 = dot(ac, pb);
    if (b1 >= 0 && b2 <= b1)
        return b;
    float vc = a1 * b2 - b1 * a2;
    if (vc <= 0 && a1 >= 0 && b1 <= 0)
        return add(a, mul(ab, a1 / (a1 - b1)));
    v3 pc = sub(p, c);
    float c1 = dot(ab, pc), c2 = dot(ac, pc);
    if (c2 >= 0 && c1 <= c2)
        return c;
    float vb = c1 * a2 - a1 * c2;
    if (vb <= 0 && a2 >= 0 && c2 <= 0)
        return add(a, mul(ac, a2 / (a2 - c2)));
    float va = b1 * c2 - c1 * b2;
    float wb = b2 - b1, wc = c1 - c2; /* along b -> c, from b and from c */
    if (va <= 0 && wb >= 0 && wc >= 0)
        return add(b, mul(sub(c, b), wb / (wb + wc)));
    float sum = va + vb + vc;
    return add(a, add(mul(ab, vb / sum), mul(ac, vc / sum)));
}

bool plain_sphere_triangle(isect_sphere s, isect_triangle tri, isect_sphere_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    v3 q = closest_on_triangle(s.center, tri.v0, tri.v1, tri.v2);
    v3 d = sub(s.center, q);
    float d2 = dot(d, d);
    if (!(d2 <= s.radius * s.radius))
        return false;
    if (out) {
        out->hit = true;
        out->point = q;
        out->dist2 = d2;
    }
    return true;
}

static bool side(isect_side_result *out, float s, float r)
{
    isect_side k = s > r ? ISECT_FRONT : s < -r ? ISECT_BACK : ISECT_STRADDLING;
    if (out)
        out->side = k;
    return k == ISECT_STRADDLING;
}

bool plain_sphere_plane(isect_sphere s, isect_plane plane, isect_sphere_plane_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    v3 n = plane.normal;
    return side(out, dot(sub(s.center, plane.point), n), s.radius * sqrtf(dot(n, n)));
}

bool plain_aabb_plane(isect_aabb b, isect_plane plane, isect_aabb_plane_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    v3 c = mul(add(b.min, b.max), 0.5f), e = mul(sub(b.max, b.min), 0.5f), n = plane.normal;
    float r = e.x * fabsf(n.x) + e.y * fabsf(n.y) + e.z * fabsf(n.z);
    return side(out, dot(sub(c, plane.point), n), r);
}

/* Half the length of the box's projection on l (times |l|). */
static float obb_reach(isect_obb box, v3 l)
{
    return box.half.x * fabsf(dot(box.axis[0], l)) + box.half.y * fabsf(dot(box.axis[1], l)) +
           box.half.z * fabsf(dot(box.axis[2], l));
}

static bool obb_apart(isect_obb a, isect_obb b, v3 t, v3 l)
{
    return fabsf(dot(t, l)) > obb_reach(a, l) + obb_reach(b, l);
}

bool plain_obb_obb(isect_obb a, isect_obb b, isect_obb_obb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    v3 t = sub(b.center, a.center);
    for (int i = 0; i < 3; i++)
        if (obb_apart(a, b, t, a.axis[i]) || obb_apart(a, b, t, b.axis[i]))
            return false;
    /* A zero cross product (parallel edges) gives 0 > 0: not separating. */
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (obb_apart(a, b, t, cross(a.axis[i], b.axis[j])))
                return false;
    return verdict(out, true);
}

bool plain_sphere_obb(isect_sphere s, isect_obb box, isect_sphere_obb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    /* With orthonormal axes the squared distance to the box is the sum over
     * the axes of the squared excess of the coordinate over the half extent. */
    v3 d = sub(s.center, box.center);
    float d2 = 0;
    for (int i = 0; i < 3; i++) {
        float u = dot(d, box.axis[i]), h = comp(box.half, i);
        float x = u > h ? u - h : u < -h ? u + h : 0;
        d2 += x * x;
    }
    return verdict(out, d2 <= s.radius * s.radius);
}

bool plain_capsule_capsule(isect_capsule a, isect_capsule b, isect_capsule_capsule_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    /* Points a.p0 + s u and b.p0 + t v, s, t in [0, 1]; minimise
     * |w + s u - t v|^2 with w = a.p0 - b.p0. */
    v3 u = sub(a.p1, a.p0), v = sub(b.p1, b.p0), w = sub(a.p0, b.p0);
    float uu = dot(u, u), vv = dot(v, v), vw = dot(v, w);
    float s = 0, t = 0;
    if (uu == 0) {
        if (vv != 0)
            t = clamp01(vw / vv);
    } else {
        float uw = dot(u, w);
        if (vv == 0) {
            s = clamp01(-uw / uu);
        } else {
            /* The unconstrained minimum clamped in s (any s when the
             * segments are parallel), t the best for that s, then s again
             * for a clamped t. */
            float uv = dot(u, v), den = uu * vv - uv * uv;
            s = den != 0 ? clamp01((uv * vw - uw * vv) / den) : 0;
            t = (uv * s + vw) / vv;
            if (t < 0) {
                t = 0;
                s = clamp01(-uw / uu);
            } else if (t > 1) {
                t = 1;
                s = clamp01((uv - uw) / uu);
            }
        }
    }
    v3 d = sub(add(w, mul(u, s)), mul(v, t));
    float r = a.radius + b.radius;
    return verdict(out, dot(d, d) <= r * r);
}

/* The projections p, q of the triangle's vertices (two of the three: the
 * ends of the edge project alike) lie beyond r on one side. */
static bool tri_apart(float p, float q, float r) { return (p < q ? p : q) > r || (p > q ? p : q) < -r; }

static float min3(float a, float b, float c) { return a < b ? (a < c ? a : c) : (b < c ? b : c); }
static float max3(float a, float b, float c) { return a > b ? (a > c ? a : c) : (b > c ? b : c); }

/* The axes e_k x f for the edge f of the triangle, p a vertex on it and q
 * the opposite one, in the box-centred frame (half extents h).  e_x x f =
 * (0, -f.z, f.y), e_y x f = (f.z, 0, -f.x), e_z x f = (-f.y, f.x, 0). */
static bool edge_apart(v3 f, v3 p, v3 q, v3 h)
{
    float ax = fabsf(f.x), ay = fabsf(f.y), az = fabsf(f.z);
    return tri_apart(p.z * f.y - p.y * f.z, q.z * f.y - q.y * f.z, h.y * az + h.z * ay) ||
           tri_apart(p.x * f.z - p.z * f.x, q.x * f.z - q.z * f.x, h.x * az + h.z * ax) ||
           tri_apart(p.y * f.x - p.x * f.y, q.y * f.x - q.x * f.y, h.x * ay + h.y * ax);
}

bool plain_aabb_triangle(isect_aabb b, isect_triangle tri, isect_aabb_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    v3 c = mul(add(b.min, b.max), 0.5f), h = mul(sub(b.max, b.min), 0.5f);
    v3 p0 = sub(tri.v0, c), p1 = sub(tri.v1, c), p2 = sub(tri.v2, c);
    /* the box's faces: the triangle's bounding box against the box */
    if (min3(p0.x, p1.x, p2.x) > h.x || max3(p0.x, p1.x, p2.x) < -h.x || min3(p0.y, p1.y, p2.y) > h.y ||
        max3(p0.y, p1.y, p2.y) < -h.y || min3(p0.z, p1.z, p2.z) > h.z || max3(p0.z, p1.z, p2.z) < -h.z)
        return false;
    v3 f0 = sub(p1, p0), f1 = sub(p2, p1), f2 = sub(p0, p2);
    if (edge_apart(f0, p0, p2, h) || edge_apart(f1, p1, p0, h) || edge_apart(f2, p2, p1, h))
        return false;
    /* the triangle's plane (n = 0 for a zero-area triangle: 0 > 0, no separation) */
    v3 n = cross(f0, f1);
    if (fabsf(dot(n, p0)) > h.x * fabsf(n.x) + h.y * fabsf(n.y) + h.z * fabsf(n.z))
        return false;
    return verdict(out, true);
}

/* ---- triangle_triangle (Moller 1997) ---------------------------------------- */

/* The interval that the triangle with projections p[] on the line cuts out,
 * from its vertices' signed distances d[] to the other plane: the vertex
 * alone on its side (k) and the two edges from it to the others, cut where
 * the distance is zero.  Returns false when every distance is zero. */
static bool line_interval(const float p[3], const float d[3], float *lo, float *hi)
{
    int k;
    if (d[0] * d[1] > 0)
        k = 2;
    else if (d[0] * d[2] > 0)
        k = 1;
    else if (d[1] * d[2] > 0 || d[0] != 0)
        k = 0;
    else if (d[1] != 0)
        k = 1;
    else if (d[2] != 0)
        k = 2;
    else
        return false;
    int i = (k + 1) % 3, j = (k + 2) % 3;
    float ti = p[i] + (p[k] - p[i]) * d[i] / (d[i] - d[k]);
    float tj = p[j] + (p[k] - p[j]) * d[j] / (d[j] - d[k]);
    *lo = ti < tj ? ti : tj;
    *hi = ti < tj ? tj : ti;
    return true;
}

typedef struct {
    float x, y;
} v2;

static float orient2(v2 a, v2 b, v2 c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); }

static bool opposite(float s, float t) { return (s <= 0 && t >= 0) || (s >= 0 && t <= 0); }

/* The closed segments a b and c d share a point. */
static bool segments_meet(v2 a, v2 b, v2 c, v2 d)
{
    float o1 = orient2(a, b, c), o2 = orient2(a, b, d);
    if (o1 == 0 && o2 == 0) { /* collinear: compare along the longer axis */
        bool xs = fabsf(b.x - a.x) + fabsf(d.x - c.x) >= fabsf(b.y - a.y) + fabsf(d.y - c.y);
        float a0 = xs ? a.x : a.y, a1 = xs ? b.x : b.y, c0 = xs ? c.x : c.y, c1 = xs ? d.x : d.y;
        return (a0 < a1 ? a0 : a1) <= (c0 > c1 ? c0 : c1) && (c0 < c1 ? c0 : c1) <= (a0 > a1 ? a0 : a1);
    }
    return opposite(o1, o2) && opposite(orient2(c, d, a), orient2(c, d, b));
}

/* p in the closed triangle t[] (either orientation; a collinear triangle
 * holds every point of its line). */
static bool inside2(v2 p, const v2 t[3])
{
    float s0 = orient2(t[0], t[1], p), s1 = orient2(t[1], t[2], p), s2 = orient2(t[2], t[0], p);
    return (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0);
}

/* Coplanar triangles, projected on the coordinate plane that drops the
 * largest component of the normal n. */
static bool coplanar_overlap(v3 n, const v3 a[3], const v3 b[3])
{
    float nx = fabsf(n.x), ny = fabsf(n.y), nz = fabsf(n.z);
    int drop = nx >= ny && nx >= nz ? 0 : ny >= nz ? 1 : 2;
    int i0 = drop == 0 ? 1 : 0, i1 = drop == 2 ? 1 : 2;
    v2 p[3], q[3];
    for (int k = 0; k < 3; k++) {
        p[k] = (v2){comp(a[k], i0), comp(a[k], i1)};
        q[k] = (v2){comp(b[k], i0), comp(b[k], i1)};
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (segments_meet(p[i], p[(i + 1) % 3], q[j], q[(j + 1) % 3]))
                return true;
    return inside2(p[0], q) || inside2(q[0], p);
}

/* Signed distances (times |n|) of the vertices x[] to the plane through o
 * with normal n; true when all are non-zero and of one sign. */
static bool one_side(v3 n, v3 o, const v3 x[3], float d[3])
{
    for (int k = 0; k < 3; k++)
        d[k] = dot(n, sub(x[k], o));
    return d[0] * d[1] > 0 && d[0] * d[2] > 0;
}

bool plain_triangle_triangle(isect_triangle ta, isect_triangle tb, isect_triangle_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    const v3 a[3] = {ta.v0, ta.v1, ta.v2}, b[3] = {tb.v0, tb.v1, tb.v2};
    v3 na = cross(sub(a[1], a[0]), sub(a[2], a[0])), nb = cross(sub(b[1], b[0]), sub(b[2], b[0]));
    float da[3], db[3];
    if (one_side(nb, b[0], a, da) || one_side(na, a[0], b, db))
        return false;
    /* The planes meet along the direction na x nb; project on its largest
     * component (an affine parameter along the line). */
    v3 dir = cross(na, nb);
    float ax = fabsf(dir.x), ay = fabsf(dir.y), az = fabsf(dir.z);
    int axis = ax >= ay && ax >= az ? 0 : ay >= az ? 1 : 2;
    float pa[3], pb[3];
    for (int k = 0; k < 3; k++) {
        pa[k] = comp(a[k], axis);
        pb[k] = comp(b[k], axis);
    }
    float lo_a, hi_a, lo_b, hi_b;
    if (!line_interval(pa, da, &lo_a, &hi_a))
        return verdict(out, coplanar_overlap(na, a, b));
    if (!line_interval(pb, db, &lo_b, &hi_b))
        return verdict(out, coplanar_overlap(nb, a, b));
    return verdict(out, lo_a <= hi_b && lo_b <= hi_a);
}
