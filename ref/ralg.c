/* ref/ralg.c: rational polynomials and real algebraic numbers; see ralg.h. */
#include "ralg.h"

#include "exact.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* ---- polynomials ------------------------------------------------------------ */

void qp_init(qpoly *p)
{
    p->deg = -1;
    for (int i = 0; i <= QP_MAXDEG; i++)
        mpq_init(p->c[i]);
}

void qp_clear(qpoly *p)
{
    for (int i = 0; i <= QP_MAXDEG; i++)
        mpq_clear(p->c[i]);
}

/* Lowers deg past zero leading coefficients. */
static void trim(qpoly *p)
{
    while (p->deg >= 0 && mpq_sgn(p->c[p->deg]) == 0)
        p->deg--;
}

void qp_set(qpoly *r, const qpoly *a)
{
    if (r == a)
        return;
    for (int i = 0; i <= QP_MAXDEG; i++)
        mpq_set(r->c[i], a->c[i]);
    r->deg = a->deg;
}

static void qp_zero(qpoly *r)
{
    for (int i = 0; i <= QP_MAXDEG; i++)
        mpq_set_ui(r->c[i], 0, 1);
    r->deg = -1;
}

void qp_set_motion(qpoly *r, double x0, double x1)
{
    qp_zero(r);
    mpq_set_d(r->c[0], x0);
    mpq_set_d(r->c[1], x1);
    mpq_sub(r->c[1], r->c[1], r->c[0]);
    r->deg = 1;
    trim(r);
}

static void addsub(qpoly *r, const qpoly *a, const qpoly *b, bool sub)
{
    int deg = a->deg > b->deg ? a->deg : b->deg;
    for (int i = 0; i <= deg; i++)
        if (sub)
            mpq_sub(r->c[i], a->c[i], b->c[i]);
        else
            mpq_add(r->c[i], a->c[i], b->c[i]);
    for (int i = deg + 1; i <= QP_MAXDEG; i++)
        mpq_set_ui(r->c[i], 0, 1);
    r->deg = deg;
    trim(r);
}

void qp_add(qpoly *r, const qpoly *a, const qpoly *b) { addsub(r, a, b, false); }
void qp_sub(qpoly *r, const qpoly *a, const qpoly *b) { addsub(r, a, b, true); }

void qp_mul(qpoly *r, const qpoly *a, const qpoly *b)
{
    mpq_t t;
    mpq_init(t);
    qp_zero(r);
    for (int i = 0; i <= a->deg; i++)
        for (int j = 0; j <= b->deg; j++) {
            mpq_mul(t, a->c[i], b->c[j]);
            mpq_add(r->c[i + j], r->c[i + j], t);
        }
    r->deg = a->deg < 0 || b->deg < 0 ? -1 : a->deg + b->deg;
    trim(r);
    mpq_clear(t);
}

bool qp_is_zero(const qpoly *p) { return p->deg < 0; }

void qp_eval(mpq_ptr r, const qpoly *p, mpq_srcptr x)
{
    mpq_set_ui(r, 0, 1);
    for (int i = p->deg; i >= 0; i--) {
        mpq_mul(r, r, x);
        mpq_add(r, r, p->c[i]);
    }
}

static void qp_deriv(qpoly *r, const qpoly *a)
{
    qpoly d;
    qp_init(&d);
    mpq_t k;
    mpq_init(k);
    for (int i = 1; i <= a->deg; i++) {
        mpq_set_ui(k, (unsigned long)i, 1);
        mpq_mul(d.c[i - 1], a->c[i], k);
    }
    mpq_clear(k);
    d.deg = a->deg - 1;
    trim(&d);
    qp_set(r, &d);
    qp_clear(&d);
}

/* a = q b + r with deg r < deg b (b non-zero).  q may be NULL.  r and q may
 * not alias b; r may alias a. */
static void qp_divrem(qpoly *q, qpoly *r, const qpoly *a, const qpoly *b)
{
    qpoly rem;
    mpq_t f, t;
    qp_init(&rem);
    mpq_init(f);
    mpq_init(t);
    qp_set(&rem, a);
    if (q)
        qp_zero(q);
    for (int k = rem.deg - b->deg; k >= 0 && rem.deg >= b->deg; k = rem.deg - b->deg) {
        mpq_div(f, rem.c[rem.deg], b->c[b->deg]);
        if (q) {
            mpq_set(q->c[k], f);
            if (q->deg < k)
                q->deg = k;
        }
        for (int i = 0; i <= b->deg; i++) {
            mpq_mul(t, f, b->c[i]);
            mpq_sub(rem.c[i + k], rem.c[i + k], t);
        }
        mpq_set_ui(rem.c[rem.deg], 0, 1); /* exactly zero by construction */
        trim(&rem);
    }
    qp_set(r, &rem);
    qp_clear(&rem);
    mpq_clear(f);
    mpq_clear(t);
}

