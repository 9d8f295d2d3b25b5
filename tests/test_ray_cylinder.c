/* tests/test_ray_cylinder.c: ray_cylinder, ref on hand-derived cases for
 * every branch, an independent exact formulation on small integers,
 * metamorphic properties exact for ref, the enclosure, the filter, the
 * judge, fast, and zoo:cylinder_2016.
 *
 * Flat layout: in = origin[3] dir[3] tmax p0[3] p1[3] radius; out = hit t.
 * The base cylinder Z: p0 = (0,0,0), p1 = (0,0,4), radius 2: the solid
 * x^2 + y^2 <= 4, 0 <= z <= 4.  Expected values are derived by hand in the
 * comments (irrational ones with 80 decimal digits, then rounded).
 */
#include "testlib_ray.h"

enum { N_IN = 14, IN_O = 0, IN_D = 3, IN_P0 = 7, IN_P1 = 10, IN_R = 13 };

#define IN(...) {__VA_ARGS__} /* origin[3] dir[3] tmax p0[3] p1[3] radius */
#define Z 0, 0, 0, 0, 0, 4, 2

static const rt_case cases[] = {
    /* side */
    {IN(5, 0, 2, -1, 0, 0, INFINITY, Z), 1, 3, "side"},
    {IN(10, 3, 2, -1, 0, 0, INFINITY, 0, 0, 0, 0, 0, 4, 5), 1, 6, "side, 3-4-5"},
    /* x^2 + 1 = 4: t = 5 - sqrt 3 = 3.26794919243112270647255365849412763305719. */
    {IN(5, 1, 2, -1, 0, 0, INFINITY, Z), 1, 0x1.a24c28bd3d9abp+1, "side, irrational"},
    {IN(-5, 0, 2, -1, 0, 0, INFINITY, Z), 0, 0, "side behind"},
    {IN(5, 0, 2, -1, 0, 0, 1, Z), 0, 0, "segment ending short of the side"},
    /* tangent to the side at (2,0,2); one ulp outside */
    {IN(2, -5, 2, 0, 1, 0, INFINITY, Z), 1, 5, "tangent"},
    {IN(0x1.000002p+1, -5, 2, 0, 1, 0, INFINITY, Z), 0, 0, "one ulp beyond tangent"},
    /* passing above the top cap (z = 5) */
    {IN(5, 0, 5, -1, 0, 0, INFINITY, Z), 0, 0, "above the top"},
    /* caps */
    {IN(1, 1, 10, 0, 0, -1, INFINITY, Z), 1, 6, "top cap"},
    {IN(1, 1, -3, 0, 0, 2, INFINITY, Z), 1, 1.5, "bottom cap, parallel inside"},
    {IN(1, 1, 10, 0, 0, -1, INFINITY, 0, 0, 4, 0, 0, 0, 2), 1, 6, "top cap, axis reversed"},
    {IN(3, 0, -3, 0, 0, 1, INFINITY, Z), 0, 0, "parallel outside"},
    {IN(2, 0, -3, 0, 0, 1, INFINITY, Z), 1, 3, "parallel on the side surface: the rim"},
    {IN(3, 0, 6, 0, 0, -1, INFINITY, Z), 0, 0, "over the cap plane outside the circle"},
    /* The cap entry comes after the side root: from (3,0,6) along (-1,0,-1)
     * the side x = 2 is met at t = 1 with z = 5 (above), the cap z = 4 at
     * t = 2 with x = 1 (inside): t = 2. */
    {IN(3, 0, 6, -1, 0, -1, INFINITY, Z), 1, 2, "cap after the side root"},
    /* The side entry comes after the cap plane: from (5,0,6) along (-1,0,-1)
     * z = 4 at t = 2 with x = 3 (outside), x = 2 at t = 3 with z = 3: t = 3. */
    {IN(5, 0, 6, -1, 0, -1, INFINITY, Z), 1, 3, "side after the cap plane"},
    /* The rim: from (4,0,6) along (-1,0,-1): (2,0,4) at t = 2. */
    {IN(4, 0, 6, -1, 0, -1, INFINITY, Z), 1, 2, "rim"},
    /* Grazing the rim from outside: from (4,0,2) along (-1,0,1): at t = 2
     * the point (2,0,4), the rim, then z > 4: the only common point. */
    {IN(4, 0, 2, -1, 0, 1, INFINITY, Z), 1, 2, "grazing the rim"},
    /* ... one ulp higher (origin z = 2 + 2^-22): misses. */
    {IN(4, 0, 0x1.000002p+1, -1, 0, 1, INFINITY, Z), 0, 0, "one ulp above the rim"},
    /* origin inside, on the boundary */
    {IN(1, 0, 2, 0, 0, 1, INFINITY, Z), 1, 0, "inside, parallel to the axis"},
    {IN(1, 0, 2, 1, 1, 0, INFINITY, Z), 1, 0, "inside, across"},
    {IN(1, 0, 4, 0, 0, 1, INFINITY, Z), 1, 0, "on the top cap leaving"},
    {IN(2, 0, 2, 1, 0, 0, INFINITY, Z), 1, 0, "on the side leaving"},
    {IN(1, 0, 2, 0, 0, 0, INFINITY, Z), 1, 0, "zero dir inside"},
    {IN(3, 0, 2, 0, 0, 0, INFINITY, Z), 0, 0, "zero dir outside"},
    {IN(1, 0, 2, 0, 0, 1, 0, Z), 1, 0, "inside, tmax 0"},
    /* tmax */
    {IN(5, 0, 2, -1, 0, 0, 3, Z), 1, 3, "t = tmax"},
    {IN(5, 0, 2, -1, 0, 0, 0x1.7ffffep+1, Z), 0, 0, "tmax one ulp short"},
    /* irrational t against tmax just below and above: 3.2679491924... */
    {IN(5, 1, 2, -1, 0, 0, 0x1.a24c28p+1, Z), 0, 0, "irrational t, tmax just below"},
    {IN(5, 1, 2, -1, 0, 0, 0x1.a24c2ap+1, Z), 1, 0x1.a24c28bd3d9abp+1, "irrational t, tmax just above"},
    /* oblique axis: 0 -> (3,4,0), radius 1; the origin 5 from the axis
     * beside its middle, dir (4,-3,0) straight at it: t = 4/5. */
    {IN(-2.5, 5, 0, 4, -3, 0, INFINITY, 0, 0, 0, 3, 4, 0, 1), 1, 0.8, "oblique axis"},
    /* oblique axis, along it into the cap: axis (0,0,0) -> (2,2,1) (length
     * 3), from -(2,2,1) along (2,2,1): the cap at p0 at t = 1. */
    {IN(-2, -2, -1, 2, 2, 1, INFINITY, 0, 0, 0, 2, 2, 1, 1), 1, 1, "oblique axis, cap"},
    /* thin and long: t = 1 - 2^-10 */
    {IN(1, 0, 0, -1, 0, 0, INFINITY, 0, 0, -1000, 0, 0, 1000, 0x1p-10), 1, 0x1.ff8p-1, "thin and long"},
    /* radius 0: the segment itself */
    {IN(-1, 0, 2, 1, 0, 0, INFINITY, 0, 0, 0, 0, 0, 4, 0), 1, 1, "radius 0 crossed"},
    {IN(-1, 0x1p-149, 2, 1, 0, 0, INFINITY, 0, 0, 0, 0, 0, 4, 0), 0, 0, "radius 0 missed by 2^-149"},
    /* zero-length axis: empty */
    {IN(-1, 0, 0, 1, 0, 0, INFINITY, 0, 0, 0, 0, 0, 0, 2), 0, 0, "zero-length axis"},
    {IN(0, 0, 0, 1, 0, 0, INFINITY, 0, 0, 0, 0, 0, 0, 2), 0, 0, "zero-length axis at the origin"},
    /* scales */
    {IN(0x5p100, 0, 0x2p100, -1, 0, 0, INFINITY, 0, 0, 0, 0, 0, 0x4p100, 0x2p100), 1, 0x3p100, "2^100 scale"},
    {IN(0x5p-140, 0, 0x2p-140, -1, 0, 0, INFINITY, 0, 0, 0, 0, 0, 0x4p-140, 0x2p-140), 1, 0x3p-140,
     "2^-140 scale"},
    {IN(5, 0, 2, -0x1p-149, 0, 0, INFINITY, Z), 1, 0x3p149, "t beyond FLT_MAX"},
};

