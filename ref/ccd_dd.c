/* ref/ccd_dd.c: the double-double filter of vertex_face_ccd and
 * edge_edge_ccd (issue 14): the exact answer of ref_ccd.h's method, hit and
 * t correctly rounded, certified in floating point, or "undecided" (then
 * ccd_exact runs on GMP).  Derivation: docs/queries/vertex_face_ccd.md,
 * "ref: the double-double filter".
 *
 * Numbers.  A dde is x = hi + lo (a double-double, |lo| <= 2^-53 |hi|)
 * with a bound err: |exact - x| <= err.  dd_add and dd_mul err by at most
 * DD_EPS (|a.hi| + |b.hi|) and DD_EPS |a.hi| |b.hi| (+ DD_ETA for underflow,
 * on any operands); dde_add and dde_mul carry that and the operands' err
 * forward (|X Y - x y| <= |x| eY + |y| eX + eX eY).  Every err is a sum and
 * product of non-negative doubles rounded to nearest, fewer than 16
 * roundings, so multiplying by ERR_UP = 1 + 2^-40 and adding DD_ETA makes
 * it an upper bound.
 *
 * Method (all of it only sound statements; any doubt returns false):
 *  1. the input is scaled by a power of two to max |x| near 2^200 (exact,
 *     checked; t and every sign are unchanged: the polynomials are
 *     homogeneous);
 *  2. the coplanarity cubic f and the side functions (quartics) are built
 *     as dde polynomials in t;
 *  3. [0, 1] is split at dyadic midpoints; a piece is root-free when the
 *     Taylor expansion of f at its middle proves |f| > 0 on it, and holds
 *     exactly one simple root when it proves f' != 0 there and f has
 *     certain opposite signs at its ends (none when they agree);
 *  4. each root's bracket is bisected on doubles down to two neighbouring
 *     doubles dl < dr; the sign of f at their midpoint (a dde, exact) gives
 *     the nearest double (a certain sign: never a tie);
 *  5. the side functions at the root: s(dl) +- max|s'| (dr - dl); all
 *     certainly positive: a contact, the earliest (every earlier root was
 *     certainly not one); one certainly negative: not a contact.
 */
#include "ref_ccd.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#define DD_EPS 0x1p-101
#define DD_ETA 0x1p-1040
#define ERR_UP (1 + 0x1p-40)
#define ABS_UP (1 + 0x1p-50)   /* |hi + lo| <= |hi| ABS_UP */
#define ABS_DOWN (1 - 0x1p-50) /* fl(|hi| ABS_DOWN) <= |hi| - |lo| */

enum { CUB = 4, QRT = 5, MAX_BRACKETS = 8, ISO_DEPTH = 40, ISO_BUDGET = 400,
       REFINE_STEPS = 8, REFINE_ROUNDS = 6 };

typedef struct {
    double hi, lo, err;
} dde;

static double two_sum(double a, double b, double *e)
{
    double s = a + b, bv = s - a, av = s - bv;
    *e = (a - av) + (b - bv);
    return s;
}

static double two_prod(double a, double b, double *e)
{
    const double k = 134217729.0; /* 2^27 + 1: Veltkamp's split */
    double p = a * b, ca = k * a, cb = k * b;
    double ah = ca - (ca - a), al = a - ah, bh = cb - (cb - b), bl = b - bh;
    *e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    return p;
}

static dde dde_d(double x) { return (dde){x, 0, 0}; }

/* The exact difference of two doubles (no overflow after scaling). */
static dde dde_diff(double a, double b)
{
    dde r;
    r.hi = two_sum(a, -b, &r.lo);
    r.err = 0;
    return r;
}

static dde dde_add(dde a, dde b)
{
    double e, f, g, h, s = two_sum(a.hi, b.hi, &e), t = two_sum(a.lo, b.lo, &f);
    dde r;
    g = e + t;
    s = two_sum(s, g, &e);
    h = e + f;
    r.hi = two_sum(s, h, &r.lo);
    r.err = (a.err + b.err + DD_EPS * (fabs(a.hi) + fabs(b.hi))) * ERR_UP + DD_ETA;
    return r;
}

static dde dde_neg(dde a) { return (dde){-a.hi, -a.lo, a.err}; }
static dde dde_sub(dde a, dde b) { return dde_add(a, dde_neg(b)); }

