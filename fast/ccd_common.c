/* fast/ccd_common.c: the conservative time subdivision of vertex_face_ccd
 * and edge_edge_ccd; see fast_ccd.h and docs/queries/vertex_face_ccd.md.
 *
 * Interval arithmetic without a rounding-mode switch: each operation is done
 * in round-to-nearest and its endpoints are moved outward by
 * |x| 2^-50 + 2^-1060.  Round-to-nearest errs by at most |x| 2^-53 (plus
 * 2^-1075 below the normal range), and the move itself is rounded, so the
 * moved endpoint is on the safe side.  Overflow to inf stays safe; a NaN
 * endpoint makes every test fail, so nothing is dropped (no false
 * negative). */
#include "fast_ccd.h"

#include <math.h>

typedef struct {
    double lo, hi;
} fiv;

typedef struct {
    fiv x[3];
} fiv3;

static inline double down(double x) { return x - (fabs(x) * 0x1p-50 + 0x1p-1060); }
static inline double up(double x) { return x + (fabs(x) * 0x1p-50 + 0x1p-1060); }

static inline fiv fiv_add(fiv a, fiv b) { return (fiv){down(a.lo + b.lo), up(a.hi + b.hi)}; }
static inline fiv fiv_sub(fiv a, fiv b) { return (fiv){down(a.lo - b.hi), up(a.hi - b.lo)}; }

static inline fiv fiv_mul(fiv a, fiv b)
{
    double p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    double lo = p[0], hi = p[0];
    for (int i = 1; i < 4; i++) {
        lo = p[i] < lo || p[i] != p[i] ? p[i] : lo;
        hi = p[i] > hi || p[i] != p[i] ? p[i] : hi;
    }
    return (fiv){down(lo), up(hi)};
}

static inline fiv3 fiv3_sub(fiv3 a, fiv3 b)
{
    return (fiv3){{fiv_sub(a.x[0], b.x[0]), fiv_sub(a.x[1], b.x[1]), fiv_sub(a.x[2], b.x[2])}};
}

static inline fiv3 fiv3_cross(fiv3 a, fiv3 b)
{
    fiv3 r;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        r.x[i] = fiv_sub(fiv_mul(a.x[j], b.x[k]), fiv_mul(a.x[k], b.x[j]));
    }
    return r;
}

static inline fiv fiv3_dot(fiv3 a, fiv3 b)
{
    return fiv_add(fiv_add(fiv_mul(a.x[0], b.x[0]), fiv_mul(a.x[1], b.x[1])), fiv_mul(a.x[2], b.x[2]));
}

static inline bool fiv_neg(fiv a) { return a.hi < 0; }
static inline bool fiv_nonzero(fiv a) { return a.lo > 0 || a.hi < 0; }

/* Vertex k at the times [ta, tb]: (1 - t) x0 + t x1 is affine in t, so its
 * range is spanned by its values at ta and tb (each computed as an
 * interval). */
static double comp(const isect_dvec3 *v, int i) { return i == 0 ? v->x : i == 1 ? v->y : v->z; }

static fiv3 vertex_at(const isect_ccd_frame *t0, const isect_ccd_frame *t1, int k, double ta, double tb)
{
    fiv3 r;
    for (int i = 0; i < 3; i++) {
        double a0 = comp(&t0->v[k], i), a1 = comp(&t1->v[k], i);
        fiv va = fiv_add(fiv_mul((fiv){1 - ta, 1 - ta}, (fiv){a0, a0}), fiv_mul((fiv){ta, ta}, (fiv){a1, a1}));
        fiv vb = fiv_add(fiv_mul((fiv){1 - tb, 1 - tb}, (fiv){a0, a0}), fiv_mul((fiv){tb, tb}, (fiv){a1, a1}));
        r.x[i] = (fiv){va.lo < vb.lo ? va.lo : vb.lo, va.hi > vb.hi ? va.hi : vb.hi};
    }
    return r;
}

/* Vertex k relative to vertex base at the times [ta, tb]: the difference
 * moves affinely too, from x0 - b0 to x1 - b1, so the same two-end span
 * encloses it.  Every test below is invariant under a common translation,
 * and shapes that travel far together keep narrow relative boxes where
 * their absolute boxes would grow with the distance travelled. */
static fiv3 relative_at(const isect_ccd_frame *t0, const isect_ccd_frame *t1, int k, int base, double ta, double tb)
{
    fiv3 r;
    for (int i = 0; i < 3; i++) {
        double a0 = comp(&t0->v[k], i), a1 = comp(&t1->v[k], i), b0 = comp(&t0->v[base], i);
        double b1 = comp(&t1->v[base], i);
        fiv d0 = fiv_sub((fiv){a0, a0}, (fiv){b0, b0}), d1 = fiv_sub((fiv){a1, a1}, (fiv){b1, b1});
        fiv va = fiv_add(fiv_mul((fiv){1 - ta, 1 - ta}, d0), fiv_mul((fiv){ta, ta}, d1));
        fiv vb = fiv_add(fiv_mul((fiv){1 - tb, 1 - tb}, d0), fiv_mul((fiv){tb, tb}, d1));
        r.x[i] = (fiv){va.lo < vb.lo ? va.lo : vb.lo, va.hi > vb.hi ? va.hi : vb.hi};
    }
    return r;
}

