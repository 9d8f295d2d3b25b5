/* fast/aabb_sweep_aabb.c: two moving axis-aligned boxes in binary32.
 *
 * Box a spans [amin + t va, amax + t va], box b [bmin + t vb, bmax + t vb].
 * On axis i they overlap at time t iff bmin - amax <= t (va - vb) <=
 * bmax - amin: with va = vb an exact comparison of the inputs (for every t
 * or none); otherwise t lies between two slab ends, each (p - q)/(r - s)
 * with binary32 p, q, r, s and r > s.  The boxes touch iff
 *   entry = max(0, lower ends) <= exit = min(1, upper ends),
 * and then t = entry.  This is ray_aabb's slab test for the relative motion
 * (Kay and Kajiya 1986), as a filtered exact predicate (Shewchuk's style):
 *
 * - per axis L = fl(bmin - amax), H = fl(bmax - amin), d = fl(va - vb)
 *   in binary64: one rounding each, exact signs (a difference of binary32
 *   values is 0 only when exact, else between 2^-149 and 2^129 in
 *   magnitude); d = 0: the axis holds for every t (lower end 0, upper 1)
 *   or none (lower end 2: a certain miss), an exact test;
 * - otherwise the ends are fl(L fl(1/d)) and fl(H fl(1/d)), the smaller
 *   one the lower end (rounding is monotonic, L <= H): four roundings, so
 *   within gamma_4 (relative) of the exact ends, with exact signs, and no
 *   overflow or underflow (2^-278 <= |E| <= 2^278); no division but the
 *   three reciprocals;
 * - the decision entry <= exit is taken when the guard FB_SWEEP_END
 *   certifies it (fast/fast_bounds.h: ends within gamma_4 with exact signs,
 *   and exact 0 and 1), else exact_hit (out of line) compares every pair
 *   (lower end, upper end) and every lower end against 1 exactly with
 *   expansions (fast/fast_exact.h, polynomials of degree 2);
 * - validity costs one test: the nine L, H, d are finite iff every input
 *   is, and their sum is finite iff they are.
 *
 * The hit flag is exact for every input.  t = fl32(entry), at most 1:
 * exact when the entry is 0 (static overlap) and within one binary32 ulp
 * of the exact entry otherwise.  docs/queries/aabb_sweep_aabb.md.
 */
#include "isect.h"

#include "fast_bounds.h"
#include "fast_exact.h"
#include "fast_vec3.h"

#include <string.h>

/* Called once per query that takes the exact path; nothing in libisect,
 * tests/test_aabb_sweep_aabb_exact.c counts the calls. */
#ifndef AS_EXACT_HOOK
#define AS_EXACT_HOOK() ((void)0)
#endif

/* The slab end (p - q)/(r - s), r > s. */
typedef struct {
    float p, q, r, s;
} as_end;

/* The sign of (a.p - a.q)/(a.r - a.s) - (b.p - b.q)/(b.r - b.s), exactly:
 * the sign of (a.p - a.q)(b.r - b.s) - (b.p - b.q)(a.r - a.s), both
 * denominators being positive. */
static int end_cmp(as_end a, as_end b)
{
    fe an = fe_diff(a.p, a.q), ad = fe_diff(a.r, a.s), bn = fe_diff(b.p, b.q), bd = fe_diff(b.r, b.s);
    fe x = fe_mul(&an, &bd), y = fe_mul(&bn, &ad);
    fe d = fe_add(&x, &y, -1);
    return fe_sign(&d);
}

/* Is the end above 1, exactly: (p - q) - (r - s) > 0? */
static bool end_above_one(as_end a)
{
    fe n = fe_diff(a.p, a.q), d = fe_diff(a.r, a.s);
    fe x = fe_add(&n, &d, -1);
    return fe_sign(&x) > 0;
}

/* Exactly: is every positive lower end lo[0..nlo) at most 1 and at most
 * every upper end hi[0..nhi)? */
static bool exact_meet(const as_end *lo, int nlo, const as_end *hi, int nhi)
{
    AS_EXACT_HOOK();
    for (int i = 0; i < nlo; i++) {
        if (end_above_one(lo[i]))
            return false;
        for (int j = 0; j < nhi; j++)
            if (end_cmp(lo[i], hi[j]) > 0)
                return false;
    }
    return true;
}

