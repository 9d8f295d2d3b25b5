/* tests/test_obb_obb_reffilter.c: ref obb_obb's long-double separating-axis
 * decision (ref/obb_obb.c, decide(): a screen with a derived bound, then
 * ref/ivl.h's intervals).  Hand cases the binary64
 * enclosure leaves open (checked here) and the new stage must settle (a
 * touching contact, a gap of 2^-50); cases it must leave to the exact path
 * (a gap of 2^-80, a gap and an overlap of 2^-71: below long-double
 * resolution; two flat boxes, where the 15 cross products are not shown
 * complete); and rotated boxes as the bench draws them, of which more than
 * 95% must be settled without GMP.
 * Layout: in = c0[3] a00[3] a01[3] a02[3] h0[3] c1[3] a10[3] ... h1[3];
 * out = hit.
 */
#include "rng.h"
#include "testlib_reffilter.h"

enum { BOX = 15 };

/* Box b: centre c, axes a0 a1 a2 (rows), half extents h. */
static void put_box(double *in, int b, const double *c, const double (*a)[3], const double *h)
{
    for (int i = 0; i < 3; i++) {
        in[b * BOX + i] = c[i];
        in[b * BOX + 12 + i] = h[i];
        for (int j = 0; j < 3; j++)
            in[b * BOX + 3 + 3 * i + j] = a[i][j];
    }
}

