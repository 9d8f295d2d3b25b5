/* tests/test_ref_sweep_set.c: the exact path of sphere_sweep_triangle and
 * sphere_sweep_segment over the filter's set of possible candidates
 * (sw_ref_contact_point, ref_sweep.h's sw_solve_set): when the interval
 * filter at the point box names no certainly-first candidate, the exact
 * path computes only the candidates (and the start test) it could not
 * prove impossible.
 *
 * - Hand-derived grazes at t = 1, where the filter cannot decide (the root
 *   is at the end of [0, 1]) and every other feature is far: the set holds
 *   the face (the edge) alone; the hit (on the exact path), and a near
 *   miss 2^-20 short (which the filter may settle).
 * - The bounding-box exit of sphere_sweep_triangle: apart (a miss) and
 *   touching (a hit at t = 1, not settled by the boxes).
 * - The start test's bounding-box gap on a box straddling the overlap.
 * - Filter on (the set route) against filter off (every candidate, the
 *   existing GMP path) on small-integer motions full of ties and grazes:
 *   identical bits, and the exact path must run with the filter on in at
 *   least 10% of them (else the set route is not exercised).
 * Layout: triangle: center[3] velocity[3] radius v0[3] v1[3] v2[3]; segment:
 * center[3] velocity[3] radius p0[3] p1[3]; out = hit t point[3].
 */
#include "testlib.h"
#include "ref_sweep.h"

static void expect_out(const char *query, const double *in, const double *want, bool must_exact, const char *what)
{
    const isect_query *q = tl_query(query);
    double out[ISECT_MAX_OUT];
    unsigned long long e0 = ref_stats.exact;
    cr_assert_eq(tl_ref(q, in, out), REF_OK, "%s", what);
    cr_assert(!must_exact || ref_stats.exact > e0, "%s: the filter settled it (the exact path must run)", what);
    for (int k = 0; k < 5; k++)
        cr_assert(tl_same(out[k], want[k]), "%s: out[%d] = %a, want %a", what, k, out[k], want[k]);
}

/* Triangle (0,0,0) (4,0,0) (0,4,0), radius 1, centre (1,1,3) moving by
 * (0,0,-2): its height 3 - 2t reaches 1 at t = 1 with the projection
 * (1,1,0) inside (edge lines at distance >= 1 in the plane, so the centre
 * (1,1,1) is at distance >= sqrt 2 > 1 from every edge and vertex): hit,
 * t = 1, point (1,1,0).  Velocity (0,0,-2 + 2^-20): height 1 + 2^-20 at
 * t = 1: a miss. */
Test(ref_sweep_set, triangle_face_graze_at_the_end)
{
    double in[] = {1, 1, 3, 0, 0, -2, 1, 0, 0, 0, 4, 0, 0, 0, 4, 0};
    const double hit[] = {1, 1, 1, 1, 0}, miss[] = {0, 0, 0, 0, 0};
    expect_out("sphere_sweep_triangle", in, hit, true, "face graze at t = 1");
    in[5] = -2 + 0x1p-20;
    expect_out("sphere_sweep_triangle", in, miss, false, "2^-20 short of the face");
}

/* ref_sphere_sweep_triangle's bounding-box exit.  Triangle (0,0,0) (4,0,0)
 * (0,4,0), radius 1, centre (-3,1,0) moving by (1,0,0): the swept box ends
 * at x = -2 + 1 = -1 < 0: apart, a miss.  Moving by (2,0,0): the box ends at
 * x = 0, touching the triangle's box (not apart), and the ball reaches the
 * edge x = 0 at t = 1 (centre (-1,1,0) at distance 1 from it, foot (0,1,0)
 * inside; the vertex (0,0,0) at sqrt 2): hit, t = 1, point (0,1,0). */
Test(ref_sweep_set, triangle_bounding_boxes)
{
    double in[] = {-3, 1, 0, 1, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 4, 0};
    const double miss[] = {0, 0, 0, 0, 0}, hit[] = {1, 1, 0, 1, 0};
    unsigned long long f0 = ref_stats.filtered;
    expect_out("sphere_sweep_triangle", in, miss, false, "boxes apart");
    cr_assert(ref_stats.filtered > f0, "boxes apart: not settled without the exact path");
    in[3] = 2;
    expect_out("sphere_sweep_triangle", in, hit, false, "boxes touching: an edge at t = 1");
}

/* The start test's box gap (sphere_sweep_encl.c, box_gap2) on a box: the
 * triangle (0,0,3) (4,0,3) (0,4,3) above a still centre (1,1,z), z in
 * [3/2, 5/2], radius 1.  At z = 5/2 the ball overlaps it at t = 0 (height
 * 1/2 <= 1, the projection (1,1,3) inside): a hit; at z = 3/2 (height 3/2)
 * a miss (no motion).  The enclosure must hold both: hit [0, 1]; the gap
 * is 3 - 5/2 = 1/2 (from the box's top), not 3 - 3/2. */
