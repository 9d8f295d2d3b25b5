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
#include "fast_vec3.h"

/* Translated, power-of-two scaled vertex: exact in binary64, then rounded
 * once to binary32 (only below the binary32 normal range can it round). */
static void scaled(float out[3], isect_vec3 v, isect_vec3 o, int e)
{
    out[0] = fv_ldexp(v.x - o.x, e);
    out[1] = fv_ldexp(v.y - o.y, e);
    out[2] = fv_ldexp(v.z - o.z, e);
}

bool isect_ray_triangle(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!fv_finite3(ray.origin) || !fv_finite3(ray.dir) || !fv_finite3(tri.v0) || !fv_finite3(tri.v1) ||
        !fv_finite3(tri.v2) || isnan(ray.tmax) || ray.tmax < 0)
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
        isect_vec3 dv = fv_sub(*v[i], o);
        if (!fv_finite3(dv))
            return false; /* outside the domain: a difference overflowed */
        m = isect_fmaxf(m, fv_max3abs(dv));
    }
    if (m == 0)
        return false; /* all three vertices at the origin: zero area */

    /* Exact power-of-two rescaling: positions below 1 in magnitude, dir[kz]
     * in [1, 2).  In scaled units t is t * 2^(ed - ep). */
    int ep = fv_exp(m), ed = fv_exp(d[kz]) - 1;
    float A[3], B[3], C[3];
    scaled(A, tri.v0, o, -ep);
    scaled(B, tri.v1, o, -ep);
    scaled(C, tri.v2, o, -ep);
    float dz = fv_ldexp(d[kz], -ed);
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
    double tm = (double)ray.tmax * fv_pow2(ed - ep); /* exact; inf stays inf */
    if (det > 0 ? (T < 0 || T > tm * det) : (T > 0 || T < tm * det))
        return false;

    float t = (float)(T / det * fv_pow2(ep - ed));
    if (t > ray.tmax) /* rounding; the exact t is <= tmax */
        t = ray.tmax;
    if (out)
        *out = (isect_ray_triangle_result){true, t, (float)(V / det), (float)(W / det)};
    return true;
}
