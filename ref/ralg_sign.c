/* ref/ralg_sign.c: signs of rational polynomials on integers, and the
 * primitive form that keeps them on integers; see ralg.h. */
#include "ralg.h"

/* The exponent k of a power of two 2^k, or -1 for any other positive z. */
static long pow2_exp(mpz_srcptr z)
{
    mp_bitcnt_t k = mpz_scan1(z, 0);
    return mpz_sizeinbase(z, 2) == k + 1 ? (long)k : -1;
}

/* The sign of p at x when every denominator is a power of two (inputs are
 * doubles): Horner on N / 2^E, N / 2^E x + a / 2^eb = (N xn 2^(F-E-ex) + a
 * 2^(F-eb)) / 2^F, F = max(E + ex, eb).  2 when not dyadic. */
static int sign_dyadic(const qpoly *p, mpq_srcptr x)
{
    long ex = pow2_exp(mpq_denref(x));
    for (int i = 0; i <= p->deg && ex >= 0; i++)
        if (pow2_exp(mpq_denref(p->c[i])) < 0)
            ex = -1;
    if (ex < 0)
        return 2;
    mpz_t n, t;
    mpz_init_set(n, mpq_numref(p->c[p->deg]));
    mpz_init(t);
    long e = pow2_exp(mpq_denref(p->c[p->deg]));
    for (int i = p->deg - 1; i >= 0; i--) {
        mpz_mul(n, n, mpq_numref(x));
        e += ex;
        if (mpz_sgn(mpq_numref(p->c[i])) == 0)
            continue;
        long eb = pow2_exp(mpq_denref(p->c[i])), f = e > eb ? e : eb;
        mpz_mul_2exp(n, n, (mp_bitcnt_t)(f - e));
        mpz_mul_2exp(t, mpq_numref(p->c[i]), (mp_bitcnt_t)(f - eb));
        mpz_add(n, n, t);
        e = f;
    }
    int s = mpz_sgn(n);
    mpz_clear(n);
    mpz_clear(t);
    return s;
}

/* The sign of p at x on integers only, without the gcds of canonical mpq
 * steps (most of the exact path's time in the fuzzers' profiles): Horner on
 * N / D (D > 0), N / D x + a / b = (N x_num b + a D x_den) / (D x_den b). */
int qp_sign_at(const qpoly *p, mpq_srcptr x)
{
    if (p->deg < 0)
        return 0;
    int sd = sign_dyadic(p, x);
    if (sd != 2)
        return sd;
    mpz_t n, d, t;
    mpz_init_set(n, mpq_numref(p->c[p->deg]));
    mpz_init_set(d, mpq_denref(p->c[p->deg]));
    mpz_init(t);
    mpz_srcptr xn = mpq_numref(x), xd = mpq_denref(x);
    for (int i = p->deg - 1; i >= 0; i--) {
        mpz_srcptr a = mpq_numref(p->c[i]), b = mpq_denref(p->c[i]);
        mpz_mul(n, n, xn);
        mpz_mul(d, d, xd);
        if (mpz_sgn(a) == 0)
            continue;
        mpz_mul(n, n, b);
        mpz_mul(t, a, d);
        mpz_mul(d, d, b);
        mpz_add(n, n, t);
    }
    int s = mpz_sgn(n);
    mpz_clear(n);
    mpz_clear(d);
    mpz_clear(t);
    return s;
}

/* p times the positive rational that makes its coefficients coprime
 * integers: lcm of the denominators over gcd of the numerators.  Roots and
 * every sign comparison of p are unchanged (the factor is positive), and
 * the coefficients become integers (denominator 1 = 2^0), which keeps
 * qp_sign_at on sign_dyadic's path.  The squarefree part and the Sturm
 * remainders are otherwise quotients of huge rationals (one Euclid chain
 * of 2000-bit dyadic inputs), which made every sign there a generic-path
 * evaluation on tens of thousands of bits. */
void qp_primitive(qpoly *p)
{
    if (p->deg < 0)
        return;
    mpz_t l, g, t;
    mpz_init_set_ui(l, 1);
    mpz_init_set_ui(g, 0);
    mpz_init(t);
    for (int i = 0; i <= p->deg; i++) {
        mpz_lcm(l, l, mpq_denref(p->c[i]));
        mpz_gcd(g, g, mpq_numref(p->c[i]));
    }
    for (int i = 0; i <= p->deg; i++) {
        mpz_divexact(t, l, mpq_denref(p->c[i]));
        mpz_mul(t, t, mpq_numref(p->c[i]));
        mpz_divexact(t, t, g);
        mpq_set_z(p->c[i], t);
    }
    mpz_clear(l);
    mpz_clear(g);
    mpz_clear(t);
}

