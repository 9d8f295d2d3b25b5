/* fast/ccd_common.c: the conservative time subdivision of vertex_face_ccd
 * and edge_edge_ccd; see fast_ccd.h (the interval arithmetic, the rule for
 * reporting a hit) and docs/queries/vertex_face_ccd.md. */
#include "fast_ccd.h"

typedef struct {
    fccd_kind kind;
    const isect_ccd_frame *t0, *t1;
    int budget;
    bool eager;  /* the budget is spent: report where certainly close */
    bool ready;  /* s0, s1, slack, lip, near computed (prepare) */
    double S;    /* the inputs' largest magnitude */
    isect_ccd_frame s0, s1; /* the input scaled for the distance bounds */
    double slack;           /* how much the scaling can move the distance */
    double lip;             /* an upper bound of |dD/dt| (scaled) */
    double near;            /* 2^-FCCD_NEAR_LOG2 S (scaled) */
    double t;
    fccd_power P; /* the polynomials in powers of t */
} search_state;

static void prepare(search_state *s);

/* Bounds of the distance at time t (fast/ccd_dist.c), from the vertices
 * relative to one of them (the test is invariant under translation). */
static double dist_at(search_state *s, double t, double *hi)
{
    if (!s->ready)
        prepare(s);
    fiv3 r[4];
    int base = s->kind == FCCD_VERTEX_FACE ? 1 : 0;
    for (int k = 0; k < 4; k++)
        r[k] = fccd_relative_at(&s->s0, &s->s1, k, base, t, t);
    double lo = s->kind == FCCD_VERTEX_FACE ? fccd_vf_dist(r, hi) : fccd_ee_dist(r, hi);
    *hi = up(*hi + s->slack);
    return down(lo - s->slack);
}

/* A separating axis held over the whole piece (docs/queries/vertex_face_ccd.md,
 * "fast", the axis test).  For any vector n: a contact at t is a point
 * x = sum_j l_j v_j(t) of shape P (vertices j in P, l_j >= 0, sum 1) equal to
 * a point y = sum_k m_k v_k(t) of shape Q, and
 * n.(y - x) = sum_j sum_k l_j m_k n.(v_k(t) - v_j(t)) (the weights l_j m_k
 * sum to 1), so n.(v_k(t) - v_j(t)) > 0 for every pair makes y != x: no
 * contact at t.  Each v_k - v_j moves affinely, so n.(v_k - v_j) is affine
 * in t and positive on [ta, tb] when it is at its two ends (relative_at at
 * one time encloses the difference; the dot is an interval).  n is any
 * double vector: here the direction from P's closest point to Q's at tm, in
 * plain binary64 (fccd_axis, fast/ccd_dist.c; its errors only make the test
 * fail).  A distance that stays large while the Lipschitz bound is loose
 * (vertices sweeping fast along a direction that moves neither shape's
 * closest features apart, e.g. a degenerate triangle that slides along
 * itself) drops whole pieces here instead of pieces of width 2 D / lip. */
static bool axis_separates(const search_state *s, double ta, double tb, double tm)
{
    double n[3];
    if (!fccd_axis(s->kind, s->t0, s->t1, tm, n))
        return false;
    fiv3 N = {{{n[0], n[0]}, {n[1], n[1]}, {n[2], n[2]}}};
    int split = s->kind == FCCD_VERTEX_FACE ? 1 : 2; /* P = vertices [0, split) */
    for (int j = 0; j < split; j++)
        for (int k = split; k < 4; k++)
            if (!(fiv3_dot(N, fccd_relative_at(s->t0, s->t1, k, j, ta, ta)).lo > 0) ||
                !(fiv3_dot(N, fccd_relative_at(s->t0, s->t1, k, j, tb, tb)).lo > 0))
                return false;
    return true;
}

static bool close_at(search_state *s, double tm, double half);

/* The box tests, the distance test and the axis test.  The distance test
 * is skipped where the shapes are certainly close (close_at: it could not
 * drop the piece), the same answer at a fraction of the cost. */
