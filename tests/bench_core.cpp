// Google Benchmark of the flock step: brute force and the grid in the
// lesson's fixed 900x540 world, and the grid in a world that grows with the
// flock (constant density). Each flock is formed first (600 steps), because a
// formed flock has more neighbours per boid than a fresh one. The grid is also
// timed with two threads (wall-clock time). And a session's snapshot, as a
// widget far from the viewport keeps it (base64) and reads it back on waking:
// a flock of n boids with a what-if lane, 600 steps along.
#include <benchmark/benchmark.h>

#include <cmath>
#include <map>
#include <memory>
#include <utility>

#include "core/flock_bench.hpp"
#include "core/flock.hpp"
#include "core/session.hpp"
#include "core/state_io.hpp"

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

// A flock session of n boids with the W key's lane, formed; its snapshot as base64.
std::string snapshot_text(int n) {
    std::unique_ptr<Session> s = make_session("flock");
    s->scene().set("boids", std::to_string(n));
    s->toggle_what_if();
    s->step(kFormedWarmup);
    return to_base64(s->snapshot());
}

void BM_SnapshotWrite(benchmark::State& state) {
    std::unique_ptr<Session> s = make_session("flock");
    s->scene().set("boids", std::to_string(state.range(0)));
    s->toggle_what_if();
    s->step(kFormedWarmup);
    std::size_t size = 0;
    for (auto _ : state) {
        const std::string text = to_base64(s->snapshot());
        size = text.size();
        benchmark::DoNotOptimize(text.data());
    }
    state.counters["base64_bytes"] = static_cast<double>(size);
}

void BM_SnapshotRestore(benchmark::State& state) {
    const std::string text = snapshot_text(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        std::string bytes, why;
        if (!from_base64(text, &bytes)) state.SkipWithError("not base64");
        std::unique_ptr<Session> back = restore_session(bytes, &why);
        if (!back) state.SkipWithError(why.c_str());
        benchmark::DoNotOptimize(back.get());
    }
    state.counters["base64_bytes"] = static_cast<double>(text.size());
}

}  // namespace

BENCHMARK(BM_SnapshotWrite)->Arg(60)->Arg(1000)->Arg(5000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SnapshotRestore)->Arg(60)->Arg(1000)->Arg(5000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StepBrute)->Arg(60)->Arg(100)->Arg(300)->Arg(500)->Arg(1000)->Arg(2000)->Arg(5000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StepGrid)->Arg(60)->Arg(100)->Arg(300)->Arg(500)->Arg(1000)->Arg(2000)->Arg(5000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StepGridTwoThreads)->Arg(500)->Arg(2000)->Arg(5000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_StepGridConstantDensity)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
