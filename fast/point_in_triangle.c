/* fast/point_in_triangle.c: point in closed 3D triangle, binary32 inputs,
 * exact answer.
 *
 * p is in the triangle a b c iff it is in its plane, orient = n.(p - a) = 0
 * with n = (b - a) x (c - a), and inside its three edges.  Stages
 * (docs/queries/point_in_triangle.md, "fast"):
 * 1. the binary64 orientation, certified by FB_CERT_TRIPLE
 *    (fast/fast_bounds.h), settles every point certainly off the plane;
 * 2. the quantum certificate (fast/fast_quantum.h) proves orient = 0
 *    exactly for a point in the plane whose inputs have few significant
 *    bits; else the orientation modulo 2^64 (fq_orient_zero_mod: integer
 *    coordinates on the finest quantum, for spans below about 37 bits);
 *    else the exact orientation (tx_orient3_exact) decides;
 * 3. in the plane, the edge tests are 2D orientations in the coordinate
 *    plane of a non-zero component n_k of the normal (the projection along
 *    axis k maps the triangle's plane onto that coordinate plane one to
 *    one, so it keeps containment; n_k is the projected triangle's
 *    orientation), each certified by FB_CERT_ORIENT2 (a sign) or by its
 *    quantum (an exact 0), else exact (tx_orient2);
 * 0a. first (pit_grid), a certain miss: in the projection along z,
 *    n_z and an edge orientation of opposite signs (p outside the
 *    projected triangle: outside, in the plane or not): their computed
 *    signs when the x and y coordinates span at most 24 binary exponents
 *    (pit_narrow: exact differences), else by FB_CERT_ORIENT2;
 * 0. then inputs on a coarse grid (every coordinate a multiple of
 *    2^(E - FB_PIT_GRID_BITS), 2^E above the largest, tested in binary32):
 *    the binary64 textbook test is then exact, so it decides directly
 *    (in the projection along z; pit_grid_k when n_z = 0);
 * 4. a degenerate triangle (n = 0 exactly) is its hull, a segment or a
 *    point: with x and y its extreme vertices on a coordinate c where the
 *    vertices differ, p is in it iff (y - x) x (p - x) = 0 (two 2D
 *    orientations suffice) and x_c <= p_c <= y_c (pit_on_hull).
 * ref's answer for every binary32 input: docs/queries/point_in_triangle.md.
 */
#include "fast_exact.h"
#include "fast_overlap.h"
#include "fast_quantum.h"
#include "fast_tri_exact.h"

/* The rare paths are kept out of line (ISECT_NOINLINE, fast/fast_vec3.h),
 * so the common one stays short. */

/* pit_on_grid is inlined in both its callers (an out-of-line copy took
 * its struct arguments through memory). */
#if defined(__GNUC__) || defined(__clang__)
#define PIT_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define PIT_ALWAYS_INLINE static inline
#endif

/* The points by index: the lanes of fq_quad (differences from V0). */
enum { V0 = 0, P = 1, V1 = 2, V2 = 3 };

/* The coordinates of the four points and their exponents. */
typedef struct {
    float c[4][3];
    const fq_quad *f;
} pit_pts;

static inline isect_vec3 pit_v(const pit_pts *t, int m) { return (isect_vec3){t->c[m][0], t->c[m][1], t->c[m][2]}; }

static inline void pit_pts_init(pit_pts *t, const isect_vec3 *p, const isect_triangle *tri, const fq_quad *f)
{
    *t = (pit_pts){{{tri->v0.x, tri->v0.y, tri->v0.z}, {p->x, p->y, p->z}, {tri->v1.x, tri->v1.y, tri->v1.z},
                    {tri->v2.x, tri->v2.y, tri->v2.z}},
                   f};
}

/* The quantum exponent of the exact difference v[y] - v[x] in the
 * coordinates i and j: its two coordinates are multiples of 2^q. */
