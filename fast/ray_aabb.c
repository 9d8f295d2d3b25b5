/* fast/ray_aabb.c: ray against a closed axis-aligned box in binary32.
 *
 * The slab test (Kay and Kajiya 1986; Williams et al. 2005) as a filtered
 * exact predicate (Shewchuk's style).  The common path is the textbook's
 * binary32 slab test, each end fl(fl(b - o) fl(1/d)), ordered by min and
 * max (rounding is monotone, so the computed ends keep the exact ends'
 * order), the entry the largest lower end (at least 0), the exit the
 * smallest upper end (at most tmax), with ONE branch: entry <= exit is
 * taken when the guard FB_RAY32_SLAB certifies it (and the input is valid:
 * finite ends, min <= max), exit < entry likewise (a miss, which is also
 * what invalid input answers).  Otherwise a cold function validates,
 * computes the ends in binary64 (no overflow or underflow for any binary32
 * input; a zero direction component gives the exact slab (-inf, inf) when
 * min <= o <= max, else the empty one (inf, -inf), so no 0 * inf arises
 * for a ray lying in a face plane) and orders each pair of ends by the
 * guard FB_RAY_END, or exactly where it cannot (rc_end_cmp: four exact
 * products in an expansion).  The hit flag is exact for every input; t is
 * the entry (binary32, or binary64 rounded) clipped to tmax.
 * docs/queries/ray_aabb.md.
 */
#include "isect.h"

#include "fast_ray.h"

#include <float.h>
#include <string.h>

/* One slab: its ends in binary64 (ra_slab) and exactly (as rc_end, with
 * d > 0; used by the cold path only). */
typedef struct {
    double lo, hi;
} ra_ends;

static inline ra_ends ra_slab(float o, float d, float mn, float mx)
{
    double inv = 1.0 / d, a = ((double)mn - o) * inv, b = ((double)mx - o) * inv;
    bool in = mn <= o && o <= mx;
    ra_ends e = {a < b ? a : b, a < b ? b : a};
    if (d == 0)
        e = (ra_ends){in ? -INFINITY : INFINITY, in ? INFINITY : -INFINITY};
    return e;
}

/* Is lower end lo (slab i) certainly (1), certainly not (0) or maybe (-1)
 * at most upper end hi (FB_RAY_END, fast/fast_bounds.h)?  Ends of slabs
 * with d == 0 are exact (+-inf). */
static int ra_le(double lo, double hi)
{
    if (lo * (1 + FB_RAY_END) <= hi || lo == -INFINITY || hi == INFINITY)
        return 1;
    if (hi * (1 + FB_RAY_END) < lo)
        return 0;
    return -1;
}

/* The slab end (p - q)/d, d > 0, of axis i: lower (hi == 0) or upper. */
static rc_end ra_end(float o, float d, float mn, float mx, int hi)
{
    if (d > 0)
        return hi ? (rc_end){mx, o, d} : (rc_end){mn, o, d};
    return hi ? (rc_end){o, mn, -d} : (rc_end){o, mx, -d};
}

/* 0 iff x is finite (x - x is 0, else NaN). */
static inline float ra_fin(float x) { return x - x; }

/* The validity test of ra_cold in one branch: every coordinate finite (a
 * sum of the x - x, 0 iff each is 0, NaN otherwise), min <= max, tmax >= 0
 * (NaN fails, +inf passes): rc_ray_valid, fv_finite3 and the three
 * comparisons. */
static inline bool ra_valid(const isect_ray *r, const isect_aabb *b)
{
    const float z = ((ra_fin(r->origin.x) + ra_fin(r->origin.y)) + (ra_fin(r->origin.z) + ra_fin(r->dir.x))) +
                    ((ra_fin(r->dir.y) + ra_fin(r->dir.z)) + (ra_fin(b->min.x) + ra_fin(b->min.y))) +
                    ((ra_fin(b->min.z) + ra_fin(b->max.x)) + (ra_fin(b->max.y) + ra_fin(b->max.z)));
    return (z == 0) & (r->tmax >= 0) & (b->min.x <= b->max.x) & (b->min.y <= b->max.y) & (b->min.z <= b->max.z);
}

/* The input the filter did not certify: invalid, or every pair (lower end
 * of slab i, upper end of slab j or tmax) that the binary64 ends cannot
 * order is compared exactly; an upper end's sign is exact in binary64.
 * First the pair of the largest lower end L and the smallest upper end or
 * tmax, H: ra_le(L, H) == 1 makes every pair certain (lo_i (1 + E) <=
 * L (1 + E) <= H <= hi_j: rounding is monotone), == 0 one pair certainly
 * out of order (a miss); else each pair. */
