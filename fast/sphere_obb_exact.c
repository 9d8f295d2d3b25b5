/* fast/sphere_obb_exact.c: sphere_obb's exact predicates (issue 14), for
 * the features the binary64 filters of fast/sphere_obb.c leave undecided.
 *
 * Every quantity is a polynomial in the binary32 inputs held exactly as a
 * floating-point expansion (fast/fast_exact.h): the inside test's
 * determinants as sums of products of four binary32 values (fx_grow_prod4,
 * FX_MAX components), the features' values as fe (degree <= 6, fe's
 * capacity argument), and the plane test's degree-8 square by
 * sobb_sq_minus_sign, which rescales by powers of two.  Ranges and
 * capacities: docs/queries/sphere_obb.md, "Exact".
 */
#include "sphere_obb_exact.h"

#include "fast_vec3.h"

/* ---- inside: Cramer's signs (fx_grow_prod4, FX_MAX) ---------------------- */

/* e += f det(x, y, z), its six terms in the order of the rule of Sarrus. */
static int det_grow(double *e, int n, float f, isect_vec3 x, isect_vec3 y, isect_vec3 z)
{
    n = fx_grow_prod4(e, n, f, x.x, y.y, z.z);
    n = fx_grow_prod4(e, n, -f, x.x, y.z, z.y);
    n = fx_grow_prod4(e, n, f, x.y, y.z, z.x);
    n = fx_grow_prod4(e, n, -f, x.y, y.x, z.z);
    n = fx_grow_prod4(e, n, f, x.z, y.x, z.y);
    return fx_grow_prod4(e, n, -f, x.z, y.y, z.x);
}

/* |det(p - c, a_j, a_k)| <= h_i |det(a)|, exactly (det(a) != 0 given with
 * sign sd): both sd h_i det(a) +- det(p - c, a_j, a_k) >= 0, each a sum of
 * 18 products of four binary32 values (at most 72 components < FX_MAX). */
static bool slab_inside_exact(isect_vec3 p, isect_vec3 c, isect_vec3 aj, isect_vec3 ak, float hi, const isect_vec3 *a,
                              int sd)
{
    double e[FX_MAX];
    for (int sg = -1; sg <= 1; sg += 2) {
        int n = det_grow(e, 0, sd > 0 ? hi : -hi, a[0], a[1], a[2]);
        n = det_grow(e, n, sg > 0 ? 1.0f : -1.0f, p, aj, ak);
        n = det_grow(e, n, sg > 0 ? -1.0f : 1.0f, c, aj, ak);
        if (fx_sign(e, n) < 0)
            return false;
    }
    return true;
}

bool sobb_inside_exact(isect_sphere s, isect_obb box)
{
    double e[FX_MAX];
    int sd = fx_sign(e, det_grow(e, 0, 1.0f, box.axis[0], box.axis[1], box.axis[2]));
    if (sd == 0)
        return false;
    for (int i = 0; i < 3; i++)
        if (!slab_inside_exact(s.center, box.center, box.axis[(i + 1) % 3], box.axis[(i + 2) % 3],
                               fv_comp(box.half, i), box.axis, sd))
            return false;
    return true;
}

/* ---- the features' values (fe) ------------------------------------------- */

/* r = center - box_center - sum_i sg[i] h_i a_i, exactly: each component
 * the fx_grow sum of at most five binary64 values (two binary32, three
 * exact products of two), at most five components. */
static void offset_fe(fe *r, isect_sphere s, isect_obb box, const int *sg)
{
    for (int c = 0; c < 3; c++) {
        int n = fx_grow(r[c].e, 0, fv_comp(s.center, c));
        n = fx_grow(r[c].e, n, -(double)fv_comp(box.center, c));
        for (int i = 0; i < 3; i++)
            if (sg[i])
                n = fx_grow(r[c].e, n, -sg[i] * ((double)fv_comp(box.half, i) * fv_comp(box.axis[i], c)));
        r[c].n = n;
    }
}

static void vec_fe(fe *r, isect_vec3 v)
{
    fe_of_to(&r[0], v.x);
    fe_of_to(&r[1], v.y);
    fe_of_to(&r[2], v.z);
}

/* r = f y for a binary64 f (one component at most: fe_mul's linear case). */
static void scale_fe(fe *r, double f, const fe *y)
{
    fe x;
    fe_of_to(&x, f);
    fe_mul_to(r, &x, y);
}

/* |x| <= y, exactly. */
static bool abs_le(const fe *x, const fe *y)
{
    fe t;
    fe_add_to(&t, y, x, fe_sign(x) > 0 ? -1 : 1);
    return fe_sign(&t) >= 0;
}

bool sobb_vertex_exact(isect_sphere s, isect_obb box, const int *sg)
{
    fe v[3], d2, r2;
    offset_fe(v, s, box, sg);
    fe_dot3_to(&d2, v, v);
    fe_of_to(&r2, (double)s.radius * s.radius); /* exact */
    fe_add_to(&d2, &d2, &r2, -1);
    return fe_sign(&d2) <= 0;
}