static inline int pit_qexp2(const pit_pts *t, int x, int y, int i, int j)
{
    const int(*l)[4] = t->f->l;
    return fq_min(fq_min(l[i][x], l[j][x]), fq_min(l[i][y], l[j][y]));
}

/* pit_orient2's last resort, out of line: tx_orient2_exact. */
static ISECT_NOINLINE int pit_orient2_exact(const pit_pts *t, int x, int y, int z, int i, int j)
{
    return tx_orient2_exact(pit_v(t, x), pit_v(t, y), pit_v(t, z), i, j);
}

/* orient2d(v[x], v[y], v[z]) in the coordinates i, j, exactly:
 * (y - x)_i (z - x)_j - (y - x)_j (z - x)_i.  The binary64 value's sign
 * when beyond FB_CERT_ORIENT2; 0 when the quantum certificate proves it
 * (a multiple of 2^(q(y - x) + q(z - x)) below that in magnitude); else
 * tx_orient2_exact. */
static inline int pit_orient2(const pit_pts *t, int x, int y, int z, int i, int j)
{
    const float *X = t->c[x], *Y = t->c[y], *Z = t->c[z];
    double ax = (double)Y[i] - X[i], ay = (double)Y[j] - X[j], bx = (double)Z[i] - X[i], by = (double)Z[j] - X[j];
    double s = ax * by, u = ay * bx, d = s - u, g = FB_CERT_ORIENT2 * (fabs(s) + fabs(u));
    if (d > g)
        return 1;
    if (-d > g)
        return -1;
    if (fq_certainly_zero(d, g, pit_qexp2(t, x, y, i, j) + pit_qexp2(t, x, z, i, j)))
        return 0;
    return pit_orient2_exact(t, x, y, z, i, j);
}

/* p in the hull of a degenerate triangle (n = 0 exactly: collinear
 * vertices), a segment or a point.  On a coordinate c where the vertices
 * differ, with x and y the vertices of least and greatest c: the line is
 * that of x y, on which c is one to one, so p is in the hull iff
 * (y - x) x (p - x) = 0 and x_c <= p_c <= y_c.  With D = y - x (D_c != 0)
 * and W = p - x, the two components of D x W that involve axis c,
 * D_c W_b - D_b W_c and D_a W_c - D_c W_a, vanish iff W = (W_c / D_c) D,
 * which makes the third vanish too: two 2D orientations decide.
 * If the vertices coincide, p must be that point. */
static bool pit_on_hull(const pit_pts *t)
{
    for (int c = 0; c < 3; c++) {
        int x = V0, y = V0;
        for (int m = V1; m <= V2; m++) {
            if (t->c[m][c] < t->c[x][c])
                x = m;
            if (t->c[m][c] > t->c[y][c])
                y = m;
        }
        if (t->c[x][c] == t->c[y][c])
            continue;
        for (int k = 0; k < 3; k++) /* component k of (y - x) x (p - x) */
            if (k != c && pit_orient2(t, x, y, P, (k + 1) % 3, (k + 2) % 3) != 0)
                return false;
        return t->c[x][c] <= t->c[P][c] && t->c[P][c] <= t->c[y][c];
    }
    const float *X = t->c[V0], *Q = t->c[P];
    return Q[0] == X[0] && Q[1] == X[1] && Q[2] == X[2];
}

/* p, exactly in the triangle's plane, is in the closed triangle: the
 * general path, each orientation by pit_orient2.  k0: the largest
 * component of the binary64 normal, tried first, or skipped when already
 * known to be 0 (nk0_zero). */
static ISECT_NOINLINE bool pit_in_plane(const isect_vec3 *p, const isect_triangle *tri, const fq_quad *f, int k0,
                                        bool nk0_zero)
{
    pit_pts t;
    pit_pts_init(&t, p, tri, f);
    int k = k0, s = 0;
    for (int m = nk0_zero; m < 3 && s == 0; m++) { /* n_k = orient2d(v0, v1, v2) in k + 1, k + 2 */
        k = (k0 + m) % 3;
        s = pit_orient2(&t, V0, V1, V2, (k + 1) % 3, (k + 2) % 3);
    }
    if (s == 0) /* a segment or a point */
        return pit_on_hull(&t);
    int i = (k + 1) % 3, j = (k + 2) % 3;
    return s * pit_orient2(&t, V0, V1, P, i, j) >= 0 && s * pit_orient2(&t, V1, V2, P, i, j) >= 0 &&
           s * pit_orient2(&t, V2, V0, P, i, j) >= 0;
}

