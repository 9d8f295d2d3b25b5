/* ref/sphere_sweep_plane.c: exact sphere_sweep_plane.
 *
 * A sphere of radius r, centre c + t v for t in [0, 1], against the closed,
 * two-sided plane through q with normal n (not normalised, not zero).  With
 * d0 = n.(c - q), dv = n.v and N = n.n, the signed distance of the centre is
 * (d0 + t dv) / sqrt(N), and the sphere touches the plane when
 * (d0 + t dv)^2 <= r^2 N.  It does at the start when d0^2 <= r^2 N (t = 0);
 * otherwise the first contact is the smaller root of
 *     dv^2 t^2 + 2 d0 dv t + (d0^2 - r^2 N) = 0,
 * which is (|d0| - r sqrt(N)) / |dv| when d0 dv < 0 (approaching), when it
 * is <= 1.  docs/queries/sphere_sweep_plane.md.
 */
#include "isect_ref.h"
#include "ref_sweep.h"

#include <string.h>

enum { IN_C = 0, IN_V = 3, IN_R = 6, IN_Q = 7, IN_N = 10, N_IN = 13 };
enum { OUT_HIT, OUT_T, N_OUT };
_Static_assert(OUT_HIT == 0 && OUT_T == 1 && N_OUT == 2, "the layout sw_ref_contact() writes");

static int valid_input(const double *in)
{
    return ref_all_finite(in, N_IN) && in[IN_R] >= 0 && (in[IN_N] != 0 || in[IN_N + 1] != 0 || in[IN_N + 2] != 0);
}

void ref_sphere_sweep_plane_encl(const iv *in, iv *out)
{
    sw_iball b = sw_iball_make(in + IN_C, in + IN_V, in[IN_R]);
    iv3 q = iv3_load(in, IN_Q), n = iv3_load(in, IN_N);
    sw_iacc a;
    sw_iacc_init(&a);
    sw_istart_plane(&a, &b, q, n);
    sw_iplane(&a, &b, q, n);
    sw_iacc_result(&a, &out[OUT_HIT], &out[OUT_T], NULL);
}

static void solve(const double *in, sw_contact *k)
{
    sw_ball b;
    q3 q, n, w;
    mpq_t d0, f, N;
    sw_ball_init(&b, in + IN_C, in + IN_V, in[IN_R]);
    q3_init(&q);
    q3_init(&n);
    q3_init(&w);
    mpq_inits(d0, f, N, NULL);
    q3_set_d(&q, in + IN_Q);
    q3_set_d(&n, in + IN_N);
    q3_sub(&w, &b.c, &q);
    q3_dot(d0, &n, &w);
    q3_dot(N, &n, &n);
    mpq_mul(d0, d0, d0);
    mpq_mul(f, b.r2, N);
    if (mpq_cmp(d0, f) <= 0) {
        q3 zero;
        q3_init(&zero);
        sw_contact_start(k, &zero);
        q3_clear(&zero);
    } else {
        sw_plane(k, &b, &q, &n);
    }
    sw_ball_clear(&b);
    q3_clear(&q);
    q3_clear(&n);
    q3_clear(&w);
    mpq_clears(d0, f, N, NULL);
}

/* On a certified hit: t = 0 when d0^2 <= r^2 N, else (then d0 != 0 and
 * d0 dv < 0) t = (|d0| - r sqrt N) / |dv|, enclosed by ivl.h. */
static bool tight(const double *in, double *out)
{
    ivl3 n = ivl3_at(in + IN_N);
    ivl d0 = ivl3_dot(n, ivl3_sub(ivl3_at(in + IN_C), ivl3_at(in + IN_Q))), dv = ivl3_dot(n, ivl3_at(in + IN_V));
    ivl N = ivl3_dot(n, n), r = ivl_d(in[IN_R]);
    ivl s = ivl_sub(ivl_mul(d0, d0), ivl_mul(ivl_mul(r, r), N));
    if (s.hi <= 0)
        return true; /* the start overlaps: t = 0, out[OUT_T] stays 0 */
    if (!(s.lo > 0) || !(d0.lo > 0 || d0.hi < 0))
        return false;
    if (d0.hi < 0) {
        d0 = ivl_neg(d0);
        dv = ivl_neg(dv);
    }
    return ivl_round(ivl_div(ivl_sub(d0, ivl_mul(r, ivl_sqrt(N))), ivl_neg(dv)), &out[OUT_T]);
}

int ref_sphere_sweep_plane(const double *in, double *out)
{
    memset(out, 0, N_OUT * sizeof *out);
    if (!valid_input(in))
        return REF_INVALID;
    sw_ref_contact(in, N_IN, out, ref_sphere_sweep_plane_encl, tight, solve);
    return REF_OK;
}

const char *ref_sphere_sweep_plane_feature(const double *in)
{
    if (!valid_input(in))
        return "invalid";
    sw_contact k;
    sw_contact_init(&k);
    solve(in, &k);
    const char *name = k.kind == SW_FACE ? "plane" : sw_kind_name(k.kind);
    sw_contact_clear(&k);
    return name;
}
