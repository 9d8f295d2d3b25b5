/* bench/rows.c: the rows of `make bench` for every query but ray_triangle.
 *
 * Each query has a "random" set, drawn by its generator below (generic
 * shapes in [-1,1]^3, sized and aimed so that a fair share of the cases hit),
 * and a "boundary" set: the same draws after the catalog row's boundary
 * edits (isect_query.mutate: touching, coplanar, parallel placements), the
 * inputs where fast leaves its fast path.  The typed case layout, the
 * conversion from the flat catalog order and the timed loop of each query
 * are made by BENCH_TYPED2/3 from the argument types of its fast signature.
 */
#include "bench.h"
#include "overlap_plain.h"
#include "ray_plain.h"
#include "ccd_plain.h"
#include "rng.h"
#include "sweep_plain.h"

#include <stdlib.h>

/* ---- flat catalog order -> typed arguments --------------------------------------- */

/* N_T: the flat slots of an argument of type isect_T; rd_T reads one. */
enum {
    N_vec3 = 3, N_ray = 7, N_plane = 6, N_sphere = 4, N_aabb = 6, N_obb = 15,
    N_capsule = 7, N_cylinder = 7, N_triangle = 9, N_moving_sphere = 7, N_ccd_frame = 12, N_moving_aabb = 9
};

static isect_vec3 rd_vec3(const double *x) { return v3_at(x); }
static isect_ray rd_ray(const double *x) { return (isect_ray){v3_at(x), v3_at(x + 3), (float)x[6]}; }
static isect_plane rd_plane(const double *x) { return (isect_plane){v3_at(x), v3_at(x + 3)}; }
static isect_sphere rd_sphere(const double *x) { return (isect_sphere){v3_at(x), (float)x[3]}; }
static isect_aabb rd_aabb(const double *x) { return (isect_aabb){v3_at(x), v3_at(x + 3)}; }
static isect_obb rd_obb(const double *x)
{
    return (isect_obb){v3_at(x), {v3_at(x + 3), v3_at(x + 6), v3_at(x + 9)}, v3_at(x + 12)};
}
static isect_capsule rd_capsule(const double *x) { return (isect_capsule){v3_at(x), v3_at(x + 3), (float)x[6]}; }
static isect_cylinder rd_cylinder(const double *x) { return (isect_cylinder){v3_at(x), v3_at(x + 3), (float)x[6]}; }
static isect_triangle rd_triangle(const double *x) { return (isect_triangle){v3_at(x), v3_at(x + 3), v3_at(x + 6)}; }
static isect_ccd_frame rd_ccd_frame(const double *x)
{
    isect_ccd_frame f;
    for (int k = 0; k < 4; k++)
        f.v[k] = (isect_dvec3){x[3 * k], x[3 * k + 1], x[3 * k + 2]};
    return f;
}
static isect_moving_sphere rd_moving_sphere(const double *x)
{
    return (isect_moving_sphere){v3_at(x), v3_at(x + 3), (float)x[6]};
}
static isect_moving_aabb rd_moving_aabb(const double *x)
{
    return (isect_moving_aabb){{v3_at(x), v3_at(x + 3)}, v3_at(x + 6)};
}

/* The case struct, prepare and loop of query Q, whose fast signature is
 * bool (isect_A, isect_B, isect_Q_result *).  The function is read from a
 * volatile, so that the compiler can neither inline nor specialise it. */
