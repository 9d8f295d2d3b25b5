/* tests/test_sphere_sweep_triangle.c: sphere_sweep_triangle.
 *
 * Flat layout: in = center[3] velocity[3] radius v0[3] v1[3] v2[3] (16);
 * out = hit t point[3].  Every expected value is derived by hand in the
 * comment beside it (Pythagorean triples keep the roots rational), or, for
 * the irrational ones, from the closed form evaluated with 80 decimal
 * digits and rounded to nearest; none comes from the code under test.
 *
 * The base triangle T4: v0 = (0,0,0), v1 = (4,0,0), v2 = (0,4,0), in the
 * plane z = 0; its normal e1 x e2 = (0,0,16) points to +z.
 */
#include "testlib_sweep.h"

static const sw_query Q = {"sphere_sweep_triangle", ref_sphere_sweep_triangle, ref_sphere_sweep_triangle_encl, 3,
                           false, 16, 5};

static const double T4[9] = {0, 0, 0, 4, 0, 0, 0, 4, 0};

static void t4(double *in, double cx, double cy, double cz, double vx, double vy, double vz, double r)
{
    sw_make(in, (double[]){cx, cy, cz}, (double[]){vx, vy, vz}, r, T4, 9);
}

static void hit(const double *in, double t, double px, double py, double pz, const char *what)
{
    sw_expect_hit(&Q, in, t, (double[]){px, py, pz}, what);
}

/* ---- hand-derived cases ---------------------------------------------------- */

