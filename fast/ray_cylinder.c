/* fast/ray_cylinder.c: ray against a solid capped cylinder in binary32.
 *
 * Whether the ray hits is decided exactly, in two stages:
 * 1. the quick stage (cq_decide, below, issue 14 speed): fast/fast_cyl.h's
 *    decision (cy_decide) on plain binary64 values, the same expression
 *    trees as cy_decide's values, each sign certified by FB_RAY_CYL times a
 *    product of 1-norms of v, w, d (and r^2, tmax) that bounds the
 *    magnitude of its terms (fast/fast_bounds_stages.h, "ray_cylinder
 *    quick stage"), instead of the magnitude carried beside every value;
 *    a sign it cannot certify (and a zero A, a value exactly 0, the tmax
 *    candidate) sends the query to
 * 2. fast/fast_cyl.h (a binary64 filter on the signs of a few polynomials in
 *    the inputs, value and magnitude pairs, then exact expansions where
 *    that filter cannot decide).
 * The same binary64 values then give t (cyl_entry), with no rescaling:
 * every input of the binary32 range keeps its accuracy in binary64 (values
 * of degree <= 6 in the inputs, none over- or underflowing; the one
 * degree-8 value, w.w D, enters only through sqrt(w.w) sqrt(D)).  Both
 * stages compute those values by the same operations, so t does not depend
 * on the stage.  None of t's roundings can turn a hit into a miss or back.
 * Error bound: docs/queries/ray_cylinder.md ("t from the filter").
 */
#include "isect.h"

#include "fast_cyl.h"

#include <string.h>

/* The entry t of a hit from outside (decision 2), from the decision's
 * binary64 values: B (b), D (dq), w.w, d.w, v.w, u.w, and, when b < 0,
 * C (cx) and its guard cg (cq_c_guard: FB_RAY_CYL times the norms'
 * bound on C's magnitude).  The side interval's lower end t- (roots of
 * A t^2 + 2 B t + C, B^2 - A C = w.w D, s = sqrt(w.w) sqrt(D)) counts
 * only when B < 0 and C > cg, C > 0 certainly: else it is <= 0 (the
 * vertex behind the origin, or the origin inside the infinite cylinder),
 * or C is within its guard of 0, the origin within a relative 2^-22 of
 * the side (docs/queries/ray_cylinder.md), where 0 is the entry of an
 * input that close (and C, all
 * rounding, would put t- anywhere, as A would for a ray nearly along the
 * axis).  t- = C/(s - B), a sum of two non-negative terms below (with
 * C certain, its rounding is at most 28% of C: a position error far below
 * the tolerance, docs/queries/ray_cylinder.md).  The slab's lower end is -v.w/d.w (d.w > 0) or -u.w/d.w
 * (d.w < 0); t = max(0, both), clipped to tmax.  A rounding that makes the
 * ends miss each other near a rim or a tangency does not matter: the hit
 * is decided, the entry is the answer.  An overflow of a quotient means a
 * t above 2^900, which rounds to inf or is clipped to tmax as the exact t
 * is. */
static float cyl_entry(const double *val, double cx, double cg, float tmax)
{
    enum { B, DQ, WW, DW, VW, UW };
    double b = val[B], dw = val[DW], e = 0;
    if (b < 0 && cx > cg) /* C > 0 certainly */
        e = cx / (sqrt(val[WW]) * sqrt(val[DQ] > 0 ? val[DQ] : 0) - b);
    const double x = fv_sel64(dw > 0, val[VW], val[UW]), s = fv_sel64(dw != 0, -x / dw, 0); /* no branch */
    e = s > e ? s : e;
    return (float)isect_fmin(e, (double)tmax);
}

/* C's guard from the 1-norms a = |v|_1, b = |w|_1 and r2 = r^2: stage 1's
 * test of C (fast/fast_bounds_stages.h, "ray_cylinder quick stage": the
 * magnitude of C's terms is at most b^2 (a^2 + r^2)). */
static inline double cq_c_guard(double a, double b, double r2) { return FB_RAY_CYL * ((b * b) * (a * a + r2)); }

/* Stage 2's t: the same values and guard as stage 1's (the norms summed in
 * the same order as cq_setup's), so t does not depend on the stage. */
static float entry_t(const cy_ctx *c, float tmax)
{
    const double val[6] = {c->b.x, c->dq.x, c->ww.x, c->dw.x, c->vw.x, c->uw.x};
    double cx = 0, cg = 0;
    if (c->b.x < 0) {
        const double a = fabs(c->v[0].x) + fabs(c->v[1].x) + fabs(c->v[2].x);
        const double b = fabs(c->w[0].x) + fabs(c->w[1].x) + fabs(c->w[2].x);
        cx = cy_val_c(c).x;
        cg = cq_c_guard(a, b, c->r2.x);
    }
    return cyl_entry(val, cx, cg, tmax);
}

