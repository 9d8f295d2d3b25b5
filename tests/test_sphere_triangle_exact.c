/* tests/test_sphere_triangle_exact.c: fast's sphere_triangle hit flag is
 * ref's exact answer (issue 14), through each stage of fast's decision.
 *
 * Layout: in = center[3] radius v0[3] v1[3] v2[3].  Hand-derived cases
 * where the distance equals the radius exactly (no sound filter can decide
 * them, so fast's witness and separating-plane certificates pass them to
 * the exact path): touching a face, an edge's interior and a vertex, radius
 * 0 on a face and on an edge, a tiny radius on a face, a degenerate
 * triangle; each with the radius one ulp short (a miss).  Each is checked
 * three ways: the expected value derived in its comment, ref (GMP), fast,
 * and fast's exact path alone (isect_sphere_triangle_hit_exact, called
 * directly so that it runs whatever the certificates would say).  Then a
 * randomized comparison with ref of fast and of the exact path alone on
 * small-integer configurations at a random power-of-two scale, edited by
 * the catalog's boundary mutations and nudged by ulps.  ISECT_SEED changes
 * the seed.  Also: triangles parallel to a coordinate plane (the exact
 * path's plane_axis: ties, exact and rounded differences), and fast's
 * outputs for a centre on the triangle with a radius of 2^-149 (the centre
 * and 0, exactly).
 */
#include "testlib.h"

#include "isect.h"
#include "targets.h"

/* fast/sphere_triangle.c: the exact decision, without the certificates. */
bool isect_sphere_triangle_hit_exact(const isect_sphere *s, const isect_triangle *tri);

static const isect_query *qs;

static void setup(void)
{
    qs = tl_query("sphere_triangle");
    tl_init_seed(0x57e4);
}

TestSuite(sphere_triangle_exact, .init = setup);

#define V(...) ((const double[3]){__VA_ARGS__})

static bool exact_only(isect_sphere s, isect_triangle t, isect_sphere_triangle_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    bool hit = isect_sphere_triangle_hit_exact(&s, &t);
    if (out)
        out->hit = hit;
    return hit;
}

/* want (1 hit, 0 miss) from ref, fast and the exact path alone. */
static void check(const double *c, double r, const double *a, const double *b, const double *d, double want,
                  const char *what)
{
    double in[13], out[5];
    memcpy(in, c, 3 * sizeof *in);
    in[3] = r;
    memcpy(in + 4, a, 3 * sizeof *in);
    memcpy(in + 7, b, 3 * sizeof *in);
    memcpy(in + 10, d, 3 * sizeof *in);
    cr_assert_eq(tl_ref(qs, in, out), REF_OK, "%s: ref status", what);
    cr_assert_eq(out[0], want, "%s: ref %g", what, out[0]);
    tl_run(qs, "fast", in, out);
    cr_assert_eq(out[0], want, "%s: fast %g", what, out[0]);
    isect_sphere s = {{(float)c[0], (float)c[1], (float)c[2]}, (float)r};
    isect_triangle t = {{(float)a[0], (float)a[1], (float)a[2]},
                        {(float)b[0], (float)b[1], (float)b[2]},
                        {(float)d[0], (float)d[1], (float)d[2]}};
    cr_assert_eq(isect_sphere_triangle_hit_exact(&s, &t), want != 0, "%s: exact path", what);
}

Test(sphere_triangle_exact, entry_claims_exact_booleans)
{
    const isect_target_entry *e = tl_entry(qs, "fast");
    cr_assert(e && (e->exact & ISECT_EXACT_BOOLS));
}

