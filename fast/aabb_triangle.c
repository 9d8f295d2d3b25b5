/* fast/aabb_triangle.c: closed axis-aligned box against closed triangle,
 * binary32 inputs, exact answer (ref's for every valid input).
 *
 * Filter: the box's face normals (exact comparisons of the binary32
 * coordinates), then the other ten axes of the
 * separating-axis test of Akenine-Moller (2001), the triangle's normal n and
 * the nine cross products of the box's axes with the edges, in binary64 with
 * the box's centre and half extents.  Each axis either certainly separates
 * (a miss), or certainly does not, or is undecided, against the guard
 * FB_CERT_SAT (fast/fast_bounds.h), which bounds the rounding of the
 * projections on the exact axis (the computed one is rounded too).  With
 * no axis separating, none undecided and a certainly non-degenerate
 * triangle, the thirteen axes are complete, flat boxes included
 * (docs/queries/aabb_triangle.md, step 3): a hit.  Anything else goes to
 * the exact path (fast/fast_tri_exact.h): a box and a triangle meet iff an
 * edge of the triangle meets the box or an edge of the box meets the
 * triangle.  docs/queries/aabb_triangle.md, "Exact".
 */
#include "fast_tri_exact.h"

/* ---- exact path ------------------------------------------------------------------ */

/* The corner i of the box: bit a of i selects max (1) or min (0) on axis a. */
static isect_vec3 corner(isect_aabb b, int i)
{
    return (isect_vec3){i & 1 ? b.max.x : b.min.x, i & 2 ? b.max.y : b.min.y, i & 4 ? b.max.z : b.min.z};
}

/* If they meet, an edge of the triangle has a point in the box, or the
 * plane's section of the box (whose extreme points lie on the box's edges)
 * lies inside the triangle, which its boundary does not meet; a degenerate
 * triangle is the union of its edges. */
static bool aabb_triangle_exact(isect_aabb b, isect_triangle t)
{
    const isect_vec3 v[3] = {t.v0, t.v1, t.v2};
    for (int k = 0; k < 3; k++)
        if (tx_segment_meets_box(v[k], v[(k + 1) % 3], b.min, b.max))
            return true;
    tx_tri tr;
    tx_tri_init(&tr, t.v0, t.v1, t.v2);
    if (tr.k < 0)
        return false;
    int s[8], pos = 0, neg = 0;
    for (int i = 0; i < 8; i++) {
        s[i] = tx_side(&tr, corner(b, i));
        pos += s[i] > 0;
        neg += s[i] < 0;
    }
    if (pos == 8 || neg == 8)
        return false;
    for (int i = 0; i < 8; i++)
        for (int a = 0; a < 3; a++) {
            int j = i | 1 << a;
            if (j != i && tx_segment_meets_triangle(corner(b, i), corner(b, j), s[i], s[j], &tr))
                return true;
        }
    return false;
}

/* ---- filter ---------------------------------------------------------------------- */

typedef struct {
    fv_d3 w[3];   /* the vertices minus the box centre */
    double h[3];  /* the half extents */
    double M[3];  /* the largest magnitude of coordinate i (box and triangle) */
    int undecided;
} frame;

/* One axis: the projections p0, p1 of the triangle (relative to the box
 * centre), the box's radius r, the guard g: true when it certainly
 * separates; otherwise f->undecided is set unless it certainly does not. */
static inline bool axis_separates(frame *f, double p0, double p1, double r, double g)
{
    double pmin = p0 < p1 ? p0 : p1, pmax = p0 < p1 ? p1 : p0, out = r + g, in = r - g;
    if (pmin > out || pmax < -out)
        return true;
    f->undecided |= !(pmin <= in && pmax >= -in);
    return false;
}

/* The axis with the components l1, l2 at the coordinates i1, i2 (the third
 * zero): a1, a2 and b1, b2 the two vertices' coordinates there. */
static inline bool axis2_separates(frame *f, double l1, double l2, int i1, int i2, const fv_d3 *w0, const fv_d3 *w1)
{
    double m1 = fabs(l1), m2 = fabs(l2);
    double p0 = l1 * fv_dcomp(*w0, i1) + l2 * fv_dcomp(*w0, i2), p1 = l1 * fv_dcomp(*w1, i1) + l2 * fv_dcomp(*w1, i2);
    double r = m1 * f->h[i1] + m2 * f->h[i2], g = FB_CERT_SAT * (m1 * f->M[i1] + m2 * f->M[i2]);
    return axis_separates(f, p0, p1, r, g);
}

/* e_a x f_j: components -f[a + 2] at a + 1 and f[a + 1] at a + 2; the
 * vertices j and j + 2 (v_j and v_{j+1} project alike on the exact axis). */
