/* fuzz/mutator.c: structure-aware mutation for every query of the catalog.
 *
 * Uniform random floats almost never land on an edge, a vertex or a plane,
 * and that is where float code breaks.  The mutator decodes the input into
 * its fields and applies geometric edits: ulp nudges, snapping a point onto
 * another point or onto a segment between two, aiming a direction at a
 * point, making a direction parallel to a difference of points or to a plane,
 * aiming a vector field (a sweep's velocity, half extents: isect_field.vector)
 * between points and zeroing, equalising or taking the magnitude of its
 * components, power-of-two scaling, swaps, small integers and special values.  The query
 * may add its own edits (isect_query.mutate).  Values are always rounded to
 * the query's format, so every mutant is a valid input encoding. */
#include "fuzz.h"
#include "rng.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* The generator of oracle/rng.h. */
typedef struct {
    uint64_t s;
} rng;

static uint64_t next(rng *r) { return isect_rng_next(&r->s); }
static int below(rng *r, int n) { return isect_rng_below(&r->s, n); }

typedef struct {
    const isect_query *q;
    double *in;
    int pts[ISECT_MAX_FIELDS], npts;   /* offsets of arity-3 position fields that are points */
    int vecs[ISECT_MAX_FIELDS], nvecs; /* offsets of arity-3 position fields that are vectors */
    int dirs[ISECT_MAX_FIELDS], ndirs; /* offsets of arity-3 direction fields */
    int scal[ISECT_MAX_FIELDS], nscal; /* offsets of scalar fields */
} view;

static double fmt_round(const view *v, double x) { return v->q->format == FMT_F32 ? (double)(float)x : x; }

static double ulp_step(const view *v, double x, int k)
{
    for (int i = 0; i < (k < 0 ? -k : k); i++)
        x = v->q->format == FMT_F32 ? (double)nextafterf((float)x, k < 0 ? -INFINITY : INFINITY)
                                    : nextafter(x, k < 0 ? -INFINITY : INFINITY);
    return x;
}

static double special(rng *r, const view *v)
{
    int f32 = v->q->format == FMT_F32;
    double tiny = f32 ? 0x1p-149 : 0x1p-1074, huge = f32 ? FLT_MAX : DBL_MAX;
    const double vals[] = {0, -0.0, 1, -1, 0.5, 2, tiny, -tiny, f32 ? FLT_MIN : DBL_MIN, 0x1p-60, 0x1p60,
                           huge, -huge, INFINITY, -INFINITY, NAN};
    /* non-finite values are rare: they only exercise the invalid-input path */
    int n = below(r, 16) == 0 ? 16 : 13;
    return vals[below(r, n)];
}

static void set3(double *p, double x, double y, double z)
{
    p[0] = x;
    p[1] = y;
    p[2] = z;
}

/* The generic edits.  Each returns 0 if it did not apply. */

/* nudge one value by a few ulps */
static int edit_nudge(rng *r, view *v)
{
    int i = below(r, isect_query_nin(v->q)), k = below(r, 4) + 1;
    v->in[i] = ulp_step(v, v->in[i], below(r, 2) ? k : -k);
    return 1;
}

/* special value */
static int edit_special(rng *r, view *v)
{
    int i = below(r, isect_query_nin(v->q));
    v->in[i] = special(r, v);
    return 1;
}

/* small integer: makes coordinates coincide */
static int edit_small_int(rng *r, view *v)
{
    int i = below(r, isect_query_nin(v->q));
    v->in[i] = below(r, 9) - 4;
    return 1;
}

/* snap a point onto another point */
static int edit_snap_point(rng *r, view *v)
{
    if (v->npts < 2)
        return 0;
    int a = v->pts[below(r, v->npts)], b = v->pts[below(r, v->npts)];
    memcpy(v->in + a, v->in + b, 3 * sizeof *v->in);
    return 1;
}

/* snap a point onto the segment between two others (dyadic weights) */
static int edit_snap_segment(rng *r, view *v)
{
    double *in = v->in;
    if (v->npts < 3)
        return 0;
    int a = v->pts[below(r, v->npts)], b = v->pts[below(r, v->npts)], c = v->pts[below(r, v->npts)];
    static const double w[] = {0.5, 0.25, 0.75, 0.125, 0.375};
    double s = w[below(r, 5)];
    for (int i = 0; i < 3; i++)
        in[a + i] = fmt_round(v, in[b + i] + s * (in[c + i] - in[b + i]));
    return 1;
}

