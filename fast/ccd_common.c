/* fast/ccd_common.c: the conservative time subdivision of vertex_face_ccd
 * and edge_edge_ccd; see fast_ccd.h (the interval arithmetic, the rule for
 * reporting a hit) and docs/queries/vertex_face_ccd.md. */
#include "fast_ccd.h"

/* The hull of two intervals; a NaN endpoint stays NaN (it must not be
 * dropped: it stands for a bound lost to overflow, e.g. 0 * inf). */
static inline fiv fiv_join(fiv a, fiv b)
{
    return (fiv){a.lo < b.lo || a.lo != a.lo ? a.lo : b.lo, a.hi > b.hi || a.hi != a.hi ? a.hi : b.hi};
}

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
        r.x[i] = fiv_join(va, vb);
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
        r.x[i] = fiv_join(va, vb);
    }
    return r;
}

static fiv3 hull(fiv3 a, fiv3 b)
{
    for (int i = 0; i < 3; i++) {
        a.x[i] = fiv_join(a.x[i], b.x[i]);
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
    bool eager;  /* the budget is spent: report where certainly close */
    isect_ccd_frame s0, s1; /* the input scaled for the distance bounds */
    double slack;           /* how much the scaling can move the distance */
    double lip;             /* an upper bound of |dD/dt| (scaled) */
    double near;            /* 2^-FCCD_NEAR_LOG2 S (scaled) */
    double t;
} search_state;

/* Bounds of the distance at time t (fast/ccd_dist.c), from the vertices
 * relative to one of them (the test is invariant under translation). */
static double dist_at(const search_state *s, double t, double *hi)
{
    fiv3 r[4];
    int base = s->kind == FCCD_VERTEX_FACE ? 1 : 0;
    for (int k = 0; k < 4; k++)
        r[k] = relative_at(&s->s0, &s->s1, k, base, t, t);
    double lo = s->kind == FCCD_VERTEX_FACE ? fccd_vf_dist(r, hi) : fccd_ee_dist(r, hi);
    *hi = up(*hi + s->slack);
    return down(lo - s->slack);
}

static bool excluded(const search_state *s, double ta, double tb)
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
    if (s->kind == FCCD_VERTEX_FACE ? vf_excluded(r) : ee_excluded(r))
        return true;
    /* The distance at the middle tm (exact: pieces are dyadic) can fall by
     * at most lip |t - tm| <= lip (tb - ta) / 2 within the piece. */
    double hi, lo = dist_at(s, 0.5 * ta + 0.5 * tb, &hi);
    return lo > up(s->lip * (0.5 * tb - 0.5 * ta));
}

/* Earliest surviving sub-interval of [ta, tb]; the reported time into s->t.
 * A leaf that survives is within lip 2^-FCCD_DEPTH (plus the bounds' gap) of
 * a contact distance; once the budget is spent, a piece that survives is
 * reported at its start when the shapes are certainly within near there
 * (and split otherwise: the distance test decides every piece narrower than
 * about near / lip).  A safety net, FCCD_HARD_BUDGET pieces more, ends the
 * search with a hit at the current piece's start (never a miss). */
static bool search(search_state *s, double ta, double tb, int depth, const fccd_bern *B)
{
    if (s->budget-- <= 0)
        s->eager = true;
    if (fccd_bern_excluded(B) || excluded(s, ta, tb))
        return false;
    double hi = INFINITY;
    if (s->eager && depth > 0)
        dist_at(s, ta, &hi);
    if (depth == 0 || hi <= s->near || s->budget < -FCCD_HARD_BUDGET) {
        s->t = ta;
        return true;
    }
    double m = 0.5 * (ta + tb);
    fccd_bern lo, hi2;
    fccd_bern_split(B, &lo, &hi2);
    return search(s, ta, m, depth - 1, &lo) || search(s, m, tb, depth - 1, &hi2);
}

/* |v_j - v_k| rounded up, v the velocities x1 - x0 (computed as the
 * difference of the two relative positions). */
