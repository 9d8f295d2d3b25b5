/* oracle/q_sphere_triangle.c: the catalog row of sphere_triangle. */
#include "query_impl.h"

enum { IN_C = 0, IN_R = 3, IN_V0 = 4, IN_V1 = 7, IN_V2 = 10 };

static void run_sphere_triangle(isect_any_fn fn, const double *in, double *out)
{
    isect_sphere s = {isect_v3_from(in + IN_C), (float)in[IN_R]};
    isect_triangle tri = {isect_v3_from(in + IN_V0), isect_v3_from(in + IN_V1), isect_v3_from(in + IN_V2)};
    isect_sphere_triangle_result r = {0};
    out[0] = ((isect_sphere_triangle_fn *)fn)(s, tri, &r);
    isect_run_breach((out[0] != 0) != r.hit);
    isect_v3_to(out + 1, r.point);
    out[4] = r.dist2;
}

static const char *contract_sphere_triangle(const double *in, const double *out)
{
    (void)in;
    if (out[0] && out[4] < 0)
        return "negative squared distance on a hit";
    return NULL;
}

/* Edits that reach the boundary: the centre at a dyadic barycentric point
 * pushed off the plane along the normal, with the radius set to that offset
 * (touching a face), or at a vertex or edge point pushed outward by an
 * integer-length offset with the matching radius; degenerate triangles. */
static int mutate_sphere_triangle(double *in, unsigned long long r)
{
    static const double w[][3] = {{0.25, 0.25, 0.5}, {0.5, 0.5, 0}, {1, 0, 0}, {0.125, 0.375, 0.5}, {0.75, 0.25, 0}};
    double *c = in + IN_C, *a = in + IN_V0, *b = in + IN_V1, *v2 = in + IN_V2;
    switch (r % 4) {
    case 0:
    case 1: { /* centre = barycentric point + s * n (n the normal), radius = s |n| when |n| is exact */
        const double *x = w[(r >> 8) % 5];
        int rot = (int)((r >> 12) % 3);
        double e1[3], e2[3], n[3];
        for (int i = 0; i < 3; i++) {
            e1[i] = b[i] - a[i];
            e2[i] = v2[i] - a[i];
        }
        n[0] = e1[1] * e2[2] - e1[2] * e2[1];
        n[1] = e1[2] * e2[0] - e1[0] * e2[2];
        n[2] = e1[0] * e2[1] - e1[1] * e2[0];
        double nn = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        double s = r % 4 == 0 ? 0 : ldexp(1, -(int)((r >> 16) % 30)) / (nn > 0 ? nn : 1);
        if (!isfinite(s))
            s = 0;
        for (int i = 0; i < 3; i++)
            c[i] = x[rot] * a[i] + x[(rot + 1) % 3] * b[i] + x[(rot + 2) % 3] * v2[i] + s * n[i];
        in[IN_R] = (float)(s * nn);
        if ((r >> 20) & 1)
            in[IN_R] = nextafterf((float)in[IN_R], (r >> 21) & 1 ? INFINITY : 0);
        return 1;
    }
    case 2: { /* axis-aligned triangle, centre offset along the axis */
        int k = (int)((r >> 8) % 3);
        b[k] = v2[k] = a[k];
        c[k] = a[k] + in[IN_R] * ((r >> 12) & 1 ? 1 : -1);
        return 1;
    }
    default: { /* degenerate: v2 on the line v0 v1 */
        static const double t[] = {0.5, 2, -1, 0.25, 1};
        double s = t[(r >> 8) % 5];
        for (int i = 0; i < 3; i++)
            v2[i] = a[i] + s * (b[i] - a[i]);
        return 1;
    }
    }
}

static const char *feature_sphere_triangle(const double *in, const double *ref_out)
{
    return ref_sphere_triangle_feature(in, ref_out);
}

const isect_query isect_q_sphere_triangle = {
    .name = "sphere_triangle",
    .summary = "closed ball against closed triangle: overlap, closest point on the triangle, squared distance",
    .format = FMT_F32,
    .nfields = 5,
    .fields = {{"center", 3, UNIT_POS}, {"radius", 1, UNIT_POS}, {"v0", 3, UNIT_POS}, {"v1", 3, UNIT_POS},
               {"v2", 3, UNIT_POS}},
    .noutputs = 3,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL}, {"point", 3, OUT_REAL, SCALE_POS}, {"dist2", 1, OUT_REAL, SCALE_REL}},
    .ref = ref_sphere_triangle,
    .encl = ref_sphere_triangle_encl,
    .run = run_sphere_triangle,
    .contract = contract_sphere_triangle,
    .mutate = mutate_sphere_triangle,
    .feature = feature_sphere_triangle,
};