Test(ray_cylinder, hand_cases) { rt_hand_cases(tl_query("ray_cylinder"), cases, RT_NCASES(cases)); }

Test(ray_cylinder, hand_cases_without_filter)
{
    rt_hand_cases_without_filter(tl_query("ray_cylinder"), cases, RT_NCASES(cases));
}

Test(ray_cylinder, invalid_inputs)
{
    const double base[N_IN] = IN(5, 0, 2, -1, 0, 0, INFINITY, Z);
    rt_invalid_slots(tl_query("ray_cylinder"), base, N_IN);
    double in[N_IN];
    memcpy(in, base, sizeof in);
    in[IN_R] = -1;
    tl_expect_invalid(tl_query("ray_cylinder"), in, "radius -1");
    in[IN_R] = -0x1p-149;
    tl_expect_invalid(tl_query("ray_cylinder"), in, "radius -2^-149");
}

/* ---- an independent exact formulation on small integers ------------------ */

/* Axis parallel to z through (cx, cy), from z0 to z1 > z0.  The ray is in the
 * slab for t in [lo, hi] (rationals), and f(t) = a t^2 + 2 b t + c <= 0 is
 * the side; f is convex, so on [lo, hi]: a hit at lo if f(lo) <= 0; else the
 * first root, if f's vertex -b/a is in [lo, hi] and D >= 0, or if the vertex
 * is beyond hi and f(hi) <= 0.  Rationals p/q with q > 0 in int64. */