/* The exact decision, out of line (the common path stays small): the slab
 * ends of every axis with va_i != vb_i as exact fractions, rebuilt from the
 * boxes.  Only called when no axis with va_i == vb_i is apart. */
static ISECT_NOINLINE bool exact_hit(const isect_moving_aabb *a, const isect_moving_aabb *b)
{
    const float amin[3] = {a->box.min.x, a->box.min.y, a->box.min.z};
    const float amax[3] = {a->box.max.x, a->box.max.y, a->box.max.z};
    const float bmin[3] = {b->box.min.x, b->box.min.y, b->box.min.z};
    const float bmax[3] = {b->box.max.x, b->box.max.y, b->box.max.z};
    const float va[3] = {a->velocity.x, a->velocity.y, a->velocity.z};
    const float vb[3] = {b->velocity.x, b->velocity.y, b->velocity.z};
    as_end lo[3], hi[3];
    int nlo = 0, nhi = 0;
    for (int i = 0; i < 3; i++) {
        if (va[i] == vb[i])
            continue; /* overlapping at every t: the common path tested it */
        as_end l = {bmin[i], amax[i], va[i], vb[i]}, h = {bmax[i], amin[i], va[i], vb[i]};
        if (va[i] < vb[i]) {
            l = (as_end){amin[i], bmax[i], vb[i], va[i]};
            h = (as_end){amax[i], bmin[i], vb[i], va[i]};
        }
        hi[nhi++] = h;
        if (l.p > l.q)
            lo[nlo++] = l;
    }
    return exact_meet(lo, nlo, hi, nhi);
}

/* Axis i: L = fl(bmin - amax), H = fl(bmax - amin), d = fl(va - vb) (exact
 * signs, zero only when exact); the overlap times [lo, hi] when d != 0,
 * with inv = fl(1/d): min and max of fl(L inv), fl(H inv) (L <= H, and
 * rounding is monotonic, so the order follows d's sign). */
#define AS_AXIS(X, lo, hi)                                                                                     \
    do {                                                                                                       \
        double L = (double)b.box.min.X - a.box.max.X, H = (double)b.box.max.X - a.box.min.X;                  \
        double d = (double)a.velocity.X - b.velocity.X;                                                        \
        chk += (L + H) + d;                                                                                    \
        if (d != 0) {                                                                                          \
            double inv = 1 / d, t0 = L * inv, t1 = H * inv;                                                    \
            lo = t0 < t1 ? t0 : t1; /* minsd and maxsd: one shared test would be a branch */                \
            hi = t0 > t1 ? t0 : t1;                                                                            \
        } else {                                                                                               \
            lo = L <= 0 && H >= 0 ? 0 : 2; /* every t or none (an exact test) */                             \
            hi = 1;                                                                                            \
        }                                                                                                      \
    } while (0)

bool isect_aabb_sweep_aabb(isect_moving_aabb a, isect_moving_aabb b, isect_aabb_sweep_aabb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    double chk = 0, lx, hx, ly, hy, lz, hz;
    AS_AXIS(x, lx, hx);
    AS_AXIS(y, ly, hy);
    AS_AXIS(z, lz, hz);
    /* Valid: every L, H, d finite (then every input is: an infinite or NaN
     * operand makes its difference infinite or NaN; a sum of nine finite
     * values below 2^130 is finite) and min <= max in both boxes. */
    bool ordered = (a.box.min.x <= a.box.max.x) & (a.box.min.y <= a.box.max.y) & (a.box.min.z <= a.box.max.z) &
                   (b.box.min.x <= b.box.max.x) & (b.box.min.y <= b.box.max.y) & (b.box.min.z <= b.box.max.z);
    if (!(chk - chk == 0) || !ordered)
        return false;
    double entry = lx > ly ? lx : ly, exit = hx < hy ? hx : hy;
    entry = lz > entry ? lz : entry;
    exit = hz < exit ? hz : exit;
    entry = entry > 0 ? entry : 0;
    exit = exit < 1 ? exit : 1;
    /* FB_SWEEP_END (fast/fast_bounds.h): the ends are within gamma_4. */
    if (!(entry * (1 + FB_SWEEP_END) <= exit) &&
        (exit * (1 + FB_SWEEP_END) < entry || !exact_hit(&a, &b)))
        return false;
    if (out) { /* exact entry <= 1, entry within gamma_4 of it: fl32(entry) <= 1 */
        out->hit = true;
        out->t = (float)entry;
    }
    return true;
}