/* The squarefree part p / gcd(p, p'), p non-constant.  No aliasing. */
static void qp_squarefree(qpoly *r, const qpoly *p)
{
    qpoly d, g;
    qp_init(&d);
    qp_init(&g);
    qp_deriv(&d, p);
    qp_gcd_int(&g, p, &d);
    if (g.deg > 0)
        qp_divrem(r, &d, p, &g);
    else
        qp_set(r, p); /* squarefree already: p / g is p times a constant */
    qp_primitive(r);
    qp_clear(&d);
    qp_clear(&g);
}

/* r = p / (t - m), for a root m of p.  r may alias p. */
static void qp_deflate(qpoly *r, const qpoly *p, mpq_srcptr m)
{
    qpoly q;
    mpq_t carry, t;
    qp_init(&q);
    mpq_init(carry);
    mpq_init(t);
    for (int i = p->deg; i >= 1; i--) { /* synthetic division */
        mpq_mul(t, carry, m);
        mpq_add(carry, p->c[i], t);
        mpq_set(q.c[i - 1], carry);
    }
    q.deg = p->deg - 1;
    trim(&q);
    qp_set(r, &q);
    qp_clear(&q);
    mpq_clear(carry);
    mpq_clear(t);
}

/* An order-preserving integer image of the doubles (and back). */
static int64_t dkey(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b >> 63 ? -(int64_t)(b & 0x7fffffffffffffffULL) : (int64_t)b;
}

static double dunkey(int64_t k)
{
    uint64_t b = k < 0 ? ((uint64_t)(-k) | 0x8000000000000000ULL) : (uint64_t)k;
    double x;
    memcpy(&x, &b, sizeof x);
    return x;
}

/* m = a point strictly inside (lo, hi) to split at: the middle, or, from
 * the SPLIT_ARITH-th split of one search on, a double near the middle of
 * the doubles' bit patterns when (lo, hi) holds several doubles (a root at
 * 2^-1000 is then reached in about 64 splits, not 1000). */
static void split_at(mpq_ptr m, mpq_srcptr lo, mpq_srcptr hi, int step)
{
    enum { SPLIT_ARITH = 16 };
    if (step >= SPLIT_ARITH) {
        int64_t kl = dkey(q_to_double(lo)), kr = dkey(q_to_double(hi));
        if (kr - kl >= 2) { /* dunkey(kl + 1 .. kr - 1) lies strictly inside */
            mpq_set_d(m, dunkey(kl + (kr - kl) / 2));
            return;
        }
    }
    mpq_add(m, lo, hi);
    mpq_div_2exp(m, m, 1);
}

/* ---- Sturm sequences ---------------------------------------------------------- */

typedef struct {
    int n;
    qpoly s[QP_MAXDEG + 2];
} sturm;

static void sturm_make(sturm *st, const qpoly *f)
{
    for (int i = 0; i < QP_MAXDEG + 2; i++)
        qp_init(&st->s[i]);
    qp_set(&st->s[0], f);
    qp_deriv(&st->s[1], f);
    st->n = 2;
    while (!qp_is_zero(&st->s[st->n - 1]) && st->s[st->n - 1].deg > 0) {
        qpoly *r = &st->s[st->n];
        qp_divrem(NULL, r, &st->s[st->n - 2], &st->s[st->n - 1]);
        for (int i = 0; i <= r->deg; i++)
            mpq_neg(r->c[i], r->c[i]);
        qp_primitive(r); /* a positive factor: the same sign changes */
        st->n++;
    }
}

static void sturm_clear(sturm *st)
{
    for (int i = 0; i < QP_MAXDEG + 2; i++)
        qp_clear(&st->s[i]);
}

/* Sign changes of the sequence at x (zeros skipped). */
static int sturm_var(const sturm *st, mpq_srcptr x)
{
    int v = 0, last = 0;
    for (int i = 0; i < st->n; i++) {
        int s = qp_sign_at(&st->s[i], x);
        if (s != 0) {
            v += last != 0 && s != last;
            last = s;
        }
    }
    return v;
}

