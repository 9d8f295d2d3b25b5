/* fast/sphere_obb_filter.c: sphere_obb's second stage (issue 14), for the
 * inputs the certified filter of fast/sphere_obb.c leaves undecided: the
 * centre inside (the slab tests, FB_SLAB, then Cramer's signs exactly);
 * the certificates at an approximate closest point; else ref's decision
 * by the box's features (8 vertices, 12 edges with the foot strictly
 * inside, 6 faces with the projection inside), each a conjunction of signs
 * of polynomials in the inputs, filtered in binary64 against FB_SOBB_POLY
 * and, when undecided, evaluated exactly (fast/sphere_obb_exact.c).
 * docs/queries/sphere_obb.md, "fast".
 */
#include "fast_bounds.h"
#include "fast_magval.h"
#include "sphere_obb_exact.h"

/* ---- stage 2: the inside test ------------------------------------------------
 * The box in binary64: axes a_i, face normals n_i = h_j h_k (a_j x a_k)
 * (each component one rounding of an exact difference of exact products,
 * then one more for h_j h_k, exact) and the centre's offset w; with
 * N_i = w.n_i and D_i = h_i a_i.n_i (= det U) the centre is in slab i iff
 * |N_i| <= |D_i|. */
typedef struct {
    float h[3];
    fv_d3 a[3], n[3], w;
    double s[3]; /* N_i / D_i: U^-1 w by Cramer's rule, approximately */
} obb_frame;

typedef enum { SLAB_UNDECIDED, SLAB_INSIDE, SLAB_OUTSIDE } slab_verdict;

static void frame_setup(obb_frame *f, isect_sphere s, isect_obb box)
{
    f->h[0] = box.half.x;
    f->h[1] = box.half.y;
    f->h[2] = box.half.z;
    f->w = fv_dsub(fv_d(s.center), fv_d(box.center));
    for (int i = 0; i < 3; i++)
        f->a[i] = fv_d(box.axis[i]);
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        f->n[i] = fv_dmul(fv_dcross(f->a[j], f->a[k]), (double)f->h[j] * f->h[k]);
    }
}

/* The slab tests |s_i| <= 1 for s = U^-1 w in binary64, with their rounding
 * bounded by FB_SLAB times the sums of the magnitudes of their terms
 * (fast/fast_bounds.h): certainly inside, certainly outside a slab, or
 * undecided. */
static slab_verdict slabs_certified(obb_frame *f)
{
    bool inside = true, outside = false;
    for (int i = 0; i < 3; i++) {
        double eN = FB_SLAB * fv_dabsdot(f->w, f->n[i]), eD = FB_SLAB * f->h[i] * fv_dabsdot(f->a[i], f->n[i]);
        double N = fv_ddot(f->w, f->n[i]), D = f->h[i] * fv_ddot(f->a[i], f->n[i]);
        f->s[i] = N / D;
        N = fabs(N);
        D = fabs(D);
        inside = inside && D - eD > 0 && N + eN <= D - eD;
        outside = outside || N - eN > D + eD;
    }
    return inside ? SLAB_INSIDE : outside ? SLAB_OUTSIDE : SLAB_UNDECIDED;
}

/* ---- stage 2: a better point for the certificates ---------------------------
 * An approximate closest point of the box, s in [-1,1]^3: Cramer's s
 * clamped, then the coordinates left free re-solved by least squares with
 * the clamped ones fixed (a 2x2 or 1x1 Gram system), clamped again, twice
 * at most.  Any s in the cube is a point of the box, so sobb_certify_at is
 * sound whatever the rounding here. */
static double clamp1(double x) { return x > -1 ? (x < 1 ? x : 1) : -1; } /* NaN: -1 */

