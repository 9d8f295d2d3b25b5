/* ref/point_in_triangle.c: exact point_in_triangle.
 *
 * p is in the closed triangle v0 v1 v2 (a degenerate triangle is the hull of
 * its vertices: a segment or a point).  With e1 = v1 - v0, e2 = v2 - v0,
 * w = p - v0 and n = e1 x e2:
 * - n != 0: p is in the triangle iff it is in its plane, n.w = 0, and its
 *   three edge functions are >= 0:
 *     n.(e1 x w) >= 0,  n.(w x e2) >= 0,  n.((v2 - v1) x (p - v1)) >= 0
 *   (for p = v0 + s e1 + t e2 they are t n.n, s n.n and (1 - s - t) n.n);
 * - n = 0 (collinear or equal vertices): the hull is the union of the three
 *   edges, and p is on the segment x y iff (p - x) x (y - x) = 0 and
 *   (p - x).(p - y) <= 0 (which for x = y says p = x).
 * Every decision is the exact sign of a rational.  docs/queries/point_in_triangle.md.
 */
#include "exact.h"
#include "ivl.h"

#include <string.h>

enum { IN_P = 0, IN_V0 = 3, IN_V1 = 6, IN_V2 = 9, N_IN = 12 };
enum { OUT_HIT, N_OUT };

void ref_point_in_triangle_encl(const iv *in, iv *out)
{
    iv3 p = iv3_load(in, IN_P), v0 = iv3_load(in, IN_V0), v1 = iv3_load(in, IN_V1), v2 = iv3_load(in, IN_V2);
    iv3 e1 = iv3_sub(v1, v0), e2 = iv3_sub(v2, v0), w = iv3_sub(p, v0);
    iv3 n = iv3_cross(e1, e2);
    /* At a point of the box where n = 0 every one of these is 0, so none of
     * them can be certainly non-zero there: the certificates below only
     * speak for boxes without degenerate triangles, where they are exact
     * conditions. */
    iv res = iv3_dot(n, w);
    bool miss = iv_pos(res) || iv_neg_strict(res);
    if (!miss) {
        iv l2 = iv3_dot(n, iv3_cross(e1, w)), l1 = iv3_dot(n, iv3_cross(w, e2));
        iv l0 = iv3_dot(n, iv3_cross(iv3_sub(v2, v1), iv3_sub(p, v1)));
        miss = iv_neg_strict(l0) || iv_neg_strict(l1) || iv_neg_strict(l2);
    }
    if (!miss) {
        /* p certainly at a positive distance from the triangle (any shape) */
        iv3 q;
        iv d2;
        iv3_closest_triangle(&q, &d2, p, v0, v1, v2);
        miss = !iv_has_nan(d2) && d2.lo > 0;
    }
    /* A hit is never certain on a box: p may leave the plane. */
    out[OUT_HIT] = miss ? iv_point(0) : iv_make(0, 1);
}

/* The exact conditions for a triangle with n != 0, in ref/ivl.h's long-double
 * intervals: an end at [0, 0] is an exact zero, so n.w = [0, 0] is "in the
 * plane" for certain (the bench's and the fuzzers' points in the plane are
 * on dyadic grids, where these products are exact); then the three edge
 * functions' certain signs decide.  n certainly != 0 is needed (a component
 * of one strict sign); anything uncertain: false, the exact path runs. */
static bool decide(const double *in, double *out)
{
    ivl3 p = ivl3_at(in + IN_P), v0 = ivl3_at(in + IN_V0), v1 = ivl3_at(in + IN_V1), v2 = ivl3_at(in + IN_V2);
    ivl3 e1 = ivl3_sub(v1, v0), e2 = ivl3_sub(v2, v0), w = ivl3_sub(p, v0), n = ivl3_cross(e1, e2);
    ivl nc[3] = {n.x, n.y, n.z};
    bool nonzero = false;
    for (int i = 0; i < 3; i++)
        nonzero = nonzero || nc[i].lo > 0 || nc[i].hi < 0;
    ivl s = ivl3_dot(n, w);
    if (!nonzero || !(s.lo > 0 || s.hi < 0 || (s.lo == 0 && s.hi == 0)))
        return false;
    if (s.lo > 0 || s.hi < 0) {
        out[OUT_HIT] = 0; /* off the plane */
        return true;
    }
    ivl l[3] = {ivl3_dot(n, ivl3_cross(e1, w)), ivl3_dot(n, ivl3_cross(w, e2)),
                ivl3_dot(n, ivl3_cross(ivl3_sub(v2, v1), ivl3_sub(p, v1)))};
    bool all = true;
    for (int i = 0; i < 3; i++) {
        if (l[i].hi < 0) {
            out[OUT_HIT] = 0; /* outside an edge */
            return true;
        }
        all = all && l[i].lo >= 0;
    }
    if (all)
        out[OUT_HIT] = 1;
    return all;
}

/* p on the closed segment x y. */
static int on_segment(const q3 *p, const q3 *x, const q3 *y)
{
    q3 px, py, yx, c;
    mpq_t d;
    q3_init(&px);
    q3_init(&py);
    q3_init(&yx);
    q3_init(&c);
    mpq_init(d);
    q3_sub(&px, p, x);
    q3_sub(&py, p, y);
    q3_sub(&yx, y, x);
    q3_cross(&c, &px, &yx);
    q3_dot(d, &px, &py);
    int on = q3_is_zero(&c) && mpq_sgn(d) <= 0;
    q3_clear(&px);
    q3_clear(&py);
    q3_clear(&yx);
    q3_clear(&c);
    mpq_clear(d);
    return on;
}

int ref_point_in_triangle(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!ref_all_finite(in, N_IN))
        return REF_INVALID;

    if (ref_filter_decided_or(ref_point_in_triangle_encl, decide, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    q3 p, v0, v1, v2, e1, e2, w, n, m;
    mpq_t s;
    q3 *all[] = {&p, &v0, &v1, &v2, &e1, &e2, &w, &n, &m};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_init(s);
    q3_set_d(&p, in + IN_P);
    q3_set_d(&v0, in + IN_V0);
    q3_set_d(&v1, in + IN_V1);
    q3_set_d(&v2, in + IN_V2);
    q3_sub(&e1, &v1, &v0);
    q3_sub(&e2, &v2, &v0);
    q3_sub(&w, &p, &v0);
    q3_cross(&n, &e1, &e2);

    int hit;
    if (q3_is_zero(&n)) {
        hit = on_segment(&p, &v0, &v1) || on_segment(&p, &v1, &v2) || on_segment(&p, &v2, &v0);
    } else {
        q3_dot(s, &n, &w);
        hit = mpq_sgn(s) == 0;
        if (hit) {
            q3_cross(&m, &e1, &w);
            q3_dot(s, &n, &m);
            hit = mpq_sgn(s) >= 0;
        }
        if (hit) {
            q3_cross(&m, &w, &e2);
            q3_dot(s, &n, &m);
            hit = mpq_sgn(s) >= 0;
        }
        if (hit) {
            q3_sub(&e1, &v2, &v1);
            q3_sub(&w, &p, &v1);
            q3_cross(&m, &e1, &w);
            q3_dot(s, &n, &m);
            hit = mpq_sgn(s) >= 0;
        }
    }
    out[OUT_HIT] = hit;

    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clear(s);
    return REF_OK;
}
