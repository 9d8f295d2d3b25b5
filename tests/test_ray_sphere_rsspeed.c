/* tests/test_ray_sphere_rsspeed.c: ray_sphere's rsspeed changes.
 * (1) t from the filter's D = b^2 - a c (no longer Lagrange's cross
 * product): on hits of small far balls, where D cancels most (|v| up to
 * 2^22 radii, generic binary32 coordinates, so that v = origin - centre
 * rounds), and off-centre chords that are not grazing (the line's distance
 * at most 0.6 r: t well conditioned), fast's t is within 4 binary32 ulps
 * of ref's correctly rounded t (docs/queries/ray_sphere.md: at most about
 * 1.7 ulps from D, plus the final roundings).  (2) The cold shortcuts of
 * rs_sq_sign and rs_axis_d against hand-derived answers (their guards are
 * also in corpus/ray_sphere/rsspeed_cold_shortcuts.case).
 */
#include "testlib_ray.h"

static uint64_t rs_state = 0x5eed1234abcdULL;
static double rnd(void) /* [0, 1) */
{
    uint64_t z = (rs_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return (double)((z ^ (z >> 31)) >> 11) * 0x1p-53;
}

static double ulps_apart(float x, float y)
{
    double u = nextafterf(fabsf(y), INFINITY) - fabsf(y);
    return fabs((double)x - (double)y) / u;
}

Test(ray_sphere_rsspeed, t_from_d_small_far_balls)
{
    int checked = 0;
    double worst = 0;
    for (int i = 0; i < 60000; i++) {
        float r = (float)ldexp(0.5 + rnd(), (int)(rnd() * 20) - 10);
        float dist = (float)(r * ldexp(1 + rnd(), (int)(rnd() * 22)));
        /* centre anywhere in a box of 2^12 radii, dir a random unit-ish vector */
        float cx = (float)((rnd() - 0.5) * 4096 * r), cy = (float)((rnd() - 0.5) * 4096 * r),
              cz = (float)((rnd() - 0.5) * 4096 * r);
        double ux = rnd() - 0.5, uy = rnd() - 0.5, uz = rnd() - 0.5, n = sqrt(ux * ux + uy * uy + uz * uz);
        ux /= n, uy /= n, uz /= n;
        /* a lateral offset of the line, at most 0.6 r: any vector
         * perpendicular to u, scaled */
        double px = uy, py = -ux, pz = 0, pn = sqrt(px * px + py * py), off = 0.6 * rnd() * r;
        px = px / pn * off, py = py / pn * off;
        float o[3] = {(float)(cx - ux * dist + px), (float)(cy - uy * dist + py), (float)(cz - uz * dist + pz)};
        float d[3] = {(float)(ux * ldexp(1, (int)(rnd() * 8) - 4)), (float)(uy * ldexp(1, (int)(rnd() * 8) - 4)),
                      (float)(uz * ldexp(1, (int)(rnd() * 8) - 4))};
        double in[11] = {o[0], o[1], o[2], d[0], d[1], d[2], INFINITY, cx, cy, cz, r}, out[2];
        if (ref_ray_sphere(in, out) != REF_OK || out[0] == 0)
            continue;
        /* the line's distance after rounding: keep chords that are not grazing */
        isect_ray_sphere_result res = {0};
        bool h = isect_ray_sphere((isect_ray){{o[0], o[1], o[2]}, {d[0], d[1], d[2]}, INFINITY},
                                  (isect_sphere){{cx, cy, cz}, r}, &res);
        cr_assert(h, "case %d: ref hits, fast misses", i);
        double vx = (double)o[0] - cx, vy = (double)o[1] - cy, vz = (double)o[2] - cz;
        double a = (double)d[0] * d[0] + (double)d[1] * d[1] + (double)d[2] * d[2];
        double b = vx * d[0] + vy * d[1] + vz * d[2], l2 = vx * vx + vy * vy + vz * vz - b * b / a;
        if (!(l2 <= 0.49 * (double)r * r) || out[1] == 0)
            continue;
        double e = ulps_apart(res.t, (float)out[1]);
        worst = e > worst ? e : worst;
        cr_assert(e <= 4, "case %d: t %a, ref %a: %g ulps", i, res.t, out[1], e);
        checked++;
    }
    cr_assert(checked > 1000, "only %d cases checked", checked);
    fprintf(stderr, "t_from_d_small_far_balls: %d hits checked, worst %.2f ulps\n", checked, worst);
}

static bool hit_of(float ox, float oy, float oz, float dx, float dy, float dz, float cx, float cy, float cz, float r,
                   float *t)
{
    isect_ray_sphere_result res = {true, 123};
    bool h = isect_ray_sphere((isect_ray){{ox, oy, oz}, {dx, dy, dz}, INFINITY}, (isect_sphere){{cx, cy, cz}, r}, &res);
    cr_assert_eq(h, res.hit);
    *t = res.t;
    return h;
}

Test(ray_sphere_rsspeed, cold_shortcuts)
{
    float t;
    /* Origin on the sphere along an axis (two components of v 0): c = 0,
     * a hit at t = 0 whatever dir. */
    cr_assert(hit_of(0, 0, 2, 0, 0, 1, 0, 0, 0, 2, &t));
    cr_assert_eq(t, 0);
    /* One ulp of binary64 beyond it: v = (0, 0, 1 + 2^-50): outside,
     * moving away: a miss; moving in: a hit at t = 2^-50 (to binary32). */
    cr_assert(!hit_of(1, 0, 0, 1, 0, 0, -0x1p-50f, 0, 0, 1, &t));
    cr_assert(hit_of(1, 0, 0, -1, 0, 0, -0x1p-50f, 0, 0, 1, &t));
    cr_assert(t >= 0 && t <= 0x1p-49f, "t %a", t);
    /* Tangents along an axis (rs_axis_d): origin (1, -4, 0) + the centre,
     * dir +y, radius 1: D = 0, a hit at t = 4; the centre moved by
     * 2^-50 across (x), outside and inside: a miss, a hit at t = 4. */
    cr_assert(hit_of(1, -4, 0, 0, 1, 0, 0, 0, 0, 1, &t));
    cr_assert_eq(t, 4);
    cr_assert(!hit_of(1, -4, 0, 0, 1, 0, -0x1p-50f, 0, 0, 1, &t));
    cr_assert(hit_of(1, -4, 0, 0, 1, 0, 0x1p-50f, 0, 0, 1, &t));
    cr_assert_eq(t, 4);
    /* A 3-4-5 tangent with dir along z: origin (3, 4, -7), radius 5: the
     * line at distance 5: D = 0, a hit at t = 7 (v' = (3, 4, 0): the short
     * sum of squares, exactly 0). */
    cr_assert(hit_of(3, 4, -7, 0, 0, 1, 0, 0, 0, 5, &t));
    cr_assert_eq(t, 7);
}
