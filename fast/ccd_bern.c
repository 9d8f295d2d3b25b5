/* fast/ccd_bern.c: the polynomials a contact must satisfy, in Bernstein
 * form on a time piece, with interval coefficients (fast_ccd.h).
 *
 * Every vertex relative to vertex a moves affinely, r(t) = r0 + t (r1 - r0);
 * the coplanarity determinant (degree 3) and the side functions (degree 4)
 * are products of those, so their coefficients in powers of t are computed
 * once, as intervals (the interval operations enclose each rounding), and
 * converted to the Bernstein basis of [0, 1].  A child piece's coefficients
 * come from its parent's by de Casteljau's midpoint split, again in
 * intervals.  On a piece the polynomial's values lie in the hull of its
 * Bernstein coefficients, and that hull shrinks to the range quadratically
 * with the piece's width (the naive interval tests of fast/ccd_common.c
 * converge linearly). */
#include "fast_ccd.h"

typedef struct {
    fiv c[5];
    int deg;
} fpoly; /* power basis */

typedef struct {
    fpoly x[3];
} fpoly3;

static fpoly fp_add(fpoly a, fpoly b, int sign)
{
    fpoly r = {{{0, 0}}, a.deg > b.deg ? a.deg : b.deg};
    for (int i = 0; i <= r.deg; i++) {
        fiv x = i <= a.deg ? a.c[i] : (fiv){0, 0}, y = i <= b.deg ? b.c[i] : (fiv){0, 0};
        r.c[i] = sign > 0 ? fiv_add(x, y) : fiv_sub(x, y);
    }
    return r;
}

static fpoly fp_mul(fpoly a, fpoly b)
{
    fpoly r = {{{0, 0}}, a.deg + b.deg};
    for (int i = 0; i <= a.deg; i++)
        for (int j = 0; j <= b.deg; j++)
            r.c[i + j] = fiv_add(r.c[i + j], fiv_mul(a.c[i], b.c[j]));
    return r;
}

static fpoly3 fp3_sub(fpoly3 a, fpoly3 b)
{
    for (int i = 0; i < 3; i++)
        a.x[i] = fp_add(a.x[i], b.x[i], -1);
    return a;
}

static fpoly3 fp3_cross(fpoly3 a, fpoly3 b)
{
    fpoly3 r;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        r.x[i] = fp_add(fp_mul(a.x[j], b.x[k]), fp_mul(a.x[k], b.x[j]), -1);
    }
    return r;
}

static fpoly fp3_dot(fpoly3 a, fpoly3 b)
{
    return fp_add(fp_add(fp_mul(a.x[0], b.x[0]), fp_mul(a.x[1], b.x[1]), 1), fp_mul(a.x[2], b.x[2]), 1);
}

/* vertex k minus vertex base, as an affine polynomial */
static fpoly3 rel(const isect_ccd_frame *t0, const isect_ccd_frame *t1, int k, int base)
{
    fpoly3 r;
    for (int i = 0; i < 3; i++) {
        double a0 = fccd_comp(&t0->v[k], i), a1 = fccd_comp(&t1->v[k], i);
        double b0 = fccd_comp(&t0->v[base], i), b1 = fccd_comp(&t1->v[base], i);
        fiv d0 = fiv_sub((fiv){a0, a0}, (fiv){b0, b0}), d1 = fiv_sub((fiv){a1, a1}, (fiv){b1, b1});
        r.x[i] = (fpoly){{d0, fiv_sub(d1, d0)}, 1};
    }
    return r;
}

/* Bernstein coefficients on [0, 1] of degree n (the polynomial's degree is
 * raised to n): b_j = sum_{i <= j} C(j, i) / C(n, i) p_i.  Each weight as the enclosing pair of doubles (equal where
 * the ratio is a double: 1, 1/2, 1/4, 3/4; the neighbours of 1/3, 2/3, 1/6
 * otherwise); the weight of p_0 is 1 in every row, and a weight 1 is no
 * product at all. */
