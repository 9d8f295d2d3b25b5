/* fast/fast_sweep_exact.h: the small exact arithmetic of the sphere sweeps'
 * exact paths (fast/sphere_sweep_point.c, sphere_sweep_plane.c), internal to
 * libisect.  Expansions (fast/fast_exact.h) held in plain arrays of FE_ACC
 * components, without fe's copies: the values there are a few components
 * long, and these paths run only at exact boundaries, often (the boundary
 * benchmark rows), so their cost matters.
 */
#ifndef ISECT_FAST_SWEEP_EXACT_H
#define ISECT_FAST_SWEEP_EXACT_H

#include "fast_exact.h"

/* The exact path's arithmetic on accumulators of at most FE_ACC components
 * (fast/fast_exact.h: fx_grow, fx_two_prod, fe_norm_buf; every value here
 * is a polynomial of degree <= 4 in binary32 inputs, so the products of
 * components are exact and a normalised value has fewer than 40
 * components).  acc (n components) += s x y, s = +1 or -1, exactly. */
static inline int px_add_prod(double *acc, int n, const double *x, int nx, const double *y, int ny, double s)
{
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) {
            double err, p = fx_two_prod(x[i], y[j], &err);
            n = fx_grow(acc, n, s * err);
            n = fx_grow(acc, n, s * p);
            if (n > FE_ACC - 8)
                n = fe_norm_buf(acc, n);
        }
    return n;
}

/* x - y exactly for binary32 x, y (at most two components). */
static inline int px_diff(double *e, double x, double y) { return fx_grow(e, fx_grow(e, 0, x), -y); }

/* acc (n components) += s x exactly. */
static inline int px_add(double *acc, int n, const double *x, int nx, double s)
{
    for (int i = 0; i < nx; i++)
        n = fx_grow(acc, n, s * x[i]);
    return n;
}

#endif
