/* bench/rows_ray_triangle.c: the ray_triangle row of `make bench`, with
 * hand-made near-degenerate inputs (edges, vertices, grazing and coplanar
 * rays, slivers, underflow, tiny far triangles); ray_triangle has no catalog
 * boundary edits, so the generic "boundary" set of rows.c does not apply. */
#include "bench.h"
#include "mt_plain.h"

#include <stdlib.h>

enum { RT_NIN = 16 }; /* origin[3] dir[3] tmax v0[3] v1[3] v2[3] */

typedef struct {
    isect_ray ray;
    isect_triangle tri;
} rt_case;

static isect_vec3 v3_ldexp(isect_vec3 a, int e) { return v3(ldexpf(a.x, e), ldexpf(a.y, e), ldexpf(a.z, e)); }

static void rt_put(double *in, isect_vec3 o, isect_vec3 d, float tmax, const isect_vec3 v[3])
{
    put3(in + 0, o);
    put3(in + 3, d);
    in[6] = tmax;
    put3(in + 7, v[0]);
    put3(in + 10, v[1]);
    put3(in + 13, v[2]);
}

/* A random point of the triangle (uniform barycentrics), rounded to binary32. */
static isect_vec3 rt_inside(rng *r, const isect_vec3 v[3])
{
    float a = rng_unit(r), b = rng_unit(r);
    if (a + b > 1) {
        a = 1 - a;
        b = 1 - b;
    }
    return v3_add(v[0], v3_add(v3_mul(v3_sub(v[1], v[0]), a), v3_mul(v3_sub(v[2], v[0]), b)));
}

/* Triangle in [-1,1]^3, origin in [-2,2]^3, aimed at a point of the triangle
 * (aim_percent of the time) or of the box, dir scaled by [0.5, 2). */
static void rt_aimed(rng *r, int aim_percent, isect_vec3 *o, isect_vec3 *d, float *tmax, isect_vec3 v[3])
{
    for (int i = 0; i < 3; i++)
        v[i] = v3_rand(r, -1, 1);
    *o = v3_rand(r, -2, 2);
    isect_vec3 target = rng_chance(r, aim_percent) ? rt_inside(r, v) : v3_rand(r, -1, 1);
    float k = rng_range(r, 0.5f, 2.0f);
    *d = v3_mul(v3_sub(target, *o), k);
    *tmax = rng_chance(r, 75) ? INFINITY : rng_range(r, 0, 2) / k; /* the aimed hit is at t = 1/k */
}

static void gen_rt_random(rng *r, double *in)
{
    isect_vec3 o, d, v[3];
    float tmax;
    rt_aimed(r, 55, &o, &d, &tmax, v);
    rt_put(in, o, d, tmax, v);
}

enum { ND_EDGE, ND_VERTEX, ND_PARALLEL, ND_GRAZING, ND_SLIVER, ND_TINY, ND_SMALL_FAR, ND_KINDS };

/* Near-degenerate, one of ND_KINDS kinds in equal shares:
 *  EDGE, VERTEX  grid triangle, grid origin, dir aimed exactly (no rounding)
 *                at a point k/8 along an edge, or at a vertex; tmax is inf,
 *                or exactly 1 (the segment ends on the edge), or random;
 *  PARALLEL      axis-aligned grid triangle, dir exactly in its plane; the
 *                origin in the plane (coplanar ray) or off it;
 *  GRAZING       random triangle, dir at an angle 2^-6 .. 2^-40 to its plane,
 *                through the centroid (up to the rounding of the origin);
 *  SLIVER        v2 on the segment v0 v1 (exactly, on the grid) or 2^-10 ..
 *                2^-30 of its length off it; ray aimed at the segment;
 *  TINY          a random aimed case with every position and dir scaled by
 *                2^-20 .. 2^-100 (products underflow in binary32);
 *  SMALL_FAR     a triangle 2^-12 .. 2^-22 wide at distance ~1 from 0 (its
 *                vertices a few ulps apart), ray aimed at its centroid. */