Test(ref_sweep_set, start_box_gap_on_a_box)
{
    const isect_query *q = tl_query("sphere_sweep_triangle");
    double lo[] = {1, 1, 1.5, 0, 0, 0, 1, 0, 0, 3, 4, 0, 3, 0, 4, 3};
    isect_iv box[16], enc[ISECT_MAX_OUT];
    for (int i = 0; i < 16; i++)
        box[i] = (isect_iv){lo[i], lo[i]};
    box[2].hi = 2.5;
    q->encl(box, enc);
    cr_assert(enc[0].lo <= 0 && enc[0].hi >= 1, "hit enclosed in [%g, %g], want [0, 1]", enc[0].lo, enc[0].hi);
    /* the start test itself: possible, not certain; and with z in
     * [1/2, 3/2] below a triangle at height 3 (gap 3/2 > 1): impossible */
    sw_iball b = sw_iball_make(box, box + 3, box[6]);
    iv3 v[3];
    for (int k = 0; k < 3; k++)
        v[k] = iv3_load(box, 7 + 3 * k);
    sw_iacc a;
    sw_iacc_init(&a);
    sw_istart_triangle(&a, &b, v[0], v[1], v[2]);
    cr_assert(a.start_possible && !a.start_certain, "z in [3/2, 5/2]: possible %d certain %d", a.start_possible,
              a.start_certain);
    box[2] = (isect_iv){0.5, 1.5};
    b = sw_iball_make(box, box + 3, box[6]);
    sw_iacc_init(&a);
    sw_istart_triangle(&a, &b, v[0], v[1], v[2]);
    cr_assert(!a.start_possible, "z in [1/2, 3/2]: the start overlap is impossible");
}

/* Segment (0,0,0) (4,0,0), radius 1, centre (1,0,3) moving by (0,0,-2):
 * distance 3 - 2t to the segment's line, foot (1,0,0) inside: hit at t = 1,
 * point (1,0,0) (the ends at distance >= sqrt 2 at t = 1).  Velocity
 * (0,0,-2 + 2^-20): a miss. */
Test(ref_sweep_set, segment_edge_graze_at_the_end)
{
    double in[] = {1, 0, 3, 0, 0, -2, 1, 0, 0, 0, 4, 0, 0};
    const double hit[] = {1, 1, 1, 0, 0}, miss[] = {0, 0, 0, 0, 0};
    expect_out("sphere_sweep_segment", in, hit, true, "edge graze at t = 1");
    in[5] = -2 + 0x1p-20;
    expect_out("sphere_sweep_segment", in, miss, false, "2^-20 short of the edge");
}

/* Small integers and halves: exact ties between features, grazes at t = 0
 * and t = 1, degenerate triangles (repeated vertices), zero velocities. */
static double small(void) { return 0.5 * tl_int(-6, 6); }

static void gen(double *in, int n)
{
    for (int i = 0; i < n; i++)
        in[i] = small();
    in[6] = 0.5 * tl_int(0, 4); /* the radius */
    if (tl_rnd() % 4 == 0) /* a repeated vertex: a degenerate triangle or a point segment */
        for (int i = 0; i < 3; i++)
            in[n - 3 + i] = in[7 + i];
    if (tl_rnd() % 6 == 0)
        in[3] = in[4] = in[5] = 0;
}

static void filter_on_off(const char *query, int n)
{
    const isect_query *q = tl_query(query);
    int nin = isect_query_nin(q), exact = 0, N = 4000;
    for (int c = 0; c < N; c++) {
        double in[ISECT_MAX_IN], a[ISECT_MAX_OUT], b[ISECT_MAX_OUT];
        gen(in, n);
        ref_set_filter(1);
        unsigned long long e0 = ref_stats.exact;
        int sa = tl_ref(q, in, a);
        exact += ref_stats.exact > e0;
        ref_set_filter(0);
        int sb = tl_ref(q, in, b);
        ref_set_filter(1);
        char buf[600];
        tl_dump(buf, sizeof buf, in, nin);
        cr_assert_eq(sa, sb, "%s case %d (%s): status %d, %d", query, c, buf, sa, sb);
        for (int k = 0; k < 5 && sa == REF_OK; k++)
            cr_assert(tl_same(a[k], b[k]), "%s case %d (%s): out[%d] = %a with the filter, %a without (ISECT_SEED=%llu)",
                      query, c, buf, k, a[k], b[k], (unsigned long long)tl_seed);
    }
    cr_assert(exact >= N / 10, "%s: the exact path ran with the filter on in only %d of %d cases", query, exact, N);
}

Test(ref_sweep_set, triangle_filter_on_equals_off)
{
    tl_init_seed(0x5e7);
    filter_on_off("sphere_sweep_triangle", 16);
}

Test(ref_sweep_set, segment_filter_on_equals_off)
{
    tl_init_seed(0x5e8);
    filter_on_off("sphere_sweep_segment", 13);
}
