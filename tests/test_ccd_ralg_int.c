/* tests/test_ccd_ralg_int.c: the integer routes of ref's algebraic layer
 * (ref/ralg_sign.c) under vertex_face_ccd and edge_edge_ccd.
 *
 * - qp_taylor_sign_dyadic against the Taylor test written independently on
 *   rationals: ck = h^(k)(m) / k! from the derivatives evaluated with mpq,
 *   bound sum |ck| w^k, on random dyadic polynomials whose coefficients mix
 *   exponents 2^-1074 .. 2^1000 (the fuzzers' inputs), at random dyadic m
 *   and w; both outcomes (certified, not certified) must occur; a
 *   non-dyadic m is refused (2).
 * - qp_gcd_int on a = g u, b = g v with u, v distinct linear factors: the
 *   result is g times a non-zero constant (checked by cross products of
 *   coefficients with mpq), also when g is a constant; and gcd(a, 0) = a.
 * - qp_primitive: integer coefficients with content 1, a positive multiple
 *   of the input (every ratio equal and positive).
 * - ra_roots01 / ra_sign / ra_to_double end to end on a squarefree cubic
 *   whose Euclid chain has non-dyadic remainders (the route qp_primitive
 *   now serves): hand-derived roots.
 */
#include "testlib.h"
#include "ralg.h"

#include <gmp.h>

/* A random dyadic: (-2^20 .. 2^20) * 2^e, e spread over binary64's range. */
static void rnd_dyadic(mpq_ptr x, bool wide)
{
    long n = (long)(tl_rnd() % (1u << 21)) - (1 << 20);
    int e = wide ? tl_int(-1074, 1000) : tl_int(-40, 10);
    if (tl_rnd() % 5 == 0)
        n = 0;
    mpq_set_si(x, n, 1);
    if (e >= 0)
        mpq_mul_2exp(x, x, (mp_bitcnt_t)e);
    else
        mpq_div_2exp(x, x, (mp_bitcnt_t)-e);
}

/* The Taylor test on rationals, independently: ck = h^(k)(m) / k! from the
 * derivatives, evaluated with mpq. */
static int taylor_ref(const qpoly *h, mpq_srcptr m, mpq_srcptr w)
{
    qpoly d;
    mpq_t v, c0, bound, wk, fact;
    qp_init(&d);
    mpq_inits(v, c0, bound, wk, fact, (mpq_ptr)0);
    qp_set(&d, h);
    mpq_set_ui(wk, 1, 1);
    mpq_set_ui(fact, 1, 1);
    for (int k = 0; k <= h->deg; k++) {
        qp_eval(v, &d, m); /* h^(k)(m) */
        mpq_div(v, v, fact);
        if (k == 0)
            mpq_set(c0, v);
        else {
            mpq_abs(v, v);
            mpq_mul(v, v, wk);
            mpq_add(bound, bound, v);
        }
        mpq_mul(wk, wk, w);
        mpq_set_ui(v, (unsigned long)(k + 1), 1);
        mpq_mul(fact, fact, v);
        for (int i = 1; i <= d.deg; i++) { /* d = d' */
            mpq_set_ui(v, (unsigned long)i, 1);
            mpq_mul(d.c[i - 1], d.c[i], v);
        }
        mpq_set_ui(d.c[d.deg], 0, 1);
        d.deg--;
    }
    int s0 = mpq_sgn(c0);
    mpq_abs(c0, c0);
    int r = mpq_cmp(c0, bound) > 0 ? s0 : 0;
    qp_clear(&d);
    mpq_clears(v, c0, bound, wk, fact, (mpq_ptr)0);
    return r;
}

