/* oracle/property_mesh.c: watertightness and parity of ray_triangle on
 * meshes with exactly shared vertices (property.h; docs/judge.md,
 * "Properties").
 *
 * A mesh is a list of vertices (binary32) and triangles by vertex index.
 * For a ray, every vertex it passes through exactly and every edge whose
 * relative interior it crosses exactly (decided in rational arithmetic)
 * makes a group: the triangles around that vertex or edge.  The exact
 * answer hits each of them there (unless the ray is parallel to one), so a
 * watertight target hits at least one: a target that misses all the
 * triangles of a group that ref hits has leaked through the mesh, which no
 * rounding of the inputs excuses (the shared vertex is the same binary32
 * value in every triangle).  A vertex makes a group only when its fan is
 * closed (every edge at it shared by two triangles of the mesh), and groups
 * are judged only within margins that keep every other boundary of the
 * answer away (docs/judge.md): the ray meets every triangle of the group at
 * an angle of at least about 2^-10 rad, every height of those triangles is
 * at least 2^-10 S (S the positional scale), the crossing is at least
 * 2^-10 S from the origin, 2^-10 tmax from tmax and, on an edge, 2^-10 S
 * from every vertex.  A perturbation of the inputs by far less than that
 * moves none of those boundaries to the crossing, so the only way to miss
 * every triangle of the group is a gap between them. */
#include "property_impl.h"

#include "exact.h"
#include "isect_ref.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MESH_MAX_V = 8, MESH_MAX_T = 12 };

typedef struct {
    int nv, nt;
    double v[MESH_MAX_V][3];
    int t[MESH_MAX_T][3];
} mesh;

/* Does the ray o + t d, t in [0, tmax], pass through the segment a b?
 * 0: no (or the segment lies on the ray's line: every triangle around it
 * is then parallel to the ray, a miss by definition); 1: through a;
 * 2: through b; 3: through its relative interior.  Exact. */
static int ray_meets(const double *o, const double *d, double tmax, const double *a, const double *b)
{
    q3 O, D, A, B, wa, wb, ca, cb, x;
    q3 *all[] = {&O, &D, &A, &B, &wa, &wb, &ca, &cb, &x};
    mpq_t s, u, t, dd;
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_inits(s, u, t, dd, NULL);
    q3_set_d(&O, o);
    q3_set_d(&D, d);
    q3_set_d(&A, a);
    q3_set_d(&B, b);
    q3_sub(&wa, &A, &O);
    q3_sub(&wb, &B, &O);
    q3_cross(&ca, &wa, &D);
    q3_cross(&cb, &wb, &D);
    int za = mpq_sgn(ca.x) == 0 && mpq_sgn(ca.y) == 0 && mpq_sgn(ca.z) == 0;
    int zb = mpq_sgn(cb.x) == 0 && mpq_sgn(cb.y) == 0 && mpq_sgn(cb.z) == 0;
    int kind = 0;
    q3_dot(dd, &D, &D);
    if (mpq_sgn(dd) == 0 || (za && zb)) {
        kind = 0;
    } else if (za || zb) { /* through the vertex, if t = w.d / d.d is in range */
        kind = za ? 1 : 2;
        q3_dot(t, za ? &wa : &wb, &D);
        mpq_div(t, t, dd);
    } else {
        q3_cross(&x, &ca, &cb);
        q3_dot(s, &ca, &cb);
        if (mpq_sgn(x.x) == 0 && mpq_sgn(x.y) == 0 && mpq_sgn(x.z) == 0 && mpq_sgn(s) < 0) {
            /* (1 - k) ca + k cb = 0 with k = ca.ca / (ca.ca - ca.cb) in (0, 1) */
            kind = 3;
            mpq_t cc;
            mpq_init(cc);
            q3_dot(cc, &ca, &ca);
            mpq_sub(u, cc, s);
            mpq_div(u, cc, u);
            q3_sub(&x, &wb, &wa);
            mpq_mul(x.x, x.x, u);
            mpq_mul(x.y, x.y, u);
            mpq_mul(x.z, x.z, u);
            mpq_add(x.x, x.x, wa.x);
            mpq_add(x.y, x.y, wa.y);
            mpq_add(x.z, x.z, wa.z);
            q3_dot(t, &x, &D);
            mpq_div(t, t, dd);
            mpq_clear(cc);
        }
    }
    if (kind && mpq_sgn(t) < 0)
        kind = 0;
    if (kind && isfinite(tmax)) {
        mpq_set_d(u, tmax);
        if (mpq_cmp(t, u) > 0)
            kind = 0;
    }
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clears(s, u, t, dd, NULL);
    return kind;
}

