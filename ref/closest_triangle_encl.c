/* ref/closest_triangle_encl.c: the closest point of a closed triangle to a
 * point as a certified enclosure over a box (iv3_closest_triangle,
 * interval.h); shared by point_in_triangle and sphere_triangle.  It encloses
 * the exact construction of q3_closest_triangle (exact.c): the hull of the
 * candidate formulas of every region (face, edges, vertices) the box may
 * reach, tightened by a binary64 witness at the centre of the box.
 * docs/queries/sphere_triangle.md derives the enclosure.
 */
#include "interval.h"

/* ---- binary64 witness ------------------------------------------------------ */

/* The closest point of a triangle in binary64 (the same construction as the
 * exact one), as parameters (s, t) of q = a + s ab + t ac with s, t >= 0 and
 * s + t <= 1 exactly.  Only a witness for the enclosure: its accuracy
 * affects tightness, never soundness. */
static void witness(const double *p, const double *a, const double *b, const double *c, double *s_out,
                    double *t_out)
{
    double ab[3], ac[3], ap[3], n[3], m[3];
    for (int i = 0; i < 3; i++) {
        ab[i] = b[i] - a[i];
        ac[i] = c[i] - a[i];
        ap[i] = p[i] - a[i];
    }
    d3_cross(n, ab, ac);
    double nn = d3_dot(n, n), s = 0, t = 0;
    int face = 0;
    if (nn > 0 && isfinite(nn)) {
        d3_cross(m, ap, ac);
        double vb = d3_dot(n, m);
        d3_cross(m, ab, ap);
        double vc = d3_dot(n, m);
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
            double ee = d3_dot(e, e), u = ee > 0 ? d3_dot(e, w) / ee : 0;
            u = d_clamp01(u);
            for (int i = 0; i < 3; i++)
                r[i] = w[i] - u * e[i];
            double d = d3_dot(r, r);
            if (d < best || k == 0) {
                best = d;
                s = k == 0 ? u : k == 1 ? 0 : 1 - u;
                t = k == 0 ? 0 : u;
            }
        }
    }
    s = d_grid52(s);
    t = d_grid52(t);
    while (s + t > 1) /* exact: both are multiples of 2^-52 below 2 */
        s = s >= 0x1p-52 ? s - 0x1p-52 : 0;
    *s_out = s;
    *t_out = t;
}

/* ---- enclosure ---------------------------------------------------------------- */

static void mid3(iv3 a, double *m)
{
    m[0] = iv_mid(a.x);
    m[1] = iv_mid(a.y);
    m[2] = iv_mid(a.z);
}

static bool possible_ge0(iv x) { return iv_has_nan(x) || x.hi >= 0; }
static bool possible_le0(iv x) { return iv_has_nan(x) || x.lo <= 0; }

/* The hull of candidate closest points and squared distances. */
typedef struct {
    bool have;
    iv3 q;
    iv dd;
} hull_acc;

static void join(hull_acc *h, iv3 q, iv dd)
{
    if (!h->have) {
        h->q = q;
        h->dd = dd;
        h->have = true;
    } else {
        h->q = iv3_hull(h->q, q);
        h->dd = iv_hull(h->dd, dd);
    }
}

/* The hull of the candidate formulas of every region the box may reach: the
 * face (va, vb, vc >= 0, n != 0), an edge (its barycentric <= 0 and its
 * parameter in [0, 1]), a vertex (the normal cone: (p - x).(y - x) <= 0 for
 * both other vertices y).  Without any, anything is sound. */
