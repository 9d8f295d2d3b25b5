/* fuzz/zoo/ccd_cubic.c: the classic floating-point CCD of vertex-face and
 * edge-edge contacts, in two variants the CCD literature and real engines
 * ship (docs/queries/vertex_face_ccd.md, "The zoo"):
 *
 *   zoo:ccd_cubic    Provot (1997) / Bridson, Fedkiw, Anderson (2002): the
 *                    four vertices are coplanar at a contact, so solve the
 *                    coplanarity cubic det(v1 - v0, v2 - v0, v3 - v0)(t) = 0
 *                    in binary64 (split [0, 1] at the critical points, bisect
 *                    each sign change), then at each root in order test the
 *                    point against the triangle (barycentrics >= -1e-6) or
 *                    the two segments' closest points (distance <= 1e-6 of
 *                    their length), all relative to the features' sizes.
 *   zoo:ccd_abs_eps  the same with fixed absolute thresholds, as real
 *                    libraries have: coefficients below 1e-12 are zero (all
 *                    zero: "no motion out of the plane", no collision), and
 *                    a root is a contact when the features are within 1e-6.
 *
 * What they miss (the bugs under study; do not copy): a motion coplanar for
 * all t (the cubic vanishes: no root), a tangential contact (a double root
 * without a sign change), a root bisected to a time where the float test
 * fails by rounding, and, for the absolute variant, every scene small
 * enough that its coefficients fall under 1e-12. */
#include "targets.h"

#include <math.h>

typedef struct {
    double x[3];
} v3;

static double comp(isect_dvec3 v, int i) { return i == 0 ? v.x : i == 1 ? v.y : v.z; }
static v3 sub(v3 a, v3 b) { return (v3){{a.x[0] - b.x[0], a.x[1] - b.x[1], a.x[2] - b.x[2]}}; }
static double dot(v3 a, v3 b) { return a.x[0] * b.x[0] + a.x[1] * b.x[1] + a.x[2] * b.x[2]; }
static v3 cross(v3 a, v3 b)
{
    return (v3){{a.x[1] * b.x[2] - a.x[2] * b.x[1], a.x[2] * b.x[0] - a.x[0] * b.x[2],
                 a.x[0] * b.x[1] - a.x[1] * b.x[0]}};
}
static double det(v3 a, v3 b, v3 c) { return dot(a, cross(b, c)); }

/* Vertex k at time t. */
static v3 at(const isect_ccd_frame *f0, const isect_ccd_frame *f1, int k, double t)
{
    v3 r;
    for (int i = 0; i < 3; i++)
        r.x[i] = (1 - t) * comp(f0->v[k], i) + t * comp(f1->v[k], i);
    return r;
}

/* c[0] + c[1] t + c[2] t^2 + c[3] t^3 = det(v1 - v0, v2 - v0, v3 - v0)(t). */
static void coplanarity_cubic(const isect_ccd_frame *f0, const isect_ccd_frame *f1, double *c)
{
    v3 e[3], d[3];
    for (int k = 0; k < 3; k++) {
        e[k] = sub(at(f0, f1, k + 1, 0), at(f0, f1, 0, 0));
        d[k] = sub(sub(at(f0, f1, k + 1, 1), at(f0, f1, 0, 1)), e[k]);
    }
    c[0] = det(e[0], e[1], e[2]);
    c[1] = det(d[0], e[1], e[2]) + det(e[0], d[1], e[2]) + det(e[0], e[1], d[2]);
    c[2] = det(d[0], d[1], e[2]) + det(d[0], e[1], d[2]) + det(e[0], d[1], d[2]);
    c[3] = det(d[0], d[1], d[2]);
}

static double cubic(const double *c, double t) { return ((c[3] * t + c[2]) * t + c[1]) * t + c[0]; }

/* Roots of the cubic in [0, 1], ascending: split at the critical points,
 * bisect every piece whose ends differ in sign. */
static int cubic_roots(const double *c, double *roots)
{
    double cuts[4] = {0}, a = 3 * c[3], b = 2 * c[2], disc = b * b - 4 * a * c[1];
    int n = 1;
    if (a != 0 && disc >= 0) {
        double s = sqrt(disc), r1 = (-b - s) / (2 * a), r2 = (-b + s) / (2 * a);
        double lo = r1 < r2 ? r1 : r2, hi = r1 < r2 ? r2 : r1;
        if (lo > 0 && lo < 1)
            cuts[n++] = lo;
        if (hi > 0 && hi < 1 && hi != lo)
            cuts[n++] = hi;
    } else if (a == 0 && b != 0 && -c[1] / b > 0 && -c[1] / b < 1)
        cuts[n++] = -c[1] / b;
    cuts[n++] = 1;
    int nr = 0;
    for (int i = 0; i + 1 < n; i++) {
        double lo = cuts[i], hi = cuts[i + 1], flo = cubic(c, lo), fhi = cubic(c, hi);
        if (flo == 0) {
            roots[nr++] = lo;
            continue;
        }
        if (flo * fhi > 0)
            continue;
        for (int it = 0; it < 80 && lo < hi; it++) {
            double m = 0.5 * (lo + hi), fm = cubic(c, m);
            if ((fm < 0) == (flo < 0))
                lo = m, flo = fm;
            else
                hi = m;
        }
        roots[nr++] = hi;
    }
    if (cubic(c, 1) == 0 && (nr == 0 || roots[nr - 1] != 1))
        roots[nr++] = 1;
    return nr;
}

