/* ref/ray_capsule.c: exact ray_capsule.
 *
 * The capsule (the points within radius of the segment p0 p1) is the union
 * of three closed convex solids: the capped cylinder p0 p1 (empty when
 * p0 == p1) and the balls at p0 and p1.  The first t in [0, tmax] at which
 * the ray is in a union is the least of the first t's of the parts that it
 * hits, and rounding to double is monotone, so
 *   ref_ray_capsule = the least t among ref_ray_cylinder, ref_ray_sphere(p0),
 *                     ref_ray_sphere(p1)
 * is exact and correctly rounded.  The enclosure combines the parts'
 * enclosures the same way.  docs/queries/ray_capsule.md.
 */
#include "isect_ref.h"

#include "exact.h"

#include <math.h>
#include <string.h>

enum { IN_O = 0, IN_D = 3, IN_TMAX = 6, IN_P0 = 7, IN_P1 = 10, IN_R = 13, N_IN = 14 };
enum { OUT_HIT, OUT_T, N_OUT };
enum { SPH_C = 7, SPH_R = 10, SPH_N = 11 };

/* The inputs of the parts: the cylinder has the capsule's layout; a ball
 * is origin dir tmax center radius. */
static void ball_input(const double *in, int at, double *s)
{
    memcpy(s, in, 7 * sizeof *s);
    memcpy(s + SPH_C, in + at, 3 * sizeof *s);
    s[SPH_R] = in[IN_R];
}

static void ball_box(const iv *in, int at, iv *s)
{
    memcpy(s, in, 7 * sizeof *s);
    memcpy(s + SPH_C, in + at, 3 * sizeof *s);
    s[SPH_R] = in[IN_R];
}

void ref_ray_capsule_encl(const iv *in, iv *out)
{
    iv parts[3][N_OUT], s[SPH_N];
    ref_ray_cylinder_encl(in, parts[0]);
    ball_box(in, IN_P0, s);
    ref_ray_sphere_encl(s, parts[1]);
    ball_box(in, IN_P1, s);
    ref_ray_sphere_encl(s, parts[2]);

    /* hit: certain if a part is certainly hit, certainly not if none can be.
     * t = the least entry of the parts hit: at least the least lower end of
     * the parts that may be hit, at most the least upper end of the parts
     * certainly hit (or the greatest upper end of those that may be). */
    bool any_certain = false, any_possible = false;
    double lo = INFINITY, hi_certain = INFINITY, hi_possible = -INFINITY;
    for (int k = 0; k < 3; k++) {
        iv h = parts[k][OUT_HIT], t = parts[k][OUT_T];
        if (h.hi == 0)
            continue;
        any_possible = true;
        if (iv_has_nan(t))
            t = iv_make(0, INFINITY);
        lo = fmin(lo, t.lo);
        hi_possible = fmax(hi_possible, t.hi);
        if (h.lo == 1) {
            any_certain = true;
            hi_certain = fmin(hi_certain, t.hi);
        }
    }
    out[OUT_HIT] = iv_bool(any_certain, !any_possible);
    out[OUT_T] = !any_possible ? iv_point(0) : iv_make(lo, any_certain ? hi_certain : hi_possible);
}

int ref_ray_capsule(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    double part[N_OUT], s[SPH_N];
    /* The cylinder validates the input (the same domain). */
    if (ref_ray_cylinder(in, part) != REF_OK)
        return REF_INVALID;
    int hit = part[OUT_HIT] != 0;
    double t = part[OUT_T];
    for (int at = IN_P0; at <= IN_P1; at += 3) {
        ball_input(in, at, s);
        ref_ray_sphere(s, part);
        if (part[OUT_HIT] != 0 && (!hit || part[OUT_T] < t)) {
            hit = 1;
            t = part[OUT_T];
        }
    }
    if (hit) {
        out[OUT_HIT] = 1;
        out[OUT_T] = t;
    }
    return REF_OK;
}