static const fiv bern_w[2][5][5] = {
    {{{1, 1}},
     {{1, 1}, {0x1.5555555555555p-2, 0x1.5555555555556p-2}},
     {{1, 1}, {0x1.5555555555555p-1, 0x1.5555555555556p-1}, {0x1.5555555555555p-2, 0x1.5555555555556p-2}},
     {{1, 1}, {1, 1}, {1, 1}, {1, 1}}},
    {{{1, 1}},
     {{1, 1}, {0.25, 0.25}},
     {{1, 1}, {0.5, 0.5}, {0x1.5555555555555p-3, 0x1.5555555555556p-3}},
     {{1, 1}, {0.75, 0.75}, {0.5, 0.5}, {0.25, 0.25}},
     {{1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}}}};

static void to_bernstein(fpoly p, int n, fiv *b)
{
    const fiv(*w)[5] = bern_w[n == 4];
    for (int j = 0; j <= n; j++) {
        fiv s = p.c[0];
        for (int i = 1; i <= j && i <= p.deg; i++)
            s = fiv_add(s, w[j][i].lo == 1 ? p.c[i] : fiv_mul_nonneg(p.c[i], w[j][i].lo, w[j][i].hi));
        b[j] = s;
    }
}

static void put(fccd_bern *B, fccd_power *P, int k, fpoly p, int n)
{
    B->deg[k] = P->deg[k] = n;
    for (int i = 0; i <= n; i++)
        P->c[k][i] = i <= p.deg ? p.c[i] : (fiv){0, 0};
    to_bernstein(p, n, B->c[k]);
}

static bool init_dp(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, fccd_bern *B, fccd_power *W);

bool fccd_bern_init(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, fccd_bern *B, fccd_power *W,
                    double S)
{
    if (S >= 0x1p-100 && S <= 0x1p100)
        return init_dp(kind, t0, t1, B, W);
    if (kind == FCCD_VERTEX_FACE) {
        /* relative to a: P = p - a, the edges B, C; n = B x C;
         * det = P.n; sides (B x P).n, ((C - B) x (P - B)).n, ((-C) x (P - C)).n */
        fpoly3 P = rel(t0, t1, 0, 1), Bv = rel(t0, t1, 2, 1), C = rel(t0, t1, 3, 1);
        fpoly3 n = fp3_cross(Bv, C), Z = fp3_sub(C, C);
        put(B, W, 0, fp3_dot(P, n), 3);
        put(B, W, 1, fp3_dot(fp3_cross(Bv, P), n), 4);
        put(B, W, 2, fp3_dot(fp3_cross(fp3_sub(C, Bv), fp3_sub(P, Bv)), n), 4);
        put(B, W, 3, fp3_dot(fp3_cross(fp3_sub(Z, C), fp3_sub(P, C)), n), 4);
        B->count = W->count = 4;
    } else {
        /* relative to a: e1 = b - a, e2 = d - c, w = c - a, m = e1 x e2;
         * m.(d - a); su = (w x e2).m, sv = (w x e1).m and m.m - su, m.m - sv */
        fpoly3 e1 = rel(t0, t1, 1, 0), w = rel(t0, t1, 2, 0), D = rel(t0, t1, 3, 0);
        fpoly3 e2 = fp3_sub(D, w), m = fp3_cross(e1, e2);
        fpoly mm = fp3_dot(m, m), su = fp3_dot(fp3_cross(w, e2), m), sv = fp3_dot(fp3_cross(w, e1), m);
        put(B, W, 0, fp3_dot(m, D), 3);
        put(B, W, 1, su, 4);
        put(B, W, 2, sv, 4);
        put(B, W, 3, fp_add(mm, su, -1), 4);
        put(B, W, 4, fp_add(mm, sv, -1), 4);
        B->count = W->count = 5;
    }
    return false;
}

/* ---- the same polynomials in binary64 with an a-priori error bound ----
 * Each coefficient is computed in round-to-nearest (v) beside its magnitude
 * shadow (m): the same expression with every input replaced by its absolute
 * value and every subtraction by an addition.  For an expression of +, -, x
 * whose every path from an input to the result passes at most k roundings,
 * |fl(E) - E| <= gamma_k shadow(E) (Higham 3.1, 3.3: each term of the
 * expanded E carries at most k factors (1 + delta), |delta| <= u); the shadow
 * computed in binary64 (all terms >= 0) is at least (1 - u)^k times the
 * exact one.  The count of roundings and the range: fast/fast_bounds.h,
 * FB_CCD_POLY. */