static double rel_speed(const isect_ccd_frame *t0, const isect_ccd_frame *t1, int j, int k)
{
    fiv3 d;
    for (int i = 0; i < 3; i++) {
        fiv a = fiv_sub((fiv){comp(&t1->v[j], i), comp(&t1->v[j], i)}, (fiv){comp(&t1->v[k], i), comp(&t1->v[k], i)});
        fiv b = fiv_sub((fiv){comp(&t0->v[j], i), comp(&t0->v[j], i)}, (fiv){comp(&t0->v[k], i), comp(&t0->v[k], i)});
        d.x[i] = fiv_sub(a, b);
    }
    fiv dd = fiv3_dot(d, d);
    return dd.hi == dd.hi ? fiv_sqrt_up(dd.hi) : INFINITY;
}

/* The distance of two convex hulls changes by at most the largest move of a
 * vertex of each (Hausdorff distance of the hulls), and is invariant under
 * a common translation: with the vertices' velocities v_k and any c,
 * |dD/dt| <= max_{k in P} |v_k - c| + max_{k in Q} |v_k - c|.  c ranges
 * over the four velocities; the least bound is kept. */
static double lipschitz(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1)
{
    int split = kind == FCCD_VERTEX_FACE ? 1 : 2; /* P = vertices [0, split) */
    double best = INFINITY;
    for (int c = 0; c < 4; c++) {
        double mp = 0, mq = 0;
        for (int k = 0; k < 4; k++) {
            double sp = k == c ? 0 : rel_speed(t0, t1, k, c);
            if (k < split)
                mp = fmax(mp, sp);
            else
                mq = fmax(mq, sp);
        }
        best = fmin(best, up(mp + mq));
    }
    return best;
}

/* The distance bounds and the Lipschitz bound work on a copy scaled by a
 * power of two that brings S near 1 when it is beyond 2^+-250 (their degree
 * 4 products would overflow or drown in the 2^-1060 absolute slack of the
 * interval operations).  The scaling is exact but where a coordinate
 * underflows: each moves by at most 2^-1074, a vertex by sqrt(3) 2^-1074,
 * the distance of the shapes by twice that, below slack = 2^-1070 (and its
 * rate of change by 2 slack: a bound of each end's move).  near scales
 * with S. */
static void scale_frames(search_state *s, double S)
{
    s->near = ldexp(S, -FCCD_NEAR_LOG2);
    if (!(S > 0x1p250 || (S > 0 && S < 0x1p-250)))
        return;
    int e = -ilogb(S);
    for (int k = 0; k < 4; k++) {
        isect_dvec3 *a = &s->s0.v[k], *b = &s->s1.v[k];
        *a = (isect_dvec3){ldexp(a->x, e), ldexp(a->y, e), ldexp(a->z, e)};
        *b = (isect_dvec3){ldexp(b->x, e), ldexp(b->y, e), ldexp(b->z, e)};
    }
    s->near = ldexp(s->near, e);
    s->slack = 0x1p-1070;
}

bool fccd_query(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, isect_ccd_result *out)
{
    isect_ccd_result r = {false, 0};
    bool finite = true;
    double S = 0;
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 3; i++) {
            finite &= isfinite(comp(&t0->v[k], i)) && isfinite(comp(&t1->v[k], i));
            S = fmax(S, fmax(fabs(comp(&t0->v[k], i)), fabs(comp(&t1->v[k], i))));
        }
    search_state s = {kind, t0, t1, FCCD_BUDGET, false, *t0, *t1, 0, 0, 0, 0};
    if (finite) {
        fccd_bern B;
        fccd_bern_init(kind, t0, t1, &B);
        scale_frames(&s, S);
        s.lip = up(lipschitz(kind, &s.s0, &s.s1) + 2 * s.slack);
        if (search(&s, 0, 1, FCCD_DEPTH, &B)) {
            r.hit = true;
            r.t = s.t;
        }
    }
    if (out)
        *out = r;
    return r.hit;
}