/* aim a direction from the first point at another point, an edge point or a centroid */
static int edit_aim_dir(rng *r, view *v)
{
    double *in = v->in;
    if (!v->ndirs || v->npts < 2)
        return 0;
    int d = v->dirs[below(r, v->ndirs)], o = v->pts[0];
    int b = v->pts[1 + below(r, v->npts - 1)], c = v->pts[1 + below(r, v->npts - 1)];
    double target[3];
    int kind = below(r, 3);
    for (int i = 0; i < 3; i++)
        target[i] = kind == 0   ? in[b + i]
                    : kind == 1 ? 0.5 * (in[b + i] + in[c + i])
                                : (in[b + i] + in[c + i] + in[v->pts[v->npts - 1] + i]) / 3;
    for (int i = 0; i < 3; i++)
        in[d + i] = fmt_round(v, target[i] - in[o + i]);
    return 1;
}

/* make a direction parallel to a difference of two points */
static int edit_dir_parallel(rng *r, view *v)
{
    double *in = v->in;
    if (!v->ndirs || v->npts < 2)
        return 0;
    int d = v->dirs[below(r, v->ndirs)], a = v->pts[below(r, v->npts)], b = v->pts[below(r, v->npts)];
    for (int i = 0; i < 3; i++)
        in[d + i] = fmt_round(v, in[b + i] - in[a + i]);
    return 1;
}

/* make a direction lie in the plane of three points (or be its normal) */
static int edit_dir_plane(rng *r, view *v)
{
    double *in = v->in;
    if (!v->ndirs || v->npts < 3)
        return 0;
    int d = v->dirs[below(r, v->ndirs)];
    int a = v->pts[v->npts - 3], b = v->pts[v->npts - 2], c = v->pts[v->npts - 1];
    double e1[3], e2[3];
    for (int i = 0; i < 3; i++) {
        e1[i] = in[b + i] - in[a + i];
        e2[i] = in[c + i] - in[a + i];
    }
    if (below(r, 2)) {
        double s = below(r, 5) - 2;
        for (int i = 0; i < 3; i++)
            in[d + i] = fmt_round(v, e1[i] + s * e2[i]);
    } else {
        set3(in + d, fmt_round(v, e1[1] * e2[2] - e1[2] * e2[1]), fmt_round(v, e1[2] * e2[0] - e1[0] * e2[2]),
             fmt_round(v, e1[0] * e2[1] - e1[1] * e2[0]));
    }
    return 1;
}

/* scale every position-like value by a power of two */
static int edit_scale_pos(rng *r, view *v)
{
    int k = below(r, 61) - 30;
    for (int f = 0, at = 0; f < v->q->nfields; at += v->q->fields[f].arity, f++)
        if (v->q->fields[f].unit == UNIT_POS)
            for (int i = 0; i < v->q->fields[f].arity; i++)
                v->in[at + i] = fmt_round(v, ldexp(v->in[at + i], k));
    return 1;
}

/* scale a direction by a power of two */
static int edit_scale_dir(rng *r, view *v)
{
    if (!v->ndirs)
        return 0;
    int d = v->dirs[below(r, v->ndirs)], k = below(r, 41) - 20;
    for (int i = 0; i < 3; i++)
        v->in[d + i] = fmt_round(v, ldexp(v->in[d + i], k));
    return 1;
}

/* swap two points */
static int edit_swap_points(rng *r, view *v)
{
    if (v->npts < 2)
        return 0;
    int a = v->pts[below(r, v->npts)], b = v->pts[below(r, v->npts)];
    double t[3];
    memcpy(t, v->in + a, sizeof t);
    memcpy(v->in + a, v->in + b, sizeof t);
    memcpy(v->in + b, t, sizeof t);
    return 1;
}

/* a scalar (tmax, radius, ...) to 0, 1, inf, or halved / doubled */
static int edit_scalar(rng *r, view *v)
{
    if (!v->nscal)
        return 0;
    int s = v->scal[below(r, v->nscal)];
    const double vals[] = {0, 1, INFINITY, 0.5 * v->in[s], 2 * v->in[s], ldexp(v->in[s], -below(r, 30))};
    v->in[s] = fmt_round(v, vals[below(r, 6)]);
    return 1;
}

/* translate every point by one vector: rounding then perturbs the configuration */
static int edit_translate(rng *r, view *v)
{
    double t[3];
    for (int i = 0; i < 3; i++)
        t[i] = ldexp((double)(below(r, 2001) - 1000), below(r, 20) - 10);
    for (int p = 0; p < v->npts; p++)
        for (int i = 0; i < 3; i++)
            v->in[v->pts[p] + i] = fmt_round(v, v->in[v->pts[p] + i] + t[i]);
    return 1;
}

