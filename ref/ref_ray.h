/* ref/ref_ray.h: helpers shared by the ray queries (ref/ray_*.c): their
 * common input domain and the slab enclosures.  Private to libisect_ref. */
#ifndef ISECT_REF_RAY_H
#define ISECT_REF_RAY_H

#include "interval.h"

#include <math.h>
#include <stdbool.h>

/* The domain all ray queries share: in[0..n) finite, except in[tmax], which
 * may be +inf but not NaN or negative. */
static inline bool rq_ray_finite(const double *in, int n, int tmax)
{
    for (int i = 0; i < n; i++)
        if (i != tmax && !isfinite(in[i]))
            return false;
    return !isnan(in[tmax]) && in[tmax] >= 0;
}

static inline double rq_min(double a, double b) { return a < b ? a : b; }
static inline double rq_max(double a, double b) { return a > b ? a : b; }

/* The slab mn <= o + t d <= mx (one coordinate): enclosures of the ends
 * [lo, hi] of its parameter interval over the points of the box where it
 * is not empty (lo = -inf, hi = +inf where d = 0 and o is inside); *empty
 * when at every point of the box it holds for no t >= 0.  Handles d
 * intervals that contain 0 without giving up (docs/queries/ray_aabb.md). */
static inline void rq_slab_encl(iv o, iv d, iv mn, iv mx, iv *lo, iv *hi, bool *empty)
{
    iv a = iv_sub(mn, o), b = iv_sub(mx, o); /* t_i d = a (entry side when d > 0), b */
    *empty = false;
    iv whole = iv_make(-INFINITY, INFINITY);
    if (iv_has_nan(a) || iv_has_nan(b) || iv_has_nan(d)) {
        *lo = *hi = whole;
        return;
    }
    if (d.lo > 0) {
        *lo = iv_div(a, d);
        *hi = iv_div(b, d);
    } else if (d.hi < 0) {
        *lo = iv_div(b, d);
        *hi = iv_div(a, d);
    } else if (a.hi < 0 && b.lo > 0) {
        /* The origin is strictly inside the slab at every point: lo <= 0 <= hi
         * wherever d != 0 (and the slab is everything where d = 0).  hi is
         * at least b/d over d in (0, d.hi] and a/d over d in [d.lo, 0). */
        double h = INFINITY, l = -INFINITY;
        if (d.hi > 0) {
            h = rq_min(h, iv_div(b, iv_make(d.hi, d.hi)).lo);
            l = rq_max(l, iv_div(a, iv_make(d.hi, d.hi)).hi);
        }
        if (d.lo < 0) {
            h = rq_min(h, iv_div(a, iv_make(d.lo, d.lo)).lo);
            l = rq_max(l, iv_div(b, iv_make(d.lo, d.lo)).hi);
        }
        *lo = iv_make(-INFINITY, rq_min(l, 0));
        *hi = iv_make(rq_max(h, 0), INFINITY);
    } else if (a.lo > 0) {
        /* The origin is below the slab at every point: only d > 0 can reach
         * it, at t >= a/d >= a.lo/d.hi. */
        if (d.hi <= 0) {
            *empty = true;
            *lo = *hi = whole;
            return;
        }
        *lo = iv_make(iv_div(a, iv_make(d.hi, d.hi)).lo, INFINITY);
        *hi = iv_make(iv_div(b, iv_make(d.hi, d.hi)).lo, INFINITY);
    } else if (b.hi < 0) {
        /* Above the slab: only d < 0 reaches it, at t >= b/d >= b.hi/d.lo. */
        if (d.lo >= 0) {
            *empty = true;
            *lo = *hi = whole;
            return;
        }
        *lo = iv_make(iv_div(b, iv_make(d.lo, d.lo)).lo, INFINITY);
        *hi = iv_make(iv_div(a, iv_make(d.lo, d.lo)).lo, INFINITY);
    } else {
        *lo = *hi = whole;
    }
}

/* Meets the enclosure [entry, exit] of a ray's parameter interval with the
 * slab mn <= o + t d <= mx (rq_slab_encl), end by end; sets *empty_any when
 * the slab is certainly empty. */
static inline void rq_meet_slab(iv o, iv d, iv mn, iv mx, iv *entry, iv *exit, bool *empty_any)
{
    iv lo, hi;
    bool empty;
    rq_slab_encl(o, d, mn, mx, &lo, &hi, &empty);
    *empty_any = *empty_any || empty;
    *entry = iv_make(rq_max(entry->lo, lo.lo), rq_max(entry->hi, lo.hi));
    *exit = iv_make(rq_min(exit->lo, hi.lo), rq_min(exit->hi, hi.hi));
}

/* The enclosure of t over the box, cut at tmax; empty (no hit in the box,
 * where any interval will do) gives [0, 0]. */
static inline iv rq_clip_t(iv t, iv tmax)
{
    if (t.hi > tmax.hi)
        t.hi = tmax.hi;
    if (t.lo > t.hi)
        t = iv_point(0);
    return t;
}

#endif