typedef struct {
    int64_t p, q;
} frac;

static int fcmp(frac x, frac y) { return (x.p * y.q > y.p * x.q) - (x.p * y.q < y.p * x.q); }
static int64_t fsgn_quad(int64_t a, int64_t b, int64_t c, frac t) /* sign of a t^2 + 2 b t + c */
{
    int64_t v = a * t.p * t.p + 2 * b * t.p * t.q + c * t.q * t.q;
    return (v > 0) - (v < 0);
}

Test(ray_cylinder, small_integers_vs_convexity)
{
    tl_init_seed(2718);
    int hits = 0, rational = 0;
    for (int n = 0; n < 12000; n++) {
        int64_t o[3], d[3], cx = tl_int(-2, 2), cy = tl_int(-2, 2), z0 = tl_int(-3, 2), z1 = z0 + tl_int(1, 3),
                                r = tl_int(0, 3), tm = tl_rnd() % 3 ? -1 : tl_int(0, 4);
        for (int i = 0; i < 3; i++) {
            o[i] = tl_int(-4, 4);
            d[i] = tl_int(-3, 3);
        }
        double in[N_IN] = {(double)o[0], (double)o[1], (double)o[2], (double)d[0], (double)d[1], (double)d[2],
                           tm < 0 ? INFINITY : (double)tm, (double)cx, (double)cy, (double)z0, (double)cx,
                           (double)cy, (double)z1, (double)r};
        if (tl_rnd() & 1) { /* the same solid with p0 and p1 swapped */
            in[IN_P0 + 2] = (double)z1;
            in[IN_P1 + 2] = (double)z0;
        }
        double out[2];
        cr_assert_eq(ref_ray_cylinder(in, out), REF_OK);

        /* slab interval intersected with [0, tmax] */
        frac lo = {0, 1}, hi = {tm < 0 ? 1 : tm, 1};
        bool bounded = tm >= 0, hit = true;
        if (d[2] == 0) {
            hit = z0 <= o[2] && o[2] <= z1;
        } else {
            int64_t s = d[2] > 0 ? 1 : -1;
            frac a = {s * (z0 - o[2]), s * d[2]}, b = {s * (z1 - o[2]), s * d[2]};
            if (d[2] < 0) {
                frac t = a;
                a = b;
                b = t;
            }
            if (fcmp(a, lo) > 0)
                lo = a;
            if (!bounded || fcmp(b, hi) < 0)
                hi = b;
            bounded = true;
        }
        if (bounded && fcmp(lo, hi) > 0)
            hit = false;
        int64_t qa = d[0] * d[0] + d[1] * d[1], qb = (o[0] - cx) * d[0] + (o[1] - cy) * d[1],
                qc = (o[0] - cx) * (o[0] - cx) + (o[1] - cy) * (o[1] - cy) - r * r;
        bool at_lo = false;
        if (hit) {
            if (fsgn_quad(qa, qb, qc, lo) <= 0) {
                at_lo = true;
            } else if (qa == 0) {
                hit = false;
            } else {
                frac vtx = {-qb, qa};
                if (fcmp(vtx, lo) < 0)
                    hit = false; /* increasing on [lo, hi] */
                else if (bounded && fcmp(vtx, hi) > 0)
                    hit = fsgn_quad(qa, qb, qc, hi) <= 0;
                else
                    hit = qb * qb - qa * qc >= 0;
            }
        }
        cr_assert(out[0] == hit, "case %d: ref hit %g, convexity says %d", n, out[0], hit);
        if (hit && at_lo) {
            cr_assert(tl_same(out[1], (double)lo.p / (double)lo.q), "case %d: t = %a, expected %lld/%lld", n,
                      out[1], (long long)lo.p, (long long)lo.q);
            rational++;
        } else if (hit) {
            /* the first root (-b - sqrt D)/a, in long double with the
             * non-cancelling form: within one ulp of ref's correct rounding */
            long double D = (long double)(qb * qb - qa * qc), s = sqrtl(D);
            long double t = qb < 0 ? (long double)qc / (-qb + s) : (-qb - s) / (long double)qa;
            double tt = (double)t;
            cr_assert(out[1] == tt || out[1] == nextafter(tt, 0) || out[1] == nextafter(tt, INFINITY),
                      "case %d: t = %a, the root is %a", n, out[1], tt);
        }
        hits += hit;
    }
    cr_assert(hits > 900 && rational > 600, "only %d hits, %d rational", hits, rational);
}

