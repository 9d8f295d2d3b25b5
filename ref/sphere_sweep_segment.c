/* ref/sphere_sweep_segment.c: exact sphere_sweep_segment.
 *
 * A sphere of radius r, centre c + t v for t in [0, 1], against the closed
 * segment p0 p1 (p0 == p1: a point).  At the start it overlaps when the
 * exact closest point of the segment to c is within r (t = 0, point = that
 * closest point).  Otherwise the first contact is the earliest valid
 * candidate among the endpoints (vertex quadratics) and the segment's
 * interior (the line quadratic, valid when the foot of the perpendicular at
 * that time lies on the segment); the contact point is the endpoint, or the
 * foot of the perpendicular from the centre at that time.
 * ref_sweep.h and docs/queries/sphere_sweep_segment.md.
 */
#include "isect_ref.h"
#include "ref_sweep.h"

#include <string.h>

enum { IN_C = 0, IN_V = 3, IN_R = 6, IN_P0 = 7, IN_P1 = 10, N_IN = 13 };
enum { OUT_HIT, OUT_T, OUT_P, N_OUT = 5 };
_Static_assert(OUT_HIT == 0 && OUT_T == 1 && OUT_P == 2, "the layout sw_ref_contact_point() writes");

static int valid_input(const double *in) { return ref_all_finite(in, N_IN) && in[IN_R] >= 0; }

static void accumulate(const iv *in, sw_iacc *a, sw_iball *b)
{
    *b = sw_iball_make(in + IN_C, in + IN_V, in[IN_R]);
    iv3 p0 = iv3_load(in, IN_P0), p1 = iv3_load(in, IN_P1);
    sw_iacc_init(a);
    sw_istart_segment(a, b, p0, p1);
    sw_iedge(a, b, p0, p1); /* candidate 0 */
    sw_ivertex(a, b, p0);   /* 1 */
    sw_ivertex(a, b, p1);   /* 2 */
}

void ref_sphere_sweep_segment_encl(const iv *in, iv *out) { sw_ref_encl_point(in, out, accumulate); }

/* The exact first contact of a valid input over the candidates (numbered
 * as in accumulate()) and the start test in sw_solve_set(only) (ref_sweep.h:
 * -1 all, >= 0 the one the filter has shown first, < -1 those it could not
 * exclude). */
static void solve(const double *in, sw_contact *k, int only)
{
    sw_ball b;
    q3 p0, p1, y;
    mpq_t d2;
    sw_ball_init(&b, in + IN_C, in + IN_V, in[IN_R]);
    q3_init(&p0);
    q3_init(&p1);
    q3_init(&y);
    mpq_init(d2);
    q3_set_d(&p0, in + IN_P0);
    q3_set_d(&p1, in + IN_P1);
    unsigned set = sw_solve_set(only); /* ref_sweep.h */
    bool start = false;
    if (set >> SW_MAX_CAND & 1) {
        q3_closest_segment(&y, d2, &b.c, &p0, &p1);
        start = mpq_cmp(d2, b.r2) <= 0;
    }
    if (start)
        sw_contact_start(k, &y);
    else {
        if (set & 1)
            sw_edge(k, &b, &p0, &p1, 0);
        for (int i = 0; i < 2; i++)
            if (set >> (1 + i) & 1)
                sw_vertex(k, &b, i ? &p1 : &p0, i);
    }
    sw_ball_clear(&b);
    q3_clear(&p0);
    q3_clear(&p1);
    q3_clear(&y);
    mpq_clear(d2);
}

/* Candidate only (numbered as in accumulate()) or the start (-1), rounded
 * by ivl.h (ref/sphere_sweep_tight.c). */
static bool tight(const double *in, int only, double *out)
{
    const double *c = in + IN_C, *v = in + IN_V, r = in[IN_R];
    if (only < 0)
        return sw_tight_start_segment(c, in + IN_P0, in + IN_P1, out);
    if (only == 0)
        return sw_tight_edge_at(c, v, r, in + IN_P0, in + IN_P1, out);
    return sw_tight_vertex_at(c, v, r, in + (only == 1 ? IN_P0 : IN_P1), out);
}

int ref_sphere_sweep_segment(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;
    sw_ref_contact_point(in, N_IN, out, accumulate, tight, solve);
    return REF_OK;
}

const char *ref_sphere_sweep_segment_feature(const double *in)
{
    return valid_input(in) ? sw_ref_feature(in, solve) : "invalid";
}
