/* tests/tl_orient_gmp.h: the exact orientation of four binary32 points,
 * sign of (v1 - v0) . ((v2 - v0) x (v3 - v0)), in GMP rationals: the
 * independent formulation the tests of fast/fast_tri_exact.h's stages
 * compare with. */
#ifndef TL_ORIENT_GMP_H
#define TL_ORIENT_GMP_H

#include <gmp.h>

#include "fast_vec3.h"

static inline int orient3_gmp(const isect_vec3 *v)
{
    mpq_t d[3][3], t, u, o;
    mpq_inits(t, u, o, NULL);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            mpq_init(d[r][c]);
            mpq_set_d(d[r][c], fv_comp(v[r + 1], c));
            mpq_set_d(t, fv_comp(v[0], c));
            mpq_sub(d[r][c], d[r][c], t);
        }
    for (int i = 0; i < 3; i++) { /* x_i (y_j z_k - y_k z_j) */
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpq_mul(t, d[1][j], d[2][k]);
        mpq_mul(u, d[1][k], d[2][j]);
        mpq_sub(t, t, u);
        mpq_mul(t, t, d[0][i]);
        mpq_add(o, o, t);
    }
    int s = mpq_sgn(o);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            mpq_clear(d[r][c]);
    mpq_clears(t, u, o, NULL);
    return s;
}

#endif
