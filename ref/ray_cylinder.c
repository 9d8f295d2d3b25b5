/* ref/ray_cylinder.c: exact ray_cylinder (solid capped cylinder).
 *
 * With w = p1 - p0, L2 = w.w, v = origin - p0, the solid is
 *   { x : 0 <= (x - p0).w <= L2  and  |(x - p0) x w|^2 <= r^2 L2 }
 * (empty when L2 = 0).  Along the ray:
 *   slab:  0 <= s(t) = v.w + t d.w <= L2                (an interval of t);
 *   side:  q(t) = A t^2 + 2 B t + C <= 0,  m = v x w, n = d x w,
 *          A = n.n, B = m.n, C = m.m - r^2 L2           (an interval of t:
 *          [t-, t+] with t-+ = (-B -+ sqrt(D))/A, D = B^2 - A C, when A > 0;
 *          all or nothing when A = 0, i.e. dir parallel to the axis or 0).
 * The ray hits iff entry = max(0, slab start, t-) <= exit = min(tmax, slab
 * end, t+), and t = entry.  Every bound is a rational or a root in Q(sqrt D):
 * compared exactly and rounded correctly by ref/algebraic.h.
 * docs/queries/ray_cylinder.md derives these and the enclosure.
 */
#include "isect_ref.h"

#include "algebraic.h"
#include "exact.h"
#include "ivl.h"
#include "ref_ray.h"

#include <math.h>
#include <string.h>

enum { IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_P0 = 7, IN_P1 = 10, IN_R = 13, N_IN = 14 };
enum { OUT_HIT, OUT_T, N_OUT };

static int valid_input(const double *in)
{
    return rq_ray_finite(in, N_IN, IN_TMAX) && in[IN_R] >= 0;
}

/* Enclosures of the side interval [t-, t+] of a ray against the infinite
 * cylinder (or, for the capsule, a ball) given the quadratic A t^2 + 2Bt + C
 * in intervals and a second enclosure D2 of its discriminant; also reports
 * whether the interval is certainly non-empty / certainly empty. */
static void side_encl(iv A, iv B, iv C, iv D2, iv *tm, iv *tp, bool *nonempty, bool *empty)
{
    iv D = iv_sub(iv_sqr(B), iv_mul(A, C));
    if (!iv_has_nan(D2) && !iv_has_nan(D) && D2.lo <= D.hi && D.lo <= D2.hi)
        D = iv_meet(D, D2);
    iv sD = iv_sqrt(D), nB = iv_neg(B);
    iv whole = iv_make(-INFINITY, INFINITY);
    /* Both forms of each root are exact where A > 0 and their denominators
     * do not vanish; each is sound where defined, so is their intersection. */
    *tm = iv_meet(iv_div(iv_sub(nB, sD), A), iv_div(C, iv_add(nB, sD)));
    *tp = iv_meet(iv_div(iv_add(nB, sD), A), iv_div(C, iv_sub(nB, sD)));
    if (iv_has_nan(*tm) || tm->lo > tm->hi)
        *tm = whole;
    if (iv_has_nan(*tp) || tp->lo > tp->hi)
        *tp = whole;
    *nonempty = iv_nonneg(D) && A.lo > 0;
    *empty = iv_neg_strict(D);
    if (iv_neg_strict(C)) {
        /* The origin is strictly inside at every point: t- < 0 < t+ where
         * A > 0 (and the side is everything where A = 0).  t+ = -C/(B + sqrt D)
         * with a positive denominator, so t+ >= (-C).lo / (B + sqrt D).hi. */
        tm->hi = tm->hi < 0 ? tm->hi : 0;
        iv den = iv_add(B, sD);
        double lo = iv_has_nan(den) || den.hi <= 0 ? 0 : iv_div(iv_neg(C), iv_make(den.hi, den.hi)).lo;
        if (lo > tp->lo)
            tp->lo = lo;
        tp->hi = INFINITY;
        if (tp->lo < 0)
            tp->lo = 0;
        *nonempty = true;
        *empty = false;
    }
}

