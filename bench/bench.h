/* bench/bench.h: what the rows of `make bench` share with its driver.
 *
 * A row (bench_query) names a catalog query, the fast function, a plain
 * baseline of the same typed signature, and its input sets.  The driver
 * (bench.c) generates N cases per set with a fixed-seed PRNG as flat
 * binary32 values in catalog order, converts them once to the typed
 * arguments (`prepare`), and times a `loop` that calls a typed function on
 * every case; ref runs on the flat layout.  The rows live in
 * rows_ray_triangle.c (hand-made near-degenerate generators) and rows.c
 * (every other query). */
#ifndef ISECT_BENCH_H
#define ISECT_BENCH_H

#include "isect.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

enum { BENCH_MAX_SETS = 4 };

/* ---- PRNG: splitmix64 ------------------------------------------------------ */

typedef struct {
    uint64_t s;
} rng;

static inline uint64_t rng_next(rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1), a multiple of 2^-24: exact in binary32. */
static inline float rng_unit(rng *r) { return (float)(rng_next(r) >> 40) * 0x1p-24f; }
static inline float rng_range(rng *r, float lo, float hi) { return lo + (hi - lo) * rng_unit(r); }
static inline int rng_int(rng *r, int lo, int hi) { return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1)); }
static inline int rng_chance(rng *r, int percent) { return (int)(rng_next(r) % 100) < percent; }

/* Rounds to binary32 through memory.  GCC 12.2 at -O2 vectorises a pair of
 * (float) conversions of doubles and then folds the (double)(float) round
 * trip of the vector away, leaving values that are not binary32 in the
 * cases; the volatile store keeps the rounding. */
static inline float to_f32(double x)
{
    volatile float f = (float)x;
    return f;
}

/* ---- binary32 vectors ---------------------------------------------------------- */

static inline isect_vec3 v3(float x, float y, float z) { return (isect_vec3){x, y, z}; }
static inline isect_vec3 v3_add(isect_vec3 a, isect_vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline isect_vec3 v3_sub(isect_vec3 a, isect_vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline isect_vec3 v3_mul(isect_vec3 a, float k) { return v3(a.x * k, a.y * k, a.z * k); }
static inline isect_vec3 v3_rand(rng *r, float lo, float hi)
{
    float x = rng_range(r, lo, hi), y = rng_range(r, lo, hi); /* one draw per statement: a fixed order */
    return v3(x, y, rng_range(r, lo, hi));
}
/* A point of the grid of multiples of 1/16 in [-4, 4]^3: sums and
 * differences of such points, and their products by k/8 for |k| <= 16,
 * stay exact in binary32 (at most 14 significant bits). */
static inline isect_vec3 v3_grid(rng *r)
{
    float x = (float)rng_int(r, -64, 64) * 0x1p-4f, y = (float)rng_int(r, -64, 64) * 0x1p-4f;
    return v3(x, y, (float)rng_int(r, -64, 64) * 0x1p-4f);
}
static inline isect_vec3 v3_at(const double *x) { return v3((float)x[0], (float)x[1], (float)x[2]); }
static inline void put3(double *x, isect_vec3 v)
{
    x[0] = v.x;
    x[1] = v.y;
    x[2] = v.z;
}

/* ---- rows ---------------------------------------------------------------------- */

typedef void (*any_fn)(void);

typedef struct {
    const char *name;
    void (*gen)(rng *r, double *in); /* one case: the query's inputs, flat, in catalog order */
    /* Then apply the catalog row's boundary edits (isect_query.mutate, the
     * ones the fuzzers use) once or twice and round to binary32. */
    int mutate;
} bench_set;

typedef struct {
    const char *query; /* catalog name; ref and the input count come from the catalog */
    int nin;           /* flat input count that prepare expects (checked against the catalog) */
    any_fn fast;       /* isect_<query> */
    any_fn base;       /* the plain baseline, same signature */
    const char *base_label, *base_about;
    /* Flat cases -> the typed arguments (malloc'd, freed by the caller). */
    void *(*prepare)(const double *flat, size_t n);
    /* Call fn (a function of the query's typed signature) on every case,
     * case order[i] i-th (order: a permutation of 0..n-1); return the hits. */
    size_t (*loop)(any_fn fn, const void *typed, const uint32_t *order, size_t n);
    bench_set sets[BENCH_MAX_SETS];
} bench_query;

extern const bench_query bench_ray_triangle;
extern const bench_query bench_rows[];
extern const size_t bench_nrows;

/* Sink for the loops' results: keeps the calls' outputs observable. */
extern volatile double bench_sink;

#endif