static void hand_cases(void)
{
    double in[16];
    /* Face: (1,1,5) by (0,0,-8), r = 1: z(t) = 5 - 8t = 1 at t = 1/2, above
     * (1,1), inside T4: point (1,1,0). */
    t4(in, 1, 1, 5, 0, 0, -8, 1);
    hit(in, 0.5, 1, 1, 0, "face");
    /* From behind (two-sided): (1,1,-5) by (0,0,8): z = -1 at t = 1/2. */
    t4(in, 1, 1, -5, 0, 0, 8, 1);
    hit(in, 0.5, 1, 1, 0, "face from behind");
    /* Moving away. */
    t4(in, 1, 1, 5, 0, 0, 8, 1);
    tl_expect_miss(tl_query(Q.name), in, "moving away");
    t4(in, 1, 1, -5, 0, 0, -8, 1);
    tl_expect_miss(tl_query(Q.name), in, "moving away behind");
    /* Stopping short: ends at z = 2 > 1. */
    t4(in, 1, 1, 5, 0, 0, -3, 1);
    tl_expect_miss(tl_query(Q.name), in, "stops short");
    /* Ending exactly touching: ends at z = 1: t = 1. */
    t4(in, 1, 1, 5, 0, 0, -4, 1);
    hit(in, 1, 1, 1, 0, "ends touching");
    /* ... and one binary32 ulp short of it: -4 + 2^-21 stops at
     * z = 1 + 2^-21 > 1. */
    t4(in, 1, 1, 5, 0, 0, -4 + 0x1p-21, 1);
    tl_expect_miss(tl_query(Q.name), in, "one ulp short");

    /* Edge (3-4-5): (2,-3,10) by (0,0,-12), r = 5.  Distance to the x axis
     * sqrt(9 + z^2) = 5 at z = 4, z(t) = 10 - 12t = 4 at t = 1/2; foot (2,0,0)
     * within v0 v1.  The plane is reached at z = 5 above (2,-3), outside
     * T4; v0 and v1 stay farther than 5 while z > sqrt(12). */
    t4(in, 2, -3, 10, 0, 0, -12, 5);
    hit(in, 0.5, 2, 0, 0, "edge");
    /* Oblique edge contact: (2,-2,3) by (2,2,-4), r = 1.  Distance to the
     * x axis: (-2 + 2t)^2 + (3 - 4t)^2 = 1, 20t^2 - 32t + 12 = 0, t = 3/5
     * (and 1); the foot x = 2 + 2t = 16/5 lies in [0,4].  The face: z - 1 =
     * 0 at t = 1/2 above (3,-1), outside.  v1 = (4,0,0) at t = 3/5: distance^2
     * (0.8^2 + 0.8^2 + 0.6^2) = 1.64 > 1.  This is where Nettle's method
     * errs (see zoo_nettle2000_is_caught). */
    t4(in, 2, -2, 3, 2, 2, -4, 1);
    hit(in, 3.0 / 5.0, 16.0 / 5.0, 0, 0, "oblique edge");
    /* Vertex (5-12-13): (7,-4,20) by (0,0,-16), r = 13.  (7,-4) lies in v1's
     * Voronoi region (x > 4 beyond v0 v1, (3,-4).(-1,1) < 0 beyond v1 v2);
     * distance to v1 sqrt(25 + z^2) = 13 at z = 12, t = 1/2. */
    t4(in, 7, -4, 20, 0, 0, -16, 13);
    hit(in, 0.5, 4, 0, 0, "vertex");
    /* Tangent graze, zero discriminant: (7,-4,8) by (0,0,-16), r = 5: the
     * distance to T4 is sqrt(25 + z^2), = 5 only at z = 0, t = 1/2 (vertex
     * quadratic: a = 256, b = -128, c = 64, b^2 - ac = 0). */
    t4(in, 7, -4, 8, 0, 0, -16, 5);
    hit(in, 0.5, 4, 0, 0, "tangent graze");
    /* One ulp further out: x = 7 + 2^-21 misses. */
    t4(in, nextafterf(7, 8), -4, 8, 0, 0, -16, 5);
    tl_expect_miss(tl_query(Q.name), in, "graze one ulp out");
    /* Motion in the triangle's plane hitting an edge: (2,-3,0) by (0,4,0),
     * r = 1: y(t) = -3 + 4t = -1 at t = 1/2, foot (2,0,0). */
    t4(in, 2, -3, 0, 0, 4, 0, 1);
    hit(in, 0.5, 2, 0, 0, "in-plane edge");
    /* Motion parallel to the edge v0 v2 (the y axis) at distance 1 in the
     * plane, r = 1: the edge line's quadratic has a = 0; the sphere first
     * touches v0 at y = 0 (double root): (-1,-4,0) by (0,8,0), t = 1/2. */
    t4(in, -1, -4, 0, 0, 8, 0, 1);
    hit(in, 0.5, 0, 0, 0, "parallel to an edge");
    /* Parallel to an edge at distance 2 > r: a miss. */
    t4(in, -2, -4, 0, 0, 8, 0, 1);
    tl_expect_miss(tl_query(Q.name), in, "parallel to an edge, apart");
    /* Zero radius (a point) through the face: (1,1,5) by (0,0,-8): t = 5/8. */
    t4(in, 1, 1, 5, 0, 0, -8, 0);
    hit(in, 0.625, 1, 1, 0, "zero radius, face");
    /* Zero radius through the edge v1 v2 at (2,2,0): (2,2,4) by (0,0,-8):
     * t = 1/2 (closed triangle). */
    t4(in, 2, 2, 4, 0, 0, -8, 0);
    hit(in, 0.5, 2, 2, 0, "zero radius, edge");
    /* ... and one ulp outside it ((2 + 2^-22, 2)): a miss. */
    t4(in, nextafterf(2, 3), 2, 4, 0, 0, -8, 0);
    tl_expect_miss(tl_query(Q.name), in, "zero radius, one ulp outside");
    /* Zero radius moving in the plane across the triangle: enters at the
     * edge x = 0 from (-2,1,0) by (4,0,0): t = 1/2, point (0,1,0). */
    t4(in, -2, 1, 0, 4, 0, 0, 0);
    hit(in, 0.5, 0, 1, 0, "zero radius in the plane");

    /* Start overlap: (1,1,1/2), r = 1: t = 0, closest point (1,1,0). */
    t4(in, 1, 1, 0.5, 3, -7, 2, 1);
    hit(in, 0, 1, 1, 0, "start overlap, face");
    /* ... the closest point on an edge: (2,-1,1), r = 2: (2,0,0) at
     * distance sqrt(2). */
    t4(in, 2, -1, 1, 0, 0, 0, 2);
    hit(in, 0, 2, 0, 0, "start overlap, edge");
    /* ... at a vertex: (5,-1,0), r = 2: v1 at distance sqrt(2). */
    t4(in, 5, -1, 0, 1, 1, 1, 2);
    hit(in, 0, 4, 0, 0, "start overlap, vertex");
    /* Zero velocity, touching: (1,1,1), r = 1. */
    t4(in, 1, 1, 1, 0, 0, 0, 1);
    hit(in, 0, 1, 1, 0, "zero velocity, touching");
    /* Zero velocity, apart. */
    t4(in, 1, 1, 2, 0, 0, 0, 1);
    tl_expect_miss(tl_query(Q.name), in, "zero velocity, apart");
    /* Zero velocity and zero radius on the triangle: the point itself. */
    t4(in, 1, 2, 0, 0, 0, 0, 0);
    hit(in, 0, 1, 2, 0, "a point on the triangle");
}

