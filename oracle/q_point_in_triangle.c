/* oracle/q_point_in_triangle.c: the catalog row of point_in_triangle. */
#include "query_impl.h"


enum { IN_P = 0, IN_V0 = 3, IN_V1 = 6, IN_V2 = 9 };

static void run_point_in_triangle(isect_any_fn fn, const double *in, double *out)
{
    isect_triangle tri = {isect_v3_from(in + IN_V0), isect_v3_from(in + IN_V1), isect_v3_from(in + IN_V2)};
    isect_point_in_triangle_result r = {0};
    out[0] = ((isect_point_in_triangle_fn *)fn)(isect_v3_from(in + IN_P), tri, &r);
    isect_run_breach((out[0] != 0) != r.hit);
}

/* Edits that reach the boundary: p at a barycentric combination with dyadic
 * weights (inside, on an edge, at a vertex; exact when the sum is), p
 * pushed off the plane along the normal by a power of two, all four points
 * put in an axis plane (so that points of the triangle are exactly
 * representable), and degenerate triangles (v2 on the line v0 v1). */
static int mutate_point_in_triangle(double *in, unsigned long long r)
{
    static const double w[][3] = {{0.25, 0.25, 0.5}, {0.5, 0.5, 0},     {1, 0, 0},       {0.125, 0.375, 0.5},
                                  {0.75, 0.25, 0},   {-0.125, 0.5, 0.625}, {1.5, -0.25, -0.25}, {0, 0, 1}};
    double *p = in + IN_P, *a = in + IN_V0, *b = in + IN_V1, *c = in + IN_V2;
    switch (r % 4) {
    case 0: { /* barycentric */
        const double *x = w[(r >> 8) % 8];
        int rot = (int)((r >> 12) % 3);
        for (int i = 0; i < 3; i++)
            p[i] = x[rot] * a[i] + x[(rot + 1) % 3] * b[i] + x[(rot + 2) % 3] * c[i];
        return 1;
    }
    case 1: { /* off the plane along the normal */
        double e1[3], e2[3], n[3];
        for (int i = 0; i < 3; i++) {
            e1[i] = b[i] - a[i];
            e2[i] = c[i] - a[i];
        }
        n[0] = e1[1] * e2[2] - e1[2] * e2[1];
        n[1] = e1[2] * e2[0] - e1[0] * e2[2];
        n[2] = e1[0] * e2[1] - e1[1] * e2[0];
        double nm = fmax(fabs(n[0]), fmax(fabs(n[1]), fabs(n[2])));
        if (!(nm > 0) || !isfinite(nm))
            return 0;
        double s = ldexp(1, -(int)((r >> 8) % 40)) / nm * fmax(fabs(p[0]), fmax(fabs(p[1]), fmax(fabs(p[2]), 1e-30)));
        for (int i = 0; i < 3; i++)
            p[i] += ((r >> 16) & 1 ? s : -s) * n[i];
        return 1;
    }
    case 2: { /* an axis plane through all four points */
        int k = (int)((r >> 8) % 3);
        b[k] = c[k] = p[k] = a[k];
        return 1;
    }
    default: { /* degenerate: v2 on the line v0 v1 (dyadic parameter) */
        static const double t[] = {0.5, 2, -1, 0.25, 1};
        double s = t[(r >> 8) % 5];
        for (int i = 0; i < 3; i++)
            c[i] = a[i] + s * (b[i] - a[i]);
        return 1;
    }
    }
}

const isect_query isect_q_point_in_triangle = {
    .name = "point_in_triangle",
    .summary = "point in the closed 3D triangle (off its plane is outside; degenerate: the hull)",
    .format = FMT_F32,
    .nfields = 4,
    .fields = {{"p", 3, UNIT_POS}, {"v0", 3, UNIT_POS}, {"v1", 3, UNIT_POS}, {"v2", 3, UNIT_POS}},
    .noutputs = 1,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}},
    .ref = ref_point_in_triangle,
    .encl = ref_point_in_triangle_encl,
    .run = run_point_in_triangle,
    .mutate = mutate_point_in_triangle,
    .on_set = ref_point_in_triangle_on_set,
    .set_encl = ref_point_in_triangle_set_encl,
};
