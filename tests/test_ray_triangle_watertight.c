/* tests/test_ray_triangle_watertight.c: fast ray_triangle (isect_ray_triangle) is watertight.
 *
 * Closed convex meshes with binary32 vertices (an octahedron and a cube on
 * integers, and randomly rotated octahedron, cube, icosahedron and once
 * subdivided icosahedron whose coordinates are full 24-bit binary32 values in
 * [1, 2)) are shot with
 *   - rays aimed EXACTLY at a point of a shared edge or at a shared vertex:
 *     the point P is a vertex or a dyadic point a + (b - a) k/2^m of an edge
 *     that is exactly representable, the origin O is on a grid where
 *     dir = P - O is exact, so the ray passes exactly through P at t = 1;
 *   - random rays from outside through a point deep inside.
 * Whenever the origin is outside and the ray's line passes through the
 * interior (decided exactly from the face planes, in 128-bit fixed point), some
 * triangle must be hit; for the rays aimed at P, one of the triangles
 * around P must be hit (the hit at P cannot be excused by the exit hit on
 * the far side).  ref must agree that P is on every triangle around it
 * (hit at t = 1 exactly, and the barycentric of a vertex opposite the edge
 * exactly 0).  No hit may carry a NaN or a t outside [0, tmax].
 */
#include "testlib_mesh.h"

#include "isect.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- exact predicates --------------------------------------------------------- */

/* sign of n_f . x - c_f */
static int plane_side(const mesh *m, int f, const float x[3])
{
    i128 t = 0;
    for (int j = 0; j < 3; j++)
        t += m->n[f][j] * fix(x[j]);
    return sgn128(t - m->c[f]);
}

/* sign of n_f . d */
static int plane_dir(const mesh *m, int f, const float d[3])
{
    i128 t = 0;
    for (int j = 0; j < 3; j++)
        t += m->n[f][j] * fix(d[j]);
    return sgn128(t);
}

static bool strictly_outside(const mesh *m, const float x[3])
{
    for (int f = 0; f < m->nf; f++)
        if (plane_side(m, f, x) > 0)
            return true;
    return false;
}

/* True when the line through P along d passes through the interior at P:
 * P + eps d (or P - eps d) is strictly inside for small eps > 0. */
static bool passes_interior_at(const mesh *m, const float P[3], const float d[3])
{
    int side[MAXF], dir[MAXF];
    for (int f = 0; f < m->nf; f++) {
        side[f] = plane_side(m, f, P);
        dir[f] = side[f] == 0 ? plane_dir(m, f, d) : 0;
        if (side[f] > 0)
            return false; /* P not on the mesh */
    }
    for (int sgn = -1; sgn <= 1; sgn += 2) {
        bool in = true;
        for (int f = 0; f < m->nf && in; f++)
            if (side[f] == 0 && dir[f] * sgn >= 0)
                in = false;
        if (in)
            return true;
    }
    return false;
}

/* ---- shooting ------------------------------------------------------------------ */

typedef struct {
    int rays, passing, edge_rays, vertex_rays, fast_hits, incident_ok, interior;
} stats;

static bool f32_exact(double x) { return (double)(float)x == x; }


static void fill_ray(isect_ray *r, const float O[3], const float d[3], float tmax)
{
    r->origin = (isect_vec3){O[0], O[1], O[2]};
    r->dir = (isect_vec3){d[0], d[1], d[2]};
    r->tmax = tmax;
}

static isect_triangle tri_of(const mesh *m, int f, int rot)
{
    const float *a = m->v[m->f[f][rot % 3]], *b = m->v[m->f[f][(rot + 1) % 3]], *c = m->v[m->f[f][(rot + 2) % 3]];
    return (isect_triangle){{a[0], a[1], a[2]}, {b[0], b[1], b[2]}, {c[0], c[1], c[2]}};
}

/* Runs fast on every face; checks the contract on each hit; returns the
 * number of hits and sets *incident_hit when a face in inc[] is hit. */
