/* ref/interval.c: outward-rounded interval arithmetic; see interval.h. */
#include "interval.h"

#include <math.h>

static iv whole(void) { return (iv){-INFINITY, INFINITY}; }

/* Outward-rounded hull of four endpoint quotients; zero[i] marks a result
 * that is exactly 0 (a zero numerator), which needs no widening.  A result
 * that is 0 only because it underflowed is widened like any other. */
static iv hull4(const double p[4], const bool zero[4])
{
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < 4; i++) {
        if (isnan(p[i]))
            return whole();
        double l = zero[i] ? 0 : iv_down(p[i]), h = zero[i] ? 0 : iv_up(p[i]);
        if (l < lo)
            lo = l;
        if (h > hi)
            hi = h;
    }
    return (iv){lo, hi};
}

iv iv_div(iv a, iv b)
{
    if (iv_has_nan(a) || iv_has_nan(b))
        return (iv){NAN, NAN};
    if (b.lo <= 0 && b.hi >= 0)
        return whole();
    double q[4] = {a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi}; /* inf / inf is NaN: whole */
    bool z[4] = {a.lo == 0, a.lo == 0, a.hi == 0, a.hi == 0};
    return hull4(q, z);
}

iv iv_sqrt(iv a)
{
    if (iv_has_nan(a) || a.hi < 0)
        return (iv){NAN, NAN};
    double lo = a.lo <= 0 ? 0 : iv_down(sqrt(a.lo));
    if (lo < 0)
        lo = 0;
    return (iv){lo, iv_up(sqrt(a.hi))};
}

iv iv_hull(iv a, iv b)
{
    if (iv_has_nan(a) || iv_has_nan(b))
        return (iv){NAN, NAN};
    return (iv){a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
}

bool iv_contains(iv a, double x) { return iv_has_nan(a) || (a.lo <= x && x <= a.hi); }

isect_iv isect_iv_around(double x, double r) { return iv_add(iv_point(x), iv_make(-r, r)); }
bool isect_iv_contains(isect_iv e, double x) { return iv_contains(e, x); }
bool isect_iv_has_nan(isect_iv e) { return iv_has_nan(e); }

iv3 iv3_sub(iv3 a, iv3 b)
{
    iv3 r = {iv_sub(a.x, b.x), iv_sub(a.y, b.y), iv_sub(a.z, b.z)};
    return r;
}
iv3 iv3_add(iv3 a, iv3 b)
{
    iv3 r = {iv_add(a.x, b.x), iv_add(a.y, b.y), iv_add(a.z, b.z)};
    return r;
}
iv3 iv3_cross(iv3 a, iv3 b)
{
    iv3 r = {iv_sub(iv_mul(a.y, b.z), iv_mul(a.z, b.y)), iv_sub(iv_mul(a.z, b.x), iv_mul(a.x, b.z)),
             iv_sub(iv_mul(a.x, b.y), iv_mul(a.y, b.x))};
    return r;
}
iv iv3_dot(iv3 a, iv3 b) { return iv_add(iv_add(iv_mul(a.x, b.x), iv_mul(a.y, b.y)), iv_mul(a.z, b.z)); }
iv3 iv3_scale(iv3 a, iv s)
{
    iv3 r = {iv_mul(a.x, s), iv_mul(a.y, s), iv_mul(a.z, s)};
    return r;
}
iv3 iv3_axpy(iv3 a, iv s, iv3 b) /* a + s b */
{
    iv3 r = {iv_add(a.x, iv_mul(s, b.x)), iv_add(a.y, iv_mul(s, b.y)), iv_add(a.z, iv_mul(s, b.z))};
    return r;
}
iv iv3_norm2(iv3 a) { return iv_add(iv_add(iv_sqr(a.x), iv_sqr(a.y)), iv_sqr(a.z)); }
iv3 iv3_hull(iv3 a, iv3 b) { return (iv3){iv_hull(a.x, b.x), iv_hull(a.y, b.y), iv_hull(a.z, b.z)}; }

void iv3_closest_segment(iv3 *q, iv *d2, iv3 p, iv3 x, iv3 e)
{
    iv3 w = iv3_sub(p, x);
    iv ee = iv3_norm2(e);
    iv u = iv_clamp(iv_div(iv3_dot(e, w), ee), 0, 1);
    *q = iv3_add(x, iv3_scale(e, u));
    *d2 = iv3_norm2(iv3_sub(w, iv3_scale(e, u)));
    iv line = iv_div(iv3_norm2(iv3_cross(w, e)), ee);
    if (!iv_has_nan(*d2) && !iv_has_nan(line) && line.lo > d2->lo && line.lo <= d2->hi)
        d2->lo = line.lo;
}
