/* fuzz/zoo/cylinder_2016.c: the ray/capped-cylinder raycast of a 2016 blog
 * post (C# for Unity, after Wild Magic and PhysX; shared/references/001),
 * re-implemented from its description as printed, quirks included:
 * - an orthonormal frame around the axis; the ray is moved into it and its
 *   direction normalised (Unity's Normalize: a vector of length <= 1e-5
 *   becomes 0), t is divided back by |dir| at the end;
 * - axes shorter than 1e-6 are rejected (an absolute epsilon);
 * - the parallel test compares |kD.z| with 1 - Mathf.Epsilon, which is
 *   1.4e-45 in Unity (float.Epsilon), so it means |kD.z| >= 1;
 * - in the parallel branch an origin inside the cylinder gets the distance
 *   to the far cap, not 0 (and the printed hit point drops the origin);
 * - the height of the second side point is computed from the FIRST root
 *   (fTmp1 = kP.z + fT * kD.z);
 * - the side hits are returned without checking t >= 0 or t <= distance;
 * - the caps' distances go through Vector3.Angle (degrees, acos) and
 *   Mathf.Cos(angle * Deg2Rad);
 * - a tangent line (discriminant exactly 0) returns its t unchecked.
 * Kept to prove that the fuzzer catches it (docs/queries/ray_cylinder.md). */
#include "targets.h"

#include <math.h>
#include <string.h>

typedef isect_vec3 v3;

static const float unity_epsilon = 1.401298e-45f; /* Mathf.Epsilon == float.Epsilon */
static const float rad2deg = 57.29578f, deg2rad = 0.0174532924f;

