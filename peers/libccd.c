/* peers/libccd.c: libccd (binary64) as targets peer:libccd-gjk and
 * peer:libccd-mpr: ccdGJKIntersect / ccdMPRIntersect on the convex shapes of
 * the static overlap queries (docs/peers.md).
 *
 * Every shape is given to libccd as a convex polytope of at most eight
 * vertices dilated by a ball (sphere: one vertex; capsule: two; triangle:
 * three; box: eight), through the support function libccd requires of its
 * caller.  The binary32 inputs convert exactly to double; the box vertices
 * of an OBB and the unit direction of a ball's support point are rounded in
 * double (part of the declared tolerance).  The answer is libccd's boolean
 * only: these targets compute the hit flag and nothing else. */
#include "common.h"

#include <ccd/ccd.h>
#include <string.h>

typedef struct {
    int n;          /* vertices */
    double v[8][3]; /* the polytope */
    double r;       /* dilated by a ball of radius r */
} ccd_shape;

static void support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out)
{
    const ccd_shape *s = obj;
    double d[3] = {ccdVec3X(dir), ccdVec3Y(dir), ccdVec3Z(dir)};
    int best = 0;
    double bd = -INFINITY;
    for (int i = 0; i < s->n; i++) {
        double dot = d[0] * s->v[i][0] + d[1] * s->v[i][1] + d[2] * s->v[i][2];
        if (dot > bd)
            bd = dot, best = i;
    }
    double len = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), k = len > 0 ? s->r / len : 0;
    ccdVec3Set(out, s->v[best][0] + k * d[0], s->v[best][1] + k * d[1], s->v[best][2] + k * d[2]);
}

static void center(const void *obj, ccd_vec3_t *out)
{
    const ccd_shape *s = obj;
    double c[3] = {0, 0, 0};
    for (int i = 0; i < s->n; i++)
        for (int j = 0; j < 3; j++)
            c[j] += s->v[i][j] / s->n;
    ccdVec3Set(out, c[0], c[1], c[2]);
}

static void add(ccd_shape *s, isect_vec3 p) { memcpy(s->v[s->n++], (double[3]){p.x, p.y, p.z}, sizeof s->v[0]); }

static ccd_shape ball(isect_vec3 c, float r)
{
    ccd_shape s = {0};
    add(&s, c);
    s.r = r;
    return s;
}

static ccd_shape aabb(isect_aabb b)
{
    ccd_shape s = {0};
    for (int i = 0; i < 8; i++)
        add(&s, (isect_vec3){i & 1 ? b.max.x : b.min.x, i & 2 ? b.max.y : b.min.y, i & 4 ? b.max.z : b.min.z});
    return s;
}

static ccd_shape obb(isect_obb b)
{
    ccd_shape s = {0};
    const float h[3] = {b.half.x, b.half.y, b.half.z};
    for (int i = 0; i < 8; i++) {
        double p[3] = {b.center.x, b.center.y, b.center.z};
        for (int a = 0; a < 3; a++) {
            double k = (i >> a & 1 ? 1.0 : -1.0) * h[a];
            p[0] += k * b.axis[a].x, p[1] += k * b.axis[a].y, p[2] += k * b.axis[a].z;
        }
        memcpy(s.v[s.n++], p, sizeof p);
    }
    return s;
}

static ccd_shape tri(isect_triangle t)
{
    ccd_shape s = {0};
    add(&s, t.v0), add(&s, t.v1), add(&s, t.v2);
    return s;
}

static ccd_shape capsule(isect_capsule c)
{
    ccd_shape s = {0};
    add(&s, c.p0), add(&s, c.p1);
    s.r = c.radius;
    return s;
}

static int use_mpr;

/* The call itself: libccd's defaults, except the MPR boundary tolerance,
 * absolute (1e-4) by default, set relative to the inputs' scale. */
static bool intersect(const ccd_shape *a, const ccd_shape *b, double scale, bool *out)
{
    ccd_t ccd;
    CCD_INIT(&ccd);
    ccd.support1 = ccd.support2 = support;
    ccd.center1 = ccd.center2 = center;
    ccd.mpr_tolerance = scale * 0x1p-40;
    *out = (use_mpr ? ccdMPRIntersect(a, b, &ccd) : ccdGJKIntersect(a, b, &ccd)) != 0;
    return *out;
}

static double vmax(isect_vec3 v) { return fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z))); }

