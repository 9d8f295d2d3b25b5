/* ref/overlap_triangle.c: the closest point of a closed triangle to a point,
 * exactly and as a certified enclosure over a box; shared by
 * point_in_triangle and sphere_triangle (declared in ref/overlap.h).
 *
 * A triangle a b c is the convex hull of its vertices; a degenerate one is a
 * segment or a point.  With n = ab x ac (ab = b - a, ac = c - a, ap = p - a)
 * and the scaled barycentrics of the projection of p onto the plane
 *   vb = n.(ap x ac),  vc = n.(ab x ap),  va = n.n - vb - vc
 * (p = a + s ab + t ac + h n gives vb = s n.n, vc = t n.n), the closest
 * point is the projection p - n (n.ap)/(n.n) when n != 0 and va, vb, vc >= 0;
 * otherwise it lies on the boundary, the union of the three edges (for a
 * degenerate triangle that union is the hull itself).  The closest point of
 * a segment x + t e is x + clamp(e.(p - x)/e.e, 0, 1) e (x when e = 0).
 * docs/queries/sphere_triangle.md derives the enclosure.
 */
#include "overlap.h"

/* ---- exact ------------------------------------------------------------------ */

/* Closest point of the segment x y to p, and its squared distance. */
static void q_closest_segment(q3 *q, mpq_ptr d2, const q3 *p, const q3 *x, const q3 *y)
{
    q3 e, w;
    mpq_t ee, t;
    q3_init(&e);
    q3_init(&w);
    mpq_inits(ee, t, NULL);
    q3_sub(&e, y, x);
    q3_sub(&w, p, x);
    q3_dot(ee, &e, &e);
    q3_dot(t, &e, &w);
    if (mpq_sgn(ee) == 0 || mpq_sgn(t) <= 0) {
        ov_q3_set(q, x);
    } else if (mpq_cmp(t, ee) >= 0) {
        ov_q3_set(q, y);
    } else {
        mpq_div(t, t, ee);
        ov_q3_scale(&e, &e, t);
        ov_q3_add(q, x, &e);
    }
    q3_sub(&w, p, q);
    q3_dot(d2, &w, &w);
    q3_clear(&e);
    q3_clear(&w);
    mpq_clears(ee, t, NULL);
}

int ov_q_closest_triangle(q3 *q, mpq_ptr d2, const q3 *p, const q3 *a, const q3 *b, const q3 *c)
{
    q3 ab, ac, ap, n, m, qe;
    mpq_t nn, va, vb, vc, s, de;
    q3 *all[] = {&ab, &ac, &ap, &n, &m, &qe};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_inits(nn, va, vb, vc, s, de, NULL);

    q3_sub(&ab, b, a);
    q3_sub(&ac, c, a);
    q3_sub(&ap, p, a);
    q3_cross(&n, &ab, &ac);
    q3_dot(nn, &n, &n);
    int feature = OV_TRI_FACE;
    int face = 0;
    if (mpq_sgn(nn) != 0) {
        q3_cross(&m, &ap, &ac);
        q3_dot(vb, &n, &m);
        q3_cross(&m, &ab, &ap);
        q3_dot(vc, &n, &m);
        mpq_sub(va, nn, vb);
        mpq_sub(va, va, vc);
        face = mpq_sgn(va) >= 0 && mpq_sgn(vb) >= 0 && mpq_sgn(vc) >= 0;
    }
    if (face) {
        q3_dot(s, &n, &ap); /* q = p - n (n.ap)/(n.n), d2 = (n.ap)^2/(n.n) */
        mpq_mul(d2, s, s);
        mpq_div(d2, d2, nn);
        mpq_div(s, s, nn);
        ov_q3_scale(&m, &n, s);
        q3_sub(q, p, &m);
    } else {
        const q3 *ends[3][2] = {{a, b}, {b, c}, {c, a}};
        for (int k = 0; k < 3; k++) {
            q_closest_segment(&qe, de, p, ends[k][0], ends[k][1]);
            if (k == 0 || mpq_cmp(de, d2) < 0) {
                mpq_set(d2, de);
                ov_q3_set(q, &qe);
            }
        }
        feature = OV_TRI_EDGE;
        if ((mpq_equal(q->x, a->x) && mpq_equal(q->y, a->y) && mpq_equal(q->z, a->z)) ||
            (mpq_equal(q->x, b->x) && mpq_equal(q->y, b->y) && mpq_equal(q->z, b->z)) ||
            (mpq_equal(q->x, c->x) && mpq_equal(q->y, c->y) && mpq_equal(q->z, c->z)))
            feature = OV_TRI_VERTEX;
    }

    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clears(nn, va, vb, vc, s, de, NULL);
    return feature;
}

