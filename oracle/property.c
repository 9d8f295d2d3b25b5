/* oracle/property.c: the property engine and the relation properties
 * (symmetry, consistency between queries, invariance); the mesh properties
 * (watertightness, parity) are in property_mesh.c.  See property.h and
 * docs/judge.md, "Properties". */
#include "property_impl.h"
#include "rng.h"

#include "isect_ref.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *isect_prop_status_name(isect_prop_status s)
{
    static const char *const names[] = {"n/a", "holds", "tolerated", "violated"};
    return names[s];
}

const isect_property *isect_property_find(const char *name)
{
    for (size_t i = 0; i < isect_properties_size; i++)
        if (!strcmp(isect_properties[i]->name, name))
            return isect_properties[i];
    return NULL;
}

int isect_property_has_base(const isect_property *p, const isect_query *q)
{
    for (int i = 0; p->bases[i]; i++)
        if (!strcmp(p->bases[i], q->name))
            return 1;
    return 0;
}

int prop_add(isect_prop_set *s, const char *query, const double *in)
{
    if (s->n == PROP_MAX_INPUTS)
        return -1;
    const isect_query *q = isect_query_find(query);
    s->q[s->n] = q;
    memcpy(s->in[s->n], in, (size_t)isect_query_nin(q) * sizeof *in);
    return s->n++;
}

bool prop_hit(const isect_prop_answers *a, int i) { return a->out[i][0] != 0; }

void prop_relation(bool holds, const isect_prop_set *s, const isect_prop_answers *a, int from, int n,
                   const char *what, isect_prop_result *res)
{
    for (int i = from; i < from + n; i++)
        if (a->ref_status[i] != REF_OK) {
            res->status = PROP_NA;
            return;
        }
    if (holds) {
        res->status = PROP_HOLDS;
        return;
    }
    bool bad = false;
    res->severity = 0;
    for (int i = from; i < from + n; i++) {
        bool b = a->j[i].verdict == VERDICT_DISCREPANCY || a->j[i].verdict == VERDICT_INVALID;
        if (res->index < 0 || (b && !bad) || (b == bad && a->j[i].severity > res->severity)) {
            res->index = i;
            res->severity = a->j[i].severity;
        }
        bad |= b;
    }
    res->status = bad ? PROP_VIOLATED : PROP_TOLERATED;
    snprintf(res->why, sizeof res->why, "%s; worst answer: input %d (%s), %s, severity %.3g", what, res->index,
             s->q[res->index]->name, isect_verdict_name(a->j[res->index].verdict), res->severity);
}

uint64_t isect_property_word(const isect_query *q, const double *in)
{
    uint64_t h = 0xCBF29CE484222325ULL;
    for (int i = 0; i < isect_query_nin(q); i++) {
        uint64_t b;
        memcpy(&b, &in[i], sizeof b);
        h = (h ^ b) * 0x100000001B3ULL;
    }
    return h | 1; /* r = 0 is the corpus's "as given" */
}

isect_prop_result isect_property_check(const isect_property *p, const isect_target *t, const isect_query *q,
                                       const double *in, uint64_t r, isect_prop_set *s)
{
    isect_prop_result res = {PROP_NA, 0, -1, ""};
    static isect_prop_answers a;
    memset(s, 0, sizeof *s);
    if (!isect_property_has_base(p, q) || !p->derive(q, in, r, s) || s->n == 0)
        return res;
    /* Every derived value must be a binary32 value (NaN and infinities
     * included), as a case file's are: a derivation that rounds past
     * FLT_MAX (a grid snap of 0x1.fffffep+127 gives 2^128) would hand ref
     * a finite value that every binary32 target reads as infinite. */
    for (int i = 0; i < s->n; i++)
        for (int k = 0; k < isect_query_nin(s->q[i]); k++)
            if (!isnan(s->in[i][k]) && (double)(float)s->in[i][k] != s->in[i][k])
                return res;
    a.tolerance = 0;
    for (int i = 0; i < s->n; i++) {
        const isect_query *qi = s->q[i];
        const isect_target_entry *e = t ? isect_target_entry_for(t, qi->name) : NULL;
        if (t && !e)
            return res;
        a.ref_status[i] = qi->ref(s->in[i], a.ref_out[i]);
        if (!t) {
            memcpy(a.out[i], a.ref_out[i], sizeof a.out[i]);
            a.j[i] = (isect_judgement){VERDICT_AGREE, 0, -1, NULL};
            continue;
        }
        memset(a.out[i], 0, sizeof a.out[i]);
        /* A refused input has no answer (its zeroed outputs are no miss):
         * the property is judged only on sets the target answers whole. */
        if (!isect_target_run(qi, e, s->in[i], a.out[i]))
            return res;
        a.j[i] = isect_judge_entry(qi, e, s->in[i], a.ref_status[i], a.ref_out[i], a.out[i]);
        a.tolerance = fmax(a.tolerance, e->tolerance);
    }
    p->check(s, &a, &res);
    return res;
}