Test(ccd_ralg_int, taylor_dyadic_equals_rational_test)
{
    tl_init_seed(0x7a1);
    int certified = 0, refused = 0;
    qpoly h;
    mpq_t m, w;
    qp_init(&h);
    mpq_inits(m, w, (mpq_ptr)0);
    for (int c = 0; c < 3000; c++) {
        bool wide = c % 2;
        h.deg = tl_int(0, 4);
        for (int i = 0; i <= QP_MAXDEG; i++)
            mpq_set_ui(h.c[i], 0, 1);
        for (int i = 0; i <= h.deg; i++)
            rnd_dyadic(h.c[i], wide);
        if (mpq_sgn(h.c[h.deg]) == 0)
            mpq_set_ui(h.c[h.deg], 3, 1);
        mpq_set_ui(m, (unsigned long)(tl_rnd() % 1024), 1024); /* m in [0, 1) */
        mpq_set_ui(w, 1, 1);
        mpq_div_2exp(w, w, (mp_bitcnt_t)(c % 3 ? tl_int(1, 1100) : tl_int(1, 4)));
        if (c % 7 == 0) { /* the root's scale: h(m) tiny beside h */
            mpq_set_ui(h.c[0], 0, 1);
            qp_eval(h.c[0], &h, m);
            mpq_neg(h.c[0], h.c[0]);
            mpq_set_ui(w, 1, 1);
            mpq_div_2exp(w, w, 1000);
            mpq_add(h.c[0], h.c[0], w); /* h(m) = 2^-1000 */
            mpq_div_2exp(w, w, (mp_bitcnt_t)tl_int(0, 200));
            h.deg = h.deg > 0 ? h.deg : 0;
        }
        int want = taylor_ref(&h, m, w), got = qp_taylor_sign_dyadic(&h, m, w);
        cr_assert_eq(got, want, "case %d: dyadic %d, rational %d (ISECT_SEED=%llu)", c, got, want,
                     (unsigned long long)tl_seed);
        certified += want != 0;
        refused += want == 0;
    }
    cr_assert(certified > 100 && refused > 100, "outcomes: %d certified, %d not", certified, refused);
    /* by hand: h = t - 1/2 at m = 1/4 is c0 = -1/4, c1 = 1: w = 1/4 ties
     * (|c0| = bound: not certified), w = 1/8 certifies -1 */
    h.deg = 1;
    mpq_set_ui(h.c[1], 1, 1);
    mpq_set_si(h.c[0], -1, 2);
    mpq_set_ui(m, 1, 4);
    mpq_set_ui(w, 1, 4);
    cr_assert_eq(qp_taylor_sign_dyadic(&h, m, w), 0, "a tie is not certified");
    mpq_set_ui(w, 1, 8);
    cr_assert_eq(qp_taylor_sign_dyadic(&h, m, w), -1);
    mpq_set_ui(m, 1, 3); /* not dyadic: refused */
    cr_assert_eq(qp_taylor_sign_dyadic(&h, m, w), 2);
    qp_clear(&h);
    mpq_clears(m, w, (mpq_ptr)0);
}

/* r = a b (degrees add up to at most QP_MAXDEG). */
static void mul(qpoly *r, const qpoly *a, const qpoly *b)
{
    qpoly t;
    qp_init(&t);
    qp_mul(&t, a, b);
    qp_set(r, &t);
    qp_clear(&t);
}

/* a and b proportional (b = k a, k != 0): every a_i b_j = a_j b_i. */
static bool proportional(const qpoly *a, const qpoly *b)
{
    if (a->deg != b->deg || a->deg < 0)
        return false;
    mpq_t x, y;
    mpq_inits(x, y, (mpq_ptr)0);
    bool ok = true;
    for (int i = 0; i <= a->deg; i++) {
        mpq_mul(x, a->c[i], b->c[a->deg]);
        mpq_mul(y, b->c[i], a->c[a->deg]);
        ok = ok && mpq_equal(x, y);
    }
    mpq_clears(x, y, (mpq_ptr)0);
    return ok;
}

Test(ccd_ralg_int, gcd_on_integers_finds_the_common_factor)
{
    tl_init_seed(0x9cd);
    qpoly g, u, v, a, b, r;
    qpoly *all[] = {&g, &u, &v, &a, &b, &r};
    for (int i = 0; i < 6; i++)
        qp_init(all[i]);
    for (int c = 0; c < 400; c++) {
        g.deg = tl_int(0, 2);
        for (int i = 0; i <= g.deg; i++)
            rnd_dyadic(g.c[i], c % 2);
        if (mpq_sgn(g.c[g.deg]) == 0)
            mpq_set_ui(g.c[g.deg], 5, 7); /* a non-dyadic one too */
        /* u = t - p, v = t - q with p != q: coprime */
        u.deg = v.deg = 1;
        mpq_set_ui(u.c[1], 1, 1);
        mpq_set_ui(v.c[1], 3, 1);
        rnd_dyadic(u.c[0], c % 2);
        mpq_set(v.c[0], u.c[0]);
        mpq_set_si(r.c[0], 1, 3);
        mpq_add(v.c[0], v.c[0], r.c[0]); /* v = 3t - p + 1/3, root (p - 1/3) / 3 != p unless p = -1/6 */
        mpq_neg(u.c[0], u.c[0]); /* u = t - p */
        mul(&a, &g, &u);
        mul(&b, &g, &v);
        qp_gcd_int(&r, &a, &b);
        cr_assert(proportional(&r, &g), "case %d: gcd degree %d, factor degree %d", c, r.deg, g.deg);
    }
    qpoly zero;
    qp_init(&zero);
    qp_gcd_int(&r, &a, &zero);
    cr_assert(proportional(&r, &a), "gcd(a, 0) is a");
    qp_clear(&zero);
    for (int i = 0; i < 6; i++)
        qp_clear(all[i]);
}

