/* tests/test_overlap_triangle_gen.h: generators of point/triangle
 * configurations for the point_in_triangle and sphere_triangle tests.
 *
 * Triangles with small-integer vertices at a random power-of-two scale (so
 * that dyadic barycentric points are exact), axis-aligned or not, often
 * degenerate (collinear or coincident vertices); points at dyadic barycentric
 * combinations (inside, on an edge, at a vertex, outside), pushed off the
 * plane along the normal, or random binary32 values.
 */
#ifndef ISECT_TEST_OVERLAP_TRIANGLE_GEN_H
#define ISECT_TEST_OVERLAP_TRIANGLE_GEN_H

#include "test_overlap_common.h"

/* p (3), v0, v1, v2 (9) at out[0..11]; returns the scale exponent. */
static inline int tg_triangle(double *p, double *v)
{
    int e = ov_int(-20, 20);
    int kind = ov_int(0, 9);
    for (int i = 0; i < 9; i++)
        v[i] = ov_small(e);
    if (kind == 0) /* axis plane */
        v[3 + 2] = v[6 + 2] = v[2];
    else if (kind == 1) /* collinear: v2 = v0 + s (v1 - v0) */
        for (int i = 0; i < 3; i++)
            v[6 + i] = v[i] + (ov_int(-2, 4) * 0.5) * (v[3 + i] - v[i]);
    else if (kind == 2) /* two equal vertices */
        for (int i = 0; i < 3; i++)
            v[3 + i] = v[i];
    else if (kind == 3) /* all equal */
        for (int i = 0; i < 3; i++)
            v[3 + i] = v[6 + i] = v[i];
    else if (kind == 4) /* random binary32 vertices */
        for (int i = 0; i < 9; i++)
            v[i] = ov_f32(3);
    /* p: a dyadic barycentric combination (exact for kinds 0..3 when the
     * weights are multiples of 1/8 and the values small) */
    int wa = ov_int(-4, 12), wb = ov_int(-4, 12), wc = 8 - wa - wb;
    if (ov_int(0, 3) == 0) { /* at a vertex or on an edge */
        wa = ov_int(0, 8);
        wb = 8 - wa;
        wc = 0;
    }
    for (int i = 0; i < 3; i++)
        p[i] = (wa * v[i] + wb * v[3 + i] + wc * v[6 + i]) / 8;
    int pk = ov_int(0, 4);
    if (pk == 0) { /* off the plane along the normal, by a power of two */
        double e1[3], e2[3], n[3];
        for (int i = 0; i < 3; i++) {
            e1[i] = v[3 + i] - v[i];
            e2[i] = v[6 + i] - v[i];
        }
        n[0] = e1[1] * e2[2] - e1[2] * e2[1];
        n[1] = e1[2] * e2[0] - e1[0] * e2[2];
        n[2] = e1[0] * e2[1] - e1[1] * e2[0];
        double s = ldexp(1, ov_int(-30, 0) - e);
        for (int i = 0; i < 3; i++)
            p[i] += (ov_rnd() & 1 ? s : -s) * n[i];
    } else if (pk == 1) { /* a few ulps away */
        int i = ov_int(0, 2);
        float f = (float)p[i];
        for (int k = ov_int(1, 3); k > 0; k--)
            f = nextafterf(f, ov_rnd() & 1 ? INFINITY : -INFINITY);
        p[i] = f;
    } else if (pk == 2) {
        for (int i = 0; i < 3; i++)
            p[i] = ov_small(e);
    }
    for (int i = 0; i < 3; i++)
        p[i] = (float)p[i];
    return e;
}

#endif