/* a vector field: a difference of points, or its components edited */
static int edit_vector_field(rng *r, view *v)
{
    double *in = v->in;
    if (!v->nvecs)
        return 0;
    double *x = in + v->vecs[below(r, v->nvecs)];
    int kind = below(r, 5);
    if (kind == 0) { /* from one point to another or to a midpoint, times 1/4 .. 2 */
        if (v->npts < 2)
            return 0;
        int a = v->pts[0], b = v->pts[below(r, v->npts)], c = v->pts[below(r, v->npts)];
        double s = ldexp(1, below(r, 4) - 2);
        for (int i = 0; i < 3; i++)
            x[i] = fmt_round(v, s * (0.5 * (in[b + i] + in[c + i]) - in[a + i]));
    } else if (kind == 1) { /* magnitudes: half extents as a box wants them */
        for (int i = 0; i < 3; i++)
            x[i] = fabs(x[i]);
    } else if (kind == 2) { /* one or two components zero: a flat box, an axis-parallel motion */
        x[below(r, 3)] = 0;
        if (below(r, 2))
            x[below(r, 3)] = 0;
    } else if (kind == 3) { /* all components equal */
        double e = x[below(r, 3)];
        set3(x, e, e, e);
    } else { /* scaled by a power of two */
        int k = below(r, 41) - 20;
        for (int i = 0; i < 3; i++)
            x[i] = fmt_round(v, ldexp(x[i], k));
    }
    return 1;
}

/* a fresh random value of random magnitude */
static int edit_fresh(rng *r, view *v)
{
    int i = below(r, isect_query_nin(v->q));
    double m = (double)(next(r) >> 11) * 0x1p-53;
    v->in[i] = fmt_round(v, (below(r, 2) ? m : -m) * ldexp(1, below(r, 16) - 8));
    return 1;
}

/* One generic edit, drawn uniformly. */
static int edit(rng *r, view *v)
{
    static int (*const edits[])(rng *, view *) = {
        edit_nudge,       edit_special,      edit_small_int, edit_snap_point,  edit_snap_segment,
        edit_aim_dir,     edit_dir_parallel, edit_dir_plane, edit_scale_pos,   edit_scale_dir,
        edit_swap_points, edit_scalar,       edit_translate, edit_vector_field, edit_fresh,
    };
    return edits[below(r, (int)(sizeof edits / sizeof *edits))](r, v);
}

static void make_view(view *v, const isect_query *q, double *in)
{
    memset(v, 0, sizeof *v);
    v->q = q;
    v->in = in;
    for (int f = 0, at = 0; f < q->nfields; at += q->fields[f].arity, f++) {
        if (q->fields[f].arity == 3 && q->fields[f].unit == UNIT_POS && q->fields[f].vector)
            v->vecs[v->nvecs++] = at;
        else if (q->fields[f].arity == 3 && q->fields[f].unit == UNIT_POS)
            v->pts[v->npts++] = at;
        else if (q->fields[f].arity == 3 && q->fields[f].unit == UNIT_DIR)
            v->dirs[v->ndirs++] = at;
        else if (q->fields[f].arity == 1)
            v->scal[v->nscal++] = at;
    }
}

int isect_fuzz_point_fields(const isect_query *q, int *offsets)
{
    double in[ISECT_MAX_IN] = {0};
    view v;
    make_view(&v, q, in);
    memcpy(offsets, v.pts, (size_t)v.npts * sizeof *offsets);
    return v.npts;
}

size_t isect_fuzz_mutate(const isect_query *q, uint8_t *data, size_t size, size_t max, unsigned seed)
{
    size_t need = isect_fuzz_size(q);
    if (max < need)
        return size;
    double in[ISECT_MAX_IN] = {0};
    if (isect_fuzz_decode(q, data, size, in)) {
        /* too short or unreadable: start from a random configuration */
        memset(in, 0, sizeof in);
    }
    rng r = {seed * 0x2545F4914F6CDD1DULL + 1};
    view v;
    make_view(&v, q, in);
    int edits = 1 + below(&r, 3);
    for (int e = 0; e < edits; e++) {
        if (q->mutate && below(&r, 3) == 0 && q->mutate(in, next(&r)))
            continue;
        edit(&r, &v);
    }
    int n = isect_query_nin(q);
    for (int i = 0; i < n; i++)
        in[i] = fmt_round(&v, in[i]);
    isect_fuzz_encode(q, in, data);
    return need;
}

size_t isect_fuzz_crossover(const isect_query *q, const uint8_t *d1, size_t s1, const uint8_t *d2, size_t s2,
                            uint8_t *out, size_t max, unsigned seed)
{
    size_t need = isect_fuzz_size(q);
    double a[ISECT_MAX_IN] = {0}, b[ISECT_MAX_IN] = {0};
    if (max < need || isect_fuzz_decode(q, d1, s1, a) || isect_fuzz_decode(q, d2, s2, b))
        return 0;
    rng r = {seed * 0x9E3779B97F4A7C15ULL + 7};
    /* whole fields from either parent: a point stays a point */
    for (int f = 0, at = 0; f < q->nfields; at += q->fields[f].arity, f++)
        if (below(&r, 2))
            memcpy(a + at, b + at, (size_t)q->fields[f].arity * sizeof *a);
    isect_fuzz_encode(q, a, out);
    return need;
}
