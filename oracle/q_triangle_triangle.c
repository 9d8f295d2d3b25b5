/* oracle/q_triangle_triangle.c: the catalog row of triangle_triangle. */
#include "query_impl.h"

enum { IN_A = 0, IN_B = 9 };

static void run_triangle_triangle(isect_any_fn fn, const double *in, double *out)
{
    isect_triangle a = {isect_v3_from(in + IN_A), isect_v3_from(in + IN_A + 3), isect_v3_from(in + IN_A + 6)};
    isect_triangle b = {isect_v3_from(in + IN_B), isect_v3_from(in + IN_B + 3), isect_v3_from(in + IN_B + 6)};
    isect_triangle_triangle_result r = {0};
    out[0] = ((isect_triangle_triangle_fn *)fn)(a, b, &r);
    isect_run_breach((out[0] != 0) != r.hit);
}

/* Boundary edits: coplanar triangles (b in a's plane by dyadic barycentric
 * combinations of a's vertices), a vertex of b onto an edge or a vertex of
 * a, b's plane through a's vertex, degenerate triangles. */
static int mutate_triangle_triangle(double *in, unsigned long long r)
{
    static const double w[][3] = {{0.5, 0.5, 0}, {0.25, 0.25, 0.5}, {1.5, -0.25, -0.25}, {-0.5, 0.75, 0.75},
                                  {1, 0, 0},     {0.75, 0.25, 0},   {2, -1, 0},          {0.125, 0.375, 0.5}};
    double *a = in + IN_A, *b = in + IN_B;
    switch (r % 4) {
    case 0: /* b coplanar with a: every vertex a combination of a's */
        for (int k = 0; k < 3; k++) {
            const double *x = w[(r >> (8 + 3 * k)) % 8];
            for (int i = 0; i < 3; i++)
                b[3 * k + i] = x[0] * a[i] + x[1] * a[3 + i] + x[2] * a[6 + i];
        }
        return 1;
    case 1: { /* one vertex of b at a point of a's boundary or interior */
        const double *x = w[(r >> 8) % 8];
        int k = (int)((r >> 12) % 3);
        for (int i = 0; i < 3; i++)
            b[3 * k + i] = x[0] * a[i] + x[1] * a[3 + i] + x[2] * a[6 + i];
        return 1;
    }
    case 2: { /* swap the triangles */
        for (int i = 0; i < 9; i++) {
            double t = a[i];
            a[i] = b[i];
            b[i] = t;
        }
        return 1;
    }
    default: { /* degenerate: a vertex onto the midpoint of the other two */
        double *t = (r >> 8) & 1 ? a : b;
        for (int i = 0; i < 3; i++)
            t[6 + i] = 0.5 * (t[i] + t[3 + i]);
        return 1;
    }
    }
}

const isect_query isect_q_triangle_triangle = {
    .name = "triangle_triangle",
    .summary = "two closed triangles share a point (coplanar and degenerate included)",
    .format = FMT_F32,
    .nfields = 6,
    .fields = {{"a0", 3, UNIT_POS}, {"a1", 3, UNIT_POS}, {"a2", 3, UNIT_POS},
               {"b0", 3, UNIT_POS}, {"b1", 3, UNIT_POS}, {"b2", 3, UNIT_POS}},
    .noutputs = 1,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}},
    .ref = ref_triangle_triangle,
    .encl = ref_triangle_triangle_encl,
    .run = run_triangle_triangle,
    .mutate = mutate_triangle_triangle,
};
