/* tests/test_ccd_ref_dd.c: the double-double filter of ref's CCD queries
 * (ref/ccd_dd.c, issue 14).
 *
 * - Random motions (the bench's generator: half aimed at a contact at
 *   t = 1/2 up to rounding; and motions aimed at contacts at dyadic times
 *   on an edge, a vertex, coplanar for all t): wherever the filter decides,
 *   its hit and t equal the exact path's (ccd_exact, GMP), bit for bit, and
 *   it decides at least 95% of the bench's motions.
 * - Hand-derived inputs that force the exact path behind each of the
 *   filter's guards (a double root, a root at the midpoint of two doubles, a
 *   root exactly at a double, a side function 0 at the root): the filter
 *   must refuse them, and ref (exact path) must give the derived answer.
 * - A hand-derived input it decides, with its derived answer.
 * Layout: in = v0 v1 v2 v3 at t = 0, then at t = 1 (24 doubles).
 */
#include "testlib_ccd.h"
#include "ralg.h"
#include "ref_ccd.h"

/* The bench's CCD generator (bench/rows.c, gen_ccd), on tl's PRNG. */
static void gen_bench(double *in, int nfeature)
{
    for (int k = 0; k < 12; k++)
        in[k] = 2 * tl_unit() - 1;
    for (int k = 0; k < 12; k++)
        in[12 + k] = in[k] + tl_unit() - 0.5;
    if (tl_rnd() & 1)
        return;
    double w[3] = {0, 0, 0}, sum = 0;
    for (int j = 3 - nfeature; j < 3; j++)
        sum += w[j] = tl_unit();
    for (int i = 0; i < 3; i++) {
        double target = 0;
        for (int j = 0; j < 3; j++)
            target += w[j] / sum * 0.5 * (in[3 * (j + 1) + i] + in[12 + 3 * (j + 1) + i]);
        in[12 + i] = 2 * target - in[i];
    }
}

/* Filter against the exact path on n inputs; returns how many it decided. */
static int compare(ccd_kind kind, int n, bool bench)
{
    int decided = 0;
    nfeature_ = kind == CCD_VERTEX_FACE ? 3 : 2;
    for (int c = 0; c < n; c++) {
        double in[24], out[2] = {-1, -1}, t = 0;
        if (bench)
            gen_bench(in, nfeature_);
        else
            gen(in);
        if (!ccd_dd_decide(kind, in, out))
            continue;
        decided++;
        bool hit = ccd_exact(kind, in, &t);
        cr_assert(out[0] == hit && out[1] == (hit ? t : 0),
                  "kind %d case %d: filter hit %g t %a, exact hit %d t %a (ISECT_SEED=%llu)", kind, c, out[0],
                  out[1], hit, t, (unsigned long long)tl_seed);
    }
    return decided;
}

Test(ccd_ref_dd, agrees_with_exact_and_decides_the_bench)
{
    tl_init_seed(0xccdd);
    for (int kind = 0; kind < 2; kind++) {
        int n = 600, d = compare((ccd_kind)kind, n, true);
        cr_assert(d >= 0.95 * n, "kind %d: the filter decided %d of %d bench motions", kind, d, n);
        compare((ccd_kind)kind, 300, false);
    }
}

/* ref's answer through the catalog and the filter's refusal. */
static void forced(ccd_kind kind, const double (*v)[3], int hit, double t, const char *what)
{
    double in[24], out[2];
    mk(in, v);
    cr_assert(!ccd_dd_decide(kind, in, out), "%s: the filter decided it", what);
    expect(kind == CCD_VERTEX_FACE ? "vertex_face_ccd" : "edge_edge_ccd", v, hit, t, what);
}

