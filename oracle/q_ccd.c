/* oracle/q_ccd.c: shared parts of the CCD rows; see q_ccd.h. */
#include "q_ccd.h"

#include <math.h>

isect_ccd_frame qccd_frame(const double *in, int at)
{
    isect_ccd_frame f;
    for (int k = 0; k < 4; k++)
        f.v[k] = (isect_dvec3){in[at + 3 * k], in[at + 3 * k + 1], in[at + 3 * k + 2]};
    return f;
}

void qccd_run(isect_any_fn fn, const double *in, double *out)
{
    isect_ccd_result r = {0};
    bool hit = ((isect_vertex_face_ccd_fn *)fn)(qccd_frame(in, 0), qccd_frame(in, 12), &r);
    out[0] = hit;
    isect_run_breach(hit != r.hit);
    out[1] = r.t;
}

const char *qccd_contract(const double *in, const double *out)
{
    (void)in;
    if (out[0] && !(out[1] >= 0 && out[1] <= 1))
        return "t outside [0, 1] on a hit";
    return NULL;
}

/* x = (1 - s) a + s b, per coordinate, for the vertices at slots a and b. */
static void lerp3(double *x, const double *a, const double *b, double s)
{
    for (int i = 0; i < 3; i++)
        x[i] = (1 - s) * a[i] + s * b[i];
}

int qccd_mutate(double *in, unsigned long long r)
{
    int k = (int)(r % 4), j = (int)((r >> 2) % 4), l = (int)((r >> 4) % 4), at = (r >> 6) & 1 ? 12 : 0;
    double s = (double)((r >> 8) % 5) / 4; /* 0, 1/4, 1/2, 3/4, 1: exact */
    double *v = in + at + 3 * k;
    switch ((r >> 12) % 7) {
    case 0: /* vertex k stops moving */
        for (int i = 0; i < 3; i++)
            in[12 + 3 * k + i] = in[3 * k + i];
        return 1;
    case 1: /* vertex k onto vertex j at t = 0 or 1 */
        if (j == k)
            return 0;
        lerp3(v, in + at + 3 * j, in + at + 3 * j, 0);
        return 1;
    case 2: /* vertex k onto the segment j l at t = 0 or 1 */
        if (j == k || l == k)
            return 0;
        lerp3(v, in + at + 3 * j, in + at + 3 * l, s);
        return 1;
    case 3: /* every vertex in the plane z = in[2] for all t */
        for (int m = 0; m < 8; m++)
            in[3 * m + 2] = in[2];
        return 1;
    case 4: { /* edge j l parallel to edge 0 1 (or 2 3) at t = 0 or 1 */
        int o = j < 2 ? 2 : 0;
        for (int i = 0; i < 3; i++)
            in[at + 3 * (o + 1) + i] = in[at + 3 * o + i] + (in[at + 3 + i] - in[at + i]) * s;
        return 1;
    }
    case 5: /* one coordinate of vertex k one ulp off */
        v[j % 3] = nextafter(v[j % 3], (r >> 16) & 1 ? INFINITY : -INFINITY);
        return 1;
    default: { /* the point (vertex 0) onto the face's centroid-ish point at t = 0 or 1 */
        double m[3];
        lerp3(m, in + at + 3, in + at + 6, 0.5);
        lerp3(in + at, m, in + at + 9, s / 2);
        return 1;
    }
    }
}