static bool has_vertex(const mesh *m, int tri, int v)
{
    return m->t[tri][0] == v || m->t[tri][1] == v || m->t[tri][2] == v;
}

/* Is vertex v interior to its fan: is every edge at v shared by exactly two
 * triangles around it?  Only then does the fan cover a neighbourhood of v
 * in the surface, so that no small move of the ray can pass beside it. */
static bool closed_fan(const mesh *m, int v)
{
    for (int i = 0; i < m->nt; i++)
        for (int k = 0; k < 3 && has_vertex(m, i, v); k++) {
            int w = m->t[i][k], count = 0;
            if (w == v)
                continue;
            for (int j = 0; j < m->nt; j++)
                count += has_vertex(m, j, v) && has_vertex(m, j, w);
            if (count != 2)
                return false;
        }
    return true;
}

static void add_group(isect_prop_set *s, const mesh *m, int base, int va, int vb)
{
    if (s->ngroups == PROP_MAX_GROUPS || (vb < 0 && !closed_fan(m, va)))
        return;
    int g = s->ngroups, n = 0;
    for (int i = 0; i < m->nt && n < PROP_MAX_GROUP; i++)
        if (has_vertex(m, i, va) && (vb < 0 || has_vertex(m, i, vb)))
            s->group[g][n++] = base + i;
    if (n >= 2) {
        s->group_n[g] = n;
        s->group_vertex[g] = vb < 0;
        s->ngroups++;
    }
}

/* Adds the mesh's triangles under the ray (o, d, tmax) and its groups. */
static int mesh_add(isect_prop_set *s, const mesh *m, const double *o, const double *d, double tmax)
{
    if (s->n + m->nt > PROP_MAX_INPUTS)
        return -1;
    int base = s->n;
    for (int i = 0; i < m->nt; i++) {
        double in[16];
        memcpy(in, o, 3 * sizeof *in);
        memcpy(in + 3, d, 3 * sizeof *in);
        in[6] = tmax;
        for (int k = 0; k < 3; k++)
            memcpy(in + 7 + 3 * k, m->v[m->t[i][k]], 3 * sizeof *in);
        prop_add(s, "ray_triangle", in);
    }
    for (int v = 0; v < m->nv; v++)
        if (ray_meets(o, d, tmax, m->v[v], m->v[v]) == 1)
            add_group(s, m, base, v, -1);
    for (int a = 0; a < m->nv; a++)
        for (int b = a + 1; b < m->nv; b++) {
            bool edge = false;
            for (int i = 0; i < m->nt && !edge; i++)
                edge = has_vertex(m, i, a) && has_vertex(m, i, b);
            if (edge && ray_meets(o, d, tmax, m->v[a], m->v[b]) == 3)
                add_group(s, m, base, a, b);
        }
    return base;
}

static double dist3(const double *x, const double *y)
{
    return sqrt((x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) + (x[2] - y[2]) * (x[2] - y[2]));
}