/* ---- stage 1: the quick stage --------------------------------------------
 * Plain binary64 values (the x lane of fast_cyl.h's pairs, operation for
 * operation) and guards FB_RAY_CYL N, N a product of the 1-norms
 * a = |v|_1, b = |w|_1, c = |d|_1, r^2 and tmax bounding the value's
 * magnitude P (fast/fast_bounds_stages.h derives each N >= P). */

/* The certified sign of x against the guard g: 1, -1, or 0 when
 * uncertain (the caller then leaves the query to stage 2). */
static inline int cq_sign(double x, double g) { return (x > g) - (x < -g); }

static inline double cq_dot(const double *x, const double *y) { return x[0] * y[0] + x[1] * y[1] + x[2] * y[2]; }

static inline void cq_cross(double *r, const double *x, const double *y)
{
    r[0] = x[1] * y[2] - x[2] * y[1];
    r[1] = x[2] * y[0] - x[0] * y[2];
    r[2] = x[0] * y[1] - x[1] * y[0];
}

/* The query's leaves and the values stage 1 shares with cyl_entry. */
typedef struct {
    double v[3], w[3], d[3], n[3], m[3], r2, tmax, na, nb, nc;
    double val[6]; /* B, D, w.w, d.w, v.w, u.w (cyl_entry's order) */
    bool bounded;
} cq_ctx;

/* |s x - t d|^2 - r2 s^2 (K0: x = v, s = d.w, t = v.w; K1: x = u, t = u.w),
 * as cy_val_capdisc. */
static inline double cq_capdisc(const cq_ctx *q, double s, const double *x, double t)
{
    double e[3];
    for (int i = 0; i < 3; i++)
        e[i] = s * x[i] - t * q->d[i];
    return cq_dot(e, e) - q->r2 * (s * s);
}

/* The cap candidates t0 (k = 0) and t1 (k = 1) of cy_decide, with the
 * certified signs of d.w (sdw), of v.w or u.w (sxw) and of VT or UT (sxt):
 * 2 hit, 0 not this candidate, -1 uncertain. */
static int cq_cap(const cq_ctx *q, const isect_ray *ray, const isect_cylinder *cy, int k, int sdw, int sxw, int sxt)
{
    if (sxw == sdw || (q->bounded && sxt != sdw))
        return 0;
    const double a = q->na, b = q->nb, c = q->nc, bc2 = (b * c) * (b * c), dw = q->val[3];
    int s;
    if (k == 0) { /* P <= (bc)^2 (4 a^2 + r^2) */
        s = cq_sign(cq_capdisc(q, dw, q->v, q->val[4]), FB_RAY_CYL * (bc2 * (4 * (a * a) + q->r2)));
    } else { /* u on its own leaves (as cy_val_k1), |u|_1 <= a + b */
        const isect_vec3 o = ray->origin, p1 = cy->p1;
        const double u[3] = {(double)o.x - p1.x, (double)o.y - p1.y, (double)o.z - p1.z}, ab = a + b;
        s = cq_sign(cq_capdisc(q, dw, u, cq_dot(u, q->w)), FB_RAY_CYL * (bc2 * (4 * (ab * ab) + q->r2)));
    }
    return 2 * (s < 0) - (s == 0); /* no branch */
}

/* The vertex candidate t* of cy_decide (A > 0 and D >= 0 certain): 2 hit,
 * 0 not this candidate, -1 uncertain.  ab = a b.  Its four conditions
 * (AT >= 0 when bounded, S0 >= 0, S1 <= 0, B <= 0) are all evaluated,
 * with no branch: one certainly false makes it 0 (whatever the others),
 * else one uncertain -1, else 2. */
static int cq_vertex(const cq_ctx *q, double A, double ab)
{
    const double b = q->nb, c = q->nc, cb = c * b, c2 = c * c, B = q->val[0], dw = q->val[3];
    const double vw = q->val[4], uw = q->val[5], dv = cq_dot(q->d, q->v), dd = cq_dot(q->d, q->d);
    const int at = cq_sign(A * q->tmax + B, FB_RAY_CYL * ((cb * cb) * q->tmax + ab * cb)), bd = q->bounded;
    const int s0 = cq_sign(dd * vw - dw * dv, FB_RAY_CYL * (2 * ab * c2)); /* S0 */
    const int s1 = cq_sign(dd * uw - dw * (dv - dw), FB_RAY_CYL * (2 * (ab + b * b) * c2)); /* S1 */
    const int sb = cq_sign(B, FB_RAY_CYL * (ab * cb));
    const int no = (bd & (at < 0)) | (s0 < 0) | (s1 > 0) | (sb > 0);
    const int unsure = (bd & (at == 0)) | (s0 == 0) | (s1 == 0) | (sb == 0);
    return (1 - no) * (2 - 3 * unsure);
}