/* x1 y2 - x2 y1 of binary64 differences; *g its certificate
 * (FB_CERT_ORIENT2): a value beyond +-g has the exact value's sign. */
static inline double pit_det2(double x1, double x2, double y1, double y2, double *g)
{
    double s = x1 * y2, u = x2 * y1;
    *g = FB_CERT_ORIENT2 * (fabs(s) + fabs(u));
    return s - u;
}

/* The exponent of the quantum of the exact difference x - y (points by
 * index) in the coordinates i and j. */
static inline int pit_qd(const fq_quad *f, int x, int y, int i, int j)
{
    return fq_min(fq_min(f->l[i][x], f->l[j][x]), fq_min(f->l[i][y], f->l[j][y]));
}

/* n_k0 is certainly 0 (pit_in_plane_zero): the other two components of
 * the normal, from the differences from v0 already formed, certified 0 by
 * their quanta make the triangle degenerate (pit_on_hull); else the
 * general path. */
static inline bool pit_flat(const isect_vec3 *p, const isect_triangle *tri, const fq_quad *f, fv_d3 vab, fv_d3 vac,
                            int k0)
{
    const double ab[3] = {vab.x, vab.y, vab.z}, ac[3] = {vac.x, vac.y, vac.z};
    for (int m = 1; m < 3; m++) {
        int k = (k0 + m) % 3, i = (k + 1) % 3, j = (k + 2) % 3;
        double g, d = pit_det2(ab[i], ab[j], ac[i], ac[j], &g);
        if (!fq_certainly_zero(d, g, pit_qd(f, V0, V1, i, j) + pit_qd(f, V0, V2, i, j)))
            return pit_in_plane(p, tri, f, k0, true);
    }
    pit_pts t;
    pit_pts_init(&t, p, tri, f);
    return pit_on_hull(&t);
}

/* pit_in_plane_fast's orientations when a sign is not certain: each one
 * not beyond its certificate may still be an exact 0 (the quantum
 * certificate, in the coordinates i, j).  Returns as pit_in_plane_fast,
 * or -2 when n_k is certainly 0 (another k, or a degenerate triangle). */
static inline int pit_in_plane_zero(const double *d, const double *g, const fq_quad *f, int i, int j)
{
    /* the determinants' points: orient2d(x, y, z), differences y - x, z - x */
    static const int pt[4][3] = {{V0, V1, V2}, {V0, V1, P}, {V1, V2, P}, {V0, P, V2}};
    int s[4];
    for (int m = 0; m < 4; m++) { /* m = 0: n_k */
        const int *x = pt[m];
        s[m] = d[m] > g[m] ? 1 : -d[m] > g[m] ? -1 : 0;
        if (!s[m] && !fq_certainly_zero(d[m], g[m], pit_qd(f, x[0], x[1], i, j) + pit_qd(f, x[0], x[2], i, j)))
            return -1;
        if (!s[0])
            return -2;
    }
    return s[0] * s[1] >= 0 && s[0] * s[2] >= 0 && s[0] * s[3] >= 0;
}

/* The common case of a point in the plane.  With k the largest component
 * of the binary64 normal: n_k and the three edge orientations in the
 * coordinates i = k + 1, j = k + 2 (mod 3), from the differences from v0
 * already formed (ab, ac, ap) and two from v1 (b, c, p: the binary32
 * coordinates).  When all four signs are certain, p is inside iff the
 * edges' signs are n_k's: their products with n_k are positive (no
 * product under- or overflows: every factor lies in [2^-298, 2^260]);
 * else pit_in_plane_zero.  Returns 1 (inside), 0 (outside), -1 (a sign
 * is uncertain) or -2 (n_k = 0): pit_in_plane decides. */
