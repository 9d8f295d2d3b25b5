/* oracle/rng.h: the one pseudo-random generator of the oracle and the fuzz
 * layer, splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom
 * number generators", OOPSLA 2014): a 64-bit state advanced by the golden
 * ratio, and a finaliser that mixes it.  Deterministic from its seed, so
 * every search, mutation and derivation that uses it is reproducible. */
#ifndef ISECT_RNG_H
#define ISECT_RNG_H

#include <math.h>
#include <stdint.h>

/* The finaliser of splitmix64 applied to z + golden: one random word from
 * one input word (the state after one step from z). */
static inline uint64_t isect_mix64(uint64_t z)
{
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The next word of the generator whose state is *s. */
static inline uint64_t isect_rng_next(uint64_t *s)
{
    uint64_t z = isect_mix64(*s);
    *s += 0x9E3779B97F4A7C15ULL;
    return z;
}

/* A uniform-enough integer in [0, n), n > 0 (modulo bias below 2^-32 for the
 * small n used here). */
static inline int isect_rng_below(uint64_t *s, int n) { return (int)(isect_rng_next(s) % (uint64_t)n); }

/* The rotation matrix (rows) of the quaternion q, normalised here (|q| > 0):
 * a uniformly random rotation when q is drawn uniformly from the unit ball
 * (the bench's oriented boxes and the tests that draw boxes as it does). */
static inline void isect_rng_rotation(const double q[4], double m[3][3])
{
    double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
    const double r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)},
                            {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)},
                            {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)}};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            m[i][j] = r[i][j];
}

#endif
