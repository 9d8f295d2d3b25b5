/* tests/test_ccd_motion.c: fast/ccd_motion.c, the vertices of the CCD
 * queries in motion, against exact rational arithmetic: the enclosures of
 * a vertex (absolute, over a piece; relative to another vertex, at one
 * time) hold its exact position, the Lipschitz bound is at least the exact
 * one, and the boxes-apart test holds at the exact positions.  Inputs mix
 * magnitudes from 2^-1074 to 2^1023 (products and sums that underflow or
 * round), times at 0, 1, dyadic and not; nothing expected comes from fast. */
#include "../fast/fast_ccd.h"
#include "testlib_ccd.h"

#include <float.h>
#include <gmp.h>
#include <math.h>
#include <mpfr.h>

static double coord(const isect_ccd_frame *f, int k, int i)
{
    return i == 0 ? f->v[k].x : i == 1 ? f->v[k].y : f->v[k].z;
}

/* a double of a random magnitude (sometimes 0, subnormal or near DBL_MAX) */
static double value(void)
{
    int kind = tl_int(0, 9);
    double x = 2 * tl_unit() - 1;
    if (kind == 0)
        return 0;
    if (kind == 1)
        return ldexp(x, -1074 + tl_int(0, 60)); /* subnormal */
    if (kind == 2)
        return ldexp(x, 1000 + tl_int(0, 23));
    return ldexp(x, tl_int(-60, 60));
}

static double time_(void)
{
    int kind = tl_int(0, 5);
    if (kind < 2)
        return kind; /* 0, 1 */
    return kind == 2 ? ldexp(1, -tl_int(1, 80)) : kind == 3 ? 1 - ldexp(1, -tl_int(1, 53)) : tl_unit();
}

/* x plus a random value, or a value where that is not finite */
static double beside(double x)
{
    double y = x + value();
    return isfinite(y) ? y : value();
}

static void frames(isect_ccd_frame *f0, isect_ccd_frame *f1)
{
    int near = tl_int(0, 3); /* relative motions: vertices near one another */
    for (int k = 0; k < 4; k++) {
        f0->v[k] = (isect_dvec3){value(), value(), value()};
        f1->v[k] = (isect_dvec3){value(), value(), value()};
        if (near == 0 && k > 0) {
            f0->v[k] = (isect_dvec3){beside(f0->v[0].x), beside(f0->v[0].y), beside(f0->v[0].z)};
            f1->v[k] = (isect_dvec3){beside(f1->v[0].x), beside(f1->v[0].y), beside(f1->v[0].z)};
        }
        if (near == 1) /* slow vertices: speeds that cancel in rounding */
            f1->v[k] = (isect_dvec3){beside(f0->v[k].x), beside(f0->v[k].y), beside(f0->v[k].z)};
    }
}

/* (1 - t) (a0 - b0) + t (a1 - b1) exactly (b0 = b1 = 0: the absolute position) */
static void exact_at(mpq_t r, double a0, double a1, double b0, double b1, double t)
{
    mpq_t x, y, tq, u;
    mpq_inits(x, y, tq, u, NULL);
    mpq_set_d(x, a0), mpq_set_d(y, b0), mpq_sub(x, x, y);
    mpq_set_d(u, a1), mpq_set_d(y, b1), mpq_sub(u, u, y);
    mpq_set_d(tq, t);
    mpq_mul(u, u, tq);
    mpq_set_ui(y, 1, 1), mpq_sub(y, y, tq), mpq_mul(x, x, y);
    mpq_add(r, x, u);
    mpq_clears(x, y, tq, u, NULL);
}

/* lo <= r <= hi, or the interval is NaN (an overflow: no test uses it) */
static bool holds(fiv v, const mpq_t r)
{
    if (v.lo != v.lo || v.hi != v.hi)
        return true;
    mpq_t b;
    mpq_init(b);
    bool ok = true;
    if (isfinite(v.lo)) {
        mpq_set_d(b, v.lo);
        ok &= mpq_cmp(b, r) <= 0;
    } else
        ok &= v.lo < 0;
    if (isfinite(v.hi)) {
        mpq_set_d(b, v.hi);
        ok &= mpq_cmp(b, r) >= 0;
    } else
        ok &= v.hi > 0;
    mpq_clear(b);
    return ok;
}

