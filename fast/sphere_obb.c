/* fast/sphere_obb.c: closed ball against oriented box (parallelepiped, axes
 * as given), binary32 inputs.
 *
 * The squared distance from the centre to the box, as in ref: 0 when the
 * centre is inside (the slab tests |w.n_i| <= h_i |a_i.n_i| for the face
 * normals n_i = h_j h_k (a_j x a_k)), otherwise the least distance to the
 * six faces (a face: its plane when the projection falls in it, else its
 * four edges).  Binary64 throughout: u_i = half_i axis_i is exact, the
 * normals are built from the binary32 axes, whose products are exact, and
 * no intermediate of binary32 inputs can overflow or underflow.  Where the
 * rounding bounds cannot decide the slab tests (a box flat within the
 * rounding, a centre at a slab's boundary), exact signs of binary64
 * expansions decide (fast/fast_exact.h); exactly flat boxes are handled in their plane (or on
 * their line); and the box's centre, which is in the box whatever its axes,
 * bounds the distance.  Steps and error bound:
 * docs/queries/sphere_obb.md.
 */
#include "fast_bounds.h"
#include "fast_exact.h"
#include "fast_overlap.h"

static double clampd(double x) { return x < -1 ? -1 : x > 1 ? 1 : x; }

/* Squared distance from d to the segment e0 + t e, t in [-1, 1]. */
static double seg2(fv_d3 d, fv_d3 e0, fv_d3 e)
{
    fv_d3 r = fv_dsub(d, e0);
    double ee = fv_ddot(e, e);
    if (ee > 0)
        r = fv_dsub(r, fv_dmul(e, clampd(fv_ddot(e, r) / ee)));
    return fv_ddot(r, r);
}

/* Squared distance from d to the parallelogram a u + b v, |a|, |b| <= 1, whose
 * normal n = u x v is given accurately (computed from the binary32 axes,
 * whose products are exact).  The projection's coefficients are
 * a = d.(v x n)/n.n and b = d.(n x u)/n.n.  For a sliver face (u nearly
 * parallel to v) they are ill-conditioned: d.(v x n) cancels, its rounding
 * may exceed n.n many times over, so the projection is taken as in the face
 * only when the rounding bound (ov_abs_triple, FB_TRIPLE) certifies |a|, |b| <= 1.  When it
 * does not, the four edges give the distance; if the projection is in fact
 * in the face, it is within 2^-50 |d| of an edge's line in the plane (the
 * error of a times the face's width |n|/|v|), so the edges are as close. */
static double face2(fv_d3 d, fv_d3 u, fv_d3 v, fv_d3 n, double s /* n.d */)
{
    double g = fv_ddot(n, n) * (1 - FB_SUMSQ); /* n.n rounded down */
    if (g > 0 && fabs(fv_ddot(d, fv_dcross(v, n))) + FB_TRIPLE * ov_abs_triple(d, v, n) <= g &&
        fabs(fv_ddot(d, fv_dcross(n, u))) + FB_TRIPLE * ov_abs_triple(d, n, u) <= g)
        return s * (s / fv_ddot(n, n));
    fv_d3 mu = fv_dmul(u, -1), mv = fv_dmul(v, -1);
    double r = seg2(d, u, v), x;
    if ((x = seg2(d, mu, v)) < r)
        r = x;
    if ((x = seg2(d, v, u)) < r)
        r = x;
    if ((x = seg2(d, mv, u)) < r)
        r = x;
    return r;
}

/* ---- exact signs and values ----------------------------------------------
 * For the inputs the binary64 bounds cannot decide (rare).  Every term below
 * is a product of three or four binary32 values; fx_grow_prod4 adds it to a
 * binary64 expansion without error (Dekker's splitting makes each of its
 * four partial products exact), and fx_grow keeps the sum exact
 * (Shewchuk's Grow-Expansion with Knuth's TwoSum), so no step rounds:
 * fast/fast_exact.h gives the range argument (no term or partial product
 * under- or overflows binary64).  The sign of an expansion is that of its
 * largest component; its value is rounded by fx_round (to binary128, then
 * to binary64, as the former binary128 code did). */

/* e += f det(x, y, z), its six terms in the order of the rule of Sarrus. */
static int det_grow(double *e, int n, float f, isect_vec3 x, isect_vec3 y, isect_vec3 z)
{
    n = fx_grow_prod4(e, n, f, x.x, y.y, z.z);
    n = fx_grow_prod4(e, n, -f, x.x, y.z, z.y);
    n = fx_grow_prod4(e, n, f, x.y, y.z, z.x);
    n = fx_grow_prod4(e, n, -f, x.y, y.x, z.z);
    n = fx_grow_prod4(e, n, f, x.z, y.x, z.y);
    return fx_grow_prod4(e, n, -f, x.z, y.y, z.x);
}