Test(sphere_sweep_triangle, hand_cases) { hand_cases(); }

Test(sphere_sweep_triangle, hand_cases_without_filter)
{
    ref_set_filter(0);
    hand_cases();
    ref_set_filter(1);
}

Test(sphere_sweep_triangle, irrational_roots_correctly_rounded)
{
    /* A tilted triangle v0 = (0,0,0), v1 = (4,0,0), v2 = (0,4,4) in the plane
     * z = y, unit normal (0,-1,1)/sqrt(2).  (1,1,5) by (0,0,-8), r = 1: the
     * signed distance (z - y)/sqrt(2) = (4 - 8t)/sqrt(2) = 1 at
     * t = (4 - sqrt(2))/8; the contact point is the centre minus the unit
     * normal: (1, 1 + sqrt(2)/2, 5 - 8t - sqrt(2)/2) = (1, 1 + sqrt(2)/2,
     * 1 + sqrt(2)/2), inside (x + y = 2.7 <= 4 in the plane's (x, y)).
     * Expected: 80 decimal digits, rounded to nearest. */
    double in[16];
    sw_make(in, (double[]){1, 1, 5}, (double[]){0, 0, -8}, 1, (double[]){0, 0, 0, 4, 0, 0, 0, 4, 4}, 9);
    sw_expect_hit(&Q, in, 0x1.4afb0ccc0621ap-2, (double[]){1, 0x1.b504f333f9de6p+0, 0x1.b504f333f9de6p+0},
                  "tilted face, irrational t and point");
    ref_set_filter(0);
    sw_expect_hit(&Q, in, 0x1.4afb0ccc0621ap-2, (double[]){1, 0x1.b504f333f9de6p+0, 0x1.b504f333f9de6p+0},
                  "tilted face without the filter");
    ref_set_filter(1);
}