/* ---- binary64 witness ------------------------------------------------------ */

/* The closest point of a triangle in binary64 (the same construction as the
 * exact one), as parameters (s, t) of q = a + s ab + t ac with s, t >= 0 and
 * s + t <= 1 exactly.  Only a witness for the enclosure: its accuracy
 * affects tightness, never soundness. */
static double dot3(const double *x, const double *y) { return x[0] * y[0] + x[1] * y[1] + x[2] * y[2]; }
static void cross3(double *r, const double *x, const double *y)
{
    r[0] = x[1] * y[2] - x[2] * y[1];
    r[1] = x[2] * y[0] - x[0] * y[2];
    r[2] = x[0] * y[1] - x[1] * y[0];
}

/* Round a parameter in [0, 1] to a multiple of 2^-52 so that a sum of two of
 * them is exact. */
static double grid(double x)
{
    if (!(x > 0))
        return 0;
    if (x >= 1)
        return 1;
    return ldexp(floor(ldexp(x, 52)), -52);
}

static void witness(const double *p, const double *a, const double *b, const double *c, double *s_out,
                    double *t_out)
{
    double ab[3], ac[3], ap[3], n[3], m[3];
    for (int i = 0; i < 3; i++) {
        ab[i] = b[i] - a[i];
        ac[i] = c[i] - a[i];
        ap[i] = p[i] - a[i];
    }
    cross3(n, ab, ac);
    double nn = dot3(n, n), s = 0, t = 0;
    int face = 0;
    if (nn > 0 && isfinite(nn)) {
        cross3(m, ap, ac);
        double vb = dot3(n, m);
        cross3(m, ab, ap);
        double vc = dot3(n, m);
        if (vb >= 0 && vc >= 0 && vb + vc <= nn) {
            s = vb / nn;
            t = vc / nn;
            face = 1;
        }
    }
    if (!face) {
        /* edges as (origin, direction) in (s, t) coordinates: ab: s, ac: t, bc: (1-u, u) */
        double best = INFINITY;
        for (int k = 0; k < 3; k++) {
            const double *x = k == 0 ? a : k == 1 ? a : b;
            const double *y = k == 0 ? b : k == 1 ? c : c;
            double e[3], w[3], r[3];
            for (int i = 0; i < 3; i++) {
                e[i] = y[i] - x[i];
                w[i] = p[i] - x[i];
            }
            double ee = dot3(e, e), u = ee > 0 ? dot3(e, w) / ee : 0;
            u = u > 0 ? (u < 1 ? u : 1) : 0;
            if (!(u == u))
                u = 0;
            for (int i = 0; i < 3; i++)
                r[i] = w[i] - u * e[i];
            double d = dot3(r, r);
            if (d < best || k == 0) {
                best = d;
                s = k == 0 ? u : k == 1 ? 0 : 1 - u;
                t = k == 0 ? 0 : u;
            }
        }
    }
    s = grid(s);
    t = grid(t);
    while (s + t > 1) /* exact: both are multiples of 2^-52 below 2 */
        s = s >= 0x1p-52 ? s - 0x1p-52 : 0;
    *s_out = s;
    *t_out = t;
}

/* ---- enclosure ---------------------------------------------------------------- */