/* The group's crossing is within the margins (see the file comment). */
static bool group_margins(const isect_prop_set *s, const isect_prop_answers *a, int i, bool edge)
{
    const double *in = s->in[i], *d = in + 3;
    double t = a->ref_out[i][1], tmax = in[6], S[UNIT_COUNT];
    isect_input_scales(s->q[i], in, S);
    double dn = fmax(fabs(d[0]), fmax(fabs(d[1]), fabs(d[2])));
    if (!(t * dn >= 0x1p-10 * S[UNIT_POS]) || (isfinite(tmax) && !(tmax - t >= 0x1p-10 * tmax)))
        return false;
    double e1[3], e2[3];
    for (int k = 0; k < 3; k++) {
        e1[k] = in[10 + k] - in[7 + k];
        e2[k] = in[13 + k] - in[7 + k];
    }
    double n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
    double nd = n[0] * d[0] + n[1] * d[1] + n[2] * d[2];
    double nn = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), ddn = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    if (!(fabs(nd) >= 0x1p-10 * nn * ddn))
        return false;
    /* far from degenerate: every height of the triangle >= 2^-10 S */
    const double *v = in + 7;
    double lmax = fmax(dist3(v, v + 3), fmax(dist3(v + 3, v + 6), dist3(v + 6, v)));
    if (!(nn >= 0x1p-10 * S[UNIT_POS] * lmax))
        return false;
    if (!edge)
        return true;
    /* on an edge: the crossing is >= 2^-10 S away from every vertex (a move
     * past the end of the shared edge would leave both triangles) */
    double x[3] = {in[0] + t * d[0], in[1] + t * d[1], in[2] + t * d[2]};
    for (int k = 0; k < 3; k++)
        if (!(dist3(x, v + 3 * k) >= 0x1p-10 * S[UNIT_POS]))
            return false;
    return true;
}

/* Exact watertightness over every group; true when one leaks. */
static bool check_groups(const isect_prop_set *s, const isect_prop_answers *a, isect_prop_result *res)
{
    for (int g = 0; g < s->ngroups; g++) {
        int hit_ref = 0, hit_tgt = 0, first = -1, margins = 1;
        for (int k = 0; k < s->group_n[g]; k++) {
            int i = s->group[g][k];
            if (a->ref_status[i] != REF_OK || !a->ref_out[i][0])
                continue;
            hit_ref++;
            first = first < 0 ? i : first;
            margins &= group_margins(s, a, i, !s->group_vertex[g]);
            hit_tgt += prop_hit(a, i);
        }
        /* A hit on a triangle of the group that ref misses (parallel to
         * the ray) also meets the crossing: the mesh did not leak there. */
        for (int k = 0; k < s->group_n[g]; k++)
            hit_tgt += a->ref_out[s->group[g][k]][0] == 0 && prop_hit(a, s->group[g][k]);
        if (hit_ref && margins && !hit_tgt) {
            res->status = PROP_VIOLATED;
            res->severity = ISECT_SEVERITY_MAX;
            res->index = first;
            snprintf(res->why, sizeof res->why,
                     "the ray passes exactly through a %s shared by %d triangles and misses the %d that ref hits "
                     "(input %d first)",
                     s->group_vertex[g] ? "vertex" : "edge", s->group_n[g], hit_ref, first);
            return true;
        }
    }
    return false;
}

/* ---- watertight: a triangle and its three reflections across its edges ---- */

/* x = a + b - c rounded to binary32: a point across the edge a b from c
 * (only a and b must be shared exactly); false on overflow. */
static bool reflect(const double *a, const double *b, const double *c, double *x)
{
    for (int i = 0; i < 3; i++)
        if (!isfinite(x[i] = (float)(a[i] + b[i] - c[i])))
            return false;
    return true;
}

static double grid_of(double m) { return ldexp(1, ilogb(fmax(m, 0x1p-100)) - 11); }

/* A ray exactly through x: o near x (each coordinate within a factor 2, so
 * that d = x - o is exact by Sterbenz's lemma), t = 1 at x. */
static bool aim(const double *x, const double *o0, uint64_t z, double *o, double *d)
{
    for (int i = 0; i < 3; i++) {
        double f = 0.625 + (double)((z >> (6 * i)) % 36) / 32; /* [0.625, 1.72] */
        if (x[i] == 0) {
            o[i] = o0[i] != 0 && isfinite(o0[i]) ? o0[i] : 1;
        } else {
            o[i] = (float)(x[i] * f);
            if (!(fabs(o[i]) >= 0.5 * fabs(x[i]) && fabs(o[i]) <= 2 * fabs(x[i])))
                return false;
        }
        d[i] = x[i] - o[i];
        if (!prop_f32_exact(d[i]) || !prop_f32_exact(o[i]))
            return false;
    }
    return d[0] != 0 || d[1] != 0 || d[2] != 0;
}

