/* fast/ray_triangle.c: watertight ray/triangle in binary32.
 *
 * The scheme of Woop, Benthin and Wald (JCGT 2013): translate the vertices to
 * the ray origin, shear them so that the ray becomes the +z axis of a 2D
 * frame, and decide the hit from three 2D edge functions.  The transform runs
 * in binary32.  The edge functions run in binary64, where products of two
 * binary32 values are exact: their signs are exact for the transformed
 * vertices (the published scheme gets there with a binary64 fallback when a
 * binary32 edge function is 0), and, unlike binary32 edge functions, their
 * rounding errors are too small to be amplified into t when the triangle is a
 * sliver in ray space (docs/queries/ray_triangle.md).  Since every vertex is transformed
 * independently of the triangle it belongs to, two triangles sharing an edge
 * see the same edge function with opposite signs: watertight.
 *
 * Added to the published scheme: inputs are rescaled by powers of two (exact)
 * so that the transformed vertices have magnitude at most 2 and |dir[kz]| is
 * in [1, 2); this keeps the products away from overflow and underflow for
 * every finite input whose differences are finite.  See
 * docs/queries/ray_triangle.md for the domain and the error bound.
 */
#include "isect.h"

#include <math.h>
#include <string.h>

static float comp(isect_vec3 v, int k) { return k == 0 ? v.x : k == 1 ? v.y : v.z; }

static bool finite3(isect_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

static float max3abs(isect_vec3 v)
{
    return fmaxf(fabsf(v.x), fmaxf(fabsf(v.y), fabsf(v.z)));
}

static isect_vec3 sub3(isect_vec3 a, isect_vec3 b) { return (isect_vec3){a.x - b.x, a.y - b.y, a.z - b.z}; }

static isect_vec3 scale3(isect_vec3 a, int e)
{
    return (isect_vec3){ldexpf(a.x, e), ldexpf(a.y, e), ldexpf(a.z, e)};
}

/* The hit test on the ray-space vertices.  The shear runs in binary32; the
 * edge functions and the depth run in binary64, where the products of two
 * binary32 values are exact, so each edge function is the exact value
 * rounded once: its sign is exact (no fallback branch is needed) and its
 * relative error is at most 2^-53.  Writes t in scaled units, u and v. */
static bool decide(isect_vec3 A, isect_vec3 B, isect_vec3 C, int kx, int ky, int kz, float Sx, float Sy,
                   float Sz, float tmax_s, float *t, float *u, float *v)
{
    float Ax = comp(A, kx) - Sx * comp(A, kz), Ay = comp(A, ky) - Sy * comp(A, kz);
    float Bx = comp(B, kx) - Sx * comp(B, kz), By = comp(B, ky) - Sy * comp(B, kz);
    float Cx = comp(C, kx) - Sx * comp(C, kz), Cy = comp(C, ky) - Sy * comp(C, kz);
    float Az = Sz * comp(A, kz), Bz = Sz * comp(B, kz), Cz = Sz * comp(C, kz);

    double U = (double)Cx * By - (double)Cy * Bx;
    double V = (double)Ax * Cy - (double)Ay * Cx;
    double W = (double)Bx * Ay - (double)By * Ax;
    if ((U < 0 || V < 0 || W < 0) && (U > 0 || V > 0 || W > 0))
        return false;
    double det = U + V + W;
    if (det == 0)
        return false; /* U = V = W = 0: zero area, or a ray in the triangle's plane */
    double T = U * Az + V * Bz + W * Cz;
    double tm = tmax_s;
    if (det > 0 ? (T < 0 || T > tm * det) : (T > 0 || T < tm * det))
        return false;
    *t = (float)(T / det);
    *u = (float)(V / det);
    *v = (float)(W / det);
    return true;
}

bool isect_ray_triangle(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out)
{
    isect_ray_triangle_result r;
    memset(&r, 0, sizeof r);
    if (out)
        *out = r;

    if (!finite3(ray.origin) || !finite3(ray.dir) || !finite3(tri.v0) || !finite3(tri.v1) ||
        !finite3(tri.v2) || isnan(ray.tmax) || ray.tmax < 0)
        return false;

    /* kz: the dominant axis of dir; kx, ky keep the winding when dir[kz] < 0. */
    float ad[3] = {fabsf(ray.dir.x), fabsf(ray.dir.y), fabsf(ray.dir.z)};
    int kz = ad[0] >= ad[1] ? (ad[0] >= ad[2] ? 0 : 2) : (ad[1] >= ad[2] ? 1 : 2);
    if (ad[kz] == 0)
        return false;
    int kx = (kz + 1) % 3, ky = (kx + 1) % 3;
    if (comp(ray.dir, kz) < 0) {
        int k = kx;
        kx = ky;
        ky = k;
    }

    isect_vec3 A = sub3(tri.v0, ray.origin), B = sub3(tri.v1, ray.origin), C = sub3(tri.v2, ray.origin);
    if (!finite3(A) || !finite3(B) || !finite3(C))
        return false; /* outside the domain: a difference overflowed */
    float m = fmaxf(max3abs(A), fmaxf(max3abs(B), max3abs(C)));
    if (m == 0)
        return false; /* all three vertices at the origin: zero area */

    /* Exact power-of-two rescaling: positions to magnitude < 1, dir[kz] to [1, 2). */
    int ep, ed;
    frexpf(m, &ep);
    frexpf(ad[kz], &ed);
    ed -= 1;
    A = scale3(A, -ep);
    B = scale3(B, -ep);
    C = scale3(C, -ep);
    isect_vec3 d = scale3(ray.dir, -ed);
    float dz = comp(d, kz);
    float Sx = comp(d, kx) / dz, Sy = comp(d, ky) / dz, Sz = 1.0f / dz;
    /* t in scaled units is t * 2^(ed - ep). */
    float tmax_s = isinf(ray.tmax) ? INFINITY : ldexpf(ray.tmax, ed - ep);

    if (!decide(A, B, C, kx, ky, kz, Sx, Sy, Sz, tmax_s, &r.t, &r.u, &r.v))
        return false;
    r.t = ldexpf(r.t, ep - ed);
    if (r.t > ray.tmax) /* rounding of the rescaled t; the exact t is <= tmax */
        r.t = ray.tmax;
    r.hit = true;
    if (out)
        *out = r;
    return true;
}
