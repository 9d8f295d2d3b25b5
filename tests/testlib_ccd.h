/* tests/testlib_ccd.h: helpers of the continuous collision tests
 * (test_vertex_face_ccd.c, test_edge_edge_ccd.c): cases from eight
 * vertices, a generator of motions aimed at contacts, and the properties
 * every CCD query must have (a sound enclosure, a filter that changes
 * nothing, fast never missing nor late). */
#ifndef ISECT_TESTS_TESTLIB_CCD_H
#define ISECT_TESTS_TESTLIB_CCD_H

#include "testlib.h"

static inline void mk(double *in, const double (*v)[3])
{
    for (int k = 0; k < 8; k++)
        for (int i = 0; i < 3; i++)
            in[3 * k + i] = v[k][i];
}

static inline void expect(const char *q, const double (*v)[3], int hit, double t, const char *what)
{
    double in[24];
    mk(in, v);
    if (hit)
        tl_expect_hit(tl_query(q), in, (double[]){t}, 1, what);
    else
        tl_expect_miss(tl_query(q), in, what);
}

/* A random motion in [-1, 1]^3, half of them with vertex 0 aimed at a point
 * of the other feature (nfeature 3: the face, 2: the segment cd) at a time
 * s, some with every z = 0 (coplanar for all t). */
static int nfeature_;
static inline void gen(double *in)
{
    for (int k = 0; k < 24; k++)
        in[k] = k < 12 ? 2 * tl_unit() - 1 : in[k - 12] + tl_unit() - 0.5;
    if (tl_rnd() & 1) {
        double w[3] = {0, 0, 0}, s = 0.125 * (double)tl_int(1, 8), sum = 0;
        for (int j = 3 - nfeature_; j < 3; j++)
            sum += w[j] = tl_unit();
        for (int i = 0; i < 3; i++) {
            double x = 0;
            for (int j = 0; j < 3; j++)
                x += w[j] / sum * ((1 - s) * in[3 * (j + 1) + i] + s * in[12 + 3 * (j + 1) + i]);
            in[12 + i] = in[i] + (x - in[i]) / s;
        }
    }
    if (tl_int(0, 7) == 0)
        for (int k = 0; k < 8; k++)
            in[3 * k + 2] = 0;
}

/* The enclosure is sound on boxes around gen's inputs; the filter agrees with
 * the exact path; fast never misses where ref hits, nor reports a later t. */
static inline void ccd_properties(const char *name, int nfeature)
{
    const isect_query *q = tl_query(name);
    nfeature_ = nfeature;
    int decided_miss = 0;
    for (int b = 0; b < 300; b++) {
        double c[24], p[24], out[2], f[2];
        iv box[24], enc[2];
        gen(c);
        double rad = ldexp(1, -tl_int(2, 50));
        for (int i = 0; i < 24; i++)
            box[i] = isect_iv_around(c[i], rad);
        q->encl(box, enc);
        decided_miss += enc[0].hi == 0;
        for (int k = 0; k < 4; k++) {
            for (int i = 0; i < 24; i++)
                p[i] = k == 0 ? c[i] : box[i].lo + (box[i].hi - box[i].lo) * tl_unit();
            tl_ref(q, p, out);
            cr_assert(enc[0].lo <= out[0] && out[0] <= enc[0].hi, "%s: box %d: hit outside its enclosure", name, b);
            cr_assert(!out[0] || (enc[1].lo <= out[1] && out[1] <= enc[1].hi), "%s: box %d: t outside", name, b);
        }
        tl_run(q, "fast", c, f);
        tl_ref(q, c, out);
        cr_assert(!out[0] || (f[0] && f[1] <= out[1]), "%s: box %d: fast missed or was late", name, b);
        ref_set_filter(0);
        tl_ref(q, c, p);
        ref_set_filter(1);
        cr_assert(p[0] == out[0] && p[1] == out[1], "%s: box %d: the filter changed the answer", name, b);
    }
    cr_assert(decided_miss > 20, "%s: the enclosure decides too few misses (%d)", name, decided_miss);
}

#endif