static int shoot_fast(const mesh *m, const isect_ray *r, const int *inc, int ninc, bool *incident_hit)
{
    int hits = 0;
    *incident_hit = false;
    for (int f = 0; f < m->nf; f++) {
        isect_ray_triangle_result res;
        bool h = isect_ray_triangle(*r, tri_of(m, f, 0), &res);
        cr_assert_eq(h, res.hit, "%s: return value and res.hit differ", m->name);
        if (!h) {
            cr_assert(res.t == 0 && res.u == 0 && res.v == 0, "%s: miss with non-zero outputs", m->name);
            continue;
        }
        cr_assert(!isnan(res.t) && !isnan(res.u) && !isnan(res.v), "%s: NaN on a hit (face %d)", m->name, f);
        cr_assert(res.t >= 0 && res.t <= r->tmax, "%s: t = %a outside [0, %a] (face %d)", m->name, res.t, r->tmax, f);
        hits++;
        for (int i = 0; i < ninc; i++)
            if (inc[i] == f)
                *incident_hit = true;
    }
    return hits;
}

static void input_of(double *in, const isect_ray *r, isect_triangle t)
{
    double v[16] = {r->origin.x, r->origin.y, r->origin.z, r->dir.x, r->dir.y, r->dir.z, r->tmax,
                    t.v0.x,      t.v0.y,      t.v0.z,      t.v1.x,   t.v1.y,   t.v1.z,   t.v2.x,
                    t.v2.y,      t.v2.z};
    memcpy(in, v, sizeof v);
}

