/* ref/sphere_sweep_encl.c: the enclosure half of the sweep features: the
 * conditions of ref/sphere_sweep_exact.c over a box of inputs, in
 * outward-rounded interval arithmetic; see ref_sweep.h. */
#include "ref_sweep.h"

#include <math.h>

/* ---- intervals --------------------------------------------------------------- */

/* Intersection of two enclosures of the same quantity; a NaN interval
 * (nothing known) gives way to the other.  May be empty (lo > hi).  Not
 * iv_meet (interval.h): fmax and fmin pick the other zero on a tie of +0 and
 * -0, and the sweeps' enclosures keep their endpoints bit for bit. */
static iv meet(iv a, iv b)
{
    if (iv_has_nan(a))
        return b;
    if (iv_has_nan(b))
        return a;
    return (iv){fmax(a.lo, b.lo), fmin(a.hi, b.hi)};
}

static bool empty(iv a) { return !iv_has_nan(a) && a.lo > a.hi; }

static iv3 meet3(iv3 a, iv3 b) { return (iv3){meet(a.x, b.x), meet(a.y, b.y), meet(a.z, b.z)}; }

/* "qa > 0"-style tests that treat NaN (nothing known) as "either". */
static bool maybe_le0(iv a) { return !(a.lo > 0); }   /* some point may be <= 0 */
static bool maybe_ge0(iv a) { return !(a.hi < 0); }   /* some point may be >= 0 */
static bool surely_le0(iv a) { return a.hi <= 0; }   /* false on NaN */
static bool surely_ge0(iv a) { return a.lo >= 0; }   /* false on NaN */

sw_iball sw_iball_make(const iv *center, const iv *velocity, iv radius)
{
    sw_iball b;
    b.c = iv3_load(center, 0);
    b.v = iv3_load(velocity, 0);
    /* The radius is >= 0 at every valid point. */
    iv r = {fmax(radius.lo, 0), radius.hi};
    b.r2 = iv_sqr(r);
    return b;
}

void sw_iacc_init(sw_iacc *a)
{
    a->start_possible = a->start_certain = false;
    a->start_p = iv3_whole();
    a->n = 0;
}

static sw_icand *new_cand(sw_iacc *a)
{
    sw_icand *k = &a->cand[a->n++];
    k->possible = k->certain = false;
    k->t = (iv){0, 1};
    k->p = iv3_whole();
    return k;
}

/* The entry-time conditions of entry_time() over a box: possible when every
 * condition may hold at some point, certain when each holds at every point;
 * k->t encloses the smaller root at every point where they hold.  alt is
 * another sound enclosure of that root (or a NaN interval). */
static void ientry(sw_icand *k, iv qa, iv qb, iv qc, iv D, iv alt)
{
    k->possible = !(qc.hi <= 0) && !(qa.hi <= 0) && !(qb.lo >= 0) && !(D.hi < 0);
    k->certain = qc.lo > 0 && qa.lo > 0 && qb.hi < 0 && D.lo >= 0;
    if (!k->possible)
        return;
    /* Restricted to the points where the conditions hold: qc > 0, -qb > 0,
     * D >= 0, qa > 0.  Root = qc / (-qb + sqrt(D)) = (-qb - sqrt(D)) / qa. */
    iv c1 = {fmax(qc.lo, 0), qc.hi}, nb = {fmax(-qb.hi, 0), -qb.lo};
    iv a1 = {fmax(qa.lo, 0), qa.hi}, Dp = {fmax(D.lo, 0), D.hi};
    iv sD = iv_sqrt(Dp);
    iv T1 = iv_div(c1, iv_add(nb, sD));
    iv T2 = iv_div(iv_sub(nb, sD), a1);
    iv T = meet(meet(meet(T1, T2), alt), (iv){0, INFINITY});
    if (empty(T) || T.lo > 1) {
        k->possible = k->certain = false;
        return;
    }
    if (!(T.hi <= 1))
        k->certain = false;
    k->t = meet(T, (iv){0, 1});
}

/* Require alpha + t beta >= 0 at the candidate time. */
static void ivalid(sw_icand *k, iv alpha, iv beta)
{
    iv f = iv_add(alpha, iv_mul(k->t, beta));
    if (f.hi < 0)
        k->possible = k->certain = false;
    else if (!surely_ge0(f))
        k->certain = false;
}

