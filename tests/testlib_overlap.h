/* tests/testlib_overlap.h: what the static-overlap tests
 * (tests/test_{sphere_sphere,aabb_aabb,sphere_aabb,point_in_triangle,
 * sphere_triangle,sphere_plane,aabb_plane,obb_obb,sphere_obb,capsule_capsule,
 * aabb_triangle,triangle_triangle}.c) add to tests/testlib.h.
 *
 * - ov_check_encl(): tl_check_encl with the judge's boxes (radius
 *   rho * 2^-24 * S per unit class, a tenth of them point boxes), sampled at
 *   the centre, corners and random points.  The generators put many centres
 *   exactly on the decision boundary, where soundness matters.
 * - ov_check_filter(): tl_check_filter with the overlaps' guard.
 * - ov_check_target(): a target judged against ref on generated inputs.
 * - tg_triangle(): point/triangle configurations (point_in_triangle,
 *   sphere_triangle).
 */
#ifndef ISECT_TESTS_TESTLIB_OVERLAP_H
#define ISECT_TESTS_TESTLIB_OVERLAP_H

#include "testlib.h"

/* ref's first output (a side, a hit flag) on in, which must be valid. */
static inline double ov_side(const isect_query *q, const double *in)
{
    double out[ISECT_MAX_OUT];
    cr_assert_eq(tl_ref(q, in, out), REF_OK);
    return out[0];
}

/* ref's side on n inputs made by gen against an independent formulation
 * (which says whether its answer is exact; only those are judged); every
 * side must come up more than 60 times. */
static inline void ov_sides_against(const isect_query *q, void (*gen)(double *in),
                                    int (*independent)(const double *in, int *exact), int n)
{
    int seen[3] = {0};
    for (int i = 0; i < n; i++) {
        double in[ISECT_MAX_IN];
        int exact;
        gen(in);
        int want = independent(in, &exact);
        double got = ov_side(q, in);
        if (exact)
            cr_assert_eq(got, want, "%s case %d (ISECT_SEED=%llu)", q->name, i, (unsigned long long)tl_seed);
        seen[(int)got + 1]++;
    }
    for (int s = 0; s < 3; s++)
        cr_assert(seen[s] > 60, "%s: generator balance: side %d seen %d times", q->name, s - 1, seen[s]);
}

/* A box of radius rho * 2^-24 * S per unit class around c (as the judge
 * builds them), rho 0 (a point box, the ref filter's case) a tenth of the
 * time, else 2^k for k in [-30, 12]. */
static inline void ov_encl_box(const isect_query *q, const double *c, iv *box)
{
    double S[UNIT_COUNT];
    isect_input_scales(q, c, S);
    double rho = tl_int(0, 9) == 0 ? 0 : ldexp(1, tl_int(-30, 12));
    for (int f = 0, k = 0; f < q->nfields; f++)
        for (int j = 0; j < q->fields[f].arity; j++, k++) {
            double r = nextafter(rho * 0x1p-24 * S[q->fields[f].unit], INFINITY);
            box[k] = isfinite(c[k]) ? iv_add(iv_point(c[k]), iv_make(-r, r)) : iv_point(c[k]);
            if (rho == 0)
                box[k] = iv_point(c[k]);
        }
}

/* Point 0 is the centre; of the npt - 1 others the first quarter are
 * corners (a random subset of the 2^n), the rest random points of the box
 * with a quarter of the coordinates kept exact (boundaries survive). */
static inline void ov_encl_point(const isect_query *q, const iv *box, const double *c, int k, int npt, double *pt)
{
    int nin = isect_query_nin(q), s = k - 1, corner = s < (npt - 1) / 4;
    if (k == 0) {
        memcpy(pt, c, (size_t)nin * sizeof *pt);
        return;
    }
    for (int i = 0; i < nin; i++) {
        if (corner)
            pt[i] = tl_rnd() & 1 ? box[i].lo : box[i].hi;
        else if (tl_int(0, 3) == 0)
            pt[i] = c[i];
        else
            pt[i] = box[i].lo + tl_unit() * (box[i].hi - box[i].lo);
        if (!(pt[i] >= box[i].lo && pt[i] <= box[i].hi))
            pt[i] = c[i];
    }
}

