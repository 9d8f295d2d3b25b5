/* ref/sphere_obb.c: exact sphere_obb.
 *
 * The closed ball |x - p| <= r and the box P = {c + sum_i s_i u_i,
 * |s_i| <= 1} with u_i = half_i axis_i (axes as given; flat boxes valid)
 * overlap iff the squared distance from p to P is at most r^2.  That
 * distance, exactly:
 * - when det(u0, u1, u2) != 0 and s = U^-1 (p - c) has |s_i| <= 1, p is in
 *   P: 0;
 * - otherwise the closest point lies on one of the six faces (when U is
 *   singular P is flat, and every point of P is on a face: the line of
 *   solutions of U s = x - c leaves the cube [-1,1]^3 through a face); the
 *   distance to a face c +- u_i + a u_j + b u_k, |a|, |b| <= 1, is that to
 *   its plane when n = u_j x u_k != 0 and the projection's (a, b) are in
 *   [-1,1]^2, else the least distance to its four edges (a degenerate face
 *   is the union of its edges).
 * Every quantity is a rational; the decision is the exact sign of d2 - r^2.
 * docs/queries/sphere_obb.md.
 */
#include "exact.h"

#include <string.h>

enum { IN_P = 0, IN_R = 3, IN_C = 4, IN_A = 7, IN_H = 16, N_IN = 19 };
enum { OUT_HIT, N_OUT };

static int valid_input(const double *in)
{
    return ref_all_finite(in, N_IN) && in[IN_R] >= 0 && in[IN_H] >= 0 && in[IN_H + 1] >= 0 && in[IN_H + 2] >= 0;
}

/* ---- binary64 witness ------------------------------------------------------- */

static double clampd(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }

/* Squared distance from w (relative to the centre) to the point sum s_i u_i. */
static double dist2_at(const double u[3][3], const double *s, const double *w)
{
    double r[3];
    for (int k = 0; k < 3; k++)
        r[k] = w[k] - s[0] * u[0][k] - s[1] * u[1][k] - s[2] * u[2][k];
    return d3_dot(r, r);
}

/* The closest point's coefficients s in [-1,1]^3, in binary64 (a witness). */
static void closest_coeffs(const double u[3][3], const double *w, double *s_out)
{
    double n[3], best = INFINITY, s[3];
    d3_cross(n, u[1], u[2]);
    double det = d3_dot(u[0], n);
    if (det != 0 && isfinite(det)) {
        double m[3];
        s[0] = d3_dot(w, n) / det;
        d3_cross(m, u[2], u[0]);
        s[1] = d3_dot(w, m) / det;
        d3_cross(m, u[0], u[1]);
        s[2] = d3_dot(w, m) / det;
        if (fabs(s[0]) <= 1 && fabs(s[1]) <= 1 && fabs(s[2]) <= 1) {
            memcpy(s_out, s, sizeof s);
            return;
        }
    }
    s_out[0] = s_out[1] = s_out[2] = 0;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        for (int sg = -1; sg <= 1; sg += 2) {
            double d[3];
            for (int c = 0; c < 3; c++)
                d[c] = w[c] - sg * u[i][c];
            double uu = d3_dot(u[j], u[j]), vv = d3_dot(u[k], u[k]), uv = d3_dot(u[j], u[k]);
            double g = uu * vv - uv * uv, a = 0, b = 0;
            if (g > 0) {
                a = (vv * d3_dot(u[j], d) - uv * d3_dot(u[k], d)) / g;
                b = (uu * d3_dot(u[k], d) - uv * d3_dot(u[j], d)) / g;
            }
            /* projection clamped, then each edge's best point */
            double cand[5][2] = {{clampd(a, -1, 1), clampd(b, -1, 1)}};
            for (int e = 0; e < 4; e++) {
                int fix_a = e < 2;
                double fixed = e % 2 ? 1 : -1, free = 0;
                if (fix_a) {
                    double dd[3];
                    for (int c = 0; c < 3; c++)
                        dd[c] = d[c] - fixed * u[j][c];
                    free = vv > 0 ? clampd(d3_dot(u[k], dd) / vv, -1, 1) : 0;
                    cand[1 + e][0] = fixed;
                    cand[1 + e][1] = free;
                } else {
                    double dd[3];
                    for (int c = 0; c < 3; c++)
                        dd[c] = d[c] - fixed * u[k][c];
                    free = uu > 0 ? clampd(d3_dot(u[j], dd) / uu, -1, 1) : 0;
                    cand[1 + e][0] = free;
                    cand[1 + e][1] = fixed;
                }
            }
            for (int e = 0; e < 5; e++) {
                s[i] = sg;
                s[j] = cand[e][0];
                s[k] = cand[e][1];
                double dd = dist2_at(u, s, w);
                if (dd < best) {
                    best = dd;
                    memcpy(s_out, s, sizeof s);
                }
            }
        }
    }
    for (int i = 0; i < 3; i++)
        if (!(s_out[i] >= -1 && s_out[i] <= 1))
            s_out[i] = 0;
}