static inline int pit_in_plane_fast(fv_d3 ab, fv_d3 ac, fv_d3 ap, isect_vec3 b, isect_vec3 c, isect_vec3 p,
                                    const fq_quad *f, int k)
{
    /* the coordinates i = k + 1, j = k + 2 (mod 3) of each vector */
    double ab_i = k == 0 ? ab.y : k == 1 ? ab.z : ab.x, ab_j = k == 0 ? ab.z : k == 1 ? ab.x : ab.y;
    double ac_i = k == 0 ? ac.y : k == 1 ? ac.z : ac.x, ac_j = k == 0 ? ac.z : k == 1 ? ac.x : ac.y;
    double ap_i = k == 0 ? ap.y : k == 1 ? ap.z : ap.x, ap_j = k == 0 ? ap.z : k == 1 ? ap.x : ap.y;
    float b_i = k == 0 ? b.y : k == 1 ? b.z : b.x, b_j = k == 0 ? b.z : k == 1 ? b.x : b.y;
    float c_i = k == 0 ? c.y : k == 1 ? c.z : c.x, c_j = k == 0 ? c.z : k == 1 ? c.x : c.y;
    float p_i = k == 0 ? p.y : k == 1 ? p.z : p.x, p_j = k == 0 ? p.z : k == 1 ? p.x : p.y;
    double bc_i = (double)c_i - b_i, bc_j = (double)c_j - b_j, bp_i = (double)p_i - b_i, bp_j = (double)p_j - b_j;
    double d[4], g[4];
    d[0] = pit_det2(ab_i, ab_j, ac_i, ac_j, &g[0]); /* n_k = orient2d(v0, v1, v2) */
    d[1] = pit_det2(ab_i, ab_j, ap_i, ap_j, &g[1]); /* orient2d(v0, v1, p) */
    d[2] = pit_det2(bc_i, bc_j, bp_i, bp_j, &g[2]); /* orient2d(v1, v2, p) */
    d[3] = pit_det2(ap_i, ap_j, ac_i, ac_j, &g[3]); /* orient2d(v0, p, v2) = orient2d(v2, v0, p) */
    if ((fabs(d[0]) > g[0]) & (fabs(d[1]) > g[1]) & (fabs(d[2]) > g[2]) & (fabs(d[3]) > g[3]))
        return (d[0] * d[1] > 0) & (d[0] * d[2] > 0) & (d[0] * d[3] > 0);
    return pit_in_plane_zero(d, g, f, k == 2 ? 0 : k + 1, k == 0 ? 2 : k - 1);
}

/* orient = (p - v0).((v1 - v0) x (v2 - v0)) != 0, exactly, for an o
 * within g > 0 of it that neither certificate decided: modulo 2^64
 * (fq_orient_zero_mod: coordinates spanning fewer than about 37 bits),
 * else tx_orient3_exact (its precondition g != 0 holds). */
static ISECT_NOINLINE bool pit_off_plane_exact(const isect_vec3 *p, const isect_triangle *tri, const fq_quad *f,
                                               double o, double g)
{
    int z = fq_orient_zero_mod(f, &tri->v0, p, &tri->v1, &tri->v2, o, g);
    if (z >= 0)
        return !z;
    return tx_orient3_exact(tri->v0, *p, tri->v1, tri->v2) != 0;
}

/* ---- stage 0: inputs on a coarse grid (issue 14 speed) ---------------------
 * When every coordinate is a multiple of 2^(E - FB_PIT_GRID_BITS), 2^E
 * above the largest magnitude (tested in binary32: pit_on_grid), every
 * difference is an integer below 2^16 times that quantum, and the binary64
 * textbook test is exact: cross products below 2^33, the orientation below
 * 2^51, the 2D orientations below 2^33 quanta squared
 * (fast/fast_bounds_stages.h, "point_in_triangle: FB_PIT_GRID_BITS written
 * out"; docs/queries/point_in_triangle.md, "Stage 0").  Returns the
 * answer, or -1 when the inputs are not on such a grid (or not finite) or
 * the triangle is degenerate. */
