/* ref/interval.c: outward-rounded interval arithmetic; see interval.h. */
#include "interval.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* The next double up (down) from x: nextafter(x, +inf) (nextafter(x, -inf))
 * computed on the bit pattern, without a libm call (it was most of ref's
 * filter time).  For a finite non-zero x the neighbour away from (towards)
 * zero is the pattern plus (minus) one, overflow to inf and the subnormals
 * included; 0 of either sign goes to +-2^-1074; NaN and the infinity in the
 * direction of the move stay; the other infinity goes to -+DBL_MAX, the
 * pattern minus one.  tests/test_interval.c checks it against nextafter. */
static double step(double x, int dir)
{
    if (x != x || x == dir * INFINITY)
        return x;
    if (x == 0)
        return dir * 0x1p-1074;
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    b += (x > 0) == (dir > 0) ? 1 : (uint64_t)-1;
    memcpy(&x, &b, sizeof x);
    return x;
}

static double down(double x) { return step(x, -1); }
static double up(double x) { return step(x, 1); }

static iv whole(void) { return (iv){-INFINITY, INFINITY}; }

iv iv_point(double x) { return (iv){x, x}; }
iv iv_make(double lo, double hi) { return (iv){lo, hi}; }

bool iv_has_nan(iv a) { return isnan(a.lo) || isnan(a.hi); }

iv iv_add(iv a, iv b)
{
    iv r = {down(a.lo + b.lo), up(a.hi + b.hi)};
    /* inf + -inf inside an endpoint: nothing is known. */
    if (iv_has_nan(r) && !iv_has_nan(a) && !iv_has_nan(b))
        return whole();
    return r;
}

iv iv_neg(iv a) { return (iv){-a.hi, -a.lo}; }

iv iv_sub(iv a, iv b) { return iv_add(a, iv_neg(b)); }

/* Product of two endpoints where 0 * inf counts as 0: the endpoints stand for
 * limits of finite values, and 0 times any finite value is 0. */
static double emul(double x, double y)
{
    if (x == 0 || y == 0)
        return 0;
    return x * y;
}

/* Outward-rounded hull of four endpoint results; zero[i] marks a result that
 * is exactly 0 (a zero factor or numerator), which needs no widening.  A
 * result that is 0 only because it underflowed is widened like any other. */
static iv hull4(const double p[4], const bool zero[4])
{
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < 4; i++) {
        if (isnan(p[i]))
            return whole();
        double l = zero[i] ? 0 : down(p[i]), h = zero[i] ? 0 : up(p[i]);
        if (l < lo)
            lo = l;
        if (h > hi)
            hi = h;
    }
    return (iv){lo, hi};
}

iv iv_mul(iv a, iv b)
{
    if (iv_has_nan(a) || iv_has_nan(b))
        return (iv){NAN, NAN};
    double p[4] = {emul(a.lo, b.lo), emul(a.lo, b.hi), emul(a.hi, b.lo), emul(a.hi, b.hi)};
    bool z[4] = {a.lo == 0 || b.lo == 0, a.lo == 0 || b.hi == 0, a.hi == 0 || b.lo == 0, a.hi == 0 || b.hi == 0};
    return hull4(p, z);
}

iv iv_sqr(iv a)
{
    if (iv_has_nan(a))
        return a;
    double l = fabs(a.lo), h = fabs(a.hi);
    double mx = l > h ? l : h;
    double mn = (a.lo <= 0 && a.hi >= 0) ? 0 : (l < h ? l : h);
    return (iv){mn == 0 ? 0 : down(mn * mn), mx == 0 ? 0 : up(mx * mx)};
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
    double lo = a.lo <= 0 ? 0 : down(sqrt(a.lo));
    if (lo < 0)
        lo = 0;
    return (iv){lo, up(sqrt(a.hi))};
}

iv iv_hull(iv a, iv b)
{
    if (iv_has_nan(a) || iv_has_nan(b))
        return (iv){NAN, NAN};
    return (iv){a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
}

bool iv_contains(iv a, double x) { return iv_has_nan(a) || (a.lo <= x && x <= a.hi); }
bool iv_nonneg(iv a) { return !iv_has_nan(a) && a.lo >= 0; }
bool iv_pos(iv a) { return !iv_has_nan(a) && a.lo > 0; }
bool iv_nonpos(iv a) { return !iv_has_nan(a) && a.hi <= 0; }
bool iv_neg_strict(iv a) { return !iv_has_nan(a) && a.hi < 0; }

isect_iv isect_iv_around(double x, double r) { return iv_add(iv_point(x), iv_make(-r, r)); }
bool isect_iv_contains(isect_iv e, double x) { return iv_contains(e, x); }
bool isect_iv_has_nan(isect_iv e) { return iv_has_nan(e); }

iv3 iv3_sub(iv3 a, iv3 b) { return (iv3){iv_sub(a.x, b.x), iv_sub(a.y, b.y), iv_sub(a.z, b.z)}; }

iv3 iv3_cross(iv3 a, iv3 b)
{
    return (iv3){iv_sub(iv_mul(a.y, b.z), iv_mul(a.z, b.y)),
                 iv_sub(iv_mul(a.z, b.x), iv_mul(a.x, b.z)),
                 iv_sub(iv_mul(a.x, b.y), iv_mul(a.y, b.x))};
}

iv iv3_dot(iv3 a, iv3 b) { return iv_add(iv_add(iv_mul(a.x, b.x), iv_mul(a.y, b.y)), iv_mul(a.z, b.z)); }

iv iv_bool(bool certain_true, bool certain_false)
{
    if (certain_true)
        return (iv){1, 1};
    if (certain_false)
        return (iv){0, 0};
    return (iv){0, 1};
}

iv3 iv3_add(iv3 a, iv3 b) { return (iv3){iv_add(a.x, b.x), iv_add(a.y, b.y), iv_add(a.z, b.z)}; }
iv3 iv3_scale(iv3 a, iv s) { return (iv3){iv_mul(a.x, s), iv_mul(a.y, s), iv_mul(a.z, s)}; }
iv3 iv3_axpy(iv3 a, iv s, iv3 b)
{
    return (iv3){iv_add(a.x, iv_mul(s, b.x)), iv_add(a.y, iv_mul(s, b.y)), iv_add(a.z, iv_mul(s, b.z))};
}
iv3 iv3_hull(iv3 a, iv3 b) { return (iv3){iv_hull(a.x, b.x), iv_hull(a.y, b.y), iv_hull(a.z, b.z)}; }
iv iv3_norm2(iv3 a) { return iv_add(iv_add(iv_sqr(a.x), iv_sqr(a.y)), iv_sqr(a.z)); }

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