static bool excluded(search_state *s, double ta, double tb)
{
    fiv3 v[4], r[4];
    for (int k = 0; k < 4; k++)
        v[k] = fccd_vertex_at(s->t0, s->t1, k, ta, tb);
    if (s->kind == FCCD_VERTEX_FACE ? fccd_vf_excluded(v) : fccd_ee_excluded(v))
        return true;
    /* the same tests relative to the triangle's first vertex (a) or the
     * first edge's start (a) */
    int base = s->kind == FCCD_VERTEX_FACE ? 1 : 0;
    for (int k = 0; k < 4; k++)
        r[k] = fccd_relative_at(s->t0, s->t1, k, base, ta, tb);
    if (s->kind == FCCD_VERTEX_FACE ? fccd_vf_excluded(r) : fccd_ee_excluded(r))
        return true;
    /* The distance at tm can fall by at most lip |t - tm| within the piece
     * (|t - tm| <= (tb - ta) / 2 on dyadic pieces, where tm is exact; the
     * differences, rounded up, bound it on any piece). */
    double tm = 0.5 * ta + 0.5 * tb, hi, ha = up(tm - ta), hb = up(tb - tm), half = ha > hb ? ha : hb;
    if (!close_at(s, tm, half) && dist_at(s, tm, &hi) > up(s->lip * half))
        return true;
    return axis_separates(s, ta, tb, tm);
}

#ifdef FCCD_PROF
extern long fccd_prof_pieces, fccd_prof_calls;
#define PROF(x) (x)
#else
#define PROF(x) ((void)0)
#endif

/* The side polynomials (1 .. count-1, >= 0 at a contact) on [ta, tb]:
 * -1 when one is certainly negative there (no contact), +1 when all are
 * certainly positive, else 0. */
static int sides_on(const search_state *s, double ta, double tb)
{
    int all = 1;
    for (int k = 1; k < s->P.count; k++) {
        fiv v = fccd_power_eval(&s->P, k, ta, tb);
        if (v.hi < 0)
            return -1;
        all &= v.lo > 0;
    }
    return all;
}

/* All side polynomials certainly positive on the piece (their Bernstein
 * coefficients). */
static bool sides_positive(const fccd_bern *B)
{
    for (int k = 1; k < B->count; k++)
        for (int j = 0; j <= B->deg[k]; j++)
            if (!(B->c[k][j].lo > 0))
                return false;
    return true;
}

/* The sign changes of polynomial k's Bernstein coefficients, or -1 when a
 * coefficient's sign is not certain. */
static int variations(const fccd_bern *B, int k)
{
    int v = 0, prev = 0;
    for (int j = 0; j <= B->deg[k]; j++) {
        int sg = B->c[k][j].lo > 0 ? 1 : B->c[k][j].hi < 0 ? -1 : 0;
        if (sg == 0)
            return -1;
        v += prev != 0 && sg != prev;
        prev = sg;
    }
    return v;
}

static bool search(search_state *s, double ta, double tb, int depth, const fccd_bern *B, bool iso);

/* The Bernstein coefficients of [ta, tb] for search: f's first; when they
 * exclude the piece (all of one strict sign), the side polynomials are not
 * computed (B->count 1: fccd_bern_excluded drops the piece on f alone, the
 * same decision).  complete: the side polynomials of a piece whose f alone
 * was computed (end_bracket), when it is searched. */
static void complete(const search_state *s, double ta, double tb, fccd_bern *B)
{
    if (B->count < s->P.count && !fccd_bern_excluded(B))
        fccd_bern_piece_part(&s->P, ta, tb, B, B->count, s->P.count);
}

static void piece_coeffs(const search_state *s, double ta, double tb, fccd_bern *B)
{
    fccd_bern_piece_part(&s->P, ta, tb, B, 0, 1);
    complete(s, ta, tb, B);
}