/* ---- algebraic numbers -------------------------------------------------------- */

void ra_init(ralg *a)
{
    qp_init(&a->f);
    mpq_init(a->lo);
    mpq_init(a->hi);
    a->rational = true;
    a->slo = 0;
}

void ra_clear(ralg *a)
{
    qp_clear(&a->f);
    mpq_clear(a->lo);
    mpq_clear(a->hi);
}

void ra_set_q(ralg *a, mpq_srcptr q)
{
    mpq_set(a->lo, q);
    mpq_set(a->hi, q);
    a->rational = true;
}

typedef struct {
    ralg *roots;
    int n;
} rootlist;

static void push_q(rootlist *L, mpq_srcptr q) { ra_set_q(&L->roots[L->n++], q); }

/* Roots of the squarefree f in (l, r); f(l), f(r) non-zero; st is f's
 * Sturm sequence. */
static void isolate(rootlist *L, const qpoly *f, const sturm *st, mpq_srcptr l, mpq_srcptr r, int step)
{
    int k = sturm_var(st, l) - sturm_var(st, r);
    if (k <= 0)
        return;
    if (k == 1 || f->deg == 1) {
        ralg *a = &L->roots[L->n++];
        if (f->deg == 1) { /* rational: -c0 / c1 */
            mpq_div(a->lo, f->c[0], f->c[1]);
            mpq_neg(a->lo, a->lo);
            ra_set_q(a, a->lo);
            return;
        }
        qp_set(&a->f, f);
        mpq_set(a->lo, l);
        mpq_set(a->hi, r);
        a->rational = false;
        a->slo = 0;
        return;
    }
    mpq_t m;
    mpq_init(m);
    split_at(m, l, r, step);
    if (qp_sign_at(f, m) == 0) { /* a rational root: keep it, divide it out */
        qpoly g;
        sturm sg;
        qp_init(&g);
        qp_deflate(&g, f, m);
        sturm_make(&sg, &g);
        isolate(L, &g, &sg, l, m, step + 1);
        push_q(L, m);
        isolate(L, &g, &sg, m, r, step + 1);
        sturm_clear(&sg);
        qp_clear(&g);
    } else {
        isolate(L, f, st, l, m, step + 1);
        isolate(L, f, st, m, r, step + 1);
    }
    mpq_clear(m);
}

int ra_roots01(ralg *roots, const qpoly *p)
{
    rootlist L = {roots, 0};
    if (p->deg <= 0)
        return 0;
    qpoly f;
    sturm st;
    mpq_t zero, one;
    qp_init(&f);
    mpq_init(zero);
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    qp_squarefree(&f, p);
    bool at0 = qp_sign_at(&f, zero) == 0, at1 = qp_sign_at(&f, one) == 0;
    if (at0) {
        push_q(&L, zero);
        qp_deflate(&f, &f, zero);
    }
    if (at1)
        qp_deflate(&f, &f, one);
    if (f.deg > 0) {
        sturm_make(&st, &f);
        isolate(&L, &f, &st, zero, one, 0);
        sturm_clear(&st);
    }
    if (at1)
        push_q(&L, one);
    qp_clear(&f);
    mpq_clear(zero);
    mpq_clear(one);
    return L.n;
}

/* Halves a's interval around its root (or finds the root at the midpoint). */
static void ra_bisect(ralg *a, mpq_srcptr m)
{
    int s = qp_sign_at(&a->f, m);
    if (a->slo == 0) /* f's sign at lo never changes: lo only moves to points of that sign */
        a->slo = qp_sign_at(&a->f, a->lo);
    if (s == 0)
        ra_set_q(a, m);
    else if (s == a->slo)
        mpq_set(a->lo, m);
    else
        mpq_set(a->hi, m);
}

/* Does the Taylor expansion of h at m certify h's sign over [m - w, m + w]?
 * Returns that sign, or 0 when |h(m)| <= sum_k>=1 |h_k| w^k. */