/* The polynomials have fixed degrees (affine differences, quadratic cross
 * products, cubic and quartic dots), so each degree is its own type and
 * every product is written out: the straight-line code costs a fraction of
 * the former generic loops (issue 14; the same operations in the same
 * order, so the values are those of the loops, bit for bit).  dp1 .. dp4:
 * the values v and shadows m of an affine ... quartic polynomial. */
typedef struct {
    double v[2], m[2];
} dp1;
typedef struct {
    double v[3], m[3];
} dp2;
typedef struct {
    double v[4], m[4];
} dp3;
typedef struct {
    double v[5], m[5];
} dp4;
typedef struct {
    dp1 x[3];
} dp1v;
typedef struct {
    dp2 x[3];
} dp2v;

#if defined(__GNUC__) || defined(__clang__)
#define DP_INLINE inline __attribute__((always_inline)) /* a hint: plain C11 without it */
#else
#define DP_INLINE inline
#endif

/* c_k = sum over i + j = k of a_i b_j, accumulated in increasing i; the
 * shadow likewise from the shadows. */
static DP_INLINE dp2 dp_mul11(const dp1 *a, const dp1 *b)
{
    dp2 r;
    r.v[0] = a->v[0] * b->v[0], r.m[0] = a->m[0] * b->m[0];
    r.v[1] = a->v[0] * b->v[1] + a->v[1] * b->v[0], r.m[1] = a->m[0] * b->m[1] + a->m[1] * b->m[0];
    r.v[2] = a->v[1] * b->v[1], r.m[2] = a->m[1] * b->m[1];
    return r;
}

static DP_INLINE dp3 dp_mul12(const dp1 *a, const dp2 *b)
{
    dp3 r;
    r.v[0] = a->v[0] * b->v[0], r.m[0] = a->m[0] * b->m[0];
    r.v[1] = a->v[0] * b->v[1] + a->v[1] * b->v[0], r.m[1] = a->m[0] * b->m[1] + a->m[1] * b->m[0];
    r.v[2] = a->v[0] * b->v[2] + a->v[1] * b->v[1], r.m[2] = a->m[0] * b->m[2] + a->m[1] * b->m[1];
    r.v[3] = a->v[1] * b->v[2], r.m[3] = a->m[1] * b->m[2];
    return r;
}

static DP_INLINE dp3 dp_mul21(const dp2 *a, const dp1 *b)
{
    dp3 r;
    r.v[0] = a->v[0] * b->v[0], r.m[0] = a->m[0] * b->m[0];
    r.v[1] = a->v[0] * b->v[1] + a->v[1] * b->v[0], r.m[1] = a->m[0] * b->m[1] + a->m[1] * b->m[0];
    r.v[2] = a->v[1] * b->v[1] + a->v[2] * b->v[0], r.m[2] = a->m[1] * b->m[1] + a->m[2] * b->m[0];
    r.v[3] = a->v[2] * b->v[1], r.m[3] = a->m[2] * b->m[1];
    return r;
}

static DP_INLINE dp4 dp_mul22(const dp2 *a, const dp2 *b)
{
    dp4 r;
    r.v[0] = a->v[0] * b->v[0], r.m[0] = a->m[0] * b->m[0];
    r.v[1] = a->v[0] * b->v[1] + a->v[1] * b->v[0], r.m[1] = a->m[0] * b->m[1] + a->m[1] * b->m[0];
    r.v[2] = a->v[0] * b->v[2] + a->v[1] * b->v[1] + a->v[2] * b->v[0];
    r.m[2] = a->m[0] * b->m[2] + a->m[1] * b->m[1] + a->m[2] * b->m[0];
    r.v[3] = a->v[1] * b->v[2] + a->v[2] * b->v[1], r.m[3] = a->m[1] * b->m[2] + a->m[2] * b->m[1];
    r.v[4] = a->v[2] * b->v[2], r.m[4] = a->m[2] * b->m[2];
    return r;
}