/* [ta, tb] (dyadic, at depth) holds exactly one root r of f, a simple one,
 * and f(ta) has the strict sign sa: f has sign sa on [ta, r) and -sa on
 * (r, tb], so the sign of f at the middle tells the half that holds r, and
 * the contacts in the piece are at most r.  Bisected to a leaf; a side
 * polynomial certainly negative on the current bracket drops the piece;
 * all of them certainly positive (certified) make r a contact: p lies in
 * the plane at r with positive barycentrics (vertex-face), or the lines
 * meet at r at u, v in (0, 1) (edge-edge; m.m > su > 0), so the earliest
 * contact is in the leaf and its start is reported.  A leaf that is not
 * certified is decided as in search (the distance test).  Where the sign
 * at a middle is not certain, the general search takes the bracket. */
/* The depth that makes a piece of this width end in leaves of width at
 * most 2^-FCCD_DEPTH. */
static int leaf_depth(double width)
{
    int d = 0;
    for (; width > 0x1p-30 && d < FCCD_DEPTH; d++)
        width *= 0.5;
    return d;
}

static int sign_at(const search_state *s, double t) { return fccd_power_sign(&s->P, 0, t); }

/* The shapes certainly within lip half of each other at the middle tm of a
 * piece (half: the larger distance from tm to an end, rounded up; a pair
 * of points on the shapes, fccd_close_hi): then the distance test of
 * excluded, with the same threshold, cannot drop the piece (its lower
 * bound is at most this upper one), and excluded skips it (the box and
 * axis tests still run: the same decision).  The upper bound costs a
 * fraction of the lower one; a leaf that holds a contact the side
 * polynomials cannot certify (on an edge or at an end point) and the
 * pieces of a motion that stays in contact usually pass it. */
static bool close_at(search_state *s, double tm, double half)
{
    if (!s->ready)
        prepare(s);
    fiv3 r[4];
    int base = s->kind == FCCD_VERTEX_FACE ? 1 : 0;
    for (int k = 0; k < 4; k++)
        r[k] = fccd_relative_at(&s->s0, &s->s1, k, base, tm, tm);
    double hi = up(fccd_close_hi(s->kind, r) + s->slack);
    return hi <= up(s->lip * half);
}

/* A piece [ta, tb] no wider than a leaf (2^-30) that the polynomials
 * cannot decide, at a time r of it where f is 0 up to rounding (an
 * estimate of a root of f in it, or a leaf's start): a contact or a miss
 * by a rounding-level margin (a contact aimed at an edge or an end point,
 * or touching at t = 0), which the box, distance and axis tests seldom
 * decide either (docs/queries/vertex_face_ccd.md, "fast", a touch).  -1
 * when the shapes' boxes are apart (no contact in the piece); +1 (a hit at
 * ta) when no side polynomial is certainly negative at r and the shapes
 * are certainly within 2^-FCCD_TOUCH_LOG2 S of each other at r
 * (fccd_close_hi: one pair of points on them); else 0 (the general tests
 * decide). */
static int touch(const search_state *s, double ta, double tb, double r)
{
    for (int k = 1; k < s->P.count; k++)
        if (fccd_power_sign(&s->P, k, r) < 0)
            return 0;
    if (fccd_boxes_apart(s->kind, s->t0, s->t1, ta, tb))
        return -1;
    fiv3 v[4];
    int base = s->kind == FCCD_VERTEX_FACE ? 1 : 0;
    for (int k = 0; k < 4; k++)
        v[k] = fccd_relative_at(s->t0, s->t1, k, base, r, r);
    return fccd_close_hi(s->kind, v) <= s->S * ldexp(1, -FCCD_TOUCH_LOG2); /* a constant: no libm call */
}

/* The last step of narrow on the bracket [ta, tb] (width at most 2^-30)
 * that holds the root r of f (f of sign sa before it; sa = 0: a bracket of
 * a side function's root, entry): decided by the side polynomials when they
 * can, else by touch when sa is known, else by excluded (whose distance
 * test drops the bracket unless the shapes come within about lip (tb - ta)
 * of each other there); a hit is reported at ta. */
