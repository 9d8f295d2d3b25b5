/* tests/test_ccd_bern.c: the polynomials of fast's CCD search
 * (fast/ccd_bern.c) enclose the exact ones.  fccd_bern_init gives, for the
 * coplanarity determinant and the side functions, interval coefficients in
 * powers of t and in the Bernstein basis of [0, 1]; here the exact
 * coefficients are computed with GMP rationals from the same formulas
 * (docs/queries/vertex_face_ccd.md, "fast") and every one must lie in its
 * interval.  Both ways of computing them are exercised: binary64 with the
 * a-priori bound FB_CCD_POLY (fast_bounds.h) (2^-100 <= S <= 2^100; the test fails when
 * the bound is dropped) and interval arithmetic (S beyond 2^100).  Then
 * fccd_bern_piece and fccd_power_eval on random pieces against the exact
 * values at sampled times, and every Bernstein coefficient of
 * fccd_bern_piece (binary64 with an a-priori bound) against the exact ones,
 * on the motions' polynomials and on exact ones. */
#include "testlib_ccd.h"

#include "fast_ccd.h"

#include <gmp.h>

enum { NQ = 5 };
typedef struct {
    mpq_t c[NQ];
    int deg;
} qpoly;

static void qp_init(qpoly *p)
{
    for (int i = 0; i < NQ; i++)
        mpq_init(p->c[i]);
    p->deg = 0;
}

static void qp_clear(qpoly *p)
{
    for (int i = 0; i < NQ; i++)
        mpq_clear(p->c[i]);
}

/* r = a + sign b (r may alias a) */
static void qp_add(qpoly *r, const qpoly *a, const qpoly *b, int sign)
{
    int d = a->deg > b->deg ? a->deg : b->deg;
    for (int i = 0; i <= d; i++) {
        if (i > a->deg)
            mpq_set_ui(r->c[i], 0, 1);
        else if (r != a)
            mpq_set(r->c[i], a->c[i]);
        if (i <= b->deg)
            (sign > 0 ? mpq_add : mpq_sub)(r->c[i], r->c[i], b->c[i]);
    }
    r->deg = d;
}

static void qp_mul(qpoly *r, const qpoly *a, const qpoly *b)
{
    mpq_t x;
    mpq_init(x);
    r->deg = a->deg + b->deg;
    for (int i = 0; i <= r->deg; i++)
        mpq_set_ui(r->c[i], 0, 1);
    for (int i = 0; i <= a->deg; i++)
        for (int j = 0; j <= b->deg; j++) {
            mpq_mul(x, a->c[i], b->c[j]);
            mpq_add(r->c[i + j], r->c[i + j], x);
        }
    mpq_clear(x);
}

/* vertex k minus vertex base, affine in t: in[] in catalog order */
static void qp_rel(qpoly r[3], const double *in, int k, int base)
{
    mpq_t x;
    mpq_init(x);
    for (int i = 0; i < 3; i++) {
        qp_init(&r[i]);
        r[i].deg = 1;
        mpq_set_d(r[i].c[0], in[3 * k + i]);
        mpq_set_d(x, in[3 * base + i]);
        mpq_sub(r[i].c[0], r[i].c[0], x);
        mpq_set_d(r[i].c[1], in[12 + 3 * k + i]);
        mpq_set_d(x, in[12 + 3 * base + i]);
        mpq_sub(r[i].c[1], r[i].c[1], x);
        mpq_sub(r[i].c[1], r[i].c[1], r[i].c[0]);
    }
    mpq_clear(x);
}

static void qp3_sub(qpoly r[3], const qpoly a[3], const qpoly b[3])
{
    for (int i = 0; i < 3; i++) {
        qp_init(&r[i]);
        qp_add(&r[i], &a[i], &b[i], -1);
    }
}

static void qp3_cross(qpoly r[3], const qpoly a[3], const qpoly b[3])
{
    qpoly t;
    qp_init(&t);
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        qp_init(&r[i]);
        qp_mul(&r[i], &a[j], &b[k]);
        qp_mul(&t, &a[k], &b[j]);
        qp_add(&r[i], &r[i], &t, -1);
    }
    qp_clear(&t);
}

