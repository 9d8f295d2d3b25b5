/* ref/overlap_lp.c: exact feasibility of a small bounded linear system
 *   E x = f,  A x <= b,  x in Q^n  (n <= 4),
 * for the overlap queries whose answer is "do two convex hulls share a
 * point" (aabb_triangle, triangle_triangle).  Declared in ref/exact.h.
 *
 * A non-empty bounded polyhedron has a vertex, and a vertex is the unique
 * solution of the equalities together with some inequalities taken as
 * equalities (a full-rank subsystem).  So the system is feasible iff, for
 * one of those subsystems, the unique solution of n independent rows of it
 * satisfies every constraint (the vertex does; conversely any point that
 * satisfies every constraint proves feasibility, whichever rows gave it).
 * The callers' systems are bounded (barycentric coordinates in simplices).
 *
 * Integer arithmetic, without fractions: each row is scaled to integers
 * (by the lcm of its denominators: row scaling keeps the solutions), the
 * subsystem is reduced by Bareiss's fraction-free elimination (every
 * division exact: each entry after step k is a (k + 1)-minor of the rows
 * as pivoted), and the solution is kept as X / d with d the last pivot (the
 * pivot rows' determinant, up to sign) and X = d x integral (Cramer's rule),
 * found by back substitution with exact divisions.  The constraints are
 * then checked on X and d directly.  No gcd is ever taken, which made the
 * rational version (mpq, reduced after every operation) most of
 * triangle_triangle's exact time.  tests/test_overlap_lp.c compares the two
 * formulations.
 */
#include "exact.h"

enum { MAXN = 4, MAXIN = 12, MAXROWS = 4 + MAXIN };

/* The rows of a system as integers, and the work space of one solve. */
typedef struct {
    mpz_t e[4][MAXN + 1], a[MAXIN][MAXN + 1]; /* E and A scaled to integers */
    mpz_t m[MAXROWS][MAXN + 1];               /* the subsystem being reduced */
    mpz_t x[MAXN], d, t, s;                   /* x = X / d */
} lp_work;

/* row (n + 1 rationals) times the lcm of its denominators, into out. */
static void row_to_integers(mpz_t *out, mpq_t *row, int n, mpz_ptr l)
{
    mpz_set_ui(l, 1);
    for (int j = 0; j <= n; j++)
        mpz_lcm(l, l, mpq_denref(row[j]));
    for (int j = 0; j <= n; j++) {
        mpz_divexact(out[j], l, mpq_denref(row[j]));
        mpz_mul(out[j], out[j], mpq_numref(row[j]));
    }
}

/* Reduces the first `rows` rows of w->m (n coefficients and a right-hand
 * side each) and, when n of them are independent, sets w->x and w->d to a
 * solution of those n rows (x = X / d, d != 0) and returns 1; returns 0 when
 * the rank is below n.  The other rows are not used: the caller checks the
 * solution against every constraint. */
static int solve(lp_work *w, int rows, int n)
{
    mpz_t(*m)[MAXN + 1] = w->m;
    mpz_set_ui(w->d, 1); /* the previous pivot */
    for (int c = 0; c < n; c++) {
        int p = c;
        while (p < rows && mpz_sgn(m[p][c]) == 0)
            p++;
        if (p == rows)
            return 0; /* no pivot: rank < n */
        for (int j = 0; j <= n; j++)
            mpz_swap(m[p][j], m[c][j]);
        for (int i = c + 1; i < rows; i++) {
            for (int j = c + 1; j <= n; j++) {
                mpz_mul(w->t, m[c][c], m[i][j]);
                mpz_submul(w->t, m[i][c], m[c][j]);
                mpz_divexact(m[i][j], w->t, w->d);
            }
            mpz_set_ui(m[i][c], 0);
        }
        mpz_set(w->d, m[c][c]);
    }
    /* back substitution: m[i][i] X_i = m[i][n] d - sum_{j > i} m[i][j] X_j,
     * with X_i = d x_i an integer (Cramer), so the division is exact */
    for (int i = n - 1; i >= 0; i--) {
        mpz_mul(w->t, m[i][n], w->d);
        for (int j = i + 1; j < n; j++)
            mpz_submul(w->t, m[i][j], w->x[j]);
        mpz_divexact(w->x[i], w->t, m[i][i]);
    }
    return 1;
}

/* sum_j row_j X_j - row_n d: the constraint's slack times -d. */
static void residual(lp_work *w, mpz_t *row, int n)
{
    mpz_mul(w->s, row[n], w->d);
    mpz_neg(w->s, w->s);
    for (int j = 0; j < n; j++)
        mpz_addmul(w->s, row[j], w->x[j]);
}

/* Does X / d satisfy E x = f and A x <= b? */
static int satisfies(lp_work *w, int n, int neq, int nin)
{
    for (int i = 0; i < neq; i++) {
        residual(w, w->e[i], n);
        if (mpz_sgn(w->s) != 0)
            return 0;
    }
    int sd = mpz_sgn(w->d);
    for (int i = 0; i < nin; i++) {
        residual(w, w->a[i], n); /* (a.x - b) d */
        if (mpz_sgn(w->s) * sd > 0)
            return 0;
    }
    return 1;
}

int q_feasible(int n, int neq, mpq_t (*E)[5], int nin, mpq_t (*A)[5])
{
    lp_work w;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j <= MAXN; j++)
            mpz_init(w.e[i][j]);
    for (int i = 0; i < MAXIN; i++)
        for (int j = 0; j <= MAXN; j++)
            mpz_init(w.a[i][j]);
    for (int i = 0; i < MAXROWS; i++)
        for (int j = 0; j <= MAXN; j++)
            mpz_init(w.m[i][j]);
    for (int j = 0; j < MAXN; j++)
        mpz_init(w.x[j]);
    mpz_inits(w.d, w.t, w.s, NULL);

    for (int i = 0; i < neq; i++)
        row_to_integers(w.e[i], E[i], n, w.t);
    for (int i = 0; i < nin; i++)
        row_to_integers(w.a[i], A[i], n, w.t);

    int feasible = 0;
    /* subsets of the inequalities of size k = 0 .. n, as bit masks */
    for (unsigned mask = 0; mask < (1u << nin) && !feasible; mask++) {
        int k = __builtin_popcount(mask);
        if (k > n || neq + k < n)
            continue;
        int rows = 0;
        for (int i = 0; i < neq; i++, rows++)
            for (int j = 0; j <= n; j++)
                mpz_set(w.m[rows][j], w.e[i][j]);
        for (int i = 0; i < nin; i++)
            if (mask & (1u << i)) {
                for (int j = 0; j <= n; j++)
                    mpz_set(w.m[rows][j], w.a[i][j]);
                rows++;
            }
        feasible = solve(&w, rows, n) && satisfies(&w, n, neq, nin);
    }

    for (int i = 0; i < 4; i++)
        for (int j = 0; j <= MAXN; j++)
            mpz_clear(w.e[i][j]);
    for (int i = 0; i < MAXIN; i++)
        for (int j = 0; j <= MAXN; j++)
            mpz_clear(w.a[i][j]);
    for (int i = 0; i < MAXROWS; i++)
        for (int j = 0; j <= MAXN; j++)
            mpz_clear(w.m[i][j]);
    for (int j = 0; j < MAXN; j++)
        mpz_clear(w.x[j]);
    mpz_clears(w.d, w.t, w.s, NULL);
    return feasible;
}