void ref_ray_cylinder_encl(const iv *in, iv *out)
{
    iv3 o = iv3_load(in, IN_O), d = iv3_load(in, IN_D), p0 = iv3_load(in, IN_P0), p1 = iv3_load(in, IN_P1);
    iv r = in[IN_R], tmax = in[IN_TMAX];
    iv3 w = iv3_sub(p1, p0), v = iv3_sub(o, p0);
    iv L2 = iv3_norm2(w), vw = iv3_dot(v, w), dw = iv3_dot(d, w);
    iv3 m = iv3_cross(v, w), n = iv3_cross(d, w);
    iv A = iv3_norm2(n), B = iv3_dot(m, n), rL2 = iv_mul(iv_sqr(r), L2);
    iv C = iv_sub(iv3_norm2(m), rL2);
    /* D = A (r^2 L2 - |l|^2), l = m - (B/A) n: the 2D closest approach. */
    iv BA = iv_div(B, A);
    iv3 l = {iv_sub(m.x, iv_mul(BA, n.x)), iv_sub(m.y, iv_mul(BA, n.y)), iv_sub(m.z, iv_mul(BA, n.z))};
    iv D2 = iv_mul(A, iv_sub(rL2, iv3_norm2(l)));
    iv tm, tp;
    bool side_ne, side_empty;
    side_encl(A, B, C, D2, &tm, &tp, &side_ne, &side_empty);

    iv slo, shi;
    bool slab_empty;
    rq_slab_encl(vw, dw, iv_point(0), L2, &slo, &shi, &slab_empty);
    bool empty_axis = L2.hi == 0;

    iv entry = iv_make(rq_max(0, rq_max(slo.lo, tm.lo)), rq_max(0, rq_max(slo.hi, tm.hi)));
    iv exit = iv_make(rq_min(tmax.lo, rq_min(shi.lo, tp.lo)), rq_min(tmax.hi, rq_min(shi.hi, tp.hi)));
    bool hit_all = !slab_empty && side_ne && L2.lo > 0 && entry.hi <= exit.lo;
    bool miss_all = empty_axis || slab_empty || side_empty || entry.lo > exit.hi;
    out[OUT_HIT] = iv_bool(hit_all, miss_all);
    out[OUT_T] = rq_clip_t(entry, tmax);
}

/* On a certified hit (L2 > 0, the slab and the side met): t = max(0, the
 * slab's entry, t-), each enclosed by ivl.h; a dw or an A that is exactly 0
 * adds no entry (the hit is certified), one of unknown sign gives up.
 * t- = (-B - sqrt D)/A = C/(-B + sqrt D), D >= 0 exactly: both forms are
 * met (docs/queries/ray_cylinder.md). */
static bool tight(const double *in, double *out)
{
    ivl3 p0 = ivl3_at(in + IN_P0), d = ivl3_at(in + IN_D);
    ivl3 w = ivl3_sub(ivl3_at(in + IN_P1), p0), v = ivl3_sub(ivl3_at(in + IN_O), p0);
    ivl L2 = ivl3_dot(w, w), vw = ivl3_dot(v, w), dw = ivl3_dot(d, w), entry = ivl_d(0);
    if (dw.lo > 0)
        entry = ivl_max(entry, ivl_div(ivl_neg(vw), dw));
    else if (dw.hi < 0)
        entry = ivl_max(entry, ivl_div(ivl_sub(L2, vw), dw));
    else if (!(dw.lo == 0 && dw.hi == 0))
        return false;
    ivl3 m = ivl3_cross(v, w), n = ivl3_cross(d, w);
    ivl A = ivl3_dot(n, n), B = ivl3_dot(m, n), r = ivl_d(in[IN_R]);
    if (A.lo > 0) {
        ivl C = ivl_sub(ivl3_dot(m, m), ivl_mul(ivl_mul(r, r), L2));
        /* D = B^2 - A C = L2 (r^2 A - g^2), g = v.(d x w): (m.n)^2 - |m|^2 |n|^2
         * = -|m x n|^2 and m x n = -g w (Lagrange's identity; no cancellation). */
        ivl g = ivl3_dot(v, ivl3_cross(d, w));
        ivl sD = ivl_sqrt(ivl_nonneg(ivl_mul(L2, ivl_sub(ivl_mul(ivl_mul(r, r), A), ivl_mul(g, g)))));
        ivl t1 = ivl_div(ivl_sub(ivl_neg(B), sD), A), t2 = ivl_div(C, ivl_sub(sD, B));
        if (ivl_ok(t1) && ivl_ok(t2) && t1.lo <= t2.hi && t2.lo <= t1.hi)
            t1 = (ivl){t1.lo > t2.lo ? t1.lo : t2.lo, t1.hi < t2.hi ? t1.hi : t2.hi};
        else if (!ivl_ok(t1))
            t1 = t2;
        entry = ivl_max(entry, t1);
    } else if (!(A.lo == 0 && A.hi == 0)) {
        return false;
    }
    if (entry.lo == 0 && entry.hi == 0)
        return true; /* exactly 0: out[OUT_T] stays 0 */
    return ivl_round(entry, &out[OUT_T]);
}