static void qp3_dot(qpoly *r, const qpoly a[3], const qpoly b[3])
{
    qpoly t;
    qp_init(&t);
    qp_init(r);
    qp_mul(r, &a[0], &b[0]);
    for (int i = 1; i < 3; i++) {
        qp_mul(&t, &a[i], &b[i]);
        qp_add(r, r, &t, 1);
    }
    qp_clear(&t);
}

static void clear3(qpoly *a, int n)
{
    for (int i = 0; i < n; i++)
        qp_clear(&a[i]);
}

/* The exact polynomials of fccd_bern_init, in the same order. */
static int exact_polys(fccd_kind kind, const double *in, qpoly out[5])
{
    qpoly A[3], Bv[3], C[3], n[3], X[3], Y[3], Z[3];
    if (kind == FCCD_VERTEX_FACE) {
        qp_rel(A, in, 0, 1), qp_rel(Bv, in, 2, 1), qp_rel(C, in, 3, 1);
        qp3_cross(n, Bv, C);
        qp3_dot(&out[0], A, n);
        qp3_cross(X, Bv, A);
        qp3_dot(&out[1], X, n);
        clear3(X, 3);
        qp3_sub(Y, C, Bv), qp3_sub(Z, A, Bv), qp3_cross(X, Y, Z);
        qp3_dot(&out[2], X, n);
        clear3(X, 3), clear3(Y, 3), clear3(Z, 3);
        qp3_sub(Z, A, C), qp3_cross(X, Z, C);
        qp3_dot(&out[3], X, n);
        clear3(X, 3), clear3(Z, 3), clear3(A, 3), clear3(Bv, 3), clear3(C, 3), clear3(n, 3);
        return 4;
    }
    /* e1 = b - a (A), w = c - a (Bv), D = d - a (C), e2 = D - w, m = e1 x e2 */
    qp_rel(A, in, 1, 0), qp_rel(Bv, in, 2, 0), qp_rel(C, in, 3, 0);
    qp3_sub(Y, C, Bv), qp3_cross(n, A, Y);
    qp3_dot(&out[0], n, C);
    qp3_cross(X, Bv, Y), qp3_dot(&out[1], X, n), clear3(X, 3);
    qp3_cross(X, Bv, A), qp3_dot(&out[2], X, n), clear3(X, 3);
    qpoly mm;
    qp3_dot(&mm, n, n);
    qp_init(&out[3]), qp_init(&out[4]);
    qp_add(&out[3], &mm, &out[1], -1);
    qp_add(&out[4], &mm, &out[2], -1);
    qp_clear(&mm), clear3(A, 3), clear3(Bv, 3), clear3(C, 3), clear3(Y, 3), clear3(n, 3);
    return 5;
}

static bool in_iv(const mpq_t x, fiv v)
{
    mpq_t a;
    mpq_init(a);
    mpq_set_d(a, v.lo);
    bool ok = mpq_cmp(a, x) <= 0;
    mpq_set_d(a, v.hi);
    ok = ok && mpq_cmp(x, a) <= 0;
    mpq_clear(a);
    return ok;
}

/* p(t) exactly, t a double */
static void qp_eval(mpq_t r, const qpoly *p, double t)
{
    mpq_t x;
    mpq_init(x);
    mpq_set_d(x, t);
    mpq_set_ui(r, 0, 1);
    for (int i = p->deg; i >= 0; i--) {
        mpq_mul(r, r, x);
        mpq_add(r, r, p->c[i]);
    }
    mpq_clear(x);
}

/* The two frames of a CCD input (in[0..11] at t = 0, in[12..23] at t = 1). */
static void frames_of(const double *in, isect_ccd_frame *f0, isect_ccd_frame *f1)
{
    for (int k = 0; k < 4; k++) {
        f0->v[k] = (isect_dvec3){in[3 * k], in[3 * k + 1], in[3 * k + 2]};
        f1->v[k] = (isect_dvec3){in[12 + 3 * k], in[13 + 3 * k], in[14 + 3 * k]};
    }
}

/* Every exact power and Bernstein coefficient in its interval; the
 * Bernstein ones of [0, 1] are the values of the control polygon, checked
 * through b_j = sum_i C(j, i) / C(n, i) a_i. */
