/* fuzz/zoo/xna_sphere.c: XNA's BoundingSphere.Intersects (as decompiled in
 * ../shared/references/004_00bf4188ca2e3efe.txt):
 *
 *     if (r0*r0 + 2*r0*r1 + r1*r1 <= |c0 - c1|^2) return false;  return true;
 *
 * so two spheres that touch do NOT intersect there, against the closed-set
 * convention of isect.  The comparison is evaluated here in exact rational
 * arithmetic, not in binary32 as XNA does: this target must differ from ref
 * only at exact touching, where an arbitrarily small perturbation of the
 * inputs explains the answer.  It tests the judge: every one of its
 * disagreements must come out tolerated (severity 0), never a discrepancy.
 * (XNA's float rounding and overflow would add real, unrelated errors.) */
#include "targets.h"

#include <gmp.h>
#include <math.h>
#include <string.h>

static bool xna_sphere(isect_sphere a, isect_sphere b, isect_sphere_sphere_result *out)
{
    memset(out, 0, sizeof *out);
    const float v[8] = {a.center.x, a.center.y, a.center.z, a.radius, b.center.x, b.center.y, b.center.z, b.radius};
    for (int i = 0; i < 8; i++)
        if (!isfinite(v[i]))
            return false;
    if (a.radius < 0 || b.radius < 0)
        return false;

    mpq_t d2, t, u, rr;
    mpq_inits(d2, t, u, rr, NULL);
    for (int i = 0; i < 3; i++) { /* DistanceSquared(c0, c1) */
        mpq_set_d(t, v[i]);
        mpq_set_d(u, v[4 + i]);
        mpq_sub(t, t, u);
        mpq_mul(t, t, t);
        mpq_add(d2, d2, t);
    }
    mpq_set_d(t, a.radius);
    mpq_set_d(u, b.radius);
    mpq_mul(rr, t, t); /* r0*r0 + 2*r0*r1 + r1*r1 */
    mpq_mul(t, t, u);
    mpq_add(rr, rr, t);
    mpq_add(rr, rr, t);
    mpq_mul(u, u, u);
    mpq_add(rr, rr, u);
    bool hit = !(mpq_cmp(rr, d2) <= 0);
    mpq_clears(d2, t, u, rr, NULL);
    out->hit = hit;
    return hit;
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(sphere_sphere, xna_sphere, 1, 4),
    ISECT_ENTRIES_END,
};

static const isect_target xna_sphere_target = {
    "zoo:xna_sphere", "XNA BoundingSphere.Intersects: touching spheres do not intersect", entries, 1,
};

ISECT_TARGETS(zoo_xna_sphere, &xna_sphere_target);
