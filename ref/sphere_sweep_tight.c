/* ref/sphere_sweep_tight.c: the correctly rounded answers of the sweep
 * features without GMP (ivl.h), for the filters of sphere_sweep_segment and
 * sphere_sweep_triangle (sw_ref_contact_point, ref_sweep.h).
 *
 * Each function is called only on a candidate that the interval filter has
 * shown to be valid and first at the exact inputs (sw_iacc_decisive), or on
 * a certain start overlap, so the signs the exact half tests (qc > 0, qb < 0,
 * D >= 0, N > 0) hold and the formulas below enclose the exact t and contact
 * point of ref/sphere_sweep_exact.c.  Each writes out[1] = t and out[2..4] =
 * the point and returns true only when ivl_round0() names every one;
 * otherwise the exact path runs.  docs/queries/sphere_sweep_triangle.md.
 */
#include "ref_sweep.h"

/* sw_ivl_root() met with the other form of the root, (-qb - sqrt D) / qa. */
static ivl root2(ivl qa, ivl qb, ivl qc, ivl D)
{
    ivl t = sw_ivl_root(qb, qc, D), t2 = ivl_div(ivl_sub(ivl_neg(qb), ivl_sqrt(ivl_nonneg(D))), qa);
    return ivl_ok(t2) && ivl_ok(t) && t2.lo <= t.hi && t.lo <= t2.hi ? ivl_meet(t, t2) : t;
}

bool sw_tight_vertex_at(const double *c, const double *v, double r, const double *p, double *out)
{
    ivl3 w = ivl3_sub(ivl3_at(c), ivl3_at(p));
    ivl rr = ivl_d(r);
    if (!ivl_round(sw_ivl_vertex(w, ivl3_at(v), ivl_mul(rr, rr)), &out[1]))
        return false;
    for (int i = 0; i < 3; i++)
        out[2 + i] = p[i] + 0.0; /* the vertex; +0 for a -0, as q_to_double() */
    return true;
}

/* t: the root of qa = |Y|^2, qb = X.Y, qc = |X|^2 - r^2 E with X = w x e,
 * Y = v x e, D = E (r^2 qa - (w.Y)^2); point p0 + ((w.e + t v.e)/E) e. */
bool sw_tight_edge_at(const double *c, const double *v, double r, const double *p0, const double *p1, double *out)
{
    ivl3 e = ivl3_sub(ivl3_at(p1), ivl3_at(p0)), w = ivl3_sub(ivl3_at(c), ivl3_at(p0)), vv = ivl3_at(v);
    ivl3 X = ivl3_cross(w, e), Y = ivl3_cross(vv, e);
    ivl r2 = ivl_mul(ivl_d(r), ivl_d(r)), E = ivl3_dot(e, e), qa = ivl3_dot(Y, Y), g = ivl3_dot(w, Y);
    ivl qc = ivl_sub(ivl3_dot(X, X), ivl_mul(r2, E));
    ivl t = root2(qa, ivl3_dot(X, Y), qc, ivl_mul(E, ivl_sub(ivl_mul(r2, qa), ivl_mul(g, g))));
    if (!ivl_round(t, &out[1]))
        return false;
    /* p0 + s e met with p1 + (s - 1) e, s = (w.e + t v.e)/E: the nearer end
     * gives the tighter enclosure. */
    ivl we = ivl3_dot(w, e), tve = ivl_mul(t, ivl3_dot(vv, e));
    ivl s = ivl_div(ivl_add(we, tve), E), s1 = ivl_div(ivl_add(ivl_sub(we, E), tve), E);
    ivl ee[3] = {e.x, e.y, e.z};
    for (int i = 0; i < 3; i++) {
        ivl x = ivl_meet(ivl_add(ivl_d(p0[i]), ivl_mul(s, ee[i])), ivl_add(ivl_d(p1[i]), ivl_mul(s1, ee[i])));
        if (!ivl_round0(x, &out[2 + i]))
            return false;
    }
    return true;
}