static dde dde_mul(dde a, dde b)
{
    double e, p = two_prod(a.hi, b.hi, &e);
    double q = a.hi * b.lo + a.lo * b.hi;
    dde r;
    r.hi = two_sum(p, e + q, &r.lo);
    double ah = fabs(a.hi) * ABS_UP, bh = fabs(b.hi) * ABS_UP;
    r.err = (ah * b.err + bh * a.err + a.err * b.err + DD_EPS * ah * bh) * ERR_UP + DD_ETA;
    return r;
}

/* An upper bound of |x|. */
static double up_abs(dde x) { return (fabs(x.hi) * ABS_UP + x.err) * ERR_UP; }

/* Is |x| > bound certainly (bound an upper bound of something)? */
static bool above(dde x, double bound) { return fabs(x.hi) * ABS_DOWN > (x.err + bound) * ERR_UP; }

/* The certain sign of x (0: not certain). */
static int dde_sign(dde x) { return above(x, 0) ? (x.hi > 0 ? 1 : -1) : 0; }

/* ---- polynomials in t: c[0] + c[1] t + ..., QRT coefficients ---------------- */

typedef struct {
    dde c[QRT];
} ddp;

typedef struct {
    ddp x[3];
} ddp3;

static ddp ddp_zero(void)
{
    ddp r;
    for (int i = 0; i < QRT; i++)
        r.c[i] = dde_d(0);
    return r;
}

static ddp ddp_sub(const ddp *a, const ddp *b)
{
    ddp r;
    for (int i = 0; i < QRT; i++)
        r.c[i] = dde_sub(a->c[i], b->c[i]);
    return r;
}

/* a b, degrees da + db < QRT; coefficients above the degrees must be 0. */
static ddp ddp_mul(const ddp *a, int da, const ddp *b, int db)
{
    ddp r = ddp_zero();
    for (int i = 0; i <= da; i++)
        for (int j = 0; j <= db; j++)
            r.c[i + j] = dde_add(r.c[i + j], dde_mul(a->c[i], b->c[j]));
    return r;
}

static ddp3 ddp3_sub(const ddp3 *a, const ddp3 *b)
{
    ddp3 r;
    for (int i = 0; i < 3; i++)
        r.x[i] = ddp_sub(&a->x[i], &b->x[i]);
    return r;
}

static ddp3 ddp3_cross(const ddp3 *a, int da, const ddp3 *b, int db)
{
    ddp3 r;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        ddp u = ddp_mul(&a->x[j], da, &b->x[k], db), v = ddp_mul(&a->x[k], da, &b->x[j], db);
        r.x[i] = ddp_sub(&u, &v);
    }
    return r;
}

static ddp ddp3_dot(const ddp3 *a, int da, const ddp3 *b, int db)
{
    ddp r = ddp_zero();
    for (int i = 0; i < 3; i++) {
        ddp u = ddp_mul(&a->x[i], da, &b->x[i], db);
        for (int k = 0; k < QRT; k++)
            r.c[k] = dde_add(r.c[k], u.c[k]);
    }
    return r;
}

/* p at t (a dde; Horner over n coefficients). */
static dde ddp_at(const ddp *p, int n, dde t)
{
    dde r = p->c[n - 1];
    for (int i = n - 2; i >= 0; i--)
        r = dde_add(dde_mul(r, t), p->c[i]);
    return r;
}

/* The coefficients of p(m + x) (repeated synthetic division). */
static ddp ddp_shift(const ddp *p, int n, double m)
{
    ddp c = *p;
    for (int i = 0; i < n - 1; i++)
        for (int j = n - 2; j >= i; j--)
            c.c[j] = dde_add(c.c[j], dde_mul(c.c[j + 1], dde_d(m)));
    return c;
}

/* ---- the input -------------------------------------------------------------- */