Test(ccd_motion, enclosures_hold_exact)
{
    mpq_t r;
    mpq_init(r);
    int nan = 0;
    for (int c = 0; c < 20000; c++) {
        isect_ccd_frame f0, f1;
        frames(&f0, &f1);
        double ta = time_(), tb = time_(), tm;
        if (ta > tb)
            tm = ta, ta = tb, tb = tm;
        tm = ta + (tb - ta) * tl_unit();
        int k = tl_int(0, 3), base = tl_int(0, 3);
        fiv3 a = fccd_vertex_at(&f0, &f1, k, ta, tb), p = fccd_relative_at(&f0, &f1, k, base, tm, tm);
        fiv3 q = fccd_relative_at(&f0, &f1, k, base, ta, tb);
        for (int i = 0; i < 3; i++) {
            double a0 = coord(&f0, k, i), a1 = coord(&f1, k, i), b0 = coord(&f0, base, i), b1 = coord(&f1, base, i);
            nan += p.x[i].lo != p.x[i].lo;
            exact_at(r, a0, a1, 0, 0, ta);
            cr_assert(holds(a.x[i], r), "absolute at ta, case %d", c);
            exact_at(r, a0, a1, 0, 0, tb);
            cr_assert(holds(a.x[i], r), "absolute at tb, case %d", c);
            exact_at(r, a0, a1, b0, b1, tm);
            cr_assert(holds(p.x[i], r), "relative at %a, case %d: [%a, %a]", tm, c, p.x[i].lo, p.x[i].hi);
            exact_at(r, a0, a1, b0, b1, tb);
            cr_assert(holds(q.x[i], r), "relative over the piece at tb, case %d", c);
        }
    }
    mpq_clear(r);
    cr_assert(nan < 600, "overflows in %d of 60000", nan); /* the test checks finite ends */
}

/* An overflowed difference is NaN, not a wrong finite interval. */
Test(ccd_motion, overflow_is_nan)
{
    isect_ccd_frame f0 = {{{DBL_MAX, 0, 0}, {-DBL_MAX, 0, 0}, {0, 0, 0}, {0, 0, 0}}}, f1 = f0;
    fiv3 p = fccd_relative_at(&f0, &f1, 0, 1, 0.5, 0.5);
    cr_assert(p.x[0].lo != p.x[0].lo && p.x[0].hi != p.x[0].hi);
}

/* |x|, x exact, rounded down by MPFR (a lower bound of each speed) */
static void speed_dn(mpfr_t s, const isect_ccd_frame *f0, const isect_ccd_frame *f1, int j, int k)
{
    mpq_t d, a, ss;
    mpq_inits(d, a, ss, NULL);
    for (int i = 0; i < 3; i++) {
        mpq_set_d(d, coord(f1, j, i)), mpq_set_d(a, coord(f1, k, i)), mpq_sub(d, d, a);
        mpq_set_d(a, coord(f0, j, i)), mpq_sub(d, d, a);
        mpq_set_d(a, coord(f0, k, i)), mpq_add(d, d, a);
        mpq_mul(d, d, d), mpq_add(ss, ss, d);
    }
    mpfr_set_q(s, ss, MPFR_RNDD);
    mpfr_sqrt(s, s, MPFR_RNDD);
    mpq_clears(d, a, ss, NULL);
}

Test(ccd_motion, lipschitz_at_least_exact)
{
    mpfr_t sp[4][4], m, b, best;
    for (int j = 0; j < 4; j++)
        for (int k = 0; k < 4; k++)
            mpfr_init2(sp[j][k], 128);
    mpfr_inits2(128, m, b, best, (mpfr_ptr)0);
    for (int c = 0; c < 5000; c++) {
        isect_ccd_frame f0, f1;
        frames(&f0, &f1);
        fccd_kind kind = (fccd_kind)(c & 1);
        double lip = fccd_lipschitz(kind, &f0, &f1);
        int split = kind == FCCD_VERTEX_FACE ? 1 : 2;
        for (int j = 0; j < 4; j++)
            for (int k = 0; k < 4; k++)
                speed_dn(sp[j][k], &f0, &f1, j, k);
        mpfr_set_inf(best, 1);
        for (int cc = 0; cc < 4; cc++) { /* the exact bound's own formula, rounded down */
            mpfr_set_zero(m, 1), mpfr_set_zero(b, 1);
            for (int k = 0; k < 4; k++)
                if (k < split)
                    mpfr_max(m, m, sp[k][cc], MPFR_RNDD);
                else
                    mpfr_max(b, b, sp[k][cc], MPFR_RNDD);
            mpfr_add(m, m, b, MPFR_RNDD);
            mpfr_min(best, best, m, MPFR_RNDD);
        }
        cr_assert(!(lip != lip) && mpfr_cmp_d(best, lip) <= 0, "case %d: lip %a below the exact bound", c, lip);
    }
    for (int j = 0; j < 4; j++)
        for (int k = 0; k < 4; k++)
            mpfr_clear(sp[j][k]);
    mpfr_clears(m, b, best, (mpfr_ptr)0);
}

/* The same bound where every speed's squares underflow: shapes within
 * 2^-480 of each other in both frames (the rounded differences' own 2^-51
 * terms then no longer exceed the squares' underflow), scaled s = 2^-540 ..
 * 2^-1000.  Hand-built: the triangle a = 0, b = (1, 0, 0), c = (0, 1, 0)
 * still and the point from (0, 0, 1) to (0, 0, 2) (vertex-face), or ab
 * still and cd from (0, 0, 1) (0, 1, 1) to (0, 0, 2) (1, 1, 2)
 * (edge-edge), times s: the point, or cd, moves straight off the plane
 * z = 0 holding the other shape (D = s (1 + t)), so |dD/dt| = s, and the
 * exact bound (the formula above, rounded down) is at least s (asserted).  rel_speed's 2^-530 term is what covers them (docs/queries/
 * vertex_face_ccd.md, "fast", the distance test; seed 113: the term made 0
 * gives lip = 0 here). */
