/* ref/aabb_triangle.c: exact aabb_triangle.
 *
 * The closed box min <= x <= max and the closed triangle v0 v1 v2 (a
 * degenerate one is the hull of its vertices) overlap iff some point
 * v0 + l1 e1 + l2 e2 (e1 = v1 - v0, e2 = v2 - v0; l1, l2 >= 0, l1 + l2 <= 1)
 * lies in the box: the feasibility of nine linear inequalities in (l1, l2),
 * decided exactly (ref/overlap_lp.c).  No separating-axis completeness
 * argument is needed, so flat boxes and degenerate triangles are covered.
 * docs/queries/aabb_triangle.md.
 */
#include "exact.h"
#include "ivl.h"

#include <string.h>

enum { IN_MIN = 0, IN_MAX = 3, IN_V0 = 6, IN_V1 = 9, IN_V2 = 12, N_IN = 15 };
enum { OUT_HIT, N_OUT };

static int valid_input(const double *in)
{
    if (!ref_all_finite(in, N_IN))
        return 0;
    for (int i = 0; i < 3; i++)
        if (in[IN_MIN + i] > in[IN_MAX + i])
            return 0;
    return 1;
}

/* ---- enclosure ---------------------------------------------------------------- */


/* Separation along L certain: the triangle's projection interval and the
 * box's are certainly disjoint over the input box. */
static bool separates(iv3 L, const iv3 *v, iv3 lo, iv3 hi)
{
    iv t0 = iv3_dot(L, v[0]), t1 = iv3_dot(L, v[1]), t2 = iv3_dot(L, v[2]);
    iv tmin = iv_min(iv_min(t0, t1), t2), tmax = iv_max(iv_max(t0, t1), t2);
    iv l[3] = {L.x, L.y, L.z}, a[3] = {lo.x, lo.y, lo.z}, b[3] = {hi.x, hi.y, hi.z};
    iv bmin = iv_point(0), bmax = iv_point(0);
    for (int i = 0; i < 3; i++) {
        iv p = iv_mul(l[i], a[i]), q = iv_mul(l[i], b[i]);
        bmin = iv_add(bmin, iv_min(p, q));
        bmax = iv_add(bmax, iv_max(p, q));
    }
    if (iv_has_nan(tmin) || iv_has_nan(tmax) || iv_has_nan(bmin) || iv_has_nan(bmax))
        return false;
    return tmax.hi < bmin.lo || tmin.lo > bmax.hi;
}

/* A point of the triangle in the box at the centre, by alternating
 * projections (clamp to the box shrunk by w, closest point of the
 * triangle); returns its parameters (l1, l2) on a 2^-52 grid with
 * l1 + l2 <= 1 exactly, or 0. */
static int witness(const double *lo, const double *hi, const double v[3][3], double *l1, double *l2)
{
    double e1[3], e2[3];
    for (int i = 0; i < 3; i++) {
        e1[i] = v[1][i] - v[0][i];
        e2[i] = v[2][i] - v[0][i];
    }
    static const double shrink[] = {0.5, 0.1, 0};
    for (int si = 0; si < 3; si++) {
        /* a vertex in the shrunk box first: the projections from the
         * centroid of a long thin triangle converge too slowly to reach it */
        for (int k = 0; k < 3; k++) {
            int in = 1;
            for (int i = 0; i < 3; i++) {
                double pad = shrink[si] * 0.5 * (hi[i] - lo[i]);
                in &= v[k][i] >= lo[i] + pad && v[k][i] <= hi[i] - pad;
            }
            if (in) {
                *l1 = k == 1;
                *l2 = k == 2;
                return 1;
            }
        }
        double s = 1.0 / 3, t = 1.0 / 3;
        for (int it = 0; it < 60; it++) {
            double x[3], c[3];
            int in = 1;
            for (int i = 0; i < 3; i++) {
                x[i] = v[0][i] + s * e1[i] + t * e2[i];
                double pad = shrink[si] * 0.5 * (hi[i] - lo[i]);
                c[i] = fmin(fmax(x[i], lo[i] + pad), hi[i] - pad);
                in &= x[i] >= lo[i] + pad && x[i] <= hi[i] - pad;
            }
            if (in) {
                double a = d_grid52(s), b = d_grid52(t);
                while (a + b > 1)
                    a = a >= 0x1p-52 ? a - 0x1p-52 : 0;
                *l1 = a;
                *l2 = b;
                return 1;
            }
            /* closest point of the triangle to c, as parameters: minimise
             * |v0 + s e1 + t e2 - c|^2 over the simplex (a few projected
             * coordinate steps suffice for a witness) */
            double w[3];
            for (int i = 0; i < 3; i++)
                w[i] = c[i] - v[0][i];
            double a11 = e1[0] * e1[0] + e1[1] * e1[1] + e1[2] * e1[2];
            double a22 = e2[0] * e2[0] + e2[1] * e2[1] + e2[2] * e2[2];
            double a12 = e1[0] * e2[0] + e1[1] * e2[1] + e1[2] * e2[2];
            double b1 = e1[0] * w[0] + e1[1] * w[1] + e1[2] * w[2], b2 = e2[0] * w[0] + e2[1] * w[1] + e2[2] * w[2];
            for (int k = 0; k < 8; k++) {
                if (a11 > 0)
                    s = fmin(fmax((b1 - a12 * t) / a11, 0), 1 - t);
                if (a22 > 0)
                    t = fmin(fmax((b2 - a12 * s) / a22, 0), 1 - s);
            }
            if (!(s >= 0) || !(t >= 0))
                s = t = 0;
        }
    }
    return 0;
}