static iv3 iv3_mid_box(iv3 a, double *mid)
{
    iv c[3] = {a.x, a.y, a.z};
    for (int i = 0; i < 3; i++)
        mid[i] = 0.5 * c[i].lo + 0.5 * c[i].hi;
    return a;
}

static iv clamp01(iv t) { return ov_clamp(t, 0, 1); }

/* Candidate formulas of the closest point and squared distance on an edge
 * x + t e, t = e.w/e.e clamped to [0,1] (the whole [0,1] when e may vanish).
 * The squared distance is |w - t e|^2 with t's interval, and at least the
 * squared distance to the line, |w x e|^2/|e|^2 (the segment is on the line). */
static void edge_formula(iv3 *q, iv *d2, iv3 P, iv3 X, iv3 e)
{
    iv3 w = iv3_sub(P, X);
    iv ee = ov_norm2(e);
    iv t = clamp01(iv_div(iv3_dot(e, w), ee));
    *q = ov_add3(X, ov_scale3(e, t));
    *d2 = ov_norm2(iv3_sub(w, ov_scale3(e, t)));
    iv line = iv_div(ov_norm2(iv3_cross(w, e)), ee);
    if (!iv_has_nan(*d2) && !iv_has_nan(line) && line.lo > d2->lo && line.lo <= d2->hi)
        d2->lo = line.lo;
}

static bool possible_ge0(iv x) { return iv_has_nan(x) || x.hi >= 0; }
static bool possible_le0(iv x) { return iv_has_nan(x) || x.lo <= 0; }