#define PAIR(name, T1, T2, make1, make2, scale)                                    \
    static bool name##_gjk(T1 a, T2 b, isect_##name##_result *out)                 \
    {                                                                              \
        use_mpr = 0;                                                               \
        ccd_shape s1 = make1, s2 = make2;                                          \
        return intersect(&s1, &s2, scale, &out->hit);                              \
    }                                                                              \
    static bool name##_mpr(T1 a, T2 b, isect_##name##_result *out)                 \
    {                                                                              \
        use_mpr = 1;                                                               \
        ccd_shape s1 = make1, s2 = make2;                                          \
        return intersect(&s1, &s2, scale, &out->hit);                              \
    }

PAIR(sphere_sphere, isect_sphere, isect_sphere, ball(a.center, a.radius), ball(b.center, b.radius),
     fmax(fmax(vmax(a.center), a.radius), fmax(vmax(b.center), b.radius)))
PAIR(aabb_aabb, isect_aabb, isect_aabb, aabb(a), aabb(b), fmax(fmax(vmax(a.min), vmax(a.max)), fmax(vmax(b.min), vmax(b.max))))
PAIR(sphere_aabb, isect_sphere, isect_aabb, ball(a.center, a.radius), aabb(b),
     fmax(fmax(vmax(a.center), a.radius), fmax(vmax(b.min), vmax(b.max))))
PAIR(point_in_triangle, isect_vec3, isect_triangle, ball(a, 0), tri(b),
     fmax(vmax(a), fmax(vmax(b.v0), fmax(vmax(b.v1), vmax(b.v2)))))
PAIR(sphere_triangle, isect_sphere, isect_triangle, ball(a.center, a.radius), tri(b),
     fmax(fmax(vmax(a.center), a.radius), fmax(vmax(b.v0), fmax(vmax(b.v1), vmax(b.v2)))))
PAIR(obb_obb, isect_obb, isect_obb, obb(a), obb(b), fmax(vmax(a.center), vmax(b.center)) + 4 * fmax(vmax(a.half), vmax(b.half)))
PAIR(sphere_obb, isect_sphere, isect_obb, ball(a.center, a.radius), obb(b),
     fmax(vmax(a.center), vmax(b.center)) + 4 * fmax(a.radius, vmax(b.half)))
PAIR(capsule_capsule, isect_capsule, isect_capsule, capsule(a), capsule(b),
     fmax(fmax(vmax(a.p0), vmax(a.p1)), fmax(vmax(b.p0), vmax(b.p1))) + fmax(a.radius, b.radius))
PAIR(aabb_triangle, isect_aabb, isect_triangle, aabb(a), tri(b),
     fmax(fmax(vmax(a.min), vmax(a.max)), fmax(vmax(b.v0), fmax(vmax(b.v1), vmax(b.v2)))))
PAIR(triangle_triangle, isect_triangle, isect_triangle, tri(a), tri(b),
     fmax(fmax(vmax(a.v0), fmax(vmax(a.v1), vmax(a.v2))), fmax(vmax(b.v0), fmax(vmax(b.v1), vmax(b.v2)))))

/* Invalid inputs (negative radii, min > max) are refused: libccd has no
 * notion of them.  Non-finite inputs are refused: GJK's loop has no
 * iteration limit by default and does not end on NaN. */
static const char *bad_radius(double r) { return r < 0 ? "negative radius (invalid)" : NULL; }
static const char *bad_box(const double *b)
{
    return b[0] > b[3] || b[1] > b[4] || b[2] > b[5] ? "min > max (invalid)" : NULL;
}
static const char *ok_sphere_sphere(const double *in)
{
    const char *w = peer_finite8(in);
    return w ? w : bad_radius(in[3]) ? bad_radius(in[3]) : bad_radius(in[7]);
}
static const char *ok_aabb_aabb(const double *in)
{
    const char *w = peer_finite12(in);
    return w ? w : bad_box(in) ? bad_box(in) : bad_box(in + 6);
}
static const char *ok_sphere_aabb(const double *in)
{
    const char *w = peer_finite10(in);
    return w ? w : bad_radius(in[3]) ? bad_radius(in[3]) : bad_box(in + 4);
}
static const char *ok_sphere_triangle(const double *in)
{
    const char *w = peer_finite13(in);
    return w ? w : bad_radius(in[3]);
}
static const char *ok_obb_obb(const double *in)
{
    const char *w = peer_finite30(in);
    return w ? w : in[12] < 0 || in[13] < 0 || in[14] < 0 || in[27] < 0 || in[28] < 0 || in[29] < 0 ? "negative half extent (invalid)" : NULL;
}
static const char *ok_sphere_obb(const double *in)
{
    const char *w = peer_finite19(in);
    return w ? w : bad_radius(in[3]) ? bad_radius(in[3]) : in[16] < 0 || in[17] < 0 || in[18] < 0 ? "negative half extent (invalid)" : NULL;
}
static const char *ok_capsule_capsule(const double *in)
{
    const char *w = peer_finite14(in);
    return w ? w : bad_radius(in[6]) ? bad_radius(in[6]) : bad_radius(in[13]);
}