/* |det(p - c, a_j, a_k)| <= h_i |det(a)|, exactly (det(a) != 0 given with sign sd). */
static bool slab_inside_exact(isect_vec3 p, isect_vec3 c, isect_vec3 aj, isect_vec3 ak, float hi, const isect_vec3 *a,
                              int sd)
{
    double e[FX_MAX];
    for (int sg = -1; sg <= 1; sg += 2) {
        /* sd h_i det(a) + sg (det(p, aj, ak) - det(c, aj, ak)) >= 0 */
        int n = det_grow(e, 0, sd > 0 ? hi : -hi, a[0], a[1], a[2]);
        n = det_grow(e, n, sg > 0 ? 1.0f : -1.0f, p, aj, ak);
        n = det_grow(e, n, sg > 0 ? -1.0f : 1.0f, c, aj, ak);
        if (fx_sign(e, n) < 0)
            return false;
    }
    return true;
}

/* The flat box's projection on its plane (normal n) is in the box: for each
 * generator u_k with m_k = n x u_k != 0, |w.m_k| <= sum_j |u_j.m_k| (the 2D
 * zonotope's edge normals), certified as in face2: w.m and the u_j.m are
 * triple products rounded by at most FB_TRIPLE of their magnitudes
 * (ov_abs_triple); sup is bounded below term by term (u_k.m is exactly 0),
 * then for its own sums (FB_SUMSQ).  Where this fails although w projects
 * into the box, it is within those bounds, over |m|, of an edge's line:
 * 2^-50 of |w| and of the generators' lengths. */
static bool flat_inside(fv_d3 w, fv_d3 n, const fv_d3 *u)
{
    for (int k = 0; k < 3; k++) {
        fv_d3 m = fv_dcross(n, u[k]);
        if (m.x == 0 && m.y == 0 && m.z == 0)
            continue;
        double sup = 0;
        for (int j = 0; j < 3; j++) {
            double x = j == k ? 0 : fabs(fv_ddot(u[j], m)) - FB_TRIPLE * ov_abs_triple(u[j], n, u[k]);
            if (x > 0)
                sup += x;
        }
        if (!(fabs(fv_ddot(w, m)) + FB_TRIPLE * ov_abs_triple(w, n, u[k]) <= sup * (1 - FB_SUMSQ)))
            return false;
    }
    return true;
}

/* Squared distance from w to a box with no non-zero cross product of two
 * generators: a segment along the longest non-zero generator (all are
 * parallel) or a point: the lateral distance to the line through the
 * centre and the excess along it, both accurate relative to |w|. */
static double segment_box2(fv_d3 w, const fv_d3 *a, const fv_d3 *u, const float *h)
{
    int k = -1;
    double best = 0;
    for (int i = 0; i < 3; i++) {
        double x = fv_ddot(u[i], u[i]);
        if (h[i] > 0 && x > best) {
            best = x;
            k = i;
        }
    }
    if (k < 0)
        return fv_ddot(w, w);
    fv_d3 d = a[k], x = fv_dcross(w, d);
    double dd = fv_ddot(d, d), len = 0;
    for (int i = 0; i < 3; i++)
        len += h[i] * fabs(fv_ddot(a[i], d));
    double along = fabs(fv_ddot(w, d)) - len; /* times |d| */
    return fv_ddot(x, x) / dd + (along > 0 ? along * (along / dd) : 0);
}

/* Squared distance from w to a flat box (exactly: det of the axes 0, or a
 * zero half extent): its points lie in the plane of two of its generators
 * (normal n, the largest cross product of two axes with positive halves,
 * accurate since their products are exact).  When the projection is in the
 * box (flat_inside) the distance is the plane's, else the least distance to
 * the box's twelve edges, which hold its boundary; with no non-zero cross
 * product, segment_box2.  Testing the slabs of the generators, rather than
 * the faces of the box, keeps the test exact at the box's centre however
 * thin its faces. */