/* x = in scaled by a power of two to max |x| in [2^(SCALE_TOP-1), 2^SCALE_TOP);
 * false when that is not exact (a value would lose bits below 2^-1074) or
 * all are zero (then the exact path decides).  SCALE_TOP = 200 keeps every
 * value below 2^830, far from overflow: differences are below 2^203, the
 * products of two linear ones' coefficients below 2^408 (cross products),
 * the quartics' below 2^822 (dot products: 3 terms of at most 3 products),
 * Taylor shifts at m in [0, 1] add at most 2^4 * 5, and every operand of a
 * product (Veltkamp's split included) stays below 2^860.  The smaller
 * values keep 2^1270 of range: DBL_MAX beside 1 is scaled exactly (their
 * products may underflow: DD_ETA covers that, the signs become uncertain). */
static bool scale(const double *in, double *x)
{
    enum { SCALE_TOP = 200 };
    double s = 0;
    for (int i = 0; i < CCD_N_IN; i++)
        s = fmax(s, fabs(in[i]));
    if (!(s > 0))
        return false;
    int e;
    frexp(s, &e);
    for (int i = 0; i < CCD_N_IN; i++) {
        x[i] = ldexp(in[i], SCALE_TOP - e);
        if (ldexp(x[i], e - SCALE_TOP) != in[i])
            return false;
    }
    return true;
}

/* Vertex k relative to vertex 0 of the scaled input, linear in t:
 * (x_k - x_0)(0) + t ((x_k - x_0)(1) - (x_k - x_0)(0)). */
static ddp3 rel_motion(const double *x, int k, int base)
{
    ddp3 r;
    for (int i = 0; i < 3; i++) {
        dde d0 = dde_diff(x[3 * k + i], x[3 * base + i]);
        dde d1 = dde_diff(x[12 + 3 * k + i], x[12 + 3 * base + i]);
        r.x[i] = ddp_zero();
        r.x[i].c[0] = d0;
        r.x[i].c[1] = dde_sub(d1, d0);
    }
    return r;
}

/* ---- root isolation ---------------------------------------------------------- */

typedef struct {
    double a, b; /* f(a), f(b) of certain opposite signs, one simple root between */
    int sa;      /* the sign of f(a) */
} bracket;

typedef struct {
    ddp f; /* the coplanarity cubic (CUB coefficients) */
    bracket br[MAX_BRACKETS];
    int n, budget;
} iso;

/* Upper bounds of sum_k>=1 |g_k| w^k and of sum_k>=2 k |g_k| w^(k-1). */
static void taylor_bounds(const ddp *g, double w, double *b0, double *b1)
{
    double s0 = 0, s1 = 0, wk = 1;
    for (int k = 1; k < CUB; k++) {
        double ak = up_abs(g->c[k]);
        s1 += k > 1 ? k * ak * wk : 0;
        wk *= w;
        s0 += ak * wk;
    }
    *b0 = s0 * ERR_UP;
    *b1 = s1 * ERR_UP;
}

/* The roots of f in the dyadic piece [a, b], ascending; false when they
 * cannot be certified. */
static bool isolate(iso *s, double a, double b, int depth)
{
    if (--s->budget < 0)
        return false;
    double m = 0.5 * (a + b), w = 0.5 * (b - a); /* exact: dyadic pieces of [0, 1] */
    ddp g = ddp_shift(&s->f, CUB, m);
    double b0, b1;
    taylor_bounds(&g, w, &b0, &b1);
    if (above(g.c[0], b0)) /* |f| > 0 on [a, b] */
        return true;
    if (above(g.c[1], b1)) { /* f' != 0 on [a, b]: at most one root */
        int sa = dde_sign(ddp_at(&s->f, CUB, dde_d(a))), sb = dde_sign(ddp_at(&s->f, CUB, dde_d(b)));
        if (sa == 0 || sb == 0 || s->n == MAX_BRACKETS)
            return false;
        if (sa != sb)
            s->br[s->n++] = (bracket){a, b, sa};
        return true;
    }
    if (depth == 0)
        return false;
    return isolate(s, a, m, depth - 1) && isolate(s, m, b, depth - 1);
}

/* An order-preserving integer image of the non-negative doubles. */
static int64_t dkey(double x)
{
    int64_t k;
    memcpy(&k, &x, sizeof k);
    return k;
}

static double dunkey(int64_t k)
{
    double x;
    memcpy(&x, &k, sizeof x);
    return x;
}

/* The exact double-double base + x (x a small offset). */
static dde dd_point(double base, double x)
{
    dde r;
    r.hi = two_sum(base, x, &r.lo);
    r.err = 0;
    return r;
}

