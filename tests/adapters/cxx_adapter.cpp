// tests/adapters/cxx_adapter.cpp: a C++ user adapter (make adapter-check
// builds it with USER_TARGET=...cpp).  It uses the C++ standard library, so
// the programs must link with the C++ driver.
#include "targets.h"

#include <algorithm>
#include <array>

namespace {

// aabb_aabb written with std::array and std::max/min: closed boxes overlap
// when every axis interval does.
bool cxx_aabb_aabb(isect_aabb a, isect_aabb b, isect_aabb_aabb_result *out)
{
    const std::array<float, 3> amin{a.min.x, a.min.y, a.min.z}, amax{a.max.x, a.max.y, a.max.z};
    const std::array<float, 3> bmin{b.min.x, b.min.y, b.min.z}, bmax{b.max.x, b.max.y, b.max.z};
    bool hit = true;
    for (std::size_t i = 0; i < 3; i++)
        hit = hit && std::max(amin[i], bmin[i]) <= std::min(amax[i], bmax[i]);
    out->hit = hit;
    return hit;
}

const isect_target_entry entries[] = {
    ISECT_ENTRY(aabb_aabb, cxx_aabb_aabb, 1, 0),
    ISECT_ENTRIES_END,
};

const isect_target cxx_target = {"test:cxx", "aabb_aabb in C++ (adapter test)", entries, 0};

} // namespace

ISECT_TARGETS(user, &cxx_target);