/* a + sign b, coefficient by coefficient, on n + 1 coefficients (the
 * shadows add) */
#define DP_ADD(r, a, b, sign, n)                                                                                       \
    do {                                                                                                               \
        for (int i_ = 0; i_ <= (n); i_++) {                                                                            \
            (r).v[i_] = (sign) > 0 ? (a).v[i_] + (b).v[i_] : (a).v[i_] - (b).v[i_];                                    \
            (r).m[i_] = (a).m[i_] + (b).m[i_];                                                                         \
        }                                                                                                              \
    } while (0)

static DP_INLINE dp1v dp1v_sub(const dp1v *a, const dp1v *b)
{
    dp1v r;
    for (int i = 0; i < 3; i++)
        DP_ADD(r.x[i], a->x[i], b->x[i], -1, 1);
    return r;
}

static DP_INLINE dp2v dp1v_cross(const dp1v *a, const dp1v *b)
{
    dp2v r;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        dp2 p = dp_mul11(&a->x[j], &b->x[k]), q = dp_mul11(&a->x[k], &b->x[j]);
        DP_ADD(r.x[i], p, q, -1, 2);
    }
    return r;
}

/* a.b for affine a and quadratic b (a cubic), and for two quadratics (a
 * quartic): (p0 + p1) + p2 */
static DP_INLINE dp3 dp_dot12(const dp1v *a, const dp2v *b)
{
    dp3 p = dp_mul12(&a->x[0], &b->x[0]), q = dp_mul12(&a->x[1], &b->x[1]), r = dp_mul12(&a->x[2], &b->x[2]);
    DP_ADD(p, p, q, 1, 3);
    DP_ADD(p, p, r, 1, 3);
    return p;
}

static DP_INLINE dp3 dp_dot21(const dp2v *a, const dp1v *b)
{
    dp3 p = dp_mul21(&a->x[0], &b->x[0]), q = dp_mul21(&a->x[1], &b->x[1]), r = dp_mul21(&a->x[2], &b->x[2]);
    DP_ADD(p, p, q, 1, 3);
    DP_ADD(p, p, r, 1, 3);
    return p;
}

static DP_INLINE dp4 dp_dot22(const dp2v *a, const dp2v *b)
{
    dp4 p = dp_mul22(&a->x[0], &b->x[0]), q = dp_mul22(&a->x[1], &b->x[1]), r = dp_mul22(&a->x[2], &b->x[2]);
    DP_ADD(p, p, q, 1, 4);
    DP_ADD(p, p, r, 1, 4);
    return p;
}

/* vertex k minus vertex base, affine: d0 = k0 - base0, slope (k1 - base1) - d0 */
static DP_INLINE dp1v dp_rel(const isect_ccd_frame *t0, const isect_ccd_frame *t1, int k, int base)
{
    dp1v r;
    for (int i = 0; i < 3; i++) {
        double a0 = fccd_comp(&t0->v[k], i), a1 = fccd_comp(&t1->v[k], i);
        double b0 = fccd_comp(&t0->v[base], i), b1 = fccd_comp(&t1->v[base], i);
        double d0 = a0 - b0, d1 = a1 - b1, m0 = fabs(a0) + fabs(b0);
        r.x[i] = (dp1){{d0, d1 - d0}, {m0, fabs(a1) + fabs(b1) + m0}};
    }
    return r;
}

/* A coefficient v with shadow m, widened by its bound. */
static DP_INLINE fiv dp_widen(double v, double m)
{
    double e = m * FB_CCD_POLY + FB_CCD_POLY_ABS;
    return (fiv){down(v - e), up(v + e)};
}

/* Polynomial k of degree n (3 or 4; v, m its n + 1 coefficients and
 * shadows) into W (powers of t) and B (Bernstein basis of [0, 1]: b_j =
 * sum_{i <= j} C(j, i) / C(n, i) p_i), each widened by its bound.  The sums
 * written out, in increasing i as the former loop over a table of the
 * weights (the same roundings, so the same bits; weight 1 is no product). */