/* The sign of f at the double x (0: not certain). */
static int sign_at(const ddp *f, double x) { return dde_sign(ddp_at(f, CUB, dde_d(x))); }

/* A double near the root in br (Newton's method on the binary64 parts of
 * f's coefficients), or the middle of br; only a starting guess. */
static double guess(const ddp *f, const bracket *br)
{
    double x = 0.5 * (br->a + br->b);
    for (int it = 0; it < 8; it++) {
        double v = f->c[CUB - 1].hi, d = 0;
        for (int i = CUB - 2; i >= 0; i--) {
            d = d * x + v;
            v = v * x + f->c[i].hi;
        }
        double y = x - v / d;
        if (!(y > br->a && y < br->b))
            break;
        x = y;
    }
    return x;
}

/* Shrinks br around its root (keys ka < kb of its ends) from a guess x:
 * steps of 1, 2, 4, ... doubles from x towards the root. */
static bool gallop(const ddp *f, const bracket *br, int64_t *ka, int64_t *kb, double x)
{
    int64_t kx = dkey(x);
    if (!(kx > *ka && kx < *kb))
        return true;
    int s = sign_at(f, x);
    if (s == 0)
        return false;
    int dir = s == br->sa ? 1 : -1;
    *(dir > 0 ? ka : kb) = kx;
    for (int64_t d = 1; d < (1LL << 40); d *= 2) {
        int64_t k = kx + dir * d;
        if (!(k > *ka && k < *kb))
            return true;
        s = sign_at(f, dunkey(k));
        if (s == 0)
            return false;
        if ((s == br->sa) != (dir > 0)) {
            *(dir > 0 ? kb : ka) = k;
            return true;
        }
        *(dir > 0 ? ka : kb) = k;
    }
    return true;
}

/* Narrows br to two neighbouring doubles and rounds its root to nearest
 * into *t; false when a sign is not certain (a tie among them). */
static bool narrow(const ddp *f, bracket *br, double *t)
{
    int64_t ka = dkey(br->a), kb = dkey(br->b);
    if (!gallop(f, br, &ka, &kb, guess(f, br)))
        return false;
    while (kb - ka > 1) {
        int64_t km = ka + (kb - ka) / 2;
        int s = sign_at(f, dunkey(km));
        if (s == 0)
            return false;
        if (s == br->sa)
            ka = km;
        else
            kb = km;
    }
    br->a = dunkey(ka);
    br->b = dunkey(kb);
    double h = 0.5 * (br->b - br->a);
    if (!(h >= 0x1p-1000))
        return false;
    int s = dde_sign(ddp_at(f, CUB, dd_point(br->a, h)));
    if (s == 0)
        return false;
    *t = s == br->sa ? br->b : br->a; /* the root is beyond mid, or before it */
    return true;
}

/* The certain sign of the quartic p at a root in [a, a + w] (0: unknown):
 * p(a) +- max_[0,1] |p'| w. */
static int sign_near(const ddp *p, dde a, double w)
{
    double lip = 0;
    for (int k = 1; k < QRT; k++)
        lip += k * up_abs(p->c[k]);
    dde v = ddp_at(p, QRT, a);
    return above(v, lip * ERR_UP * w * ERR_UP) ? (v.hi > 0 ? 1 : -1) : 0;
}

/* ---- the side functions ------------------------------------------------------- */

typedef struct {
    ddp s[4];
    int n;
} sides;

/* Vertex-face, relative to p: ((x_j - x_i) x (p - x_i)).n for the edges
 * ab, bc, ca, n = (b - a) x (c - a); as ccd_exact's inner_side. */
static void vf_sides(sides *S, const ddp3 *R)
{
    static const int edge[3][2] = {{1, 2}, {2, 3}, {3, 1}};
    ddp3 zero, e1 = ddp3_sub(&R[2], &R[1]), e2 = ddp3_sub(&R[3], &R[1]);
    for (int i = 0; i < 3; i++)
        zero.x[i] = ddp_zero();
    ddp3 n = ddp3_cross(&e1, 1, &e2, 1);
    for (int k = 0; k < 3; k++) {
        const ddp3 *xi = &R[edge[k][0]], *xj = &R[edge[k][1]];
        ddp3 e = ddp3_sub(xj, xi), w = ddp3_sub(&zero, xi);
        ddp3 c = ddp3_cross(&e, 1, &w, 1);
        S->s[k] = ddp3_dot(&c, 2, &n, 2);
    }
    S->n = 3;
}