static int derive_watertight(const isect_query *q, const double *in, uint64_t r, isect_prop_set *s)
{
    (void)q;
    for (int k = 0; k < 16; k++)
        if (k != 6 && !isfinite(in[k]))
            return 0;
    double v[3][3], o[3], d[3], tmax = in[6];
    if (!(tmax >= 0))
        return 0;
    memcpy(o, in, sizeof o);
    memcpy(d, in + 3, sizeof d);
    memcpy(v, in + 7, sizeof v);
    uint64_t z = prop_mix(r);
    if (r && (z & 1)) { /* small integers on a grid: exact arithmetic */
        double m = 0;
        for (int k = 0; k < 9; k++)
            m = fmax(m, fabs(v[k / 3][k % 3]));
        double g = grid_of(m);
        for (int k = 0; k < 9; k++)
            if (!prop_f32_exact(v[k / 3][k % 3] = nearbyint(v[k / 3][k % 3] / g) * g))
                return 0; /* 0x1.fffffep+127 snaps to 2^128 */
    }
    mesh m = {3, 1, {{0}}, {{0, 1, 2}}};
    memcpy(m.v, v, sizeof v);
    if (r && (z & 2)) {
        /* a closed fan of four triangles around v0: v1, v2 and their
         * reflections through v0 (rounded) */
        if (!reflect(v[0], v[0], v[1], m.v[3]) || !reflect(v[0], v[0], v[2], m.v[4]))
            return 0;
        static const int fan[4][3] = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 1}};
        m.nv = 5;
        m.nt = 4;
        memcpy(m.t, fan, sizeof fan);
    } else {
        for (int k = 0; k < 3; k++) { /* across the edge opposite vertex k */
            int a = (k + 1) % 3, b = (k + 2) % 3;
            if (reflect(v[a], v[b], v[k], m.v[m.nv])) {
                m.t[m.nt][0] = b;
                m.t[m.nt][1] = a;
                m.t[m.nt][2] = m.nv;
                m.nv++;
                m.nt++;
            }
        }
    }
    if (r) { /* aim the ray at a vertex, an edge midpoint or a quarter point */
        int pick = (int)((z >> 8) % 9), a = pick % 3, b = (a + 1) % 3;
        double x[3];
        for (int i = 0; i < 3; i++)
            x[i] = pick < 3 ? v[a][i] : pick < 6 ? 0.5 * (v[a][i] + v[b][i]) : v[a][i] + 0.25 * (v[b][i] - v[a][i]);
        for (int i = 0; i < 3; i++)
            if (!prop_f32_exact(x[i]))
                return 0;
        if (!aim(x, in, z >> 20, o, d))
            return 0;
        tmax = (z >> 60) & 1 ? INFINITY : 2;
    }
    if (!isfinite(tmax) && !isinf(tmax))
        return 0;
    mesh_add(s, &m, o, d, tmax);
    return s->ngroups > 0;
}

static void check_watertight(const isect_prop_set *s, const isect_prop_answers *a, isect_prop_result *res)
{
    if (!check_groups(s, a, res))
        res->status = PROP_HOLDS;
}

const isect_property isect_prop_watertight = {
    "watertight",
    "a ray exactly through a shared edge or vertex of a fan hits one of the triangles around it",
    {"ray_triangle", NULL},
    derive_watertight,
    check_watertight,
};

/* ---- parity: closed convex meshes ----------------------------------------- */

/* An octahedron c +- h_i e_i or a corner tetrahedron c, c + h_i e_i, on a
 * grid where every coordinate is a small multiple of a power of two (so
 * every vertex, the inside origin and the aimed directions are exact); a ray
 * from a point strictly inside crosses the surface once in each direction. */