static DP_INLINE void dp_put(fccd_bern *B, fccd_power *W, int k, const double *v, const double *m, int n)
{
    B->deg[k] = W->deg[k] = n;
    for (int j = 0; j <= n; j++)
        W->c[k][j] = dp_widen(v[j], m[j]);
    fiv *b = B->c[k];
    b[0] = dp_widen(v[0], m[0]);
    if (n == 4) {
        b[1] = dp_widen(v[0] + 0.25 * v[1], m[0] + 0.25 * m[1]);
        b[2] = dp_widen(v[0] + 0.5 * v[1] + (1.0 / 6) * v[2], m[0] + 0.5 * m[1] + (1.0 / 6) * m[2]);
        b[3] = dp_widen(v[0] + 0.75 * v[1] + 0.5 * v[2] + 0.25 * v[3], m[0] + 0.75 * m[1] + 0.5 * m[2] + 0.25 * m[3]);
        b[4] = dp_widen(v[0] + v[1] + v[2] + v[3] + v[4], m[0] + m[1] + m[2] + m[3] + m[4]);
    } else {
        b[1] = dp_widen(v[0] + (1.0 / 3) * v[1], m[0] + (1.0 / 3) * m[1]);
        b[2] = dp_widen(v[0] + (2.0 / 3) * v[1] + (1.0 / 3) * v[2], m[0] + (2.0 / 3) * m[1] + (1.0 / 3) * m[2]);
        b[3] = dp_widen(v[0] + v[1] + v[2] + v[3], m[0] + m[1] + m[2] + m[3]);
    }
}

/* f's Bernstein coefficients on [0, 1] all of one strict sign: f has no
 * root in [0, 1], so no contact (the test fccd_bern_excluded makes first);
 * the side polynomials are then not computed (count 1). */
static bool f_excludes(fccd_bern *B, fccd_power *W)
{
    bool pos = true, neg = true;
    for (int j = 0; j <= 3; j++) {
        pos &= B->c[0][j].lo > 0;
        neg &= B->c[0][j].hi < 0;
    }
    if (pos || neg)
        B->count = W->count = 1;
    return pos || neg;
}

/* fccd_bern_init's polynomials, from the binary64 coefficients and their
 * bound (for 2^-100 <= S <= 2^100). */
static bool init_dp(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, fccd_bern *B, fccd_power *W)
{
    if (kind == FCCD_VERTEX_FACE) {
        dp1v P = dp_rel(t0, t1, 0, 1), Bv = dp_rel(t0, t1, 2, 1), C = dp_rel(t0, t1, 3, 1);
        dp2v n = dp1v_cross(&Bv, &C);
        dp3 f = dp_dot12(&P, &n);
        dp_put(B, W, 0, f.v, f.m, 3);
        if (f_excludes(B, W))
            return true;
        dp1v CB = dp1v_sub(&C, &Bv), PB = dp1v_sub(&P, &Bv), PC = dp1v_sub(&P, &C);
        dp2v X1 = dp1v_cross(&Bv, &P), X2 = dp1v_cross(&CB, &PB), X3 = dp1v_cross(&PC, &C);
        dp4 s1 = dp_dot22(&X1, &n), s2 = dp_dot22(&X2, &n), s3 = dp_dot22(&X3, &n);
        dp_put(B, W, 1, s1.v, s1.m, 4);
        dp_put(B, W, 2, s2.v, s2.m, 4);
        dp_put(B, W, 3, s3.v, s3.m, 4);
        B->count = W->count = 4;
    } else {
        dp1v e1 = dp_rel(t0, t1, 1, 0), w = dp_rel(t0, t1, 2, 0), D = dp_rel(t0, t1, 3, 0);
        dp1v e2 = dp1v_sub(&D, &w);
        dp2v m = dp1v_cross(&e1, &e2);
        dp3 f = dp_dot21(&m, &D);
        dp_put(B, W, 0, f.v, f.m, 3);
        if (f_excludes(B, W))
            return true;
        dp2v X2 = dp1v_cross(&w, &e2), X1 = dp1v_cross(&w, &e1);
        dp4 mm = dp_dot22(&m, &m), su = dp_dot22(&X2, &m), sv = dp_dot22(&X1, &m), du, dv;
        DP_ADD(du, mm, su, -1, 4);
        DP_ADD(dv, mm, sv, -1, 4);
        dp_put(B, W, 1, su.v, su.m, 4);
        dp_put(B, W, 2, sv.v, sv.m, 4);
        dp_put(B, W, 3, du.v, du.m, 4);
        dp_put(B, W, 4, dv.v, dv.m, 4);
        B->count = W->count = 5;
    }
    return false;
}