/* The running largest and least coordinates (maxss and minss: no
 * absolute values; a NaN may be dropped, but its residual below is not
 * 0). */
static inline void pit_hilo(isect_vec3 v, float *hi, float *lo)
{
    float h = *hi, l = *lo;
    h = h > v.x ? h : v.x;
    l = l < v.x ? l : v.x;
    h = h > v.y ? h : v.y;
    l = l < v.y ? l : v.y;
    h = h > v.z ? h : v.z;
    l = l < v.z ? l : v.z;
    *hi = h;
    *lo = l;
}

/* The bits of the residuals fl(fl(x + c) - c) - x of v's coordinates,
 * or-ed: 0 iff each residual is +0 (-0 cannot occur: x - x is +0). */
static inline uint32_t pit_off_grid(isect_vec3 v, float c)
{
    float r[3] = {((v.x + c) - c) - v.x, ((v.y + c) - c) - v.y, ((v.z + c) - c) - v.z};
    uint32_t b[3];
    memcpy(b, r, sizeof b);
    return b[0] | b[1] | b[2];
}

/* Every coordinate is on the grid: with 2^E above the largest
 * magnitude mx (E = f - 126 from its exponent field f, f = 0 taken as 1)
 * and c = 1.5 2^(E + 8) (its field f + 9, at most 254: else no grid,
 * f <= 245), fl(fl(x + c) - c) is x rounded to a multiple of 2^(E - 15),
 * the binary32 spacing in [2^(E + 8), 2^(E + 9)), where x + c lies for
 * |x| < 2^E (the subtraction is exact, Sterbenz): equal to x iff x is on
 * the grid, and then the residual fl(t - x) is +0; else it is not 0 (a
 * difference of two binary32 values rounds to 0 only when they are
 * equal).  An infinite x gives inf - inf, a NaN x NaN: never +0, so
 * neither is on it, whatever mx is (fast/fast_bounds_stages.h).
 * mx = max(hi, -lo) over the twelve coordinates (pit_hilo); a NaN dropped
 * from it leaves mx below some coordinate, but that NaN is off the grid. */
PIT_ALWAYS_INLINE int pit_on_grid(isect_vec3 p, isect_triangle tri)
{
    float hi = p.x, lo = p.x;
    pit_hilo(p, &hi, &lo);
    pit_hilo(tri.v0, &hi, &lo);
    pit_hilo(tri.v1, &hi, &lo);
    pit_hilo(tri.v2, &hi, &lo);
    float mx = hi > -lo ? hi : -lo;
    uint32_t mb;
    memcpy(&mb, &mx, sizeof mb);
    uint32_t f = (mb >> 23) & 0xffu;
    if (f > 245)
        return 0;
    uint32_t cb = ((f ? f : 1) + 9) << 23 | 0x400000u;
    float c;
    memcpy(&c, &cb, sizeof c);
    /* written out, no array of the twelve: a loop over a stack array was
     * vectorised, its 16-byte loads of four 4-byte stores failing
     * store-to-load forwarding */
    uint32_t off = pit_off_grid(p, c) | pit_off_grid(tri.v0, c) | pit_off_grid(tri.v1, c) | pit_off_grid(tri.v2, c);
    return off == 0;
}

/* Stage 0 for a degenerate triangle (n = 0 exactly), as pit_on_hull on
 * the exact binary64 values of the grid, relative to v0: the vertices
 * 0, ab, ac and the point ap.  On a coordinate c where the vertices
 * differ, x and y the least and greatest, p is in the hull iff
 * (y - x) x (p - x) = 0 and x_c <= p_c <= y_c; if they coincide, iff
 * p = v0.  Exact: y - x and p - x are differences of two inputs (below
 * 2^16 quanta), each cross component below 2^33 quanta squared, as the
 * 2D orientations of pit_grid. */
