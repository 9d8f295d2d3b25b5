// peers/bullet.cpp: Bullet 3.24 as targets (docs/peers.md).  Float Bullet by
// default (binary32); built with BULLET_PKG=bullet-float64 the same targets
// run on double Bullet and declare binary64.
//   peer:bullet              btTriangleRaycastCallback::processTriangle (ray_triangle)
//   peer:bullet-gjkcast      btGjkConvexCast::calcTimeOfImpact          (sphere sweeps)
//   peer:bullet-subsimplex   btSubsimplexConvexCast::calcTimeOfImpact   (sphere sweeps)
//   peer:bullet-continuous   btContinuousConvexCollision::calcTimeOfImpact (sphere sweeps)
// Conventions: a Bullet ray is a segment from..to and reports a fraction of
// it: to = origin + tmax * dir (rounded in btScalar) and t = fraction * tmax;
// tmax = inf has no segment and is refused.  Triangles are two-sided with
// flags = 0 (kF_FilterBackfaces off).  Shapes' collision margins are 0
// (setMargin(0)) except the sphere's, which is its radius by design.
#include "common.h"

#include <btBulletCollisionCommon.h>
#include <BulletCollision/NarrowPhaseCollision/btContinuousConvexCollision.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btRaycastCallback.h>
#include <BulletCollision/NarrowPhaseCollision/btSubSimplexConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#include <BulletCollision/CollisionShapes/btTriangleShape.h>

