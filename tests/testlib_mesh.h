/* tests/testlib_mesh.h: closed triangle meshes (octahedra, cubes,
 * icosahedra; on integer grids, rotated and snapped, or at full precision)
 * and exact fixed-point plane tests on them, for
 * tests/test_ray_triangle_watertight.c.
 */
#ifndef ISECT_TESTS_TESTLIB_MESH_H
#define ISECT_TESTS_TESTLIB_MESH_H

#include "testlib.h"

enum { MAXV = 64, MAXF = 96, MAXE = 160, MAXINC = 12 };

/* Exact predicates in fixed point: every coordinate used here (the mesh
 * vertices, the aimed points, the origins and directions of the aimed rays,
 * the centers) is a multiple of 2^-23 below 2^40 (asserted), so x * 2^23 is an
 * integer and the plane tests are exact in 128-bit integers. */
typedef __int128 i128;

static i128 fix(double x)
{
    double y = ldexp(x, 23);
    cr_assert(y == nearbyint(y) && fabs(y) < 0x1p40, "%a is not a multiple of 2^-23 below 2^17", x);
    return (i128)y;
}

static int sgn128(i128 v) { return (v > 0) - (v < 0); }

/* ((b - a) x (c - a)) in units of 2^-46 */
static void normal_of(const float *a, const float *b, const float *c, i128 n[3])
{
    i128 e1[3], e2[3];
    for (int j = 0; j < 3; j++) {
        e1[j] = fix(b[j]) - fix(a[j]);
        e2[j] = fix(c[j]) - fix(a[j]);
    }
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        n[j] = e1[j1] * e2[j2] - e1[j2] * e2[j1];
    }
}

typedef struct {
    const char *name;
    int nv, nf;
    float v[MAXV][3];
    int f[MAXF][3];
    double center[3]; /* a point well inside */
    double inner;     /* radius of a ball around center that is inside */
    int grid;         /* origins are rounded to multiples of 2^-grid; -1: to binary32 */
    /* derived */
    int ne;
    int e[MAXE][2], ef[MAXE][2]; /* edge endpoints, its two faces */
    i128 n[MAXF][3], c[MAXF];    /* outward face planes n.x <= c, in units of 2^-23 */
} mesh;

/* ---- mesh construction ------------------------------------------------------ */

static void add_face(mesh *m, int a, int b, int c)
{
    cr_assert(m->nf < MAXF);
    m->f[m->nf][0] = a, m->f[m->nf][1] = b, m->f[m->nf][2] = c;
    m->nf++;
}

/* Orients every face outward (away from the center; the meshes are convex). */
static void orient(mesh *m)
{
    for (int i = 0; i < m->nf; i++) {
        double p[3][3];
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 3; j++)
                p[k][j] = m->v[m->f[i][k]][j];
        double e1[3], e2[3], g[3];
        for (int j = 0; j < 3; j++) {
            e1[j] = p[1][j] - p[0][j];
            e2[j] = p[2][j] - p[0][j];
            g[j] = (p[0][j] + p[1][j] + p[2][j]) / 3 - m->center[j];
        }
        double n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
        if (n[0] * g[0] + n[1] * g[1] + n[2] * g[2] < 0) {
            int t = m->f[i][1];
            m->f[i][1] = m->f[i][2];
            m->f[i][2] = t;
        }
    }
}

/* Edges, closedness, exact face planes, exact convexity. */
static void finish(mesh *m)
{
    orient(m);
    m->ne = 0;
    for (int i = 0; i < m->nf; i++)
        for (int k = 0; k < 3; k++) {
            int a = m->f[i][k], b = m->f[i][(k + 1) % 3];
            int found = -1;
            for (int e = 0; e < m->ne; e++)
                if ((m->e[e][0] == a && m->e[e][1] == b) || (m->e[e][0] == b && m->e[e][1] == a))
                    found = e;
            if (found < 0) {
                cr_assert(m->ne < MAXE);
                m->e[m->ne][0] = a, m->e[m->ne][1] = b;
                m->ef[m->ne][0] = i, m->ef[m->ne][1] = -1;
                m->ne++;
            } else {
                /* closed and consistently oriented: the second use runs b -> a */
                cr_assert(m->ef[found][1] == -1 && m->e[found][0] == b && m->e[found][1] == a,
                          "%s: edge %d-%d not shared by exactly two consistently oriented faces", m->name, a, b);
                m->ef[found][1] = i;
            }
        }
    for (int e = 0; e < m->ne; e++)
        cr_assert(m->ef[e][1] >= 0, "%s: open edge %d-%d", m->name, m->e[e][0], m->e[e][1]);
    /* Euler: V - E + F = 2 for a closed genus-0 mesh. */
    cr_assert_eq(m->nv - m->ne + m->nf, 2, "%s: Euler characteristic", m->name);

    for (int i = 0; i < m->nf; i++) {
        const float *a = m->v[m->f[i][0]];
        normal_of(a, m->v[m->f[i][1]], m->v[m->f[i][2]], m->n[i]);
        m->c[i] = 0;
        for (int j = 0; j < 3; j++)
            m->c[i] += m->n[i][j] * fix(a[j]);
        /* Convex: every vertex on the inner side of every face plane. */
        for (int v = 0; v < m->nv; v++) {
            i128 t = 0;
            for (int j = 0; j < 3; j++)
                t += m->n[i][j] * fix(m->v[v][j]);
            cr_assert(t <= m->c[i], "%s: not convex at face %d vertex %d", m->name, i, v);
        }
    }
}