void ref_aabb_triangle_encl(const iv *in, iv *out)
{
    iv3 lo = iv3_load(in, IN_MIN), hi = iv3_load(in, IN_MAX);
    iv3 v[3] = {iv3_load(in, IN_V0), iv3_load(in, IN_V1), iv3_load(in, IN_V2)};
    iv3 f[3] = {iv3_sub(v[1], v[0]), iv3_sub(v[2], v[1]), iv3_sub(v[0], v[2])};
    iv z = iv_point(0), o = iv_point(1);
    iv3 e[3] = {{o, z, z}, {z, o, z}, {z, z, o}};
    bool sep = false;
    for (int i = 0; i < 3 && !sep; i++)
        sep = separates(e[i], v, lo, hi);
    iv3 n = iv3_cross(f[0], f[1]);
    sep = sep || separates(n, v, lo, hi);
    for (int j = 0; j < 3 && !sep; j++) {
        sep = separates(iv3_cross(n, f[j]), v, lo, hi); /* in-plane edge normals */
        for (int i = 0; i < 3 && !sep; i++)
            sep = separates(iv3_cross(e[i], f[j]), v, lo, hi);
    }
    if (sep) {
        out[OUT_HIT] = iv_point(0);
        return;
    }
    /* overlap: a fixed point of the triangle certainly in the box */
    double lm[3], hm[3], vm[3][3], l1, l2;
    iv *L = &lo.x, *H = &hi.x;
    for (int i = 0; i < 3; i++) {
        lm[i] = iv_mid(L[i]);
        hm[i] = iv_mid(H[i]);
    }
    for (int k = 0; k < 3; k++) {
        vm[k][0] = iv_mid(v[k].x);
        vm[k][1] = iv_mid(v[k].y);
        vm[k][2] = iv_mid(v[k].z);
    }
    bool overlap = false;
    if (witness(lm, hm, vm, &l1, &l2)) {
        iv3 w = iv3_add(v[0], iv3_add(iv3_scale(iv3_sub(v[1], v[0]), iv_point(l1)),
                                      iv3_scale(iv3_sub(v[2], v[0]), iv_point(l2))));
        iv W[3] = {w.x, w.y, w.z};
        overlap = true;
        for (int i = 0; i < 3 && overlap; i++)
            overlap = !iv_has_nan(W[i]) && W[i].lo >= L[i].hi && W[i].hi <= H[i].lo;
    }
    out[OUT_HIT] = iv_bool(overlap, false);
}

/* ---- exact ---------------------------------------------------------------------- */

/* The projections of the triangle and of the box on L: certainly disjoint
 * (1), certainly meeting (0), or unknown (-1); in ref/ivl.h's intervals. */
static int ivl_axis(ivl3 L, const ivl3 *v, const double *in)
{
    ivl t[3] = {ivl3_dot(L, v[0]), ivl3_dot(L, v[1]), ivl3_dot(L, v[2])}, l[3] = {L.x, L.y, L.z};
    ivl tmin = t[0], tmax = t[0], bmin = ivl_d(0), bmax = ivl_d(0);
    for (int i = 1; i < 3; i++) {
        tmin = (ivl){fminl(tmin.lo, t[i].lo), fminl(tmin.hi, t[i].hi)};
        tmax = ivl_max(tmax, t[i]);
    }
    for (int i = 0; i < 3; i++) {
        ivl p = ivl_mul(l[i], ivl_d(in[IN_MIN + i])), q = ivl_mul(l[i], ivl_d(in[IN_MAX + i]));
        bmin = ivl_add(bmin, (ivl){fminl(p.lo, q.lo), fminl(p.hi, q.hi)});
        bmax = ivl_add(bmax, ivl_max(p, q));
    }
    if (!ivl_ok(tmin) || !ivl_ok(tmax) || !ivl_ok(bmin) || !ivl_ok(bmax))
        return -1;
    if (tmax.hi < bmin.lo || tmin.lo > bmax.hi)
        return 1;
    return tmax.lo >= bmin.hi && tmin.hi <= bmax.lo ? 0 : -1;
}