void sw_ivertex(sw_iacc *a, const sw_iball *b, iv3 p)
{
    sw_icand *k = new_cand(a);
    iv3 w = iv3_sub(b->c, p);
    iv qa = iv3_norm2(b->v), qb = iv3_dot(w, b->v), qc = iv_sub(iv3_norm2(w), b->r2);
    /* D = qb^2 - qa qc = r^2 |v|^2 - |w x v|^2 (Lagrange's identity). */
    iv D = iv_sub(iv_mul(b->r2, qa), iv3_norm2(iv3_cross(w, b->v)));
    ientry(k, qa, qb, qc, D, (iv){NAN, NAN});
    k->p = p;
}

void sw_iedge(sw_iacc *a, const sw_iball *b, iv3 p0, iv3 p1)
{
    sw_icand *k = new_cand(a);
    iv3 e = iv3_sub(p1, p0), w = iv3_sub(b->c, p0);
    iv E = iv3_norm2(e);
    iv3 X = iv3_cross(w, e), Y = iv3_cross(b->v, e);
    iv qa = iv3_norm2(Y), qb = iv3_dot(X, Y), qc = iv_sub(iv3_norm2(X), iv_mul(b->r2, E));
    /* D = qb^2 - qa qc = E (r^2 |v x e|^2 - (w.(v x e))^2). */
    iv g = iv3_dot(w, Y);
    iv D = iv_mul(E, iv_sub(iv_mul(b->r2, qa), iv_sqr(g)));
    ientry(k, qa, qb, qc, D, (iv){NAN, NAN});
    if (!k->possible)
        return;
    iv we = iv3_dot(w, e), ve = iv3_dot(b->v, e);
    ivalid(k, we, ve);                            /* sigma >= 0 */
    ivalid(k, iv_sub(E, we), iv_neg(ve));         /* E - sigma >= 0 */
    if (!k->possible)
        return;
    iv s = meet(iv_div(iv_add(we, iv_mul(k->t, ve)), E), (iv){0, 1});
    if (empty(s)) {
        k->possible = k->certain = false;
        return;
    }
    k->p = iv3_axpy(p0, s, e);
}

/* The plane quadratic's candidate; writes d0, dv, N for the caller. */
static void iplane_entry(sw_icand *k, const sw_iball *b, iv3 q, iv3 n, iv *d0, iv *dv, iv *N)
{
    iv3 w = iv3_sub(b->c, q);
    *d0 = iv3_dot(n, w);
    *dv = iv3_dot(n, b->v);
    *N = iv3_norm2(n);
    iv qa = iv_sqr(*dv), qb = iv_mul(*d0, *dv), qc = iv_sub(iv_sqr(*d0), iv_mul(b->r2, *N));
    iv D = iv_mul(qa, iv_mul(b->r2, *N));
    /* The root is also (|d0| - r sqrt(N)) / |dv|. */
    iv alt = iv_div(iv_sub(iv_abs(*d0), iv_sqrt(iv_mul(b->r2, *N))), iv_abs(*dv));
    ientry(k, qa, qb, qc, D, alt);
}

void sw_iplane(sw_iacc *a, const sw_iball *b, iv3 q, iv3 n)
{
    sw_icand *k = new_cand(a);
    iv d0, dv, N;
    iplane_entry(k, b, q, n, &d0, &dv, &N);
    k->p = (iv3){{0, 0}, {0, 0}, {0, 0}};
}

void sw_iface(sw_iacc *a, const sw_iball *b, iv3 v0, iv3 v1, iv3 v2)
{
    sw_icand *k = new_cand(a);
    iv3 n = iv3_cross(iv3_sub(v1, v0), iv3_sub(v2, v0));
    iv d0, dv, N;
    iplane_entry(k, b, v0, n, &d0, &dv, &N);
    iv3 vs[3] = {v0, v1, v2};
    for (int i = 0; i < 3 && k->possible; i++) {
        iv3 m = iv3_cross(n, iv3_sub(vs[(i + 1) % 3], vs[i]));
        ivalid(k, iv3_dot(m, iv3_sub(b->c, vs[i])), iv3_dot(m, b->v));
    }
    if (!k->possible)
        return;
    /* The projection of the centre at t; where the sign of d0 is known, also
     * the centre minus r n / |n| towards the plane. */
    iv3 ct = iv3_axpy(b->c, k->t, b->v);
    iv3 p = iv3_axpy(ct, iv_neg(iv_div(iv_add(d0, iv_mul(k->t, dv)), N)), n);
    if (d0.lo > 0 || d0.hi < 0) {
        iv s = iv_div(iv_sqrt(b->r2), iv_sqrt(N));
        p = meet3(p, iv3_axpy(ct, d0.lo > 0 ? iv_neg(s) : s, n));
    }
    k->p = p;
}