static bool edge_axes_separate(frame *f, const fv_d3 *e)
{
    for (int j = 0; j < 3; j++) {
        const fv_d3 *w0 = &f->w[j], *w1 = &f->w[(j + 2) % 3];
        if (axis2_separates(f, -e[j].z, e[j].y, 1, 2, w0, w1) || axis2_separates(f, -e[j].x, e[j].z, 2, 0, w0, w1) ||
            axis2_separates(f, -e[j].y, e[j].x, 0, 1, w0, w1))
            return true;
    }
    return false;
}

/* 1 hit, 0 miss, -1 undecided; the box's face normals do not separate. */
static int aabb_triangle_certified(isect_aabb b, isect_triangle t)
{
    const isect_vec3 v[3] = {t.v0, t.v1, t.v2};
    const float lo[3] = {b.min.x, b.min.y, b.min.z}, hi[3] = {b.max.x, b.max.y, b.max.z};
    frame f = {.undecided = 0};
    double c[3];
    for (int i = 0; i < 3; i++) {
        c[i] = 0.5 * ((double)lo[i] + hi[i]);
        f.h[i] = 0.5 * ((double)hi[i] - lo[i]);
        float m = fabsf(lo[i]) > fabsf(hi[i]) ? fabsf(lo[i]) : fabsf(hi[i]);
        for (int k = 0; k < 3; k++) {
            float x = fabsf(fv_comp(v[k], i));
            m = x > m ? x : m;
        }
        f.M[i] = m;
    }
    for (int k = 0; k < 3; k++)
        f.w[k] = (fv_d3){v[k].x - c[0], v[k].y - c[1], v[k].z - c[2]};
    fv_d3 d[3] = {fv_d(t.v0), fv_d(t.v1), fv_d(t.v2)};
    fv_d3 e[3] = {fv_dsub(d[1], d[0]), fv_dsub(d[2], d[1]), fv_dsub(d[0], d[2])};
    fv_d3 n = fv_dcross(e[0], e[1]);
    fv_d3 m = {fabs(e[0].y * e[1].z) + fabs(e[0].z * e[1].y), fabs(e[0].z * e[1].x) + fabs(e[0].x * e[1].z),
               fabs(e[0].x * e[1].y) + fabs(e[0].y * e[1].x)};
    double r = fabs(n.x) * f.h[0] + fabs(n.y) * f.h[1] + fabs(n.z) * f.h[2], p = fv_ddot(n, f.w[0]);
    double g = FB_CERT_SAT * (m.x * f.M[0] + m.y * f.M[1] + m.z * f.M[2]);
    if (axis_separates(&f, p, p, r, g) || edge_axes_separate(&f, e))
        return 0;
    bool nonzero = fabs(n.x) > FB_CERT_DOT * m.x || fabs(n.y) > FB_CERT_DOT * m.y || fabs(n.z) > FB_CERT_DOT * m.z;
    if (!f.undecided && nonzero)
        return 1;
    for (int k = 0; k < 3; k++) /* a vertex in the box (exact) */
        if (v[k].x >= lo[0] && v[k].x <= hi[0] && v[k].y >= lo[1] && v[k].y <= hi[1] && v[k].z >= lo[2] &&
            v[k].z <= hi[2])
            return 1;
    return -1;
}

static float fmax3(float a, float b, float c)
{
    float m = a > b ? a : b;
    return m > c ? m : c;
}
static float fmin3(float a, float b, float c)
{
    float m = a < b ? a : b;
    return m < c ? m : c;
}

bool isect_aabb_triangle(isect_aabb b, isect_triangle tri, isect_aabb_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!fv_finite3(b.min) || !fv_finite3(b.max) || !fv_finite3(tri.v0) || !fv_finite3(tri.v1) ||
        !fv_finite3(tri.v2) || !(b.min.x <= b.max.x && b.min.y <= b.max.y && b.min.z <= b.max.z))
        return false;

    /* box face normals: exact comparisons (finite inputs) */
    if (fmax3(tri.v0.x, tri.v1.x, tri.v2.x) < b.min.x || fmin3(tri.v0.x, tri.v1.x, tri.v2.x) > b.max.x ||
        fmax3(tri.v0.y, tri.v1.y, tri.v2.y) < b.min.y || fmin3(tri.v0.y, tri.v1.y, tri.v2.y) > b.max.y ||
        fmax3(tri.v0.z, tri.v1.z, tri.v2.z) < b.min.z || fmin3(tri.v0.z, tri.v1.z, tri.v2.z) > b.max.z)
        return false;
    int certain = aabb_triangle_certified(b, tri);
    bool hit = certain < 0 ? aabb_triangle_exact(b, tri) : certain == 1;
    if (out)
        out->hit = hit;
    return hit;
}