static double flat_box2(fv_d3 w, const fv_d3 *a, const fv_d3 *u, const float *h)
{
    fv_d3 n = {0, 0, 0};
    double nn = 0;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3;
        if (h[i] == 0 || h[j] == 0)
            continue;
        fv_d3 c = fv_dcross(a[i], a[j]);
        double cc = fv_ddot(c, c);
        if (cc > nn) {
            nn = cc;
            n = c;
        }
    }
    if (nn == 0)
        return segment_box2(w, a, u, h);
    if (flat_inside(w, n, u)) {
        double s = fv_ddot(n, w);
        return s * (s / nn);
    }
    double best = INFINITY;
    for (int k = 0; k < 3; k++) {
        int j = (k + 1) % 3, l = (k + 2) % 3;
        for (int sj = -1; sj <= 1; sj += 2)
            for (int sl = -1; sl <= 1; sl += 2) {
                double x = seg2(w, fv_dadd(fv_dmul(u[j], sj), fv_dmul(u[l], sl)), u[k]);
                if (x < best)
                    best = x;
            }
    }
    return best;
}

/* The box in binary64: axes a_i, generators u_i = h_i a_i (exact), face
 * normals n_i = h_j h_k (a_j x a_k) (each component one rounding of an
 * exact difference of exact products, then one more for h_j h_k, exact),
 * the centre's offset w, and the slab quantities N_i = w.n_i,
 * D_i = h_i a_i.n_i (= det U): the centre is in slab i iff |N_i| <= |D_i|. */
typedef struct {
    float h[3];
    fv_d3 a[3], u[3], n[3], w;
    double N[3], D[3];
} obb_frame;

typedef enum { SLAB_UNDECIDED, SLAB_INSIDE, SLAB_OUTSIDE, SLAB_FLAT } slab_verdict;

static void frame_setup(obb_frame *f, isect_sphere s, isect_obb box)
{
    f->h[0] = box.half.x;
    f->h[1] = box.half.y;
    f->h[2] = box.half.z;
    f->w = fv_dsub(fv_d(s.center), fv_d(box.center));
    for (int i = 0; i < 3; i++) {
        f->a[i] = fv_d(box.axis[i]);
        f->u[i] = fv_dmul(f->a[i], f->h[i]); /* exact */
    }
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
        f->N[i] = fv_ddot(f->w, f->n[i]);
        f->D[i] = f->h[i] * fv_ddot(f->a[i], f->n[i]);
        double eN = FB_SLAB * fv_dabsdot(f->w, f->n[i]), eD = FB_SLAB * f->h[i] * fv_dabsdot(f->a[i], f->n[i]);
        double N = fabs(f->N[i]), D = fabs(f->D[i]);
        inside = inside && D - eD > 0 && N + eN <= D - eD;
        outside = outside || N - eN > D + eD;
    }
    return inside ? SLAB_INSIDE : outside ? SLAB_OUTSIDE : SLAB_UNDECIDED;
}

/* Undecided: the box is flat within the rounding, or the centre is within
 * it of a slab's boundary.  Decide exactly (flat, inside, or outside); when
 * outside, replace N_i and D_i by the rounded exact values (fx_round): in
 * binary64 the three D_i of a thin box disagree wildly. */
static slab_verdict slabs_exact(obb_frame *f, isect_sphere s, isect_obb box)
{
    double e[FX_MAX];
    int n = det_grow(e, 0, 1.0f, box.axis[0], box.axis[1], box.axis[2]);
    int sd = fx_sign(e, n);
    const float *h = f->h;
    if (sd == 0 || h[0] == 0 || h[1] == 0 || h[2] == 0)
        return SLAB_FLAT;
    bool inside = true;
    for (int i = 0; i < 3 && inside; i++)
        inside = slab_inside_exact(s.center, box.center, box.axis[(i + 1) % 3], box.axis[(i + 2) % 3], h[i], box.axis,
                                   sd);
    if (inside)
        return SLAB_INSIDE;
    double det = fx_round(e, n);
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        int m = det_grow(e, 0, 1.0f, s.center, box.axis[j], box.axis[k]);
        m = det_grow(e, m, -1.0f, box.center, box.axis[j], box.axis[k]);
        double hh = (double)h[j] * h[k];
        f->N[i] = hh * fx_round(e, m);
        f->D[i] = hh * h[i] * det;
    }
    return SLAB_OUTSIDE;
}

/* The least squared distance from w to the six faces +-u_i + a u_j + b u_k. */
static double faces2(const obb_frame *f)
{
    double d2 = INFINITY;
    for (int i = 0; i < 3; i++)
        for (int sg = -1; sg <= 1; sg += 2) {
            double x = face2(fv_dsub(f->w, fv_dmul(f->u[i], sg)), f->u[(i + 1) % 3], f->u[(i + 2) % 3], f->n[i],
                             f->N[i] - sg * f->D[i]);
            if (x < d2)
                d2 = x;
        }
    return d2;
}