void sw_istart_point(sw_iacc *a, const sw_iball *b, iv3 p)
{
    iv d2 = iv3_norm2(iv3_sub(b->c, p));
    a->start_possible = !(d2.lo > b->r2.hi);
    a->start_certain = d2.hi <= b->r2.lo;
    a->start_p = p;
}

/* Squared distance bounds and the closest-point enclosure of a segment. */
static void iseg_dist(const sw_iball *b, iv3 p0, iv3 p1, double *lo, double *hi, iv3 *py)
{
    iv3 e = iv3_sub(p1, p0), w = iv3_sub(b->c, p0);
    iv E = iv3_norm2(e), s = iv3_dot(w, e);
    iv d0 = iv3_norm2(w), d1 = iv3_norm2(iv3_sub(b->c, p1));
    iv Es = iv_sub(s, E);
    /* Regions of q3_closest_segment: A (E = 0 or s <= 0) p0, B (s >= E) p1,
     * C (0 < s < E) the foot of the perpendicular. */
    bool A = maybe_le0(E) || maybe_le0(s), B = maybe_ge0(Es), C = !surely_le0(s) && !surely_ge0(Es);
    bool C_certain = s.lo > 0 && Es.hi < 0;
    iv line = iv_div(iv3_norm2(iv3_cross(w, e)), E);
    double l = INFINITY;
    iv3 y = {{NAN, NAN}, {NAN, NAN}, {NAN, NAN}};
    bool have = false;
    if (A) {
        l = fmin(l, d0.lo);
        y = p0;
        have = true;
    }
    if (B) {
        l = fmin(l, d1.lo);
        y = have ? iv3_hull(y, p1) : p1;
        have = true;
    }
    if (C) {
        l = fmin(l, iv_has_nan(line) ? 0 : line.lo);
        iv u = meet(iv_div(s, E), (iv){0, 1});
        iv3 f = iv3_axpy(p0, u, e);
        y = have ? iv3_hull(y, f) : f;
    }
    double h = fmin(d0.hi, d1.hi);
    if (C_certain && !iv_has_nan(line))
        h = fmin(h, line.hi);
    *lo = isnan(l) ? 0 : fmax(l, 0);
    *hi = isnan(h) ? INFINITY : h;
    *py = y;
}

void sw_istart_segment(sw_iacc *a, const sw_iball *b, iv3 p0, iv3 p1)
{
    double lo, hi;
    iseg_dist(b, p0, p1, &lo, &hi, &a->start_p);
    a->start_possible = !(lo > b->r2.hi);
    a->start_certain = hi <= b->r2.lo;
}

/* A lower bound of the squared distance from the centre's box to the box
 * of the triangle's vertices (which holds the triangle, their hull): the
 * sum of the squared gaps per axis, rounded down (interval.h). */
static double box_gap2(iv3 c, iv3 v0, iv3 v1, iv3 v2)
{
    const iv cc[3] = {c.x, c.y, c.z}, p[3][3] = {{v0.x, v0.y, v0.z}, {v1.x, v1.y, v1.z}, {v2.x, v2.y, v2.z}};
    iv sum = {0, 0};
    for (int i = 0; i < 3; i++) {
        double lo = fmin(fmin(p[0][i].lo, p[1][i].lo), p[2][i].lo);
        double hi = fmax(fmax(p[0][i].hi, p[1][i].hi), p[2][i].hi);
        double gap = fmax(fmax(iv_sub(iv_point(lo), iv_point(cc[i].hi)).lo,
                               iv_sub(iv_point(cc[i].lo), iv_point(hi)).lo), 0);
        sum = iv_add(sum, iv_sqr(iv_point(gap)));
    }
    return sum.lo;
}

