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
#include "overlap.h"

enum { IN_P0 = 0, IN_P1 = 3, IN_R0 = 6, IN_Q0 = 7, IN_Q1 = 10, IN_R1 = 13, N_IN = 14 };
enum { OUT_HIT, N_OUT };

static int valid_input(const double *in) { return ov_all_finite(in, N_IN) && in[IN_R0] >= 0 && in[IN_R1] >= 0; }

/* ---- enclosure ---------------------------------------------------------------- */

/* Squared distance from x to the segment a + t e, t in [0,1]. */
static iv seg_d2(iv3 x, iv3 a, iv3 e)
{
    iv3 w = iv3_sub(x, a);
    iv ee = ov_norm2(e);
    iv t = ov_clamp(iv_div(iv3_dot(e, w), ee), 0, 1);
    iv d = ov_norm2(iv3_sub(w, ov_scale3(e, t)));
    iv line = iv_div(ov_norm2(iv3_cross(w, e)), ee);
    if (!iv_has_nan(d) && !iv_has_nan(line) && line.lo > d.lo && line.lo <= d.hi)
        d.lo = line.lo;
    return d;
}

static double mid(iv x) { return 0.5 * x.lo + 0.5 * x.hi; }
static double dot3(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static double clamp01(double t) { return t > 0 ? (t < 1 ? t : 1) : 0; }

/* The closest parameters of the two segments at the box centre, in binary64
 * (a witness: accuracy matters for tightness only), and g = p(s) - q(t). */
static void witness(const iv *in, double *s_out, double *t_out, double *g)
{
    double p0[3], d1[3], q0[3], d2[3], r[3];
    for (int i = 0; i < 3; i++) {
        p0[i] = mid(in[IN_P0 + i]);
        d1[i] = mid(in[IN_P1 + i]) - p0[i];
        q0[i] = mid(in[IN_Q0 + i]);
        d2[i] = mid(in[IN_Q1 + i]) - q0[i];
        r[i] = q0[i] - p0[i];
    }
    double a = dot3(d1, d1), e = dot3(d2, d2), b = dot3(d1, d2), c = dot3(d1, r), f = dot3(d2, r);
    double den = a * e - b * b, s = 0, t = 0;
    /* Ericson 5.1.9, then clamped both ways */
    if (den > 1e-30 * a * e)
        s = clamp01((c * e - b * f) / den);
    t = e > 0 ? (b * s - f) / e : 0;
    if (t < 0 || t > 1) {
        t = clamp01(t);
        s = a > 0 ? clamp01((t * b + c) / a) : 0;
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
    iv3 p0 = ov_box3(in, IN_P0), p1 = ov_box3(in, IN_P1), q0 = ov_box3(in, IN_Q0), q1 = ov_box3(in, IN_Q1);
    iv3 d1 = iv3_sub(p1, p0), d2 = iv3_sub(q1, q0), r = iv3_sub(q0, p0);
    iv c[4] = {seg_d2(p0, q0, d2), seg_d2(p1, q0, d2), seg_d2(q0, p0, d1), seg_d2(q1, p0, d1)};
    iv lo = c[0], hi = c[0];
    for (int k = 1; k < 4; k++) {
        lo = ov_min(lo, c[k]);
        hi = ov_min(hi, c[k]);
    }
    iv3 n = iv3_cross(d1, d2);
    iv nn = ov_norm2(n);
    if (!(nn.hi <= 0)) {
        iv s = iv_div(iv3_dot(iv3_cross(r, d2), n), nn), t = iv_div(iv3_dot(iv3_cross(r, d1), n), nn);
        bool possible = iv_has_nan(s) || iv_has_nan(t) || (s.hi >= 0 && s.lo <= 1 && t.hi >= 0 && t.lo <= 1);
        if (possible) {
            iv ci = iv_div(iv_sqr(iv3_dot(n, r)), nn);
            lo = ov_min(lo, ci);
            if (iv_pos(nn) && s.lo >= 0 && s.hi <= 1 && t.lo >= 0 && t.hi <= 1)
                hi = ov_min(hi, ci);
        }
    }
    /* Witness bounds (tight where the candidates are not: parallel lines,
     * whose stationary point is undetermined): the closest parameters
     * (s*, t*) at the box centre give d2 <= |p(s*) - q(t*)|^2, and the
     * direction g = p(s*) - q(t*) there a separating plane:
     * d2 >= max(0, min(g.p0, g.p1) - max(g.q0, g.q1))^2 / g.g. */
    double sw, tw, g[3];
    witness(in, &sw, &tw, g);
    iv3 P = ov_add3(p0, ov_scale3(d1, iv_point(sw))), Q = ov_add3(q0, ov_scale3(d2, iv_point(tw)));
    iv U = ov_norm2(iv3_sub(P, Q));
    if (!iv_has_nan(U) && (iv_has_nan(hi) || U.hi < hi.hi))
        hi = U;
    iv3 G = {iv_point(g[0]), iv_point(g[1]), iv_point(g[2])};
    iv gg = ov_norm2(G);
    if (gg.lo > 0 && isfinite(gg.hi)) {
        iv m = iv_sub(ov_min(iv3_dot(G, p0), iv3_dot(G, p1)), ov_max(iv3_dot(G, q0), iv3_dot(G, q1)));
        if (!iv_has_nan(m) && m.lo > 0) {
            iv L = iv_div(iv_sqr(iv_point(m.lo)), iv_point(gg.hi));
            if (iv_has_nan(lo) || L.lo > lo.lo)
                lo = (iv){L.lo, iv_has_nan(lo) ? INFINITY : lo.hi > L.lo ? lo.hi : L.lo};
        }
    }
    iv R2 = iv_sqr(iv_add(ov_nonneg(in[IN_R0]), ov_nonneg(in[IN_R1])));
    if (iv_has_nan(lo) || iv_has_nan(hi) || iv_has_nan(R2)) {
        out[OUT_HIT] = iv_make(0, 1);
        return;
    }
    out[OUT_HIT] = iv_bool(hi.hi <= R2.lo, lo.lo > R2.hi);
}

/* ---- exact ---------------------------------------------------------------------- */

static void q_seg_d2(mpq_ptr d2, const q3 *x, const q3 *a, const q3 *e, q3 *w, mpq_ptr t, mpq_ptr ee)
{
    q3_sub(w, x, a);
    q3_dot(ee, e, e);
    if (mpq_sgn(ee) != 0) {
        q3_dot(t, e, w);
        if (mpq_sgn(t) > 0) {
            if (mpq_cmp(t, ee) >= 0)
                mpq_set(t, ee);
            mpq_div(t, t, ee);
            mpq_mul(ee, e->x, t);
            mpq_sub(w->x, w->x, ee);
            mpq_mul(ee, e->y, t);
            mpq_sub(w->y, w->y, ee);
            mpq_mul(ee, e->z, t);
            mpq_sub(w->z, w->z, ee);
        }
    }
    q3_dot(d2, w, w);
}

int ref_capsule_capsule(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    if (ref_filter_decided(ref_capsule_capsule_encl, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    q3 p0, p1, q0, q1, d1, d2, r, n, m, w;
    mpq_t best, cur, t, ee, nn, s;
    q3 *vs[] = {&p0, &p1, &q0, &q1, &d1, &d2, &r, &n, &m, &w};
    for (size_t i = 0; i < sizeof vs / sizeof *vs; i++)
        q3_init(vs[i]);
    mpq_inits(best, cur, t, ee, nn, s, NULL);
    q3_set_d(&p0, in + IN_P0);
    q3_set_d(&p1, in + IN_P1);
    q3_set_d(&q0, in + IN_Q0);
    q3_set_d(&q1, in + IN_Q1);
    q3_sub(&d1, &p1, &p0);
    q3_sub(&d2, &q1, &q0);
    q3_sub(&r, &q0, &p0);

    q_seg_d2(best, &p0, &q0, &d2, &w, t, ee);
    const q3 *pts[3] = {&p1, &q0, &q1}, *orig[3] = {&q0, &p0, &p0}, *dir[3] = {&d2, &d1, &d1};
    for (int k = 0; k < 3; k++) {
        q_seg_d2(cur, pts[k], orig[k], dir[k], &w, t, ee);
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
    mpq_clears(best, cur, t, ee, nn, s, NULL);
    return REF_OK;
}
