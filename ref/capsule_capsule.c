/* ref/capsule_capsule.c: exact capsule_capsule.
 *
 * A capsule is the set of points within r of the closed segment p0 p1 (a
 * ball when p0 = p1).  Two capsules overlap iff the squared distance d2
 * between their segments is at most (r0 + r1)^2.  d2 is the minimum of a
 * convex quadratic over [0,1]^2: at the stationary point when the lines are
 * not parallel (n = d1 x d2 != 0) and it lies in the square, else on the
 * square's boundary, i.e. the least of the four endpoint-to-segment
 * distances.  With r = q0 - p0 the stationary point is
 *   s = (r x d2).n / n.n,  t = (r x d1).n / n.n,  d2 = (n.r)^2 / n.n.
 * Exact rationals.  docs/queries/capsule_capsule.md.
 */
#include "exact.h"

#include <string.h>

enum { IN_P0 = 0, IN_P1 = 3, IN_R0 = 6, IN_Q0 = 7, IN_Q1 = 10, IN_R1 = 13, N_IN = 14 };
enum { OUT_HIT, N_OUT };

static int valid_input(const double *in) { return ref_all_finite(in, N_IN) && in[IN_R0] >= 0 && in[IN_R1] >= 0; }

/* ---- enclosure ---------------------------------------------------------------- */

/* Squared distance from x to the segment a + t e, t in [0,1]. */
static iv seg_d2(iv3 x, iv3 a, iv3 e)
{
    iv3 q;
    iv d;
    iv3_closest_segment(&q, &d, x, a, e);
    return d;
}


/* The closest parameters of the two segments at the box centre, in binary64
 * (a witness: accuracy matters for tightness only), and g = p(s) - q(t). */
static void witness(const iv *in, double *s_out, double *t_out, double *g)
{
    double p0[3], d1[3], q0[3], d2[3], r[3];
    for (int i = 0; i < 3; i++) {
        p0[i] = iv_mid(in[IN_P0 + i]);
        d1[i] = iv_mid(in[IN_P1 + i]) - p0[i];
        q0[i] = iv_mid(in[IN_Q0 + i]);
        d2[i] = iv_mid(in[IN_Q1 + i]) - q0[i];
        r[i] = q0[i] - p0[i];
    }
    double a = d3_dot(d1, d1), e = d3_dot(d2, d2), b = d3_dot(d1, d2), c = d3_dot(d1, r), f = d3_dot(d2, r);
    double den = a * e - b * b, s = 0, t = 0;
    /* Ericson 5.1.9, then clamped both ways */
    if (den > 1e-30 * a * e)
        s = d_clamp01((c * e - b * f) / den);
    t = e > 0 ? (b * s - f) / e : 0;
    if (t < 0 || t > 1) {
        t = d_clamp01(t);
        s = a > 0 ? d_clamp01((t * b + c) / a) : 0;
    }
    if (!(s >= 0 && s <= 1))
        s = 0;
    if (!(t >= 0 && t <= 1))
        t = 0;
    for (int i = 0; i < 3; i++)
        g[i] = p0[i] + s * d1[i] - q0[i] - t * d2[i];
    *s_out = s;
    *t_out = t;
}