/* ---- enclosure ---------------------------------------------------------------- */


void ref_sphere_obb_encl(const iv *in, iv *out)
{
    iv3 p = iv3_load(in, IN_P), c = iv3_load(in, IN_C), w = iv3_sub(p, c), u[3];
    for (int i = 0; i < 3; i++)
        u[i] = iv3_scale(iv3_load(in, IN_A + 3 * i), iv_valid_nonneg(in[IN_H + i]));
    iv r2 = iv_sqr(iv_valid_nonneg(in[IN_R]));

    /* Inside for certain: det(U) certainly != 0 and U^-1 w certainly in [-1,1]^3. */
    iv det = iv3_dot(u[0], iv3_cross(u[1], u[2]));
    bool inside = false;
    if (iv_pos(det) || iv_neg_strict(det)) {
        inside = true;
        for (int i = 0; i < 3 && inside; i++) {
            iv s = iv_div(iv3_dot(w, iv3_cross(u[(i + 1) % 3], u[(i + 2) % 3])), det);
            inside = !iv_has_nan(s) && s.lo >= -1 && s.hi <= 1;
        }
    }
    if (inside) {
        out[OUT_HIT] = iv_point(1);
        return;
    }

    /* Witness bounds: coefficients s* in [-1,1]^3 at the centre give a point
     * of every box of the input box, so d2 <= |w - U s*|^2; the direction
     * g = w - U s* at the centre gives d2 >= max(0, g.w - sum |g.u_i|)^2 / g.g. */
    double um[3][3], wm[3] = {iv_mid(w.x), iv_mid(w.y), iv_mid(w.z)}, s[3];
    for (int i = 0; i < 3; i++) {
        um[i][0] = iv_mid(u[i].x);
        um[i][1] = iv_mid(u[i].y);
        um[i][2] = iv_mid(u[i].z);
    }
    closest_coeffs(um, wm, s);
    iv3 q = w;
    for (int i = 0; i < 3; i++)
        q = iv3_sub(q, iv3_scale(u[i], iv_point(s[i])));
    iv U = iv3_norm2(q);
    double g[3];
    for (int k = 0; k < 3; k++)
        g[k] = wm[k] - s[0] * um[0][k] - s[1] * um[1][k] - s[2] * um[2][k];
    iv3 G = {iv_point(g[0]), iv_point(g[1]), iv_point(g[2])};
    iv gg = iv3_norm2(G);
    bool miss = false;
    if (gg.lo > 0 && isfinite(gg.hi)) {
        iv m = iv3_dot(G, w);
        for (int i = 0; i < 3; i++)
            m = iv_sub(m, iv_abs(iv3_dot(G, u[i])));
        /* m > 0 and m^2 > r^2 g.g certainly */
        if (!iv_has_nan(m) && m.lo > 0) {
            iv d = iv_sub(iv_sqr(m), iv_mul(r2, gg));
            miss = !iv_has_nan(d) && d.lo > 0;
        }
    }
    bool hit = !iv_has_nan(U) && !iv_has_nan(r2) && U.hi <= r2.lo;
    out[OUT_HIT] = iv_bool(hit, miss);
}

/* ---- exact ---------------------------------------------------------------------- */

/* Squared distance from d to the segment e0 + t e, t in [-1, 1]. */
static void q_seg(mpq_ptr d2, const q3 *d, const q3 *e0, const q3 *e, mpq_ptr t1, mpq_ptr t2, q3 *tmp)
{
    q3_sub(tmp, d, e0);
    q3_dot(t1, e, e);
    if (mpq_sgn(t1) != 0) {
        q3_dot(t2, e, tmp);
        mpq_div(t2, t2, t1);
        if (mpq_cmp_si(t2, 1, 1) > 0)
            mpq_set_si(t2, 1, 1);
        else if (mpq_cmp_si(t2, -1, 1) < 0)
            mpq_set_si(t2, -1, 1);
        mpq_mul(t1, e->x, t2);
        mpq_sub(tmp->x, tmp->x, t1);
        mpq_mul(t1, e->y, t2);
        mpq_sub(tmp->y, tmp->y, t1);
        mpq_mul(t1, e->z, t2);
        mpq_sub(tmp->z, tmp->z, t1);
    }
    q3_dot(d2, tmp, tmp);
}

/* Is w (relative to the centre) in the parallelepiped sum s_i u_i,
 * |s_i| <= 1, with det = u0.(u1 x u2) != 0?  |s_i| <= 1 <=> |w.n_i| <= |det|
 * with n_i = u_{i+1} x u_{i+2}. */