/* The soundness property of q's enclosure over nbox boxes around inputs made
 * by gen, each sampled at its centre and nsample points.  Guards: the
 * enclosure decides (a single value of the first output) more than
 * OV_MIN_DECIDED of the boxes and more than OV_MIN_POINT_DECIDED of the
 * point boxes. */
#define OV_MIN_DECIDED 0.25
#define OV_MIN_POINT_DECIDED 0.25
static inline void ov_check_encl(const isect_query *q, void (*gen)(double *in), int nbox, int nsample)
{
    static const tl_encl_policy pol = {.box = ov_encl_box,
                                       .point = ov_encl_point,
                                       .decided = OV_MIN_DECIDED,
                                       .point_decided = OV_MIN_POINT_DECIDED};
    tl_check_encl(q, gen, nbox, nsample + 1, &pol);
}

/* ref with and without its filter agree on every generated input, and the
 * filter settles more than OV_MIN_SETTLED of them. */
#define OV_MIN_SETTLED 0.25
static inline void ov_check_filter(const isect_query *q, void (*gen)(double *in), int n)
{
    tl_check_filter(q, gen, n, OV_MIN_SETTLED);
}

/* The named target judged against ref on n generated inputs as `isect
 * check` judges it (every claim of its entry): never a discrepancy, never
 * invalid.  Returns how many answers differed from ref
 * (agree excluded) so that callers can check the boundary was reached. */
static inline int ov_check_target(const isect_query *q, const char *target, void (*gen)(double *in), int n)
{
    int differed = 0;
    for (int i = 0; i < n; i++) {
        double in[ISECT_MAX_IN], out[ISECT_MAX_OUT];
        gen(in);
        tl_run(q, target, in, out);
        isect_judgement j = tl_judge_entry(q, target, in, out); /* exact booleans where claimed */
        if (j.verdict == VERDICT_DISCREPANCY || j.verdict == VERDICT_INVALID) {
            fprintf(stderr, "%s vs %s: %s, severity %g (ISECT_SEED=%llu, case %d); input:", q->name, target,
                    isect_verdict_name(j.verdict), j.severity, (unsigned long long)tl_seed, i);
            for (int k = 0; k < isect_query_nin(q); k++)
                fprintf(stderr, " %a", in[k]);
            fprintf(stderr, "\n");
        }
        cr_assert(j.verdict == VERDICT_AGREE || j.verdict == VERDICT_TOLERATED, "%s vs %s: %s (severity %g)",
                  q->name, target, isect_verdict_name(j.verdict), j.severity);
        differed += j.verdict == VERDICT_TOLERATED;
    }
    return differed;
}

/* ---- point/triangle configurations ------------------------------------------ */

/* Triangles with small-integer vertices at a random power-of-two scale (so
 * that dyadic barycentric points are exact), axis-aligned or not, often
 * degenerate (collinear or coincident vertices); points at dyadic barycentric
 * combinations (inside, on an edge, at a vertex, outside), pushed off the
 * plane along the normal, or random binary32 values. */