/* ---- symmetry ------------------------------------------------------------ */

/* The two shapes of a symmetric query are its first and second halves of
 * fields (sphere_sphere c0 r0 | c1 r1, ...): swapped, the same answer. */
static int derive_symmetry(const isect_query *q, const double *in, uint64_t r, isect_prop_set *s)
{
    (void)r;
    int half = isect_field_offset(q, q->nfields / 2), n = isect_query_nin(q);
    double sw[ISECT_MAX_IN];
    memcpy(sw, in + half, (size_t)(n - half) * sizeof *sw);
    memcpy(sw + (n - half), in, (size_t)half * sizeof *sw);
    prop_add(s, q->name, in);
    prop_add(s, q->name, sw);
    return 1;
}

static void check_same_first(const isect_prop_set *s, const isect_prop_answers *a, isect_prop_result *res)
{
    prop_relation(a->out[0][0] == a->out[1][0], s, a, 0, 2, "the two answers differ", res);
}

static const isect_property prop_symmetry = {
    "symmetry",
    "swapping the two shapes of a symmetric query gives the same answer",
    {"sphere_sphere", "aabb_aabb", "obb_obb", "capsule_capsule", "triangle_triangle", NULL},
    derive_symmetry,
    check_same_first,
};

/* ---- consistency between queries ------------------------------------------ */

/* A sweep with zero velocity is the static overlap at t = 0.  Sweeps are
 * center[3] velocity[3] radius then the other shape. */
/* aabb_sweep_aabb min0 max0 0 min1 max1 0 = aabb_aabb min0 max0 min1 max1. */
static int derive_box_static(const isect_query *q, const double *in, isect_prop_set *s)
{
    double sw[18], st[12];
    memcpy(sw, in, sizeof sw);
    for (int i = 0; i < 3; i++)
        sw[6 + i] = sw[15 + i] = 0;
    memcpy(st, in, 6 * sizeof *st);
    memcpy(st + 6, in + 9, 6 * sizeof *st);
    prop_add(s, q->name, sw);
    prop_add(s, "aabb_aabb", st);
    return 1;
}

static int derive_sweep_static(const isect_query *q, const double *in, uint64_t r, isect_prop_set *s)
{
    (void)r;
    if (!strcmp(q->name, "aabb_sweep_aabb"))
        return derive_box_static(q, in, s);
    double sw[ISECT_MAX_IN], st[ISECT_MAX_IN];
    memcpy(sw, in, (size_t)isect_query_nin(q) * sizeof *sw);
    sw[3] = sw[4] = sw[5] = 0;
    const double *c = in, rad = in[6], *rest = in + 7;
    const char *other;
    memcpy(st, c, 3 * sizeof *st);
    if (!strcmp(q->name, "sphere_sweep_point")) { /* sphere_sphere c r p 0 */
        other = "sphere_sphere";
        st[3] = rad;
        memcpy(st + 4, rest, 3 * sizeof *st);
        st[7] = 0;
    } else if (!strcmp(q->name, "sphere_sweep_segment")) { /* capsule c c r | p0 p1 0 */
        other = "capsule_capsule";
        memcpy(st + 3, c, 3 * sizeof *st);
        st[6] = rad;
        memcpy(st + 7, rest, 6 * sizeof *st);
        st[13] = 0;
    } else { /* sphere_triangle / sphere_plane: c r rest */
        other = !strcmp(q->name, "sphere_sweep_triangle") ? "sphere_triangle" : "sphere_plane";
        st[3] = rad;
        memcpy(st + 4, rest, (size_t)(isect_query_nin(q) - 7) * sizeof *st);
    }
    prop_add(s, q->name, sw);
    prop_add(s, other, st);
    return 1;
}

static void check_sweep_static(const isect_prop_set *s, const isect_prop_answers *a, isect_prop_result *res)
{
    bool st = !strcmp(s->q[1]->name, "sphere_plane") ? a->out[1][0] == 0 : prop_hit(a, 1);
    prop_relation(prop_hit(a, 0) == st, s, a, 0, 2, "the sweep with zero velocity differs from the static overlap",
                  res);
}

static const isect_property prop_sweep_static = {
    "sweep_static",
    "a sweep with zero velocity hits exactly when the static overlap does",
    {"sphere_sweep_point", "sphere_sweep_segment", "sphere_sweep_triangle", "sphere_sweep_plane", "aabb_sweep_aabb",
     NULL},
    derive_sweep_static,
    check_sweep_static,
};

