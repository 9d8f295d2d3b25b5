/* tests/test_fast_hostile.c: every query of libisect on hostile inputs,
 * against the contract of fast/isect.h: NaN with payloads (quiet and
 * signalling, either sign), infinities, subnormals, FLT_MAX, zero
 * directions, axes and normals, coincident points.  Each input is run with
 * and without an output struct (compiled under ASan and UBSan with
 * float-cast-overflow: no undefined behaviour), and:
 * - the answer is the same with and without the struct;
 * - every field of the struct is written (none keeps the garbage put
 *   there first), the hit flag is 0 or 1 and equals the return value;
 * - on a miss every output is zero; on a hit none is NaN, and t lies in
 *   [0, tmax] (rays) or [0, 1] (sweeps);
 * - sides: -1, 0 or 1, and 0 when the return value is true (an invalid
 *   input, a negative radius or a zero normal, is false with side 0);
 * - an input with a NaN, or an infinity other than tmax = +inf, is a miss
 *   (side 0).
 * Inputs are built from the catalog's field layout (the structs of
 * isect.h hold the fields in catalog order, which the test checks). */
#include "testlib.h"

#include "isect.h"

#include <stddef.h>

/* A query called on a flat array of floats, its structs filled in order. */
#define CALL2(name, A, B)                                                        \
    static bool call_##name(const float *in, void *out)                         \
    {                                                                           \
        A a;                                                                    \
        B b;                                                                    \
        memcpy(&a, in, sizeof a);                                               \
        memcpy(&b, in + sizeof a / sizeof(float), sizeof b);                    \
        return isect_##name(a, b, out);                                         \
    }                                                                           \
    enum { nin_##name = (sizeof(A) + sizeof(B)) / sizeof(float) };

CALL2(ray_triangle, isect_ray, isect_triangle)
CALL2(ray_plane, isect_ray, isect_plane)
CALL2(ray_sphere, isect_ray, isect_sphere)
CALL2(ray_aabb, isect_ray, isect_aabb)
CALL2(ray_cylinder, isect_ray, isect_cylinder)
CALL2(ray_capsule, isect_ray, isect_capsule)
CALL2(ray_obb, isect_ray, isect_obb)
CALL2(sphere_sweep_point, isect_moving_sphere, isect_vec3)
CALL2(sphere_sweep_sphere, isect_moving_sphere, isect_moving_sphere)
CALL2(sphere_sweep_triangle, isect_moving_sphere, isect_triangle)
CALL2(sphere_sweep_plane, isect_moving_sphere, isect_plane)
CALL2(aabb_sweep_aabb, isect_moving_aabb, isect_moving_aabb)
CALL2(sphere_sphere, isect_sphere, isect_sphere)
CALL2(aabb_aabb, isect_aabb, isect_aabb)
CALL2(sphere_aabb, isect_sphere, isect_aabb)
CALL2(point_in_triangle, isect_vec3, isect_triangle)
CALL2(sphere_triangle, isect_sphere, isect_triangle)
CALL2(sphere_plane, isect_sphere, isect_plane)
CALL2(aabb_plane, isect_aabb, isect_plane)
CALL2(obb_obb, isect_obb, isect_obb)
CALL2(sphere_obb, isect_sphere, isect_obb)
CALL2(capsule_capsule, isect_capsule, isect_capsule)
CALL2(aabb_triangle, isect_aabb, isect_triangle)
CALL2(triangle_triangle, isect_triangle, isect_triangle)

static bool call_sphere_sweep_segment(const float *in, void *out)
{
    isect_moving_sphere s;
    isect_vec3 p0, p1;
    memcpy(&s, in, sizeof s);
    memcpy(&p0, in + 7, sizeof p0);
    memcpy(&p1, in + 10, sizeof p1);
    return isect_sphere_sweep_segment(s, p0, p1, out);
}
enum { nin_sphere_sweep_segment = 13 };

/* What the outputs mean: t's range, or a side instead of a hit flag. */
typedef enum { K_RAY, K_SWEEP, K_OVERLAP, K_SIDE } kind;

typedef struct {
    const char *name;
    bool (*call)(const float *in, void *out);
    int nin;
    size_t out_size; /* bytes of the result struct */
    kind k;
} query;

#define Q(name, k) {#name, call_##name, nin_##name, sizeof(isect_##name##_result), k}

static const query queries[] = {
    Q(ray_triangle, K_RAY),          Q(ray_plane, K_RAY),
    Q(ray_sphere, K_RAY),            Q(ray_aabb, K_RAY),
    Q(ray_cylinder, K_RAY),          Q(ray_capsule, K_RAY),
    Q(ray_obb, K_RAY),               Q(sphere_sweep_point, K_SWEEP),
    Q(sphere_sweep_sphere, K_SWEEP),
    Q(aabb_sweep_aabb, K_SWEEP),
    Q(sphere_sweep_segment, K_SWEEP), Q(sphere_sweep_triangle, K_SWEEP),
    Q(sphere_sweep_plane, K_SWEEP),  Q(sphere_sphere, K_OVERLAP),
    Q(aabb_aabb, K_OVERLAP),         Q(sphere_aabb, K_OVERLAP),
    Q(point_in_triangle, K_OVERLAP), Q(sphere_triangle, K_OVERLAP),
    Q(sphere_plane, K_SIDE),         Q(aabb_plane, K_SIDE),
    Q(obb_obb, K_OVERLAP),           Q(sphere_obb, K_OVERLAP),
    Q(capsule_capsule, K_OVERLAP),   Q(aabb_triangle, K_OVERLAP),
    Q(triangle_triangle, K_OVERLAP),
};

enum { MAX_IN = 64, TMAX = 6 /* the slot of tmax in a ray query */ };

static float from_bits(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* The hostile values: NaNs with payloads, infinities, subnormals, the
 * extremes of binary32, signed zeros. */
static float hostile(int i)
{
    static const uint32_t nans[] = {0x7fc00000u, 0x7fc00001u, 0x7fbfffffu, 0x7f800001u, 0xffc12345u, 0xff800001u};
    const float others[] = {INFINITY, -INFINITY, 0x1p-149f, -0x1p-149f, 0x1p-127f, FLT_MIN, FLT_MAX, -FLT_MAX,
                            0.0f,     -0.0f,     1.0f,      -1.0f,      0x1p100f, 0x1p-100f, 0x1.fffffep+63f};
    int nn = (int)(sizeof nans / sizeof *nans), no = (int)(sizeof others / sizeof *others);
    i %= nn + no;
    return i < nn ? from_bits(nans[i]) : others[i - nn];
}
enum { NHOSTILE = 21 };

/* Whether the contract calls the input invalid: a NaN, or an infinity
 * other than tmax = +inf. */
static bool invalid(const query *q, const float *in)
{
    for (int i = 0; i < q->nin; i++) {
        if (isnan(in[i]))
            return true;
        if (isinf(in[i]) && !(q->k == K_RAY && i == TMAX && in[i] > 0))
            return true;
    }
    return false;
}

static void describe(const query *q, const float *in, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "%s(", q->name);
    for (int i = 0; i < q->nin && n < len; i++) {
        uint32_t b;
        memcpy(&b, &in[i], sizeof b);
        n += (size_t)snprintf(buf + n, len - n, "%s%a[%08x]", i ? " " : "", (double)in[i], b);
    }
    if (n < len)
        snprintf(buf + n, len - n, ")");
}

/* One input against the contract; returns 1 on a violation (reported). */
static int check_one(const query *q, const float *in)
{
    unsigned char out[64];
    char what[2048];
    memset(out, 0xab, sizeof out);
    bool r0 = q->call(in, NULL);
    bool r1 = q->call(in, out);
    const char *bad = NULL;
    float f[16];
    /* the floats after the hit flag (and its padding); none for a bare flag */
    size_t nf = q->out_size > 4 ? (q->out_size - 4) / sizeof(float) : 0;
    memcpy(f, out + 4, nf * sizeof(float));
    if (r0 != r1)
        bad = "the answer differs with and without the output struct";
    for (size_t i = 0; i < nf && !bad; i++) {
        uint32_t w;
        memcpy(&w, &f[i], sizeof w);
        if (w == 0xababababu)
            bad = "an output field was not written";
    }
    if (!bad && q->k == K_SIDE) {
        int side;
        memcpy(&side, out, sizeof side);
        if (side < -1 || side > 1)
            bad = "a side other than -1, 0, 1";
        else if (r1 && side != 0)
            bad = "true with a side other than 0";
        else if (invalid(q, in) && (r1 || side != 0))
            bad = "invalid input, not false with side 0";
    } else if (!bad) {
        if (out[0] > 1)
            bad = "the hit flag is not 0 or 1";
        else if (out[0] != r1)
            bad = "the hit flag differs from the return value";
        else if (r1 && invalid(q, in))
            bad = "a hit on invalid input";
        for (size_t i = 0; i < nf && !bad; i++) {
            if (!r1 && f[i] != 0)
                bad = "an output not zero on a miss";
            if (r1 && isnan(f[i]))
                bad = "a NaN output on a hit";
        }
        double hi = q->k == K_RAY ? in[TMAX] : 1;
        if (!bad && r1 && (q->k == K_RAY || q->k == K_SWEEP) && !(f[0] >= 0 && f[0] <= hi))
            bad = "t outside its range on a hit";
    }
    if (!bad)
        return 0;
    describe(q, in, what, sizeof what);
    cr_log_error("%s: %s; ISECT_SEED=%llu", what, bad, (unsigned long long)tl_seed);
    return 1;
}

/* A plain input: small integers, radii and half extents positive, tmax
 * finite or +inf. */
static void plain(const query *q, float *in)
{
    for (int i = 0; i < q->nin; i++)
        in[i] = (float)tl_int(-4, 4);
    if (q->k == K_RAY)
        in[TMAX] = tl_int(0, 1) ? INFINITY : (float)tl_int(0, 8);
}

/* The arity-3 fields of the query (points, directions, axes), by offset. */
static int vec_fields(const isect_query *cq, int *at)
{
    int n = 0;
    for (int f = 0; f < cq->nfields; f++)
        if (cq->fields[f].arity == 3)
            at[n++] = isect_field_offset(cq, f);
    return n;
}

/* A hostile input: some values hostile, a vector zeroed, two points made
 * coincident, or everything one value. */
static void mutate(const query *q, const isect_query *cq, float *in)
{
    int at[16], nv = vec_fields(cq, at);
    plain(q, in);
    switch (tl_int(0, 5)) {
    case 0: /* every value the same */
        for (int i = 0, v = tl_int(0, NHOSTILE - 1); i < q->nin; i++)
            in[i] = hostile(v);
        break;
    case 1: /* a zero direction, axis or normal */
        memset(&in[at[tl_int(0, nv - 1)]], 0, 3 * sizeof(float));
        break;
    case 2: /* coincident points */
        memcpy(&in[at[tl_int(0, nv - 1)]], &in[at[tl_int(0, nv - 1)]], 3 * sizeof(float));
        break;
    case 3: /* everything scaled to the extremes */
        for (int i = 0; i < q->nin; i++)
            in[i] *= tl_int(0, 1) ? 0x1p125f : 0x1p-147f;
        break;
    default: /* one to three hostile values */
        for (int k = tl_int(1, 3); k > 0; k--)
            in[tl_int(0, q->nin - 1)] = hostile(tl_int(0, NHOSTILE - 1));
    }
    if (tl_int(0, 3) == 0) /* and one more somewhere */
        in[tl_int(0, q->nin - 1)] = hostile(tl_int(0, NHOSTILE - 1));
}

Test(fast_hostile, layout_matches_the_catalog)
{
    for (size_t i = 0; i < sizeof queries / sizeof *queries; i++) {
        const isect_query *cq = isect_query_find(queries[i].name);
        cr_assert(cq, "%s not in the catalog", queries[i].name);
        cr_assert_eq(isect_query_nin(cq), queries[i].nin, "%s: struct layout and catalog differ", queries[i].name);
        cr_assert(queries[i].out_size <= 64 && (queries[i].out_size == 1 || queries[i].out_size % 4 == 0),
                  "%s: result size", queries[i].name);
    }
    /* the binary64 queries (the CCD pair) are tested by ccd_hostile below */
    cr_assert_eq(sizeof queries / sizeof *queries + 2, isect_catalog_size, "a query of the catalog is not tested here");
}

/* Runs count(q) inputs made by gen for each query; the number of
 * violations (at most 20 per query are looked for). */
typedef void gen_fn(const query *q, const isect_query *cq, int n, float *in);
static int run_all(gen_fn *gen, int (*count)(const query *q))
{
    int failures = 0;
    float in[MAX_IN];
    for (size_t i = 0; i < sizeof queries / sizeof *queries; i++) {
        const query *q = &queries[i];
        const isect_query *cq = isect_query_find(q->name);
        int before = failures;
        for (int n = 0; n < count(q) && failures - before < 20; n++) {
            gen(q, cq, n, in);
            failures += check_one(q, in);
        }
    }
    return failures;
}

/* Input n: slot n / (4 NHOSTILE) set to hostile value (n / 4) % NHOSTILE,
 * in an otherwise plain input (four of them). */
static void one_slot(const query *q, const isect_query *cq, int n, float *in)
{
    (void)cq;
    plain(q, in);
    in[n / (4 * NHOSTILE)] = hostile(n / 4 % NHOSTILE);
}
static int one_slot_count(const query *q) { return q->nin * NHOSTILE * 4; }

static void mixed(const query *q, const isect_query *cq, int n, float *in)
{
    (void)n;
    mutate(q, cq, in);
}
static int mixed_count(const query *q)
{
    (void)q;
    return 20000;
}

Test(fast_hostile, every_slot_every_value)
{
    tl_init_seed(15);
    int failures = run_all(one_slot, one_slot_count);
    cr_assert_eq(failures, 0, "%d contract violations (first ones above)", failures);
}

Test(fast_hostile, mixed)
{
    tl_init_seed(1515);
    int failures = run_all(mixed, mixed_count);
    cr_assert_eq(failures, 0, "%d contract violations (first ones above)", failures);
}

/* ---- the binary64 CCD queries ---------------------------------------------- */

/* Hostile binary64 values: NaNs with payloads, infinities, subnormals, the
 * extremes of binary64, signed zeros. */
static double hostile64(int i)
{
    static const uint64_t nans[] = {0x7ff8000000000000u, 0x7ff8000000000001u, 0x7ff0000000000001u,
                                    0xfff8123456789abcu};
    const double others[] = {INFINITY, -INFINITY, 0x1p-1074, -0x1p-1074, DBL_MIN, DBL_MAX, -DBL_MAX, 0.0,
                             -0.0,     1.0,       -1.0,      0x1p500,    0x1p-500};
    int nn = (int)(sizeof nans / sizeof *nans), no = (int)(sizeof others / sizeof *others);
    i %= nn + no;
    if (i < nn) {
        double d;
        memcpy(&d, &nans[i], sizeof d);
        return d;
    }
    return others[i - nn];
}

typedef bool ccd_fn(isect_ccd_frame, isect_ccd_frame, isect_ccd_result *);

/* Random frames (small integers, so vertices coincide often) with one to
 * three hostile values; the contract of isect.h: the same answer with and
 * without the struct, hit 0 or 1 equal to the return, t = 0 on a miss and
 * in [0, 1] on a hit, non-finite input a miss. */
static void ccd_hostile(const char *name, ccd_fn *fn, int n)
{
    double in[24];
    int bad = 0;
    for (int c = 0; c < n && bad < 20; c++) {
        for (int i = 0; i < 24; i++)
            in[i] = tl_int(-2, 2);
        for (int k = tl_int(1, 3); k > 0; k--)
            in[tl_int(0, 23)] = tl_int(0, 1) ? hostile64(tl_int(0, 16)) : ldexp(tl_int(-3, 3), tl_int(-1074, 1000));
        isect_ccd_frame f0, f1;
        memcpy(&f0, in, sizeof f0);
        memcpy(&f1, in + 12, sizeof f1);
        isect_ccd_result r;
        memset(&r, 0xa5, sizeof r);
        bool hit = fn(f0, f1, &r), bare = fn(f0, f1, NULL);
        int finite = 1;
        for (int i = 0; i < 24; i++)
            finite &= isfinite(in[i]) != 0;
        const char *why = bare != hit                          ? "differs without the struct"
                          : r.hit != hit                         ? "hit flag differs from the return value"
                          : !hit && r.t != 0                     ? "t not 0 on a miss"
                          : hit && !(r.t >= 0 && r.t <= 1)       ? "t outside [0, 1] on a hit"
                          : !finite && hit                       ? "a hit on non-finite input"
                                                                 : NULL;
        if (why) {
            bad++;
            cr_log_error("%s: %s (case %d, ISECT_SEED=%llu)", name, why, c, (unsigned long long)tl_seed);
        }
    }
    cr_assert_eq(bad, 0, "%s: %d contract violations", name, bad);
}

Test(fast_hostile, ccd_queries)
{
    tl_init_seed(0x64c);
    ccd_hostile("vertex_face_ccd", isect_vertex_face_ccd, 20000);
    ccd_hostile("edge_edge_ccd", isect_edge_edge_ccd, 20000);
}