void ref_capsule_capsule_encl(const iv *in, iv *out)
{
    iv3 p0 = iv3_load(in, IN_P0), p1 = iv3_load(in, IN_P1), q0 = iv3_load(in, IN_Q0), q1 = iv3_load(in, IN_Q1);
    iv3 d1 = iv3_sub(p1, p0), d2 = iv3_sub(q1, q0), r = iv3_sub(q0, p0);
    iv c[4] = {seg_d2(p0, q0, d2), seg_d2(p1, q0, d2), seg_d2(q0, p0, d1), seg_d2(q1, p0, d1)};
    iv lo = c[0], hi = c[0];
    for (int k = 1; k < 4; k++) {
        lo = iv_min(lo, c[k]);
        hi = iv_min(hi, c[k]);
    }
    iv3 n = iv3_cross(d1, d2);
    iv nn = iv3_norm2(n);
    if (!(nn.hi <= 0)) {
        iv s = iv_div(iv3_dot(iv3_cross(r, d2), n), nn), t = iv_div(iv3_dot(iv3_cross(r, d1), n), nn);
        bool possible = iv_has_nan(s) || iv_has_nan(t) || (s.hi >= 0 && s.lo <= 1 && t.hi >= 0 && t.lo <= 1);
        if (possible) {
            iv ci = iv_div(iv_sqr(iv3_dot(n, r)), nn);
            lo = iv_min(lo, ci);
            if (iv_pos(nn) && s.lo >= 0 && s.hi <= 1 && t.lo >= 0 && t.hi <= 1)
                hi = iv_min(hi, ci);
        }
    }
    /* Witness bounds (tight where the candidates are not: parallel lines,
     * whose stationary point is undetermined): the closest parameters
     * (s*, t*) at the box centre give d2 <= |p(s*) - q(t*)|^2, and the
     * direction g = p(s*) - q(t*) there a separating plane:
     * d2 >= max(0, min(g.p0, g.p1) - max(g.q0, g.q1))^2 / g.g. */
    double sw, tw, g[3];
    witness(in, &sw, &tw, g);
    iv3 P = iv3_add(p0, iv3_scale(d1, iv_point(sw))), Q = iv3_add(q0, iv3_scale(d2, iv_point(tw)));
    iv U = iv3_norm2(iv3_sub(P, Q));
    if (!iv_has_nan(U) && (iv_has_nan(hi) || U.hi < hi.hi))
        hi = U;
    iv3 G = {iv_point(g[0]), iv_point(g[1]), iv_point(g[2])};
    iv gg = iv3_norm2(G);
    if (gg.lo > 0 && isfinite(gg.hi)) {
        iv m = iv_sub(iv_min(iv3_dot(G, p0), iv3_dot(G, p1)), iv_max(iv3_dot(G, q0), iv3_dot(G, q1)));
        if (!iv_has_nan(m) && m.lo > 0) {
            iv L = iv_div(iv_sqr(iv_point(m.lo)), iv_point(gg.hi));
            if (iv_has_nan(lo) || L.lo > lo.lo)
                lo = (iv){L.lo, iv_has_nan(lo) ? INFINITY : lo.hi > L.lo ? lo.hi : L.lo};
        }
    }
    iv R2 = iv_sqr(iv_add(iv_valid_nonneg(in[IN_R0]), iv_valid_nonneg(in[IN_R1])));
    if (iv_has_nan(lo) || iv_has_nan(hi) || iv_has_nan(R2)) {
        out[OUT_HIT] = iv_make(0, 1);
        return;
    }
    out[OUT_HIT] = iv_bool(hi.hi <= R2.lo, lo.lo > R2.hi);
}

/* ---- exact ---------------------------------------------------------------------- */

int ref_capsule_capsule(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    if (ref_filter_decided(ref_capsule_capsule_encl, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    q3 p0, p1, q0, q1, d1, d2, r, n, m, w;
    mpq_t best, cur, t, nn, s;
    q3 *vs[] = {&p0, &p1, &q0, &q1, &d1, &d2, &r, &n, &m, &w};
    for (size_t i = 0; i < sizeof vs / sizeof *vs; i++)
        q3_init(vs[i]);
    mpq_inits(best, cur, t, nn, s, NULL);
    q3_set_d(&p0, in + IN_P0);
    q3_set_d(&p1, in + IN_P1);
    q3_set_d(&q0, in + IN_Q0);
    q3_set_d(&q1, in + IN_Q1);
    q3_sub(&d1, &p1, &p0);
    q3_sub(&d2, &q1, &q0);
    q3_sub(&r, &q0, &p0);

    /* w: the closest point of the other segment, unused. */
    q3_closest_segment(&w, best, &p0, &q0, &q1);
    const q3 *pts[3] = {&p1, &q0, &q1}, *ends[3][2] = {{&q0, &q1}, {&p0, &p1}, {&p0, &p1}};
    for (int k = 0; k < 3; k++) {
        q3_closest_segment(&w, cur, pts[k], ends[k][0], ends[k][1]);
        if (mpq_cmp(cur, best) < 0)
            mpq_set(best, cur);
    }
    q3_cross(&n, &d1, &d2);
    q3_dot(nn, &n, &n);
    if (mpq_sgn(nn) != 0) {
        q3_cross(&m, &r, &d2);
        q3_dot(s, &m, &n); /* s nn */
        q3_cross(&m, &r, &d1);
        q3_dot(t, &m, &n); /* t nn */
        if (mpq_sgn(s) >= 0 && mpq_cmp(s, nn) <= 0 && mpq_sgn(t) >= 0 && mpq_cmp(t, nn) <= 0) {
            q3_dot(cur, &n, &r);
            mpq_mul(cur, cur, cur);
            mpq_div(cur, cur, nn);
            if (mpq_cmp(cur, best) < 0)
                mpq_set(best, cur);
        }
    }
    mpq_set_d(s, in[IN_R0]);
    mpq_set_d(t, in[IN_R1]);
    mpq_add(s, s, t);
    mpq_mul(s, s, s);
    out[OUT_HIT] = mpq_cmp(best, s) <= 0;

    for (size_t i = 0; i < sizeof vs / sizeof *vs; i++)
        q3_clear(vs[i]);
    mpq_clears(best, cur, t, nn, s, NULL);
    return REF_OK;
}
