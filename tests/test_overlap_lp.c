/* tests/test_overlap_lp.c: ref/overlap_lp.c's q_feasible (integers,
 * fraction-free elimination) against hand-derived systems and against the
 * rational formulation it replaced (below, unchanged: mpq Gauss-Jordan on
 * every vertex subsystem), on systems shaped as triangle_triangle's and
 * aabb_triangle's, generic and degenerate (coplanar, touching, repeated
 * vertices, exponents far apart). */
#include "exact.h"

#include "testlib.h"

#include <gmp.h>
#include <math.h>
#include <string.h>

/* ---- the rational formulation (the previous ref/overlap_lp.c) ---------- */

enum { MAXN = 4, MAXROWS = 4 + 12 };

/* Solves the rows (each n coefficients then the right-hand side) when they
 * have rank n and are consistent: writes x and returns 1; else 0.  The rows
 * are destroyed. */
static int old_solve(mpq_t (*M)[MAXN + 1], int rows, int n, mpq_t *x, mpq_ptr t)
{
    int r = 0;
    for (int c = 0; c < n; c++) {
        int p = -1;
        for (int i = r; i < rows && p < 0; i++)
            if (mpq_sgn(M[i][c]) != 0)
                p = i;
        if (p < 0)
            return 0; /* rank < n */
        if (p != r)
            for (int j = 0; j <= n; j++)
                mpq_swap(M[p][j], M[r][j]);
        for (int i = 0; i < rows; i++) {
            if (i == r || mpq_sgn(M[i][c]) == 0)
                continue;
            mpq_div(t, M[i][c], M[r][c]);
            for (int j = c; j <= n; j++) {
                mpq_t u;
                mpq_init(u);
                mpq_mul(u, t, M[r][j]);
                mpq_sub(M[i][j], M[i][j], u);
                mpq_clear(u);
            }
        }
        r++;
    }
    for (int i = n; i < rows; i++) /* consistency of the dependent rows */
        if (mpq_sgn(M[i][n]) != 0)
            return 0;
    for (int c = 0; c < n; c++)
        mpq_div(x[c], M[c][n], M[c][c]);
    return 1;
}

static int old_feasible(int n, int neq, mpq_t (*E)[5], int nin, mpq_t (*A)[5])
{
    mpq_t M[MAXROWS][MAXN + 1], x[MAXN], t, s;
    for (int i = 0; i < MAXROWS; i++)
        for (int j = 0; j <= MAXN; j++)
            mpq_init(M[i][j]);
    for (int j = 0; j < MAXN; j++)
        mpq_init(x[j]);
    mpq_inits(t, s, NULL);

    int feasible = 0;
    /* subsets of the inequalities of size k = 0 .. n, as bit masks */
    for (unsigned mask = 0; mask < (1u << nin) && !feasible; mask++) {
        int k = __builtin_popcount(mask);
        if (k > n || neq + k < n)
            continue;
        int rows = 0;
        for (int i = 0; i < neq; i++, rows++)
            for (int j = 0; j <= n; j++)
                mpq_set(M[rows][j], E[i][j]);
        for (int i = 0; i < nin; i++)
            if (mask & (1u << i)) {
                for (int j = 0; j <= n; j++)
                    mpq_set(M[rows][j], A[i][j]);
                rows++;
            }
        if (!old_solve(M, rows, n, x, t))
            continue;
        feasible = 1;
        for (int i = 0; i < nin && feasible; i++) {
            mpq_set_ui(s, 0, 1);
            for (int j = 0; j < n; j++) {
                mpq_mul(t, A[i][j], x[j]);
                mpq_add(s, s, t);
            }
            feasible = mpq_cmp(s, A[i][n]) <= 0;
        }
    }

    for (int i = 0; i < MAXROWS; i++)
        for (int j = 0; j <= MAXN; j++)
            mpq_clear(M[i][j]);
    for (int j = 0; j < MAXN; j++)
        mpq_clear(x[j]);
    mpq_clears(t, s, NULL);
    return feasible;
}

/* ---- systems --------------------------------------------------------------- */

/* triangle_triangle's system for triangles a, b (ref/triangle_triangle.c) */
static int tt_system(const double *a, const double *b, int which)
{
    mpq_t E[3][5], A[6][5], x, y;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 5; j++)
            mpq_init(E[i][j]);
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 5; j++)
            mpq_init(A[i][j]);
    mpq_inits(x, y, NULL);
    for (int i = 0; i < 3; i++) {
        mpq_set_d(x, a[i]);
        for (int k = 1; k < 3; k++) {
            mpq_set_d(y, a[3 * k + i]);
            mpq_sub(E[i][k - 1], y, x);
        }
        mpq_set_d(y, b[i]);
        mpq_sub(E[i][4], y, x);
        mpq_set_d(x, b[i]);
        for (int k = 1; k < 3; k++) {
            mpq_set_d(y, b[3 * k + i]);
            mpq_sub(E[i][1 + k], x, y);
        }
    }
    for (int t = 0; t < 2; t++) {
        mpq_set_si(A[3 * t][2 * t], -1, 1);
        mpq_set_si(A[3 * t + 1][2 * t + 1], -1, 1);
        mpq_set_si(A[3 * t + 2][2 * t], 1, 1);
        mpq_set_si(A[3 * t + 2][2 * t + 1], 1, 1);
        mpq_set_si(A[3 * t + 2][4], 1, 1);
    }
    int r = which ? q_feasible(4, 3, E, 6, A) : old_feasible(4, 3, E, 6, A);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 5; j++)
            mpq_clear(E[i][j]);
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 5; j++)
            mpq_clear(A[i][j]);
    mpq_clears(x, y, NULL);
    return r;
}