void ov_iv_closest_triangle(iv3 *q_out, iv *d2_out, iv3 P, iv3 A, iv3 B, iv3 C)
{
    iv3 ab = iv3_sub(B, A), ac = iv3_sub(C, A), bc = iv3_sub(C, B);
    iv3 ap = iv3_sub(P, A), bp = iv3_sub(P, B), cp = iv3_sub(P, C);
    iv3 n = iv3_cross(ab, ac);
    iv nn = ov_norm2(n);
    iv vb = iv3_dot(n, iv3_cross(ap, ac)), vc = iv3_dot(n, iv3_cross(ab, ap));
    iv va = iv3_dot(n, iv3_cross(bc, bp));
    iv d1 = iv3_dot(ab, ap), d2 = iv3_dot(ac, ap), d3 = iv3_dot(ab, bp), d6 = iv3_dot(ac, cp);
    iv fb = iv3_dot(bc, bp), fc = iv3_dot(bc, cp); /* bc.(p - b), bc.(p - c) */

    bool have = false;
    iv3 q = {{0, 0}, {0, 0}, {0, 0}};
    iv dd = {0, 0};
#define JOIN(qq, ddv)                                                                                        \
    do {                                                                                                     \
        if (!have) {                                                                                         \
            q = (qq);                                                                                        \
            dd = (ddv);                                                                                      \
            have = true;                                                                                     \
        } else {                                                                                             \
            q = ov_hull3(q, (qq));                                                                           \
            dd = iv_hull(dd, (ddv));                                                                         \
        }                                                                                                    \
    } while (0)

    /* face: va, vb, vc >= 0 and n != 0 */
    if (possible_ge0(va) && possible_ge0(vb) && possible_ge0(vc) && !(nn.hi <= 0)) {
        iv s = iv3_dot(n, ap);
        iv3 qf = iv3_sub(P, ov_scale3(n, iv_div(s, nn)));
        JOIN(qf, iv_div(iv_sqr(s), nn));
    }
    iv3 qe;
    iv de;
    /* edge ab: vc <= 0, 0 <= t <= 1 (d1 >= 0, d3 <= 0) */
    if (possible_le0(vc) && possible_ge0(d1) && possible_le0(d3)) {
        edge_formula(&qe, &de, P, A, ab);
        JOIN(qe, de);
    }
    /* edge ac: vb <= 0, d2 >= 0, d6 <= 0 */
    if (possible_le0(vb) && possible_ge0(d2) && possible_le0(d6)) {
        edge_formula(&qe, &de, P, A, ac);
        JOIN(qe, de);
    }
    /* edge bc: va <= 0, bc.(p-b) >= 0, bc.(p-c) <= 0 */
    if (possible_le0(va) && possible_ge0(fb) && possible_le0(fc)) {
        edge_formula(&qe, &de, P, B, bc);
        JOIN(qe, de);
    }
    /* vertices: the normal cone (p - x).(y - x) <= 0 for both other vertices */
    if (possible_le0(d1) && possible_le0(d2))
        JOIN(A, ov_norm2(ap));
    if (possible_ge0(d3) && possible_le0(fb))
        JOIN(B, ov_norm2(bp));
    if (possible_ge0(d6) && possible_ge0(fc))
        JOIN(C, ov_norm2(cp));
#undef JOIN
    if (!have) { /* no valid point in the box: anything is sound */
        iv w = {-INFINITY, INFINITY};
        q = (iv3){w, w, w};
        dd = (iv){0, INFINITY};
    }
    if (dd.lo < 0 || iv_has_nan(dd))
        dd.lo = 0;

    /* Witness bounds (sound for any witness; tight when it is near the
     * optimum at the box centre): w = a + s ab + t ac lies in every triangle
     * of the box, so d2 <= |p - w|^2; and for the direction g = p - q at the
     * centre, d2 >= max(0, min_v g.(p - v))^2 / g.g. */
    double pm[3], am[3], bm[3], cm[3], s, t;
    iv3_mid_box(P, pm);
    iv3_mid_box(A, am);
    iv3_mid_box(B, bm);
    iv3_mid_box(C, cm);
    witness(pm, am, bm, cm, &s, &t);
    iv3 W = ov_add3(A, ov_add3(ov_scale3(ab, iv_point(s)), ov_scale3(ac, iv_point(t))));
    iv U = ov_norm2(iv3_sub(P, W));
    double g[3];
    for (int i = 0; i < 3; i++)
        g[i] = pm[i] - (am[i] + s * (bm[i] - am[i]) + t * (cm[i] - am[i]));
    iv L = {0, 0};
    iv3 G = {iv_point(g[0]), iv_point(g[1]), iv_point(g[2])};
    iv gg = ov_norm2(G);
    if (gg.lo > 0 && isfinite(gg.hi)) {
        iv m = ov_min(ov_min(iv3_dot(G, ap), iv3_dot(G, bp)), iv3_dot(G, cp));
        if (!iv_has_nan(m) && m.lo > 0)
            L = iv_div(iv_sqr(iv_point(m.lo)), iv_point(gg.hi));
    }
    if (!iv_has_nan(U) && U.hi < dd.hi)
        dd.hi = U.hi;
    if (!iv_has_nan(L) && L.lo > dd.lo)
        dd.lo = L.lo;
    if (dd.lo > dd.hi) /* only through rounding of disjoint valid bounds */
        dd.lo = dd.hi;

    /* The closest point q of p satisfies |q - w|^2 <= |p - w|^2 - d2. */
    if (!iv_has_nan(U) && !iv_has_nan(W.x) && !iv_has_nan(W.y) && !iv_has_nan(W.z)) {
        iv rad = iv_sqrt(iv_sub(iv_point(U.hi), iv_point(dd.lo)));
        if (!iv_has_nan(rad) && isfinite(rad.hi)) {
            iv ball = {-rad.hi, rad.hi};
            iv3 qb = ov_add3(W, (iv3){ball, ball, ball});
            iv *qc[3] = {&q.x, &q.y, &q.z}, qbv[3] = {qb.x, qb.y, qb.z};
            for (int i = 0; i < 3; i++) {
                if (iv_has_nan(*qc[i])) {
                    *qc[i] = qbv[i];
                    continue;
                }
                double lo = qc[i]->lo > qbv[i].lo ? qc[i]->lo : qbv[i].lo;
                double hi = qc[i]->hi < qbv[i].hi ? qc[i]->hi : qbv[i].hi;
                if (lo <= hi)
                    *qc[i] = (iv){lo, hi};
            }
        }
    }
    *q_out = q;
    *d2_out = dd;
}
