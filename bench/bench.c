/* bench/bench.c: `make bench`, the cost of fast and ref per query.
 *
 * For each query row of `bench_queries` below and each of its input sets,
 * the bench generates N_CASES cases with a fixed-seed PRNG (binary32 values,
 * held as doubles in catalog order), then times, in the same run:
 *   fast  isect_<query> (libisect),
 *   base  a plain binary32 implementation written here (for ray_triangle:
 *         Moller-Trumbore, bench/mt_plain.c), the cost floor fast is read against,
 *   ref   the catalog's ref function (libisect_ref) on the flat layout,
 * and prints ns per call, fast/base, ref/fast, the share of ref calls that
 * its floating-point filter answered without GMP (ref_stats), and the hit
 * rate of each implementation on the set.
 *
 * Method: every pass runs one implementation over all the cases of a set;
 * a sample is as many passes as fill SAMPLE_SECONDS; the samples of fast,
 * base and ref are interleaved, so that drifts of the clock frequency or of
 * the load of the machine hit all alike; the figure is the median sample.
 * fast and base are called the same way: from the same loop, through a
 * function pointer read from a volatile, and each is compiled in a
 * translation unit of its own (no LTO), so neither is inlined.  Results go
 * into a volatile sink.

 *
 * Adding a query: write its generators (one per input set; "random" and
 * "near-degenerate" at least), a `prepare` that converts flat cases to the
 * typed arguments, a `loop` that calls a typed function on every case, and
 * add its row.  ref and the input count come from the catalog.
 *
 * ISECT_BENCH_SEED=N (decimal or 0x hex) changes the seed; the seed is printed.
 */
#include "catalog.h"
#include "isect.h"
#include "isect_ref.h"
#include "mt_plain.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { N_CASES = 4096, MAX_SETS = 4, FAST_SAMPLES = 11, REF_SAMPLES = 7 };
static const double SAMPLE_SECONDS = 0.04;
static const uint64_t DEFAULT_SEED = 0x15EC7BE7C4ULL;

static volatile double bench_sink;

/* ---- PRNG: splitmix64 ------------------------------------------------------ */

typedef struct {
    uint64_t s;
} rng;

static uint64_t rng_next(rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1), a multiple of 2^-24: exact in binary32. */
static float rng_unit(rng *r) { return (float)(rng_next(r) >> 40) * 0x1p-24f; }
static float rng_range(rng *r, float lo, float hi) { return lo + (hi - lo) * rng_unit(r); }
static int rng_int(rng *r, int lo, int hi) { return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1)); }
static int rng_chance(rng *r, int percent) { return (int)(rng_next(r) % 100) < percent; }

/* ---- timing ------------------------------------------------------------------ */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* ---- the rows ---------------------------------------------------------------- */

typedef void (*any_fn)(void);

typedef struct {
    const char *name;
    void (*gen)(rng *r, double *in); /* one case: the query's inputs, flat, in catalog order */
} bench_set;

typedef struct {
    const char *query; /* catalog name; ref and the input count come from the catalog */
    int nin;           /* flat input count that prepare expects (checked against the catalog) */
    any_fn fast;       /* isect_<query> */
    any_fn base;       /* the plain baseline, same signature */
    const char *base_label, *base_about;
    /* Flat cases -> the typed arguments (malloc'd, freed by the caller). */
    void *(*prepare)(const double *flat, size_t n);
    /* Call fn (a function of the query's typed signature) on every case; return the hits. */
    size_t (*loop)(any_fn fn, const void *typed, size_t n);
    bench_set sets[MAX_SETS];
} bench_query;

/* ---- ray_triangle ------------------------------------------------------------- */

enum { RT_NIN = 16 }; /* origin[3] dir[3] tmax v0[3] v1[3] v2[3] */

typedef struct {
    isect_ray ray;
    isect_triangle tri;
} rt_case;

/* Rounds to binary32 through memory.  GCC 12.2 at -O2 vectorises a pair of
 * (float) conversions of doubles and then folds the (double)(float) round
 * trip of the vector away, leaving values that are not binary32 in the
 * cases; the volatile store keeps the rounding. */