static int taylor_sign(const qpoly *h, mpq_srcptr m, mpq_srcptr w)
{
    int sd = qp_taylor_sign_dyadic(h, m, w);
    if (sd != 2)
        return sd;
    qpoly c;
    mpq_t t, bound, wk;
    qp_init(&c);
    mpq_init(t);
    mpq_init(bound);
    mpq_init(wk);
    qp_set(&c, h);
    for (int i = 0; i < c.deg; i++) /* c(x) = h(m + x) by repeated synthetic division */
        for (int j = c.deg - 1; j >= i; j--) {
            mpq_mul(t, m, c.c[j + 1]);
            mpq_add(c.c[j], c.c[j], t);
        }
    mpq_set_ui(wk, 1, 1);
    for (int k = 1; k <= c.deg; k++) {
        mpq_mul(wk, wk, w);
        mpq_abs(t, c.c[k]);
        mpq_mul(t, t, wk);
        mpq_add(bound, bound, t);
    }
    mpq_abs(t, c.c[0]);
    int s = mpq_cmp(t, bound) > 0 ? mpq_sgn(c.c[0]) : 0;
    qp_clear(&c);
    mpq_clear(t);
    mpq_clear(bound);
    mpq_clear(wk);
    return s;
}

static bool zero_at(const ralg *a, const qpoly *h)
{
    qpoly g;
    qp_init(&g);
    qp_gcd_int(&g, &a->f, h);
    /* g divides the squarefree f, so its roots are simple and (lo, hi) holds
     * at most one of them, the number itself when g changes sign there. */
    bool zero = g.deg >= 1 && qp_sign_at(&g, a->lo) != qp_sign_at(&g, a->hi);
    qp_clear(&g);
    return zero;
}

/* Taylor tests on a's interval, shrunk after each failed one (Newton, else
 * split_at's point), up to `tries` or until a is rational: the sign, or 0. */
static int taylor_loop(ralg *a, const qpoly *h, int tries, int *step)
{
    int s = 0;
    long zoom = 64; /* Newton (ra_zoom) after 8 bisections, doubling its bits, until it fails */
    mpq_t m, w;
    mpq_inits(m, w, (mpq_ptr)0);
    for (int i = 0; i < tries && s == 0 && !a->rational; i++) {
        mpq_add(m, a->lo, a->hi);
        mpq_div_2exp(m, m, 1);
        mpq_sub(w, a->hi, a->lo);
        mpq_div_2exp(w, w, 1);
        s = taylor_sign(h, m, w);
        bool zoomed = s == 0 && i >= 8 && zoom <= 16384 && ra_zoom(a, zoom *= 2);
        zoom = s == 0 && i >= 8 && !zoomed ? LONG_MAX : zoom;
        if (s == 0 && !zoomed) {
            split_at(m, a->lo, a->hi, (*step)++);
            ra_bisect(a, m);
        }
    }
    mpq_clears(m, w, (mpq_ptr)0);
    return s;
}

/* The Taylor test first: a certain non-zero sign needs no gcd (most calls);
 * the gcd decides a zero only when TAYLOR_FIRST tests have not. */
int ra_sign(ralg *a, const qpoly *h)
{
    enum { TAYLOR_FIRST = 6 };
    if (a->rational)
        return qp_sign_at(h, a->lo);
    if (qp_is_zero(h))
        return 0;
    int step = 0, s = taylor_loop(a, h, TAYLOR_FIRST, &step);
    if (s != 0)
        return s;
    if (a->rational)
        return qp_sign_at(h, a->lo);
    if (zero_at(a, h))
        return 0;
    s = taylor_loop(a, h, INT_MAX, &step);
    return s != 0 ? s : qp_sign_at(h, a->lo);
}

double ra_to_double(ralg *a)
{
    mpq_t m;
    mpq_init(m);
    double result;
    for (;;) {
        double dl = q_to_double(a->lo), dr = q_to_double(a->hi);
        if (a->rational || dl == dr) {
            result = dl;
            break;
        }
        int64_t kl = dkey(dl), kr = dkey(dr);
        if (kr - kl == 1) { /* neighbours: the midpoint between them decides */
            mpq_set_d(m, dl);
            mpq_t h;
            mpq_init(h);
            mpq_set_d(h, dr);
            mpq_add(m, m, h);
            mpq_div_2exp(m, m, 1);
            mpq_clear(h);
            if (mpq_cmp(m, a->lo) <= 0) {
                result = dr;
                break;
            }
            if (mpq_cmp(m, a->hi) >= 0) {
                result = dl;
                break;
            }
        } else /* a double strictly inside (lo, hi) */
            mpq_set_d(m, dunkey(kl + (kr - kl) / 2));
        ra_bisect(a, m);
    }
    mpq_clear(m);
    return result;
}
