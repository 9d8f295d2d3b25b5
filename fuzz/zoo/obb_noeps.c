/* fuzz/zoo/obb_noeps.c: the 15-axis OBB test in the box-frame form of
 * Gottschalk's OBBTree and Ericson's Real-Time Collision Detection (4.4.1),
 * binary32, WITHOUT the epsilon that the book adds to |R_ij| "to counteract
 * arithmetic errors when two edges are parallel and their cross product is
 * (near) null".
 *
 * Generalised to the axes as given (not orthonormal): with the face normals
 * nA_i = a_{i+1} x a_{i+2}, detA = a_0.nA_0 (likewise for B), the matrices
 * P_ij = nA_i.b_j, Q_ij = a_i.nB_j and T_i = nA_i.t, U_j = nB_j.t, the 15
 * tests are
 *   A's faces:  |T_i| > h_i |detA| + sum_j g_j |P_ij|
 *   B's faces:  |U_j| > g_j |detB| + sum_i h_i |Q_ij|
 *   a_i x b_j:  |T_{i+2} P_{i+1,j} - T_{i+1} P_{i+2,j}|
 *                 > |detA| (h_{i+1}|P_{i+2,j}| + h_{i+2}|P_{i+1,j}| + g_{j+1}|Q_{i,j+2}| + g_{j+2}|Q_{i,j+1}|)
 * (exact identities; for orthonormal right-handed frames P = Q = R and this
 * is the book's code).  When a_i and b_j are nearly parallel every term of
 * the cross test is rounding noise, and the radii come from other matrix
 * entries than the projection of t: a false separation of overlapping boxes.
 * The bug under study; do not copy.
 *
 * The box-frame form needs invertible frames (the book's are orthonormal);
 * for a frame whose computed determinant is 0 this target defers to fast, so
 * that what the fuzzers find is the missing epsilon, not a precondition. */
#include "targets.h"

#include <math.h>
#include <string.h>

static isect_vec3 cross(isect_vec3 a, isect_vec3 b)
{
    return (isect_vec3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
static float dot(isect_vec3 a, isect_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

static bool obb_noeps(isect_obb A, isect_obb B, isect_obb_obb_result *out)
{
    memset(out, 0, sizeof *out);
    const float h[3] = {A.half.x, A.half.y, A.half.z}, g[3] = {B.half.x, B.half.y, B.half.z};
    isect_vec3 t = {B.center.x - A.center.x, B.center.y - A.center.y, B.center.z - A.center.z};
    isect_vec3 nA[3], nB[3];
    float P[3][3], Q[3][3], T[3], U[3];
    for (int i = 0; i < 3; i++) {
        nA[i] = cross(A.axis[(i + 1) % 3], A.axis[(i + 2) % 3]);
        nB[i] = cross(B.axis[(i + 1) % 3], B.axis[(i + 2) % 3]);
    }
    float detA = fabsf(dot(A.axis[0], nA[0])), detB = fabsf(dot(B.axis[0], nB[0]));
    if (detA == 0 || detB == 0)
        return isect_obb_obb(A, B, out);
    for (int i = 0; i < 3; i++) {
        T[i] = dot(nA[i], t);
        U[i] = dot(nB[i], t);
        for (int j = 0; j < 3; j++) {
            P[i][j] = dot(nA[i], B.axis[j]);
            Q[i][j] = dot(A.axis[i], nB[j]);
        }
    }
    for (int i = 0; i < 3; i++)
        if (fabsf(T[i]) > h[i] * detA + g[0] * fabsf(P[i][0]) + g[1] * fabsf(P[i][1]) + g[2] * fabsf(P[i][2]))
            return false;
    for (int j = 0; j < 3; j++)
        if (fabsf(U[j]) > g[j] * detB + h[0] * fabsf(Q[0][j]) + h[1] * fabsf(Q[1][j]) + h[2] * fabsf(Q[2][j]))
            return false;
    for (int i = 0; i < 3; i++) {
        int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        for (int j = 0; j < 3; j++) {
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            float lhs = fabsf(T[i2] * P[i1][j] - T[i1] * P[i2][j]);
            float rhs = detA * (h[i1] * fabsf(P[i2][j]) + h[i2] * fabsf(P[i1][j]) + g[j1] * fabsf(Q[i][j2]) +
                                g[j2] * fabsf(Q[i][j1]));
            if (lhs > rhs)
                return false;
        }
    }
    out->hit = true;
    return true;
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(obb_obb, obb_noeps, 1, 4),
    ISECT_ENTRIES_END,
};

static const isect_target obb_noeps_target = {
    "zoo:obb_noeps", "15-axis OBB test (Ericson 4.4.1, box-frame form) without the parallel-edge epsilon", entries,
};

ISECT_TARGETS(zoo_obb_noeps, &obb_noeps_target);
