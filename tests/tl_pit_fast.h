/* tests/tl_pit_fast.h: fast's point_in_triangle on twelve binary32 values
 * (p, v0, v1, v2), its return and out->hit checked to agree, and
 * EXPECT_FAST(want, twelve values) for the tests' hand-derived limits. */
#ifndef TL_PIT_FAST_H
#define TL_PIT_FAST_H

#include <criterion/criterion.h>

#include "isect.h"

static inline bool fast_hit(const float *in)
{
    isect_vec3 p = {in[0], in[1], in[2]};
    isect_triangle t = {{in[3], in[4], in[5]}, {in[6], in[7], in[8]}, {in[9], in[10], in[11]}};
    isect_point_in_triangle_result r;
    bool h = isect_point_in_triangle(p, t, &r);
    cr_assert_eq(h, r.hit);
    return h;
}

#define EXPECT_FAST(want, ...)                                                                                  \
    do {                                                                                                        \
        const float in_[12] = {__VA_ARGS__};                                                                    \
        cr_assert_eq(fast_hit(in_), (want), "line %d", __LINE__);                                               \
    } while (0)

#endif
