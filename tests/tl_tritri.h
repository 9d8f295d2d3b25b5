/* tests/tl_tritri.h: a triangle_triangle case checked in every vertex
 * order (the 6 permutations of each triangle's vertices) and both argument
 * orders against fast, and once against ref: the answer does not depend on
 * them, the exact path's stages and signs do
 * (tests/test_triangle_triangle_paths.c, _split.c). */
#ifndef ISECT_TESTS_TL_TRITRI_H
#define ISECT_TESTS_TL_TRITRI_H

#include "testlib.h"

#include <string.h>

typedef struct {
    double v[3][3];
} tri;

#define T(...) ((tri){{__VA_ARGS__}})

/* fast on (a, b) in every vertex order and both argument orders, and ref,
 * all equal to want. */
static inline void tt_check(const isect_query *qt, const char *what, tri a, tri b, int want)
{
    static const int perm[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
    double in[18], out[1];
    for (int pa = 0; pa < 6; pa++)
        for (int pb = 0; pb < 6; pb++)
            for (int sw = 0; sw < 2; sw++) {
                const tri *x = sw ? &b : &a, *y = sw ? &a : &b;
                int px = sw ? pb : pa, py = sw ? pa : pb;
                for (int k = 0; k < 3; k++) {
                    memcpy(in + 3 * k, x->v[perm[px][k]], 3 * sizeof *in);
                    memcpy(in + 9 + 3 * k, y->v[perm[py][k]], 3 * sizeof *in);
                }
                tl_run(qt, "fast", in, out);
                cr_assert_eq(out[0] != 0, want, "%s (orders %d %d, swapped %d): fast says %g", what, pa, pb, sw,
                             out[0]);
            }
    for (int k = 0; k < 3; k++) {
        memcpy(in + 3 * k, a.v[k], 3 * sizeof *in);
        memcpy(in + 9 + 3 * k, b.v[k], 3 * sizeof *in);
    }
    cr_assert_eq(tl_ref(qt, in, out), REF_OK, "%s: ref refuses", what);
    cr_assert_eq(out[0] != 0, want, "%s: ref says %g", what, out[0]);
}

#endif
