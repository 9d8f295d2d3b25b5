/* fuzz/zoo/mt_strict.c: Moller-Trumbore with strict edge inequalities
 * (u > 0, v > 0, u + v < 1), the way it is often transcribed from the
 * paper's "outside" tests.  It is evaluated here in exact rational
 * arithmetic, so it differs from ref only where a barycentric is exactly 0
 * or u + v exactly 1: on the edges and vertices of the triangle.  One case
 * at a time every such miss is explained by a perturbation of one ulp
 * (severity 0), yet a ray through the shared edge or vertex of a mesh
 * misses every triangle around it: the mesh leaks.  The watertightness
 * property (oracle/property.c) catches it. */
#include "targets.h"

#include "exact.h"

#include <math.h>
#include <string.h>

static bool mt_strict(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out)
{
    memset(out, 0, sizeof *out);
    const float *f[] = {&ray.origin.x, &ray.dir.x, &tri.v0.x, &tri.v1.x, &tri.v2.x};
    double v[5][3];
    for (int i = 0; i < 5; i++)
        for (int k = 0; k < 3; k++) {
            v[i][k] = (&f[i][0])[k];
            if (!isfinite(v[i][k]))
                return false;
        }
    if (!(ray.tmax >= 0))
        return false;
    q3 o, d, a, b, c, e1, e2, s, p, q;
    q3 *all[] = {&o, &d, &a, &b, &c, &e1, &e2, &s, &p, &q};
    mpq_t det, u, w, t, x;
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_init(all[i]);
    mpq_inits(det, u, w, t, x, NULL);
    q3_set_d(&o, v[0]);
    q3_set_d(&d, v[1]);
    q3_set_d(&a, v[2]);
    q3_set_d(&b, v[3]);
    q3_set_d(&c, v[4]);
    q3_sub(&e1, &b, &a);
    q3_sub(&e2, &c, &a);
    q3_cross(&p, &d, &e2);
    q3_dot(det, &e1, &p);
    bool hit = mpq_sgn(det) != 0;
    if (hit) {
        q3_sub(&s, &o, &a);
        q3_cross(&q, &s, &e1);
        q3_dot(u, &s, &p);
        q3_dot(w, &d, &q);
        q3_dot(t, &e2, &q);
        mpq_div(u, u, det);
        mpq_div(w, w, det);
        mpq_div(t, t, det);
        mpq_add(x, u, w);
        hit = mpq_sgn(u) > 0 && mpq_sgn(w) > 0 && mpq_cmp_si(x, 1, 1) < 0 && mpq_sgn(t) >= 0; /* strict: the bug */
        if (hit && isfinite(ray.tmax)) {
            mpq_set_d(x, ray.tmax);
            hit = mpq_cmp(t, x) <= 0;
        }
    }
    if (hit)
        *out = (isect_ray_triangle_result){true, (float)q_to_double(t), (float)q_to_double(u), (float)q_to_double(w)};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        q3_clear(all[i]);
    mpq_clears(det, u, w, t, x, NULL);
    return hit;
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(ray_triangle, mt_strict, 8, 32),
    ISECT_ENTRIES_END,
};

static const isect_target mt_strict_target = {
    "zoo:mt_strict", "Moller-Trumbore with strict edge tests (exact arithmetic): leaks on shared edges", entries,
};

ISECT_TARGETS(zoo_mt_strict, &mt_strict_target);