static bool check_case(fccd_kind kind, const double *in, double S, const char *what)
{
    static const int binom[5][5] = {{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}};
    isect_ccd_frame f0, f1;
    frames_of(in, &f0, &f1);
    fccd_bern B, Bp;
    fccd_power W;
    bool f_only = fccd_bern_init(kind, &f0, &f1, &B, &W, S);
    qpoly P[5];
    int count = exact_polys(kind, in, P), checked = f_only ? 1 : count;
    /* f_only: f's coefficients alone, which exclude [0, 1] (below: the
     * exact Bernstein coefficients of f all of the computed ones' sign) */
    cr_assert_eq(B.count, checked, "%s", what);
    mpq_t b, x;
    mpq_init(b), mpq_init(x);
    double ta = 0.25 * (double)tl_int(0, 3), tb = ta + 0.25, tm = ta + 0.25 * tl_unit();
    fccd_bern_piece(&W, ta, tb, &Bp);
    for (int k = 0; k < checked; k++) {
        int n = B.deg[k];
        for (int j = 0; j <= n; j++) {
            if (j <= P[k].deg)
                cr_assert(in_iv(P[k].c[j], W.c[k][j]), "%s: poly %d power coefficient %d", what, k, j);
            mpq_set_ui(b, 0, 1);
            for (int i = 0; i <= j && i <= P[k].deg; i++) {
                mpq_set_ui(x, (unsigned long)binom[j][i], (unsigned long)binom[n][i]);
                mpq_mul(x, x, P[k].c[i]);
                mpq_add(b, b, x);
            }
            cr_assert(in_iv(b, B.c[k][j]), "%s: poly %d Bernstein coefficient %d", what, k, j);
            if (f_only)
                cr_assert(mpq_sgn(b) == (B.c[0][0].lo > 0 ? 1 : -1) && fiv_nonzero(B.c[0][j]),
                          "%s: f excludes [0, 1], Bernstein coefficient %d", what, j);
        }
        /* the piece's end coefficients are the values at its ends */
        qp_eval(b, &P[k], ta);
        cr_assert(in_iv(b, Bp.c[k][0]), "%s: poly %d at the piece's start", what, k);
        qp_eval(b, &P[k], tb);
        cr_assert(in_iv(b, Bp.c[k][n]), "%s: poly %d at the piece's end", what, k);
        qp_eval(b, &P[k], tm);
        cr_assert(in_iv(b, fccd_power_eval(&W, k, tm, tm)), "%s: poly %d at a time", what, k);
        cr_assert(in_iv(b, fccd_power_eval(&W, k, ta, tb)), "%s: poly %d on the piece", what, k);
    }
    mpq_clear(b), mpq_clear(x);
    clear3(P, count);
    return f_only;
}

static void random_cases(fccd_kind kind, int scale, double S)
{
    nfeature_ = kind == FCCD_VERTEX_FACE ? 3 : 2;
    int f_only = 0;
    for (int c = 0; c < 300; c++) {
        double in[24];
        gen(in);
        for (int i = 0; i < 24; i++) /* inexact differences: a common offset and odd scales */
            in[i] = ldexp(in[i] * (1 + 0x1p-20 * (double)(c % 7)) + (c % 3 == 0 ? 0.1 : 0), scale);
        f_only += check_case(kind, in, S, kind == FCCD_VERTEX_FACE ? "vertex_face" : "edge_edge");
    }
    /* the binary64 path takes both branches (f alone excludes [0, 1] on
     * some random cases, not on others); the interval path never stops
     * early */
    if (S >= 0x1p-100 && S <= 0x1p100)
        cr_assert(f_only > 0 && f_only < 300, "f alone excluded %d of 300", f_only);
    else
        cr_assert_eq(f_only, 0);
}

/* S = 1: the binary64 path with the a-priori bound. */
Test(ccd_bern, binary64_bound_encloses_exact)
{
    random_cases(FCCD_VERTEX_FACE, 0, 1);
    random_cases(FCCD_EDGE_EDGE, 0, 1);
    random_cases(FCCD_VERTEX_FACE, 40, 0x1p40);
    random_cases(FCCD_EDGE_EDGE, -40, 0x1p-40);
}

/* The binary64 path on coordinates of very different magnitudes (each
 * times 2^k, k in [-30, 30]): the shadows must bound every term on their
 * own, where terms of one coefficient differ by up to 2^120.  (Seed 103's
 * dp_mul22 mutant, one shadow term dropped, breaks the a-priori bound in
 * exact arithmetic on about 1 % of such inputs, but its intervals, widened
 * by down() and up() as well, still held the exact coefficients on 8000 of
 * them: not killed here.) */