static float to_f32(double x)
{
    volatile float f = (float)x;
    return f;
}

static isect_vec3 v3(float x, float y, float z) { return (isect_vec3){x, y, z}; }
static isect_vec3 v3_add(isect_vec3 a, isect_vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static isect_vec3 v3_sub(isect_vec3 a, isect_vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static isect_vec3 v3_mul(isect_vec3 a, float k) { return v3(a.x * k, a.y * k, a.z * k); }
static isect_vec3 v3_ldexp(isect_vec3 a, int e) { return v3(ldexpf(a.x, e), ldexpf(a.y, e), ldexpf(a.z, e)); }
static isect_vec3 v3_rand(rng *r, float lo, float hi)
{
    float x = rng_range(r, lo, hi), y = rng_range(r, lo, hi);
    return v3(x, y, rng_range(r, lo, hi));
}
/* A point of the grid of multiples of 1/16 in [-4, 4]^3: sums, differences
 * and the products by k/8 used below stay exact in binary32. */
static isect_vec3 v3_grid(rng *r)
{
    float x = (float)rng_int(r, -64, 64) * 0x1p-4f, y = (float)rng_int(r, -64, 64) * 0x1p-4f;
    return v3(x, y, (float)rng_int(r, -64, 64) * 0x1p-4f);
}
static isect_vec3 v3_at(const double *x) { return v3((float)x[0], (float)x[1], (float)x[2]); }
static void put3(double *x, isect_vec3 v)
{
    x[0] = v.x;
    x[1] = v.y;
    x[2] = v.z;
}

static void rt_put(double *in, isect_vec3 o, isect_vec3 d, float tmax, const isect_vec3 v[3])
{
    put3(in + 0, o);
    put3(in + 3, d);
    in[6] = tmax;
    put3(in + 7, v[0]);
    put3(in + 10, v[1]);
    put3(in + 13, v[2]);
}

/* A random point of the triangle (uniform barycentrics), rounded to binary32. */
static isect_vec3 rt_inside(rng *r, const isect_vec3 v[3])
{
    float a = rng_unit(r), b = rng_unit(r);
    if (a + b > 1) {
        a = 1 - a;
        b = 1 - b;
    }
    return v3_add(v[0], v3_add(v3_mul(v3_sub(v[1], v[0]), a), v3_mul(v3_sub(v[2], v[0]), b)));
}

/* Triangle in [-1,1]^3, origin in [-2,2]^3, aimed at a point of the triangle
 * (aim_percent of the time) or of the box, dir scaled by [0.5, 2). */
static void rt_aimed(rng *r, int aim_percent, isect_vec3 *o, isect_vec3 *d, float *tmax, isect_vec3 v[3])
{
    for (int i = 0; i < 3; i++)
        v[i] = v3_rand(r, -1, 1);
    *o = v3_rand(r, -2, 2);
    isect_vec3 target = rng_chance(r, aim_percent) ? rt_inside(r, v) : v3_rand(r, -1, 1);
    float k = rng_range(r, 0.5f, 2.0f);
    *d = v3_mul(v3_sub(target, *o), k);
    *tmax = rng_chance(r, 75) ? INFINITY : rng_range(r, 0, 2) / k; /* the aimed hit is at t = 1/k */
}

static void gen_rt_random(rng *r, double *in)
{
    isect_vec3 o, d, v[3];
    float tmax;
    rt_aimed(r, 55, &o, &d, &tmax, v);
    rt_put(in, o, d, tmax, v);
}

enum { ND_EDGE, ND_VERTEX, ND_PARALLEL, ND_GRAZING, ND_SLIVER, ND_TINY, ND_SMALL_FAR, ND_KINDS };

/* Near-degenerate, one of ND_KINDS kinds in equal shares:
 *  EDGE, VERTEX  grid triangle, grid origin, dir aimed exactly (no rounding)
 *                at a point k/8 along an edge, or at a vertex; tmax is inf,
 *                or exactly 1 (the segment ends on the edge), or random;
 *  PARALLEL      axis-aligned grid triangle, dir exactly in its plane; the
 *                origin in the plane (coplanar ray) or off it;
 *  GRAZING       random triangle, dir at an angle 2^-6 .. 2^-40 to its plane,
 *                through the centroid (up to the rounding of the origin);
 *  SLIVER        v2 on the segment v0 v1 (exactly, on the grid) or 2^-10 ..
 *                2^-30 of its length off it; ray aimed at the segment;
 *  TINY          a random aimed case with every position and dir scaled by
 *                2^-20 .. 2^-100 (products underflow in binary32);
 *  SMALL_FAR     a triangle 2^-12 .. 2^-22 wide at distance ~1 from 0 (its
 *                vertices a few ulps apart), ray aimed at its centroid. */
static void gen_rt_degenerate(rng *r, double *in)
{
    isect_vec3 o, d, v[3];
    float tmax = INFINITY;
    switch (rng_int(r, 0, ND_KINDS - 1)) {
    case ND_EDGE:
    case ND_VERTEX: {
        int vertex = rng_chance(r, 50);
        for (int i = 0; i < 3; i++)
            v[i] = v3_grid(r);
        o = v3_grid(r);
        int i = rng_int(r, 0, 2), j = (i + 1) % 3;
        float k = vertex ? 0.0f : (float)rng_int(r, 1, 7) * 0.125f;
        isect_vec3 target = v3_add(v[i], v3_mul(v3_sub(v[j], v[i]), k));
        d = v3_sub(target, o);
        int c = rng_int(r, 0, 4);
        tmax = c < 3 ? INFINITY : c == 3 ? 1.0f : rng_range(r, 0.5f, 1.5f);
        break;
    }
    case ND_PARALLEL: {
        int ax = rng_int(r, 0, 2);
        float c = (float)rng_int(r, -64, 64) * 0x1p-4f;
        isect_vec3 target;
        for (int i = 0; i < 3; i++)
            v[i] = v3_grid(r), v[i].z = c;
        o = v3_grid(r);
        if (rng_chance(r, 50))
            o.z = c;
        target = rng_chance(r, 50) ? v3_add(v[0], v3_mul(v3_sub(v[1], v[0]), 0.5f)) : v3_grid(r);
        d = v3_sub(target, o);
        d.z = 0;
        /* Rotate the components so that the plane is normal to axis ax. */
        for (int k = 0; k < ax; k++) {
            for (int i = 0; i < 3; i++)
                v[i] = v3(v[i].y, v[i].z, v[i].x);
            o = v3(o.y, o.z, o.x);
            d = v3(d.y, d.z, d.x);
        }
        break;
    }
    case ND_GRAZING: {
        for (int i = 0; i < 3; i++)
            v[i] = v3_rand(r, -1, 1);
        double e1[3] = {v[1].x - (double)v[0].x, v[1].y - (double)v[0].y, v[1].z - (double)v[0].z};
        double e2[3] = {v[2].x - (double)v[0].x, v[2].y - (double)v[0].y, v[2].z - (double)v[0].z};
        double n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
        double a = rng_range(r, -1, 1), b = rng_range(r, -1, 1), d0[3], len0 = 0, lenn = 0;
        for (int k = 0; k < 3; k++) {
            d0[k] = a * e1[k] + b * e2[k];
            len0 += d0[k] * d0[k];
            lenn += n[k] * n[k];
        }
        len0 = sqrt(len0);
        lenn = sqrt(lenn);
        double sign = rng_chance(r, 50) ? 1.0 : -1.0; /* one PRNG draw per statement: a fixed order */
        double tilt = ldexp(sign, -rng_int(r, 6, 40));
        double dd[3], s = rng_range(r, 0.5f, 2.0f);
        for (int k = 0; k < 3; k++)
            dd[k] = d0[k] + (lenn > 0 ? n[k] / lenn * len0 * tilt : 0);
        d = v3(to_f32(dd[0]), to_f32(dd[1]), to_f32(dd[2]));
        double c[3] = {((double)v[0].x + v[1].x + v[2].x) / 3, ((double)v[0].y + v[1].y + v[2].y) / 3,
                       ((double)v[0].z + v[1].z + v[2].z) / 3};
        o = v3(to_f32(c[0] - s * d.x), to_f32(c[1] - s * d.y), to_f32(c[2] - s * d.z));
        break;
    }
    case ND_SLIVER: {
        isect_vec3 target;
        if (rng_chance(r, 33)) { /* exactly collinear: zero area */
            v[0] = v3_grid(r);
            v[1] = v3_grid(r);
            v[2] = v3_add(v[0], v3_mul(v3_sub(v[1], v[0]), (float)rng_int(r, 0, 8) * 0.125f));
            target = v3_add(v[0], v3_mul(v3_sub(v[1], v[0]), (float)rng_int(r, 0, 8) * 0.125f));
        } else {
            v[0] = v3_rand(r, -1, 1);
            v[1] = v3_rand(r, -1, 1);
            isect_vec3 e = v3_sub(v[1], v[0]);
            float len = sqrtf(e.x * e.x + e.y * e.y + e.z * e.z);
            isect_vec3 off = v3_rand(r, -1, 1);
            off = v3_mul(off, ldexpf(len, -rng_int(r, 10, 30)));
            v[2] = v3_add(v3_add(v[0], v3_mul(e, rng_unit(r))), off);
            target = v3_add(v[0], v3_mul(e, rng_unit(r)));
        }
        if (rng_chance(r, 50)) { /* any vertex may be the odd one */
            int j = rng_int(r, 0, 1);
            isect_vec3 t = v[2];
            v[2] = v[j];
            v[j] = t;
        }
        o = v3_rand(r, -2, 2);
        d = v3_sub(target, o);
        break;
    }
    case ND_TINY: {
        rt_aimed(r, 75, &o, &d, &tmax, v);
        int e = -rng_int(r, 20, 100); /* t is unchanged: positions and dir scale alike */
        o = v3_ldexp(o, e);
        d = v3_ldexp(d, e);
        for (int i = 0; i < 3; i++)
            v[i] = v3_ldexp(v[i], e);
        break;
    }
    case ND_SMALL_FAR: {
        isect_vec3 c = v3_rand(r, -1, 1);
        float h = ldexpf(1, -rng_int(r, 12, 22));
        for (int i = 0; i < 3; i++)
            v[i] = v3_add(c, v3_mul(v3_rand(r, -1, 1), h));
        isect_vec3 target = v3(to_f32(((double)v[0].x + v[1].x + v[2].x) / 3),
                               to_f32(((double)v[0].y + v[1].y + v[2].y) / 3),
                               to_f32(((double)v[0].z + v[1].z + v[2].z) / 3));
        o = v3_rand(r, -2, 2);
        d = v3_sub(target, o);
        break;
    }
    }
    rt_put(in, o, d, tmax, v);
}

static void *rt_prepare(const double *flat, size_t n)
{
    rt_case *c = malloc(n * sizeof *c);
    if (!c)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        const double *x = flat + i * RT_NIN;
        c[i].ray = (isect_ray){v3_at(x + 0), v3_at(x + 3), (float)x[6]};
        c[i].tri = (isect_triangle){v3_at(x + 7), v3_at(x + 10), v3_at(x + 13)};
    }
    return c;
}

static size_t rt_loop(any_fn fn, const void *typed, size_t n)
{
    isect_ray_triangle_fn *volatile vf = (isect_ray_triangle_fn *)fn;
    isect_ray_triangle_fn *f = vf; /* opaque to the compiler: no inlining, no specialisation */
    const rt_case *c = typed;
    size_t hits = 0;
    float acc = 0;
    for (size_t i = 0; i < n; i++) {
        isect_ray_triangle_result res;
        hits += f(c[i].ray, c[i].tri, &res);
        acc += res.t;
    }
    bench_sink += acc;
    return hits;
}

/* ---- the table ----------------------------------------------------------------- */

static const bench_query bench_queries[] = {
    {"ray_triangle", RT_NIN, (any_fn)isect_ray_triangle, (any_fn)mt_plain_ray_triangle, "MT",
     "plain binary32 Moller-Trumbore, two-sided, no epsilon, bench/mt_plain.c", rt_prepare, rt_loop,
     {{"random", gen_rt_random}, {"near-degenerate", gen_rt_degenerate}}},
};

/* ---- the driver ------------------------------------------------------------------ */

/* One implementation on one set: a typed function (fn != NULL) or ref. */
typedef struct {
    const bench_query *bq;
    any_fn fn;
    const void *typed;
    int (*ref)(const double *in, double *out);
    const double *flat;
    int nin, nout, hit_at;
    size_t n, hits;
    long reps;
    double ns[FAST_SAMPLES > REF_SAMPLES ? FAST_SAMPLES : REF_SAMPLES];
} runner;

static size_t ref_loop(const runner *u)
{
    int (*volatile vf)(const double *, double *) = u->ref;
    int (*f)(const double *, double *) = vf;
    double out[ISECT_MAX_OUT], acc = 0;
    size_t hits = 0;
    for (size_t i = 0; i < u->n; i++) {
        f(u->flat + i * (size_t)u->nin, out);
        hits += out[u->hit_at] != 0;
        for (int k = 0; k < u->nout; k++)
            acc += out[k];
    }
    bench_sink += acc;
    return hits;
}

static size_t run_pass(const runner *u) { return u->fn ? u->bq->loop(u->fn, u->typed, u->n) : ref_loop(u); }

/* A warm-up pass (which also counts the hits), then the passes per sample. */
static void calibrate(runner *u)
{
    u->hits = run_pass(u);
    double t0 = now();
    run_pass(u);
    double dt = now() - t0;
    u->reps = dt >= SAMPLE_SECONDS ? 1 : (long)ceil(SAMPLE_SECONDS / (dt > 1e-9 ? dt : 1e-9));
}

static void sample(runner *u, int k)
{
    double t0 = now();
    for (long i = 0; i < u->reps; i++)
        run_pass(u);
    u->ns[k] = (now() - t0) * 1e9 / ((double)u->reps * (double)u->n);
}

static void print_ratio(double x)
{
    char buf[32];
    snprintf(buf, sizeof buf, x >= 100 ? "%.0fx" : "%.2fx", x);
    printf(" %9s", buf);
}

static void print_ns(double ns) { printf(ns >= 1000 ? " %9.0f" : " %9.1f", ns); }

static void cpu_name(char *buf, size_t size)
{
    snprintf(buf, size, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon) {
            colon += 1 + (colon[1] == ' ');
            colon[strcspn(colon, "\n")] = 0;
            snprintf(buf, size, "%s", colon);
            break;
        }
    }
    fclose(f);
}