/* sphere_triangle: center[3] radius v0 v1 v2 -> hit point[3] dist2. */
static int derive_one(const isect_query *q, const double *in, uint64_t r, isect_prop_set *s)
{
    (void)r;
    prop_add(s, q->name, in);
    return 1;
}

static void check_dist2(const isect_prop_set *s, const isect_prop_answers *a, isect_prop_result *res)
{
    double r = s->in[0][3], r2 = r * r, d2 = a->out[0][4]; /* r * r is exact in binary64 */
    /* On a miss the outputs carry no claim unless a distance is reported. */
    bool holds = prop_hit(a, 0) ? d2 <= r2 : (d2 == 0 || d2 > r2);
    prop_relation(holds, s, a, 0, 1, "hit disagrees with dist2 <= radius^2", res);
}

static const isect_property prop_sphere_triangle_dist2 = {
    "sphere_triangle_dist2",
    "sphere_triangle hits exactly when its dist2 <= radius^2",
    {"sphere_triangle", NULL},
    derive_one,
    check_dist2,
};

/* ray_capsule = ray_cylinder u ray_sphere(p0) u ray_sphere(p1); the three
 * share origin dir tmax, then p0 p1 radius. */
static int derive_capsule_union(const isect_query *q, const double *in, uint64_t r, isect_prop_set *s)
{
    (void)r;
    double sp[11];
    prop_add(s, q->name, in);
    prop_add(s, "ray_cylinder", in);
    memcpy(sp, in, 7 * sizeof *sp);
    for (int k = 0; k < 2; k++) {
        memcpy(sp + 7, in + 7 + 3 * k, 3 * sizeof *sp);
        sp[10] = in[13];
        prop_add(s, "ray_sphere", sp);
    }
    return 1;
}

static void check_capsule_union(const isect_prop_set *s, const isect_prop_answers *a, isect_prop_result *res)
{
    bool u = prop_hit(a, 1) || prop_hit(a, 2) || prop_hit(a, 3);
    prop_relation(prop_hit(a, 0) == u, s, a, 0, 4, "ray_capsule differs from the union of its cylinder and spheres",
                  res);
}

static const isect_property prop_capsule_union = {
    "capsule_union",
    "ray_capsule hits exactly when ray_cylinder or one of the two end ray_spheres does",
    {"ray_capsule", NULL},
    derive_capsule_union,
    check_capsule_union,
};

bool prop_f32_exact(double x) { return isfinite(x) && (double)(float)x == x; }

/* ray_aabb o d tmax min max = ray_obb o d tmax center e_x e_y e_z half, when
 * center and half are binary32 values. */
static int derive_aabb_obb(const isect_query *q, const double *in, uint64_t r, isect_prop_set *s)
{
    (void)r;
    double ob[22] = {0};
    memcpy(ob, in, 7 * sizeof *ob);
    for (int i = 0; i < 3; i++) {
        double lo = in[7 + i], hi = in[10 + i], c = 0.5 * (lo + hi), h = 0.5 * (hi - lo);
        /* binary32 sums and differences are exact in binary64 up to exponent
         * gaps the check below rejects anyway */
        if (!(lo <= hi) || !prop_f32_exact(c) || !prop_f32_exact(h) || c - h != lo || c + h != hi)
            return 0;
        ob[7 + i] = c;
        ob[10 + 4 * i] = 1;
        ob[19 + i] = h;
    }
    prop_add(s, q->name, in);
    prop_add(s, "ray_obb", ob);
    return 1;
}

static const isect_property prop_aabb_obb = {
    "aabb_obb",
    "ray_aabb equals ray_obb with unit axes",
    {"ray_aabb", NULL},
    derive_aabb_obb,
    check_same_first,
};

/* ---- invariance under exact transformations --------------------------------- */

uint64_t prop_mix(uint64_t z) { return isect_mix64(z); }

/* x + y exactly representable in binary32 (and computed exactly)? */
static bool exact_sum(double x, double y, double *out)
{
    double sum = x + y, bb = sum - x, err = (x - (sum - bb)) + (y - bb);
    *out = sum;
    return err == 0 && prop_f32_exact(sum);
}

typedef struct {
    int perm[3];
    double sign[3], scale, shift[3];
} xform;

/* Applies x to a point (translate) or a vector (linear part only). */
static bool xf3(const xform *x, const double *v, double *w, bool point, bool scaled)
{
    for (int i = 0; i < 3; i++) {
        double y = x->sign[i] * v[x->perm[i]] * (scaled ? x->scale : 1);
        if (!prop_f32_exact(y))
            return false;
        if (point && !exact_sum(y, x->shift[i], &y))
            return false;
        w[i] = y;
    }
    return true;
}

