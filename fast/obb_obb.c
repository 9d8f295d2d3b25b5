/* fast/obb_obb.c: oriented boxes (parallelepipeds with the axes as given)
 * overlap, binary32 inputs, exact answer (ref's for every valid input).
 *
 * With t = c1 - c0 and the generators g_k = h_k a_k of both boxes, the
 * boxes overlap iff t lies in the zonotope Z = {sum s_k g_k, |s_k| <= 1},
 * i.e. iff no direction L has |t.L| > sum_k h_k |a_k.L|.  Filter (binary64):
 * the 15 non-zero cross products a_k x a_l (exact products, one rounding
 * each component) as axes; along each the margin is certainly positive (a
 * miss), certainly negative, or undecided, against the guard FB_OBB_CERT
 * (fast/fast_bounds.h), which bounds the rounding against the exact axis.
 * When no axis separates, none is undecided and one box is certainly full
 * (h > 0, a certainly non-zero triple product), Z is full-dimensional and
 * the axes contain its facet normals: a hit.  Otherwise the exact path (fe
 * expansions, fast/fast_exact.h) runs ref's decision by the rank of the
 * generators.  docs/queries/obb_obb.md, "Exact".
 */
#include "fast_exact.h"
#include "fast_overlap.h"

/* ---- exact path ------------------------------------------------------------------ */

typedef struct {
    fe a[6][3]; /* the axes of both boxes */
    float h[6];
    bool live[6]; /* h_k > 0 and a_k != 0: a non-zero generator */
    fe t[3];
} zono;

static bool fe3_zero(const fe *v) { return !fe_sign(&v[0]) && !fe_sign(&v[1]) && !fe_sign(&v[2]); }

/* |t.L| > sum_k h_k |a_k.L|, exactly. */
static bool separates_exact(const zono *z, const fe *L)
{
    fe s = fe_dot3(z->t, L);
    if (fe_sign(&s) < 0)
        fe_add_to(&s, &(fe){0}, &s, -1);
    for (int k = 0; k < 6; k++) {
        if (!z->live[k])
            continue;
        fe d = fe_dot3(z->a[k], L), h = fe_of(z->h[k]), p = fe_mul(&h, &d);
        fe_add_to(&s, &s, &p, fe_sign(&d) < 0 ? 1 : -1);
    }
    return fe_sign(&s) > 0;
}

/* ref's directions by the rank of the non-zero generators: rank 3, the
 * non-zero cross products (the facet normals among them); rank 2 (normal
 * m), m and the in-plane normals m x a_k; rank 1 (along g), g and g x e_i;
 * rank 0, t = 0. */
static bool obb_obb_exact(isect_obb a, isect_obb b)
{
    zono z;
    const isect_obb *o[2] = {&a, &b};
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 3; k++) {
            isect_vec3 v = o[i]->axis[k];
            fe *x = z.a[3 * i + k];
            fe_of_to(&x[0], v.x);
            fe_of_to(&x[1], v.y);
            fe_of_to(&x[2], v.z);
            z.h[3 * i + k] = fv_comp(o[i]->half, k);
            z.live[3 * i + k] = z.h[3 * i + k] > 0 && (v.x != 0 || v.y != 0 || v.z != 0);
        }
    fe_diff3(z.t, b.center, a.center);
    fe m[3], L[3];
    int rank = 0, g = -1;
    for (int k = 0; k < 6; k++) {
        if (!z.live[k])
            continue;
        g = g < 0 ? k : g;
        rank = rank < 1 ? 1 : rank;
        for (int l = k + 1; l < 6; l++) {
            if (!z.live[l])
                continue;
            fe_cross3(L, z.a[k], z.a[l]);
            if (fe3_zero(L))
                continue;
            if (rank < 2)
                memcpy(m, L, sizeof m);
            rank = rank < 2 ? 2 : rank;
            for (int j = 0; j < 6 && rank < 3; j++) {
                fe d = fe_dot3(z.a[j], L);
                rank = z.live[j] && fe_sign(&d) ? 3 : rank;
            }
            if (separates_exact(&z, L))
                return false;
        }
    }
    if (rank == 3)
        return true;
    if (rank == 0)
        return fe3_zero(z.t);
    const fe *n = rank == 2 ? m : z.a[g];
    if (separates_exact(&z, n))
        return false;
    for (int k = 0; k < 6; k++) {
        if (rank == 2 && z.live[k])
            fe_cross3(L, n, z.a[k]);
        else if (rank == 1 && k < 3) { /* g x e_k */
            fe e[3] = {fe_of(k == 0), fe_of(k == 1), fe_of(k == 2)};
            fe_cross3(L, n, e);
        } else
            continue;
        if (separates_exact(&z, L))
            return false;
    }
    return true;
}