/* The triangle (0,0,0) (4,0,0) (0,4,0) in z = 0. */
Test(sphere_triangle_exact, axis_aligned_touching)
{
    /* above the face at (1,1,0): the projection is strictly inside, the
     * distance 3; (n.ap)^2 = 48^2 = 2304 = 3^2 n.n (n = (0,0,16)) */
    check(V(1, 1, 3), 3, V(0, 0, 0), V(4, 0, 0), V(0, 4, 0), 1, "face, touching");
    check(V(1, 1, 3), nextafterf(3, 0), V(0, 0, 0), V(4, 0, 0), V(0, 4, 0), 0, "face, one ulp short");
    /* beyond the edge v0 v1 (the x axis): foot (2,0,0) strictly inside,
     * |(p - v0) x e|^2 = |(2,-3,4) x (4,0,0)|^2 = 25 * 16 = 5^2 e.e; the
     * vertices are farther (|p - v0|^2 = 29, |p - v1|^2 = 29) */
    check(V(2, -3, 4), 5, V(0, 0, 0), V(4, 0, 0), V(0, 4, 0), 1, "edge, touching");
    check(V(2, -3, 4), nextafterf(5, 0), V(0, 0, 0), V(4, 0, 0), V(0, 4, 0), 0, "edge, one ulp short");
    /* beyond the vertex v1 = (4,0,0) by (2,-3,6): (2,-3,6).(v0 - v1) = -8 and
     * (2,-3,6).(v2 - v1) = -20, both < 0: its normal cone; distance 7 */
    check(V(6, -3, 6), 7, V(0, 0, 0), V(4, 0, 0), V(0, 4, 0), 1, "vertex, touching");
    check(V(6, -3, 6), nextafterf(7, 0), V(0, 0, 0), V(4, 0, 0), V(0, 4, 0), 0, "vertex, one ulp short");
    /* the centre on the vertex v1, radius 0 (every term of |p - v1|^2 - 0 is 0) */
    check(V(4, 0, 0), 0, V(0, 0, 0), V(4, 0, 0), V(0, 4, 0), 1, "vertex, radius 0");
}

/* The triangle a = (0,0,0), b = (2,-1,0), c = (0,1,-1): n = (b - a) x (c - a)
 * = (1,2,2), |n| = 3, the plane x + 2y + 2z = 0.  Its point
 * q = a/4 + b/4 + c/2 = (1/2, 1/4, -1/2) is strictly inside. */
Test(sphere_triangle_exact, slanted_face)
{
    const double *a = V(0, 0, 0), *b = V(2, -1, 0), *c = V(0, 1, -1);
    /* p = q + n = (3/2, 9/4, 3/2): n.(p - a) = 9, (n.ap)^2 = 81 = 3^2 n.n */
    check(V(1.5, 2.25, 1.5), 3, a, b, c, 1, "slanted face, touching");
    check(V(1.5, 2.25, 1.5), nextafterf(3, 0), a, b, c, 0, "slanted face, one ulp short");
    /* p = q, radius 0: n.(p - a) = 1/2 + 1/2 - 1 = 0 (cancellation: the
     * binary64 filter cannot take the sign; the exact orientation does) */
    check(V(0.5, 0.25, -0.5), 0, a, b, c, 1, "on the face, radius 0");
    /* z one ulp up (2^-25): n.(p - a) = 2^-24 != 0, a miss at radius 0 */
    check(V(0.5, 0.25, nextafterf(-0.5, 0)), 0, a, b, c, 0, "off the face by an ulp, radius 0");
    /* p = q, radius 2^-149: (n.ap)^2 = 0 <= 2^-298 n.n: a hit beyond the
     * binary64 filter (the value -2^-298 * 9 is far within its guard), by
     * the bracket stage (h = 0 exactly) */
    check(V(0.5, 0.25, -0.5), 0x1p-149, a, b, c, 1, "on the face, tiny radius");
    /* z one ulp up, radius 2^-149: the distance 2^-24/3 exceeds 2^-149 */
    check(V(0.5, 0.25, nextafterf(-0.5, 0)), 0x1p-149, a, b, c, 0, "off the face by an ulp, tiny radius");
}