static bool solve_free(const fv_d3 *u, fv_d3 w, double *s, const bool *fr)
{
    int idx[3], nf = 0;
    fv_d3 r = w;
    for (int i = 0; i < 3; i++)
        if (fr[i])
            idx[nf++] = i;
        else
            r = fv_dsub(r, fv_dmul(u[i], s[i]));
    if (nf == 1) {
        double uu = fv_ddot(u[idx[0]], u[idx[0]]);
        s[idx[0]] = uu > 0 ? fv_ddot(u[idx[0]], r) / uu : 0;
    } else if (nf == 2) {
        fv_d3 x = u[idx[0]], y = u[idx[1]];
        double a = fv_ddot(x, x), b = fv_ddot(x, y), c = fv_ddot(y, y), g = a * c - b * b;
        double bx = fv_ddot(x, r), by = fv_ddot(y, r);
        s[idx[0]] = g > 0 ? (c * bx - b * by) / g : 0;
        s[idx[1]] = g > 0 ? (a * by - b * bx) / g : 0;
    }
    bool again = false;
    for (int k = 0; k < nf; k++) {
        double x = clamp1(s[idx[k]]);
        again |= x != s[idx[k]];
        s[idx[k]] = x;
    }
    return again;
}

static int certify_closest(isect_sphere s, const obb_frame *f)
{
    fv_d3 u[3];
    double c[3], t[3], h[3];
    bool fr[3];
    for (int i = 0; i < 3; i++) {
        h[i] = f->h[i];
        u[i] = fv_dmul(f->a[i], h[i]);
        c[i] = clamp1(f->s[i]);
        fr[i] = c[i] == f->s[i];
    }
    for (int it = 0; it < 2 && (fr[0] || fr[1] || fr[2]); it++) {
        if (!solve_free(u, f->w, c, fr))
            break;
        for (int i = 0; i < 3; i++)
            fr[i] = fr[i] && c[i] > -1 && c[i] < 1;
    }
    for (int i = 0; i < 3; i++)
        t[i] = c[i] * h[i]; /* |t_i| <= h_i */
    return sobb_certify_at(f->w, f->a, h, t, (double)s.radius * s.radius);
}

/* ---- stage 2: the features, filtered ----------------------------------------
 * A value with its magnitude (fmv, fast/fast_magval.h): x computed in
 * binary64 by a fixed expression tree, p the same tree on the leaves'
 * magnitudes with every - made a +.  With at most k <= 30 roundings on any
 * leaf-to-root path (counted in docs/queries/sphere_obb.md, "Filtered
 * features"), |x - exact| <= gamma_k P <= FB_SOBB_POLY p, where no value
 * under- or overflows (fast/fast_bounds.h). */

/* The exact value's sign against 0: 1 certainly > 0 (or >= 0 with
 * zero_ok), 0 certainly not, -1 undecided.  p == 0 means every monomial is
 * 0: the value is exactly 0. */
static int pv_pos(fmv x, bool zero_ok)
{
    double g = FB_SOBB_POLY * x.p;
    return x.x > g ? 1 : x.x < -g ? 0 : x.p == 0 ? zero_ok : -1;
}

/* The inputs as values: w = fl(center - box_center) (one rounding), the
 * axes, the generators h_i a_i (exact products), the halves, r^2 (exact);
 * comfy: every input 0 or of magnitude in [2^-60, 2^60] (the plane test's
 * degree-8 value then neither under- nor overflows). */
typedef struct {
    fmv w[3], a[3][3], u[3][3], h[3], r2;
    bool comfy;
} obb_pv;

static bool comfy1(float x) { return x == 0 || (fabsf(x) >= 0x1p-60f && fabsf(x) <= 0x1p60f); }
static bool comfy3(isect_vec3 v) { return comfy1(v.x) && comfy1(v.y) && comfy1(v.z); }