static bool transform(const isect_query *q, const double *in, const xform *x, double *out)
{
    for (int f = 0; f < q->nfields; f++) {
        const isect_field *fd = &q->fields[f];
        int at = isect_field_offset(q, f);
        bool is_min = !strncmp(fd->name, "min", 3), is_max = !strncmp(fd->name, "max", 3);
        if (fd->arity == 3 && (is_min || is_max)) {
            /* a box's min and max: a flipped axis swaps them */
            char mate[16];
            snprintf(mate, sizeof mate, "%s%s", is_min ? "max" : "min", fd->name + 3);
            int m = -1;
            for (int g = 0; g < q->nfields; g++)
                if (!strcmp(q->fields[g].name, mate))
                    m = isect_field_offset(q, g);
            if (m < 0)
                return false;
            double a[3], b[3];
            if (!xf3(x, in + at, a, true, true) || !xf3(x, in + m, b, true, true))
                return false;
            for (int i = 0; i < 3; i++)
                out[at + i] = x->sign[i] > 0 ? a[i] : b[i];
        } else if (fd->arity == 3 && fd->unit == UNIT_POS && !strncmp(fd->name, "half", 4)) {
            for (int i = 0; i < 3; i++) /* half extents follow the box's own axes */
                if (!prop_f32_exact(out[at + i] = in[at + i] * x->scale))
                    return false;
        } else if (fd->arity == 3) {
            if (!xf3(x, in + at, out + at, fd->unit == UNIT_POS && !fd->vector, fd->unit == UNIT_POS))
                return false;
        } else {
            double y = fd->unit == UNIT_DIR ? in[at] : in[at] * x->scale;
            if (!(prop_f32_exact(y) || (isinf(y) && isinf(in[at]))))
                return false;
            out[at] = y;
        }
    }
    return true;
}

/* A permutation of the axes, sign flips, a scaling by 2^k (|k| <= 8) and a
 * translation by powers of two: every value is transformed exactly (else
 * the translation, then the scaling, is dropped), so the exact answer is the
 * same.  Directions and normals take the linear part; ray parameters and
 * radii scale with the positions. */
static int derive_invariance(const isect_query *q, const double *in, uint64_t r, isect_prop_set *s)
{
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    uint64_t z = prop_mix(r + 1);
    xform x;
    memcpy(x.perm, perms[z % 6], sizeof x.perm);
    double S[UNIT_COUNT];
    isect_input_scales(q, in, S);
    for (int i = 0; i < 3; i++) {
        x.sign[i] = (z >> (8 + i)) & 1 ? -1 : 1;
        int e = (int)((z >> (16 + 4 * i)) % 8);
        x.shift[i] = e < 5 ? ldexp((z >> (40 + i)) & 1 ? -1 : 1, ilogb(S[UNIT_POS]) - e) : 0;
    }
    x.scale = ldexp(1, (int)((z >> 48) % 17) - 8);
    double out[ISECT_MAX_IN];
    if (q->format != FMT_F32)
        return 0;
    if (!transform(q, in, &x, out)) {
        x.shift[0] = x.shift[1] = x.shift[2] = 0;
        if (!transform(q, in, &x, out)) {
            x.scale = 1;
            if (!transform(q, in, &x, out))
                return 0;
        }
    }
    prop_add(s, q->name, in);
    prop_add(s, q->name, out);
    return 1;
}

static const isect_property prop_invariance = {
    "invariance",
    "axis permutations, sign flips, exact translations and scalings by 2^k keep the answer",
    {"ray_triangle", "ray_plane", "ray_sphere", "ray_aabb", "ray_cylinder", "ray_capsule", "ray_obb",
     "sphere_sweep_point", "sphere_sweep_segment", "sphere_sweep_triangle", "sphere_sweep_plane", "sphere_sphere",
     "aabb_aabb", "sphere_aabb", "point_in_triangle", "sphere_triangle", "sphere_plane", "aabb_plane", "obb_obb",
     "sphere_obb", "capsule_capsule", "aabb_triangle", "triangle_triangle", NULL},
    derive_invariance,
    check_same_first,
};

const isect_property *const isect_properties[] = {
    &isect_prop_watertight, &isect_prop_parity,    &prop_symmetry, &prop_sweep_static, &prop_sphere_triangle_dist2,
    &prop_capsule_union,    &prop_aabb_obb,        &prop_invariance,
};
const size_t isect_properties_size = sizeof isect_properties / sizeof *isect_properties;