/* ---- metamorphic properties ----------------------------------------------- */

static void gen(double *in)
{
    int kind = tl_int(0, 4);
    for (int i = 0; i < N_IN; i++)
        in[i] = kind == 0 ? tl_int(-4, 4) : tl_f32(kind == 1 ? 4 : 30);
    in[IN_R] = fabs(in[IN_R]);
    if (kind == 3) /* aimed at the axis' middle */
        for (int i = 0; i < 3; i++)
            in[IN_D + i] = (float)(0.5 * (in[IN_P0 + i] + in[IN_P1 + i]) - in[IN_O + i]);
    if (kind == 4) /* parallel to the axis */
        for (int i = 0; i < 3; i++)
            in[IN_D + i] = (float)(in[IN_P1 + i] - in[IN_P0 + i]);
    in[RT_TMAX] = rt_rand_tmax();
}

Test(ray_cylinder, metamorphic)
{
    tl_init_seed(4245);
    int hits = 0, zero = 0;
    for (int n = 0; n < 1200; n++) {
        double in[N_IN], tr[N_IN], a[2], b[2];
        gen(in);
        if (ref_ray_cylinder(in, a) != REF_OK)
            continue;
        hits += a[0] != 0;
        zero += a[0] != 0 && a[1] == 0;
        static const int vecs[] = {IN_O, IN_D, IN_P0, IN_P1};
        rt_ref_axis_mapped(ref_ray_cylinder, in, N_IN, vecs, 4, b);
        RT_SAME(a, b, "case %d: axis map", n);
        /* p0 and p1 swapped: the same solid. */
        memcpy(tr, in, sizeof tr);
        memcpy(tr + IN_P0, in + IN_P1, 3 * sizeof *in);
        memcpy(tr + IN_P1, in + IN_P0, 3 * sizeof *in);
        ref_ray_cylinder(tr, b);
        RT_SAME(a, b, "case %d: p0, p1 swapped", n);
        static const int pos[] = {IN_O, IN_P0, IN_P1}, len[] = {IN_R};
        rt_check_scalings(ref_ray_cylinder, in, a, N_IN, pos, 3, len, 1, n);
    }
    cr_assert(hits > 180 && zero > 60, "only %d hits, %d at t = 0", hits, zero);
}

/* ---- enclosure, filter, judge, fast, zoo ------------------------------------ */

Test(ray_cylinder, enclosure_is_sound)
{
    tl_init_seed(780);
    rt_check_encl(tl_query("ray_cylinder"), gen, 1200, 10);
}

