/* tests/test_vertex_face_ccd.c: vertex_face_ccd, and the exact algebraic
 * layer under it (ref/ralg.h).
 *
 * Flat layout: in = p0 a0 b0 c0 p1 a1 b1 c1 (24); out = hit t.  Expected
 * values are derived by hand beside each case (the irrational ones are the
 * closed forms evaluated with 60 decimal digits, rounded to nearest); none
 * comes from the code under test.  The enclosure, the filter and fast's
 * conservativeness are checked on random motions aimed at contacts.
 */
#include "testlib_ccd.h"
#include "ralg.h"

/* Distinct roots in [0, 1] of c0 + c1 t + c2 t^2 + c3 t^3, rounded. */
static int roots(const double *c, int deg, double *out)
{
    qpoly p;
    ralg r[QP_MAXDEG];
    qp_init(&p);
    for (int i = 0; i < QP_MAXDEG; i++)
        ra_init(&r[i]);
    for (int i = 0; i <= deg; i++)
        mpq_set_d(p.c[i], c[i]);
    p.deg = deg;
    int n = ra_roots01(r, &p);
    for (int i = 0; i < n; i++)
        out[i] = ra_to_double(&r[i]);
    for (int i = 0; i < QP_MAXDEG; i++)
        ra_clear(&r[i]);
    qp_clear(&p);
    return n;
}

Test(ralg, roots_and_rounding)
{
    double t[8];
    /* t^2 + 3t - 1: (sqrt(13) - 3) / 2 = 0.30277563773199464655961... */
    cr_assert_eq(roots((double[]){-1, 3, 1}, 2, t), 1);
    cr_assert_eq(t[0], 0x1.360ad118567cep-2);
    /* (t - 1/4)(t - 1/2)(t - 3/4) = t^3 - 3/2 t^2 + 11/16 t - 3/32: all three,
     * exactly, ascending. */
    cr_assert_eq(roots((double[]){-3.0 / 32, 11.0 / 16, -1.5, 1}, 3, t), 3);
    cr_assert(t[0] == 0.25 && t[1] == 0.5 && t[2] == 0.75);
    /* (t - 1/2)^2 (t - 1): a double root, and a root at the end 1. */
    cr_assert_eq(roots((double[]){-0.25, 1.25, -2, 1}, 3, t), 2);
    cr_assert(t[0] == 0.5 && t[1] == 1);
    /* 3 t^3 - t^2 - 6 t + 2 = (3t - 1)(t^2 - 2): 1/3 (not dyadic: an isolating
     * interval, rounded to nearest); sqrt(2) is outside [0, 1]. */
    cr_assert_eq(roots((double[]){2, -6, -1, 3}, 3, t), 1);
    cr_assert_eq(t[0], 1.0 / 3);
    /* 2 t^2 - 1: sqrt(1/2) = 0.70710678118654752440084436... */
    cr_assert_eq(roots((double[]){-1, 0, 2}, 2, t), 1);
    cr_assert_eq(t[0], 0x1.6a09e667f3bcdp-1);
    /* A tie: t = 1/2 + 2^-54, halfway between 1/2 and its successor: to even. */
    cr_assert_eq(roots((double[]){-(0.5 + 0x1p-54), 1}, 1, t), 1);
    cr_assert_eq(t[0], 0.5);
    /* t^2 + 1: none; t + 1: none in [0, 1]. */
    cr_assert_eq(roots((double[]){1, 0, 1}, 2, t), 0);
    cr_assert_eq(roots((double[]){1, 1}, 1, t), 0);
}