static bool sphere_obb_valid(isect_sphere s, isect_obb box)
{
    return fv_finite3(s.center) && isfinite(s.radius) && s.radius >= 0 && fv_finite3(box.center) &&
           fv_finite3(box.axis[0]) && fv_finite3(box.axis[1]) && fv_finite3(box.axis[2]) && fv_finite3(box.half) &&
           box.half.x >= 0 && box.half.y >= 0 && box.half.z >= 0;
}

/* ---- certified filter (issue 14) -------------------------------------------
 * 1 hit, 0 miss, -1 undecided, from a point P = box_center + sum s_i u_i
 * of the box (s_i = t_i / half_i, t_i = w.a_i clamped to [-half_i, half_i]:
 * the closest point for orthonormal axes, no division; any s in the cube is
 * a point of the box) and g = center - P as computed: a certified upper bound of |g|^2
 * at most r^2 is a hit; a certified lower bound gl of the exact
 * g.w - sum_i |g.u_i| (the gap between the box and the centre along g) with
 * gl^2 > r^2 g.g a miss (FB_CERT_DOT, FB_CERT_SQ, FB_SPHERE_OBB_GAP,
 * FB_CAPSULE_SQ; docs/queries/sphere_obb.md, "Certified filter"). */
static int sphere_obb_certified(isect_sphere s, isect_obb box)
{
    fv_d3 w = fv_dsub(fv_d(s.center), fv_d(box.center)), u[3], g = w, A = {fabs(w.x), fabs(w.y), fabs(w.z)};
    const double h[3] = {box.half.x, box.half.y, box.half.z};
    for (int i = 0; i < 3; i++) {
        fv_d3 a = fv_d(box.axis[i]);
        u[i] = fv_dmul(a, h[i]); /* exact products */
        double t = fv_ddot(w, a);
        t = t > -h[i] ? (t < h[i] ? t : h[i]) : -h[i]; /* s_i = t / h_i */
        g = fv_dsub(g, fv_dmul(a, t));
        double m = fabs(t);
        A = fv_dadd(A, (fv_d3){m * fabs(a.x), m * fabs(a.y), m * fabs(a.z)});
    }
    double RR = (double)s.radius * s.radius, gg = fv_ddot(g, g);
    if (gg <= RR) { /* likely a hit */
        fv_d3 up = {fabs(g.x) + (FB_CERT_DOT * A.x + 0x1p-500), fabs(g.y) + (FB_CERT_DOT * A.y + 0x1p-500),
                    fabs(g.z) + (FB_CERT_DOT * A.z + 0x1p-500)};
        return fv_ddot(up, up) * (1 + FB_CERT_SQ) <= RR ? 1 : -1;
    }
    if (!(gg >= 0x1p-400 && gg <= 0x1p400) || (RR != 0 && RR < 0x1p-600))
        return -1;
    double gl = fv_ddot(g, w) - FB_SPHERE_OBB_GAP * fv_dabsdot(g, w);
    for (int i = 0; i < 3; i++)
        gl -= fabs(fv_ddot(g, u[i])) + FB_SPHERE_OBB_GAP * fv_dabsdot(g, u[i]);
    gl -= 0x1p-1000;
    return gl > 0 && gl * gl > RR * gg * (1 + FB_CAPSULE_SQ) ? 0 : -1;
}

bool isect_sphere_obb(isect_sphere s, isect_obb box, isect_sphere_obb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!sphere_obb_valid(s, box))
        return false;

    int certain = sphere_obb_certified(s, box);
    if (certain >= 0) {
        if (out)
            out->hit = certain == 1;
        return certain == 1;
    }
    obb_frame f;
    frame_setup(&f, s, box);
    slab_verdict v = slabs_certified(&f);
    if (v == SLAB_UNDECIDED)
        v = slabs_exact(&f, s, box);
    double d2 = v == SLAB_INSIDE ? 0 : v == SLAB_FLAT ? flat_box2(f.w, f.a, f.u, f.h) : faces2(&f);
    /* The box's centre is in the box whatever its axes: d2 <= |w|^2.  This
     * anchors the answer where the faces' rounding (relative to the box's
     * size, through a thin box's cancelling generators) would not be. */
    double ww = fv_ddot(f.w, f.w);
    if (ww < d2)
        d2 = ww;
    bool hit = d2 <= (double)s.radius * s.radius;
    if (out)
        out->hit = hit;
    return hit;
}
