// step() must not allocate once a flock's size is fixed: the grid, the
// neighbour lists and every scratch buffer are reused from step to step.
// This binary counts calls to the global operator new.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "core/flock.hpp"

namespace {
std::atomic<long> g_allocations{0};
}

// These replace the global allocation functions, so malloc/free pair up;
// GCC cannot see that and warns at some optimisation levels.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t n) {
    ++g_allocations;
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

using namespace flocklab;

TEST(NoAllocation, StepAfterWarmUp) {
    for (NeighborMode mode : {NeighborMode::Grid, NeighborMode::Brute}) {
        FlockParams p;
        p.num_boids = 500;
        Flock flock(p, 7);
        // Warm-up: buffers grow to the largest blocks this flock has seen.
        for (int s = 0; s < 200; ++s) flock.step(Rules{}, kLabDt, Vec2{450, 270}, mode);
        const long before = g_allocations.load();
        for (int s = 0; s < 20; ++s) flock.step(Rules{}, kLabDt, Vec2{450, 270}, mode);
        const long during = g_allocations.load() - before;
        // The run is deterministic, and its blocks never outgrow the warm-up's.
        EXPECT_EQ(during, 0) << (mode == NeighborMode::Grid ? "grid" : "brute");
    }
}

TEST(NoAllocation, CounterSeesAllocations) {
    const long before = g_allocations.load();
    auto* v = new std::vector<int>(100);
    delete v;
    EXPECT_GE(g_allocations.load() - before, 2);  // the counter itself works
}