static int64_t gcd64(int64_t a, int64_t b)
{
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* A point strictly inside edge ab that is an exact binary32 point: first a
 * dyadic a + (b - a) k/2^m, else, for coordinates in [1, 2) (multiples of
 * 2^-23), a + (b - a) k/g with g the gcd of the differences in units of
 * 2^-23.  Returns false when the edge holds no such point found. */
static bool edge_point(const mesh *m, const float *a, const float *b, float P[3])
{
    static const double lambdas[] = {0.5, 0.25, 0.75, 0.125, 0.375, 0.625, 0.875, 1.0 / 16, 15.0 / 16};
    for (size_t l = tl_rnd() % 3; l < sizeof lambdas / sizeof *lambdas; l++) {
        bool ok = true;
        for (int j = 0; j < 3; j++) {
            double x = a[j] + lambdas[l] * ((double)b[j] - a[j]); /* exact in binary64 */
            ok = ok && f32_exact(x);
            P[j] = (float)x;
        }
        if (ok)
            return true;
    }
    if (m->grid >= 0)
        return false;
    int64_t n[3], g = 0;
    for (int j = 0; j < 3; j++) {
        n[j] = (int64_t)ldexp((double)b[j] - a[j], 23); /* exact: both in [1, 2) */
        g = gcd64(g, n[j]);
    }
    if (g < 2)
        return false;
    int64_t k = 1 + (int64_t)(tl_rnd() % (uint64_t)(g - 1));
    for (int j = 0; j < 3; j++) {
        double x = a[j] + ldexp((double)(k * (n[j] / g)), -23);
        if (!f32_exact(x))
            return false;
        P[j] = (float)x;
    }
    return true;
}

/* Rays aimed exactly at a point P of edge e (or at a vertex). */
static void aimed_rays(const mesh *m, stats *st, int nrays)
{
    for (int n = 0; n < nrays; n++) {
        int e = tl_int(0, m->ne - 1);
        const float *a = m->v[m->e[e][0]], *b = m->v[m->e[e][1]];
        float P[3];
        bool vertex = n % 4 == 0;
        int vi = -1;
        if (!vertex && !edge_point(m, a, b, P))
            vertex = true;
        if (vertex) {
            vi = m->e[e][tl_rnd() % 2];
            memcpy(P, m->v[vi], sizeof P);
        }
        /* The faces around P: the two of the edge, or the fan of the vertex. */
        int inc[MAXINC], ninc = 0;
        if (vertex) {
            for (int f = 0; f < m->nf; f++)
                if (m->f[f][0] == vi || m->f[f][1] == vi || m->f[f][2] == vi)
                    inc[ninc++] = f;
        } else {
            inc[0] = m->ef[e][0], inc[1] = m->ef[e][1], ninc = 2;
        }
        /* Origin beyond P, away from an interior point Q: O = P + s (P - Q). */
        float O[3], d[3];
        double Q[3];
        bool ok = false;
        for (int tries = 0; tries < 20 && !ok; tries++) {
            double dir[3], len = 0;
            for (int j = 0; j < 3; j++) {
                dir[j] = tl_unit() * 2 - 1;
                len += dir[j] * dir[j];
            }
            double rad = m->inner * 0.8 * tl_unit() / sqrt(len);
            double s = m->grid < 0 ? 0.05 + 0.6 * tl_unit() : 0.5 + 2.5 * tl_unit();
            ok = true;
            for (int j = 0; j < 3; j++) {
                Q[j] = m->center[j] + rad * dir[j];
                double o = round_grid(P[j] + s * (P[j] - Q[j]), m->grid);
                double dd = (double)P[j] - o; /* exact in binary64 */
                O[j] = (float)o;
                d[j] = (float)dd;
                ok = ok && f32_exact(o) && f32_exact(dd) && (m->grid >= 0 || (o >= 1 && o < 2));
            }
            ok = ok && strictly_outside(m, O) && (d[0] != 0 || d[1] != 0 || d[2] != 0);
        }
        if (!ok)
            continue;
        isect_ray r;
        fill_ray(&r, O, d, tl_rnd() % 4 ? INFINITY : 0x1p20f);
        st->rays++;
        bool pass = passes_interior_at(m, P, d);
        bool inc_hit;
        int hits = shoot_fast(m, &r, inc, ninc, &inc_hit);
        st->fast_hits += hits > 0;
        if (!pass)
            continue;
        st->passing++;
        st->edge_rays += !vertex;
        st->vertex_rays += vertex;
        cr_assert(hits >= 1, "%s: ray from (%a,%a,%a) along (%a,%a,%a) through %s (%a,%a,%a) misses the closed mesh",
                  m->name, O[0], O[1], O[2], d[0], d[1], d[2], vertex ? "vertex" : "edge point", P[0], P[1], P[2]);
        cr_assert(inc_hit,
                  "%s: ray from (%a,%a,%a) along (%a,%a,%a) slips through %s (%a,%a,%a): none of its %d faces hit",
                  m->name, O[0], O[1], O[2], d[0], d[1], d[2], vertex ? "vertex" : "edge point", P[0], P[1], P[2],
                  ninc);
        st->incident_ok++;
        /* ref: P is on every face around it, at t = 1 exactly. */
        for (int i = 0; i < ninc; i++) {
            int f = inc[i], rot = 0;
            if (!vertex) /* rotate so that the vertex opposite the edge is v2 */
                for (int k = 0; k < 3; k++)
                    if (m->f[f][k] != m->e[e][0] && m->f[f][k] != m->e[e][1])
                        rot = k + 1;
            double in[16], out[4];
            input_of(in, &r, tri_of(m, f, rot));
            cr_assert_eq(ref_ray_triangle(in, out), REF_OK);
            cr_assert(out[0] == 1 && out[1] == 1,
                      "%s: ref says hit %g t %a for the face %d around the aimed point (expected hit at t = 1)",
                      m->name, out[0], out[1], f);
            if (!vertex)
                cr_assert(out[3] == 0, "%s: ref weight of the vertex opposite the edge is %a, not 0", m->name,
                          out[3]);
        }
    }
}

/* Random rays from outside through a point deep inside. */
static void interior_rays(const mesh *m, stats *st, int nrays)
{
    for (int n = 0; n < nrays; n++) {
        float O[3], d[3];
        bool ok = false;
        for (int tries = 0; tries < 50 && !ok; tries++) {
            double dir[3], dq[3], len = 0, lq = 0;
            for (int j = 0; j < 3; j++) {
                dir[j] = tl_unit() * 2 - 1, dq[j] = tl_unit() * 2 - 1;
                len += dir[j] * dir[j], lq += dq[j] * dq[j];
            }
            double far = m->grid < 0 ? 0.3 + 0.19 * tl_unit() : 10 + 20 * tl_unit();
            double rq = m->inner * 0.9 * tl_unit();
            ok = true;
            for (int j = 0; j < 3; j++) {
                double o = round_grid(m->center[j] + far * dir[j] / sqrt(len), m->grid);
                /* Q on the same grid as binary32 values near the center */
                double q = round_grid(m->center[j] + rq * dq[j] / sqrt(lq), m->grid < 0 ? -1 : 4);
                double dd = q - o;
                O[j] = (float)o;
                d[j] = (float)dd;
                ok = ok && f32_exact(o) && f32_exact(q) && f32_exact(dd);
            }
            ok = ok && strictly_outside(m, O);
        }
        if (!ok)
            continue;
        isect_ray r;
        fill_ray(&r, O, d, tl_rnd() % 2 ? INFINITY : 1.0f); /* Q is at t = 1, inside */
        st->rays++;
        st->passing++;
        st->interior++;
        bool dummy;
        int hits = shoot_fast(m, &r, NULL, 0, &dummy);
        cr_assert(hits >= 1, "%s: ray from (%a,%a,%a) along (%a,%a,%a) through the interior misses the mesh", m->name,
                  O[0], O[1], O[2], d[0], d[1], d[2]);
        st->fast_hits++;
    }
}

static stats run_mesh(int which, int snap, uint64_t seed, int naimed, int ninterior, bool need_edges)
{
    tl_init_seed(seed);
    static mesh m;
    build(&m, which, snap);
    stats st = {0};
    aimed_rays(&m, &st, naimed);
    int aimed_passing = st.passing;
    interior_rays(&m, &st, ninterior);
    cr_log_info("%s (seed %llu): %d rays, %d through the interior, %d at edge points, %d at vertices", m.name,
                (unsigned long long)tl_seed, st.rays, st.passing, st.edge_rays, st.vertex_rays);
    /* The generator really produced what the test is about. */
    cr_assert(aimed_passing > naimed / 3, "%s: only %d of %d aimed rays pass through the interior", m.name,
              aimed_passing, naimed);
    if (need_edges)
        cr_assert(st.edge_rays > naimed / 8, "%s: only %d rays at edge points", m.name, st.edge_rays);
    cr_assert(st.vertex_rays > naimed / 20, "%s: only %d rays at vertices", m.name, st.vertex_rays);
    cr_assert(st.interior >= ninterior * 9 / 10, "%s: only %d of %d interior rays generated", m.name, st.interior,
              ninterior);
    return st;
}

Test(watertight, integer_meshes)
{
    run_mesh(0, 0, 11, 1000, 200, true); /* octahedron */
    run_mesh(1, 0, 12, 1000, 200, true); /* cube */
}

/* Rotated meshes on the 2^-20 grid: every edge has exact dyadic points. */
Test(watertight, rotated_grid_meshes)
{
    run_mesh(2, 20, 13, 1000, 200, true); /* octahedron */
    run_mesh(3, 20, 14, 1000, 200, true); /* cube */
    run_mesh(4, 20, 15, 1000, 200, true); /* icosahedron */
    run_mesh(5, 20, 16, 800, 150, true);  /* subdivided icosahedron */
}

/* Full 24-bit coordinates: the vertices, and the edge points that exist
 * (gcd of the differences > 1), over several rotations. */
Test(watertight, full_precision_rotations)
{
    int edges = 0;
    for (uint64_t s = 0; s < 3; s++)
        for (int which = 2; which <= 5; which++)
            edges += run_mesh(which, -1, 100 + 10 * s + (uint64_t)which, which == 5 ? 300 : 400, 80, false).edge_rays;
    cr_assert(edges > 100, "only %d rays at edge points of full-precision meshes", edges);
}

/* A hand-checked case: the integer octahedron's edge from (8,0,0) to
 * (0,8,0) has midpoint (4,4,0); the ray from (12,12,1) along (-8,-8,-1)
 * passes it at t = 1 and continues to (0,0,-0.5) (t = 1.5), inside.  The two
 * faces sharing the edge are those of the +x+y+z and +x+y-z octants.  ref
 * hits both at t = 1; fast must hit at least one of them. */
Test(watertight, hand_case)
{
    isect_ray r = {{12, 12, 1}, {-8, -8, -1}, INFINITY};
    isect_triangle up = {{8, 0, 0}, {0, 8, 0}, {0, 0, 8}}, down = {{8, 0, 0}, {0, 0, -8}, {0, 8, 0}};
    isect_ray_triangle_result a, b;
    bool ha = isect_ray_triangle(r, up, &a), hb = isect_ray_triangle(r, down, &b);
    cr_assert(ha || hb, "the ray slips between the two faces");
    if (ha)
        cr_assert(fabsf(a.t - 1) <= 0x1p-20f, "t = %a", a.t);
    if (hb)
        cr_assert(fabsf(b.t - 1) <= 0x1p-20f, "t = %a", b.t);
    double in[16], out[4];
    input_of(in, &r, up);
    cr_assert_eq(ref_ray_triangle(in, out), REF_OK);
    /* up: point (4,4,0) = 1/2 v0 + 1/2 v1 + 0 v2: u = 1/2, v = 0 */
    cr_assert(out[0] == 1 && out[1] == 1 && out[2] == 0.5 && out[3] == 0);
    input_of(in, &r, down);
    cr_assert_eq(ref_ray_triangle(in, out), REF_OK);
    /* down: v1 = (0,0,-8) has weight 0, v2 = (0,8,0) weight 1/2 */
    cr_assert(out[0] == 1 && out[1] == 1 && out[2] == 0 && out[3] == 0.5);
}