Test(ccd_ralg_int, primitive_is_a_positive_integer_multiple)
{
    tl_init_seed(0x9f1);
    qpoly p, q;
    qp_init(&p);
    qp_init(&q);
    mpz_t g;
    mpz_init(g);
    for (int c = 0; c < 300; c++) {
        p.deg = tl_int(0, 4);
        for (int i = 0; i <= p.deg; i++) {
            rnd_dyadic(p.c[i], c % 2);
            if (c % 3 == 0) { /* non-dyadic denominators too */
                mpq_set_ui(q.c[0], 1, (unsigned long)tl_int(1, 99));
                mpq_mul(p.c[i], p.c[i], q.c[0]);
            }
        }
        if (mpq_sgn(p.c[p.deg]) == 0)
            mpq_set_si(p.c[p.deg], -2, 9);
        qp_set(&q, &p);
        qp_primitive(&q);
        cr_assert(proportional(&p, &q) && mpq_sgn(p.c[p.deg]) == mpq_sgn(q.c[q.deg]), "case %d: not a positive multiple",
                  c);
        mpz_set_ui(g, 0);
        for (int i = 0; i <= q.deg; i++) {
            cr_assert(mpz_cmp_ui(mpq_denref(q.c[i]), 1) == 0, "case %d: coefficient %d not an integer", c, i);
            mpz_gcd(g, g, mpq_numref(q.c[i]));
        }
        cr_assert(mpz_cmp_ui(g, 1) == 0, "case %d: content not 1", c);
    }
    mpz_clear(g);
    qp_clear(&p);
    qp_clear(&q);
}

/* (t - 1/4)(t - 1/3)(t - 5/7) times 2^-1074 plus a constant term moved by
 * 0: its roots are 1/4, 1/3, 5/7 (rounded: 0x1p-2, 0x1.5555555555555p-2,
 * 0x1.6db6db6db6db7p-1); the Sturm chain of the scaled cubic has
 * non-dyadic remainders. */
Test(ccd_ralg_int, roots_of_a_tiny_cubic_with_rational_roots)
{
    qpoly p;
    ralg r[QP_MAXDEG];
    qp_init(&p);
    for (int i = 0; i < QP_MAXDEG; i++)
        ra_init(&r[i]);
    /* (t - 1/4)(t - 1/3)(t - 5/7) = t^3 - (109/84) t^2 + (42/84) t - 5/84 */
    mpq_set_si(p.c[3], 84, 1);
    mpq_set_si(p.c[2], -109, 1);
    mpq_set_si(p.c[1], 42, 1);
    mpq_set_si(p.c[0], -5, 1);
    p.deg = 3;
    for (int i = 0; i <= 3; i++)
        mpq_div_2exp(p.c[i], p.c[i], 1074);
    int n = ra_roots01(r, &p);
    cr_assert_eq(n, 3);
    double want[3] = {0x1p-2, 0x1.5555555555555p-2, 0x1.6db6db6db6db7p-1};
    for (int i = 0; i < 3; i++) {
        double got = ra_to_double(&r[i]);
        cr_assert(got == want[i], "root %d: %a, want %a", i, got, want[i]);
    }
    /* the sign of t - 1/2 at each: -, -, + (h = 2^-1074 t - 2^-1075: dyadic) */
    qpoly h;
    qp_init(&h);
    h.deg = 1;
    mpq_set_ui(h.c[1], 1, 1);
    mpq_div_2exp(h.c[1], h.c[1], 1074);
    mpq_set_si(h.c[0], -1, 1);
    mpq_div_2exp(h.c[0], h.c[0], 1075);
    int ws[3] = {-1, -1, 1};
    for (int i = 0; i < 3; i++)
        cr_assert_eq(ra_sign(&r[i], &h), ws[i], "root %d", i);
    qp_clear(&h);
    for (int i = 0; i < QP_MAXDEG; i++)
        ra_clear(&r[i]);
    qp_clear(&p);
}