static void pv_setup(obb_pv *b, isect_sphere s, isect_obb box)
{
    for (int c = 0; c < 3; c++) {
        b->w[c] = fmv_sub(fmv_of(fv_comp(s.center, c)), fmv_of(fv_comp(box.center, c)));
        for (int i = 0; i < 3; i++) {
            b->a[i][c] = fmv_of(fv_comp(box.axis[i], c));
            b->u[i][c] = fmv_of((double)fv_comp(box.half, i) * fv_comp(box.axis[i], c));
        }
    }
    for (int i = 0; i < 3; i++)
        b->h[i] = fmv_of(fv_comp(box.half, i));
    b->r2 = fmv_of((double)s.radius * s.radius);
    b->comfy = comfy1(s.radius) && comfy3(s.center) && comfy3(box.center) && comfy3(box.axis[0]) &&
               comfy3(box.axis[1]) && comfy3(box.axis[2]) && comfy3(box.half);
}

/* r = w - sum_i sg[i] u_i. */
static void pv_offset(fmv *r, const obb_pv *b, const int *sg)
{
    for (int c = 0; c < 3; c++) {
        r[c] = b->w[c];
        for (int i = 0; i < 3; i++)
            if (sg[i])
                r[c] = sg[i] > 0 ? fmv_sub(r[c], b->u[i][c]) : fmv_add(r[c], b->u[i][c]);
    }
}

/* A conjunction of tri-state signs: 0 if one is 0, 1 if all are 1. */
static int and3(int x, int y) { return x == 0 || y == 0 ? 0 : x == 1 && y == 1 ? 1 : -1; }

/* A feature's verdict so far, c (1: every group of its tests certainly
 * true; 0: one certainly false; -m: the groups of the bit mask m
 * undecided), with group bit's tri-state x: stage 3 evaluates only the
 * undecided groups, the others being certainly true. */
static int group_and(int c, int x, int bit) { return c == 0 || x == 0 ? 0 : x == 1 ? c : c == 1 ? -bit : c - bit; }

/* |v|^2 <= r^2 for the vertex v = w - sum sg_i u_i. */
static int vertex_b64(const obb_pv *b, const int *sg)
{
    fmv v[3];
    pv_offset(v, b, sg);
    return pv_pos(fmv_sub(b->r2, fmv_dot(v, v)), true);
}

/* The edge q + t u_k: |a.q| < h_k a.a and |q x a|^2 <= r^2 a.a. */
static int edge_b64(const obb_pv *b, const int *sg, int k)
{
    fmv q[3], c[3];
    const fmv *a = b->a[k];
    pv_offset(q, b, sg);
    fmv t = fmv_dot(a, q), aa = fmv_dot(a, a), L = fmv_mul(b->h[k], aa);
    int in = group_and(1, and3(pv_pos(fmv_sub(L, t), false), pv_pos(fmv_add(L, t), false)), SOBB_FOOT);
    if (in == 0)
        return 0;
    fmv_cross(c, q, a);
    return group_and(in, pv_pos(fmv_sub(fmv_mul(b->r2, aa), fmv_dot(c, c)), true), SOBB_LINE);
}

/* The face +-u_i + a u_j + b u_k (m = a_j x a_k != 0): |d.(a_k x m)| <=
 * h_j m.m, |d.(m x a_j)| <= h_k m.m and (m.d)^2 <= r^2 m.m. */
static int face_b64(const obb_pv *b, const fmv *m, int i, int sg)
{
    int j = (i + 1) % 3, k = (i + 2) % 3, sgs[3] = {0, 0, 0};
    fmv d[3], n[3];
    sgs[i] = sg;
    pv_offset(d, b, sgs);
    fmv G = fmv_dot(m, m), x, y;
    fmv_cross(n, b->a[k], m);
    x = fmv_dot(d, n);
    y = fmv_mul(b->h[j], G);
    int in = group_and(1, and3(pv_pos(fmv_sub(y, x), true), pv_pos(fmv_add(y, x), true)), SOBB_IN_A);
    if (in == 0)
        return 0;
    fmv_cross(n, m, b->a[j]);
    x = fmv_dot(d, n);
    y = fmv_mul(b->h[k], G);
    in = group_and(in, and3(pv_pos(fmv_sub(y, x), true), pv_pos(fmv_add(y, x), true)), SOBB_IN_B);
    if (in == 0 || !b->comfy)
        return group_and(in, -1, SOBB_PLANE);
    x = fmv_dot(m, d);
    return group_and(in, pv_pos(fmv_sub(fmv_mul(b->r2, G), fmv_mul(x, x)), true), SOBB_PLANE);
}