Test(ccd_bern, binary64_bound_encloses_exact_mixed_scales)
{
    for (int kind = 0; kind < 2; kind++) {
        nfeature_ = kind == FCCD_VERTEX_FACE ? 3 : 2;
        for (int c = 0; c < 400; c++) {
            double in[24], S = 0;
            gen(in);
            for (int i = 0; i < 24; i++) {
                in[i] = ldexp(in[i], tl_int(-30, 30));
                S = fabs(in[i]) > S ? fabs(in[i]) : S;
            }
            check_case((fccd_kind)kind, in, S, kind == FCCD_VERTEX_FACE ? "vertex_face" : "edge_edge");
        }
    }
}

/* S beyond 2^100: interval arithmetic. */
Test(ccd_bern, intervals_enclose_exact)
{
    random_cases(FCCD_VERTEX_FACE, 120, 0x1p120);
    random_cases(FCCD_EDGE_EDGE, -120, 0x1p-120);
}

/* A piece [ta, tb] of [0, 1]: dyadic, any doubles, a bracket-sized one
 * around a random time, or at an end. */
static void random_piece(double *ta, double *tb)
{
    int kind = tl_int(0, 4);
    double a = tl_unit(), b = tl_unit(), w = ldexp(1, -tl_int(8, 40));
    if (kind == 0)
        a = 0.125 * (double)tl_int(0, 7), b = a + 0.125;
    else if (kind == 2)
        b = a + w < 1 ? a + w : 1, a = b - w;
    else if (kind == 3)
        a = 0, b = w;
    else if (kind == 4)
        a = 1 - w, b = 1;
    *ta = a < b ? a : b, *tb = a < b ? b : a;
    if (!(*ta < *tb))
        *ta = 0, *tb = 1;
}

/* The Bernstein coefficients b[0..n] (n <= 4) on the piece [ta, ta + h]
 * of the polynomial sum_k c[k] t^k (k <= deg <= n), exactly: q(s) =
 * p(ta + h s), its coefficients q_i = sum_k C(k, i) ta^(k-i) h^i c_k
 * (Horner in ta), then b_j = sum_i C(j, i) / C(n, i) q_i. */
static void exact_piece_bernstein(mpq_t *b, mpq_t *c, int deg, int n, const mpq_t ta, const mpq_t h)
{
    static const int binom[5][5] = {{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}};
    mpq_t q[5], x;
    mpq_init(x);
    for (int i = 0; i <= n; i++) {
        mpq_init(q[i]);
        for (int k = n; k >= i; k--) {
            mpq_mul(q[i], q[i], ta);
            if (k <= deg) {
                mpq_set_ui(x, (unsigned long)binom[k][i], 1);
                mpq_mul(x, x, c[k]);
                mpq_add(q[i], q[i], x);
            }
        }
        for (int e = 0; e < i; e++)
            mpq_mul(q[i], q[i], h);
    }
    for (int j = 0; j <= n; j++) {
        mpq_set_ui(b[j], 0, 1);
        for (int i = 0; i <= j; i++) {
            mpq_set_ui(x, (unsigned long)binom[j][i], (unsigned long)binom[n][i]);
            mpq_mul(x, x, q[i]);
            mpq_add(b[j], b[j], x);
        }
    }
    for (int i = 0; i <= n; i++)
        mpq_clear(q[i]);
    mpq_clear(x);
}

/* Every Bernstein coefficient of fccd_bern_piece on random pieces holds
 * the exact one of the exact polynomial: q(s) = p(ta + (tb - ta) s), its
 * coefficients q_i = sum_k C(k, i) ta^(k-i) (tb - ta)^i c_k, then
 * b_j = sum_i C(j, i) / C(n, i) q_i (the piece's coefficients come from
 * the power ones in binary64 with an a-priori bound: fast/ccd_bern.c). */