Test(sphere_sweep_triangle, degenerate_triangles)
{
    double in[16];
    /* Collinear v0 = (0,0,0), v1 = (2,0,0), v2 = (4,0,0): the hull is the
     * segment [0,4] on the x axis.  (3,-3,10) by (0,0,-12), r = 5: distance
     * sqrt(9 + z^2) = 5 at z = 4, t = 1/2, foot (3,0,0) (on v1 v2 and v0 v2). */
    sw_make(in, (double[]){3, -3, 10}, (double[]){0, 0, -12}, 5, (double[]){0, 0, 0, 2, 0, 0, 4, 0, 0}, 9);
    hit(in, 0.5, 3, 0, 0, "collinear");
    /* The hull, not the edges between consecutive vertices: v0 = (0,0,0),
     * v1 = (4,0,0), v2 = (2,0,0); the contact at (3,0,0) is on v0 v1. */
    sw_make(in, (double[]){3, -3, 10}, (double[]){0, 0, -12}, 5, (double[]){0, 0, 0, 4, 0, 0, 2, 0, 0}, 9);
    hit(in, 0.5, 3, 0, 0, "collinear, middle vertex last");
    /* Two coincident vertices: v0 = v1 = (0,0,0), v2 = (4,0,0). */
    sw_make(in, (double[]){3, -3, 10}, (double[]){0, 0, -12}, 5, (double[]){0, 0, 0, 0, 0, 0, 4, 0, 0}, 9);
    hit(in, 0.5, 3, 0, 0, "two coincident vertices");
    /* A point triangle at (4,0,0): the 5-12-13 vertex contact. */
    sw_make(in, (double[]){7, -4, 20}, (double[]){0, 0, -16}, 13, (double[]){4, 0, 0, 4, 0, 0, 4, 0, 0}, 9);
    hit(in, 0.5, 4, 0, 0, "point triangle");
    /* Collinear, overlapping at the start: (5,1,0), r = 2, closest (4,0,0). */
    sw_make(in, (double[]){5, 1, 0}, (double[]){0, 0, 0}, 2, (double[]){0, 0, 0, 2, 0, 0, 4, 0, 0}, 9);
    hit(in, 0, 4, 0, 0, "collinear, start overlap");
    /* Collinear, passing beside: (3,-3,10) by (0,0,-12), r = 2: distance >= 3. */
    sw_make(in, (double[]){3, -3, 10}, (double[]){0, 0, -12}, 2, (double[]){0, 0, 0, 2, 0, 0, 4, 0, 0}, 9);
    tl_expect_miss(tl_query(Q.name), in, "collinear, beside");
}

Test(sphere_sweep_triangle, scaled_by_2_40)
{
    /* The 3-4-5 edge contact with every position, the velocity and the
     * radius scaled by 2^k: t = 1/2, point (2,0,0) 2^k. */
    static const int ks[] = {40, -40, 100, -100};
    for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
        double s = ldexp(1, ks[i]), in[16], tri[9];
        for (int j = 0; j < 9; j++)
            tri[j] = T4[j] * s;
        sw_make(in, (double[]){2 * s, -3 * s, 10 * s}, (double[]){0, 0, -12 * s}, 5 * s, tri, 9);
        char what[64];
        snprintf(what, sizeof what, "edge scaled by 2^%d", ks[i]);
        hit(in, 0.5, 2 * s, 0, 0, what);
        /* and the vertex contact */
        sw_make(in, (double[]){7 * s, -4 * s, 20 * s}, (double[]){0, 0, -16 * s}, 13 * s, tri, 9);
        snprintf(what, sizeof what, "vertex scaled by 2^%d", ks[i]);
        hit(in, 0.5, 4 * s, 0, 0, what);
    }
}

Test(sphere_sweep_triangle, invalid_inputs)
{
    double base[16], in[16];
    t4(base, 1, 1, 5, 0, 0, -8, 1);
    char what[64];
    for (int i = 0; i < 16; i++) {
        static const double bad[] = {NAN, INFINITY, -INFINITY};
        for (int k = 0; k < 3; k++) {
            memcpy(in, base, sizeof in);
            in[i] = bad[k];
            snprintf(what, sizeof what, "%g in slot %d", bad[k], i);
            tl_expect_invalid(tl_query(Q.name), in, what);
        }
    }
    memcpy(in, base, sizeof in);
    in[SW_R] = -0x1p-149;
    tl_expect_invalid(tl_query(Q.name), in, "radius -2^-149");
    in[SW_R] = -0.0; /* negative zero is zero: valid */
    hit(in, 0.625, 1, 1, 0, "radius -0");
}

/* ---- properties ------------------------------------------------------------- */

Test(sphere_sweep_triangle, metamorphic) { sw_metamorphic(&Q, 500, 3101); }

Test(sphere_sweep_triangle, independent_distance_check) { sw_distance_batch(&Q, 800, 3102); }

Test(sphere_sweep_triangle, enclosure_is_sound) { sw_encl_sound(&Q, 300, 6, 3103); }

Test(sphere_sweep_triangle, filter_agrees_with_exact_path) { sw_filter_agrees(&Q, 800, 3104); }

/* ---- the judge, fast, the zoo ------------------------------------------------ */