/* ---- filter ---------------------------------------------------------------------- */

/* Along the computed axis L: 1 certainly separating, -1 certainly not,
 * 0 undecided (FB_OBB_CERT). */
static int axis_margin(const fv_d3 *A, const double *h, fv_d3 t, fv_d3 L)
{
    double r = 0, mag = fv_dabsdot(t, L);
    for (int k = 0; k < 6; k++) {
        r += h[k] * fabs(fv_ddot(A[k], L));
        mag += h[k] * fv_dabsdot(A[k], L);
    }
    double lhs = fabs(fv_ddot(t, L)) - r, g = FB_OBB_CERT * mag;
    return lhs > g ? 1 : lhs < -g ? -1 : 0;
}

/* The box a certainly full: its half extents positive and a0.(a1 x a2)
 * certainly non-zero (binary32 axes: FB_TRIPLE bounds its rounding). */
static bool certainly_full(const fv_d3 *A, const double *h)
{
    if (!(h[0] > 0 && h[1] > 0 && h[2] > 0))
        return false;
    double o = fv_ddot(A[0], fv_dcross(A[1], A[2]));
    return fabs(o) > FB_TRIPLE * ov_abs_triple(A[0], A[1], A[2]);
}

/* 1 hit, 0 miss, -1 undecided. */
static int obb_obb_certified(isect_obb a, isect_obb b)
{
    const fv_d3 A[6] = {fv_d(a.axis[0]), fv_d(a.axis[1]), fv_d(a.axis[2]),
                        fv_d(b.axis[0]), fv_d(b.axis[1]), fv_d(b.axis[2])};
    const double h[6] = {a.half.x, a.half.y, a.half.z, b.half.x, b.half.y, b.half.z};
    fv_d3 t = fv_dsub(fv_d(b.center), fv_d(a.center));
    bool undecided = false;
    for (int k = 0; k < 6; k++)
        for (int l = k + 1; l < 6; l++) {
            fv_d3 L = fv_dcross(A[k], A[l]);
            if (L.x == 0 && L.y == 0 && L.z == 0) /* exactly parallel (exact products) */
                continue;
            int s = axis_margin(A, h, t, L);
            if (s > 0)
                return 0;
            undecided |= s == 0;
        }
    return !undecided && (certainly_full(A, h) || certainly_full(A + 3, h + 3)) ? 1 : -1;
}

static bool obb_valid(isect_obb o)
{
    return fv_finite3(o.center) && fv_finite3(o.axis[0]) && fv_finite3(o.axis[1]) && fv_finite3(o.axis[2]) &&
           fv_finite3(o.half) && o.half.x >= 0 && o.half.y >= 0 && o.half.z >= 0;
}

bool isect_obb_obb(isect_obb a, isect_obb b, isect_obb_obb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!obb_valid(a) || !obb_valid(b))
        return false;
    int certain = obb_obb_certified(a, b);
    bool hit = certain < 0 ? obb_obb_exact(a, b) : certain == 1;
    if (out)
        out->hit = hit;
    return hit;
}