Test(vertex_face_ccd, hand_cases)
{
    const char *q = "vertex_face_ccd";
    /* Through the face of the static unit triangle in z = 0: z = 1 - 2t. */
    expect(q, (const double[8][3]){{.25, .25, 1}, {0}, {1, 0, 0}, {0, 1, 0}, {.25, .25, -1}, {0}, {1, 0, 0}, {0, 1, 0}},
           1, 0.5, "face");
    /* Outside: x + y = 1.2 > 1 where it crosses. */
    expect(q, (const double[8][3]){{.6, .6, 1}, {0}, {1, 0, 0}, {0, 1, 0}, {.6, .6, -1}, {0}, {1, 0, 0}, {0, 1, 0}},
           0, 0, "outside");
    /* Exactly through the edge x + y = 1, and one ulp outside it. */
    expect(q, (const double[8][3]){{.5, .5, 1}, {0}, {1, 0, 0}, {0, 1, 0}, {.5, .5, -1}, {0}, {1, 0, 0}, {0, 1, 0}},
           1, 0.5, "edge");
    expect(q,
           (const double[8][3]){{.5, 0x1.0000000000001p-1, 1}, {0}, {1, 0, 0}, {0, 1, 0}, {.5, 0x1.0000000000001p-1, -1},
                                {0}, {1, 0, 0}, {0, 1, 0}},
           0, 0, "edge, one ulp out");
    /* Touching at t = 0 and at t = 1. */
    expect(q, (const double[8][3]){{.25, .25, 0}, {0}, {1, 0, 0}, {0, 1, 0}, {.25, .25, 1}, {0}, {1, 0, 0}, {0, 1, 0}},
           1, 0, "t = 0");
    expect(q, (const double[8][3]){{.25, .25, 1}, {0}, {1, 0, 0}, {0, 1, 0}, {.25, .25, 0}, {0}, {1, 0, 0}, {0, 1, 0}},
           1, 1, "t = 1");
    /* Coplanar for all t (z = 0): x = 2 - 3t meets x + y = 1 at y = 1/4 when
     * t = 5/12 (nearest double 0x1.aaaaaaaaaaaabp-2). */
    expect(q, (const double[8][3]){{2, .25, 0}, {0}, {1, 0, 0}, {0, 1, 0}, {-1, .25, 0}, {0}, {1, 0, 0}, {0, 1, 0}}, 1,
           0x1.aaaaaaaaaaaabp-2, "coplanar slide");
    /* A zero-area triangle (a b c on the x axis: the hull is [0, 2]). */
    expect(q, (const double[8][3]){{.5, 1, 0}, {0}, {1, 0, 0}, {2, 0, 0}, {.5, -1, 0}, {0}, {1, 0, 0}, {2, 0, 0}}, 1,
           0.5, "zero area");
    /* The triangle is one point for all t. */
    expect(q, (const double[8][3]){{-1, -1, -1}, {0}, {0}, {0}, {1, 1, 1}, {0}, {0}, {0}}, 1, 0.5, "point triangle");
    /* Nothing moves. */
    expect(q, (const double[8][3]){{.25, .25, 1}, {0}, {1, 0, 0}, {0, 1, 0}, {.25, .25, 1}, {0}, {1, 0, 0}, {0, 1, 0}},
           0, 0, "static, apart");
    /* c rises to (0, 1, 4t), p = (1/4, 1/4 + t/4, 1 - 2t): det = 1 - 3t - t^2,
     * t = (sqrt(13) - 3)/2 = 0.302775637731994646559610633735..., inside. */
    expect(q, (const double[8][3]){{.25, .25, 1}, {0}, {1, 0, 0}, {0, 1, 0}, {.25, .5, -1}, {0}, {1, 0, 0}, {0, 1, 4}},
           1, 0x1.360ad118567cep-2, "cubic, irrational");
    double in[24];
    mk(in, (const double[8][3]){{NAN}, {0}, {1, 0, 0}, {0, 1, 0}, {0}, {0}, {1, 0, 0}, {0, 1, 0}});
    tl_expect_invalid(tl_query(q), in, "NaN");
}

Test(vertex_face_ccd, properties) { ccd_properties("vertex_face_ccd", 3); }