Test(sphere_sweep_triangle, judge)
{
    double in[16];
    t4(in, 1, 1, 5, 0, 0, -8, 1); /* face contact at t = 1/2, point (1,1,0) */
    const char *qn = "sphere_sweep_triangle";
    /* One binary32 ulp off in t: agree. */
    isect_judgement j = tl_judge(tl_query(qn), "fast", in, (double[]){1, nextafterf(0.5f, 1), 1, 1, 0});
    cr_assert_eq(j.verdict, VERDICT_AGREE, "one ulp: %s", isect_verdict_name(j.verdict));
    /* A gross t: a discrepancy of large severity. */
    j = tl_judge(tl_query(qn), "fast", in, (double[]){1, 0.75, 1, 1, 0});
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity >= 1000, "t 0.75: %s, severity %g",
              isect_verdict_name(j.verdict), j.severity);
    /* A miss on a square hit. */
    j = tl_judge(tl_query(qn), "fast", in, (double[]){0, 0, 0, 0, 0});
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity >= 1000, "miss: %s, severity %g",
              isect_verdict_name(j.verdict), j.severity);
    /* A point off by one unit. */
    j = tl_judge(tl_query(qn), "fast", in, (double[]){1, 0.5, 2, 1, 0});
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity >= 1000, "point: %s, severity %g",
              isect_verdict_name(j.verdict), j.severity);
    /* At the tangent graze a miss is explained by the smallest nudge. */
    t4(in, 7, -4, 8, 0, 0, -16, 5);
    j = tl_judge(tl_query(qn), "fast", in, (double[]){0, 0, 0, 0, 0});
    cr_assert(j.verdict != VERDICT_DISCREPANCY && j.severity < 4, "graze miss: %s, severity %g",
              isect_verdict_name(j.verdict), j.severity);
}

Test(sphere_sweep_triangle, fast_agrees_on_hand_cases)
{
    double cases[][7] = {
        {1, 1, 5, 0, 0, -8, 1},   {1, 1, -5, 0, 0, 8, 1},    {2, -3, 10, 0, 0, -12, 5}, {2, -2, 3, 2, 2, -4, 1},
        {7, -4, 20, 0, 0, -16, 13}, {2, -3, 0, 0, 4, 0, 1},  {-1, -4, 0, 0, 8, 0, 1},   {1, 1, 0.5, 3, -7, 2, 1},
        {1, 1, 5, 0, 0, -8, 0},   {1, 1, 5, 0, 0, 8, 1},     {2, -1, 1, 0, 0, 0, 2},    {7, -4, 8, 0, 0, -16, 5},
    };
    for (size_t n = 0; n < sizeof cases / sizeof *cases; n++) {
        double in[16], out[5], ref_out[5];
        const double *c = cases[n];
        t4(in, c[0], c[1], c[2], c[3], c[4], c[5], c[6]);
        tl_run(tl_query("sphere_sweep_triangle"), "fast", in, out);
        ref_sphere_sweep_triangle(in, ref_out);
        isect_judgement j = tl_judge(tl_query("sphere_sweep_triangle"), "fast", in, out);
        cr_assert(j.verdict == VERDICT_AGREE, "case %zu: %s (fast %g %a, ref %g %a)", n, isect_verdict_name(j.verdict),
                  out[0], out[1], ref_out[0], ref_out[1]);
    }
}

Test(sphere_sweep_triangle, fast_is_defined) { sw_fast_defined(&Q, 1500, 3105); }

Test(sphere_sweep_triangle, zoo_nettle2000_is_caught)
{
    /* The oblique edge contact: the exact first contact is at t = 3/5 at
     * (16/5, 0, 0).  Nettle: the sphere's lowest point (2,-2,2) reaches the
     * plane at t = 1/2 at (3,-1,0), outside; the closest perimeter point is
     * (3,0,0); the ray back from it meets the sphere at
     * 24 s^2 - 36 s + 13 = 0, s = (36 - sqrt(48))/48 = 0.6057: wrong point, wrong t. */
    double in[16], out[5];
    t4(in, 2, -2, 3, 2, 2, -4, 1);
    tl_run(tl_query("sphere_sweep_triangle"), "zoo:nettle2000", in, out);
    cr_assert(out[0] == 1 && fabs(out[1] - 0.6057) < 1e-3 && out[2] == 3, "nettle: %g %g %g", out[0], out[1], out[2]);
    isect_judgement j = tl_judge(tl_query("sphere_sweep_triangle"), "zoo:nettle2000", in, out);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity >= 1000, "%s, severity %g", isect_verdict_name(j.verdict),
              j.severity);
}

