/* fast/ccd_motion.c: the vertices of vertex_face_ccd and edge_edge_ccd in
 * motion (fast_ccd.h): enclosures of their positions over a time piece
 * and at one time, the test that the shapes' boxes are apart, and the
 * Lipschitz bound of their distance; docs/queries/vertex_face_ccd.md,
 * "fast". */
#include "fast_ccd.h"

/* An interval holding (1 - t) D0 + t D1 at one time t in [0, 1], from
 * doubles d0, d1 within 2^-53 |d| of D0, D1 (the exact inputs, or their
 * differences rounded to nearest): s = (1 - t) d0 + t d1 in round-to-nearest
 * (p, q its two products) errs by at most 4 u (|p| + |q|) + 3 2^-1075
 * (u = 2^-53; 1 - t, d0, d1, the products and the sum each round once:
 * docs/queries/vertex_face_ccd.md, "fast", the vertices' enclosures), and
 * s -+ ((|p| + |q|) 2^-50 + 2^-1060), itself rounded, is still outside it
 * by 3 u (|p| + |q|).  An overflow anywhere makes both ends NaN (0 s is NaN
 * for an infinite s; the sum of magnitudes inf gives [-inf, inf]), which no
 * test drops.  Eight flops where the interval operations took about forty;
 * the interval is also tighter (one widening, not one per operation). */
static FCCD_INLINE fiv affine_at(double d0, double d1, double t)
{
    double p = (1 - t) * d0, q = t * d1, s = p + q;
    double e = (fabs(p) + fabs(q)) * 0x1p-50 + 0x1p-1060 + 0 * s;
    return (fiv){s - e, s + e};
}

/* Vertex k at the times [ta, tb]: (1 - t) x0 + t x1 is affine in t, so its
 * range is spanned by its values at ta and tb. */
fiv3 fccd_vertex_at(const isect_ccd_frame *t0, const isect_ccd_frame *t1, int k, double ta, double tb)
{
    fiv3 r;
    for (int i = 0; i < 3; i++) {
        double a0 = fccd_comp(&t0->v[k], i), a1 = fccd_comp(&t1->v[k], i);
        r.x[i] = fiv_join(affine_at(a0, a1, ta), affine_at(a0, a1, tb));
    }
    return r;
}

/* Vertex k relative to vertex base at the times [ta, tb]: the difference
 * moves affinely too, from x0 - b0 to x1 - b1, so the same two-end span
 * encloses it.  The search's tests are invariant under a common
 * translation, and shapes that travel far together keep narrow relative boxes where
 * their absolute boxes would grow with the distance travelled. */
fiv3 fccd_relative_at(const isect_ccd_frame *t0, const isect_ccd_frame *t1, int k, int base, double ta, double tb)
{
    fiv3 r;
    for (int i = 0; i < 3; i++) {
        double d0 = fccd_comp(&t0->v[k], i) - fccd_comp(&t0->v[base], i), d1 = fccd_comp(&t1->v[k], i) - fccd_comp(&t1->v[base], i);
        fiv va = affine_at(d0, d1, ta);
        r.x[i] = ta == tb ? va : fiv_join(va, affine_at(d0, d1, tb)); /* one time: one end */
    }
    return r;
}

/* The first of the box tests alone (fast_ccd.h), in absolute coordinates
 * and relative to the base vertex: the boxes of shape P (the point; the
 * segment ab) and of shape Q over [ta, tb] apart in a coordinate (the
 * enclosures of fccd_vertex_at and fccd_relative_at, without building the
 * vertices' boxes).  A NaN end (an overflow) leaves its coordinate
 * undecided. */
bool fccd_boxes_apart(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1, double ta, double tb)
{
    int split = kind == FCCD_VERTEX_FACE ? 1 : 2, base = kind == FCCD_VERTEX_FACE ? 1 : 0;
    for (int rel = 0; rel < 2; rel++)
        for (int i = 0; i < 3; i++) {
            double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
            bool nan = false;
            for (int k = 0; k < 4; k++) {
                double b0 = rel ? fccd_comp(&t0->v[base], i) : 0, b1 = rel ? fccd_comp(&t1->v[base], i) : 0;
                double d0 = fccd_comp(&t0->v[k], i) - b0, d1 = fccd_comp(&t1->v[k], i) - b1;
                fiv a = affine_at(d0, d1, ta), b = affine_at(d0, d1, tb);
                nan |= !(a.lo <= a.hi && b.lo <= b.hi);
                int q = k >= split;
                double l = a.lo < b.lo ? a.lo : b.lo, h = a.hi > b.hi ? a.hi : b.hi;
                lo[q] = l < lo[q] ? l : lo[q];
                hi[q] = h > hi[q] ? h : hi[q];
            }
            if (!nan && (hi[0] < lo[1] || hi[1] < lo[0]))
                return true;
        }
    return false;
}

/* |v_j - v_k| rounded up, v the velocities x1 - x0, in plain binary64 with
 * a bound (docs/queries/vertex_face_ccd.md, "fast", the Lipschitz bound):
 * per coordinate the exact D = X - Y (X = x1_j - x1_k, Y = x0_j - x0_k)
 * is within (u / (1 - u)) (|x| + |y| + |z|) of z = fl(x - y) (x, y, z the
 * three rounded differences, u = 2^-53), and |z| plus 4 u times that sum
 * (rounded) is at least |D|; the root of the sum of their squares times
 * (1 + 2^-49) is then an upper bound of |D|, with 2^-530 for the squares'
 * underflow.  An overflow gives inf (a NaN from inf - inf too). */
static double rel_speed(const isect_ccd_frame *t0, const isect_ccd_frame *t1, int j, int k)
{
    double ss = 0;
    for (int i = 0; i < 3; i++) {
        double x = fccd_comp(&t1->v[j], i) - fccd_comp(&t1->v[k], i), y = fccd_comp(&t0->v[j], i) - fccd_comp(&t0->v[k], i), z = x - y;
        double b = fabs(z) + (fabs(x) + fabs(y) + fabs(z)) * 0x1p-51;
        ss += b * b;
    }
    double r = sqrt(ss) * (1 + 0x1p-49) + 0x1p-530;
    return r == r ? r : INFINITY;
}

/* The distance of two convex hulls changes by at most the largest move of a
 * vertex of each (Hausdorff distance of the hulls), and is invariant under
 * a common translation: with the vertices' velocities v_k and any c,
 * |dD/dt| <= max_{k in P} |v_k - c| + max_{k in Q} |v_k - c|.  c ranges
 * over the four velocities; the least bound is kept. */
double fccd_lipschitz(fccd_kind kind, const isect_ccd_frame *t0, const isect_ccd_frame *t1)
{
    int split = kind == FCCD_VERTEX_FACE ? 1 : 2; /* P = vertices [0, split) */
    double sp[4][4], best = INFINITY;
    for (int c = 0; c < 4; c++) { /* |v_k - v_c| = |v_c - v_k|: each pair once */
        sp[c][c] = 0;
        for (int k = c + 1; k < 4; k++)
            sp[c][k] = sp[k][c] = rel_speed(t0, t1, k, c);
    }
    for (int c = 0; c < 4; c++) {
        double mp = 0, mq = 0;
        for (int k = 0; k < 4; k++) {
            double v = sp[k][c]; /* never NaN (rel_speed) */
            if (k < split)
                mp = v > mp ? v : mp;
            else
                mq = v > mq ? v : mq;
        }
        double b = up(mp + mq);
        best = b < best ? b : best;
    }
    return best;
}