Test(ray_cylinder, filter_agrees_with_exact_path)
{
    tl_init_seed(96);
    tl_check_filter(tl_query("ray_cylinder"), gen, 1200, 0);
}

Test(ray_cylinder, judge)
{
    const double in[N_IN] = IN(5, 0, 2, -1, 0, 0, INFINITY, Z); /* t = 3 */
    isect_judgement j = rt_judge("ray_cylinder", "fast", in, 1, 3);
    cr_assert_eq(j.verdict, VERDICT_AGREE);
    j = rt_judge("ray_cylinder", "fast", in, 1, 7); /* the exit */
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY);
    cr_assert(j.severity > 1e5, "exit: severity %g", j.severity);
    j = rt_judge("ray_cylinder", "fast", in, 0, 0);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY);
    /* Parallel to the axis inside the circle, into the bottom cap: a miss
     * there is gross too (the enclosure copes with A = 0). */
    const double par[N_IN] = IN(1, 1, -3, 0, 0, 2, INFINITY, Z);
    j = rt_judge("ray_cylinder", "fast", par, 0, 0);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "parallel hit missed: %s", isect_verdict_name(j.verdict));
    /* Origin inside, moving along the axis: the exit distance is gross. */
    const double ins[N_IN] = IN(1, 0, 2, 0, 0, 1, INFINITY, Z);
    j = rt_judge("ray_cylinder", "fast", ins, 1, 2);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY, "inside answered 2: %s", isect_verdict_name(j.verdict));
    cr_assert(j.severity > 1e5, "inside answered 2: severity %g", j.severity);
    /* The rim answered as a miss: tolerated. */
    const double rim[N_IN] = IN(4, 0, 2, -1, 0, 1, INFINITY, Z);
    j = rt_judge("ray_cylinder", "fast", rim, 0, 0);
    cr_assert_eq(j.verdict, VERDICT_TOLERATED, "grazing the rim missed: %s", isect_verdict_name(j.verdict));
}

Test(ray_cylinder, fast_on_hand_cases) { rt_fast_on_cases("ray_cylinder", cases, RT_NCASES(cases)); }

Test(ray_cylinder, zoo_cylinder_2016)
{
    double out[2];
    /* Inside, parallel to the axis: the printed code returns the distance to
     * the far cap (2), not 0: a gross discrepancy. */
    const double ins[N_IN] = IN(1, 0, 2, 0, 0, 1, INFINITY, Z);
    tl_run(tl_query("ray_cylinder"), "zoo:cylinder_2016", ins, out);
    cr_assert(out[0] == 1 && out[1] == 2, "zoo inside: %g %g", out[0], out[1]);
    isect_judgement j = rt_judge("ray_cylinder", "zoo:cylinder_2016", ins, out[0], out[1]);
    cr_assert_eq(j.verdict, VERDICT_DISCREPANCY);
    /* Side hits are returned without the tmax test: invalid. */
    const double sh[N_IN] = IN(5, 0, 2, -1, 0, 0, 1, Z);
    tl_run(tl_query("ray_cylinder"), "zoo:cylinder_2016", sh, out);
    j = rt_judge("ray_cylinder", "zoo:cylinder_2016", sh, out[0], out[1]);
    cr_assert_eq(j.verdict, VERDICT_INVALID, "beyond tmax: %g %g %s", out[0], out[1], isect_verdict_name(j.verdict));
    /* ... and without the t >= 0 test: a cylinder behind. */
    const double bh[N_IN] = IN(-5, 0, 2, -1, 0, 0, INFINITY, Z);
    tl_run(tl_query("ray_cylinder"), "zoo:cylinder_2016", bh, out);
    j = rt_judge("ray_cylinder", "zoo:cylinder_2016", bh, out[0], out[1]);
    cr_assert_eq(j.verdict, VERDICT_INVALID, "behind: %g %g %s", out[0], out[1], isect_verdict_name(j.verdict));
    /* A plain side hit is right. */
    const double ok[N_IN] = IN(5, 0, 2, -1, 0, 0, INFINITY, Z);
    tl_run(tl_query("ray_cylinder"), "zoo:cylinder_2016", ok, out);
    j = rt_judge("ray_cylinder", "zoo:cylinder_2016", ok, out[0], out[1]);
    cr_assert_eq(j.verdict, VERDICT_AGREE);
}