static fiv3 hull(fiv3 a, fiv3 b)
{
    for (int i = 0; i < 3; i++) {
        a.x[i].lo = a.x[i].lo < b.x[i].lo ? a.x[i].lo : b.x[i].lo;
        a.x[i].hi = a.x[i].hi > b.x[i].hi ? a.x[i].hi : b.x[i].hi;
    }
    return a;
}

static bool apart(fiv3 a, fiv3 b)
{
    for (int i = 0; i < 3; i++)
        if (a.x[i].hi < b.x[i].lo || b.x[i].hi < a.x[i].lo)
            return true;
    return false;
}

/* p on the triangle abc implies ((b-a) x (p-a)) . n >= 0 for n = (b-a) x (c-a)
 * (it is the barycentric of c times |n|^2), and likewise for the other two
 * edges; all four points coplanar. */
static bool vf_excluded(const fiv3 *v)
{
    if (apart(v[0], hull(v[1], hull(v[2], v[3]))))
        return true;
    fiv3 ab = fiv3_sub(v[2], v[1]), ac = fiv3_sub(v[3], v[1]), ap = fiv3_sub(v[0], v[1]);
    fiv3 n = fiv3_cross(ab, ac);
    if (fiv_nonzero(fiv3_dot(n, ap)))
        return true;
    fiv3 bc = fiv3_sub(v[3], v[2]), bp = fiv3_sub(v[0], v[2]), cp = fiv3_sub(v[0], v[3]);
    fiv3 ca = fiv3_sub(v[1], v[3]);
    return fiv_neg(fiv3_dot(fiv3_cross(ab, ap), n)) || fiv_neg(fiv3_dot(fiv3_cross(bc, bp), n)) ||
           fiv_neg(fiv3_dot(fiv3_cross(ca, cp), n));
}

/* a + u e1 = c + v e2 with u, v in [0, 1] implies, for m = e1 x e2 and
 * w = c - a: (w x e2).m = u m.m and (w x e1).m = v m.m, each in [0, m.m];
 * and the four points coplanar. */
static bool ee_excluded(const fiv3 *v)
{
    if (apart(hull(v[0], v[1]), hull(v[2], v[3])))
        return true;
    fiv3 e1 = fiv3_sub(v[1], v[0]), e2 = fiv3_sub(v[3], v[2]), w = fiv3_sub(v[2], v[0]);
    fiv3 m = fiv3_cross(e1, e2);
    if (fiv_nonzero(fiv3_dot(m, fiv3_sub(v[3], v[0])))) /* -det(b-a, c-a, d-a) */
        return true;
    fiv mm = fiv3_dot(m, m), su = fiv3_dot(fiv3_cross(w, e2), m), sv = fiv3_dot(fiv3_cross(w, e1), m);
    return fiv_neg(su) || fiv_neg(sv) || fiv_neg(fiv_sub(mm, su)) || fiv_neg(fiv_sub(mm, sv));
}

typedef struct {
    fccd_kind kind;
    const isect_ccd_frame *t0, *t1;
    int budget;
    double t;
} search_state;

static bool excluded(search_state *s, double ta, double tb)
{
    fiv3 v[4], r[4];
    for (int k = 0; k < 4; k++)
        v[k] = vertex_at(s->t0, s->t1, k, ta, tb);
    if (s->kind == FCCD_VERTEX_FACE ? vf_excluded(v) : ee_excluded(v))
        return true;
    /* the same tests relative to the triangle's first vertex (a) or the
     * first edge's start (a) */
    int base = s->kind == FCCD_VERTEX_FACE ? 1 : 0;
    for (int k = 0; k < 4; k++)
        r[k] = relative_at(s->t0, s->t1, k, base, ta, tb);
    return s->kind == FCCD_VERTEX_FACE ? vf_excluded(r) : ee_excluded(r);
}

/* Earliest surviving sub-interval of [ta, tb]; its start into s->t. */
static bool search(search_state *s, double ta, double tb, int depth)
{
    if (s->budget-- <= 0) {
        s->t = ta;
        return true;
    }
    if (excluded(s, ta, tb))
        return false;
    if (depth == 0) {
        s->t = ta;
        return true;
    }
    double m = 0.5 * (ta + tb);
    return search(s, ta, m, depth - 1) || search(s, m, tb, depth - 1);
}

bool fccd_query(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, isect_ccd_result *out)
{
    isect_ccd_result r = {false, 0};
    bool finite = true;
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 3; i++)
            finite &= isfinite(comp(&t0->v[k], i)) && isfinite(comp(&t1->v[k], i));
    search_state s = {kind, t0, t1, FCCD_BUDGET, 0};
    if (finite && search(&s, 0, 1, FCCD_DEPTH)) {
        r.hit = true;
        r.t = s.t;
    }
    if (out)
        *out = r;
    return r.hit;
}
