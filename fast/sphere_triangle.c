/* fast/sphere_triangle.c: closed ball against closed triangle, binary32
 * inputs and outputs; the hit flag is exact.
 *
 * The outputs: the closest point of the triangle to the centre
 * (fast/fast_overlap.h: ov_closest_triangle): the binary32 differences
 * b - a, c - a, p - a after an exact power-of-two rescaling, then binary64,
 * where the products of two binary32 values are exact; they are those of the
 * exact problem for the vertices and centre moved by at most 2 * 2^-24 * S
 * (one rounding of each difference), up to binary64 rounding and the final
 * rounding to binary32: docs/queries/sphere_triangle.md.
 *
 * The hit flag is ref's: certified filters decide the common cases (a
 * vertex certainly within r: a hit; the triangle's bounding box or its
 * plane certainly farther than r: a miss), otherwise the exact path: the
 * ball meets the triangle iff it contains a vertex, or the foot of the
 * centre on an edge's line lies strictly inside the edge within r, or the
 * projection on the plane (n != 0) lies in the closed triangle within r;
 * each test is a polynomial sign of degree at most 6 in the inputs,
 * evaluated with fe expansions (fast/fast_exact.h).
 */
#include "fast_exact.h"
#include "fast_overlap.h"

/* |p - v|^2 <= r^2, exactly. */
static bool vertex_within(isect_vec3 p, isect_vec3 v, const fe *rr)
{
    fe w[3];
    fe_diff3(w, p, v);
    fe d = fe_dot3(w, w), g = fe_add(&d, rr, -1);
    return fe_sign(&g) <= 0;
}

/* The foot of p on the line x y is strictly inside the segment and within
 * r: (p - x).e > 0, (y - p).e > 0 and |(p - x) x e|^2 <= r^2 e.e, e = y - x. */
static bool edge_within(isect_vec3 p, isect_vec3 x, isect_vec3 y, const fe *rr)
{
    fe e[3], w[3], v[3], c[3];
    fe_diff3(e, y, x);
    fe_diff3(w, p, x);
    fe_diff3(v, y, p);
    fe a = fe_dot3(w, e), b = fe_dot3(v, e);
    if (fe_sign(&a) <= 0 || fe_sign(&b) <= 0)
        return false;
    fe_cross3(c, w, e);
    fe cc = fe_dot3(c, c), ee = fe_dot3(e, e), ree = fe_mul(rr, &ee), g = fe_add(&cc, &ree, -1);
    return fe_sign(&g) <= 0;
}

/* ((y - x) x (p - x)).n >= 0: p's projection on the inner side of x y. */
static bool inner_side(isect_vec3 p, isect_vec3 x, isect_vec3 y, const fe *n)
{
    fe e[3], w[3], c[3];
    fe_diff3(e, y, x);
    fe_diff3(w, p, x);
    fe_cross3(c, e, w);
    fe d = fe_dot3(c, n);
    return fe_sign(&d) >= 0;
}

static bool sphere_triangle_hit_exact(isect_sphere s, isect_triangle t)
{
    fe rr = fe_of((double)s.radius * s.radius);
    isect_vec3 p = s.center;
    if (vertex_within(p, t.v0, &rr) || vertex_within(p, t.v1, &rr) || vertex_within(p, t.v2, &rr) ||
        edge_within(p, t.v0, t.v1, &rr) || edge_within(p, t.v1, t.v2, &rr) || edge_within(p, t.v2, t.v0, &rr))
        return true;
    fe ab[3], ac[3], ap[3], n[3];
    fe_diff3(ab, t.v1, t.v0);
    fe_diff3(ac, t.v2, t.v0);
    fe_diff3(ap, p, t.v0);
    fe_cross3(n, ab, ac);
    if (!fe_sign(&n[0]) && !fe_sign(&n[1]) && !fe_sign(&n[2]))
        return false; /* degenerate: its hull is covered by the edges and vertices */
    if (!inner_side(p, t.v0, t.v1, n) || !inner_side(p, t.v1, t.v2, n) || !inner_side(p, t.v2, t.v0, n))
        return false;
    fe h = fe_dot3(n, ap), hh = fe_mul(&h, &h), nn = fe_dot3(n, n), rnn = fe_mul(&rr, &nn), g = fe_add(&hh, &rnn, -1);
    return fe_sign(&g) <= 0;
}