/* The tmax candidate of cy_decide (tmax finite, in the slab): QT =
 * |(v + tmax d) x w|^2 - r^2 w.w as cy_val_qt, P <= b^2 ((a + tmax c)^2 + r^2).
 * 2 hit, 0 miss, -1 uncertain. */
static int cq_tmax(const cq_ctx *q)
{
    double e[3], m[3];
    for (int i = 0; i < 3; i++)
        e[i] = q->v[i] + q->tmax * q->d[i];
    cq_cross(m, e, q->w);
    const double b = q->nb, at = q->na + q->tmax * q->nc, qt = cq_dot(m, m) - q->r2 * q->val[2];
    const int s = cq_sign(qt, FB_RAY_CYL * ((b * b) * (at * at + q->r2)));
    return s < 0 ? 2 : s > 0 ? 0 : -1;
}

/* The exact sign of A = |d x w|^2 (cy_sign_a), out of line. */
static ISECT_NOINLINE int cq_sign_a(const isect_ray *ray, const isect_cylinder *cy)
{
    return cy_sign_a(ray->dir, cy->p0, cy->p1);
}

/* Whether A = 0 exactly, for stage 1's parallel test, first without
 * expansions: each n_i = d_j (p1_k - p0_k) - d_k (p1_j - p0_j) is
 * s + s' with s = d_j p1_k - d_k p1_j and s' = d_k p0_j - d_j p0_k, sums
 * of products of two binary32 values (exact in binary64).  A sum a + b
 * rounded to x is exact iff x - a == b and x - b == a (when it is, both
 * differences are exact; when it is not, the one that subtracts the
 * operand of larger magnitude is exact, Sterbenz, and differs).  When all
 * six sums are exact, n_i = 0 iff s == -s' for every i: A = 0.  Else
 * cy_sign_a decides (the boundary set's rays parallel to the axis took
 * 90 cycles there, 15% of that set's time).  Returns true iff A = 0. */
static inline int cq_exact_sum(double a, double b, double *x)
{
    *x = a + b;
    return (*x - a == b) & (*x - b == a);
}

static ISECT_NOINLINE bool cq_a_zero(const isect_ray *ray, const isect_cylinder *cy)
{
    const isect_vec3 d = ray->dir, p0 = cy->p0, p1 = cy->p1;
    double s[3], s2[3];
    /* First dir = +-(p1 - p0) exactly (the bench's parallel rays: about one
     * boundary input in five): d equal to w or to -w component by
     * component, w's three differences exact (cq_exact_sum), make
     * d x w = 0 exactly, at a fraction of the sums' cost (issue 14,
     * speed9). */
    double w0, w1, w2;
    int exact = cq_exact_sum(p1.x, -(double)p0.x, &w0) & cq_exact_sum(p1.y, -(double)p0.y, &w1);
    exact &= cq_exact_sum(p1.z, -(double)p0.z, &w2);
    if (((d.x == w0 && d.y == w1 && d.z == w2) || (d.x == -w0 && d.y == -w1 && d.z == -w2)) && exact)
        return true;
    exact = cq_exact_sum((double)d.y * p1.z, -((double)d.z * p1.y), &s[0]);
    exact &= cq_exact_sum((double)d.z * p0.y, -((double)d.y * p0.z), &s2[0]);
    exact &= cq_exact_sum((double)d.z * p1.x, -((double)d.x * p1.z), &s[1]);
    exact &= cq_exact_sum((double)d.x * p0.z, -((double)d.z * p0.x), &s2[1]);
    exact &= cq_exact_sum((double)d.x * p1.y, -((double)d.y * p1.x), &s[2]);
    exact &= cq_exact_sum((double)d.y * p0.x, -((double)d.x * p0.y), &s2[2]);
    if (exact)
        return (s[0] == -s2[0]) & (s[1] == -s2[1]) & (s[2] == -s2[2]);
    return cq_sign_a(ray, cy) == 0;
}

