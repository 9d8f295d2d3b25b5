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
 * rounding, a centre at a slab's boundary), exact signs in binary128
 * expansions decide; exactly flat boxes are handled in their plane (or on
 * their line); and the box's centre, which is in the box whatever its axes,
 * bounds the distance.  Steps and error bound:
 * docs/queries/sphere_obb.md.
 */
#include "overlap.h"

static double clampd(double x) { return x < -1 ? -1 : x > 1 ? 1 : x; }

/* Squared distance from d to the segment e0 + t e, t in [-1, 1]. */
static double seg2(ov_d3 d, ov_d3 e0, ov_d3 e)
{
    ov_d3 r = ov_dsub(d, e0);
    double ee = ov_ddot(e, e);
    if (ee > 0)
        r = ov_dsub(r, ov_dmul(e, clampd(ov_ddot(e, r) / ee)));
    return ov_ddot(r, r);
}

/* Squared distance from d to the parallelogram a u + b v, |a|, |b| <= 1, whose
 * normal n = u x v is given accurately (computed from the binary32 axes,
 * whose products are exact).  The projection's coefficients are
 * a = d.(v x n)/n.n and b = d.(n x u)/n.n.  For a sliver face (u nearly
 * parallel to v) they are ill-conditioned: d.(v x n) cancels, its rounding
 * may exceed n.n many times over, so the projection is taken as in the face
 * only when the rounding bound (ov_abs_triple) certifies |a|, |b| <= 1.  When it
 * does not, the four edges give the distance; if the projection is in fact
 * in the face, it is within 2^-50 |d| of an edge's line in the plane (the
 * error of a times the face's width |n|/|v|), so the edges are as close. */
static double face2(ov_d3 d, ov_d3 u, ov_d3 v, ov_d3 n, double s /* n.d */)
{
    double g = ov_ddot(n, n) * (1 - 0x1p-50); /* n.n rounded down */
    if (g > 0 && fabs(ov_ddot(d, ov_dcross(v, n))) + 0x1p-50 * ov_abs_triple(d, v, n) <= g &&
        fabs(ov_ddot(d, ov_dcross(n, u))) + 0x1p-50 * ov_abs_triple(d, n, u) <= g)
        return s * (s / ov_ddot(n, n));
    ov_d3 mu = ov_dmul(u, -1), mv = ov_dmul(v, -1);
    double r = seg2(d, u, v), x;
    if ((x = seg2(d, mu, v)) < r)
        r = x;
    if ((x = seg2(d, v, u)) < r)
        r = x;
    if ((x = seg2(d, mv, u)) < r)
        r = x;
    return r;
}

static double absdot(ov_d3 a, ov_d3 b) { return fabs(a.x * b.x) + fabs(a.y * b.y) + fabs(a.z * b.z); }

/* Exact signs for the inputs the binary64 bounds cannot decide (rare):
 * every term below is a product of three or four binary32 values (at most
 * 96 significant bits), exact in binary128, and a sum of such terms is
 * accumulated without error as a floating-point expansion (Shewchuk's
 * Grow-Expansion with Knuth's TwoSum, exact in any binary format with
 * round-to-nearest); its sign is that of its largest component. */
typedef __float128 quad;

static int sum_expansion(quad *e, const quad *t, int n)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        quad q = t[i];
        for (int k = 0; k < m; k++) {
            quad sum = q + e[k], bv = sum - q, err = (q - (sum - bv)) + (e[k] - bv);
            e[k] = err;
            q = sum;
        }
        e[m++] = q;
    }
    return m;
}

/* The sum of the terms, rounded (from the largest component down). */
static double value_of_sum(const quad *t, int n)
{
    quad e[24], v = 0;
    int m = sum_expansion(e, t, n);
    for (int k = 0; k < m; k++)
        v += e[k];
    return (double)v;
}

static int sign_of_sum(const quad *t, int n)
{
    quad e[24];
    int m = sum_expansion(e, t, n);
    for (int k = m - 1; k >= 0; k--)
        if (e[k] != 0)
            return e[k] > 0 ? 1 : -1;
    return 0;
}

/* The six terms of det(x, y, z), each multiplied by f (f, x, y, z binary32). */
static int det_terms(quad *t, float f, isect_vec3 x, isect_vec3 y, isect_vec3 z)
{
    quad F = f;
    t[0] = F * x.x * y.y * z.z;
    t[1] = -(F * x.x * y.z * z.y);
    t[2] = F * x.y * y.z * z.x;
    t[3] = -(F * x.y * y.x * z.z);
    t[4] = F * x.z * y.x * z.y;
    t[5] = -(F * x.z * y.y * z.x);
    return 6;
}