/* r = max(r, x) / min(r, x) on qsqrt values. */
static void qs_max_into(qsqrt *r, const qsqrt *x)
{
    if (qs_cmp(x, r) > 0)
        qs_set(r, x);
}
static void qs_min_into(qsqrt *r, const qsqrt *x)
{
    if (qs_cmp(x, r) < 0)
        qs_set(r, x);
}

/* The parameter interval [entry, exit] of the ray, narrowed one constraint
 * at a time; exit is +inf while bounded is 0.  root is scratch. */
typedef struct {
    qsqrt entry, exit, root;
    int bounded;
} span;

/* exit = min(exit, root). */
static void span_cut_exit(span *s)
{
    if (s->bounded)
        qs_min_into(&s->exit, &s->root);
    else
        qs_set(&s->exit, &s->root);
    s->bounded = 1;
}

/* Meets the span with the slab 0 <= (o + t d - p0).w <= L2 (vw = v.w,
 * dw = d.w); false when the ray never enters it (d.w = 0, outside). */
static int meet_slab(span *s, mpq_srcptr L2, mpq_srcptr vw, mpq_srcptr dw, mpq_ptr x, mpq_ptr y)
{
    if (mpq_sgn(dw) == 0)
        return mpq_sgn(vw) >= 0 && mpq_cmp(vw, L2) <= 0;
    mpq_neg(x, vw);
    mpq_div(x, x, dw); /* s = 0 */
    mpq_sub(y, L2, vw);
    mpq_div(y, y, dw); /* s = L2 */
    if (mpq_sgn(dw) < 0)
        mpq_swap(x, y);
    qs_set_q(&s->root, x);
    qs_max_into(&s->entry, &s->root);
    qs_set_q(&s->root, y);
    span_cut_exit(s);
    return 1;
}

/* Meets the span with the side A t^2 + 2 B t + C <= 0; false when that
 * holds for no t. */
static int meet_side(span *s, mpq_srcptr A, mpq_srcptr B, mpq_srcptr C)
{
    if (mpq_sgn(A) == 0)
        return mpq_sgn(C) <= 0;
    if (!qs_root(&s->root, A, B, C, -1, NULL))
        return 0;
    qs_max_into(&s->entry, &s->root);
    qs_root(&s->root, A, B, C, +1, NULL);
    span_cut_exit(s);
    return 1;
}

int ref_ray_cylinder(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;

    /* A certain miss, or a certain hit whose t tight() rounds. */
    if (ref_filter_miss_or_tight(ref_ray_cylinder_encl, tight, in, N_IN, N_OUT, OUT_HIT, out))
        return REF_OK;

    q3 o, d, p0, p1, w, v, m, n;
    mpq_t L2, vw, dw, A, B, C, r, x, y;
    span sp;
    q3 *all[] = {&o, &d, &p0, &p1, &w, &v, &m, &n};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_inits(L2, vw, dw, A, B, C, r, x, y, NULL);
    qs_init(&sp.entry);
    qs_init(&sp.exit);
    qs_init(&sp.root);

    q3_set_d(&o, in + IN_O);
    q3_set_d(&d, in + IN_D);
    q3_set_d(&p0, in + IN_P0);
    q3_set_d(&p1, in + IN_P1);
    mpq_set_d(r, in[IN_R]);
    q3_sub(&w, &p1, &p0);
    q3_sub(&v, &o, &p0);
    q3_dot(L2, &w, &w);
    q3_dot(vw, &v, &w);
    q3_dot(dw, &d, &w);
    q3_cross(&m, &v, &w);
    q3_cross(&n, &d, &w);
    q3_dot(A, &n, &n);
    q3_dot(B, &m, &n);
    q3_dot(C, &m, &m);
    mpq_mul(r, r, r);
    mpq_mul(r, r, L2);
    mpq_sub(C, C, r);

    /* entry starts at 0, exit at tmax (unbounded for tmax = inf). */
    sp.bounded = isfinite(in[IN_TMAX]);
    if (sp.bounded) {
        mpq_set_d(x, in[IN_TMAX]);
        qs_set_q(&sp.exit, x);
    }
    int hit = mpq_sgn(L2) > 0 && meet_slab(&sp, L2, vw, dw, x, y) && meet_side(&sp, A, B, C);
    if (hit && sp.bounded)
        hit = qs_cmp(&sp.entry, &sp.exit) <= 0;
    if (hit) {
        out[OUT_HIT] = 1;
        out[OUT_T] = qs_to_double(&sp.entry);
    }

    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clears(L2, vw, dw, A, B, C, r, x, y, NULL);
    qs_clear(&sp.entry);
    qs_clear(&sp.exit);
    qs_clear(&sp.root);
    return REF_OK;
}