/* The sign of g = v.(d x w) (D = r^2 A - g^2 = -g^2 for radius 0): the
 * computed g (gx) when beyond its guard gg, else exactly (fx_triple on the
 * exact differences), or 2 when v = origin - p0 or w = p1 - p0 is not
 * exact in binary64 (then stage 2 decides).  Radius-0 cylinders
 * (segments) met by a ray through them make D exactly 0, which no guard
 * certifies: the bench's boundary set sent them to stage 2.  Out of line:
 * rare. */
static ISECT_NOINLINE int cq_sign_g(const isect_ray *ray, const isect_cylinder *cy, double gx, double gg)
{
    const int sg = cq_sign(gx, gg);
    if (sg != 0)
        return sg;
    const isect_vec3 o = ray->origin, p0 = cy->p0, p1 = cy->p1;
    double v[3], w[3], e[6], h[24];
    const double d[3] = {ray->dir.x, ray->dir.y, ray->dir.z};
    v[0] = fx_two_sum(o.x, -(double)p0.x, &e[0]);
    v[1] = fx_two_sum(o.y, -(double)p0.y, &e[1]);
    v[2] = fx_two_sum(o.z, -(double)p0.z, &e[2]);
    w[0] = fx_two_sum(p1.x, -(double)p0.x, &e[3]);
    w[1] = fx_two_sum(p1.y, -(double)p0.y, &e[4]);
    w[2] = fx_two_sum(p1.z, -(double)p0.z, &e[5]);
    if (e[0] != 0 || e[1] != 0 || e[2] != 0 || e[3] != 0 || e[4] != 0 || e[5] != 0)
        return 2;
    RC_EXACT_HOOK();
    return fx_sign(h, fx_triple(h, v, d, w));
}

/* Stage 1: cy_decide's logic (fast/fast_cyl.h, same candidates, same
 * order) on certified signs: 0 miss, 1 hit with the origin in the solid,
 * 2 another hit, -1 left to stage 2 (a sign it needs is uncertain, A is
 * not certainly > 0 and not exactly 0, or the tmax candidate is reached).
 * For speed on random input (issue 14) the signs are taken without
 * branches (cq_sign), the slab's and C's for every query and tested
 * together, and the vertex's four at once (cq_vertex): a candidate ruled
 * out by any certain sign is skipped even where an earlier sign of it is
 * uncertain, and a sign uncertain where cy_decide would not have needed
 * it (v.t or u.t before a par or in-slab decision) goes to stage 2: both
 * exact, and t does not depend on the stage. */
static int cq_decide(cq_ctx *q, const isect_ray *ray, const isect_cylinder *cy)
{
    const double a = q->na, b = q->nb, c = q->nc, r2 = q->r2, cb = c * b, cb2 = cb * cb, ab = a * b;
    cq_cross(q->n, q->d, q->w);
    const double A = cq_dot(q->n, q->n), g = cq_dot(q->v, q->n), D = r2 * A - g * g;
    const int sd = cq_sign(D, FB_RAY_CYL * (cb2 * (r2 + a * a)));
    if (sd < 0) /* D < 0: the line misses the infinite cylinder (and A > 0) */
        return 0;
    bool d0 = false; /* D = 0 exactly */
    if (sd == 0 && r2 == 0) { /* radius 0: D = -g^2, g's sign decides */
        const int sg = cq_sign_g(ray, cy, g, FB_RAY_CYL * (a * cb)); /* P(v.n) <= a cb */
        if (sg == 1 || sg == -1)
            return 0; /* D < 0 (A > 0: g != 0 needs n != 0): the line misses the segment */
        d0 = sg == 0;
    }
    /* par: A = 0 exactly (a ray parallel to the axis, or dir = 0), which
     * makes D = 0 exactly: both uncertain (P(A) <= (cb)^2); cy_decide's
     * a == 0 path follows (no vertex candidate) */
    const bool par = (sd == 0 && !d0) || !(A > FB_RAY_CYL * cb2);
    if (par && !cq_a_zero(ray, cy))
        return -1;
    double *val = q->val;
    const double ww = cq_dot(q->w, q->w), dw = cq_dot(q->d, q->w), vw = cq_dot(q->v, q->w), uw = vw - ww;
    cq_cross(q->m, q->v, q->w);
    val[0] = cq_dot(q->m, q->n), val[1] = D, val[2] = ww, val[3] = dw, val[4] = vw, val[5] = uw;
    const int sdw = cq_sign(dw, FB_RAY_CYL * cb), svw = cq_sign(vw, FB_RAY_CYL * ab),
              suw = cq_sign(uw, FB_RAY_CYL * (ab + b * b));
    /* the slab's signs at tmax, on every call (tmax = 0 when unbounded,
     * then unused): one test of every sign below, no branch on bounded */
    const double tdw = q->tmax * dw, gt = cb * q->tmax;
    const int vts = cq_sign(vw + tdw, FB_RAY_CYL * (ab + gt)), uts = cq_sign(uw + tdw, FB_RAY_CYL * ((ab + b * b) + gt));
    if ((sdw == 0) | (svw == 0) | (suw == 0) | (q->bounded & ((vts == 0) | (uts == 0))))
        return -1;
    /* C's sign on every call: parallel to the axis (par), C > 0 is a miss
     * (outside the infinite cylinder); with 0 in the slab, C < 0 is a hit
     * at t = 0 (the origin in the solid); C uncertain leaves either to
     * stage 2.  One branch for the three. */
    const int sc = cq_sign(cq_dot(q->m, q->m) - r2 * ww, cq_c_guard(a, b, r2)), in0 = (svw > 0) & (suw < 0);
    if (ISECT_UNLIKELY(((par | in0) & (sc == 0)) | (par & (sc > 0)) | (in0 & (sc < 0))))
        return sc == 0 ? -1 : (in0 & (sc < 0)) ? 1 : 0;
    int r = par ? 0 : cq_vertex(q, A, ab);
    if (r == 0)
        r = cq_cap(q, ray, cy, 0, sdw, svw, vts);
    if (r == 0)
        r = cq_cap(q, ray, cy, 1, sdw, suw, uts);
    if (r == 0 && q->bounded && vts > 0 && uts < 0)
        r = cq_tmax(q); /* the tmax candidate */
    return r;
}