/* n = e1 x e2, d0 = n.(c - v0), dv = n.v, N = n.n: the root of qa = dv^2,
 * qb = d0 dv, qc = d0^2 - r^2 N, D = dv^2 r^2 N.  The point, the projection
 * of c + t v on the plane, is v0 + alpha e1 + beta e2 with (n.(x e2) = 0 for
 * x along n) alpha = n.((w + t v) x e2) / N, beta = n.(e1 x (w + t v)) / N,
 * w = c - v0: a coordinate in which the plane is constant comes out exact.
 * It is met with c + t v - sign(d0) (r / sqrt(N)) n (at the root d0 + t dv
 * = sign(d0) r sqrt(N): the smaller root comes before the centre crosses the
 * plane), often the tighter of the two. */
bool sw_tight_face_at(const double *c, const double *v, double r, const double *v0, const double *v1,
                      const double *v2, double *out)
{
    ivl3 a = ivl3_at(v0), e1 = ivl3_sub(ivl3_at(v1), a), e2 = ivl3_sub(ivl3_at(v2), a), vv = ivl3_at(v);
    ivl3 n = ivl3_cross(e1, e2), w = ivl3_sub(ivl3_at(c), a);
    ivl d0 = ivl3_dot(n, w), dv = ivl3_dot(n, vv), N = ivl3_dot(n, n);
    ivl rr = ivl_d(r), r2 = ivl_mul(rr, rr);
    ivl D = ivl_mul(ivl_mul(dv, dv), ivl_mul(r2, N));
    ivl t = root2(ivl_mul(dv, dv), ivl_mul(d0, dv), ivl_sub(ivl_mul(d0, d0), ivl_mul(r2, N)), D);
    if (!ivl_round(t, &out[1]))
        return false;
    ivl alpha = ivl_div(ivl_add(ivl3_dot(n, ivl3_cross(w, e2)), ivl_mul(t, ivl3_dot(n, ivl3_cross(vv, e2)))), N);
    ivl beta = ivl_div(ivl_add(ivl3_dot(n, ivl3_cross(e1, w)), ivl_mul(t, ivl3_dot(n, ivl3_cross(e1, vv)))), N);
    ivl pc[3] = {ivl_add(ivl_add(a.x, ivl_mul(alpha, e1.x)), ivl_mul(beta, e2.x)),
                 ivl_add(ivl_add(a.y, ivl_mul(alpha, e1.y)), ivl_mul(beta, e2.y)),
                 ivl_add(ivl_add(a.z, ivl_mul(alpha, e1.z)), ivl_mul(beta, e2.z))};
    if (d0.lo > 0 || d0.hi < 0) {
        ivl k = ivl_div(d0.lo > 0 ? rr : ivl_neg(rr), ivl_sqrt(N)); /* sign(d0) r / sqrt(N) */
        ivl3 cc = ivl3_at(c);
        pc[0] = ivl_meet(pc[0], ivl_sub(ivl_add(cc.x, ivl_mul(t, vv.x)), ivl_mul(k, n.x)));
        pc[1] = ivl_meet(pc[1], ivl_sub(ivl_add(cc.y, ivl_mul(t, vv.y)), ivl_mul(k, n.y)));
        pc[2] = ivl_meet(pc[2], ivl_sub(ivl_add(cc.z, ivl_mul(t, vv.z)), ivl_mul(k, n.z)));
    }
    return ivl_round0(pc[0], &out[2]) && ivl_round0(pc[1], &out[3]) && ivl_round0(pc[2], &out[4]);
}

/* t = 0 and the point: an end point exactly, else y rounded. */
static bool round_start(const double *end, ivl3 y, double *out)
{
    out[1] = 0;
    if (end) {
        for (int i = 0; i < 3; i++)
            out[2 + i] = end[i] + 0.0; /* +0 for a -0, as q_to_double() */
        return true;
    }
    return ivl_round0(y.x, &out[2]) && ivl_round0(y.y, &out[3]) && ivl_round0(y.z, &out[4]);
}

/* A certain start overlap with the segment or the triangle: t = 0 and the
 * closest point (ivl_closest_segment, ivl_closest_triangle: ref/ivl_closest.c). */
bool sw_tight_start_segment(const double *c, const double *p0, const double *p1, double *out)
{
    const double *end;
    ivl3 y;
    ivl d2;
    return ivl_closest_segment(c, p0, p1, &end, &y, &d2) && round_start(end, y, out);
}

bool sw_tight_start_triangle(const double *p, const double *a, const double *b, const double *c, double *out)
{
    const double *end;
    ivl3 y;
    ivl d2;
    return ivl_closest_triangle(p, a, b, c, &end, &y, &d2) && round_start(end, y, out);
}