static void gen_rt_degenerate(rng *r, double *in)
{
    isect_vec3 o, d, v[3];
    float tmax = INFINITY;
    switch (rng_int(r, 0, ND_KINDS - 1)) {
    case ND_EDGE:
    case ND_VERTEX: {
        int vertex = rng_chance(r, 50);
        for (int i = 0; i < 3; i++)
            v[i] = v3_grid(r);
        o = v3_grid(r);
        int i = rng_int(r, 0, 2), j = (i + 1) % 3;
        float k = vertex ? 0.0f : (float)rng_int(r, 1, 7) * 0.125f;
        isect_vec3 target = v3_add(v[i], v3_mul(v3_sub(v[j], v[i]), k));
        d = v3_sub(target, o);
        int c = rng_int(r, 0, 4);
        tmax = c < 3 ? INFINITY : c == 3 ? 1.0f : rng_range(r, 0.5f, 1.5f);
        break;
    }
    case ND_PARALLEL: {
        int ax = rng_int(r, 0, 2);
        float c = (float)rng_int(r, -64, 64) * 0x1p-4f;
        isect_vec3 target;
        for (int i = 0; i < 3; i++)
            v[i] = v3_grid(r), v[i].z = c;
        o = v3_grid(r);
        if (rng_chance(r, 50))
            o.z = c;
        target = rng_chance(r, 50) ? v3_add(v[0], v3_mul(v3_sub(v[1], v[0]), 0.5f)) : v3_grid(r);
        d = v3_sub(target, o);
        d.z = 0;
        /* Rotate the components so that the plane is normal to axis ax. */
        for (int k = 0; k < ax; k++) {
            for (int i = 0; i < 3; i++)
                v[i] = v3(v[i].y, v[i].z, v[i].x);
            o = v3(o.y, o.z, o.x);
            d = v3(d.y, d.z, d.x);
        }
        break;
    }
    case ND_GRAZING: {
        for (int i = 0; i < 3; i++)
            v[i] = v3_rand(r, -1, 1);
        double e1[3] = {v[1].x - (double)v[0].x, v[1].y - (double)v[0].y, v[1].z - (double)v[0].z};
        double e2[3] = {v[2].x - (double)v[0].x, v[2].y - (double)v[0].y, v[2].z - (double)v[0].z};
        double n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
        double a = rng_range(r, -1, 1), b = rng_range(r, -1, 1), d0[3], len0 = 0, lenn = 0;
        for (int k = 0; k < 3; k++) {
            d0[k] = a * e1[k] + b * e2[k];
            len0 += d0[k] * d0[k];
            lenn += n[k] * n[k];
        }
        len0 = sqrt(len0);
        lenn = sqrt(lenn);
        double sign = rng_chance(r, 50) ? 1.0 : -1.0; /* one PRNG draw per statement: a fixed order */
        double tilt = ldexp(sign, -rng_int(r, 6, 40));
        double dd[3], s = rng_range(r, 0.5f, 2.0f);
        for (int k = 0; k < 3; k++)
            dd[k] = d0[k] + (lenn > 0 ? n[k] / lenn * len0 * tilt : 0);
        d = v3(to_f32(dd[0]), to_f32(dd[1]), to_f32(dd[2]));
        double c[3] = {((double)v[0].x + v[1].x + v[2].x) / 3, ((double)v[0].y + v[1].y + v[2].y) / 3,
                       ((double)v[0].z + v[1].z + v[2].z) / 3};
        o = v3(to_f32(c[0] - s * d.x), to_f32(c[1] - s * d.y), to_f32(c[2] - s * d.z));
        break;
    }
    case ND_SLIVER: {
        isect_vec3 target;
        if (rng_chance(r, 33)) { /* exactly collinear: zero area */
            v[0] = v3_grid(r);
            v[1] = v3_grid(r);
            v[2] = v3_add(v[0], v3_mul(v3_sub(v[1], v[0]), (float)rng_int(r, 0, 8) * 0.125f));
            target = v3_add(v[0], v3_mul(v3_sub(v[1], v[0]), (float)rng_int(r, 0, 8) * 0.125f));
        } else {
            v[0] = v3_rand(r, -1, 1);
            v[1] = v3_rand(r, -1, 1);
            isect_vec3 e = v3_sub(v[1], v[0]);
            float len = sqrtf(e.x * e.x + e.y * e.y + e.z * e.z);
            isect_vec3 off = v3_rand(r, -1, 1);
            off = v3_mul(off, ldexpf(len, -rng_int(r, 10, 30)));
            v[2] = v3_add(v3_add(v[0], v3_mul(e, rng_unit(r))), off);
            target = v3_add(v[0], v3_mul(e, rng_unit(r)));
        }
        if (rng_chance(r, 50)) { /* any vertex may be the odd one */
            int j = rng_int(r, 0, 1);
            isect_vec3 t = v[2];
            v[2] = v[j];
            v[j] = t;
        }
        o = v3_rand(r, -2, 2);
        d = v3_sub(target, o);
        break;
    }
    case ND_TINY: {
        rt_aimed(r, 75, &o, &d, &tmax, v);
        int e = -rng_int(r, 20, 100); /* t is unchanged: positions and dir scale alike */
        o = v3_ldexp(o, e);
        d = v3_ldexp(d, e);
        for (int i = 0; i < 3; i++)
            v[i] = v3_ldexp(v[i], e);
        break;
    }
    case ND_SMALL_FAR: {
        isect_vec3 c = v3_rand(r, -1, 1);
        float h = ldexpf(1, -rng_int(r, 12, 22));
        for (int i = 0; i < 3; i++)
            v[i] = v3_add(c, v3_mul(v3_rand(r, -1, 1), h));
        isect_vec3 target = v3(to_f32(((double)v[0].x + v[1].x + v[2].x) / 3),
                               to_f32(((double)v[0].y + v[1].y + v[2].y) / 3),
                               to_f32(((double)v[0].z + v[1].z + v[2].z) / 3));
        o = v3_rand(r, -2, 2);
        d = v3_sub(target, o);
        break;
    }
    }
    rt_put(in, o, d, tmax, v);
}