static int pit_grid_hull(fv_d3 vab, fv_d3 vac, fv_d3 vap)
{
    const double v[3][3] = {{0, 0, 0}, {vab.x, vab.y, vab.z}, {vac.x, vac.y, vac.z}}, q[3] = {vap.x, vap.y, vap.z};
    for (int c = 0; c < 3; c++) {
        int x = 0, y = 0;
        for (int m = 1; m < 3; m++) {
            x = v[m][c] < v[x][c] ? m : x;
            y = v[m][c] > v[y][c] ? m : y;
        }
        if (v[x][c] == v[y][c])
            continue;
        fv_d3 d = {v[y][0] - v[x][0], v[y][1] - v[x][1], v[y][2] - v[x][2]};
        fv_d3 w = {q[0] - v[x][0], q[1] - v[x][1], q[2] - v[x][2]}, e = fv_dcross(d, w);
        return (e.x == 0) & (e.y == 0) & (e.z == 0) & (v[x][c] <= q[c]) & (q[c] <= v[y][c]);
    }
    return (q[0] == 0) & (q[1] == 0) & (q[2] == 0);
}

/* Stages 0a and 0 when the computed n_z is 0 (a vertical or degenerate
 * triangle when on the grid; else rounding), out of line: -1 off the grid
 * (pit_on_grid); else with k the largest |n_k| (n_k = 0 iff n = 0: then
 * pit_grid_hull), the plane test and the three edge orientations in the
 * coordinates k + 1, k + 2 against n_k's sign, all exact on the grid. */
static ISECT_NOINLINE int pit_grid_k(const isect_vec3 *vp, const isect_triangle *t)
{
    if (!pit_on_grid(*vp, *t))
        return -1;
    fv_d3 a = fv_d(t->v0), ab = fv_dsub(fv_d(t->v1), a), ac = fv_dsub(fv_d(t->v2), a), ap = fv_dsub(fv_d(*vp), a);
    fv_d3 n = fv_dcross(ab, ac);
    double nx = fabs(n.x), ny = fabs(n.y), nz = fabs(n.z), nm = ny > nx ? ny : nx;
    int k = nz > nm ? 2 : ny > nx;
    double d0 = k == 0 ? n.x : k == 1 ? n.y : n.z; /* 0 iff n = 0 */
    if (d0 == 0)
        return pit_grid_hull(ab, ac, ap); /* n = 0: o = 0 */
    /* the coordinates i = k + 1, j = k + 2 (mod 3); v2 - v1 = ac - ab and p - v1 = ap - ab exactly */
    double abi = k == 0 ? ab.y : k == 1 ? ab.z : ab.x, abj = k == 0 ? ab.z : k == 1 ? ab.x : ab.y;
    double aci = k == 0 ? ac.y : k == 1 ? ac.z : ac.x, acj = k == 0 ? ac.z : k == 1 ? ac.x : ac.y;
    double api = k == 0 ? ap.y : k == 1 ? ap.z : ap.x, apj = k == 0 ? ap.z : k == 1 ? ap.x : ap.y;
    double bci = aci - abi, bcj = acj - abj, bpi = api - abi, bpj = apj - abj;
    double e1 = abi * apj - abj * api, e2 = bci * bpj - bcj * bpi, e3 = api * acj - apj * aci;
    int on = fv_ddot(ap, n) == 0, in1 = d0 * e1 >= 0, in2 = d0 * e2 >= 0, in3 = d0 * e3 >= 0;
    return on & in1 & in2 & in3;
}

static inline float pit_fmax(float a, float b) { return a > b ? a : b; }
static inline float pit_fmin(float a, float b) { return a < b ? a : b; }