/* The Taylor test of ralg.c's taylor_sign on integers, when h's
 * coefficients, m and w are dyadic (as they are on the CCD path: inputs
 * are doubles, split points dyadic): the sign of h over [m - w, m + w] when
 * |c0| > sum_k>=1 |ck| w^k for h(m + x) = sum ck x^k, else 0; 2 when not
 * dyadic.  With h = A(t) / 2^E (A integer), m = M / 2^s, w = W / 2^s (s the
 * larger of their exponents), C(z) = 2^(s d) A(z / 2^s) is an integer
 * polynomial (d = deg h), and B(y) = C(M + y) = 2^(s d + E) h(m + y / 2^s)
 * has B_k = 2^(s d + E - s k) ck, so B_0 against sum |B_k| W^k is the same
 * comparison times the positive 2^(s d + E): no gcd anywhere. */
int qp_taylor_sign_dyadic(const qpoly *h, mpq_srcptr m, mpq_srcptr w)
{
    long em = pow2_exp(mpq_denref(m)), ew = pow2_exp(mpq_denref(w)), E = 0;
    int d = h->deg;
    for (int i = 0; i <= d && em >= 0 && ew >= 0; i++) {
        long e = pow2_exp(mpq_denref(h->c[i]));
        if (e < 0)
            return 2;
        E = e > E ? e : E;
    }
    if (em < 0 || ew < 0 || d < 0)
        return 2;
    long s = em > ew ? em : ew;
    mpz_t B[QP_MAXDEG + 1], M, W, t, bound;
    mpz_inits(M, W, t, bound, (mpz_ptr)0);
    for (int i = 0; i <= d; i++) { /* C_i = A_i 2^(s (d - i)), A_i = N_i 2^(E - e_i) */
        mpz_init(B[i]);
        mp_bitcnt_t sh = (mp_bitcnt_t)(E - pow2_exp(mpq_denref(h->c[i])) + s * (d - i));
        mpz_mul_2exp(B[i], mpq_numref(h->c[i]), sh);
    }
    mpz_mul_2exp(M, mpq_numref(m), (mp_bitcnt_t)(s - em));
    mpz_mul_2exp(W, mpq_numref(w), (mp_bitcnt_t)(s - ew));
    for (int i = 0; i < d; i++) /* B(y) = C(M + y): repeated synthetic division */
        for (int j = d - 1; j >= i; j--)
            mpz_addmul(B[j], M, B[j + 1]);
    mpz_set_ui(t, 1);
    for (int k = 1; k <= d; k++) { /* bound = sum |B_k| W^k, t = W^k */
        mpz_mul(t, t, W);
        mpz_abs(B[k], B[k]);
        mpz_addmul(bound, B[k], t);
    }
    int sg = mpz_sgn(B[0]);
    mpz_abs(B[0], B[0]);
    int r = mpz_cmp(B[0], bound) > 0 ? sg : 0;
    for (int i = 0; i <= d; i++)
        mpz_clear(B[i]);
    mpz_clears(M, W, t, bound, (mpz_ptr)0);
    return r;
}

/* x = lc(y) x - lc(x) t^(dx - dy) y while deg x >= deg y (x, y primitive
 * integer polynomials, y non-zero): x becomes a non-zero multiple of the
 * remainder of x by y (a pseudo-remainder), made primitive. */
static void prem_int(qpoly *x, const qpoly *y)
{
    mpz_t a, b;
    mpz_inits(a, b, (mpz_ptr)0);
    while (x->deg >= y->deg) {
        int k = x->deg - y->deg;
        mpz_set(a, mpq_numref(y->c[y->deg]));
        mpz_set(b, mpq_numref(x->c[x->deg]));
        for (int i = 0; i <= x->deg; i++)
            mpz_mul(mpq_numref(x->c[i]), mpq_numref(x->c[i]), a);
        for (int i = 0; i <= y->deg; i++)
            mpz_submul(mpq_numref(x->c[i + k]), b, mpq_numref(y->c[i]));
        while (x->deg >= 0 && mpq_sgn(x->c[x->deg]) == 0)
            x->deg--;
    }
    qp_primitive(x);
    mpz_clears(a, b, (mpz_ptr)0);
}

static void qp_swap(qpoly *x, qpoly *y)
{
    for (int i = 0; i <= QP_MAXDEG; i++)
        mpq_swap(x->c[i], y->c[i]);
    int d = x->deg;
    x->deg = y->deg;
    y->deg = d;
}

/* r = gcd(a, b) up to a constant factor (a, b not both zero), by the
 * primitive remainder sequence on integers: no rational arithmetic.  Each
 * pseudo-remainder is a non-zero constant times the remainder, so the
 * sequence ends at the same gcd up to a constant. */
void qp_gcd_int(qpoly *r, const qpoly *a, const qpoly *b)
{
    qpoly x, y;
    qp_init(&x);
    qp_init(&y);
    qp_set(&x, a);
    qp_set(&y, b);
    qp_primitive(&x);
    qp_primitive(&y);
    if (x.deg < y.deg)
        qp_swap(&x, &y);
    while (y.deg >= 0) {
        prem_int(&x, &y);
        qp_swap(&x, &y);
    }
    qp_set(r, &x);
    qp_clear(&x);
    qp_clear(&y);
}