/* The triangle (0,0,0) (4,4,4) (4,0,0): the edge a b along (1,1,1). */
Test(sphere_triangle_exact, edge_radius_zero)
{
    const double *a = V(0, 0, 0), *b = V(4, 4, 4), *c = V(4, 0, 0);
    /* p = (1,1,1) on the edge: (p - a) x (b - a) = 0, foot at 1/4 strictly
     * inside; the binary64 value 0 has a non-zero magnitude, so the exact
     * orientations decide */
    check(V(1, 1, 1), 0, a, b, c, 1, "on an edge, radius 0");
    /* z one ulp up: (p - a) x e != 0 and the point is off the plane
     * (n = (0,16,-16), n.(p - a) = -16 * 2^-23 != 0) */
    check(V(1, 1, nextafterf(1, 2)), 0, a, b, c, 0, "off an edge by an ulp, radius 0");
}

/* Degenerate: (0,0,0) (2,0,0) (4,0,0), the hull the segment [0,4] on the
 * x axis; n = 0, so the face is never taken. */
/* The plane x + y + z = 0: v0 = (2^40,2^40,-2^41), v1 = (1,0,-1),
 * v2 = (0,1,-1); p = (1/2 + 2^-14, 1/2 + 2^-14, -1 - 2^-13) lies on it, just
 * inside the edge v1 v2 (p minus that edge's midpoint is 2^-14 (1,1,-2),
 * toward v0).  p - v0 needs 55 bits: no exact binary64 difference, so the
 * plane test goes to fe. */
Test(sphere_triangle_exact, inexact_differences)
{
    const double *a = V(0x1p40, 0x1p40, -0x1p41), *b = V(1, 0, -1), *c = V(0, 1, -1);
    check(V(0.5 + 0x1p-14, 0.5 + 0x1p-14, -1 - 0x1p-13), 0x1p-149, a, b, c, 1, "on the face, tiny radius, inexact");
    /* z one ulp down (2^-23 at -1 - 2^-13): off the plane by 2^-23/sqrt(3) */
    check(V(0.5 + 0x1p-14, 0.5 + 0x1p-14, nextafterf(-1 - 0x1p-13, -2)), 0x1p-149, a, b, c, 0,
          "off the face, tiny radius, inexact");
}

Test(sphere_triangle_exact, degenerate)
{
    const double *a = V(0, 0, 0), *b = V(2, 0, 0), *c = V(4, 0, 0);
    /* (1,3,0): foot (1,0,0) strictly inside the edge a b, distance 3 */
    check(V(1, 3, 0), 3, a, b, c, 1, "degenerate, touching");
    check(V(1, 3, 0), nextafterf(3, 0), a, b, c, 0, "degenerate, one ulp short");
    /* (3,0,0) on the segment, radius 0 */
    check(V(3, 0, 0), 0, a, b, c, 1, "degenerate, on it, radius 0");
}

/* A triangle parallel to a coordinate plane (its three k coordinates
 * equal): n has only its k component, so the plane test is
 * |p_k - v0_k| <= r, exact when that binary64 difference is (plane_axis in
 * fast/sphere_triangle_exact.c); else the brackets and the expansions. */
Test(sphere_triangle_exact, axis_parallel_plane)
{
    /* z = 1, the centre 2 above (1,1,1), strictly inside: touching */
    check(V(1, 1, 3), 2, V(0, 0, 1), V(4, 0, 1), V(0, 4, 1), 1, "parallel to z = 0, touching");
    check(V(1, 1, 3), nextafterf(2, 0), V(0, 0, 1), V(4, 0, 1), V(0, 4, 1), 0, "parallel to z = 0, one ulp short");
    /* z = -2^-50: p_z - a_z = 2 + 2^-50, exact in binary64, > 2 */
    check(V(1, 1, 2), 2, V(0, 0, -0x1p-50), V(4, 0, -0x1p-50), V(0, 4, -0x1p-50), 0, "beyond by 2^-50, exact");
    /* z = -+2^-60: p_z - a_z = 2 +- 2^-60 rounds to 2 (the difference is
     * not exact): the expansions decide, a miss above and a hit below */
    check(V(1, 1, 2), 2, V(0, 0, -0x1p-60), V(4, 0, -0x1p-60), V(0, 4, -0x1p-60), 0, "beyond by 2^-60, rounded");
    check(V(1, 1, 2), 2, V(0, 0, 0x1p-60), V(4, 0, 0x1p-60), V(0, 4, 0x1p-60), 1, "within by 2^-60, rounded");
    /* x = -1, the centre 1.5 off (-1,1,1), strictly inside: touching */
    check(V(0.5, 1, 1), 1.5, V(-1, 0, 0), V(-1, 4, 0), V(-1, 0, 4), 1, "parallel to x = 0, touching");
    check(V(0.5, 1, 1), nextafterf(1.5, 0), V(-1, 0, 0), V(-1, 4, 0), V(-1, 0, 4), 0,
          "parallel to x = 0, one ulp short");
}