static int derive_parity(const isect_query *q, const double *in, uint64_t r, isect_prop_set *s)
{
    (void)q;
    uint64_t z = prop_mix(r + 7);
    double m = 0;
    for (int k = 0; k < 16; k++)
        if (isfinite(in[k]) && k != 6)
            m = fmax(m, fabs(in[k]));
    double g = grid_of(m), c[3], h[3], o[3], d[3];
    for (int i = 0; i < 3; i++) {
        c[i] = isfinite(in[7 + i]) ? nearbyint(in[7 + i] / g) * g : 0;
        double e = isfinite(in[10 + i]) ? fabs(nearbyint((in[10 + i] - in[7 + i]) / g)) : 0;
        h[i] = g * 8 * (1 + fmod(e, 255) + (double)((z >> (8 * i)) % 4));
        o[i] = c[i] + h[i] / 8 * (double)((int)((z >> (30 + 2 * i)) % 3) - 1);
    }
    bool octa = z & 1;
    mesh mm = {0};
    if (octa) {
        mm.nv = 6;
        for (int i = 0; i < 6; i++) {
            memcpy(mm.v[i], c, sizeof c);
            mm.v[i][i / 2] += i % 2 ? -h[i / 2] : h[i / 2];
        }
        mm.nt = 8;
        for (int i = 0; i < 8; i++) {
            mm.t[i][0] = 0 + (i & 1);
            mm.t[i][1] = 2 + ((i >> 1) & 1);
            mm.t[i][2] = 4 + ((i >> 2) & 1);
        }
    } else {
        mm.nv = 4;
        for (int i = 0; i < 4; i++) {
            memcpy(mm.v[i], c, sizeof c);
            if (i)
                mm.v[i][i - 1] += h[i - 1];
        }
        static const int tt[4][3] = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
        mm.nt = 4;
        memcpy(mm.t, tt, sizeof tt);
        for (int i = 0; i < 3; i++)
            o[i] = c[i] + h[i] / 8; /* strictly inside the corner tetrahedron */
    }
    int aimk = (int)((z >> 40) % 3);
    int va = (int)((z >> 44) % (unsigned)mm.nv), vb = mm.t[(z >> 48) % (unsigned)mm.nt][(z >> 52) % 3];
    for (int i = 0; i < 3; i++) {
        double target = aimk == 0 ? mm.v[va][i] : aimk == 1 ? 0.5 * (mm.v[va][i] + mm.v[vb][i]) : 0;
        d[i] = aimk < 2 ? target - o[i] : (isfinite(in[3 + i]) ? nearbyint(in[3 + i] / grid_of(fabs(in[3 + i]) + 1)) : 1);
    }
    if (d[0] == 0 && d[1] == 0 && d[2] == 0)
        d[(z >> 56) % 3] = 1;
    for (int i = 0; i < 3; i++)
        if (!prop_f32_exact(o[i]) || !prop_f32_exact(d[i]))
            return 0;
    for (int v = 0; v < mm.nv; v++)
        for (int i = 0; i < 3; i++)
            if (!prop_f32_exact(mm.v[v][i]))
                return 0;
    double nd[3] = {-d[0], -d[1], -d[2]};
    s->ndirs = 2;
    s->dir_n = mm.nt;
    s->dir_at[0] = mesh_add(s, &mm, o, d, INFINITY);
    s->dir_at[1] = mesh_add(s, &mm, o, nd, INFINITY);
    return s->dir_at[0] >= 0 && s->dir_at[1] >= 0;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static void check_parity(const isect_prop_set *s, const isect_prop_answers *a, isect_prop_result *res)
{
    if (check_groups(s, a, res))
        return;
    res->status = PROP_HOLDS;
    for (int k = 0; k < s->ndirs; k++) {
        double t[PROP_MAX_INPUTS];
        int n = 0, clusters = 0;
        for (int i = s->dir_at[k]; i < s->dir_at[k] + s->dir_n; i++)
            if (prop_hit(a, i))
                t[n++] = a->out[i][1];
        qsort(t, (size_t)n, sizeof *t, cmp_double);
        for (int i = 0; i < n; i++)
            clusters += i == 0 || !(t[i] - t[i - 1] <= 0x1p-8 * fmax(fabs(t[i]), 0x1p-100));
        if (clusters % 2 == 0) {
            char what[96];
            snprintf(what, sizeof what, "a ray from inside the closed mesh crosses it %d times (direction %d)",
                     clusters, k);
            prop_relation(false, s, a, s->dir_at[k], s->dir_n, what, res);
            if (res->status == PROP_VIOLATED)
                return;
        }
    }
}

const isect_property isect_prop_parity = {
    "parity",
    "a ray from inside a closed mesh (octahedron, tetrahedron) crosses it an odd number of times both ways",
    {"ray_triangle", NULL},
    derive_parity,
    check_parity,
};
