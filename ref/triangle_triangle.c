/* ref/triangle_triangle.c: exact triangle_triangle.
 *
 * Two closed triangles (degenerate ones are the hulls of their vertices)
 * share a point iff
 *   a0 + l1 (a1 - a0) + l2 (a2 - a0) = b0 + m1 (b1 - b0) + m2 (b2 - b0)
 * for some l1, l2, m1, m2 >= 0 with l1 + l2 <= 1, m1 + m2 <= 1: three
 * equations and six inequalities in four unknowns, decided exactly
 * (ref/overlap_lp.c).  Coplanar, crossing, touching and degenerate
 * configurations are all the same linear system.
 * docs/queries/triangle_triangle.md.
 */
#include "exact.h"

#include <string.h>

enum { IN_A = 0, IN_B = 9, N_IN = 18 };
enum { OUT_HIT, N_OUT };

/* ---- enclosure ---------------------------------------------------------------- */

static bool separates(iv3 L, const iv3 *a, const iv3 *b)
{
    iv p0 = iv3_dot(L, a[0]), p1 = iv3_dot(L, a[1]), p2 = iv3_dot(L, a[2]);
    iv q0 = iv3_dot(L, b[0]), q1 = iv3_dot(L, b[1]), q2 = iv3_dot(L, b[2]);
    iv amin = iv_min(iv_min(p0, p1), p2), amax = iv_max(iv_max(p0, p1), p2);
    iv bmin = iv_min(iv_min(q0, q1), q2), bmax = iv_max(iv_max(q0, q1), q2);
    if (iv_has_nan(amin) || iv_has_nan(amax) || iv_has_nan(bmin) || iv_has_nan(bmax))
        return false;
    return amax.hi < bmin.lo || bmax.hi < amin.lo;
}

/* orient(p, q, r, s) = (q - p) . ((r - p) x (s - p)) */
static iv orient(iv3 p, iv3 q, iv3 r, iv3 s) { return iv3_dot(iv3_sub(q, p), iv3_cross(iv3_sub(r, p), iv3_sub(s, p))); }
static int sign_of(iv x) { return iv_pos(x) ? 1 : iv_neg_strict(x) ? -1 : 0; }

/* The segment x y certainly crosses the interior of the triangle t: its
 * ends certainly on opposite sides of t's plane, and the three edge
 * orientations certainly of one strict sign. */
static bool pierces(iv3 x, iv3 y, const iv3 *t)
{
    int sx = sign_of(orient(t[0], t[1], t[2], x)), sy = sign_of(orient(t[0], t[1], t[2], y));
    if (sx == 0 || sy == 0 || sx == sy)
        return false;
    int s0 = sign_of(orient(x, y, t[0], t[1])), s1 = sign_of(orient(x, y, t[1], t[2]));
    int s2 = sign_of(orient(x, y, t[2], t[0]));
    return s0 != 0 && s0 == s1 && s1 == s2;
}

void ref_triangle_triangle_encl(const iv *in, iv *out)
{
    iv3 a[3], b[3], ea[3], eb[3];
    for (int k = 0; k < 3; k++) {
        a[k] = iv3_load(in, IN_A + 3 * k);
        b[k] = iv3_load(in, IN_B + 3 * k);
    }
    for (int k = 0; k < 3; k++) {
        ea[k] = iv3_sub(a[(k + 1) % 3], a[k]);
        eb[k] = iv3_sub(b[(k + 1) % 3], b[k]);
    }
    iv3 na = iv3_cross(ea[0], ea[1]), nb = iv3_cross(eb[0], eb[1]);
    /* separation: the normals, the nine edge cross products, the in-plane
     * edge normals of both (coplanar triangles) */
    bool sep = separates(na, a, b) || separates(nb, a, b);
    for (int i = 0; i < 3 && !sep; i++) {
        sep = separates(iv3_cross(na, ea[i]), a, b) || separates(iv3_cross(nb, eb[i]), a, b);
        for (int j = 0; j < 3 && !sep; j++)
            sep = separates(iv3_cross(ea[i], eb[j]), a, b);
    }
    if (sep) {
        out[OUT_HIT] = iv_point(0);
        return;
    }
    /* overlap: an edge of one certainly piercing the other's interior */
    bool overlap = false;
    for (int k = 0; k < 3 && !overlap; k++)
        overlap = pierces(a[k], a[(k + 1) % 3], b) || pierces(b[k], b[(k + 1) % 3], a);
    out[OUT_HIT] = iv_bool(overlap, false);
}

/* ---- exact ---------------------------------------------------------------------- */

int ref_triangle_triangle(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!ref_all_finite(in, N_IN))
        return REF_INVALID;

    if (ref_filter_decided(ref_triangle_triangle_encl, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    /* unknowns (l1, l2, m1, m2); E: (a1-a0) l1 + (a2-a0) l2 - (b1-b0) m1 - (b2-b0) m2 = b0 - a0 */
    mpq_t E[3][5], A[6][5], x, y;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 5; j++)
            mpq_init(E[i][j]);
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 5; j++)
            mpq_init(A[i][j]);
    mpq_inits(x, y, NULL);
    for (int i = 0; i < 3; i++) {
        mpq_set_d(x, in[IN_A + i]);
        for (int k = 1; k < 3; k++) {
            mpq_set_d(y, in[IN_A + 3 * k + i]);
            mpq_sub(E[i][k - 1], y, x);
        }
        mpq_set_d(y, in[IN_B + i]);
        mpq_sub(E[i][4], y, x);
        mpq_set_d(x, in[IN_B + i]);
        for (int k = 1; k < 3; k++) {
            mpq_set_d(y, in[IN_B + 3 * k + i]);
            mpq_sub(E[i][1 + k], x, y); /* -(b_k - b0) */
        }
    }
    for (int t = 0; t < 2; t++) {
        mpq_set_si(A[3 * t][2 * t], -1, 1);     /* -l1 <= 0 */
        mpq_set_si(A[3 * t + 1][2 * t + 1], -1, 1); /* -l2 <= 0 */
        mpq_set_si(A[3 * t + 2][2 * t], 1, 1);  /* l1 + l2 <= 1 */
        mpq_set_si(A[3 * t + 2][2 * t + 1], 1, 1);
        mpq_set_si(A[3 * t + 2][4], 1, 1);
    }
    out[OUT_HIT] = q_feasible(4, 3, E, 6, A);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 5; j++)
            mpq_clear(E[i][j]);
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 5; j++)
            mpq_clear(A[i][j]);
    mpq_clears(x, y, NULL);
    return REF_OK;
}