static void regions(iv3 *q_out, iv *dd_out, iv3 P, iv3 A, iv3 B, iv3 C)
{
    iv3 ab = iv3_sub(B, A), ac = iv3_sub(C, A), bc = iv3_sub(C, B);
    iv3 ap = iv3_sub(P, A), bp = iv3_sub(P, B), cp = iv3_sub(P, C);
    iv3 n = iv3_cross(ab, ac);
    iv nn = iv3_norm2(n);
    iv vb = iv3_dot(n, iv3_cross(ap, ac)), vc = iv3_dot(n, iv3_cross(ab, ap));
    iv va = iv3_dot(n, iv3_cross(bc, bp));
    iv d1 = iv3_dot(ab, ap), d2 = iv3_dot(ac, ap), d3 = iv3_dot(ab, bp), d6 = iv3_dot(ac, cp);
    iv fb = iv3_dot(bc, bp), fc = iv3_dot(bc, cp); /* bc.(p - b), bc.(p - c) */

    hull_acc h = {false, {{0, 0}, {0, 0}, {0, 0}}, {0, 0}};
    if (possible_ge0(va) && possible_ge0(vb) && possible_ge0(vc) && !(nn.hi <= 0)) {
        iv s = iv3_dot(n, ap);
        iv3 qf = iv3_sub(P, iv3_scale(n, iv_div(s, nn)));
        join(&h, qf, iv_div(iv_sqr(s), nn));
    }
    iv3 qe;
    iv de;
    if (possible_le0(vc) && possible_ge0(d1) && possible_le0(d3)) { /* edge ab */
        iv3_closest_segment(&qe, &de, P, A, ab);
        join(&h, qe, de);
    }
    if (possible_le0(vb) && possible_ge0(d2) && possible_le0(d6)) { /* edge ac */
        iv3_closest_segment(&qe, &de, P, A, ac);
        join(&h, qe, de);
    }
    if (possible_le0(va) && possible_ge0(fb) && possible_le0(fc)) { /* edge bc */
        iv3_closest_segment(&qe, &de, P, B, bc);
        join(&h, qe, de);
    }
    if (possible_le0(d1) && possible_le0(d2))
        join(&h, A, iv3_norm2(ap));
    if (possible_ge0(d3) && possible_le0(fb))
        join(&h, B, iv3_norm2(bp));
    if (possible_ge0(d6) && possible_ge0(fc))
        join(&h, C, iv3_norm2(cp));
    if (!h.have) { /* no valid point in the box */
        h.q = iv3_whole();
        h.dd = (iv){0, INFINITY};
    }
    if (h.dd.lo < 0 || iv_has_nan(h.dd))
        h.dd.lo = 0;
    *q_out = h.q;
    *dd_out = h.dd;
}

/* The closest point q of p satisfies |q - w|^2 <= |p - w|^2 - d2 for any
 * point w of the triangle: meet *q with that ball (U encloses |p - w|^2). */
static void meet_ball(iv3 *q, iv3 W, iv U, iv dd)
{
    if (iv_has_nan(U) || iv_has_nan(W.x) || iv_has_nan(W.y) || iv_has_nan(W.z))
        return;
    iv rad = iv_sqrt(iv_sub(iv_point(U.hi), iv_point(dd.lo)));
    if (iv_has_nan(rad) || !isfinite(rad.hi))
        return;
    iv ball = {-rad.hi, rad.hi};
    iv3 qb = iv3_add(W, (iv3){ball, ball, ball});
    iv *qc[3] = {&q->x, &q->y, &q->z}, qbv[3] = {qb.x, qb.y, qb.z};
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

void iv3_closest_triangle(iv3 *q_out, iv *d2_out, iv3 P, iv3 A, iv3 B, iv3 C)
{
    iv3 q;
    iv dd;
    regions(&q, &dd, P, A, B, C);

    /* Witness bounds (sound for any witness; tight when it is near the
     * optimum at the box centre): w = a + s ab + t ac lies in every triangle
     * of the box, so d2 <= |p - w|^2; and for the direction g = p - q at the
     * centre, d2 >= max(0, min_v g.(p - v))^2 / g.g. */
    iv3 ab = iv3_sub(B, A), ac = iv3_sub(C, A);
    iv3 ap = iv3_sub(P, A), bp = iv3_sub(P, B), cp = iv3_sub(P, C);
    double pm[3], am[3], bm[3], cm[3], s, t;
    mid3(P, pm);
    mid3(A, am);
    mid3(B, bm);
    mid3(C, cm);
    witness(pm, am, bm, cm, &s, &t);
    iv3 W = iv3_add(A, iv3_add(iv3_scale(ab, iv_point(s)), iv3_scale(ac, iv_point(t))));
    iv U = iv3_norm2(iv3_sub(P, W));
    double g[3];
    for (int i = 0; i < 3; i++)
        g[i] = pm[i] - (am[i] + s * (bm[i] - am[i]) + t * (cm[i] - am[i]));
    iv L = {0, 0};
    iv3 G = {iv_point(g[0]), iv_point(g[1]), iv_point(g[2])};
    iv gg = iv3_norm2(G);
    if (gg.lo > 0 && isfinite(gg.hi)) {
        iv m = iv_min(iv_min(iv3_dot(G, ap), iv3_dot(G, bp)), iv3_dot(G, cp));
        if (!iv_has_nan(m) && m.lo > 0)
            L = iv_div(iv_sqr(iv_point(m.lo)), iv_point(gg.hi));
    }
    if (!iv_has_nan(U) && U.hi < dd.hi)
        dd.hi = U.hi;
    if (!iv_has_nan(L) && L.lo > dd.lo)
        dd.lo = L.lo;
    if (dd.lo > dd.hi) /* only through rounding of disjoint valid bounds */
        dd.lo = dd.hi;
    meet_ball(&q, W, U, dd);
    *q_out = q;
    *d2_out = dd;
}
