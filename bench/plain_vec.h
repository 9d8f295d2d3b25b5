/* bench/plain_vec.h: the binary32 vector arithmetic of the plain baselines
 * (bench/NAME_plain.c), as textbook code writes it: every operation rounded
 * in binary32, no care for cancellation. */
#ifndef ISECT_BENCH_PLAIN_VEC_H
#define ISECT_BENCH_PLAIN_VEC_H

#include "isect.h"

typedef isect_vec3 v3;
static inline v3 add(v3 a, v3 b) { return (v3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static inline v3 sub(v3 a, v3 b) { return (v3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static inline v3 mul(v3 a, float s) { return (v3){a.x * s, a.y * s, a.z * s}; }
static inline float dot(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline v3 cross(v3 a, v3 b) { return (v3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
static inline float comp(v3 a, int i) { return i == 0 ? a.x : i == 1 ? a.y : a.z; }

#endif