static bool bracket_hit(search_state *s, double ta, double tb, bool certified, int sa)
{
    if (!certified) {
        int c = sides_on(s, ta, tb), d = 0;
        if (c == 0 && sa != 0)
            d = touch(s, ta, tb, fccd_root_estimate(&s->P, 0, ta, tb, sa));
        if (c < 0 || d < 0 || (c == 0 && d == 0 && excluded(s, ta, tb)))
            return false;
    }
    s->t = ta;
    return true;
}

static bool narrow(search_state *s, double ta, double tb, int sa, bool certified)
{
    double la, lb; /* first the bracket around Newton's estimate */
    if (tb - ta > 0x1p-30 && fccd_newton_bracket(&s->P, 0, ta, tb, sa, &la, &lb))
        return bracket_hit(s, la, lb, certified, sa);
    for (int step = 0; tb - ta > 0x1p-30; step++) {
        if (!certified && step % FCCD_SIDE_EVERY == 0) {
            int c = sides_on(s, ta, tb);
            if (c < 0)
                return false;
            certified = c > 0;
        }
        double m = 0.5 * ta + 0.5 * tb;
        int sm = sign_at(s, m);
        if (sm == 0) {
            /* r is within rounding of m: a bracket [m - h, m + h] around it,
             * the least h = 2^-36, 2^-35, ..., 2^-31 (a bracket no wider
             * than a leaf) with f's signs sa and -sa at its ends (then r is
             * inside, and f has sign sa before it) */
            for (double h = 0x1p-36; h <= 0x1p-31 && h < 0.5 * (tb - ta); h *= 2)
                if (sign_at(s, m - h) == sa && sign_at(s, m + h) == -sa)
                    return bracket_hit(s, m - h, m + h, certified, sa);
            fccd_bern B;
            piece_coeffs(s, ta, tb, &B);
            return search(s, ta, tb, leaf_depth(tb - ta), &B, false);
        }
        if (sm == sa)
            ta = m;
        else
            tb = m;
    }
    return bracket_hit(s, ta, tb, certified, sa);
}

/* Side polynomial k (>= 0 at a contact) goes from negative at ta to
 * positive at tb with one simple root r in between (its Bernstein
 * coefficients change sign once), so [ta, r) holds no contact: where f
 * cannot isolate anything (coplanar for all t, f's coefficients all
 * uncertain), the entry time r is narrowed on s_k's sign to a leaf
 * [la, lb], decided as narrow's uncertified leaves; a dropped leaf leaves
 * (lb, tb] to the search.  A middle with an uncertain sign stops the
 * narrowing, and the search takes [la, tb] without isolation.  Either rest
 * is searched to leaves of width 2^-30 (leaf_depth of its own width; the
 * piece's depth made leaves as narrow as 2^-42 below a deep entry, where
 * a motion coplanar for all t keeps two pieces a level: 1095 pieces on one
 * bench case, 2^12 times the leaves needed). */
static bool entry(search_state *s, double ta, double tb, int k)
{
    double la = ta, lb = tb;
    fccd_bern R;
    if (lb - la > 0x1p-30 && !fccd_newton_bracket(&s->P, k, ta, tb, -1, &la, &lb))
        la = ta, lb = tb; /* no certified bracket: the bisection */
    while (lb - la > 0x1p-30) {
        double m = 0.5 * la + 0.5 * lb;
        fiv v = fccd_power_eval(&s->P, k, m, m);
        if (!fiv_nonzero(v)) {
            piece_coeffs(s, la, tb, &R);
            return search(s, la, tb, leaf_depth(tb - la), &R, false);
        }
        if (v.hi < 0)
            la = m;
        else
            lb = m;
    }
    if (bracket_hit(s, la, lb, false, 0))
        return true;
    if (lb >= tb)
        return false;
    piece_coeffs(s, lb, tb, &R);
    return search(s, lb, tb, leaf_depth(tb - lb), &R, true);
}