/* Stage 0a's span test: the exponent fields of the largest and the least
 * magnitude among the x and y coordinates (the eight that stage 0a's
 * differences take) differ by at most 24, so every binary64 difference of
 * two of them is exact.  Two non-zero binary32 values whose fields
 * f' = max(f, 1) differ by d are multiples of the smaller one's unit
 * 2^(f' - 150), their difference below 2^(25 + d) such units: at most 53
 * bits for d <= 28; here d <= fhi - flo (a zero or subnormal least
 * magnitude has the field 0, which only widens the span); a difference
 * with a zero is exact.  Floats, not bit patterns: fabsf, maxss and
 * minss, the fields then read from the two results.  For inputs that are
 * not finite the answer does not matter: a miss is then right anyway. */
static inline int pit_narrow(isect_vec3 p, isect_triangle t)
{
    float a = fabsf(p.x), b = fabsf(p.y), c = fabsf(t.v0.x), d = fabsf(t.v0.y);
    float e = fabsf(t.v1.x), f = fabsf(t.v1.y), g = fabsf(t.v2.x), h = fabsf(t.v2.y);
    float hi = pit_fmax(pit_fmax(pit_fmax(a, b), pit_fmax(c, d)), pit_fmax(pit_fmax(e, f), pit_fmax(g, h)));
    float lo = pit_fmin(pit_fmin(pit_fmin(a, b), pit_fmin(c, d)), pit_fmin(pit_fmin(e, f), pit_fmin(g, h)));
    return (int)(fv_bits32(hi) >> 23) - (int)(fv_bits32(lo) >> 23) <= 24;
}

/* Stage 0a's certificates, for inputs whose x and y coordinates span
 * more than 24 binary exponents (a difference may round): n_z and an
 * edge orientation certainly of opposite signs (FB_CERT_ORIENT2).  Out of
 * line: rare, and the common path then keeps no certificate. */
static ISECT_NOINLINE int pit_grid_certified_out(const isect_vec3 *vp, const isect_triangle *t)
{
    double ax = t->v0.x, ay = t->v0.y;
    double abx = t->v1.x - ax, aby = t->v1.y - ay, acx = t->v2.x - ax, acy = t->v2.y - ay;
    double apx = vp->x - ax, apy = vp->y - ay;
    double bcx = (double)t->v2.x - t->v1.x, bcy = (double)t->v2.y - t->v1.y;
    double bpx = (double)vp->x - t->v1.x, bpy = (double)vp->y - t->v1.y;
    double g0, g1, g2, g3, d0 = pit_det2(abx, aby, acx, acy, &g0);
    double e1 = pit_det2(abx, aby, apx, apy, &g1), e2 = pit_det2(bcx, bcy, bpx, bpy, &g2);
    double e3 = pit_det2(apx, apy, acx, acy, &g3);
    int out1 = (fabs(e1) > g1) & (d0 * e1 < 0), out2 = (fabs(e2) > g2) & (d0 * e2 < 0);
    int out3 = (fabs(e3) > g3) & (d0 * e3 < 0);
    return (fabs(d0) > g0) & (out1 | out2 | out3);
}

/* Stages 0a and 0: the answer, or -1 (undecided: off the grid).  In the
 * projection along z (coordinates x, y; any axis whose n_k is not 0 would
 * do, and a fixed one needs no selection): n_z = orient2d(v0, v1, v2) and
 * the edge orientations e1 = orient2d(v0, v1, p), e2 = orient2d(v1, v2, p),
 * e3 = orient2d(v2, v0, p), 2x2 determinants of binary64 differences of
 * the binary32 coordinates (v2 - v1 and p - v1 from the coordinates).
 * 0a (issue 14, pitspeed): when n_z and an edge orientation are of
 * opposite signs, p's projection is outside the projected triangle: if p
 * is in the plane it is outside the triangle (the projection maps the
 * plane one to one), else it is off the plane: a miss either way (an
 * input that is not finite is a miss too).  The computed signs are the
 * exact ones when the x and y coordinates span at most 24 binary
 * exponents (pit_narrow): every difference is then exact, and a 2x2
 * determinant fl(fl(s) - fl(u)) of exact differences never has the sign
 * opposite to the exact one (rounding is monotone: fl(s) > fl(u) implies
 * s > u), nor has a product d0 e (a non-zero determinant is at least
 * 2^-350 and below 2^260 in magnitude: no underflow; -0 < 0 is false);
 * else by FB_CERT_ORIENT2 (pit_grid_certified_out).  0: on the grid
 * (pit_on_grid) every value here is exact: the plane test o = 0 and,
 * when n_z != 0, the three edge signs against n_z's.  A computed n_z of
 * 0: pit_grid_k. */
