/* ref/degenerate.c: degenerate sets of the queries whose hit set has no
 * interior; declared in isect_ref.h; docs/judge.md says how the judge uses them. */
#include "isect_ref.h"

#include "exact.h"
#include "interval.h"

enum { IN_P = 0, IN_V0 = 3, IN_V1 = 6, IN_V2 = 9, N_IN = 12 };

int ref_point_in_triangle_on_set(const double *in)
{
    if (!ref_all_finite(in, N_IN))
        return 0;
    /* pt[0] = p, pt[1..3] = v0 v1 v2; then pt[k] -= v0 for k = 0, 2, 3 */
    q3 pt[4], n;
    mpq_t s;
    mpq_init(s);
    q3_init(&n);
    for (int k = 0; k < 4; k++) {
        q3_init(&pt[k]);
        q3_set_d(&pt[k], in + 3 * k);
    }
    for (int k = 0; k < 4; k++)
        if (k != 1)
            q3_sub(&pt[k], &pt[k], &pt[1]);
    q3_cross(&n, &pt[2], &pt[3]);
    q3_dot(s, &n, &pt[0]);
    int on = !q3_is_zero(&n) && mpq_sgn(s) == 0;
    for (int k = 0; k < 4; k++)
        q3_clear(&pt[k]);
    q3_clear(&n);
    mpq_clear(s);
    return on;
}

/* On D the plane of the triangle contains p, so p is in the triangle iff its
 * projection along an axis k with n_k != 0 is in the projected triangle: the
 * projection is an affine bijection of the plane onto the coordinate plane.
 * The projected edge functions are the k-th components of
 *   (v1 - p) x (v2 - p), (v2 - p) x (v0 - p), (v0 - p) x (v1 - p),
 * whose sum is n_k; p is in the closed triangle iff all three have the sign
 * of n_k or are 0.  k is the axis whose interval n_k lies furthest from 0;
 * if every n_k may be 0 somewhere in the box, nothing is certain. */
void ref_point_in_triangle_set_encl(const iv *in, iv *out)
{
    iv3 p = iv3_load(in, IN_P), v0 = iv3_load(in, IN_V0), v1 = iv3_load(in, IN_V1), v2 = iv3_load(in, IN_V2);
    iv3 n = iv3_cross(iv3_sub(v1, v0), iv3_sub(v2, v0));
    iv nk[3] = {n.x, n.y, n.z};
    int k = -1;
    double best = 0;
    for (int i = 0; i < 3; i++) {
        if (iv_has_nan(nk[i]))
            continue;
        double m = nk[i].lo > 0 ? nk[i].lo : nk[i].hi < 0 ? -nk[i].hi : 0;
        if (m > best) {
            best = m;
            k = i;
        }
    }
    out[0] = iv_make(0, 1);
    if (k < 0)
        return;
    iv3 a = iv3_sub(v0, p), b = iv3_sub(v1, p), c = iv3_sub(v2, p);
    iv3 w[3] = {iv3_cross(b, c), iv3_cross(c, a), iv3_cross(a, b)};
    bool all_in = true, some_out = false;
    for (int i = 0; i < 3; i++) {
        iv wk = k == 0 ? w[i].x : k == 1 ? w[i].y : w[i].z;
        if (nk[k].hi < 0)
            wk = iv_neg(wk);
        if (iv_has_nan(wk))
            return;
        all_in &= iv_nonneg(wk);
        some_out |= iv_neg_strict(wk);
    }
    out[0] = iv_bool(all_in, some_out);
}