static void check_pieces(fccd_kind kind, const double *in, double S, const char *what)
{
    isect_ccd_frame f0, f1;
    frames_of(in, &f0, &f1);
    fccd_bern B, Bp;
    fccd_power W;
    fccd_bern_init(kind, &f0, &f1, &B, &W, S);
    qpoly P[5];
    int count = exact_polys(kind, in, P);
    mpq_t q[5], ta, h;
    for (int i = 0; i < 5; i++)
        mpq_init(q[i]);
    mpq_inits(ta, h, NULL);
    for (int p = 0; p < 4; p++) {
        double a, c;
        random_piece(&a, &c);
        fccd_bern_piece(&W, a, c, &Bp);
        cr_assert_eq(Bp.count, W.count, "%s", what);
        mpq_set_d(ta, a), mpq_set_d(h, c), mpq_sub(h, h, ta);
        for (int k = 0; k < W.count; k++) {
            int n = W.deg[k];
            exact_piece_bernstein(q, P[k].c, P[k].deg, n, ta, h);
            for (int j = 0; j <= n; j++) {
                fiv v = Bp.c[k][j]; /* an overflow (S = 2^300): NaN or infinite, which no test drops */
                if (!isfinite(v.lo) || !isfinite(v.hi))
                    continue;
                cr_assert(in_iv(q[j], v), "%s: poly %d, piece [%a, %a], Bernstein coefficient %d: [%a, %a]", what, k, a,
                          c, j, v.lo, v.hi);
            }
        }
    }
    for (int i = 0; i < 5; i++)
        mpq_clear(q[i]);
    mpq_clears(ta, h, NULL);
    clear3(P, count);
}

Test(ccd_bern, piece_coefficients_enclose_exact)
{
    for (int kind = 0; kind < 2; kind++) {
        nfeature_ = kind == FCCD_VERTEX_FACE ? 3 : 2;
        for (int c = 0; c < 1500; c++) {
            double in[24], S = 0;
            int scale = (int[]){0, 0, 40, -40, 120, -120, 300}[c % 7];
            gen(in);
            for (int i = 0; i < 24; i++) {
                in[i] = ldexp(in[i] * (1 + 0x1p-20 * (double)(c % 5)) + (c % 3 == 0 ? 0.1 : 0), scale);
                if (c % 11 == 0)
                    in[i] = ldexp(in[i], tl_int(-30, 30)); /* mixed magnitudes */
                S = fabs(in[i]) > S ? fabs(in[i]) : S;
            }
            check_pieces((fccd_kind)kind, in, S, kind == FCCD_VERTEX_FACE ? "vertex_face" : "edge_edge");
        }
    }
}

/* The same on point coefficients (an exact polynomial, no radius to hide
 * the rounding bound): random quartics and cubics, often with a root in
 * the piece (cancellation), magnitudes 2^-60 .. 2^60. */
Test(ccd_bern, piece_rounding_bound)
{
    mpq_t q[5], c[5], ta, h;
    for (int i = 0; i < 5; i++)
        mpq_init(q[i]), mpq_init(c[i]);
    mpq_inits(ta, h, NULL);
    for (int it = 0; it < 20000; it++) {
        fccd_power W = {.count = 1};
        int n = W.deg[0] = 3 + (it & 1), e = tl_int(-60, 60);
        double a, d;
        random_piece(&a, &d);
        for (int i = 0; i <= n; i++) {
            double v = ldexp(2 * tl_unit() - 1, e + tl_int(-8, 8));
            W.c[0][i] = (fiv){v, v};
        }
        if (it % 3) { /* a root near the piece: c0 from the others' value there */
            double r = a + (d - a) * tl_unit(), s = 0;
            for (int i = n; i >= 1; i--)
                s = (s + W.c[0][i].lo) * r;
            W.c[0][0] = (fiv){-s, -s};
        }
        fccd_bern Bp;
        fccd_bern_piece(&W, a, d, &Bp);
        mpq_set_d(ta, a), mpq_set_d(h, d), mpq_sub(h, h, ta);
        for (int i = 0; i <= n; i++)
            mpq_set_d(c[i], W.c[0][i].lo);
        exact_piece_bernstein(q, c, n, n, ta, h);
        for (int j = 0; j <= n; j++) {
            cr_assert(in_iv(q[j], Bp.c[0][j]), "case %d: piece [%a, %a], coefficient %d of degree %d", it, a, d, j, n);
        }
    }
    for (int i = 0; i < 5; i++)
        mpq_clear(q[i]), mpq_clear(c[i]);
    mpq_clears(ta, h, NULL);
}
