/* ref/ccd_encl.c: the enclosures of vertex_face_ccd and edge_edge_ccd; see
 * ref_ccd.h.  Conservative by design: a miss is certified by excluding every
 * time of [0, 1]; a hit is never certified (hit [0, 1]), and t's interval
 * starts at the first time that could not be excluded. */
#include "isect_ref.h"
#include "ref_ccd.h"

enum { CCD_DEPTH = 12, CCD_BUDGET = 160 };

static iv *comp(iv3 *v, int i) { return i == 0 ? &v->x : i == 1 ? &v->y : &v->z; }

/* Vertex k of the box at the times T: (1 - t) x0 + t x1 over t in T. */
static iv3 vertex_at(const iv *in, int k, iv T)
{
    iv s = iv_sub(iv_point(1), T);
    iv3 r;
    for (int i = 0; i < 3; i++)
        *comp(&r, i) = iv_add(iv_mul(s, in[3 * k + i]), iv_mul(T, in[12 + 3 * k + i]));
    return r;
}

/* Are the boxes a and b apart along some axis? */
static bool apart(iv3 a, iv3 b)
{
    for (int i = 0; i < 3; i++) {
        iv x = *comp(&a, i), y = *comp(&b, i);
        if (x.hi < y.lo || y.hi < x.lo)
            return true;
    }
    return false;
}

/* True when no t in T is a contact for any input of the box: the features'
 * boxes are apart, or det(v1 - v0, v2 - v0, v3 - v0), which vanishes at
 * every contact of both queries, has a constant non-zero sign. */
static bool excluded(ccd_kind kind, const iv *in, iv T)
{
    iv3 v[4];
    for (int k = 0; k < 4; k++)
        v[k] = vertex_at(in, k, T);
    bool sep = kind == CCD_VERTEX_FACE ? apart(v[0], iv3_hull(v[1], iv3_hull(v[2], v[3])))
                                       : apart(iv3_hull(v[0], v[1]), iv3_hull(v[2], v[3]));
    if (sep)
        return true;
    iv3 e1 = iv3_sub(v[1], v[0]), e2 = iv3_sub(v[2], v[0]), e3 = iv3_sub(v[3], v[0]);
    iv det = iv3_dot(iv3_cross(e1, e2), e3);
    return iv_pos(det) || iv_neg_strict(det);
}

/* Depth-first, earliest half first: true with *tlo the start of the first
 * sub-interval of [a, b] not excluded (at the depth or budget limit). */
static bool search(ccd_kind kind, const iv *in, double a, double b, int depth, int *budget, double *tlo)
{
    if (*budget <= 0) {
        *tlo = a;
        return true;
    }
    --*budget;
    if (excluded(kind, in, iv_make(a, b)))
        return false;
    if (depth == 0) {
        *tlo = a;
        return true;
    }
    double m = 0.5 * (a + b);
    return search(kind, in, a, m, depth - 1, budget, tlo) || search(kind, in, m, b, depth - 1, budget, tlo);
}

void ccd_encl(ccd_kind kind, const iv *in, iv *out)
{
    for (int i = 0; i < CCD_N_IN; i++)
        if (iv_has_nan(in[i]) || !(in[i].lo > -INFINITY && in[i].hi < INFINITY)) {
            out[CCD_OUT_HIT] = iv_make(0, 1);
            out[CCD_OUT_T] = iv_make(0, 1);
            return;
        }
    int budget = CCD_BUDGET;
    double tlo = 0;
    if (search(kind, in, 0, 1, CCD_DEPTH, &budget, &tlo)) {
        out[CCD_OUT_HIT] = iv_make(0, 1);
        out[CCD_OUT_T] = iv_make(tlo, 1);
    } else {
        out[CCD_OUT_HIT] = iv_point(0);
        out[CCD_OUT_T] = iv_point(0);
    }
}
