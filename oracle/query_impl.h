/* oracle/query_impl.h: what a catalog row file (oracle/q_NAME.c) needs. */
#ifndef ISECT_QUERY_IMPL_H
#define ISECT_QUERY_IMPL_H

#include "catalog.h"
#include "isect.h"
#include "isect_ref.h"

#include <math.h>
#include <stddef.h>

typedef void (*isect_any_fn)(void);

/* binary32 point from three flat slots (exact: the slots hold binary32 values). */
static inline isect_vec3 isect_v3_from(const double *p)
{
    return (isect_vec3){(float)p[0], (float)p[1], (float)p[2]};
}

static inline void isect_v3_to(double *out, isect_vec3 v)
{
    out[0] = v.x;
    out[1] = v.y;
    out[2] = v.z;
}

/* Orders min and max of the box whose six slots (min[3] max[3]) start at
 * in + b, on every axis: a boundary edit's result made valid again. */
static inline void isect_box_order(double *in, int b)
{
    for (int i = 0; i < 3; i++)
        if (in[b + i] > in[b + 3 + i]) {
            double t = in[b + i];
            in[b + i] = in[b + 3 + i];
            in[b + 3 + i] = t;
        }
}

#endif