namespace {

#ifdef BT_USE_DOUBLE_PRECISION
const isect_precision PREC = ISECT_BINARY64;
#define BT_NAME(s) "peer:bullet64" s
#else
const isect_precision PREC = ISECT_BINARY32;
#define BT_NAME(s) "peer:bullet" s
#endif

btVector3 v3(isect_vec3 p) { return btVector3(p.x, p.y, p.z); }

struct first_hit : btTriangleRaycastCallback {
    bool hit = false;
    btScalar fraction = 0;
    first_hit(const btVector3 &from, const btVector3 &to) : btTriangleRaycastCallback(from, to, 0) {}
    btScalar reportHit(const btVector3 &, btScalar f, int, int) override
    {
        hit = true;
        fraction = f;
        return f;
    }
};

bool bt_ray_triangle(isect_ray ray, isect_triangle tri, isect_ray_triangle_result *out)
{
    btVector3 from = v3(ray.origin), to = from + v3(ray.dir) * btScalar(ray.tmax);
    btVector3 t[3] = {v3(tri.v0), v3(tri.v1), v3(tri.v2)};
    first_hit cb(from, to);
    cb.processTriangle(t, 0, 0);
    if (!cb.hit)
        return false;
    out->hit = true;
    out->t = float(cb.fraction * btScalar(ray.tmax));
    return true;
}

enum cast_kind { GJK, SUBSIMPLEX, CONTINUOUS };

// The sphere moves from center to center + velocity; the other shape stays.
bool cast(cast_kind k, isect_moving_sphere s, btConvexShape *other, float *t)
{
    btSphereShape sphere(s.radius);
    other->setMargin(0);
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    btTransform fromA, toA, id;
    fromA.setIdentity(), toA.setIdentity(), id.setIdentity();
    fromA.setOrigin(v3(s.center));
    toA.setOrigin(v3(s.center) + v3(s.velocity));
    btConvexCast::CastResult r;
    bool hit;
    if (k == GJK) {
        btGjkConvexCast c(&sphere, other, &simplex);
        hit = c.calcTimeOfImpact(fromA, toA, id, id, r);
    } else if (k == SUBSIMPLEX) {
        btSubsimplexConvexCast c(&sphere, other, &simplex);
        hit = c.calcTimeOfImpact(fromA, toA, id, id, r);
    } else {
        btContinuousConvexCollision c(&sphere, other, &simplex, &epa);
        hit = c.calcTimeOfImpact(fromA, toA, id, id, r);
    }
    if (hit)
        *t = float(r.m_fraction);
    return hit;
}

template <cast_kind K>
bool sweep_triangle(isect_moving_sphere s, isect_triangle tri, isect_sphere_sweep_triangle_result *out)
{
    btTriangleShape shape(v3(tri.v0), v3(tri.v1), v3(tri.v2));
    return out->hit = cast(K, s, &shape, &out->t);
}

template <cast_kind K>
bool sweep_point(isect_moving_sphere s, isect_vec3 p, isect_sphere_sweep_point_result *out)
{
    btSphereShape point(0);
    btConvexShape *shape = &point;
    // A point is a sphere of radius 0 placed at p: moved into the frame of
    // the sphere's path (p subtracted from both, exact when it is).
    isect_moving_sphere rel = s;
    rel.center = {s.center.x - p.x, s.center.y - p.y, s.center.z - p.z};
    return out->hit = cast(K, rel, shape, &out->t);
}

const char *ok_ray_triangle(const double *in)
{
    const char *w = peer_finite16(in);
    return w ? "non-finite input (a Bullet ray is a finite segment)" : in[6] < 0 ? "negative tmax (invalid)" : nullptr;
}
const char *ok_sweep_triangle(const double *in)
{
    const char *w = peer_finite16(in);
    return w ? w : in[6] < 0 ? "negative radius (invalid)" : nullptr;
}
const char *ok_sweep_point(const double *in)
{
    const char *w = peer_finite10(in);
    if (w || in[6] < 0)
        return w ? w : "negative radius (invalid)";
    for (int i = 0; i < 3; i++)
        if ((double)(float)(in[i] - in[7 + i]) != in[i] - in[7 + i])
            return "center - p is not exact in binary32 (the adapter's frame change)";
    return nullptr;
}

// Tolerances (units of the precision): Bullet's casts stop at absolute
// distances (btGjkConvexCast, btContinuousConvexCollision: 0.001;
// btSubsimplexConvexCast: 0.0001 on the squared distance) and iterate at most 32 or 64 times;
// nothing relative can bound that: the declared tolerance is fast's and
// every finding is checked against those epsilons (docs/peers.md).
const isect_target_entry ray_entries[] = {
    ISECT_ENTRY_EX(ray_triangle, bt_ray_triangle, 16, 64, "hit t", PREC, ok_ray_triangle),
    ISECT_ENTRIES_END,
};
#define CAST_ENTRIES(K)                                                                                      \
    {                                                                                                        \
        ISECT_ENTRY_EX(sphere_sweep_point, sweep_point<K>, 64, 64, "hit t", PREC, ok_sweep_point),          \
        ISECT_ENTRY_EX(sphere_sweep_triangle, sweep_triangle<K>, 64, 64, "hit t", PREC, ok_sweep_triangle), \
        ISECT_ENTRIES_END,                                                                                   \
    }
const isect_target_entry gjk_entries[] = CAST_ENTRIES(GJK);
const isect_target_entry sub_entries[] = CAST_ENTRIES(SUBSIMPLEX);
const isect_target_entry cont_entries[] = CAST_ENTRIES(CONTINUOUS);

const isect_target ray = {BT_NAME(""), "Bullet 3.24 btTriangleRaycastCallback (hit, t)", ray_entries, 0};
const isect_target gjk = {BT_NAME("-gjkcast"), "Bullet 3.24 btGjkConvexCast (hit, t)", gjk_entries, 0};
const isect_target sub = {BT_NAME("-subsimplex"), "Bullet 3.24 btSubsimplexConvexCast (hit, t)", sub_entries, 0};
const isect_target cont = {BT_NAME("-continuous"), "Bullet 3.24 btContinuousConvexCollision (hit, t)", cont_entries, 0};

} // namespace

ISECT_TARGETS(peer_bullet, &ray, &gjk, &sub, &cont);
