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
#include <stdint.h>
#include <string.h>

static bool finite3(isect_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

static float absmax(float a, float b) { return fabsf(a) > fabsf(b) ? fabsf(a) : fabsf(b); }

/* The exponent e with x = f * 2^e, f in [1/2, 1), for finite x != 0. */
static int exponent_of(float x)
{
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    int e = (int)((b >> 23) & 0xff);
    if (e == 0) { /* subnormal: rare, leave it to libm */
        frexpf(x, &e);
        return e;
    }
    return e - 126;
}

/* 2^k as a binary64, for |k| < 1000. */
static double pow2(int k)
{
    uint64_t b = (uint64_t)(1023 + k) << 52;
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

/* Translated, power-of-two scaled vertex: exact in binary64, then rounded
 * once to binary32 (only below the binary32 normal range can it round). */
static void scaled(float out[3], isect_vec3 v, isect_vec3 o, double s)
{
    out[0] = (float)((double)(v.x - o.x) * s);
    out[1] = (float)((double)(v.y - o.y) * s);
    out[2] = (float)((double)(v.z - o.z) * s);
}

bool isect_ray_triangle(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!finite3(ray.origin) || !finite3(ray.dir) || !finite3(tri.v0) || !finite3(tri.v1) ||
        !finite3(tri.v2) || isnan(ray.tmax) || ray.tmax < 0)
        return false;

    /* kz: the dominant axis of dir; kx, ky keep the winding when dir[kz] < 0. */
    const float d[3] = {ray.dir.x, ray.dir.y, ray.dir.z};
    float ax = fabsf(d[0]), ay = fabsf(d[1]), az = fabsf(d[2]);
    int kz = ax >= ay ? (ax >= az ? 0 : 2) : (ay >= az ? 1 : 2);
    if (d[kz] == 0)
        return false;
    int kx = kz == 2 ? 0 : kz + 1, ky = kx == 2 ? 0 : kx + 1;
    if (d[kz] < 0) {
        int k = kx;
        kx = ky;
        ky = k;
    }

    isect_vec3 o = ray.origin;
    float m = 0;
    const isect_vec3 *v[3] = {&tri.v0, &tri.v1, &tri.v2};
    for (int i = 0; i < 3; i++) {
        float dx = v[i]->x - o.x, dy = v[i]->y - o.y, dz = v[i]->z - o.z;
        if (!isfinite(dx) || !isfinite(dy) || !isfinite(dz))
            return false; /* outside the domain: a difference overflowed */
        m = absmax(m, absmax(dx, absmax(dy, dz)));
    }
    if (m == 0)
        return false; /* all three vertices at the origin: zero area */

    /* Exact power-of-two rescaling: positions below 1 in magnitude, dir[kz]
     * in [1, 2).  In scaled units t is t * 2^(ed - ep). */
    int ep = exponent_of(m), ed = exponent_of(d[kz]) - 1;
    double sp = pow2(-ep);
    float A[3], B[3], C[3];
    scaled(A, tri.v0, o, sp);
    scaled(B, tri.v1, o, sp);
    scaled(C, tri.v2, o, sp);
    float dz = (float)((double)d[kz] * pow2(-ed));
    float Sx = d[kx] / d[kz], Sy = d[ky] / d[kz], Sz = 1.0f / dz;

    /* Shear to ray space in binary32. */
    float Ax = A[kx] - Sx * A[kz], Ay = A[ky] - Sy * A[kz];
    float Bx = B[kx] - Sx * B[kz], By = B[ky] - Sy * B[kz];
    float Cx = C[kx] - Sx * C[kz], Cy = C[ky] - Sy * C[kz];
    float Az = Sz * A[kz], Bz = Sz * B[kz], Cz = Sz * C[kz];

    /* Edge functions and depth in binary64: products of two binary32 values
     * are exact, each edge function is rounded once, its sign is exact. */
    double U = (double)Cx * By - (double)Cy * Bx;
    double V = (double)Ax * Cy - (double)Ay * Cx;
    double W = (double)Bx * Ay - (double)By * Ax;
    if ((U < 0 || V < 0 || W < 0) && (U > 0 || V > 0 || W > 0))
        return false;
    double det = U + V + W;
    if (det == 0)
        return false; /* U = V = W = 0: zero area, or a ray in the triangle's plane */
    double T = U * Az + V * Bz + W * Cz;
    double tm = (double)ray.tmax * pow2(ed - ep); /* exact; inf stays inf */
    if (det > 0 ? (T < 0 || T > tm * det) : (T > 0 || T < tm * det))
        return false;

    float t = (float)(T / det * pow2(ep - ed));
    if (t > ray.tmax) /* rounding; the exact t is <= tmax */
        t = ray.tmax;
    if (out)
        *out = (isect_ray_triangle_result){true, t, (float)(V / det), (float)(W / det)};
    return true;
}