bool sobb_edge_exact(isect_sphere s, isect_obb box, const int *sg, int k, int need)
{
    fe q[3], a[3], c[3], t, aa, L, x;
    offset_fe(q, s, box, sg);
    vec_fe(a, box.axis[k]);
    fe_dot3_to(&aa, a, a);
    if (need & SOBB_FOOT) {
        fe_dot3_to(&t, a, q);
        scale_fe(&L, fv_comp(box.half, k), &aa);
        fe_add_to(&x, &L, &t, -1); /* h_k a.a - a.q > 0 */
        if (fe_sign(&x) <= 0)
            return false;
        fe_add_to(&x, &L, &t, 1); /* h_k a.a + a.q > 0 */
        if (fe_sign(&x) <= 0)
            return false;
    }
    if (!(need & SOBB_LINE))
        return true;
    fe_cross3(c, q, a);
    fe_dot3_to(&x, c, c);
    scale_fe(&L, (double)s.radius * s.radius, &aa);
    fe_add_to(&x, &x, &L, -1);
    return fe_sign(&x) <= 0;
}

bool sobb_face_exact(isect_sphere s, isect_obb box, int i, int sg, int need)
{
    int j = (i + 1) % 3, k = (i + 2) % 3, sgs[3] = {0, 0, 0};
    fe aj[3], ak[3], m[3], n[3], d[3], G, x, y;
    vec_fe(aj, box.axis[j]);
    vec_fe(ak, box.axis[k]);
    fe_cross3(m, aj, ak);
    fe_dot3_to(&G, m, m); /* > 0: the caller's precondition */
    sgs[i] = sg;
    offset_fe(d, s, box, sgs);
    if (need & SOBB_IN_A) {
        fe_cross3(n, ak, m); /* a_k x (a_j x a_k) */
        fe_dot3_to(&x, d, n);
        scale_fe(&y, fv_comp(box.half, j), &G);
        if (!abs_le(&x, &y))
            return false;
    }
    if (need & SOBB_IN_B) {
        fe_cross3(n, m, aj); /* a_j x (a_k x a_j) */
        fe_dot3_to(&x, d, n);
        scale_fe(&y, fv_comp(box.half, k), &G);
        if (!abs_le(&x, &y))
            return false;
    }
    if (!(need & SOBB_PLANE))
        return true;
    fe_dot3_to(&x, m, d);
    scale_fe(&y, (double)s.radius * s.radius, &G);
    return sobb_sq_minus_sign(&x, &y) <= 0;
}

/* ---- x^2 - y across the exponent range ------------------------------------
 * x^2 reaches 2^-1192 (the square of a multiple of 2^-596) and 2^1034.
 * x is first normalised (fe_norm_buf: regrown from its plain sums s_1, s_2,
 * ..., s_1 within 4nu of x, each next one below 2^-44 of the last), so that
 * its components, two_sum errors and running sums of the regrowth, stay
 * below 2.01 |x|.  When |x| >= 2^386, x^2 >= 2^772 > y: +1 (an exact
 * comparison of |x| with 2^386).  Otherwise every component is below 2^388
 * (when the largest is below 2^386, |x| is below 2^387: the largest
 * component of a non-overlapping expansion exceeds the sum of the others),
 * and X = 2^85 x (components multiples of 2^-511, below 2^473) and
 * Y = 2^170 y (multiples of 2^-724, below 2^942) scale exactly; every
 * product of two components of X, its fx_split halves and partial products
 * are multiples of 2^-1022 below 2^946 (sums below 2^949), so no value of
 * fx_two_prod or fx_grow is subnormal or overflows: X^2 - Y = 2^170 (x^2 - y)
 * accumulates exactly.  Length: x has at most 39 components (fe), a row of
 * the square adds at most 2 x 39 = 78; normalised whenever above
 * SQ_ACC / 2 = 128, the accumulator stays below 128 + 78 < SQ_ACC = 2^8,
 * fe_norm_buf's limit, and a normalised value of multiples of 2^-1022
 * below 2^951 has at most (951 + 1022) / 44 + 1 < 46 < FE_CAP components. */
enum { SQ_ACC = 256 };

int sobb_sq_minus_sign(const fe *x0, const fe *y)
{
    if (x0->n == 0)
        return -fe_sign(y);
    double x[FE_CAP], acc[SQ_ACC];
    memcpy(x, x0->e, (size_t)x0->n * sizeof *x);
    int nx = fe_norm_buf(x, x0->n), n = 0;
    double top = x[nx - 1], big = top > 0 ? 0x1p386 : -0x1p386;
    if (fabs(top) >= 0x1p386 && fx_sign_minus(x, nx, &big, 1) * (top > 0 ? 1 : -1) >= 0)
        return 1;
    for (int i = 0; i < y->n; i++)
        n = fx_grow(acc, n, -y->e[i] * 0x1p170);
    for (int i = 0; i < nx; i++) {
        double xi = x[i] * 0x1p85;
        for (int j = i; j < nx; j++) {
            double err, p = fx_two_prod(j == i ? xi : 2 * xi, x[j] * 0x1p85, &err);
            n = fx_grow(acc, n, err);
            n = fx_grow(acc, n, p);
        }
        if (n > SQ_ACC / 2)
            n = fe_norm_buf(acc, n);
    }
    return fx_sign(acc, n);
}