static int q_inside(const q3 *u, const q3 *w)
{
    q3 n;
    mpq_t det, s, a;
    q3_init(&n);
    mpq_inits(det, s, a, NULL);
    int inside = 0;
    q3_cross(&n, &u[1], &u[2]);
    q3_dot(det, &u[0], &n);
    if (mpq_sgn(det) != 0) {
        inside = 1;
        for (int i = 0; i < 3 && inside; i++) {
            q3_cross(&n, &u[(i + 1) % 3], &u[(i + 2) % 3]);
            q3_dot(s, w, &n);
            mpq_abs(s, s);
            mpq_abs(a, det);
            inside = mpq_cmp(s, a) <= 0;
        }
    }
    q3_clear(&n);
    mpq_clears(det, s, a, NULL);
    return inside;
}

/* best = min(best, squared distance from d, relative to the centre of a
 * face spanned by uj and uk (coefficients in [-1, 1])): the distance to the
 * face's plane when the projection is on the face, else to its four edges.
 * *have says whether best holds a value yet. */
static void q_face_d2(mpq_ptr best, int *have, const q3 *d, const q3 *uj, const q3 *uk)
{
    q3 n, e0, tmp;
    mpq_t s, t1, t2, cur, g, uu, vv, uv, a, b;
    q3_init(&n);
    q3_init(&e0);
    q3_init(&tmp);
    mpq_inits(s, t1, t2, cur, g, uu, vv, uv, a, b, NULL);
    q3_cross(&n, uj, uk);
    int face = 0;
    if (!q3_is_zero(&n)) {
        q3_dot(uu, uj, uj);
        q3_dot(vv, uk, uk);
        q3_dot(uv, uj, uk);
        q3_dot(g, &n, &n); /* uu vv - uv^2 */
        q3_dot(t1, uj, d);
        q3_dot(t2, uk, d);
        mpq_mul(a, vv, t1);
        mpq_mul(s, uv, t2);
        mpq_sub(a, a, s);
        mpq_div(a, a, g);
        mpq_mul(b, uu, t2);
        mpq_mul(s, uv, t1);
        mpq_sub(b, b, s);
        mpq_div(b, b, g);
        mpq_abs(t1, a);
        mpq_abs(t2, b);
        if (mpq_cmp_si(t1, 1, 1) <= 0 && mpq_cmp_si(t2, 1, 1) <= 0) {
            face = 1;
            q3_dot(cur, &n, d);
            mpq_mul(cur, cur, cur);
            mpq_div(cur, cur, g);
            if (!*have || mpq_cmp(cur, best) < 0)
                mpq_set(best, cur);
            *have = 1;
        }
    }
    if (!face)
        for (int e = 0; e < 4; e++) {
            const q3 *fix = e < 2 ? uj : uk, *free = e < 2 ? uk : uj;
            if (e % 2)
                q3_set(&e0, fix);
            else {
                q3_sub(&e0, &e0, &e0);
                q3_sub(&e0, &e0, fix);
            }
            q_seg(cur, d, &e0, free, t1, t2, &tmp);
            if (!*have || mpq_cmp(cur, best) < 0)
                mpq_set(best, cur);
            *have = 1;
        }
    q3_clear(&n);
    q3_clear(&e0);
    q3_clear(&tmp);
    mpq_clears(s, t1, t2, cur, g, uu, vv, uv, a, b, NULL);
}

int ref_sphere_obb(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    if (ref_filter_decided(ref_sphere_obb_encl, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    q3 u[3], w, c, d;
    mpq_t s, best;
    for (int i = 0; i < 3; i++)
        q3_init(&u[i]);
    q3 *vs[] = {&w, &c, &d};
    for (size_t i = 0; i < sizeof vs / sizeof *vs; i++)
        q3_init(vs[i]);
    mpq_inits(s, best, NULL);

    for (int i = 0; i < 3; i++) {
        q3_set_d(&u[i], in + IN_A + 3 * i);
        mpq_set_d(s, in[IN_H + i]);
        q3_scale(&u[i], &u[i], s);
    }
    q3_set_d(&w, in + IN_P);
    q3_set_d(&c, in + IN_C);
    q3_sub(&w, &w, &c);

    int hit = 1;
    if (!q_inside(u, &w)) {
        /* the least distance to the six faces; d = w - sg u_i is the point
         * relative to the face's centre */
        int have = 0;
        for (int i = 0; i < 3; i++)
            for (int sg = -1; sg <= 1; sg += 2) {
                if (sg > 0)
                    q3_sub(&d, &w, &u[i]);
                else
                    q3_add(&d, &w, &u[i]);
                q_face_d2(best, &have, &d, &u[(i + 1) % 3], &u[(i + 2) % 3]);
            }
        mpq_set_d(s, in[IN_R]);
        mpq_mul(s, s, s);
        hit = mpq_cmp(best, s) <= 0;
    }
    out[OUT_HIT] = hit;

    for (int i = 0; i < 3; i++)
        q3_clear(&u[i]);
    for (size_t i = 0; i < sizeof vs / sizeof *vs; i++)
        q3_clear(vs[i]);
    mpq_clears(s, best, NULL);
    return REF_OK;
}