/* Edge-edge, relative to a: u m.m, m.m - u m.m, v m.m, m.m - v m.m with
 * m = (b - a) x (d - c), u m.m = ((c - a) x (d - c)).m, v m.m =
 * ((c - a) x (b - a)).m; as ccd_exact's ee_at. */
static void ee_sides(sides *S, const ddp3 *R)
{
    ddp3 e2 = ddp3_sub(&R[3], &R[2]);
    ddp3 m = ddp3_cross(&R[1], 1, &e2, 1);
    ddp3 x1 = ddp3_cross(&R[2], 1, &e2, 1), x2 = ddp3_cross(&R[2], 1, &R[1], 1);
    ddp mm = ddp3_dot(&m, 2, &m, 2);
    S->s[0] = ddp3_dot(&x1, 2, &m, 2);
    S->s[1] = ddp_sub(&mm, &S->s[0]);
    S->s[2] = ddp3_dot(&x2, 2, &m, 2);
    S->s[3] = ddp_sub(&mm, &S->s[2]);
    S->n = 4;
}

/* At the root in [a, a + w]: 1 a contact, 0 not one, -1 unknown. */
static int contact(const sides *S, dde a, double w)
{
    int pos = 0;
    for (int k = 0; k < S->n; k++) {
        int s = sign_near(&S->s[k], a, w);
        if (s < 0)
            return 0;
        pos += s > 0;
    }
    return pos == S->n ? 1 : -1;
}

/* Contact at the root of br (narrowed to neighbouring doubles): the side
 * functions over br, then over double-double sub-brackets base + [xl, xh]
 * (bisection on f's sign, REFINE_STEPS at a time) while unknown. */
static int contact_at(const ddp *f, const sides *S, const bracket *br)
{
    double base = br->a, xl = 0, xh = br->b - br->a; /* exact: neighbours */
    for (int round = 0;; round++) {
        int r = contact(S, dd_point(base, xl), xh - xl);
        if (r >= 0 || round == REFINE_ROUNDS)
            return r;
        for (int i = 0; i < REFINE_STEPS; i++) {
            double xm = 0.5 * (xl + xh);
            if (!(xm > xl && xm < xh))
                return -1;
            int s = dde_sign(ddp_at(f, CUB, dd_point(base, xm)));
            if (s == 0)
                return -1;
            if (s == br->sa)
                xl = xm;
            else
                xh = xm;
        }
    }
}

bool ccd_dd_decide(ccd_kind kind, const double *in, double *out)
{
    double x[CCD_N_IN];
    if (!scale(in, x))
        return false;
    ddp3 R[4];
    for (int k = 1; k < 4; k++)
        R[k] = rel_motion(x, k, 0);
    iso s;
    ddp3 c = ddp3_cross(&R[1], 1, &R[2], 1);
    s.f = ddp3_dot(&c, 2, &R[3], 1);
    s.n = 0;
    s.budget = ISO_BUDGET;
    bool nonzero = false; /* f is certainly not the zero polynomial */
    for (int k = 0; k < CUB; k++)
        nonzero |= dde_sign(s.f.c[k]) != 0;
    if (!nonzero || !isolate(&s, 0, 1, ISO_DEPTH))
        return false;
    sides S;
    if (s.n > 0) {
        if (kind == CCD_VERTEX_FACE)
            vf_sides(&S, R);
        else
            ee_sides(&S, R);
    }
    for (int i = 0; i < s.n; i++) {
        double t;
        if (!narrow(&s.f, &s.br[i], &t))
            return false;
        int r = contact_at(&s.f, &S, &s.br[i]);
        if (r < 0)
            return false;
        if (r > 0) {
            out[CCD_OUT_HIT] = 1;
            out[CCD_OUT_T] = t;
            return true;
        }
    }
    out[CCD_OUT_HIT] = 0;
    out[CCD_OUT_T] = 0;
    return true;
}