/* Polynomial 0 (coplanarity) vanishes at a contact; the others are >= 0. */
bool fccd_bern_excluded(const fccd_bern *B)
{
    bool pos = true, neg = true;
    for (int j = 0; j <= B->deg[0]; j++) {
        pos &= B->c[0][j].lo > 0;
        neg &= B->c[0][j].hi < 0;
    }
    if (pos || neg)
        return true;
    for (int k = 1; k < B->count; k++) {
        bool all = true;
        for (int j = 0; j <= B->deg[k] && all; j++)
            all = B->c[k][j].hi < 0;
        if (all)
            return true;
    }
    return false;
}

/* de Casteljau at 1/2: the coefficients of [ta, m] and [m, tb]. */
void fccd_bern_split(const fccd_bern *B, fccd_bern *lo, fccd_bern *hi)
{
    *lo = *hi = *B;
    for (int k = 0; k < B->count; k++) {
        int n = B->deg[k];
        fiv w[5];
        for (int j = 0; j <= n; j++)
            w[j] = B->c[k][j];
        for (int r = 1; r <= n; r++) {
            for (int j = 0; j <= n - r; j++) {
                fiv s = fiv_add(w[j], w[j + 1]);
                w[j] = (fiv){down(0.5 * s.lo), up(0.5 * s.hi)};
            }
            lo->c[k][r] = w[0];
            hi->c[k][n - r] = w[n - r];
        }
    }
}

/* Horner's scheme with the interval T = [ta, tb]: every step encloses the
 * set of values, so the result holds p(t) for every t in T. */
fiv fccd_power_eval(const fccd_power *P, int k, double ta, double tb)
{
    fiv r = P->c[k][P->deg[k]];
    for (int i = P->deg[k] - 1; i >= 0; i--)
        r = fiv_add(fiv_mul_nonneg(r, ta, tb), P->c[k][i]);
    return r;
}

/* p(ta + h s), h = tb - ta, in powers of s: the Taylor shift by ta
 * (repeated synthetic division, c_j += ta c_{j+1}), then the coefficient of
 * s^i times h^i; its Bernstein coefficients on [0, 1] in s are those of p
 * on [ta, tb].  Every step is linear with non-negative weights (ta, h >= 0,
 * the binomials and the Bernstein weights), so the map M from the power
 * coefficients c (each in [m - r, m + r], m its interval's middle) to the
 * piece's Bernstein coefficients takes c to M m +- M r.  M m, M |m| and M r
 * are computed in binary64 by the same steps: a path from an input to an
 * output passes at most 22 roundings (the shift 2 n = 8, h^i and the
 * product 2 n = 8 with h's own rounding, the weight, its product and 4 sums
 * 6; n = 4), each a relative error of the term (Higham 3.1), so
 * |fl(M m) - M m| <= gamma_22 M |m| and M |m|, M r are at most their
 * computed values over (1 - gamma_22), gamma_22 < 2^-48.5: the interval
 * fl(M m) -+ (fl(M r) + fl(M |m|) 2^-48) (1 + 2^-47) + 2^-1060 (the last
 * for at most 60 products in the subnormal range), its ends moved outward,
 * holds M c (docs/queries/vertex_face_ccd.md, "fast", the pieces'
 * coefficients).  A NaN or infinite middle or radius (an overflowed
 * coefficient) gives a NaN interval, never dropped.  About a quarter of
 * the interval operations' cost (the former code, kept for
 * fccd_bern_init's interval path as to_bernstein). */
