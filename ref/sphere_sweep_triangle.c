/* ref/sphere_sweep_triangle.c: exact sphere_sweep_triangle.
 *
 * A sphere of radius r, centre c + t v for t in [0, 1], against the closed,
 * two-sided triangle v0 v1 v2 (a degenerate one is the hull of its
 * vertices: a segment or a point).  At the start it overlaps when the exact
 * closest point of the triangle to c is within r (t = 0, point = that
 * closest point).  Otherwise the first contact is the earliest valid
 * candidate of Fauerby's features, decided exactly:
 *   - the face (non-degenerate triangles): the sphere enters the slab
 *     |distance to the plane| <= r at t, and the projection of the centre at
 *     t lies in the closed triangle; contact point: that projection;
 *   - each edge: the sphere reaches distance r from the edge's line at t
 *     and the foot of the perpendicular lies on the closed edge; contact
 *     point: that foot;
 *   - each vertex: the sphere reaches distance r from it; contact point:
 *     the vertex.
 * For a degenerate triangle the face offers nothing and the three edges
 * cover the hull.  ref_sweep.h has the candidate conditions and
 * docs/queries/sphere_sweep_triangle.md the argument that the earliest valid
 * candidate is the first contact.
 */
#include "isect_ref.h"
#include "ref_sweep.h"

#include <math.h>
#include <string.h>

enum { IN_C = 0, IN_V = 3, IN_R = 6, IN_V0 = 7, IN_V1 = 10, IN_V2 = 13, N_IN = 16 };
enum { OUT_HIT, OUT_T, OUT_P, N_OUT = 5 };
_Static_assert(OUT_HIT == 0 && OUT_T == 1 && OUT_P == 2, "the layout sw_ref_contact_point() writes");

static int valid_input(const double *in) { return ref_all_finite(in, N_IN) && in[IN_R] >= 0; }

static void accumulate(const iv *in, sw_iacc *a, sw_iball *b)
{
    *b = sw_iball_make(in + IN_C, in + IN_V, in[IN_R]);
    iv3 v[3] = {iv3_load(in, IN_V0), iv3_load(in, IN_V1), iv3_load(in, IN_V2)};
    sw_iacc_init(a);
    sw_istart_triangle(a, b, v[0], v[1], v[2]);
    sw_iface(a, b, v[0], v[1], v[2]); /* candidate 0 */
    for (int i = 0; i < 3; i++)
        sw_iedge(a, b, v[i], v[(i + 1) % 3]); /* candidates 1 + i */
    for (int i = 0; i < 3; i++)
        sw_ivertex(a, b, v[i]); /* candidates 4 + i */
}

void ref_sphere_sweep_triangle_encl(const iv *in, iv *out) { sw_ref_encl_point(in, out, accumulate); }

/* The exact first contact of a valid input, over the candidates (numbered
 * as in accumulate()) and the start overlap test in sw_solve_set(only):
 * all of them for only = -1; only >= 0: the filter has shown that
 * candidate to be the first contact; only < -1: the filter has shown the
 * others impossible (ref_sweep.h). */
static void solve(const double *in, sw_contact *k, int only)
{
    unsigned set = sw_solve_set(only);
    sw_ball b;
    q3 v[3], y;
    mpq_t d2;
    sw_ball_init(&b, in + IN_C, in + IN_V, in[IN_R]);
    for (int i = 0; i < 3; i++) {
        q3_init(&v[i]);
        q3_set_d(&v[i], in + IN_V0 + 3 * i);
    }
    q3_init(&y);
    mpq_init(d2);
    bool start = false;
    if (set >> SW_MAX_CAND & 1) {
        q3_closest_triangle(&y, d2, &b.c, &v[0], &v[1], &v[2]);
        start = mpq_cmp(d2, b.r2) <= 0;
    }
    if (start)
        sw_contact_start(k, &y);
    else {
        if (set & 1)
            sw_face(k, &b, &v[0], &v[1], &v[2]);
        for (int i = 0; i < 3; i++)
            if (set >> (1 + i) & 1)
                sw_edge(k, &b, &v[i], &v[(i + 1) % 3], i);
        for (int i = 0; i < 3; i++)
            if (set >> (4 + i) & 1)
                sw_vertex(k, &b, &v[i], i);
    }
    sw_ball_clear(&b);
    for (int i = 0; i < 3; i++)
        q3_clear(&v[i]);
    q3_clear(&y);
    mpq_clear(d2);
}

/* Candidate only (numbered as in accumulate()) rounded by ivl.h
 * or the start overlap (-1) (ref/sphere_sweep_tight.c). */
static bool tight(const double *in, int only, double *out)
{
    const double *c = in + IN_C, *v = in + IN_V, r = in[IN_R], *vs = in + IN_V0;
    if (only < 0)
        return sw_tight_start_triangle(c, vs, vs + 3, vs + 6, out);
    if (only == 0)
        return sw_tight_face_at(c, v, r, vs, vs + 3, vs + 6, out);
    if (only < 4)
        return sw_tight_edge_at(c, v, r, vs + 3 * (only - 1), vs + 3 * (only % 3), out);
    return sw_tight_vertex_at(c, v, r, vs + 3 * (only - 4), out);
}

/* A certain miss by bounding boxes: over t in [0, 1] the centre c + t v
 * stays in the box of c and c + v (per coordinate, a linear motion), the
 * ball within r of it, and the triangle (the hull of its vertices) in their
 * box; boxes apart along one axis (strictly: touching is a hit) share no
 * point at any t.  c + v and the +-r are enclosed with outward rounding
 * (interval.h), so the test is exact.  A fifth of the fuzzers' inputs end
 * here instead of in the interval filter. */
static bool boxes_apart(const double *in)
{
    for (int i = 0; i < 3; i++) {
        iv cv = iv_add(iv_point(in[IN_C + i]), iv_point(in[IN_V + i]));
        double lo = iv_sub(iv_point(fmin(in[IN_C + i], cv.lo)), iv_point(in[IN_R])).lo;
        double hi = iv_add(iv_point(fmax(in[IN_C + i], cv.hi)), iv_point(in[IN_R])).hi;
        double tlo = fmin(fmin(in[IN_V0 + i], in[IN_V1 + i]), in[IN_V2 + i]);
        double thi = fmax(fmax(in[IN_V0 + i], in[IN_V1 + i]), in[IN_V2 + i]);
        if (hi < tlo || lo > thi)
            return true;
    }
    return false;
}

int ref_sphere_sweep_triangle(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;
    if (ref_filter_enabled() && boxes_apart(in)) {
        ref_stats.filtered++;
        return REF_OK;
    }
    sw_ref_contact_point(in, N_IN, out, accumulate, tight, solve);
    return REF_OK;
}

const char *ref_sphere_sweep_triangle_feature(const double *in)
{
    return valid_input(in) ? sw_ref_feature(in, solve) : "invalid";
}