void sw_istart_triangle(sw_iacc *a, const sw_iball *b, iv3 v0, iv3 v1, iv3 v2)
{
    if (box_gap2(b->c, v0, v1, v2) > b->r2.hi) { /* the boxes alone keep the ball off */
        a->start_possible = a->start_certain = false;
        a->start_p = (iv3){{0, 0}, {0, 0}, {0, 0}};
        return;
    }
    iv3 vs[3] = {v0, v1, v2};
    iv3 n = iv3_cross(iv3_sub(v1, v0), iv3_sub(v2, v0));
    iv N = iv3_norm2(n);
    /* inside: N > 0 and the three edge functions >= 0 at c. */
    bool in_possible = !surely_le0(N), in_certain = N.lo > 0;
    for (int i = 0; i < 3; i++) {
        iv3 m = iv3_cross(n, iv3_sub(vs[(i + 1) % 3], vs[i]));
        iv f = iv3_dot(m, iv3_sub(b->c, vs[i]));
        if (f.hi < 0)
            in_possible = false;
        if (!surely_ge0(f))
            in_certain = false;
    }
    iv d0 = iv3_dot(n, iv3_sub(b->c, v0));
    iv face = iv_div(iv_sqr(d0), N);
    iv3 proj = iv3_axpy(b->c, iv_neg(iv_div(d0, N)), n);
    double lo = INFINITY, hi = INFINITY;
    iv3 y = proj;
    bool have = false;
    if (in_possible) {
        lo = iv_has_nan(face) ? 0 : fmax(face.lo, 0);
        have = true;
    }
    if (in_certain && !iv_has_nan(face))
        hi = face.hi;
    for (int i = 0; i < 3; i++) {
        double l, h;
        iv3 py;
        iseg_dist(b, vs[i], vs[(i + 1) % 3], &l, &h, &py);
        lo = fmin(lo, l);
        hi = fmin(hi, h);
        if (!in_certain) {
            y = have ? iv3_hull(y, py) : py;
            have = true;
        }
    }
    a->start_possible = !(lo > b->r2.hi);
    a->start_certain = hi <= b->r2.lo;
    a->start_p = y;
}

void sw_istart_plane(sw_iacc *a, const sw_iball *b, iv3 q, iv3 n)
{
    iv d0 = iv3_dot(n, iv3_sub(b->c, q));
    iv f = iv_sub(iv_sqr(d0), iv_mul(b->r2, iv3_norm2(n)));
    a->start_possible = !(f.lo > 0);
    a->start_certain = f.hi <= 0;
    a->start_p = (iv3){{0, 0}, {0, 0}, {0, 0}};
}

void sw_iacc_result(const sw_iacc *a, iv *hit, iv *t, iv3 *point)
{
    static const iv zero = {0, 0};
    if (a->start_certain) {
        *hit = (iv){1, 1};
        *t = zero;
        if (point)
            *point = a->start_p;
        return;
    }
    bool any_possible = a->start_possible, any_certain = false;
    double lo = a->start_possible ? 0 : INFINITY, hi_certain = INFINITY, hi_possible = a->start_possible ? 0 : -INFINITY;
    for (int i = 0; i < a->n; i++) {
        const sw_icand *k = &a->cand[i];
        if (!k->possible)
            continue;
        any_possible = true;
        lo = fmin(lo, k->t.lo);
        hi_possible = fmax(hi_possible, k->t.hi);
        if (k->certain) {
            any_certain = true;
            hi_certain = fmin(hi_certain, k->t.hi);
        }
    }
    *hit = iv_bool(any_certain, !any_possible);
    if (!any_possible) {
        *t = zero;
        if (point)
            *point = (iv3){zero, zero, zero};
        return;
    }
    double hi = any_certain ? hi_certain : hi_possible;
    *t = (iv){fmax(lo, 0), fmin(hi, 1)};
    if (!point)
        return;
    /* A candidate that starts after a certain one ends is never the first. */
    bool have = false;
    iv3 p = a->start_p;
    if (a->start_possible)
        have = true;
    for (int i = 0; i < a->n; i++) {
        const sw_icand *k = &a->cand[i];
        if (!k->possible || k->t.lo > hi)
            continue;
        p = have ? iv3_hull(p, k->p) : k->p;
        have = true;
    }
    *point = p;
}

int sw_iacc_decisive(const sw_iacc *a)
{
    if (a->start_possible)
        return -1;
    int k = -1;
    for (int i = 0; i < a->n; i++)
        if (a->cand[i].certain && (k < 0 || a->cand[i].t.hi < a->cand[k].t.hi))
            k = i;
    if (k < 0)
        return -1;
    for (int i = 0; i < a->n; i++)
        if (i != k && a->cand[i].possible && !(a->cand[i].t.lo > a->cand[k].t.hi))
            return -1;
    return k;
}