/* p (3), v0, v1, v2 (9) at out[0..11]; returns the scale exponent. */
static inline int tg_triangle(double *p, double *v)
{
    int e = tl_int(-20, 20);
    int kind = tl_int(0, 9);
    for (int i = 0; i < 9; i++)
        v[i] = tl_small(e);
    if (kind == 0) /* axis plane */
        v[3 + 2] = v[6 + 2] = v[2];
    else if (kind == 1) /* collinear: v2 = v0 + s (v1 - v0) */
        for (int i = 0; i < 3; i++)
            v[6 + i] = v[i] + (tl_int(-2, 4) * 0.5) * (v[3 + i] - v[i]);
    else if (kind == 2) /* two equal vertices */
        for (int i = 0; i < 3; i++)
            v[3 + i] = v[i];
    else if (kind == 3) /* all equal */
        for (int i = 0; i < 3; i++)
            v[3 + i] = v[6 + i] = v[i];
    else if (kind == 4) /* random binary32 vertices */
        for (int i = 0; i < 9; i++)
            v[i] = tl_f32(3);
    /* p: a dyadic barycentric combination (exact for kinds 0..3 when the
     * weights are multiples of 1/8 and the values small) */
    int wa = tl_int(-4, 12), wb = tl_int(-4, 12), wc = 8 - wa - wb;
    if (tl_int(0, 3) == 0) { /* at a vertex or on an edge */
        wa = tl_int(0, 8);
        wb = 8 - wa;
        wc = 0;
    }
    for (int i = 0; i < 3; i++)
        p[i] = (wa * v[i] + wb * v[3 + i] + wc * v[6 + i]) / 8;
    int pk = tl_int(0, 4);
    if (pk == 0) { /* off the plane along the normal, by a power of two */
        double e1[3], e2[3], n[3];
        for (int i = 0; i < 3; i++) {
            e1[i] = v[3 + i] - v[i];
            e2[i] = v[6 + i] - v[i];
        }
        n[0] = e1[1] * e2[2] - e1[2] * e2[1];
        n[1] = e1[2] * e2[0] - e1[0] * e2[2];
        n[2] = e1[0] * e2[1] - e1[1] * e2[0];
        double s = ldexp(1, tl_int(-30, 0) - e);
        for (int i = 0; i < 3; i++)
            p[i] += (tl_rnd() & 1 ? s : -s) * n[i];
    } else if (pk == 1) { /* a few ulps away */
        int i = tl_int(0, 2);
        float f = (float)p[i];
        for (int k = tl_int(1, 3); k > 0; k--)
            f = nextafterf(f, tl_rnd() & 1 ? INFINITY : -INFINITY);
        p[i] = f;
    } else if (pk == 2) {
        for (int i = 0; i < 3; i++)
            p[i] = tl_small(e);
    }
    for (int i = 0; i < 3; i++)
        p[i] = (float)p[i];
    return e;
}

/* ---- the separating-axis test (independent checks of the triangle queries) -- */

static inline void ov_cross(double *r, const double *a, const double *b)
{
    r[0] = a[1] * b[2] - a[2] * b[1];
    r[1] = a[2] * b[0] - a[0] * b[2];
    r[2] = a[0] * b[1] - a[1] * b[0];
}
static inline double ov_dot(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* Projections of point sets onto L overlap? */
static inline int ov_overlap_on(const double *L, const double *p, int np, const double *q, int nq)
{
    double a = INFINITY, b = -INFINITY, c = INFINITY, d = -INFINITY;
    for (int k = 0; k < np; k++) {
        a = fmin(a, ov_dot(L, p + 3 * k));
        b = fmax(b, ov_dot(L, p + 3 * k));
    }
    for (int k = 0; k < nq; k++) {
        c = fmin(c, ov_dot(L, q + 3 * k));
        d = fmax(d, ov_dot(L, q + 3 * k));
    }
    return !(b < c || d < a);
}

/* The triangle t (9 values) has a non-zero area. */
static inline int ov_nondegenerate(const double *t)
{
    double e1[3], e2[3], n[3];
    for (int i = 0; i < 3; i++) {
        e1[i] = t[3 + i] - t[i];
        e2[i] = t[6 + i] - t[i];
    }
    ov_cross(n, e1, e2);
    return ov_dot(n, n) > 0;
}

/* Every one of the n values of in is an integer of magnitude <= 16 times 2^e. */
static inline int ov_small_ints(const double *in, int n, int e)
{
    for (int i = 0; i < n; i++) {
        double x = ldexp(in[i], -e);
        if (x != rint(x) || fabs(x) > 16)
            return 0;
    }
    return 1;
}

#endif