/* The 13 axes of the separating-axis test (the box's, the triangle's
 * normal n, e_k x edge_j) in long-double intervals.  One certainly
 * separating: a miss, for any shapes.  None separating, certainly: a hit
 * when the test is complete, i.e. the box has three positive extents and
 * n != 0 certainly: then box - triangle is a 3D polytope whose facet
 * normals are the box's axes, n, or cross products of a box edge and a
 * triangle edge (a zero one, for parallel edges, is no facet's: it meets
 * certainly).  Anything else: false, the exact path runs. */
static bool decide(const double *in, double *out)
{
    ivl3 v[3] = {ivl3_at(in + IN_V0), ivl3_at(in + IN_V1), ivl3_at(in + IN_V2)};
    ivl3 ed[3] = {ivl3_sub(v[1], v[0]), ivl3_sub(v[2], v[1]), ivl3_sub(v[0], v[2])}, n = ivl3_cross(ed[0], ed[1]);
    ivl3 ax[3] = {{ivl_d(1), ivl_d(0), ivl_d(0)}, {ivl_d(0), ivl_d(1), ivl_d(0)}, {ivl_d(0), ivl_d(0), ivl_d(1)}};
    ivl3 L[13] = {ax[0], ax[1], ax[2], n};
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++)
            L[4 + 3 * k + j] = ivl3_cross(ax[k], ed[j]);
    bool all_meet = true;
    for (int i = 0; i < 13; i++) {
        int r = ivl_axis(L[i], v, in);
        if (r == 1) {
            out[OUT_HIT] = 0;
            return true;
        }
        all_meet = all_meet && r == 0;
    }
    bool full = n.x.lo > 0 || n.x.hi < 0 || n.y.lo > 0 || n.y.hi < 0 || n.z.lo > 0 || n.z.hi < 0;
    for (int i = 0; i < 3; i++)
        full = full && in[IN_MAX + i] > in[IN_MIN + i];
    if (!all_meet || !full)
        return false;
    out[OUT_HIT] = 1;
    return true;
}

int ref_aabb_triangle(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    if (ref_filter_decided_or(ref_aabb_triangle_encl, decide, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    /* rows: coefficients of (l1, l2), then the bound */
    mpq_t A[9][5], v0, e1, e2;
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 5; j++)
            mpq_init(A[i][j]);
    mpq_inits(v0, e1, e2, NULL);
    mpq_set_si(A[0][0], -1, 1); /* -l1 <= 0 */
    mpq_set_si(A[1][1], -1, 1); /* -l2 <= 0 */
    mpq_set_si(A[2][0], 1, 1);  /* l1 + l2 <= 1 */
    mpq_set_si(A[2][1], 1, 1);
    mpq_set_si(A[2][2], 1, 1);
    for (int i = 0; i < 3; i++) {
        mpq_set_d(v0, in[IN_V0 + i]);
        mpq_set_d(e1, in[IN_V1 + i]);
        mpq_sub(e1, e1, v0);
        mpq_set_d(e2, in[IN_V2 + i]);
        mpq_sub(e2, e2, v0);
        /* e1 l1 + e2 l2 <= max - v0 and -e1 l1 - e2 l2 <= v0 - min */
        mpq_set(A[3 + 2 * i][0], e1);
        mpq_set(A[3 + 2 * i][1], e2);
        mpq_set_d(A[3 + 2 * i][2], in[IN_MAX + i]);
        mpq_sub(A[3 + 2 * i][2], A[3 + 2 * i][2], v0);
        mpq_neg(A[4 + 2 * i][0], e1);
        mpq_neg(A[4 + 2 * i][1], e2);
        mpq_set_d(A[4 + 2 * i][2], in[IN_MIN + i]);
        mpq_sub(A[4 + 2 * i][2], v0, A[4 + 2 * i][2]);
    }
    out[OUT_HIT] = q_feasible(2, 0, NULL, 9, A);
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 5; j++)
            mpq_clear(A[i][j]);
    mpq_clears(v0, e1, e2, NULL);
    return REF_OK;
}