/* A coordinate: a small integer (so that coplanar, touching and repeated
 * vertices are common) or a binary32 value of exponent in [-e, e]. */
static double coord(int e)
{
    if (tl_rnd() % 2)
        return (double)tl_int(-2, 2);
    return tl_f32(e);
}

Test(overlap_lp, hand_derived_triangle_pairs)
{
    /* a: the unit right triangle in z = 0 */
    const double a[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    /* crossing: a vertical triangle through (0.25, 0.25, 0) */
    const double cross[9] = {0.25, 0.25, -1, 0.25, 0.25, 1, 0.25, -1, 0};
    /* touching a's hypotenuse x + y = 1 at its midpoint from above, one vertex only */
    const double touch[9] = {0.5, 0.5, 0, 2, 2, 1, 2, 2, 2};
    /* the same moved by 2^-40 along x: a miss */
    const double miss[9] = {0.5 + 0x1p-40, 0.5, 0, 2, 2, 1, 2, 2, 2};
    /* coplanar, sharing only the vertex (1, 0, 0) */
    const double corner[9] = {1, 0, 0, 2, 0, 0, 2, -1, 0};
    /* coplanar and disjoint across the hypotenuse by 2^-50 */
    const double gap[9] = {0.5 + 0x1p-50, 0.5 + 0x1p-50, 0, 2, 1, 0, 1, 2, 0};
    /* a degenerate triangle (a point) inside a, and one just outside */
    const double pt_in[9] = {0.25, 0.25, 0, 0.25, 0.25, 0, 0.25, 0.25, 0};
    const double pt_out[9] = {-0x1p-60, 0.25, 0, -0x1p-60, 0.25, 0, -0x1p-60, 0.25, 0};
    cr_assert_eq(tt_system(a, cross, 1), 1);
    cr_assert_eq(tt_system(a, touch, 1), 1);
    cr_assert_eq(tt_system(a, miss, 1), 0);
    cr_assert_eq(tt_system(a, corner, 1), 1);
    cr_assert_eq(tt_system(a, gap, 1), 0);
    cr_assert_eq(tt_system(a, pt_in, 1), 1);
    cr_assert_eq(tt_system(a, pt_out, 1), 0);
}

Test(overlap_lp, agrees_with_the_rational_formulation)
{
    tl_init_seed(7);
    cr_log_info("seed %llu (set ISECT_SEED to change)", (unsigned long long)tl_seed);
    int hits = 0, n = 1500;
    for (int i = 0; i < n; i++) {
        double a[9], b[9];
        int e = i % 3 == 0 ? 2 : i % 3 == 1 ? 20 : 100;
        for (int k = 0; k < 9; k++) {
            a[k] = coord(e);
            b[k] = coord(e);
        }
        if (i % 4 == 0) /* b in a's plane z = a[2] */
            for (int k = 0; k < 3; k++)
                a[3 * k + 2] = b[3 * k + 2] = a[2];
        if (i % 5 == 0) /* a repeated vertex */
            memcpy(b + 3, b, 3 * sizeof *b);
        int r_new = tt_system(a, b, 1), r_old = tt_system(a, b, 0);
        cr_assert_eq(r_new, r_old, "case %d: integer %d, rational %d", i, r_new, r_old);
        hits += r_new;
    }
    /* both answers well represented */
    cr_assert(hits > n / 10 && hits < n - n / 10, "%d hits of %d", hits, n);
}

/* aabb_triangle's shape: two unknowns, nine inequalities, no equalities;
 * half-planes with random small-integer and wide-exponent coefficients,
 * bounded by the box [-1, 1]^2 (four of the nine rows). */
Test(overlap_lp, agrees_in_the_plane)
{
    tl_init_seed(11);
    int hits = 0, n = 5000;
    mpq_t A[9][5];
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 5; j++)
            mpq_init(A[i][j]);
    for (int i = 0; i < n; i++) {
        for (int r = 0; r < 9; r++)
            for (int j = 0; j < 5; j++)
                mpq_set_ui(A[r][j], 0, 1);
        for (int k = 0; k < 2; k++) {
            mpq_set_si(A[2 * k][k], 1, 1);
            mpq_set_si(A[2 * k][2], 1, 1); /* x_k <= 1 */
            mpq_set_si(A[2 * k + 1][k], -1, 1);
            mpq_set_si(A[2 * k + 1][2], 1, 1); /* -x_k <= 1 */
        }
        int e = i % 2 ? 3 : 60;
        for (int r = 4; r < 9; r++)
            for (int j = 0; j < 3; j++)
                mpq_set_d(A[r][j], coord(e));
        int r_new = q_feasible(2, 0, NULL, 9, A), r_old = old_feasible(2, 0, NULL, 9, A);
        cr_assert_eq(r_new, r_old, "case %d: integer %d, rational %d", i, r_new, r_old);
        hits += r_new;
    }
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 5; j++)
            mpq_clear(A[i][j]);
    cr_assert(hits > n / 10 && hits < n - n / 10, "%d hits of %d", hits, n);
}
