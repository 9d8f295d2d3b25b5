/* ref/sphere_sweep_point.c: exact sphere_sweep_point.
 *
 * A sphere of radius r, centre c + t v for t in [0, 1], against the point p:
 * with w = c - p, the sphere touches p when |w + t v|^2 <= r^2.  It overlaps
 * p at the start when |w|^2 <= r^2 (t = 0); otherwise the first contact is
 * the smaller root of (v.v) t^2 + 2 (w.v) t + (w.w - r^2) = 0 when it exists
 * and is <= 1 (ref_sweep.h).  The root is compared with 1 and
 * rounded exactly (ref/algebraic.h).  docs/queries/sphere_sweep_point.md.
 */
#include "isect_ref.h"
#include "ref_sweep.h"

#include <string.h>

enum { IN_C = 0, IN_V = 3, IN_R = 6, IN_P = 7, N_IN = 10 };
enum { OUT_HIT, OUT_T, N_OUT };
_Static_assert(OUT_HIT == 0 && OUT_T == 1 && N_OUT == 2, "the layout sw_ref_contact() writes");

static int valid_input(const double *in) { return ref_all_finite(in, N_IN) && in[IN_R] >= 0; }

void ref_sphere_sweep_point_encl(const iv *in, iv *out)
{
    sw_iball b = sw_iball_make(in + IN_C, in + IN_V, in[IN_R]);
    iv3 p = iv3_load(in, IN_P);
    sw_iacc a;
    sw_iacc_init(&a);
    sw_istart_point(&a, &b, p);
    sw_ivertex(&a, &b, p);
    sw_iacc_result(&a, &out[OUT_HIT], &out[OUT_T], NULL);
}

/* The exact first contact of a valid input. */
static void solve(const double *in, sw_contact *k)
{
    sw_ball b;
    q3 p, w;
    mpq_t d2;
    sw_ball_init(&b, in + IN_C, in + IN_V, in[IN_R]);
    q3_init(&p);
    q3_init(&w);
    mpq_init(d2);
    q3_set_d(&p, in + IN_P);
    q3_sub(&w, &b.c, &p);
    q3_dot(d2, &w, &w);
    if (mpq_cmp(d2, b.r2) <= 0)
        sw_contact_start(k, &p);
    else
        sw_vertex(k, &b, &p, 0);
    sw_ball_clear(&b);
    q3_clear(&p);
    q3_clear(&w);
    mpq_clear(d2);
}

/* On a certified hit: the start overlap or the vertex's root (ref_sweep.h). */
static bool tight(const double *in, double *out)
{
    ivl3 w = ivl3_sub(ivl3_at(in + IN_C), ivl3_at(in + IN_P));
    return sw_tight_vertex(w, ivl3_at(in + IN_V), ivl_d(in[IN_R]), &out[OUT_T]);
}

int ref_sphere_sweep_point(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;
    sw_ref_contact(in, N_IN, out, ref_sphere_sweep_point_encl, tight, solve);
    return REF_OK;
}

const char *ref_sphere_sweep_point_feature(const double *in)
{
    if (!valid_input(in))
        return "invalid";
    sw_contact k;
    sw_contact_init(&k);
    solve(in, &k);
    const char *name = sw_kind_name(k.kind);
    sw_contact_clear(&k);
    return name;
}