/* The search on [ta, tb] split in two at m = (ta + tb) / 2: the children's
 * Bernstein coefficients by de Casteljau's midpoint split when m is exact
 * (always on the dyadic pieces; a piece whose ends came from a bracket below
 * may have an inexact middle, and then they are computed for [ta, m] and
 * [m, tb] from the power form, so that the tests of a child and its
 * coefficients hold on the same times).  In the isolation phase (iso), a
 * middle where f's sign is not certain (a root within rounding of m, e.g. a
 * contact aimed at t = 1/2) would leave both children with an uncertain end
 * coefficient, so they could never isolate it: the piece is then cut in
 * three, [ta, m - h], [m - h, m + h], [m + h, tb], with the least h = 2^-36,
 * 2^-32, ... at whose ends the sign is certain (also in the outer pieces'
 * coefficients); the middle one is searched to leaves of the usual width. */
static bool split(search_state *s, double ta, double tb, int depth, const fccd_bern *B, bool iso, bool around)
{
    /* ta + tb exact (two-sum error 0) and halved exactly */
    double m = 0.5 * ta + 0.5 * tb, sum = ta + tb, bv = sum - ta;
    bool exact = (ta - (sum - bv)) + (tb - bv) == 0 && 0.5 * sum == m;
    fccd_bern lo, hi;
    if (around && sign_at(s, m) == 0)
        for (double h = 0x1p-36; h < 0.25 * (tb - ta); h *= 16) {
            int sl = sign_at(s, m - h), sr = sign_at(s, m + h);
            if (sl == 0 || sr == 0)
                continue;
            piece_coeffs(s, ta, m - h, &lo);
            if (!fiv_nonzero(lo.c[0][lo.deg[0]]))
                continue;
            if (search(s, ta, m - h, depth - 1, &lo, true))
                return true;
            /* the later pieces' coefficients only when they are searched
             * (a contact in the middle piece, as the bench's aimed ones,
             * ends the search there); a middle piece no wider than a leaf
             * with f's signs opposite at its ends brackets a root and is
             * decided as narrow's last bracket */
            if (2 * h <= 0x1p-30 && sl == -sr) {
                if (bracket_hit(s, m - h, m + h, false, sl))
                    return true;
            } else {
                fccd_bern mid;
                piece_coeffs(s, m - h, m + h, &mid);
                if (search(s, m - h, m + h, leaf_depth(2 * h), &mid, true))
                    return true;
            }
            piece_coeffs(s, m + h, tb, &hi);
            return search(s, m + h, tb, depth - 1, &hi, true);
        }
    if (exact) {
        fccd_bern_split(B, &lo, &hi);
    } else {
        piece_coeffs(s, ta, m, &lo);
        piece_coeffs(s, m, tb, &hi);
    }
    return search(s, ta, m, depth - 1, &lo, iso) || search(s, m, tb, depth - 1, &hi, iso);
}

/* Earliest surviving sub-interval of [ta, tb]; the reported time into s->t.
 * A piece where f's Bernstein coefficients isolate one simple root goes to
 * narrow (when iso).  Pieces with several sign changes are split on the
 * Bernstein tests alone for FCCD_ISOLATE levels; the others take every test.
 * A leaf that survives is within lip 2^-FCCD_DEPTH (plus the bounds' gap) of
 * a contact distance; once the budget is spent, a piece that survives is
 * reported at its start when the shapes are certainly within near there
 * (and split otherwise: the distance test decides every piece narrower than
 * about near / lip).  A safety net, FCCD_HARD_BUDGET pieces more, ends the
 * search with a hit at the current piece's start (never a miss). */