/* ---- stage 2 ------------------------------------------------------------- */

/* Taking the ray and cylinder by pointer: passed by value, they were
 * copied to the stack and read back across the call. */
static ISECT_NOINLINE bool cyl_full(const isect_ray *ray, const isect_cylinder *cy, isect_ray_cylinder_result *out)
{
    cy_ctx c;
    cy_exact_ctx ex;
    cy_init(&c, ray, cy, false, &ex);
    int decision = cy_decide(&c);
    if (decision == 0)
        return false;
    if (out) {
        out->hit = true;
        out->t = decision == 1 ? 0.0f : entry_t(&c, ray->tmax);
    }
    return true;
}

/* Stage 1's leaves and norms; false for invalid input or a zero-length
 * axis (cy_leaves_ok's test on the norms: finite iff the input is, w != 0). */
static inline bool cq_setup(cq_ctx *q, const isect_ray *ray, const isect_cylinder *cy)
{
    const isect_vec3 o = ray->origin, p0 = cy->p0, p1 = cy->p1;
    q->v[0] = (double)o.x - p0.x, q->v[1] = (double)o.y - p0.y, q->v[2] = (double)o.z - p0.z;
    q->w[0] = (double)p1.x - p0.x, q->w[1] = (double)p1.y - p0.y, q->w[2] = (double)p1.z - p0.z;
    q->d[0] = ray->dir.x, q->d[1] = ray->dir.y, q->d[2] = ray->dir.z;
    q->na = fabs(q->v[0]) + fabs(q->v[1]) + fabs(q->v[2]);
    q->nb = fabs(q->w[0]) + fabs(q->w[1]) + fabs(q->w[2]);
    q->nc = fabs(q->d[0]) + fabs(q->d[1]) + fabs(q->d[2]);
    q->r2 = (double)cy->radius * cy->radius;
    q->bounded = ray->tmax != INFINITY;
    q->tmax = fv_sel64(q->bounded, ray->tmax, 0);
    return q->na + q->nc + q->r2 + q->nb < INFINITY && q->nb > 0 && ray->tmax >= 0 && cy->radius >= 0;
}

bool isect_ray_cylinder(isect_ray ray, isect_cylinder cy, isect_ray_cylinder_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    cq_ctx q;
    if (!cq_setup(&q, &ray, &cy))
        return false; /* invalid input, or a zero-length axis (empty) */
    const int decision = cq_decide(&q, &ray, &cy);
    if (decision < 0)
        return cyl_full(&ray, &cy, out);
    if (decision == 0)
        return false;
    if (out) {
        double cx = 0, cg = 0;
        if (decision == 2 && q.val[0] < 0) { /* C as stage 1 computes it */
            cx = cq_dot(q.m, q.m) - q.r2 * q.val[2];
            cg = cq_c_guard(q.na, q.nb, q.r2);
        }
        out->hit = true;
        out->t = decision == 1 ? 0.0f : cyl_entry(q.val, cx, cg, ray.tmax);
    }
    return true;
}