Test(ccd_motion, lipschitz_underflowing_speeds)
{
    static const int sc[] = {-540, -600, -700, -1000};
    mpfr_t sp, m, b, best;
    mpfr_inits2(128, sp, m, b, best, (mpfr_ptr)0);
    for (int j = 0; j < 4; j++)
        for (int q = 0; q < 2; q++) {
            double s = ldexp(1, sc[j]);
            fccd_kind kind = q ? FCCD_EDGE_EDGE : FCCD_VERTEX_FACE;
            isect_ccd_frame f0, f1;
            if (q == 0) {
                f0 = (isect_ccd_frame){{{0, 0, s}, {0, 0, 0}, {s, 0, 0}, {0, s, 0}}};
                f1 = (isect_ccd_frame){{{0, 0, 2 * s}, {0, 0, 0}, {s, 0, 0}, {0, s, 0}}};
            } else {
                f0 = (isect_ccd_frame){{{0, 0, 0}, {s, 0, 0}, {0, 0, s}, {0, s, s}}};
                f1 = (isect_ccd_frame){{{0, 0, 0}, {s, 0, 0}, {0, 0, 2 * s}, {s, s, 2 * s}}};
            }
            double lip = fccd_lipschitz(kind, &f0, &f1);
            int split = kind == FCCD_VERTEX_FACE ? 1 : 2;
            mpfr_set_inf(best, 1);
            for (int cc = 0; cc < 4; cc++) {
                mpfr_set_zero(m, 1), mpfr_set_zero(b, 1);
                for (int k = 0; k < 4; k++) {
                    speed_dn(sp, &f0, &f1, k, cc);
                    if (k < split)
                        mpfr_max(m, m, sp, MPFR_RNDD);
                    else
                        mpfr_max(b, b, sp, MPFR_RNDD);
                }
                mpfr_add(m, m, b, MPFR_RNDD);
                mpfr_min(best, best, m, MPFR_RNDD);
            }
            cr_assert(mpfr_cmp_d(best, s) >= 0, "%s, s = 2^%d: the exact bound below s", q ? "ee" : "vf", sc[j]);
            cr_assert(!(lip != lip) && mpfr_cmp_d(best, lip) <= 0, "%s, s = 2^%d: lip %a below the exact bound",
                      q ? "ee" : "vf", sc[j], lip);
        }
    mpfr_clears(sp, m, b, best, (mpfr_ptr)0);
}

/* Where the boxes are said apart, at sampled times of the piece the exact
 * positions of P's vertices are all below (or all above) Q's in some
 * coordinate, absolute or relative to the base vertex. */
Test(ccd_motion, boxes_apart_holds_exact)
{
    mpq_t r[4];
    for (int k = 0; k < 4; k++)
        mpq_init(r[k]);
    int apart = 0;
    for (int c = 0; c < 20000; c++) {
        isect_ccd_frame f0, f1;
        fccd_kind kind = (fccd_kind)(c & 1);
        int split = kind == FCCD_VERTEX_FACE ? 1 : 2, base = kind == FCCD_VERTEX_FACE ? 1 : 0;
        for (int k = 0; k < 4; k++) /* near one another: both outcomes */
            for (int i = 0; i < 3; i++) {
                double x = ldexp(2 * tl_unit() - 1, tl_int(-40, 0)), y = x + ldexp(2 * tl_unit() - 1, tl_int(-60, 0));
                *(&f0.v[k].x + i) = x, *(&f1.v[k].x + i) = y;
            }
        double ta = tl_unit() * 0.5, tb = ta + tl_unit() * 0.5;
        if (!fccd_boxes_apart(kind, &f0, &f1, ta, tb))
            continue;
        apart++;
        for (int n = 0; n < 4; n++) {
            double t = n == 0 ? ta : n == 1 ? tb : ta + (tb - ta) * tl_unit();
            bool sep = false;
            for (int rel = 0; rel < 2 && !sep; rel++)
                for (int i = 0; i < 3 && !sep; i++) {
                    for (int k = 0; k < 4; k++)
                        exact_at(r[k], coord(&f0, k, i), coord(&f1, k, i), rel ? coord(&f0, base, i) : 0,
                                 rel ? coord(&f1, base, i) : 0, t);
                    bool below = true, above = true;
                    for (int j = 0; j < split; j++)
                        for (int k = split; k < 4; k++)
                            below &= mpq_cmp(r[j], r[k]) < 0, above &= mpq_cmp(r[j], r[k]) > 0;
                    sep = below || above;
                }
            cr_assert(sep, "case %d: boxes apart, shapes not separated at %a", c, t);
        }
    }
    cr_assert(apart > 100 && apart < 19900, "apart in %d of 20000", apart);
    for (int k = 0; k < 4; k++)
        mpq_clear(r[k]);
}