static bool search(search_state *s, double ta, double tb, int depth, const fccd_bern *B, bool iso)
{
    PROF(fccd_prof_pieces++);
    if (s->budget-- <= 0)
        s->eager = true;
    if (fccd_bern_excluded(B))
        return false;
    int v = iso && !s->eager ? variations(B, 0) : -1;
    if (v == 1)
        return narrow(s, ta, tb, B->c[0][0].lo > 0 ? 1 : -1, sides_positive(B));
    for (int k = 1; iso && !s->eager && v < 0 && k < B->count; k++)
        if (B->c[k][0].hi < 0 && variations(B, k) == 1)
            return entry(s, ta, tb, k);
    if (!(v >= 2 && depth > FCCD_DEPTH - FCCD_ISOLATE)) {
        /* a leaf touching at its start (f 0 up to rounding there) */
        int d = depth == 0 && ta == 0 && !s->eager && sign_at(s, ta) == 0 ? touch(s, ta, tb, ta) : 0;
        if (d < 0 || (d == 0 && excluded(s, ta, tb)))
            return false;
        double hi = INFINITY;
        if (s->eager && depth > 0)
            dist_at(s, ta, &hi);
        if (depth == 0 || hi <= s->near || s->budget < -FCCD_HARD_BUDGET) { /* a touch (d > 0): depth 0 */
            s->t = ta;
            return true;
        }
    }
    return split(s, ta, tb, depth, B, iso, v >= 2);
}

/* The least h = 2^-36, 2^-32, ..., 2^-8 with f's sign certain at t0 + dir h
 * (dir = +-1) and in the coefficients of the piece from t0 + dir h onwards
 * (then written to *rest, the piece [t0 + dir h, t1] or [t1, t0 + dir h]);
 * 0 if none, *rest unchanged (the caller still searches with it: a
 * rejected candidate piece left there once dropped a contact at t = 1,
 * corpus/vertex_face_ccd/end_bracket_kept_piece.case). */
static double end_bracket(search_state *s, double t0, double dir, double t1, fccd_bern *rest)
{
    for (double h = 0x1p-36; h <= 0x1p-8; h *= 16) {
        double e = t0 + dir * h;
        if (sign_at(s, e) == 0)
            continue;
        fccd_bern cut; /* f alone: search_top completes it */
        fccd_bern_piece_part(&s->P, dir > 0 ? e : t1, dir > 0 ? t1 : e, &cut, 0, 1);
        if (fiv_nonzero(cut.c[0][dir > 0 ? 0 : cut.deg[0]])) {
            *rest = cut;
            return h;
        }
    }
    return 0;
}

/* The search on [0, 1].  A contact at t = 0 or 1 (touching at the start or
 * at the end) leaves f's sign uncertain there, and the pieces next to it
 * could never isolate a root: the ends [0, h0] and [1 - h1, 1] (end_bracket)
 * are then searched apart, before and after the rest; [0, 2^-36] when
 * f's sign stays uncertain near 0. */
static bool search_top(search_state *s, const fccd_bern *B)
{
    fccd_bern mid = *B, piece;
    double a = 0, b = 1, h0 = 0, h1 = 0;
    if (sign_at(s, 0) == 0) {
        /* no bracket (f uncertain on [0, 2^-8], e.g. coplanar for all t):
         * the leaf [0, 2^-36] alone, a contact at t = 0 decided at once */
        if ((h0 = end_bracket(s, 0, 1, 1, &mid)) == 0)
            fccd_bern_piece_part(&s->P, h0 = 0x1p-36, 1, &mid, 0, 1);
        piece_coeffs(s, 0, h0, &piece);
        if (search(s, 0, h0, leaf_depth(h0), &piece, true))
            return true;
        a = h0;
    }
    if (sign_at(s, 1) == 0) {
        /* no bracket (f uncertain on [1 - 2^-8, 1], e.g. coplanar for all
         * t): the leaf [1 - 2^-36, 1] apart, searched last, so that a
         * contact at t = 1 is not reached by bisection (two pieces a level) */
        if ((h1 = end_bracket(s, 1, -1, a, &mid)) == 0)
            fccd_bern_piece_part(&s->P, a, 1 - (h1 = 0x1p-36), &mid, 0, 1);
        b = 1 - h1;
    }
    complete(s, a, b, &mid); /* the rest's sides only now: a contact at t = 0 ends the search before */
    if (search(s, a, b, FCCD_DEPTH, &mid, true))
        return true;
    if (h1 == 0)
        return false;
    piece_coeffs(s, b, 1, &piece);
    return search(s, b, 1, leaf_depth(h1), &piece, true);
}

