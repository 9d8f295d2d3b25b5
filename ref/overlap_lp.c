/* ref/overlap_lp.c: exact feasibility of a small bounded linear system
 *   E x = f,  A x <= b,  x in Q^n  (n <= 4),
 * for the overlap queries whose answer is "do two convex hulls share a
 * point" (aabb_triangle, triangle_triangle).  Declared in ref/exact.h.
 *
 * A non-empty bounded polyhedron has a vertex, and a vertex is the unique
 * solution of the equalities together with some inequalities taken as
 * equalities (a full-rank subsystem).  So the system is feasible iff one of
 * those subsystems has a unique solution that satisfies every constraint.
 * The callers' systems are bounded (barycentric coordinates in simplices).
 * Gaussian elimination on rationals: exact.
 */
#include "exact.h"

enum { MAXN = 4, MAXROWS = 4 + 12 };

/* Solves the rows (each n coefficients then the right-hand side) when they
 * have rank n and are consistent: writes x and returns 1; else 0.  The rows
 * are destroyed. */
static int solve(mpq_t (*M)[MAXN + 1], int rows, int n, mpq_t *x, mpq_ptr t)
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

int q_feasible(int n, int neq, mpq_t (*E)[5], int nin, mpq_t (*A)[5])
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
        if (!solve(M, rows, n, x, t))
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