static v3 sub(v3 a, v3 b) { return (v3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static v3 scale(v3 a, float s) { return (v3){a.x * s, a.y * s, a.z * s}; }
static float dot(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static float magnitude(v3 a) { return (float)sqrt((double)(a.x * a.x + a.y * a.y + a.z * a.z)); }
static v3 cross(v3 a, v3 b) { return (v3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }

/* UnityEngine.Vector3.Normalize */
static v3 normalized(v3 a)
{
    float m = magnitude(a);
    return m > 1e-5f ? (v3){a.x / m, a.y / m, a.z / m} : (v3){0, 0, 0};
}

/* UnityEngine.Vector3.Angle, in degrees */
static float angle(v3 from, v3 to)
{
    float den = (float)sqrt((double)(dot(from, from) * dot(to, to)));
    if (den < 1e-15f)
        return 0;
    float c = dot(from, to) / den;
    c = c < -1 ? -1 : c > 1 ? 1 : c;
    return (float)acos((double)c) * rad2deg;
}

static float unity_cos(float x) { return (float)cos((double)x); }

static bool cylinder_2016(isect_ray ray, isect_cylinder cyl, isect_ray_cylinder_result *out)
{
    memset(out, 0, sizeof *out);
    float distance = ray.tmax, dist = 0;
    v3 cylinderDir = sub(cyl.p1, cyl.p0);
    v3 kW = cylinderDir;
    float fWLength = magnitude(kW);
    kW = normalized(kW);
    if (fWLength <= 1e-6f)
        return false; /* "two thin for check" */

    v3 kU = {0, 0, 0};
    if (fWLength > 0.0f) {
        float fInvLength;
        if (fabsf(kW.x) >= fabsf(kW.y)) {
            fInvLength = 1.0f / sqrtf(kW.x * kW.x + kW.z * kW.z);
            kU = (v3){-kW.z * fInvLength, 0.0f, kW.x * fInvLength};
        } else {
            fInvLength = 1.0f / sqrtf(kW.y * kW.y + kW.z * kW.z);
            kU = (v3){0.0f, kW.z * fInvLength, -kW.y * fInvLength};
        }
    }
    v3 kV = normalized(cross(kW, kU));

    v3 kD = {dot(kU, ray.dir), dot(kV, ray.dir), dot(kW, ray.dir)};
    float fDLength = magnitude(kD);
    kD = normalized(kD);
    float fInvDLength = 1.0f / fDLength;
    v3 kDiff = sub(ray.origin, cyl.p0);
    v3 kP = {dot(kU, kDiff), dot(kV, kDiff), dot(kW, kDiff)};
    float fRadiusSqr = cyl.radius * cyl.radius;

    if (fabsf(kD.z) >= 1.0f - unity_epsilon || fDLength < unity_epsilon) {
        float fAxisDir = dot(ray.dir, cylinderDir);
        float fDiscr = fRadiusSqr - kP.x * kP.x - kP.y * kP.y;
        if (fAxisDir < 0 && fDiscr >= 0.0f) {
            if (kP.z > fWLength)
                dist = (kP.z - fWLength) * fInvDLength;
            else if (kP.z < 0)
                return false;
            else if (kP.z > 0 && kP.z < fWLength)
                dist = kP.z * fInvDLength; /* inside: the far cap, not 0 */
            if (dist > distance)
                return false;
            out->hit = true; /* hitInfo.point = dist * ray.direction (no origin) */
            out->t = dist;
            return true;
        } else if (fAxisDir > 0 && fDiscr >= 0.0f) {
            if (kP.z > fWLength)
                return false;
            else if (kP.z < 0)
                dist = -kP.z * fInvDLength;
            else if (kP.z > 0 && kP.z < fWLength)
                dist = (fWLength - kP.z) * fInvDLength;
            if (dist > distance)
                return false;
            out->hit = true;
            out->t = dist;
            return true;
        }
        return false;
    }

    float fA = kD.x * kD.x + kD.y * kD.y;
    float fB = kP.x * kD.x + kP.y * kD.y;
    float fC = kP.x * kP.x + kP.y * kP.y - fRadiusSqr;
    float delta = fB * fB - fA * fC;
    if (delta < 0.0f)
        return false;

    if (delta > 0.0f) {
        float fRoot = sqrtf(delta);
        float fInv = 1.0f / fA;
        float fT = (-fB - fRoot) * fInv;
        float fTmp = kP.z + fT * kD.z;
        float fT1 = (-fB + fRoot) * fInv;
        float fTmp1 = kP.z + fT * kD.z; /* sic: the first root's height */
        if ((0.0f <= fTmp && fTmp <= fWLength) && (0.0f <= fTmp1 && fTmp1 <= fWLength)) {
            float d0 = fT * fInvDLength, d1 = fT1 * fInvDLength;
            out->hit = true;
            out->t = d0 < d1 ? d0 : d1;
            return true;
        } else if (0.0f <= fTmp && fTmp <= fWLength) {
            out->hit = true;
            out->t = fT * fInvDLength;
            return true;
        } else if (0.0f <= fTmp1 && fTmp1 <= fWLength) {
            out->hit = true;
            out->t = fT1 * fInvDLength;
            return true;
        }

        float deltaAngle = dot(ray.dir, cylinderDir);
        if (deltaAngle < 0) {
            if (kP.z > fWLength) {
                float a = angle(ray.dir, scale(cylinderDir, -1));
                dist = (kP.z - fWLength) * fInvDLength / unity_cos(a * deg2rad);
            } else if (kP.z < 0) {
                return false;
            }
            if (dist > distance)
                return false;
            v3 point = {ray.origin.x + dist * ray.dir.x, ray.origin.y + dist * ray.dir.y,
                        ray.origin.z + dist * ray.dir.z};
            if (magnitude(sub(point, cyl.p1)) > cyl.radius)
                return false;
            out->hit = true;
            out->t = dist;
            return true;
        } else if (deltaAngle > 0) {
            if (kP.z > fWLength) {
                return false;
            } else if (kP.z < 0) {
                float a = angle(ray.dir, cylinderDir);
                dist = -kP.z * fInvDLength / unity_cos(a * deg2rad);
            }
            if (dist > distance)
                return false;
            v3 point = {ray.origin.x + dist * ray.dir.x, ray.origin.y + dist * ray.dir.y,
                        ray.origin.z + dist * ray.dir.z};
            if (magnitude(sub(point, cyl.p0)) > cyl.radius)
                return false;
            out->hit = true;
            out->t = dist;
            return true;
        }
    } else {
        float fT = -fB / fA;
        float fTmp = kP.z + fT * kD.z;
        if (0.0f <= fTmp && fTmp <= fWLength) {
            out->hit = true;
            out->t = fT * fInvDLength;
            return true;
        }
    }
    return false;
}

static const isect_target_entry entries[] = {
    ISECT_ENTRY(ray_cylinder, cylinder_2016, 8, 32),
    ISECT_ENTRIES_END,
};

static const isect_target cylinder_2016_target = {
    "zoo:cylinder_2016", "ray vs capped cylinder of a 2016 blog post, as printed (second root's height, degrees)",
    entries,
};

ISECT_TARGETS(zoo_cylinder_2016, &cylinder_2016_target);