/* The distance bounds and the Lipschitz bound work on a copy scaled by a
 * power of two that brings S near 1 when it is beyond 2^+-250 (their degree
 * 4 products would overflow or drown in the 2^-1060 absolute slack of the
 * interval operations).  The scaling is exact but where a coordinate
 * underflows: each moves by at most 2^-1074, a vertex by sqrt(3) 2^-1074,
 * the distance of the shapes by twice that, below slack = 2^-1070 (and its
 * rate of change by 2 slack: a bound of each end's move).  near scales
 * with S. */
static void scale_frames(search_state *s)
{
    double S = s->S;
    s->s0 = *s->t0, s->s1 = *s->t1, s->slack = 0;
    s->near = ldexp(S, -FCCD_NEAR_LOG2);
    if (!(S > 0x1p250 || (S > 0 && S < 0x1p-250)))
        return;
    int e = -ilogb(S);
    for (int k = 0; k < 4; k++) {
        isect_dvec3 *a = &s->s0.v[k], *b = &s->s1.v[k];
        *a = (isect_dvec3){ldexp(a->x, e), ldexp(a->y, e), ldexp(a->z, e)};
        *b = (isect_dvec3){ldexp(b->x, e), ldexp(b->y, e), ldexp(b->z, e)};
    }
    /* S 2^-14 scaled: from the scaled S (near S's subnormal range the
     * unscaled 2^-14 S underflowed to 0, so the budget phase could never
     * report and every such search ran to FCCD_HARD_BUDGET) */
    s->near = ldexp(S, e - FCCD_NEAR_LOG2);
    s->slack = 0x1p-1070;
}

/* What only the distance test needs, computed on its first use. */
static void prepare(search_state *s)
{
    s->ready = true;
    scale_frames(s);
    s->lip = up(fccd_lipschitz(s->kind, &s->s0, &s->s1) + 2 * s->slack);
}

/* One query's search, its state left in *s for fccd_query_effort. */
static inline bool query_search(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1,
                                isect_ccd_result *out, search_state *s)
{
    isect_ccd_result r = {false, 0};
    bool finite = true;
    double S = 0;
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 3; i++) {
            finite &= isfinite(fccd_comp(&t0->v[k], i)) && isfinite(fccd_comp(&t1->v[k], i));
            double a = fabs(fccd_comp(&t0->v[k], i)), b = fabs(fccd_comp(&t1->v[k], i));
            S = a > S ? a : S; /* no libm call on the common path (issue 14) */
            S = b > S ? b : S;
        }
    s->kind = kind, s->t0 = t0, s->t1 = t1, s->budget = FCCD_BUDGET, s->eager = false, s->ready = false, s->S = S;
    s->near = 0;
    if (finite) {
        fccd_bern B;
        if (!fccd_bern_init(kind, t0, t1, &B, &s->P, S) && search_top(s, &B)) {
            r.hit = true;
            r.t = s->t;
        }
    }
    if (out)
        *out = r;
    return r.hit;
}

bool fccd_query(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, isect_ccd_result *out)
{
    PROF(fccd_prof_calls++);
    search_state s;
    return query_search(kind, t0, t1, out, &s);
}

/* fccd_query's search with its effort (fast_ccd.h, fccd_effort): the
 * pieces are read from the budget the search already counts, and `ready`
 * tells whether a distance test ran (prepare is called on the first one
 * only).  Not on the path of the public entries. */
bool fccd_query_effort(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, isect_ccd_result *out,
                       fccd_effort *effort)
{
    search_state s;
    bool hit = query_search(kind, t0, t1, out, &s);
    effort->pieces = FCCD_BUDGET - s.budget;
    effort->distance = s.ready;
    return hit;
}
