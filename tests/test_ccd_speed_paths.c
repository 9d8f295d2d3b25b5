/* tests/test_ccd_speed_paths.c: the speed paths of fast's CCD search
 * (issue 14) as properties derived by hand, for what the one-sided
 * contract cannot see (a worse estimate or a skipped shortcut changes no
 * answer beyond 2^-30, or none at all).
 *
 * - narrow's Newton bracket (fast/ccd_bern.c, fccd_newton_bracket, which
 *   narrow in fast/ccd_common.c calls):
 *   for a simple root r of f, well inside the isolating piece [0, 1], with
 *   f's coefficients exact small integers (so their intervals are within
 *   2^-48 relative of them) and Newton's iteration converging, the
 *   estimate is r within far less than 2^-34, so narrow's bracket is
 *   [R - 2^-31, R + 2^-31], R the multiple of 2^-30 nearest to r, and the
 *   reported t is its start R - 2^-31, an odd multiple of 2^-31.  The
 *   bisection that takes over when that bracket is not certified ends on a
 *   dyadic bracket of [0, 1] and reports a multiple of 2^-30: the t tells
 *   which path was taken.  The expected t is computed here from r (a
 *   fraction) alone; r * 2^30 is chosen at least 0.1 away from a half
 *   integer, so R does not depend on the estimate's last bits.
 * - fccd_bern_init's early exit (fast/ccd_bern.c, f_excludes): on the
 *   binary64 path (2^-100 <= S <= 2^100) it returns true, with count 1,
 *   exactly when f's Bernstein coefficients on [0, 1] have one certain
 *   sign; the inputs below have f = s^3 (z0 + (z1 - z0) t) with z0, z1 of
 *   one sign (true) or of opposite signs (false).
 *
 * Nothing expected comes from fast. */
#include "fast_ccd.h"
#include "isect.h"

#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

static isect_dvec3 V(double x, double y, double z) { return (isect_dvec3){x, y, z}; }

/* Vertex-face: a = 0 still, b = (1 + al t, 0, 0), c = (0, 1 + be t, 0),
 * p = (1/4, 1/4, z0 - k t): n = (0, 0, (1 + al t)(1 + be t)) and
 * f = n.(p - a) = (1 + al t)(1 + be t)(z0 - k t), one root r = z0 / k in
 * (0, 1) where p = (1/4, 1/4, 0) is inside the triangle (its legs
 * 1 + al r, 1 + be r > 1/2): a contact, certified by the side functions.
 * Edge-edge: a = (0, 0, z0 - k t), b = a + (1 + al t, 0, 0),
 * c = (1/4, -1/4, 0) still, d = c + (0, 1 + be t, 0): m = e1 x e2 =
 * (0, 0, (1 + al t)(1 + be t)), f = m.(d - a) = -(1 + al t)(1 + be t)(z0 - k t),
 * the same root; there ab (x in [0, 1 + al r]) crosses cd (y in
 * [-1/4, -1/4 + 1 + be r]) at (1/4, 0, 0), inside both.  Every vertex is
 * scaled by s (exactly: a power of two). */
static void frames(fccd_kind kind, double al, double be, double z0, double k, double s, isect_ccd_frame *t0,
                   isect_ccd_frame *t1)
{
    if (kind == FCCD_VERTEX_FACE) {
        *t0 = (isect_ccd_frame){{V(0.25 * s, 0.25 * s, z0 * s), V(0, 0, 0), V(s, 0, 0), V(0, s, 0)}};
        *t1 = (isect_ccd_frame){{V(0.25 * s, 0.25 * s, (z0 - k) * s), V(0, 0, 0), V((1 + al) * s, 0, 0),
                                 V(0, (1 + be) * s, 0)}};
    } else {
        *t0 = (isect_ccd_frame){{V(0, 0, z0 * s), V(s, 0, z0 * s), V(0.25 * s, -0.25 * s, 0), V(0.25 * s, 0.75 * s, 0)}};
        *t1 = (isect_ccd_frame){{V(0, 0, (z0 - k) * s), V((1 + al) * s, 0, (z0 - k) * s), V(0.25 * s, -0.25 * s, 0),
                                 V(0.25 * s, (0.75 + be) * s, 0)}};
    }
}

/* The start of narrow's Newton bracket for the root num / den (see the top). */
static double newton_bracket_start(double num, double den)
{
    double x = ldexp(num, 30) / den; /* num 2^30 / den, within 2^-20 */
    double frac = x - floor(x);
    cr_assert(fabs(frac - 0.5) > 0.1, "the root %g/%g is near a half multiple of 2^-30", num, den);
    return ldexp(floor(x + 0.5) - 0.5, -30);
}