/* ---- stages 2 and 3 over the box's features ----------------------------------
 * Feature f: vertex f (f < 8, sg_i = +-1 by the bits of f), edge f - 8
 * (< 12: free axis k, the others' signs by its bits) or face f - 20 (axis
 * i = k, sign by its bit); returns k (-1 for a vertex). */
static int feature_of(int f, int *sg)
{
    sg[0] = sg[1] = sg[2] = 0;
    if (f < 8) {
        for (int i = 0; i < 3; i++)
            sg[i] = (f >> i) & 1 ? 1 : -1;
        return -1;
    }
    if (f < 20) {
        int e = f - 8, k = e / 4;
        sg[(k + 1) % 3] = e & 1 ? 1 : -1;
        sg[(k + 2) % 3] = e & 2 ? 1 : -1;
        return k;
    }
    int g = f - 20, i = g / 2;
    sg[i] = g & 1 ? 1 : -1;
    return i;
}

enum { N_FEATURES = 26 };

/* Feature f's verdict in binary64: 1 certainly within the radius, 0
 * certainly not (or absent: an edge with h_k a_k = 0 is a vertex, a face
 * with h_j h_k (a_j x a_k) = 0 the union of its edges), -m undecided (m:
 * the groups of its tests left to stage 3; a vertex has one). */
static int feature_b64(const obb_pv *b, isect_obb box, int f)
{
    int sg[3], k = feature_of(f, sg);
    if (f < 8)
        return vertex_b64(b, sg);
    isect_vec3 a = box.axis[k];
    if (f < 20)
        return fv_comp(box.half, k) > 0 && (a.x != 0 || a.y != 0 || a.z != 0) ? edge_b64(b, sg, k) : 0;
    int j = (k + 1) % 3, l = (k + 2) % 3;
    fmv m[3];
    fmv_cross(m, b->a[j], b->a[l]); /* exact products: 0 exactly when a_j x a_k = 0 */
    bool live = fv_comp(box.half, j) > 0 && fv_comp(box.half, l) > 0 && (m[0].x != 0 || m[1].x != 0 || m[2].x != 0);
    return live ? face_b64(b, m, k, sg[k]) : 0;
}

static bool feature_exact(isect_sphere s, isect_obb box, int f, int need)
{
    int sg[3], k = feature_of(f, sg);
    return f < 8 ? sobb_vertex_exact(s, box, sg) : f < 20 ? sobb_edge_exact(s, box, sg, k, need)
                                                          : sobb_face_exact(s, box, k, sg[k], need);
}

/* Outside the box (or it is flat): a hit iff a feature is within the
 * radius; the undecided ones exactly, after all the certain ones. */
static bool features_hit(isect_sphere s, isect_obb box)
{
    obb_pv b;
    pv_setup(&b, s, box);
    int need[N_FEATURES];
    bool todo = false;
    for (int f = 0; f < N_FEATURES; f++) {
        int t = feature_b64(&b, box, f);
        if (t == 1)
            return true;
        need[f] = t < 0 ? -t : 0;
        todo |= t < 0;
    }
    for (int f = 0; todo && f < N_FEATURES; f++)
        if (need[f] && feature_exact(s, box, f, need[f]))
            return true;
    return false;
}

bool sobb_undecided(isect_sphere s, isect_obb box)
{
    obb_frame f;
    frame_setup(&f, s, box);
    slab_verdict v = slabs_certified(&f);
    int c = v == SLAB_INSIDE ? 1 : certify_closest(s, &f);
    return c == 1 || (c < 0 && ((v == SLAB_UNDECIDED && sobb_inside_exact(s, box)) || features_hit(s, box)));
}