/* x rounded to a multiple of 2^-grid (grid >= 0), or to binary32 (grid < 0). */
static double round_grid(double x, int grid)
{
    return grid < 0 ? (double)(float)x : ldexp(nearbyint(ldexp(x, grid)), -grid);
}

/* Random rotation (unit quaternion) applied to unit-scale points, then
 * v = center + r * R p rounded to binary32 (snap < 0) or to a multiple of
 * 2^-snap. */
static void place(mesh *m, double p[][3], int n, double r, const double c[3], int snap)
{
    double q[4], qn = 0;
    for (int i = 0; i < 4; i++) {
        q[i] = tl_unit() * 2 - 1;
        qn += q[i] * q[i];
    }
    qn = sqrt(qn);
    for (int i = 0; i < 4; i++)
        q[i] /= qn;
    double w = q[0], x = q[1], y = q[2], z = q[3];
    double R[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                      {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                      {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
    m->nv = n;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 3; j++)
            m->v[i][j] = (float)round_grid(c[j] + r * (R[j][0] * p[i][0] + R[j][1] * p[i][1] + R[j][2] * p[i][2]),
                                           snap);
    memcpy(m->center, c, sizeof m->center);
}

static void octahedron_faces(mesh *m)
{
    /* vertices: 0 +x, 1 -x, 2 +y, 3 -y, 4 +z, 5 -z */
    for (int sx = 0; sx < 2; sx++)
        for (int sy = 0; sy < 2; sy++)
            for (int sz = 0; sz < 2; sz++)
                add_face(m, sx, 2 + sy, 4 + sz);
}

/* sign of ((b - a) x (c - a)) . (p - a), exactly */
static int orient3(const float *a, const float *b, const float *c, const double *p)
{
    i128 n[3], r = 0;
    normal_of(a, b, c, n);
    for (int j = 0; j < 3; j++)
        r += n[j] * (fix(p[j]) - fix(a[j]));
    return sgn128(r);
}

static void cube_faces(mesh *m)
{
    /* vertex i has coordinates (i&1, i&2, i&4) as signs; two triangles per
     * face.  The diagonals alternate; after rounding the four corners of a
     * face are in general not coplanar, and then the diagonal is the one
     * that keeps the mesh convex (the fourth corner not outside the plane of
     * the first triangle). */
    static const int quads[6][4] = {{0, 1, 3, 2}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 3, 7, 5}};
    for (int i = 0; i < 6; i++) {
        int q[4];
        for (int k = 0; k < 4; k++)
            q[k] = quads[i][(k + i % 2) % 4];
        double fourth[3] = {m->v[q[3]][0], m->v[q[3]][1], m->v[q[3]][2]};
        int s3 = orient3(m->v[q[0]], m->v[q[1]], m->v[q[2]], fourth);
        int sc = orient3(m->v[q[0]], m->v[q[1]], m->v[q[2]], m->center);
        if (s3 != 0 && s3 != sc) { /* the other diagonal */
            int t0 = q[0];
            q[0] = q[1], q[1] = q[2], q[2] = q[3], q[3] = t0;
        }
        add_face(m, q[0], q[1], q[2]);
        add_face(m, q[0], q[2], q[3]);
    }
}

static double ico_p[12][3];
static const int ico_f[20][3] = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
                                 {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
                                 {3, 8, 9},   {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};

static void ico_points(void)
{
    double phi = (1 + sqrt(5)) / 2, s = sqrt(1 + phi * phi);
    double p[12][3] = {{-1, phi, 0}, {1, phi, 0},  {-1, -phi, 0}, {1, -phi, 0}, {0, -1, phi}, {0, 1, phi},
                       {0, -1, -phi}, {0, 1, -phi}, {phi, 0, -1},  {phi, 0, 1},  {-phi, 0, -1}, {-phi, 0, 1}};
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < 3; j++)
            ico_p[i][j] = p[i][j] / s;
}

static const double binade_center[3] = {1.5, 1.5, 1.5};

/* Mesh kinds: 0 integer octahedron, 1 integer cube, 2 octahedron, 3 cube,
 * 4 icosahedron, 5 subdivided icosahedron (2-5 randomly rotated, centered at
 * (1.5,1.5,1.5), binary32 coordinates in [1, 2)).  snap < 0 keeps full
 * binary32 coordinates; snap = 20 rounds them to multiples of 2^-20, so that
 * the points a + (b - a) k/8 of every edge are exact binary32 values. */
static void build(mesh *m, int which, int snap)
{
    memset(m, 0, sizeof *m);
    m->grid = -1;
    switch (which) {
    case 0: /* integer octahedron, radius 8 */
        m->name = "integer octahedron";
        m->nv = 6;
        for (int i = 0; i < 6; i++)
            m->v[i][i / 2] = i % 2 ? -8.0f : 8.0f;
        octahedron_faces(m);
        m->inner = 8 / sqrt(3) * 0.9;
        m->grid = 0;
        break;
    case 1: /* integer cube [-4, 4]^3 */
        m->name = "integer cube";
        m->nv = 8;
        for (int i = 0; i < 8; i++)
            for (int j = 0; j < 3; j++)
                m->v[i][j] = i >> j & 1 ? 4.0f : -4.0f;
        cube_faces(m);
        m->inner = 3.5;
        m->grid = 0;
        break;
    case 2: { /* rotated octahedron */
        m->name = snap < 0 ? "rotated octahedron" : "rotated octahedron, 2^-20 grid";
        double p[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        place(m, p, 6, 0.3, binade_center, snap);
        octahedron_faces(m);
        m->inner = 0.3 / sqrt(3) * 0.9;
        break;
    }
    case 3: { /* rotated cube */
        m->name = snap < 0 ? "rotated cube" : "rotated cube, 2^-20 grid";
        double p[8][3];
        for (int i = 0; i < 8; i++)
            for (int j = 0; j < 3; j++)
                p[i][j] = i >> j & 1 ? 1 : -1;
        place(m, p, 8, 0.2, binade_center, snap);
        cube_faces(m);
        m->inner = 0.2 * 0.9;
        break;
    }
    case 4: /* rotated icosahedron */
        m->name = snap < 0 ? "rotated icosahedron" : "rotated icosahedron, 2^-20 grid";
        ico_points();
        place(m, ico_p, 12, 0.3, binade_center, snap);
        for (int i = 0; i < 20; i++)
            add_face(m, ico_f[i][0], ico_f[i][1], ico_f[i][2]);
        m->inner = 0.3 * 0.79 * 0.9; /* inradius of the unit-circumradius icosahedron: 0.7947 */
        break;
    default: { /* once subdivided icosahedron (80 faces) */
        m->name = snap < 0 ? "subdivided icosahedron" : "subdivided icosahedron, 2^-20 grid";
        ico_points();
        double p[MAXV][3];
        int np = 12, mid[12][12];
        memcpy(p, ico_p, sizeof ico_p);
        memset(mid, -1, sizeof mid);
        int faces[80][3], nf = 0;
        for (int i = 0; i < 20; i++) {
            int c[3];
            for (int k = 0; k < 3; k++) {
                int a = ico_f[i][k], b = ico_f[i][(k + 1) % 3];
                if (mid[a][b] < 0) {
                    double len = 0;
                    for (int j = 0; j < 3; j++) {
                        p[np][j] = (p[a][j] + p[b][j]) / 2;
                        len += p[np][j] * p[np][j];
                    }
                    for (int j = 0; j < 3; j++)
                        p[np][j] /= sqrt(len);
                    mid[a][b] = mid[b][a] = np++;
                }
                c[k] = mid[a][b];
            }
            int a = ico_f[i][0], b = ico_f[i][1], d = ico_f[i][2];
            int sub[4][3] = {{a, c[0], c[2]}, {b, c[1], c[0]}, {d, c[2], c[1]}, {c[0], c[1], c[2]}};
            memcpy(faces[nf], sub, sizeof sub);
            nf += 4;
        }
        place(m, p, np, 0.3, binade_center, snap);
        for (int i = 0; i < nf; i++)
            add_face(m, faces[i][0], faces[i][1], faces[i][2]);
        m->inner = 0.3 * 0.9 * 0.9;
        break;
    }
    }
    finish(m);
}

#endif