/* The certified filters of the hit flag: 1 hit, 0 miss, -1 undecided
 * (FB_CERT_SQ, FB_CERT_TRIPLE; docs/queries/sphere_triangle.md). */
static int sphere_triangle_hit_certified(isect_sphere s, isect_triangle t)
{
    double r2 = (double)s.radius * s.radius;
    const isect_vec3 *v[3] = {&t.v0, &t.v1, &t.v2};
    fv_d3 c = fv_d(s.center), lo = fv_d(t.v0), hi = lo;
    for (int k = 0; k < 3; k++) {
        fv_d3 w = fv_dsub(c, fv_d(*v[k]));
        if (fv_ddot(w, w) * (1 + FB_CERT_SQ) <= r2)
            return 1;
        fv_d3 x = fv_d(*v[k]);
        lo = (fv_d3){isect_fmin(lo.x, x.x), isect_fmin(lo.y, x.y), isect_fmin(lo.z, x.z)};
        hi = (fv_d3){isect_fmax(hi.x, x.x), isect_fmax(hi.y, x.y), isect_fmax(hi.z, x.z)};
    }
    /* the bounding box: gaps from exact comparisons, one rounding each */
    double gx = c.x < lo.x ? lo.x - c.x : c.x > hi.x ? c.x - hi.x : 0;
    double gy = c.y < lo.y ? lo.y - c.y : c.y > hi.y ? c.y - hi.y : 0;
    double gz = c.z < lo.z ? lo.z - c.z : c.z > hi.z ? c.z - hi.z : 0;
    if (gx * gx + gy * gy + gz * gz > r2 * (1 + FB_CERT_SQ))
        return 0;
    /* the plane: |S| >= |s| - 2^-49 T, |N_i| <= |n_i| + 2^-50 P_i */
    fv_d3 a = fv_d(t.v0), ab = fv_dsub(fv_d(t.v1), a), ac = fv_dsub(fv_d(t.v2), a), ap = fv_dsub(c, a);
    fv_d3 n = fv_dcross(ab, ac);
    double h = fabs(fv_ddot(ap, n)) - FB_CERT_TRIPLE * ov_abs_triple(ap, ab, ac);
    fv_d3 nb = {fabs(n.x) + FB_CERT_DOT * (fabs(ab.y * ac.z) + fabs(ab.z * ac.y)),
                fabs(n.y) + FB_CERT_DOT * (fabs(ab.z * ac.x) + fabs(ab.x * ac.z)),
                fabs(n.z) + FB_CERT_DOT * (fabs(ab.x * ac.y) + fabs(ab.y * ac.x))};
    if (h > 0 && h * h > r2 * fv_ddot(nb, nb) * (1 + FB_CERT_SQ))
        return 0;
    return -1;
}

bool isect_sphere_triangle(isect_sphere s, isect_triangle tri, isect_sphere_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!fv_finite3(s.center) || !isfinite(s.radius) || !(s.radius >= 0) || !fv_finite3(tri.v0) ||
        !fv_finite3(tri.v1) || !fv_finite3(tri.v2))
        return false;

    int certain = sphere_triangle_hit_certified(s, tri);
    if (!(certain == 1 || (certain < 0 && sphere_triangle_hit_exact(s, tri))))
        return false;
    float m = isect_fmaxf(isect_fmaxf(fv_max3abs(s.center), s.radius),
                    isect_fmaxf(fv_max3abs(tri.v0), isect_fmaxf(fv_max3abs(tri.v1), fv_max3abs(tri.v2))));
    int k = fv_rescale_exp(m, FB_COMFY_HI_SQ);
    isect_vec3 a = fv_scale3(tri.v0, k);
    fv_d3 ab = fv_d(fv_sub(fv_scale3(tri.v1, k), a)), ac = fv_d(fv_sub(fv_scale3(tri.v2, k), a));
    fv_d3 ap = fv_d(fv_sub(fv_scale3(s.center, k), a)), q;
    double d2 = ov_closest_triangle(ab, ac, ap, &q);
    if (out) {
        /* back to input units: exact powers of two in binary64, then one
         * rounding to binary32 */
        double back = fv_pow2(-k);
        out->hit = true;
        out->point.x = (float)(((double)a.x + q.x) * back);
        out->point.y = (float)(((double)a.y + q.y) * back);
        out->point.z = (float)(((double)a.z + q.z) * back);
        out->dist2 = (float)(d2 * back * back);
    }
    return true;
}