/* |det(p - c, a_j, a_k)| <= h_i |det(a)|, exactly (det(a) != 0 given with sign sd). */
static bool slab_inside_exact(isect_vec3 p, isect_vec3 c, isect_vec3 aj, isect_vec3 ak, float hi, const isect_vec3 *a,
                              int sd)
{
    quad t[18];
    for (int sg = -1; sg <= 1; sg += 2) {
        /* sd h_i det(a) + sg (det(p, aj, ak) - det(c, aj, ak)) >= 0 */
        det_terms(t, sd > 0 ? hi : -hi, a[0], a[1], a[2]);
        det_terms(t + 6, sg > 0 ? 1.0f : -1.0f, p, aj, ak);
        det_terms(t + 12, sg > 0 ? -1.0f : 1.0f, c, aj, ak);
        if (sign_of_sum(t, 18) < 0)
            return false;
    }
    return true;
}

/* Squared distance from w to a flat box (exactly: det of the axes 0, or a
 * zero half extent): its points lie in the plane of two of its generators
 * (normal n, the largest cross product of two axes with positive halves,
 * accurate since their products are exact).  The projection is in the box
 * iff for each generator u_k with m_k = n x u_k != 0,
 * |w.m_k| <= sum_j |u_j.m_k| (the 2D zonotope's edge normals); then the
 * distance is the plane's, else the least distance to the box's twelve
 * edges, which hold its boundary.  With no non-zero cross product the box
 * is a segment (or a point) on the line through the centre along the
 * generators: the lateral distance and the excess beyond its half-length.
 * Testing the slabs of
 * the generators, rather than the faces of the box, keeps the test exact
 * at the box's centre however thin its faces. */
static double flat_box2(ov_d3 w, const ov_d3 *a, const ov_d3 *u, const float *h)
{
    ov_d3 n = {0, 0, 0};
    double nn = 0;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3;
        if (h[i] == 0 || h[j] == 0)
            continue;
        ov_d3 c = ov_dcross(a[i], a[j]);
        double cc = ov_ddot(c, c);
        if (cc > nn) {
            nn = cc;
            n = c;
        }
    }
    if (nn > 0) {
        bool in = true;
        for (int k = 0; k < 3 && in; k++) {
            ov_d3 m = ov_dcross(n, u[k]);
            if (m.x == 0 && m.y == 0 && m.z == 0)
                continue;
            /* Certified as in face2: w.m and the u_j.m are triple products
             * rounded by at most 2^-50 of their magnitudes (ov_abs_triple);
             * sup is bounded below term by term (u_k.m is exactly 0), then
             * for its own sums.  Where this fails although w projects into
             * the box, it is within those bounds, over |m|, of an edge's
             * line: 2^-50 of |w| and of the generators' lengths. */
            double sup = 0;
            for (int j = 0; j < 3; j++) {
                double x = j == k ? 0 : fabs(ov_ddot(u[j], m)) - 0x1p-50 * ov_abs_triple(u[j], n, u[k]);
                if (x > 0)
                    sup += x;
            }
            in = fabs(ov_ddot(w, m)) + 0x1p-50 * ov_abs_triple(w, n, u[k]) <= sup * (1 - 0x1p-50);
        }
        if (in) {
            double s = ov_ddot(n, w);
            return s * (s / nn);
        }
    }
    if (nn == 0) {
        /* a segment along the longest non-zero generator (all are parallel)
         * or a point: lateral distance to the line through the centre and
         * the excess along it, both accurate relative to |w| */
        int k = -1;
        double best = 0;
        for (int i = 0; i < 3; i++) {
            double x = ov_ddot(u[i], u[i]);
            if (h[i] > 0 && x > best) {
                best = x;
                k = i;
            }
        }
        if (k < 0)
            return ov_ddot(w, w);
        ov_d3 d = a[k], x = ov_dcross(w, d);
        double dd = ov_ddot(d, d), len = 0;
        for (int i = 0; i < 3; i++)
            len += h[i] * fabs(ov_ddot(a[i], d));
        double along = fabs(ov_ddot(w, d)) - len; /* times |d| */
        return ov_ddot(x, x) / dd + (along > 0 ? along * (along / dd) : 0);
    }
    double best = INFINITY;
    for (int k = 0; k < 3; k++) {
        int j = (k + 1) % 3, l = (k + 2) % 3;
        for (int sj = -1; sj <= 1; sj += 2)
            for (int sl = -1; sl <= 1; sl += 2) {
                double x = seg2(w, ov_dadd(ov_dmul(u[j], sj), ov_dmul(u[l], sl)), u[k]);
                if (x < best)
                    best = x;
            }
    }
    return best;
}

