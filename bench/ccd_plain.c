/* bench/ccd_plain.c: textbook CCD baselines; see ccd_plain.h. */
#include "ccd_plain.h"

#include <math.h>

typedef struct {
    double x, y, z;
} d3;

static d3 sub(d3 a, d3 b) { return (d3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static d3 cross(d3 a, d3 b) { return (d3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
static double dot(d3 a, d3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static d3 at(const isect_ccd_frame *f0, const isect_ccd_frame *f1, int k, double t)
{
    isect_dvec3 a = f0->v[k], b = f1->v[k];
    return (d3){a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), a.z + t * (b.z - a.z)};
}

/* det(v1 - v0, v2 - v0, v3 - v0) at t. */
static double det_at(const isect_ccd_frame *f0, const isect_ccd_frame *f1, double t)
{
    d3 v0 = at(f0, f1, 0, t);
    return dot(cross(sub(at(f0, f1, 1, t), v0), sub(at(f0, f1, 2, t), v0)), sub(at(f0, f1, 3, t), v0));
}

static bool inside(bool vf, const isect_ccd_frame *f0, const isect_ccd_frame *f1, double t)
{
    d3 v[4];
    for (int k = 0; k < 4; k++)
        v[k] = at(f0, f1, k, t);
    if (vf) {
        d3 n = cross(sub(v[2], v[1]), sub(v[3], v[1]));
        return dot(cross(sub(v[2], v[1]), sub(v[0], v[1])), n) >= 0 &&
               dot(cross(sub(v[3], v[2]), sub(v[0], v[2])), n) >= 0 &&
               dot(cross(sub(v[1], v[3]), sub(v[0], v[3])), n) >= 0;
    }
    d3 e1 = sub(v[1], v[0]), e2 = sub(v[3], v[2]), w = sub(v[2], v[0]), m = cross(e1, e2);
    double mm = dot(m, m), u = dot(cross(w, e2), m), s = dot(cross(w, e1), m);
    return mm > 0 && u >= 0 && u <= mm && s >= 0 && s <= mm;
}

static bool solve(bool vf, const isect_ccd_frame *f0, const isect_ccd_frame *f1, isect_ccd_result *out)
{
    /* the cubic's coefficients from four samples, its derivative's roots */
    double y0 = det_at(f0, f1, 0), y1 = det_at(f0, f1, 1.0 / 3), y2 = det_at(f0, f1, 2.0 / 3), y3 = det_at(f0, f1, 1);
    double c3 = 4.5 * (y3 - 3 * y2 + 3 * y1 - y0), c2 = 4.5 * (y2 - 2 * y1 + y0) - c3;
    double c1 = 3 * (y1 - y0) - c2 / 3 - c3 / 9;
    double b[4] = {0, 1, 1, 1};
    int n = 1;
    double disc = c2 * c2 - 3 * c3 * c1;
    if (c3 != 0 && disc > 0)
        for (int s = -1; s <= 1; s += 2) {
            double r = (-c2 + s * sqrt(disc)) / (3 * c3);
            if (r > 0 && r < 1)
                b[n++] = r;
        }
    if (n == 3 && b[1] > b[2]) {
        double x = b[1];
        b[1] = b[2];
        b[2] = x;
    }
    b[n++] = 1;
    for (int i = 0; i + 1 < n; i++) {
        double lo = b[i], hi = b[i + 1], flo = det_at(f0, f1, lo), fhi = det_at(f0, f1, hi);
        if ((flo > 0 && fhi > 0) || (flo < 0 && fhi < 0))
            continue;
        for (int k = 0; k < 60 && flo != 0; k++) {
            double mid = 0.5 * (lo + hi), fm = det_at(f0, f1, mid);
            if ((fm < 0) == (flo < 0) && fm != 0)
                lo = mid, flo = fm;
            else
                hi = mid;
        }
        double t = flo == 0 ? lo : hi;
        if (inside(vf, f0, f1, t)) {
            *out = (isect_ccd_result){true, t};
            return true;
        }
    }
    *out = (isect_ccd_result){false, 0};
    return false;
}

bool plain_vertex_face_ccd(isect_ccd_frame t0, isect_ccd_frame t1, isect_vertex_face_ccd_result *out)
{
    return solve(true, &t0, &t1, out);
}

bool plain_edge_edge_ccd(isect_ccd_frame t0, isect_ccd_frame t1, isect_edge_edge_ccd_result *out)
{
    return solve(false, &t0, &t1, out);
}