static void newton_case(double al, double be, double z0, double k)
{
    static const int scales[] = {-60, -20, 0, 20, 60};
    double want = newton_bracket_start(z0, k);
    for (int kind = 0; kind < 2; kind++)
        for (int j = 0; j < 5; j++) {
            fccd_kind q = kind ? FCCD_EDGE_EDGE : FCCD_VERTEX_FACE;
            isect_ccd_frame t0, t1;
            isect_ccd_result r = {false, -1};
            frames(q, al, be, z0, k, ldexp(1, scales[j]), &t0, &t1);
            bool hit = q == FCCD_VERTEX_FACE ? isect_vertex_face_ccd(t0, t1, &r) : isect_edge_edge_ccd(t0, t1, &r);
            cr_assert(hit && r.hit, "%s, f = (1 + %g t)(1 + %g t)(%g - %g t), scale 2^%d: a miss",
                      kind ? "edge-edge" : "vertex-face", al, be, z0, k, scales[j]);
            cr_assert(r.t == want, "%s, f = (1 + %g t)(1 + %g t)(%g - %g t), scale 2^%d: t = %a, not the Newton bracket's start %a",
                      kind ? "edge-edge" : "vertex-face", al, be, z0, k, scales[j], r.t, want);
        }
}

/* f = (1 + t)(1 + 2t)(2 - 7t) = 2 - t - 17t^2 - 14t^3: every power
 * coefficient non-zero (each of c0 .. c3 enters the estimate), Bernstein
 * coefficients 2, 5/3, -13/3, -30 (one sign change: [0, 1] isolates r =
 * 2/7); Newton's steps from 1/2 stay inside the bracket (0.342, ...). */
Test(ccd_speed_paths, newton_bracket_cubic)
{
    newton_case(1, 2, 2, 7);
}

/* f = (1 + 2t)^2 (8 - 11t) = 8 + 21t - 12t^2 - 44t^3, r = 8/11 (Bernstein
 * 8, 15, 18, -27): Newton's steps from 1/2 come down from above (0.917,
 * 0.767, 0.730, ...), and once at r within rounding a step can land on the
 * bracket's end, where the bracket's middle replaces it (a binary64
 * simulation of the iteration on the exact coefficients takes that
 * fall-back at its seventh step).  A root past the middle: the bracket's
 * start moves off 0. */
Test(ccd_speed_paths, newton_bracket_steps_outside)
{
    newton_case(2, 2, 8, 11);
}

/* fccd_bern_init's early exit on the binary64 path. */
static void early_exit(fccd_kind kind, double z0, double z1, bool excluded)
{
    isect_ccd_frame t0, t1;
    if (kind == FCCD_VERTEX_FACE) {
        t0 = (isect_ccd_frame){{V(0.25, 0.25, z0), V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)}};
        t1 = (isect_ccd_frame){{V(0.25, 0.25, z1), V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)}};
    } else { /* ab at height z along x, cd along y: f = -4 z */
        t0 = (isect_ccd_frame){{V(-1, 0, z0), V(1, 0, z0), V(0, -1, 0), V(0, 1, 0)}};
        t1 = (isect_ccd_frame){{V(-1, 0, z1), V(1, 0, z1), V(0, -1, 0), V(0, 1, 0)}};
    }
    for (int fill = 0; fill < 3; fill++) {
        /* whatever the output held before (zeros, ones, minus ones) */
        fccd_bern B;
        fccd_power W;
        double v = fill == 0 ? 0 : fill == 1 ? 1 : -1;
        for (int i = 0; i < 5; i++)
            for (int j = 0; j < 5; j++)
                B.c[i][j] = W.c[i][j] = (fiv){v, v};
        B.count = W.count = -1;
        double S = fabs(z0) > fabs(z1) ? fabs(z0) : fabs(z1);
        S = S > 1 ? S : 1;
        bool r = fccd_bern_init(kind, &t0, &t1, &B, &W, S);
        cr_assert(r == excluded, "%s, z from %g to %g, fill %g: fccd_bern_init returned %d",
                  kind == FCCD_VERTEX_FACE ? "vertex-face" : "edge-edge", z0, z1, v, r);
        cr_assert_eq(B.count, excluded ? 1 : kind == FCCD_VERTEX_FACE ? 4 : 5);
    }
}

Test(ccd_speed_paths, f_alone_excludes)
{
    for (int kind = 0; kind < 2; kind++) {
        fccd_kind q = kind ? FCCD_EDGE_EDGE : FCCD_VERTEX_FACE;
        early_exit(q, 2, 1, true);   /* above all along */
        early_exit(q, -1, -3, true); /* below all along */
        early_exit(q, 1, -1, false); /* through the plane */
        early_exit(q, 0, 1, false);  /* in the plane at t = 0 */
    }
}