static void *rt_prepare(const double *flat, size_t n)
{
    rt_case *c = malloc(n * sizeof *c);
    if (!c)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        const double *x = flat + i * RT_NIN;
        c[i].ray = (isect_ray){v3_at(x + 0), v3_at(x + 3), (float)x[6]};
        c[i].tri = (isect_triangle){v3_at(x + 7), v3_at(x + 10), v3_at(x + 13)};
    }
    return c;
}

static size_t rt_loop(any_fn fn, const void *typed, const uint32_t *order, size_t n)
{
    isect_ray_triangle_fn *volatile vf = (isect_ray_triangle_fn *)fn;
    isect_ray_triangle_fn *f = vf; /* opaque to the compiler: no inlining, no specialisation */
    const rt_case *c = typed;
    size_t hits = 0;
    float acc = 0;
    for (size_t i = 0; i < n; i++) {
        isect_ray_triangle_result res;
        hits += f(c[order[i]].ray, c[order[i]].tri, &res);
        acc += res.t;
    }
    bench_sink += acc;
    return hits;
}

const bench_query bench_ray_triangle = {
    "ray_triangle", RT_NIN, (any_fn)isect_ray_triangle, (any_fn)mt_plain_ray_triangle, "MT",
    "plain binary32 Moller-Trumbore, two-sided, no epsilon, bench/mt_plain.c", rt_prepare, rt_loop,
    {{"random", gen_rt_random, 0}, {"near-degenerate", gen_rt_degenerate, 0}}};