/* Tolerance, in units of 2^-53 (docs/peers.md): the support points are
 * rounded in double, and the MPR tolerance is 2^-40 of the scale: 2^14
 * units.  GJK decides with DBL_EPSILON-relative zero tests. */
#define CCD_TOL 0x1p16
#define ENTRIES(alg, refuse_obb_obb, refuse_sphere_obb)                                                                     \
    {                                                                                                               \
        ISECT_ENTRY_EX(sphere_sphere, sphere_sphere_##alg, 0, CCD_TOL, "hit", ISECT_BINARY64, ok_sphere_sphere),    \
        ISECT_ENTRY_EX(aabb_aabb, aabb_aabb_##alg, 0, CCD_TOL, "hit", ISECT_BINARY64, ok_aabb_aabb),                \
        ISECT_ENTRY_EX(sphere_aabb, sphere_aabb_##alg, 0, CCD_TOL, "hit", ISECT_BINARY64, ok_sphere_aabb),          \
        ISECT_ENTRY_EX(point_in_triangle, point_in_triangle_##alg, 0, CCD_TOL, "hit", ISECT_BINARY64, peer_finite12), \
        ISECT_ENTRY_EX(sphere_triangle, sphere_triangle_##alg, 0, CCD_TOL, "hit", ISECT_BINARY64, ok_sphere_triangle), \
        ISECT_ENTRY_EX(obb_obb, obb_obb_##alg, 0, CCD_TOL, "hit", ISECT_BINARY64, refuse_obb_obb),                      \
        ISECT_ENTRY_EX(sphere_obb, sphere_obb_##alg, 0, CCD_TOL, "hit", ISECT_BINARY64, refuse_sphere_obb),             \
        ISECT_ENTRY_EX(capsule_capsule, capsule_capsule_##alg, 0, CCD_TOL, "hit", ISECT_BINARY64, ok_capsule_capsule), \
        ISECT_ENTRY_EX(aabb_triangle, aabb_triangle_##alg, 0, CCD_TOL, "hit", ISECT_BINARY64, ok_aabb_triangle),          \
        ISECT_ENTRY_EX(triangle_triangle, triangle_triangle_##alg, 0, CCD_TOL, "hit", ISECT_BINARY64, peer_finite18), \
        ISECT_ENTRIES_END,                                                                                          \
    }

/* MPR's portal discovery (libccd 2.1 src/mpr.c:229, a loop without an
 * iteration limit) does not end on some flat or needle-like boxes: such
 * boxes (|det(axes)| below 2^-20 of the product of the axes' lengths) are
 * refused by peer:libccd-mpr until crash isolation exists (docs/peers.md). */
static const char *flat_box(const double *a, const double *h)
{
    double det = a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6]);
    double len = 1;
    for (int i = 0; i < 3; i++)
        len *= sqrt(a[3 * i] * a[3 * i] + a[3 * i + 1] * a[3 * i + 1] + a[3 * i + 2] * a[3 * i + 2]);
    return !(fabs(det) > 0x1p-20 * len) || h[0] == 0 || h[1] == 0 || h[2] == 0
               ? "flat or needle-like box: libccd's MPR loops forever on some (src/mpr.c:229)"
               : NULL;
}
static const char *mpr_obb_obb(const double *in)
{
    const char *w = ok_obb_obb(in);
    return w ? w : flat_box(in + 3, in + 12) ? flat_box(in + 3, in + 12) : flat_box(in + 18, in + 27);
}
static const char *mpr_sphere_obb(const double *in)
{
    const char *w = ok_sphere_obb(in);
    return w ? w : flat_box(in + 7, in + 16);
}

static const char *ok_aabb_triangle(const double *in)
{
    const char *w = peer_finite15(in);
    return w ? w : bad_box(in);
}

static const isect_target_entry gjk_entries[] = ENTRIES(gjk, ok_obb_obb, ok_sphere_obb);
static const isect_target_entry mpr_entries[] = ENTRIES(mpr, mpr_obb_obb, mpr_sphere_obb);

static const isect_target gjk = {"peer:libccd-gjk", "libccd 2.1 ccdGJKIntersect (binary64; hit only)", gjk_entries, 0};
static const isect_target mpr = {"peer:libccd-mpr", "libccd 2.1 ccdMPRIntersect (binary64; hit only)", mpr_entries, 0};

ISECT_TARGETS(peer_libccd, &gjk, &mpr);