Test(sphere_sweep_triangle, zoo_sphere_tri_2010_is_caught)
{
    /* One-sided: the face contact from behind is culled (vn > 0). */
    double in[16], out[5];
    t4(in, 1, 1, -5, 0, 0, 8, 1);
    tl_run(tl_query("sphere_sweep_triangle"), "zoo:sphere_tri_2010", in, out);
    cr_assert(out[0] == 0);
    isect_judgement j = tl_judge(tl_query("sphere_sweep_triangle"), "zoo:sphere_tri_2010", in, out);
    cr_assert(j.verdict == VERDICT_DISCREPANCY && j.severity >= 1000, "%s, severity %g", isect_verdict_name(j.verdict),
              j.severity);
    /* The front face as printed is right: (1,1,5) by (0,0,-8). */
    t4(in, 1, 1, 5, 0, 0, -8, 1);
    tl_run(tl_query("sphere_sweep_triangle"), "zoo:sphere_tri_2010", in, out);
    j = tl_judge(tl_query("sphere_sweep_triangle"), "zoo:sphere_tri_2010", in, out);
    cr_assert(j.verdict == VERDICT_AGREE, "front face: %s", isect_verdict_name(j.verdict));
}

/* A contact at a vertex reports that vertex as given, bit for bit
 * (docs/queries/sphere_sweep_triangle.md, "Vertex contacts"), not its
 * round trip through fast's scaled frame.  The triangle has the vertex V =
 * (0.1f, 0.7f, -0.3f) and the other two at V + (-1, -1/2, 0) and V + (-1,
 * 1/2, 0) (binary32 sums); the centre (fl32(V_x + 3), V_y, V_z) moves by
 * (-4, 0, 0), r = 1.  The centre's path is the line through V along x, in
 * V's Voronoi region ((p - V).(w - V) = -(p_x - V_x) < 0 for both other
 * vertices w while p_x > V_x), so the first contact is V itself, at t =
 * (c_x - V_x - 1)/4, about 1/2.  c_x - V_x needs 29 bits, so the frame's
 * binary32 round trip of V is not V.  V takes each of the three vertex
 * slots in turn. */
Test(sphere_sweep_triangle, vertex_contact_reports_the_vertex)
{
    const float V[3] = {0.1f, 0.7f, -0.3f};
    const float A[3] = {V[0] - 1, V[1] - 0.5f, V[2]}, B[3] = {V[0] - 1, V[1] + 0.5f, V[2]};
    for (int slot = 0; slot < 3; slot++) {
        const float *const orders[3][3] = {{V, A, B}, {B, V, A}, {A, B, V}}, *const *w = orders[slot];
        double in[16], out[5];
        double tri[9];
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 3; k++)
                tri[3 * i + k] = w[i][k];
        sw_make(in, (double[]){(float)(V[0] + 3.0f), V[1], V[2]}, (double[]){-4, 0, 0}, 1, tri, 9);
        tl_run(tl_query("sphere_sweep_triangle"), "fast", in, out);
        cr_assert(out[0] == 1, "slot %d: fast misses", slot);
        cr_assert(out[2] == V[0] && out[3] == V[1] && out[4] == V[2],
                  "slot %d: fast's point (%a, %a, %a), expected the vertex (%a, %a, %a)", slot, out[2], out[3],
                  out[4], (double)V[0], (double)V[1], (double)V[2]);
        isect_judgement j = tl_judge(tl_query("sphere_sweep_triangle"), "fast", in, out);
        cr_assert(j.verdict == VERDICT_AGREE, "slot %d: %s", slot, isect_verdict_name(j.verdict));
    }
}