static ISECT_NOINLINE bool ra_cold(const isect_ray *rp, const isect_aabb *bp, isect_ray_aabb_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!ra_valid(rp, bp))
        return false;
    RC_EXACT_HOOK();
    const isect_ray ray = *rp;
    const isect_aabb box = *bp;
    const float o[3] = {ray.origin.x, ray.origin.y, ray.origin.z}, d[3] = {ray.dir.x, ray.dir.y, ray.dir.z};
    const float mn[3] = {box.min.x, box.min.y, box.min.z}, mx[3] = {box.max.x, box.max.y, box.max.z};
    ra_ends e[3];
    double entry = 0, exit = ray.tmax;
    for (int i = 0; i < 3; i++) {
        e[i] = ra_slab(o[i], d[i], mn[i], mx[i]);
        if (e[i].hi < 0)
            return false; /* behind the origin, or a parallel slab missed */
        entry = e[i].lo > entry ? e[i].lo : entry;
        exit = e[i].hi < exit ? e[i].hi : exit;
    }
    const int all = ra_le(entry, exit); /* entry >= 0 is L or 0; 0 <= hi_j and tmax */
    if (all == 0)
        return false;
    for (int i = 0; i < 3 && all < 0; i++) {
        int c = ra_le(e[i].lo, ray.tmax);
        if (c == 0 || (c < 0 && rc_end_cmp(ra_end(o[i], d[i], mn[i], mx[i], 0), (rc_end){ray.tmax, 0, 1}) > 0))
            return false; /* entered after tmax */
        for (int j = 0; j < 3; j++) {
            if (j == i)
                continue;
            c = ra_le(e[i].lo, e[j].hi);
            if (c == 0 || (c < 0 && rc_end_cmp(ra_end(o[i], d[i], mn[i], mx[i], 0),
                                               ra_end(o[j], d[j], mn[j], mx[j], 1)) > 0))
                return false;
        }
    }
    if (out) {
        float t = (float)entry;
        out->hit = true;
        out->t = t > ray.tmax ? ray.tmax : t; /* entry is never NaN */
    }
    return true;
}

/* A slab's ends fl(fl(b - o) fl(1/d)) in binary32, ordered (no branch). */
typedef struct {
    float lo, hi;
} ra_ends32;

static inline ra_ends32 ra_slab32(float o, float d, float mn, float mx)
{
    float inv = 1.0f / d, a = (mn - o) * inv, b = (mx - o) * inv;
    return (ra_ends32){a < b ? a : b, a < b ? b : a};
}

/* The binary32 stage, the textbook's arithmetic (FB_RAY32_SLAB,
 * fast/fast_bounds_stages.h): each end E is computed within 6.02 u32 |E| +
 * 2^-150 when finite; the entry lo >= 0 and the exit hi (at most tmax) are
 * certainly ordered when fl(fl(lo + 2^-140)(1 + 2^-20)) <= hi (a hit) or
 * fl(fl(hi (1 + 2^-20)) + 2^-140) < lo (a miss).  Validity as in the
 * binary64 stage: the sum of the six ends finite (an infinite 1/d, a zero
 * or tiny d, or a non-finite input makes an end inf or NaN), min <= max; a
 * NaN tmax certifies nothing, a negative one only a miss.  One branch:
 * certified, or the cold path (ra_cold: binary64 ends, then exact
 * comparisons).  t is the entry: within 6.02 u32 of it, plus 2^-150. */
bool isect_ray_aabb(isect_ray ray, isect_aabb box, isect_ray_aabb_result *out)
{
    ra_ends32 x = ra_slab32(ray.origin.x, ray.dir.x, box.min.x, box.max.x);
    ra_ends32 y = ra_slab32(ray.origin.y, ray.dir.y, box.min.y, box.max.y);
    ra_ends32 z = ra_slab32(ray.origin.z, ray.dir.z, box.min.z, box.max.z);
    float lo = x.lo > 0 ? x.lo : 0, hi = x.hi < ray.tmax ? x.hi : ray.tmax;
    lo = y.lo > lo ? y.lo : lo;
    lo = z.lo > lo ? z.lo : lo;
    hi = y.hi < hi ? y.hi : hi;
    hi = z.hi < hi ? z.hi : hi;
    float e = (x.lo + x.hi) + (y.lo + y.hi) + (z.lo + z.hi);
    bool valid = (fabsf(e) <= FLT_MAX) & (box.min.x <= box.max.x) & (box.min.y <= box.max.y) &
                 (box.min.z <= box.max.z);
    bool hit = valid & ((lo + FB_RAY32_SLAB_ABS) * (1 + FB_RAY32_SLAB) <= hi);
    bool miss = (fabsf(e) <= FLT_MAX) & (hi * (1 + FB_RAY32_SLAB) + FB_RAY32_SLAB_ABS < lo);
    if (ISECT_UNLIKELY(!(hit | miss)))
        return ra_cold(&ray, &box, out); /* pointers: no copy of the arguments */
    if (out) {
        out->hit = hit;
        out->t = fv_keep32(lo, hit);
    }
    return hit;
}