/* The 1-minute load average, or -1: a loaded machine makes the figures noisy. */
static double load_average(void)
{
    double l = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &l) != 1)
            l = -1;
        fclose(f);
    }
    return l;
}

static int bench_set_run(const bench_query *bq, const isect_query *q, const bench_set *set, uint64_t seed)
{
    int nin = isect_query_nin(q);
    double *flat = malloc((size_t)N_CASES * (size_t)nin * sizeof *flat);
    if (!flat)
        return 1;
    rng r = {seed};
    for (size_t i = 0; i < N_CASES; i++)
        set->gen(&r, flat + i * (size_t)nin);
    if (q->format == FMT_F32) /* the generators must give values of the query's format */
        for (size_t i = 0; i < (size_t)N_CASES * (size_t)nin; i++)
            if (isfinite(flat[i]) && (double)to_f32(flat[i]) != flat[i]) {
                fprintf(stderr, "bench: %s/%s: case %zu, value %zu is not binary32\n", bq->query, set->name,
                        i / (size_t)nin, i % (size_t)nin);
                exit(1);
            }
    void *typed = bq->prepare(flat, N_CASES);
    if (!typed) {
        free(flat);
        return 1;
    }

    runner fast = {.bq = bq, .fn = bq->fast, .typed = typed, .n = N_CASES};
    runner base = {.bq = bq, .fn = bq->base, .typed = typed, .n = N_CASES};
    runner ref = {.bq = bq, .ref = q->ref, .flat = flat, .nin = nin, .nout = isect_query_nout(q),
                  .hit_at = isect_query_hit_index(q), .n = N_CASES};

    calibrate(&fast);
    calibrate(&base);
    ref_set_filter(1);
    memset(&ref_stats, 0, sizeof ref_stats);
    calibrate(&ref);
    for (int k = 0; k < FAST_SAMPLES; k++) { /* interleaved, so drifts of the machine hit all alike */
        sample(&fast, k);
        sample(&base, k);
        if (k < REF_SAMPLES)
            sample(&ref, k);
    }
    unsigned long long filtered = ref_stats.filtered, exact = ref_stats.exact;

    double f_ns = median(fast.ns, FAST_SAMPLES), b_ns = median(base.ns, FAST_SAMPLES);
    double r_ns = median(ref.ns, REF_SAMPLES);
    printf("  %-16s", set->name);
    print_ns(f_ns);
    print_ns(b_ns);
    print_ns(r_ns);
    print_ratio(f_ns / b_ns);
    print_ratio(r_ns / f_ns);
    if (filtered + exact)
        printf(" %11.1f%%", 100.0 * (double)filtered / (double)(filtered + exact));
    else
        printf(" %12s", "-");
    printf("   %4.1f / %4.1f / %4.1f\n", 100.0 * (double)fast.hits / N_CASES, 100.0 * (double)base.hits / N_CASES,
           100.0 * (double)ref.hits / N_CASES);
    fflush(stdout);

    free(typed);
    free(flat);
    return 0;
}

