/* fast/sphere_sweep_triangle.c: a moving sphere against a closed,
 * two-sided triangle, binary32, after Fauerby (2003): the face, then start
 * overlap (closest point) when the sphere starts within r of the plane,
 * then the three edges and the vertices (fast/sphere_sweep_common.h),
 * earliest first.  Unlike the published method: no back-face culling
 * (two-sided), no "embedded in the plane" shortcut, a stable root, no
 * division when the motion is parallel to an edge or zero, and a
 * degenerate triangle is its edges (the face offers nothing when its normal
 * is 0).  Pruned as exact arithmetic allows: a sphere starting farther than
 * r from the plane does not overlap at the start, a face contact is first,
 * a sphere never within r of the plane misses, a vertex of an edge with a
 * contact is not first (fast_sweep.h).
 * docs/queries/sphere_sweep_triangle.md. */
#include "sphere_sweep_common.h"

/* tri_face's answers. */
enum {
    TF_SLAB,  /* within r of the plane at the start, or no normal: start test, then the edges */
    TF_EDGES, /* the plane is reached in (0, 1] outside the triangle: the edges */
    TF_FIRST, /* the face contact, offered: the first contact */
    TF_NEVER  /* never within r of the plane over [0, 1]: a miss */
};

static int tri_face(fsw_contact *best, const fsw_ball *b, ssc_tri *T)
{
    /* In binary64: a binary32 normal of a thin triangle is mostly rounding
     * noise, which tilts the plane far beyond any rounding of the input. */
    if (!(T->N > 0))
        return TF_SLAB;
    /* Signed distance of the centre times |n|: d0 + t dv; the sphere enters
     * the slab |d| <= r |n| at t = (|d0| - r |n|) / |dv| when approaching. */
    fv_d3 n = T->n, v = fv_d(b->v);
    double d0 = -fv_ddot(n, fv_d(T->P[0])), dv = fv_ddot(n, v), ln = sqrt(T->N);
    double gap = fabs(d0) - b->r * ln;
    if (!(gap > 0))
        return TF_SLAB; /* within r of the plane at the start */
    if (!(d0 * dv < 0))
        return TF_NEVER; /* outside the slab, moving away or parallel */
    double t = gap / fabs(dv); /* gap > 0 finite, dv != 0: t > 0, never NaN */
    if (!(t <= 1))
        return TF_NEVER;
    /* The centre at t must project into the triangle. */
    fv_d3 q = fv_dmul(v, t);
    if (!ssc_tri_inside(T, q))
        return TF_EDGES;
    /* Contact point: the centre moved by r towards the plane. */
    double s = b->r / ln;
    ssc_offer(best, FSW_FACE, (float)t, fv_f(fv_dadd(q, fv_dmul(n, d0 > 0 ? -s : s))));
    return TF_FIRST;
}

/* Edge i joins P[i] and P[i + 1]; a vertex with an edge contact cannot be
 * reached first (ssc_edge). */
static void tri_edges(fsw_contact *k, const fsw_ball *b, const ssc_tri *T)
{
    bool e[3];
    for (int i = 0; i < 3; i++)
        e[i] = ssc_edge(k, b, &T->P[i], &T->P[i == 2 ? 0 : i + 1]);
    for (int i = 0; i < 3; i++)
        if (!e[i] && !e[i == 0 ? 2 : i - 1])
            ssc_vertex(k, b, &T->P[i]);
}

bool isect_sphere_sweep_triangle(isect_moving_sphere s, isect_triangle tri, isect_sphere_sweep_triangle_result *out)
{
    fsw_ball b;
    ssc_tri T;
    isect_vec3 v[3] = {tri.v0, tri.v1, tri.v2};
    fsw_contact k = {FSW_MISS, 0, {0, 0, 0}};
    if (ssc_setup(&b, &s, v, 3, T.P)) {
        ssc_tri_init(&T);
        int face = tri_face(&k, &b, &T);
        if (face == TF_SLAB) {
            isect_vec3 y;
            ssc_closest_triangle(&y, &T);
            if (ssc_touches(&b, &y)) {
                k.kind = FSW_START;
                k.p = y;
            } else {
                tri_edges(&k, &b, &T);
            }
        } else if (face == TF_EDGES) {
            tri_edges(&k, &b, &T);
        }
    }
    if (k.kind == FSW_MISS) {
        if (out)
            memset(out, 0, sizeof *out);
        return false;
    }
    if (out) {
        memset(out, 0, sizeof *out);
        out->hit = true;
        out->t = k.t;
        out->point = fsw_world(&b, k.p);
        if (k.kind == FSW_VERTEX)
            for (int i = 0; i < 3; i++)
                if (k.p.x == T.P[i].x && k.p.y == T.P[i].y && k.p.z == T.P[i].z)
                    out->point = v[i]; /* the vertex exactly as given */
    }
    return true;
}