static const double ID[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
/* Box 1's frame: the unit square's axes turned by 45 degrees in the xy plane
 * and scaled by sqrt 2 (axes as given, any lengths), and e_z. */
static const double TURNED[3][3] = {{1, 1, 0}, {-1, 1, 0}, {0, 0, 1}};

/* The binary64 enclosure at the point box of in must leave the hit open:
 * the case needs the long-double stage. */
static void encl_undecided(const double *in, const char *what)
{
    iv box[2 * BOX], out[1];
    for (int i = 0; i < 2 * BOX; i++)
        box[i] = (iv){in[i], in[i]};
    ref_obb_obb_encl(box, out);
    cr_assert(out[0].lo == 0 && out[0].hi == 1, "obb_obb: %s: the binary64 enclosure gave [%a, %a]", what, out[0].lo,
              out[0].hi);
}

/* Box 0 = [-1, 1]^3 (centre 0, axes e_i, half 1).  Box 1: centre (3, 0, 0),
 * axes TURNED, half 1: its points are (3 + s1 - s2, s1 + s2, s3), so its
 * least x is 1, at s1 = -1, s2 = 1: the edge x = 1, y = 0, |z| <= 1, on
 * box 0's face x = 1.  They touch: a hit.  Centre x = 3 + 2^-50 (a double):
 * every point of box 1 has x >= 1 + 2^-50 > 1: a miss. */
Test(obb_obb_reffilter, settled)
{
    double in[2 * BOX];
    const double c0[3] = {0, 0, 0}, c1[3] = {3, 0, 0}, h[3] = {1, 1, 1}, hit[] = {1}, miss[] = {0};
    put_box(in, 0, c0, ID, h);
    put_box(in, 1, c1, TURNED, h);
    encl_undecided(in, "edge on a face");
    rf_case("obb_obb", in, hit, 1, RF_SETTLED, "edge on a face");
    in[BOX] = 3 + 0x1p-50;
    encl_undecided(in, "a gap of 2^-50");
    rf_case("obb_obb", in, miss, 1, RF_SETTLED, "a gap of 2^-50");
    /* Two axis-aligned unit boxes sharing the face x = 1 (exactly parallel
     * edges: nine cross products are exactly 0 and pass). */
    put_box(in, 1, (const double[3]){2, 0, 0}, ID, h);
    encl_undecided(in, "face on a face");
    rf_case("obb_obb", in, hit, 1, RF_SETTLED, "face on a face");
}

/* Box 0 moved to centre (-2^-80, 0, 0): its greatest x is 1 - 2^-80, box
 * 1's least (touching case above) is 1: a gap of 2^-80, a miss.  t.x =
 * 3 + 2^-80 is no long double (ulp(3) = 2^-62): the gap's enclosure holds
 * 0, neither side is certain, and the exact path decides.
 *
 * Box 0 thin along x (half extents 2^-70, 1, 1) and box 1 at (2, 0, 0)
 * (least x 0): along e_x the sum of radii is 2 + 2^-70 and |t.x| is
 * 2 + 2^-71 (centre0 x = -2^-71; box 0's x reaches 2^-71 > 0: an overlap,
 * a hit) or 2 + 3 2^-71 (centre0 x = -3 2^-71; box 0's x stays below
 * -2^-71 < 0: a gap, a miss).  Neither 2 + 2^-70 nor |t.x| is a long
 * double: both enclosures are [2, 2 + 2^-62], the gap's holds 0 on both
 * sides, and a stage that took a straddling gap for a separation (or for a
 * pass) would answer the first (the second) wrongly. */
Test(obb_obb_reffilter, tiny_gap_exact_path)
{
    double in[2 * BOX];
    const double c0[3] = {-0x1p-80, 0, 0}, c1[3] = {3, 0, 0}, h[3] = {1, 1, 1}, miss[] = {0};
    put_box(in, 0, c0, ID, h);
    put_box(in, 1, c1, TURNED, h);
    rf_case("obb_obb", in, miss, 1, RF_EXACT, "a gap of 2^-80");
}
static void thin_box_case(double c0x, double want, const char *what)
{
    double in[2 * BOX];
    const double c0[3] = {c0x, 0, 0}, h0[3] = {0x1p-70, 1, 1}, c1[3] = {2, 0, 0}, h1[3] = {1, 1, 1};
    put_box(in, 0, c0, ID, h0);
    put_box(in, 1, c1, TURNED, h1);
    rf_case("obb_obb", in, &want, 1, RF_EXACT, what);
}
Test(obb_obb_reffilter, straddling_overlap_exact_path) { thin_box_case(-0x1p-71, 1, "an overlap of 2^-71"); }
Test(obb_obb_reffilter, straddling_gap_exact_path) { thin_box_case(-0x3p-71, 0, "a gap of 2^-71"); }

/* Two unit squares in the plane z = 0 (half extents 1, 1, 0), centres 0
 * and (2, 0, 0): they share the edge x = 1, |y| <= 1, a hit.  No three
 * generators are independent (every one lies in z = 0), so the cross
 * products are not shown to be Z's facet normals: the exact path. */
Test(obb_obb_reffilter, flat_boxes_exact_path)
{
    double in[2 * BOX];
    const double c0[3] = {0, 0, 0}, c1[3] = {2, 0, 0}, h[3] = {1, 1, 0}, hit[] = {1};
    put_box(in, 0, c0, ID, h);
    put_box(in, 1, c1, ID, h);
    rf_case("obb_obb", in, hit, 1, RF_EXACT, "two squares sharing an edge");
}

/* Rotated boxes as the bench draws them: a unit quaternion's matrix rounded
 * to binary32, centres in [-1, 1]^3, half extents in [0.05, 0.8]. */
static void gen_box(double *in)
{
    double q[4], n;
    do {
        n = 0;
        for (int i = 0; i < 4; i++) {
            q[i] = 2 * tl_unit() - 1;
            n += q[i] * q[i];
        }
    } while (n > 1 || n < 1e-3);
    double m[3][3];
    isect_rng_rotation(q, m);
    for (int i = 0; i < 3; i++) {
        in[i] = (float)(2 * tl_unit() - 1);
        in[12 + i] = (float)(0.05 + 0.75 * tl_unit());
        for (int j = 0; j < 3; j++)
            in[3 + 3 * i + j] = (float)m[i][j];
    }
}
static void gen(double *in)
{
    gen_box(in);
    gen_box(in + BOX);
}

/* Before the long-double stage, the binary64 enclosure settled some 88% of
 * these; the stage must settle more than 95%, with the same bits. */
Test(obb_obb_reffilter, rotated_boxes_settled)
{
    tl_init_seed(0x0bb0bbULL);
    if (!rf_ivl_ready())
        cr_skip_test("long double does not round to 64 bits here");
    tl_check_filter(tl_query("obb_obb"), gen, 2000, 0.95);
}