int main(void)
{
    uint64_t seed = DEFAULT_SEED;
    const char *env = getenv("ISECT_BENCH_SEED");
    if (env && *env)
        seed = strtoull(env, NULL, 0);
    char cpu[128];
    cpu_name(cpu, sizeof cpu);

    printf("isect bench: ns per call, median of %d samples (ref: %d) of >= %.0f ms each,\n", FAST_SAMPLES,
           REF_SAMPLES, SAMPLE_SECONDS * 1e3);
    printf("%d cases per input set, PRNG seed 0x%llx (ISECT_BENCH_SEED=N to change).\n", N_CASES,
           (unsigned long long)seed);
    printf("Figures are ratios measured side by side in one run on this machine\n");
    printf("(%s; cc %s", cpu, __VERSION__);
    double load = load_average();
    if (load >= 0)
        printf("; load average %.2f", load);
    printf("); absolute ns vary between machines and runs.\n");
    printf("fast = libisect; ref = libisect_ref (exact); base = a plain binary32 implementation.\n");
    printf("ref w/o GMP = share of ref calls its interval filter answered without rational arithmetic.\n");
    printf("hits = share of the cases each implementation calls a hit; where a rounded one differs\n");
    printf("from ref, the judge (isect eval), not this bench, says whether that is tolerated.\n");

    int rc = 0;
    for (size_t i = 0; i < sizeof bench_queries / sizeof *bench_queries; i++) {
        const bench_query *bq = &bench_queries[i];
        const isect_query *q = isect_query_find(bq->query);
        if (!q || isect_query_nin(q) != bq->nin || isect_query_hit_index(q) < 0) {
            fprintf(stderr, "bench: query %s: not in the catalog, or its inputs changed\n", bq->query);
            rc = 1;
            continue;
        }
        printf("\n%s; base %s = %s\n", bq->query, bq->base_label, bq->base_about);
        char bl[32], ratio[32], hits[64];
        snprintf(bl, sizeof bl, "%s ns", bq->base_label);
        snprintf(ratio, sizeof ratio, "fast/%s", bq->base_label);
        snprintf(hits, sizeof hits, "hits %%: fast / %s / ref", bq->base_label);
        printf("  %-16s %9s %9s %9s %9s %9s %12s   %s\n", "inputs", "fast ns", bl, "ref ns", ratio, "ref/fast",
               "ref w/o GMP", hits);
        for (int s = 0; s < MAX_SETS && bq->sets[s].name; s++)
            if (bench_set_run(bq, q, &bq->sets[s], seed ^ (0x9E3779B97F4A7C15ULL * (i * MAX_SETS + (size_t)s + 1)))) {
                fprintf(stderr, "bench: out of memory\n");
                return 1;
            }
    }
    return rc;
}