/* The point v0 against the triangle v1 v2 v3 at the root: barycentrics of
 * its projection onto the plane, each >= -eps; NaN for a degenerate
 * triangle (the division the classic code does). */
static bool vf_proximity(const v3 *v, double eps, bool absolute)
{
    v3 e1 = sub(v[2], v[1]), e2 = sub(v[3], v[1]), w = sub(v[0], v[1]);
    double d00 = dot(e1, e1), d01 = dot(e1, e2), d11 = dot(e2, e2), d20 = dot(w, e1), d21 = dot(w, e2);
    double den = d00 * d11 - d01 * d01;
    double b1 = (d11 * d20 - d01 * d21) / den, b2 = (d00 * d21 - d01 * d20) / den, b0 = 1 - b1 - b2;
    if (!absolute)
        return b0 >= -eps && b1 >= -eps && b2 >= -eps;
    /* The closest point of the triangle's plane region, then an absolute
     * distance threshold. */
    b1 = b1 < 0 ? 0 : b1 > 1 ? 1 : b1;
    b2 = b2 < 0 ? 0 : b2 > 1 - b1 ? 1 - b1 : b2;
    v3 q;
    for (int i = 0; i < 3; i++)
        q.x[i] = v[1].x[i] + b1 * e1.x[i] + b2 * e2.x[i];
    v3 dq = sub(v[0], q);
    return dot(dq, dq) <= eps * eps;
}

/* The segments v0 v1 and v2 v3: closest points of the lines, clamped to the
 * segments (parallel: none, the classic division by zero), within eps. */
static bool ee_proximity(const v3 *v, double eps, bool absolute)
{
    v3 e1 = sub(v[1], v[0]), e2 = sub(v[3], v[2]), w = sub(v[0], v[2]);
    double a = dot(e1, e1), b = dot(e1, e2), c = dot(e2, e2), d = dot(e1, w), e = dot(e2, w);
    double den = a * c - b * b;
    double s = (b * e - c * d) / den, u = (a * e - b * d) / den;
    s = s < 0 ? 0 : s > 1 ? 1 : s;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    v3 g;
    for (int i = 0; i < 3; i++)
        g.x[i] = v[0].x[i] + s * e1.x[i] - v[2].x[i] - u * e2.x[i];
    double len = absolute ? 1 : sqrt(a > c ? a : c);
    return dot(g, g) <= eps * eps * len * len;
}

static bool float_ccd(bool edge_edge, bool absolute, isect_ccd_frame f0, isect_ccd_frame f1, isect_ccd_result *out)
{
    *out = (isect_ccd_result){false, 0};
    double c[4], roots[4];
    coplanarity_cubic(&f0, &f1, c);
    if (absolute) {
        bool any = false;
        for (int i = 0; i < 4; i++) {
            c[i] = fabs(c[i]) < 1e-12 ? 0 : c[i];
            any |= i > 0 && c[i] != 0;
        }
        if (!any)
            return false; /* "no motion out of the plane" */
    }
    int n = cubic_roots(c, roots);
    for (int r = 0; r < n; r++) {
        v3 v[4];
        for (int k = 0; k < 4; k++)
            v[k] = at(&f0, &f1, k, roots[r]);
        if (edge_edge ? ee_proximity(v, 1e-6, absolute) : vf_proximity(v, 1e-6, absolute)) {
            *out = (isect_ccd_result){true, roots[r]};
            return true;
        }
    }
    return false;
}

static bool cubic_vf(isect_ccd_frame a, isect_ccd_frame b, isect_ccd_result *o) { return float_ccd(false, false, a, b, o); }
static bool cubic_ee(isect_ccd_frame a, isect_ccd_frame b, isect_ccd_result *o) { return float_ccd(true, false, a, b, o); }
static bool abs_vf(isect_ccd_frame a, isect_ccd_frame b, isect_ccd_result *o) { return float_ccd(false, true, a, b, o); }
static bool abs_ee(isect_ccd_frame a, isect_ccd_frame b, isect_ccd_result *o) { return float_ccd(true, true, a, b, o); }

/* Judged as what they claim to be: conservative CCD (the one-sided
 * contract, with fast's declarations). */
static const isect_target_entry cubic_entries[] = {
    ISECT_ENTRY_ONE_SIDED(vertex_face_ccd, cubic_vf, 0x1p24, 0x1p40, ISECT_BINARY64, 0x1p40),
    ISECT_ENTRY_ONE_SIDED(edge_edge_ccd, cubic_ee, 0x1p24, 0x1p40, ISECT_BINARY64, 0x1p40),
    ISECT_ENTRIES_END,
};
static const isect_target_entry abs_entries[] = {
    ISECT_ENTRY_ONE_SIDED(vertex_face_ccd, abs_vf, 0x1p24, 0x1p40, ISECT_BINARY64, 0x1p40),
    ISECT_ENTRY_ONE_SIDED(edge_edge_ccd, abs_ee, 0x1p24, 0x1p40, ISECT_BINARY64, 0x1p40),
    ISECT_ENTRIES_END,
};

static const isect_target cubic_target = {
    "zoo:ccd_cubic", "coplanarity cubic in binary64, then a proximity test at each root (Provot 1997, Bridson 2002)",
    cubic_entries,
};
static const isect_target abs_target = {
    "zoo:ccd_abs_eps", "the coplanarity cubic with absolute thresholds (1e-12 coefficients, 1e-6 distance)",
    abs_entries,
};

ISECT_TARGETS(zoo_ccd_cubic, &cubic_target, &abs_target);
