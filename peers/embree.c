/* peers/embree.c: Embree 3 (binary32) as targets peer:embree and
 * peer:embree-robust (RTC_SCENE_FLAG_ROBUST): rtcIntersect1 against a scene
 * of one triangle (RTC_GEOMETRY_TYPE_TRIANGLE) or one sphere
 * (RTC_GEOMETRY_TYPE_SPHERE_POINT), docs/peers.md.
 *
 * The ray maps directly: org, dir (not normalised), tnear = 0, tfar = tmax
 * (inf allowed); Embree reports tfar = t and, for triangles, u and v with
 * the same meaning as ours (point = (1-u-v) v0 + u v1 + v v2).  A scene is
 * built per call (one device for the process). */
#include "common.h"

#include <embree3/rtcore.h>
#include <stddef.h>

static RTCDevice device(void)
{
    static RTCDevice d;
    if (!d)
        d = rtcNewDevice(NULL);
    return d;
}

/* Intersects ray with a scene holding geometry g (committed here). */
static bool shoot(RTCGeometry g, int robust, isect_ray ray, struct RTCRayHit *rh)
{
    RTCScene scene = rtcNewScene(device());
    if (robust)
        rtcSetSceneFlags(scene, RTC_SCENE_FLAG_ROBUST);
    rtcCommitGeometry(g);
    rtcAttachGeometry(scene, g);
    rtcReleaseGeometry(g);
    rtcCommitScene(scene);
    struct RTCIntersectContext ctx;
    rtcInitIntersectContext(&ctx);
    *rh = (struct RTCRayHit){0};
    rh->ray.org_x = ray.origin.x, rh->ray.org_y = ray.origin.y, rh->ray.org_z = ray.origin.z;
    rh->ray.dir_x = ray.dir.x, rh->ray.dir_y = ray.dir.y, rh->ray.dir_z = ray.dir.z;
    rh->ray.tnear = 0;
    rh->ray.tfar = ray.tmax;
    rh->ray.mask = 0xFFFFFFFFu;
    rh->hit.geomID = RTC_INVALID_GEOMETRY_ID;
    rh->hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
    rtcIntersect1(scene, &ctx, rh);
    rtcReleaseScene(scene);
    return rh->hit.geomID != RTC_INVALID_GEOMETRY_ID;
}

static bool ray_triangle(int robust, isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out)
{
    RTCGeometry g = rtcNewGeometry(device(), RTC_GEOMETRY_TYPE_TRIANGLE);
    float *v = rtcSetNewGeometryBuffer(g, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3, 3 * sizeof(float), 3);
    unsigned *ix = rtcSetNewGeometryBuffer(g, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3, 3 * sizeof(unsigned), 1);
    const isect_vec3 p[3] = {tri.v0, tri.v1, tri.v2};
    for (int i = 0; i < 3; i++)
        v[3 * i] = p[i].x, v[3 * i + 1] = p[i].y, v[3 * i + 2] = p[i].z, ix[i] = (unsigned)i;
    struct RTCRayHit rh;
    if (!shoot(g, robust, ray, &rh))
        return false;
    *out = (isect_ray_triangle_result){true, rh.ray.tfar, rh.hit.u, rh.hit.v};
    return true;
}

static bool ray_sphere(int robust, isect_ray ray, isect_sphere s, isect_ray_sphere_result *out)
{
    RTCGeometry g = rtcNewGeometry(device(), RTC_GEOMETRY_TYPE_SPHERE_POINT);
    float *v = rtcSetNewGeometryBuffer(g, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT4, 4 * sizeof(float), 1);
    v[0] = s.center.x, v[1] = s.center.y, v[2] = s.center.z, v[3] = s.radius;
    struct RTCRayHit rh;
    if (!shoot(g, robust, ray, &rh))
        return false;
    *out = (isect_ray_sphere_result){true, rh.ray.tfar};
    return true;
}

