/* ref/sphere_sweep_sphere.c: exact sphere_sweep_sphere.
 *
 * Two spheres, centres c0 + t v0 and c1 + t v1, radii r0 and r1, for t in
 * [0, 1].  They touch when |(c0 - c1) + t (v0 - v1)| <= r0 + r1: the
 * relative motion is sphere_sweep_point's, a sphere of radius r0 + r1 with
 * centre w = c0 - c1 moving by v = v0 - v1 against the origin (all exact
 * rationals).  docs/queries/sphere_sweep_sphere.md.
 */
#include "isect_ref.h"
#include "ref_sweep.h"

#include <string.h>

enum { IN_C0 = 0, IN_V0 = 3, IN_R0 = 6, IN_C1 = 7, IN_V1 = 10, IN_R1 = 13, N_IN = 14 };
enum { OUT_HIT, OUT_T, N_OUT };
_Static_assert(OUT_HIT == 0 && OUT_T == 1 && N_OUT == 2, "the layout sw_ref_contact() writes");

static int valid_input(const double *in) { return ref_all_finite(in, N_IN) && in[IN_R0] >= 0 && in[IN_R1] >= 0; }

void ref_sphere_sweep_sphere_encl(const iv *in, iv *out)
{
    iv c[3], v[3];
    for (int i = 0; i < 3; i++) {
        c[i] = iv_sub(in[IN_C0 + i], in[IN_C1 + i]);
        v[i] = iv_sub(in[IN_V0 + i], in[IN_V1 + i]);
    }
    sw_iball b = sw_iball_make(c, v, iv_add(in[IN_R0], in[IN_R1]));
    iv3 o = {iv_point(0), iv_point(0), iv_point(0)};
    sw_iacc a;
    sw_iacc_init(&a);
    sw_istart_point(&a, &b, o);
    sw_ivertex(&a, &b, o);
    sw_iacc_result(&a, &out[OUT_HIT], &out[OUT_T], NULL);
}

/* The relative ball: centre c0 - c1, displacement v0 - v1, radius r0 + r1. */
static void relative_ball(sw_ball *b, const double *in)
{
    q3 x;
    mpq_t r1;
    sw_ball_init(b, in + IN_C0, in + IN_V0, 0);
    q3_init(&x);
    mpq_init(r1);
    q3_set_d(&x, in + IN_C1);
    q3_sub(&b->c, &b->c, &x);
    q3_set_d(&x, in + IN_V1);
    q3_sub(&b->v, &b->v, &x);
    mpq_set_d(b->r2, in[IN_R0]);
    mpq_set_d(r1, in[IN_R1]);
    mpq_add(b->r2, b->r2, r1);
    mpq_mul(b->r2, b->r2, b->r2);
    q3_clear(&x);
    mpq_clear(r1);
}

static void solve(const double *in, sw_contact *k)
{
    sw_ball b;
    q3 o;
    mpq_t d2;
    relative_ball(&b, in);
    q3_init(&o);
    mpq_init(d2);
    q3_dot(d2, &b.c, &b.c);
    if (mpq_cmp(d2, b.r2) <= 0)
        sw_contact_start(k, &o);
    else
        sw_vertex(k, &b, &o, 0);
    sw_ball_clear(&b);
    q3_clear(&o);
    mpq_clear(d2);
}

/* On a certified hit: the relative motion's start overlap or root
 * (ref_sweep.h); every difference and the radius sum enclosed by ivl.h. */
static bool tight(const double *in, double *out)
{
    ivl3 w = ivl3_sub(ivl3_at(in + IN_C0), ivl3_at(in + IN_C1));
    ivl3 v = ivl3_sub(ivl3_at(in + IN_V0), ivl3_at(in + IN_V1));
    return sw_tight_vertex(w, v, ivl_add(ivl_d(in[IN_R0]), ivl_d(in[IN_R1])), &out[OUT_T]);
}

int ref_sphere_sweep_sphere(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;
    sw_ref_contact(in, N_IN, out, ref_sphere_sweep_sphere_encl, tight, solve);
    return REF_OK;
}

const char *ref_sphere_sweep_sphere_feature(const double *in)
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