#define BENCH_TYPED2(Q, A, B)                                                                                  \
    typedef struct {                                                                                           \
        isect_##A a;                                                                                           \
        isect_##B b;                                                                                           \
    } Q##_case;                                                                                                \
    static void *Q##_prepare(const double *flat, size_t n)                                                     \
    {                                                                                                          \
        Q##_case *c = malloc(n * sizeof *c);                                                                   \
        for (size_t i = 0; c && i < n; i++) {                                                                  \
            const double *x = flat + i * (N_##A + N_##B);                                                      \
            c[i] = (Q##_case){rd_##A(x), rd_##B(x + N_##A)};                                                   \
        }                                                                                                      \
        return c;                                                                                              \
    }                                                                                                          \
    static size_t Q##_loop(any_fn fn, const void *typed, const uint32_t *order, size_t n)                      \
    {                                                                                                          \
        isect_##Q##_fn *volatile vf = (isect_##Q##_fn *)fn;                                                    \
        isect_##Q##_fn *f = vf;                                                                                \
        const Q##_case *c = typed;                                                                             \
        size_t hits = 0;                                                                                       \
        for (size_t i = 0; i < n; i++) {                                                                       \
            isect_##Q##_result res;                                                                            \
            const Q##_case *x = &c[order[i]];                                                                  \
            hits += f(x->a, x->b, &res);                                                                       \
        }                                                                                                      \
        bench_sink += (double)hits;                                                                            \
        return hits;                                                                                           \
    }

#define BENCH_TYPED3(Q, A, B, C)                                                                               \
    typedef struct {                                                                                           \
        isect_##A a;                                                                                           \
        isect_##B b;                                                                                           \
        isect_##C c;                                                                                           \
    } Q##_case;                                                                                                \
    static void *Q##_prepare(const double *flat, size_t n)                                                     \
    {                                                                                                          \
        Q##_case *c = malloc(n * sizeof *c);                                                                   \
        for (size_t i = 0; c && i < n; i++) {                                                                  \
            const double *x = flat + i * (N_##A + N_##B + N_##C);                                              \
            c[i] = (Q##_case){rd_##A(x), rd_##B(x + N_##A), rd_##C(x + N_##A + N_##B)};                        \
        }                                                                                                      \
        return c;                                                                                              \
    }                                                                                                          \
    static size_t Q##_loop(any_fn fn, const void *typed, const uint32_t *order, size_t n)                      \
    {                                                                                                          \
        isect_##Q##_fn *volatile vf = (isect_##Q##_fn *)fn;                                                    \
        isect_##Q##_fn *f = vf;                                                                                \
        const Q##_case *c = typed;                                                                             \
        size_t hits = 0;                                                                                       \
        for (size_t i = 0; i < n; i++) {                                                                       \
            isect_##Q##_result res;                                                                            \
            const Q##_case *x = &c[order[i]];                                                                  \
            hits += f(x->a, x->b, x->c, &res);                                                                 \
        }                                                                                                      \
        bench_sink += (double)hits;                                                                            \
        return hits;                                                                                           \
    }

BENCH_TYPED2(ray_plane, ray, plane)
BENCH_TYPED2(ray_sphere, ray, sphere)
BENCH_TYPED2(ray_aabb, ray, aabb)
BENCH_TYPED2(ray_cylinder, ray, cylinder)
BENCH_TYPED2(ray_capsule, ray, capsule)
BENCH_TYPED2(ray_obb, ray, obb)
BENCH_TYPED2(sphere_sweep_point, moving_sphere, vec3)
BENCH_TYPED2(sphere_sweep_sphere, moving_sphere, moving_sphere)
BENCH_TYPED2(vertex_face_ccd, ccd_frame, ccd_frame)
BENCH_TYPED2(edge_edge_ccd, ccd_frame, ccd_frame)
BENCH_TYPED3(sphere_sweep_segment, moving_sphere, vec3, vec3)
BENCH_TYPED2(sphere_sweep_triangle, moving_sphere, triangle)
BENCH_TYPED2(sphere_sweep_plane, moving_sphere, plane)
BENCH_TYPED2(aabb_sweep_aabb, moving_aabb, moving_aabb)
BENCH_TYPED2(sphere_sphere, sphere, sphere)
BENCH_TYPED2(aabb_aabb, aabb, aabb)
BENCH_TYPED2(sphere_aabb, sphere, aabb)
BENCH_TYPED2(point_in_triangle, vec3, triangle)
BENCH_TYPED2(sphere_triangle, sphere, triangle)
BENCH_TYPED2(sphere_plane, sphere, plane)
BENCH_TYPED2(aabb_plane, aabb, plane)
BENCH_TYPED2(obb_obb, obb, obb)
BENCH_TYPED2(sphere_obb, sphere, obb)
BENCH_TYPED2(capsule_capsule, capsule, capsule)
BENCH_TYPED2(aabb_triangle, aabb, triangle)
BENCH_TYPED2(triangle_triangle, triangle, triangle)

/* ---- random shapes, written in flat catalog order ------------------------------------ */

/* Every PRNG draw is in a statement of its own (or a declarator of its
 * own): the order of evaluation of function arguments is unspecified, and
 * the cases must not depend on the compiler. */

/* A cursor over a case's flat inputs. */
typedef struct {
    double *x;
} out_t;

static void w1(out_t *o, float v) { *o->x++ = v; }
static void w3(out_t *o, isect_vec3 v)
{
    put3(o->x, v);
    o->x += 3;
}

static isect_vec3 lerp(isect_vec3 a, isect_vec3 b, float s) { return v3_add(a, v3_mul(v3_sub(b, a), s)); }

/* Sphere: centre in [-1,1]^3, radius in [0.05, 0.8). */
static isect_sphere g_sphere(rng *r)
{
    isect_vec3 c = v3_rand(r, -1, 1);
    return (isect_sphere){c, rng_range(r, 0.05f, 0.8f)};
}
static void w_sphere(out_t *o, isect_sphere s)
{
    w3(o, s.center);
    w1(o, s.radius);
}

/* Box: centre in [-1,1]^3, half extents in [0.05, 0.8) (min <= max: rounding is monotone). */
static isect_aabb g_aabb(rng *r)
{
    isect_vec3 c = v3_rand(r, -1, 1), h = v3_rand(r, 0.05f, 0.8f);
    return (isect_aabb){v3_sub(c, h), v3_add(c, h)};
}
static void w_aabb(out_t *o, isect_aabb b)
{
    w3(o, b.min);
    w3(o, b.max);
}

/* Oriented box: a uniformly random rotation (a normalised random quaternion,
 * rounded to binary32: nearly orthonormal, as in an engine), half extents
 * in [0.05, 0.8). */
static isect_obb g_obb(rng *r)
{
    double q[4], n = 0;
    do {
        n = 0;
        for (int i = 0; i < 4; i++) {
            q[i] = rng_range(r, -1, 1);
            n += q[i] * q[i];
        }
    } while (n > 1 || n < 1e-3);
    double m[3][3];
    isect_rng_rotation(q, m);
    isect_obb b;
    b.center = v3_rand(r, -1, 1);
    for (int i = 0; i < 3; i++)
        b.axis[i] = v3(to_f32(m[i][0]), to_f32(m[i][1]), to_f32(m[i][2]));
    b.half = v3_rand(r, 0.05f, 0.8f);
    return b;
}
static void w_obb(out_t *o, isect_obb b)
{
    w3(o, b.center);
    for (int i = 0; i < 3; i++)
        w3(o, b.axis[i]);
    w3(o, b.half);
}
/* A point of the box (s_i in [-1, 1]) or just outside it (s_i in [-1.3, 1.3]). */
static isect_vec3 obb_point(rng *r, isect_obb b, float spread)
{
    isect_vec3 p = b.center;
    float h[3] = {b.half.x, b.half.y, b.half.z};
    for (int i = 0; i < 3; i++)
        p = v3_add(p, v3_mul(b.axis[i], h[i] * rng_range(r, -spread, spread)));
    return p;
}

/* A non-zero direction with components in [-1, 1]: not normalised. */
static isect_vec3 g_dir(rng *r)
{
    isect_vec3 d;
    do
        d = v3_rand(r, -1, 1);
    while (fabsf(d.x) + fabsf(d.y) + fabsf(d.z) < 0.1f);
    return d;
}

/* Plane: a point in [-1,1]^3 and a non-normalised normal. */
static isect_plane g_plane(rng *r)
{
    isect_vec3 p = v3_rand(r, -1, 1);
    return (isect_plane){p, g_dir(r)};
}
static void w_plane(out_t *o, isect_plane p)
{
    w3(o, p.point);
    w3(o, p.normal);
}

static isect_triangle g_triangle(rng *r)
{
    isect_vec3 a = v3_rand(r, -1, 1), b = v3_rand(r, -1, 1);
    return (isect_triangle){a, b, v3_rand(r, -1, 1)};
}
static void w_triangle(out_t *o, isect_triangle t)
{
    w3(o, t.v0);
    w3(o, t.v1);
    w3(o, t.v2);
}
/* A point of the triangle's plane region around it (barycentrics in [-0.3, 1.3]). */
static isect_vec3 tri_point(rng *r, isect_triangle t)
{
    float a = rng_range(r, -0.3f, 1.3f), b = rng_range(r, -0.3f, 1.3f);
    if (a + b > 1.3f) {
        a = 1 - a;
        b = 1 - b;
    }
    return v3_add(t.v0, v3_add(v3_mul(v3_sub(t.v1, t.v0), a), v3_mul(v3_sub(t.v2, t.v0), b)));
}

/* Capsule or cylinder: end points in [-1,1]^3, radius in [0.05, 0.5). */
static isect_capsule g_capsule(rng *r)
{
    isect_vec3 a = v3_rand(r, -1, 1), b = v3_rand(r, -1, 1);
    return (isect_capsule){a, b, rng_range(r, 0.05f, 0.5f)};
}
static void w_capsule(out_t *o, isect_capsule c)
{
    w3(o, c.p0);
    w3(o, c.p1);
    w1(o, c.radius);
}
/* A point near the axis segment, within 1.5 radii of it per coordinate. */
static isect_vec3 capsule_point(rng *r, isect_capsule c)
{
    isect_vec3 on = lerp(c.p0, c.p1, rng_range(r, -0.2f, 1.2f));
    return v3_add(on, v3_rand(r, -1.5f * c.radius, 1.5f * c.radius));
}

/* A ray from a point of [-2.5,2.5]^3 towards target, dir scaled by
 * [0.5, 2) (the target is at t = 1/k), tmax infinite 3 times in 4, else
 * in [0, 2/k) (a segment that may stop short). */
static void w_ray_at(out_t *o, rng *r, isect_vec3 target)
{
    isect_vec3 org = v3_rand(r, -2.5f, 2.5f);
    float k = rng_range(r, 0.5f, 2.0f);
    w3(o, org);
    w3(o, v3_mul(v3_sub(target, org), k));
    w1(o, rng_chance(r, 75) ? INFINITY : rng_range(r, 0, 2) / k);
}

/* A sphere moving from a point of [-2,2]^3 towards target within t in [0, 1]
 * about two times in three (velocity = (target - centre) * k, k in [0.5, 2)). */
static void w_moving_at(out_t *o, rng *r, isect_vec3 target)
{
    isect_vec3 c = v3_rand(r, -2, 2);
    float k = rng_range(r, 0.5f, 2.0f);
    w3(o, c);
    w3(o, v3_mul(v3_sub(target, c), k));
    w1(o, rng_range(r, 0.05f, 0.5f));
}

/* ---- generators, one per query (writing its fields in catalog order) ------------------ */

static void gen_ray_plane(rng *r, double *in)
{
    out_t o = {in};
    isect_plane p = g_plane(r);
    w_ray_at(&o, r, v3_rand(r, -1, 1));
    w_plane(&o, p);
}

static void gen_ray_sphere(rng *r, double *in)
{
    out_t o = {in};
    isect_sphere s = g_sphere(r);
    w_ray_at(&o, r, v3_add(s.center, v3_rand(r, -1.3f * s.radius, 1.3f * s.radius)));
    w_sphere(&o, s);
}

static void gen_ray_aabb(rng *r, double *in)
{
    out_t o = {in};
    isect_aabb b = g_aabb(r);
    isect_vec3 t;
    t.x = rng_range(r, b.min.x - 0.2f, b.max.x + 0.2f);
    t.y = rng_range(r, b.min.y - 0.2f, b.max.y + 0.2f);
    t.z = rng_range(r, b.min.z - 0.2f, b.max.z + 0.2f);
    w_ray_at(&o, r, t);
    w_aabb(&o, b);
}

static void gen_ray_cylinder(rng *r, double *in)
{
    out_t o = {in};
    isect_capsule c = g_capsule(r);
    w_ray_at(&o, r, capsule_point(r, c));
    w_capsule(&o, c); /* isect_cylinder has the capsule's layout */
}

static void gen_ray_capsule(rng *r, double *in) { gen_ray_cylinder(r, in); }

static void gen_ray_obb(rng *r, double *in)
{
    out_t o = {in};
    isect_obb b = g_obb(r);
    w_ray_at(&o, r, obb_point(r, b, 1.3f));
    w_obb(&o, b);
}

static void gen_sweep_point(rng *r, double *in)
{
    out_t o = {in};
    isect_vec3 p = v3_rand(r, -1, 1);
    w_moving_at(&o, r, v3_add(p, v3_rand(r, -0.5f, 0.5f)));
    w3(&o, p);
}

/* Two spheres aimed at one point at about the same time. */
static void gen_sweep_sphere(rng *r, double *in)
{
    out_t o = {in};
    isect_vec3 p = v3_rand(r, -1, 1);
    w_moving_at(&o, r, p);
    w_moving_at(&o, r, v3_add(p, v3_rand(r, -0.5f, 0.5f)));
}

static void gen_sweep_segment(rng *r, double *in)
{
    out_t o = {in};
    isect_vec3 a = v3_rand(r, -1, 1), b = v3_rand(r, -1, 1);
    isect_vec3 on = lerp(a, b, rng_range(r, -0.2f, 1.2f));
    w_moving_at(&o, r, v3_add(on, v3_rand(r, -0.4f, 0.4f)));
    w3(&o, a);
    w3(&o, b);
}

static void gen_sweep_triangle(rng *r, double *in)
{
    out_t o = {in};
    isect_triangle t = g_triangle(r);
    isect_vec3 on = tri_point(r, t);
    w_moving_at(&o, r, v3_add(on, v3_rand(r, -0.3f, 0.3f)));
    w_triangle(&o, t);
}

static void gen_sweep_plane(rng *r, double *in)
{
    out_t o = {in};
    isect_plane p = g_plane(r);
    w_moving_at(&o, r, v3_rand(r, -1, 1));
    w_plane(&o, p);
}

/* Two generic boxes moving so that their centres would reach, at about
 * t = 1/s (s in [0.5, 2)), two points up to 1.5 apart per axis. */
static void gen_aabb_sweep_aabb(rng *r, double *in)
{
    out_t o = {in};
    isect_vec3 p = v3_rand(r, -1, 1);
    for (int k = 0; k < 2; k++) {
        isect_aabb b = g_aabb(r);
        isect_vec3 c = v3_mul(v3_add(b.min, b.max), 0.5f);
        float s = rng_range(r, 0.5f, 2.0f);
        w_aabb(&o, b);
        w3(&o, v3_mul(v3_sub(p, c), s));
        p = v3_add(p, v3_rand(r, -1.5f, 1.5f));
    }
}

/* A random triangle has no binary32 point off its vertices that is exactly
 * in its plane but for luck; so the triangle is on the grid of v3_grid and
 * p = v0 + (a e1 + b e2)/8 with integers a, b in [-2, 10]: exact, in the
 * plane, inside about a fifth of the time. */
static void gen_point_in_triangle(rng *r, double *in)
{
    out_t o = {in};
    isect_triangle t;
    t.v0 = v3_grid(r);
    t.v1 = v3_grid(r);
    t.v2 = v3_grid(r);
    float a = (float)rng_int(r, -2, 10) * 0.125f, b = (float)rng_int(r, -2, 10) * 0.125f;
    w3(&o, v3_add(t.v0, v3_add(v3_mul(v3_sub(t.v1, t.v0), a), v3_mul(v3_sub(t.v2, t.v0), b))));
    w_triangle(&o, t);
}

/* The static overlaps of two generic shapes: each drawn and written in turn. */
#define GEN_PAIR(Q, A, B)                                                                                      \
    static void gen_##Q(rng *r, double *in)                                                                    \
    {                                                                                                          \
        out_t o = {in};                                                                                        \
        w_##A(&o, g_##A(r));                                                                                   \
        w_##B(&o, g_##B(r));                                                                                   \
    }

GEN_PAIR(sphere_sphere, sphere, sphere)
GEN_PAIR(aabb_aabb, aabb, aabb)
GEN_PAIR(sphere_aabb, sphere, aabb)
GEN_PAIR(sphere_triangle, sphere, triangle)
GEN_PAIR(sphere_plane, sphere, plane)
GEN_PAIR(aabb_plane, aabb, plane)
GEN_PAIR(obb_obb, obb, obb)
GEN_PAIR(sphere_obb, sphere, obb)
GEN_PAIR(capsule_capsule, capsule, capsule)
GEN_PAIR(aabb_triangle, aabb, triangle)
GEN_PAIR(triangle_triangle, triangle, triangle)

/* CCD (binary64): four vertices in [-1,1]^3 moving by up to 1/2 per
 * coordinate; in about half the cases vertex 0 is aimed so that at t = 1/2
 * it sits (up to rounding) on a point of the other feature: the face
 * (vertex_face_ccd) or the segment cd (edge_edge_ccd). */
static void gen_ccd(rng *r, double *in, int nfeature)
{
    for (int k = 0; k < 12; k++) {
        double x = rng_range(r, -1, 1);
        in[k] = x;
    }
    for (int k = 0; k < 12; k++) {
        double d = rng_range(r, -0.5f, 0.5f);
        in[12 + k] = in[k] + d;
    }
    if (!rng_chance(r, 50))
        return;
    double w[3] = {0, 0, 0}, sum = 0;
    for (int j = 3 - nfeature; j < 3; j++) {
        w[j] = rng_unit(r);
        sum += w[j];
    }
    for (int i = 0; i < 3; i++) {
        double target = 0;
        for (int j = 0; j < 3; j++)
            target += w[j] / sum * 0.5 * (in[3 * (j + 1) + i] + in[12 + 3 * (j + 1) + i]);
        in[12 + i] = 2 * target - in[i];
    }
}
static void gen_vertex_face_ccd(rng *r, double *in) { gen_ccd(r, in, 3); }
static void gen_edge_edge_ccd(rng *r, double *in) { gen_ccd(r, in, 2); }

/* ---- the table ---------------------------------------------------------------------- */

#define ROW(Q, A, B, GEN, LABEL, ABOUT)                                                                        \
    {                                                                                                          \
        #Q, N_##A + N_##B, (any_fn)isect_##Q, (any_fn)plain_##Q, LABEL, ABOUT, Q##_prepare, Q##_loop,          \
        {                                                                                                      \
            {"random", GEN, 0}, { "boundary", GEN, 1 }                                                         \
        }                                                                                                      \
    }

const bench_query bench_rows[] = {
    ROW(ray_plane, ray, plane, gen_ray_plane, "plain", "t = dot(p - o, n) / dot(d, n), bench/ray_plain.c"),
    ROW(ray_sphere, ray, sphere, gen_ray_sphere, "plain", "half-b quadratic, smaller root, bench/ray_plain.c"),
    ROW(ray_aabb, ray, aabb, gen_ray_aabb, "plain", "slabs with 1/dir, bench/ray_plain.c"),
    ROW(ray_cylinder, ray, cylinder, gen_ray_cylinder, "plain", "Ericson 5.3.7 (erratum fixed), bench/ray_plain.c"),
    ROW(ray_capsule, ray, capsule, gen_ray_capsule, "plain", "cylinder and two spheres, bench/ray_plain.c"),
    ROW(ray_obb, ray, obb, gen_ray_obb, "plain", "slabs on the box axes, bench/ray_plain.c"),
    ROW(sphere_sweep_point, moving_sphere, vec3, gen_sweep_point, "plain", "quadratic, bench/sweep_plain.c"),
    ROW(sphere_sweep_sphere, moving_sphere, moving_sphere, gen_sweep_sphere, "plain",
        "relative motion, one quadratic, bench/sweep_plain.c"),
    ROW(vertex_face_ccd, ccd_frame, ccd_frame, gen_vertex_face_ccd, "plain", "cubic roots, inside tests, bench/ccd_plain.c"),
    ROW(edge_edge_ccd, ccd_frame, ccd_frame, gen_edge_edge_ccd, "plain", "cubic roots, inside tests, bench/ccd_plain.c"),
    {"sphere_sweep_segment", N_moving_sphere + 2 * N_vec3, (any_fn)isect_sphere_sweep_segment,
     (any_fn)plain_sphere_sweep_segment, "plain", "end points and edge quadratics, bench/sweep_plain.c",
     sphere_sweep_segment_prepare, sphere_sweep_segment_loop,
     {{"random", gen_sweep_segment, 0}, {"boundary", gen_sweep_segment, 1}}},
    ROW(sphere_sweep_triangle, moving_sphere, triangle, gen_sweep_triangle, "plain",
        "Fauerby 2003: plane, then vertex and edge quadratics, bench/sweep_plain.c"),
    ROW(sphere_sweep_plane, moving_sphere, plane, gen_sweep_plane, "plain",
        "signed distance over |n|, bench/sweep_plain.c"),
    ROW(aabb_sweep_aabb, moving_aabb, moving_aabb, gen_aabb_sweep_aabb, "plain",
        "Ericson 5.5.8, reciprocal relative velocity, bench/sweep_plain.c"),
    ROW(sphere_sphere, sphere, sphere, gen_sphere_sphere, "plain", "|c1 - c0|^2 <= (r0 + r1)^2, bench/overlap_plain.c"),
    ROW(aabb_aabb, aabb, aabb, gen_aabb_aabb, "plain", "interval overlap per axis, bench/overlap_plain.c"),
    ROW(sphere_aabb, sphere, aabb, gen_sphere_aabb, "plain", "Arvo's squared distance, bench/overlap_plain.c"),
    ROW(point_in_triangle, vec3, triangle, gen_point_in_triangle, "plain",
        "plane test, then edge cross products, bench/overlap_plain.c"),
    ROW(sphere_triangle, sphere, triangle, gen_sphere_triangle, "plain",
        "closest point by Voronoi regions, bench/overlap_plain.c"),
    ROW(sphere_plane, sphere, plane, gen_sphere_plane, "plain", "signed distance against r |n|, bench/overlap_plain.c"),
    ROW(aabb_plane, aabb, plane, gen_aabb_plane, "plain", "centre and projected extent, bench/overlap_plain.c"),
    ROW(obb_obb, obb, obb, gen_obb_obb, "plain", "15-axis separating-axis test, bench/overlap_plain.c"),
    ROW(sphere_obb, sphere, obb, gen_sphere_obb, "plain", "clamped projections on the axes, bench/overlap_plain.c"),
    ROW(capsule_capsule, capsule, capsule, gen_capsule_capsule, "plain",
        "closest points of two segments, bench/overlap_plain.c"),
    ROW(aabb_triangle, aabb, triangle, gen_aabb_triangle, "plain", "13-axis separating-axis test, bench/overlap_plain.c"),
    ROW(triangle_triangle, triangle, triangle, gen_triangle_triangle, "plain",
        "Moller 1997 interval overlap, bench/overlap_plain.c"),
};
const size_t bench_nrows = sizeof bench_rows / sizeof *bench_rows;
