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
 * - an upper end's sign is the sign of p - q, exact (p < q: the slab lies
 *   behind t = 0, a miss); a lower end with p <= q does not delay the
 *   entry (it is <= 0);
 * - the other ends are E = fl(fl(p - q) / fl(r - s)) in binary64: three
 *   roundings, so within gamma_3 (relative) of the exact end, and no
 *   overflow or underflow (a difference of binary32 values is 0 only when
 *   exact, at least 2^-149 and at most 2^129 in magnitude, so
 *   2^-278 <= |E| <= 2^278);
 * - the decision entry <= exit is taken when the guard FB_RAY_END certifies
 *   it (fast/fast_bounds.h: its derivation holds word for word for ends
 *   within gamma_3 with exact signs, and exact 0 and 1), else every pair
 *   (lower end, upper end) and every lower end against 1 is compared
 *   exactly with expansions (fast/fast_exact.h, polynomials of degree 2).
 *
 * The hit flag is exact for every input.  t = fl32(entry), at most 1:
 * exact when the entry is 0 (static overlap) and within one binary32 ulp
 * of the exact entry otherwise.  docs/queries/aabb_sweep_aabb.md.
 */
#include "isect.h"

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

static bool box_valid(isect_aabb b)
{
    return fv_finite3(b.min) && fv_finite3(b.max) && b.min.x <= b.max.x && b.min.y <= b.max.y && b.min.z <= b.max.z;
}

/* fl(fl(p - q) / fl(r - s)) in binary64, for p > q, r > s. */
static double end_value(as_end e) { return ((double)e.p - e.q) / ((double)e.r - e.s); }

bool isect_aabb_sweep_aabb(isect_moving_aabb a, isect_moving_aabb b, isect_aabb_sweep_aabb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!box_valid(a.box) || !box_valid(b.box) || !fv_finite3(a.velocity) || !fv_finite3(b.velocity))
        return false;
    const float amin[3] = {a.box.min.x, a.box.min.y, a.box.min.z}, amax[3] = {a.box.max.x, a.box.max.y, a.box.max.z};
    const float bmin[3] = {b.box.min.x, b.box.min.y, b.box.min.z}, bmax[3] = {b.box.max.x, b.box.max.y, b.box.max.z};
    const float va[3] = {a.velocity.x, a.velocity.y, a.velocity.z}, vb[3] = {b.velocity.x, b.velocity.y, b.velocity.z};
    as_end lo[3], hi[3];
    int nlo = 0, nhi = 0;
    double entry = 0, exit = 1;
    for (int i = 0; i < 3; i++) {
        as_end l, h;
        if (va[i] == vb[i]) {
            if (bmin[i] > amax[i] || amin[i] > bmax[i])
                return false; /* apart on this axis at every t */
            continue;
        } else if (va[i] > vb[i]) {
            l = (as_end){bmin[i], amax[i], va[i], vb[i]};
            h = (as_end){bmax[i], amin[i], va[i], vb[i]};
        } else {
            l = (as_end){amin[i], bmax[i], vb[i], va[i]};
            h = (as_end){amax[i], bmin[i], vb[i], va[i]};
        }
        if (h.p < h.q)
            return false; /* apart and separating: the upper end is < 0 */
        double x = h.p == h.q ? 0 : end_value(h);
        exit = x < exit ? x : exit;
        hi[nhi++] = h;
        if (l.p > l.q) {
            x = end_value(l);
            entry = x > entry ? x : entry;
            lo[nlo++] = l;
        }
    }
    if (!(entry * (1 + FB_RAY_END) <= exit) &&
        (exit * (1 + FB_RAY_END) < entry || !exact_meet(lo, nlo, hi, nhi)))
        return false;
    if (out) {
        float t = (float)entry;
        out->hit = true;
        out->t = t > 1 ? 1 : t;
    }
    return true;
}