/* Static triangle a = 0, b = e_x, c = e_y (z = 0) unless moved below. */
Test(ccd_ref_dd, forced_exact_vertex_face)
{
    /* A double root: b = e_x, c(t) = (0, 1, 3t - 1), p(t) = (1/4, 3t - 3/4,
     * (3t - 1)/4).  f = p_z - c_z p_y = (3t-1)/4 - (3t-1)(3t-3/4) = -(3t-1)^2:
     * tangent at t = 1/3, where p = (1/4, 1/4, 0) is inside abc.  The filter
     * cannot isolate a double root. */
    forced(CCD_VERTEX_FACE,
           (const double[8][3]){{0.25, -0.75, -0.25}, {0, 0, 0}, {1, 0, 0}, {0, 1, -1},
                                {0.25, 2.25, 0.5}, {0, 0, 0}, {1, 0, 0}, {0, 1, 2}},
           1, 1.0 / 3, "double root at 1/3");
    /* A root at the midpoint of 1/2 and its successor: the triangle at
     * z = 2^-53, p_z = 2t - 1: t = (1 + 2^-53)/2 = 1/2 + 2^-54, a tie, to
     * even: 1/2.  The sign of f at the midpoint is 0: refused. */
    forced(CCD_VERTEX_FACE,
           (const double[8][3]){{0.25, 0.25, -1}, {0, 0, 0x1p-53}, {1, 0, 0x1p-53}, {0, 1, 0x1p-53},
                                {0.25, 0.25, 1}, {0, 0, 0x1p-53}, {1, 0, 0x1p-53}, {0, 1, 0x1p-53}},
           1, 0.5, "root at a rounding midpoint");
    /* A root exactly at the double 1/2 + 2^-53 (triangle at z = 2^-52). */
    forced(CCD_VERTEX_FACE,
           (const double[8][3]){{0.25, 0.25, -1}, {0, 0, 0x1p-52}, {1, 0, 0x1p-52}, {0, 1, 0x1p-52},
                                {0.25, 0.25, 1}, {0, 0, 0x1p-52}, {1, 0, 0x1p-52}, {0, 1, 0x1p-52}},
           1, 0.5 + 0x1p-53, "root at a double");
    /* A root among subnormal doubles: p_z = -2^-1073 + t (0.9 + 2^-1073),
     * t = 2^-1073 / (0.9 + 2^-1073) = 2.22... 2^-1074: nearest 2^-1073.  The
     * half gap between neighbours there, 2^-1075, is not a double: the
     * filter refuses rather than round on a midpoint it cannot form. */
    forced(CCD_VERTEX_FACE,
           (const double[8][3]){{0.25, 0.25, -0x1p-1073}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                {0.25, 0.25, 0.9}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}},
           1, 0x1p-1073, "root at a subnormal t");
    /* A side function 0 at the root: p(t) = (1/2, 0, 3t - 1) meets the edge
     * ab at t = 1/3. */
    forced(CCD_VERTEX_FACE,
           (const double[8][3]){{0.5, 0, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                {0.5, 0, 2}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}},
           1, 1.0 / 3, "side zero at the root");
    /* The same just outside the edge (y = -2^-30): the filter decides a miss
     * (the only root, 1/3, has side ab = -2^-30 < 0). */
    double in[24], out[2];
    mk(in, (const double[8][3]){{0.5, -0x1p-30, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                {0.5, -0x1p-30, 2}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
    cr_assert(ccd_dd_decide(CCD_VERTEX_FACE, in, out) && out[0] == 0 && out[1] == 0, "just outside: a miss");
    /* Decided: p(t) = (1/4, 1/4, 3t - 1) through the face at t = 1/3,
     * rounded to nearest: the double 1.0 / 3. */
    mk(in, (const double[8][3]){{0.25, 0.25, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                {0.25, 0.25, 2}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
    cr_assert(ccd_dd_decide(CCD_VERTEX_FACE, in, out) && out[0] == 1 && out[1] == 1.0 / 3, "through the face");
}

Test(ccd_ref_dd, forced_exact_edge_edge)
{
    /* Segment cd = [0, e_x] at rest; ab = a + [0, e_y] at height 3t - 1,
     * a = (1/2, 0, .): coplanar only at t = 1/3, where a lies on cd (u = 0). */
    forced(CCD_EDGE_EDGE,
           (const double[8][3]){{0.5, 0, -1}, {0.5, 1, -1}, {0, 0, 0}, {1, 0, 0},
                                {0.5, 0, 2}, {0.5, 1, 2}, {0, 0, 0}, {1, 0, 0}},
           1, 1.0 / 3, "endpoint on the other segment");
    /* cd at z = 2^-53, ab crossing it at height 2t - 1: t = 1/2 + 2^-54, a
     * tie, to even: 1/2. */
    forced(CCD_EDGE_EDGE,
           (const double[8][3]){{0.5, -0.5, -1}, {0.5, 0.5, -1}, {0, 0, 0x1p-53}, {1, 0, 0x1p-53},
                                {0.5, -0.5, 1}, {0.5, 0.5, 1}, {0, 0, 0x1p-53}, {1, 0, 0x1p-53}},
           1, 0.5, "root at a rounding midpoint");
    /* Decided: the same crossing at height 3t - 1, t = 1/3 (u = v = 1/2). */
    double in[24], out[2];
    mk(in, (const double[8][3]){{0.5, -0.5, -1}, {0.5, 0.5, -1}, {0, 0, 0}, {1, 0, 0},
                                {0.5, -0.5, 2}, {0.5, 0.5, 2}, {0, 0, 0}, {1, 0, 0}});
    cr_assert(ccd_dd_decide(CCD_EDGE_EDGE, in, out) && out[0] == 1 && out[1] == 1.0 / 3, "crossing");
}

/* ra_zoom (ref/ralg_zoom.c) and the sign tests that use it: the root
 * r = 1/sqrt(2) = 0.70710678118654752440... of 2 t^2 - 1 against its two
 * neighbouring doubles 0x1.6a09e667f3bccp-1 = 0.70710678118654746171... and
 * 0x1.6a09e667f3bcdp-1 = 0.70710678118654757274... (h(r) about 1e-17: the
 * Taylor test needs some 56 halvings, so Newton's zoom runs). */
Test(ccd_ref_dd, zoom_and_tiny_signs)
{
    qpoly f, h;
    ralg r[QP_MAXDEG];
    qp_init(&f);
    qp_init(&h);
    for (int i = 0; i < QP_MAXDEG; i++)
        ra_init(&r[i]);
    mpq_set_si(f.c[0], -1, 1);
    mpq_set_si(f.c[2], 2, 1);
    f.deg = 2;
    cr_assert_eq(ra_roots01(r, &f), 1);
    cr_assert(ra_zoom(&r[0], 256), "zoom on a simple root");
    mpq_t w;
    mpq_init(w);
    mpq_sub(w, r[0].hi, r[0].lo);
    mpq_mul_2exp(w, w, 200);
    cr_assert(mpq_cmp_ui(w, 1, 1) < 0, "zoomed below 2^-200");
    cr_assert(qp_sign_at(&f, r[0].lo) < 0 && qp_sign_at(&f, r[0].hi) > 0, "the root stays bracketed");
    cr_assert_eq(ra_to_double(&r[0]), 0x1.6a09e667f3bcdp-1);
    ra_clear(&r[0]);
    ra_init(&r[0]);
    cr_assert_eq(ra_roots01(r, &f), 1); /* a fresh wide interval for the signs */
    mpq_set_si(h.c[1], 1, 1);
    h.deg = 1;
    mpq_set_d(h.c[0], -0x1.6a09e667f3bcdp-1);
    cr_assert_eq(ra_sign(&r[0], &h), -1, "r below the upper neighbour");
    mpq_set_d(h.c[0], -0x1.6a09e667f3bccp-1);
    cr_assert_eq(ra_sign(&r[0], &h), 1, "r above the lower neighbour");
    mpq_clear(w);
    for (int i = 0; i < QP_MAXDEG; i++)
        ra_clear(&r[i]);
    qp_clear(&f);
    qp_clear(&h);
}