/* The centre on the triangle with a radius of 2^-149: the certificates'
 * slack exceeds r^2, so fast's undecided path finds the centre in the
 * triangle (a vertex, or point_in_triangle): point = the centre and
 * dist2 = 0, exactly, as ref's. */
Test(sphere_triangle_exact, centre_on_triangle_outputs)
{
    static const double cases[][13] = {
        {1, 1, 0, 0x1p-149, 0, 0, 0, 4, 0, 0, 0, 4, 0},                     /* inside, z = 0 */
        {0.5, 0.25, -0.5, 0x1p-149, 0, 0, 0, 2, -1, 0, 0, 1, -1},             /* inside, slanted */
        {2, -1, 0, 0x1p-149, 0, 0, 0, 2, -1, 0, 0, 1, -1},                    /* the vertex v1 */
        /* a centre of the bench's boundary set on a generic triangle (the
         * outputs of ov_closest_triangle gave dist2 = 0x1.08e61ep-51 > r^2) */
        {-0x1.7c25b8p-3, 0x1.23581p-5, -0x1.8fd94ap-2, 0x1p-149, 0x1.334fccp-1, 0x1.67ad04p-1, -0x1.9c23fp-3,
         -0x1.db8334p-1, -0x1.f21f14p-1, 0x1.6c5b84p-1, -0x1.ca4e58p-2, -0x1.7e74p-3, -0x1.d0711p-2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        double out[5], ref[5];
        cr_assert_eq(tl_ref(qs, cases[i], ref), REF_OK);
        tl_run(qs, "fast", cases[i], out);
        cr_assert(out[0] == 1 && ref[0] == 1, "case %zu: fast %g ref %g", i, out[0], ref[0]);
        for (int k = 0; k < 3; k++)
            cr_assert(out[1 + k] == cases[i][k] && ref[1 + k] == cases[i][k], "case %zu: point[%d]", i, k);
        cr_assert(out[4] == 0 && ref[4] == 0, "case %zu: dist2 %a (ref %a)", i, out[4], ref[4]);
    }
}

static void gen(double *in)
{
    int e = tl_int(-60, 60);
    for (int k = 0; k < 13; k++)
        in[k] = tl_grid_value(in, k, e);
    in[3] = fabs(in[3]);
    for (int m = tl_int(0, 3); m > 0; m--)
        qs->mutate(in, tl_rnd());
    if (tl_int(0, 3) == 0) {
        int k = tl_int(0, 12);
        in[k] = nextafterf((float)in[k], tl_rnd() & 1 ? INFINITY : -INFINITY);
    }
    for (int k = 0; k < 13; k++)
        in[k] = (float)in[k];
}

Test(sphere_triangle_exact, random_fast_equals_ref)
{
    int valid, hits;
    tl_fast_hit_equals_ref(qs, gen, 40000, &valid, &hits);
    cr_assert(valid > 25000 && hits > 4000 && hits < valid - 4000, "%d valid cases, %d hits", valid, hits);
}

Test(sphere_triangle_exact, random_exact_path_equals_ref)
{
    int valid, hits;
    tl_hit_equals_ref(qs, (isect_any_fn)exact_only, gen, 40000, &valid, &hits);
    cr_assert(valid > 25000 && hits > 4000 && hits < valid - 4000, "%d valid cases, %d hits", valid, hits);
}
