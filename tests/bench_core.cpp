// Google Benchmark of the flock step: brute force and the grid in the
// lesson's fixed 900x540 world, and the grid in a world that grows with the
// flock (constant density). Each flock is formed first (600 steps), because a
// formed flock has more neighbours per boid than a fresh one. The grid is also
// timed with two threads (wall-clock time).
#include <benchmark/benchmark.h>

#include <cmath>
#include <map>
#include <memory>
#include <utility>

#include "core/flock_bench.hpp"
#include "core/flock.hpp"

using namespace flocklab;

namespace {

// The world for n boids at the density of `per_lesson_world` boids in 900x540.
FlockParams params_for(int n, int per_lesson_world) {
    FlockParams p;
    p.num_boids = n;
    if (per_lesson_world > 0) {
        const double scale = std::sqrt(static_cast<double>(n) / per_lesson_world);
        p.world_width *= scale;
        p.world_height *= scale;
    }
    return p;
}

// Formed flocks are cached per configuration so each one is formed once.
Flock& formed(int n, int per_lesson_world) {
    static std::map<std::pair<int, int>, std::unique_ptr<Flock>> cache;
    auto& f = cache[{n, per_lesson_world}];
    if (!f) {
        f = std::make_unique<Flock>(params_for(n, per_lesson_world), 7);
        for (int s = 0; s < kFormedWarmup; ++s) f->step(Rules{}, kLabDt);
    }
    return *f;
}

void run(benchmark::State& state, NeighborMode mode, int per_lesson_world, int threads = 1) {
    const int n = static_cast<int>(state.range(0));
    Flock flock = formed(n, per_lesson_world);  // a copy: every run starts from the same flock
    flock.set_threads(threads);
    for (auto _ : state) {
        flock.step(Rules{}, kLabDt, std::nullopt, mode);
        benchmark::ClobberMemory();
    }
    // Seconds per boid per step: flat from 1k to 100k boids means O(n).
    state.counters["s_per_boid"] = benchmark::Counter(
        static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_StepBrute(benchmark::State& s) { run(s, NeighborMode::Brute, 0); }
void BM_StepGrid(benchmark::State& s) { run(s, NeighborMode::Grid, 0); }
void BM_StepGridConstantDensity(benchmark::State& s) { run(s, NeighborMode::Grid, 1000); }
void BM_StepGridTwoThreads(benchmark::State& s) { run(s, NeighborMode::Grid, 0, 2); }

}  // namespace

BENCHMARK(BM_StepBrute)->Arg(60)->Arg(100)->Arg(300)->Arg(500)->Arg(1000)->Arg(2000)->Arg(5000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StepGrid)->Arg(60)->Arg(100)->Arg(300)->Arg(500)->Arg(1000)->Arg(2000)->Arg(5000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StepGridTwoThreads)->Arg(500)->Arg(2000)->Arg(5000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_StepGridConstantDensity)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