bool isect_sphere_obb(isect_sphere s, isect_obb box, isect_sphere_obb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!ov_finite3(s.center) || !isfinite(s.radius) || !(s.radius >= 0) || !ov_finite3(box.center) ||
        !ov_finite3(box.axis[0]) || !ov_finite3(box.axis[1]) || !ov_finite3(box.axis[2]) || !ov_finite3(box.half) ||
        !(box.half.x >= 0 && box.half.y >= 0 && box.half.z >= 0))
        return false;

    const float h[3] = {box.half.x, box.half.y, box.half.z};
    ov_d3 a[3], u[3], n[3], w = ov_dsub(ov_d(s.center), ov_d(box.center));
    for (int i = 0; i < 3; i++) {
        a[i] = ov_d(box.axis[i]);
        u[i] = ov_dmul(a[i], h[i]); /* exact */
    }
    /* n_i = h_j h_k (a_j x a_k): each component one rounding of an exact
     * difference of exact products, then one more for h_j h_k (exact) */
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        n[i] = ov_dmul(ov_dcross(a[j], a[k]), (double)h[j] * h[k]);
    }
    double r2 = (double)s.radius * s.radius;

    /* The slab tests |s_i| <= 1 for s = U^-1 w:  |N_i| <= |D_i| with
     * N_i = w.n_i and D_i = h_i a_i.n_i (= det U), their rounding bounded by
     * 6 * 2^-53 times the sum of the magnitudes of their terms. */
    double N[3], D[3];
    bool inside = true, outside = false;
    for (int i = 0; i < 3; i++) {
        N[i] = ov_ddot(w, n[i]);
        D[i] = h[i] * ov_ddot(a[i], n[i]);
        double eN = 0x1p-50 * absdot(w, n[i]), eD = 0x1p-50 * h[i] * absdot(a[i], n[i]);
        inside = inside && fabs(D[i]) - eD > 0 && fabs(N[i]) + eN <= fabs(D[i]) - eD;
        outside = outside || fabs(N[i]) - eN > fabs(D[i]) + eD;
    }
    bool flat = false;
    if (!inside && !outside) {
        /* Undecided: the box is flat within the rounding, or the centre is
         * within it of a slab's boundary.  Decide exactly. */
        quad t[6];
        det_terms(t, 1.0f, box.axis[0], box.axis[1], box.axis[2]);
        int sd = sign_of_sum(t, 6);
        flat = sd == 0 || h[0] == 0 || h[1] == 0 || h[2] == 0;
        inside = !flat;
        for (int i = 0; i < 3 && inside; i++)
            inside = slab_inside_exact(s.center, box.center, box.axis[(i + 1) % 3], box.axis[(i + 2) % 3], h[i],
                                       box.axis, sd);
        if (!inside && !flat) {
            /* the faces' plane offsets from the exact determinants: in
             * binary64 the three D_i of a thin box disagree wildly */
            quad q[12];
            det_terms(q, 1.0f, box.axis[0], box.axis[1], box.axis[2]);
            double det = value_of_sum(q, 6);
            for (int i = 0; i < 3; i++) {
                int j = (i + 1) % 3, k = (i + 2) % 3;
                det_terms(q, 1.0f, s.center, box.axis[j], box.axis[k]);
                det_terms(q + 6, -1.0f, box.center, box.axis[j], box.axis[k]);
                double hh = (double)h[j] * h[k];
                N[i] = hh * value_of_sum(q, 12);
                D[i] = hh * h[i] * det;
            }
        }
    }
    double d2 = 0;
    if (flat)
        d2 = flat_box2(w, a, u, h);
    else if (!inside) {
        d2 = INFINITY;
        for (int i = 0; i < 3; i++)
            for (int sg = -1; sg <= 1; sg += 2) {
                double x = face2(ov_dsub(w, ov_dmul(u[i], sg)), u[(i + 1) % 3], u[(i + 2) % 3], n[i], N[i] - sg * D[i]);
                if (x < d2)
                    d2 = x;
            }
    }
    /* The box's centre is in the box whatever its axes: d2 <= |w|^2.  This
     * anchors the answer where the faces' rounding (relative to the box's
     * size, through a thin box's cancelling generators) would not be. */
    double ww = ov_ddot(w, w);
    if (ww < d2)
        d2 = ww;
    bool hit = d2 <= r2;
    if (out)
        out->hit = hit;
    return hit;
}