void fccd_bern_piece_part(const fccd_power *P, double ta, double tb, fccd_bern *B, int k0, int k1)
{
    double h = tb - ta;
    B->count = k1;
    for (int k = k0; k < k1; k++) {
        int n = P->deg[k];
        double m[5], a[5], r[5];
        for (int i = 0; i <= n; i++) {
            fiv c = P->c[k][i];
            m[i] = 0.5 * c.lo + 0.5 * c.hi;
            double rl = m[i] - c.lo, rh = c.hi - m[i];
            r[i] = up(rl > rh ? rl : rh); /* NaN when c or m is not finite */
            a[i] = fabs(m[i]);
        }
        for (int i = 0; i < n; i++)
            for (int j = n - 1; j >= i; j--) {
                m[j] += ta * m[j + 1];
                a[j] += ta * a[j + 1];
                r[j] += ta * r[j + 1];
            }
        double hp = 1;
        for (int i = 1; i <= n; i++) {
            hp *= h;
            m[i] *= hp, a[i] *= hp, r[i] *= hp;
        }
        B->deg[k] = n;
        for (int j = 0; j <= n; j++) {
            double bm = 0, ba = 0, br = 0;
            for (int i = 0; i <= j; i++) {
                double wi = bern_w[n == 4][j][i].lo; /* the weight rounded to nearest */
                bm += wi * m[i], ba += wi * a[i], br += wi * r[i];
            }
            double e = (br + ba * 0x1p-48) * (1 + 0x1p-47) + 0x1p-1060;
            B->c[k][j] = isfinite(bm) && isfinite(e) ? (fiv){down(bm - e), up(bm + e)} : (fiv){NAN, NAN};
        }
    }
}

void fccd_bern_piece(const fccd_power *P, double ta, double tb, fccd_bern *B)
{
    fccd_bern_piece_part(P, ta, tb, B, 0, P->count);
}

/* ---- the bracket of a root from Newton's estimate (fast_ccd.h) ---- */

/* An estimate of the root r in [ta, tb] of polynomial k (f for narrow, a
 * side function for entry), whose sign is sa before r and -sa after it:
 * Newton's steps on the middles of its interval coefficients, from the
 * middle of the piece, each step that leaves the current bracket replaced
 * by its middle (the polynomial's sign at the estimate, in plain binary64,
 * moves the bracket's ends).  It only places the bracket that the caller
 * then certifies by the signs at its ends: its error costs speed (the
 * bisection takes over), never soundness. */
double fccd_root_estimate(const fccd_power *P, int k, double ta, double tb, int sa)
{
    const fiv *c = P->c[k];
    int n = P->deg[k];
    double m[5];
    for (int i = 0; i <= n; i++)
        m[i] = 0.5 * c[i].lo + 0.5 * c[i].hi;
    double a = ta, b = tb, x = 0.5 * ta + 0.5 * tb;
    for (int it = 0; it < FCCD_NEWTON; it++) {
        double fx = m[n], d = 0;
        for (int i = n - 1; i >= 0; i--) {
            d = d * x + fx;
            fx = fx * x + m[i];
        }
        if (fx == 0)
            break;
        if ((fx > 0) == (sa > 0))
            a = x;
        else
            b = x;
        double nx = x - fx / d;
        nx = nx > a && nx < b ? nx : 0.5 * a + 0.5 * b;
        double step = nx - x;
        x = nx;
        if (step < 0x1p-34 && step > -0x1p-34)
            break;
    }
    return x;
}

/* A bracket [*la, *lb] of width at most 2^-30 in [ta, tb] around the root
 * of polynomial k (signs sa before it, -sa after): the estimate rounded to
 * a multiple of 2^-30 (the addition of 2^22; the ends r -+ 2^-31 are then
 * exact), clipped to the piece, taken when the signs at its ends are
 * certainly sa and -sa (the ends of the piece have them already). */
bool fccd_newton_bracket(const fccd_power *P, int k, double ta, double tb, int sa, double *la, double *lb)
{
    double r = fccd_root_estimate(P, k, ta, tb, sa);
    r = (r + 0x1p22) - 0x1p22;
    double a = r - 0x1p-31, b = r + 0x1p-31;
    a = a > ta ? a : ta;
    b = b < tb ? b : tb;
    if (!(a < b) || (a != ta && fccd_power_sign(P, k, a) != sa) || (b != tb && fccd_power_sign(P, k, b) != -sa))
        return false;
    *la = a, *lb = b;
    return true;
}