static inline int pit_grid(isect_vec3 p, isect_triangle tri)
{
    /* x and y first; z only when stage 0a has not decided */
    double ax = tri.v0.x, ay = tri.v0.y;
    fv_d3 ab = {tri.v1.x - ax, tri.v1.y - ay, 0}, ac = {tri.v2.x - ax, tri.v2.y - ay, 0}, ap = {p.x - ax, p.y - ay, 0};
    double d0 = ab.x * ac.y - ab.y * ac.x; /* n_z */
    if (d0 == 0)
        return pit_grid_k(&p, &tri);
    double bcx = (double)tri.v2.x - tri.v1.x, bcy = (double)tri.v2.y - tri.v1.y;
    double bpx = (double)p.x - tri.v1.x, bpy = (double)p.y - tri.v1.y;
    double e1 = ab.x * ap.y - ab.y * ap.x, e2 = bcx * bpy - bcy * bpx, e3 = ap.x * ac.y - ap.y * ac.x;
    int in1 = d0 * e1 >= 0, in2 = d0 * e2 >= 0, in3 = d0 * e3 >= 0;
    if (!(in1 & in2 & in3) && (pit_narrow(p, tri) || pit_grid_certified_out(&p, &tri)))
        return 0; /* 0a: outside the projection */
    if (!pit_on_grid(p, tri))
        return -1;
    double az = tri.v0.z;
    ab.z = tri.v1.z - az;
    ac.z = tri.v2.z - az;
    ap.z = p.z - az;
    fv_d3 n = fv_dcross(ab, ac);
    int on = fv_ddot(ap, n) == 0;
    return on & in1 & in2 & in3;
}

/* Stages 1 to 4: inputs off the grid, degenerate triangles. */
static ISECT_NOINLINE bool pit_general(const isect_vec3 *p, const isect_triangle *tri)
{
    fv_d3 a = fv_d(tri->v0), ab = fv_dsub(fv_d(tri->v1), a), ac = fv_dsub(fv_d(tri->v2), a), ap = fv_dsub(fv_d(*p), a);
    fv_d3 n = fv_dcross(ab, ac);
    double o = fv_ddot(ap, n), g = FB_CERT_TRIPLE * ov_abs_triple(ap, ab, ac);
    /* a non-finite input makes g inf or NaN (0 inf included) unless it
     * cancels out of every product: checked below before anything else */
    if (o > g || -o > g)
        return false; /* certainly off the plane (or not finite) */
    fq_quad f;
    bool finite;
    /* orient: a multiple of 2^q */
    int q = fq_quad_init(&f, tri->v0, *p, tri->v1, tri->v2, &finite);
    if (!finite)
        return false;
    if (!fq_certainly_zero(o, g, q) && pit_off_plane_exact(p, tri, &f, o, g))
        return false;
    double nx = fabs(n.x), ny = fabs(n.y), nz = fabs(n.z), nm = ny > nx ? ny : nx;
    int k = nz > nm ? 2 : ny > nx;
    int in = pit_in_plane_fast(ab, ac, ap, tri->v1, tri->v2, *p, &f, k);
    return in >= 0 ? in : in == -2 ? pit_flat(p, tri, &f, ab, ac, k) : pit_in_plane(p, tri, &f, k, false);
}

bool isect_point_in_triangle(isect_vec3 p, isect_triangle tri, isect_point_in_triangle_result *out)
{
    int g = pit_grid(p, tri);
    bool hit = g >= 0 ? g : pit_general(&p, &tri);
    if (out)
        out->hit = hit;
    return hit;
}