static bool tri_default(isect_ray r, isect_triangle t, isect_ray_triangle_result *o) { return ray_triangle(0, r, t, o); }
static bool tri_robust(isect_ray r, isect_triangle t, isect_ray_triangle_result *o) { return ray_triangle(1, r, t, o); }
static bool sph_default(isect_ray r, isect_sphere s, isect_ray_sphere_result *o) { return ray_sphere(0, r, s, o); }
static bool sph_robust(isect_ray r, isect_sphere s, isect_ray_sphere_result *o) { return ray_sphere(1, r, s, o); }

/* Embree takes no non-finite coordinates (only tfar = inf) and no negative
 * tmax or radius.  Its range is narrower than binary32's: a ray whose origin
 * or direction has a coordinate above FLT_LARGE = 1.844e18 fails
 * `assert(ray.valid())` (kernels/common/ray.h:178, kernels/bvh/
 * bvh_intersector1.cpp:59; Debian's build keeps the assertions: the process
 * aborts), and primitives with coordinates above it are silently dropped
 * from the scene (doc/src/api/rtcCommitScene.md: "no reasonable calculations
 * can be performed with such values").  Both are documented limits, refused
 * here, not bugs. */
#define EMBREE_FLT_LARGE 1.844E18f
static const char *beyond_large(const double *in, int n, int skip)
{
    for (int i = 0; i < n; i++)
        if (i != skip && fabs(in[i]) > (double)EMBREE_FLT_LARGE)
            return "coordinate above Embree's FLT_LARGE = 1.844e18 (rays: assertion; primitives: ignored)";
    return NULL;
}
static const char *ok_ray_triangle(const double *in)
{
    for (int i = 0; i < 16; i++)
        if (i != 6 && !isfinite(in[i]))
            return "non-finite coordinate";
    if (!(in[6] >= 0))
        return "tmax not >= 0 (invalid)";
    return beyond_large(in, 16, 6);
}

/* Embree's spheres are surfaces: a ray starting inside reports the exit
 * point, where a solid ball answers t = 0.  Origins inside the ball, or
 * within 2^-20 of its radius from its surface, are refused (a convention,
 * docs/peers.md). */
static const char *ok_ray_sphere(const double *in)
{
    for (int i = 0; i < 11; i++)
        if (i != 6 && !isfinite(in[i]))
            return "non-finite coordinate";
    if (!(in[6] >= 0) || in[10] < 0)
        return "negative tmax or radius (invalid)";
    const char *w = beyond_large(in, 11, 6);
    if (w)
        return w;
    for (int i = 7; i < 10; i++)
        if (fabs(in[i]) + in[10] > (double)EMBREE_FLT_LARGE)
            return "ball reaches beyond Embree's FLT_LARGE = 1.844e18 (ignored by the scene build)";
    double d[3] = {in[0] - in[7], in[1] - in[8], in[2] - in[9]};
    double d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2], r = in[10] * (1 + 0x1p-20);
    return d2 <= r * r ? "origin inside the ball (Embree's spheres are surfaces)" : NULL;
}

/* Tolerances (units of 2^-24): Embree promises no bound; its float
 * intersectors err by a few ulps of the inputs' scale, declared as fast's. */
static const isect_target_entry default_entries[] = {
    ISECT_ENTRY_EX(ray_triangle, tri_default, 16, 32, NULL, ISECT_BINARY32, ok_ray_triangle),
    ISECT_ENTRY_EX(ray_sphere, sph_default, 16, 32, NULL, ISECT_BINARY32, ok_ray_sphere),
    ISECT_ENTRIES_END,
};
static const isect_target_entry robust_entries[] = {
    ISECT_ENTRY_EX(ray_triangle, tri_robust, 16, 32, NULL, ISECT_BINARY32, ok_ray_triangle),
    ISECT_ENTRY_EX(ray_sphere, sph_robust, 16, 32, NULL, ISECT_BINARY32, ok_ray_sphere),
    ISECT_ENTRIES_END,
};

static const isect_target embree = {"peer:embree", "Embree 3.13 rtcIntersect1 (binary32)", default_entries, 0};
static const isect_target robust = {"peer:embree-robust", "Embree 3.13 rtcIntersect1, RTC_SCENE_FLAG_ROBUST (binary32)",
                                    robust_entries, 0};

ISECT_TARGETS(peer_embree, &embree, &robust);
