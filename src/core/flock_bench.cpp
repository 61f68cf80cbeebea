#include "flock_bench.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

namespace flocklab {

namespace {
using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }
}  // namespace

FlockBench::FlockBench(const FlockParams& p, std::uint64_t seed, NeighborMode mode, int warmup, int threads)
    : flock_(p, seed), mode_(mode), warmup_(std::max(0, warmup)) {
    flock_.set_threads(threads);
}

int FlockBench::warm(double budget_ms) {
    // A formed flock has more neighbours per boid than a fresh one.
    const Rules all;
    const auto t0 = Clock::now();
    for (; warmed_ < warmup_ && !(budget_ms > 0 && since(t0) > budget_ms); ++warmed_) {
        flock_.step(all, kLabDt, std::nullopt, NeighborMode::Grid);
    }
    return warmup_ - warmed_;
}

BenchResult FlockBench::time(int rounds, int batch, double budget_ms) {
    BenchResult r;
    r.warmup = warmed_;
    const Rules all;
    const auto start = Clock::now();
    const auto over = [&] { return budget_ms > 0 && since(start) > budget_ms; };
    rounds = std::max(1, rounds);
    batch = std::max(1, batch);
    std::vector<double> ms;
    for (int k = 0; k < rounds && (k == 0 || !over()); ++k) {
        const auto t0 = Clock::now();
        int s = 0;
        do {
            flock_.step(all, kLabDt, std::nullopt, mode_);
        } while (++s < batch && !over());
        ms.push_back(since(t0) / s);
        r.steps += s;
    }
    r.capped = over() || r.steps < rounds * batch;
    std::sort(ms.begin(), ms.end());
    const size_t h = ms.size() / 2;
    r.median_ms = ms.size() % 2 ? ms[h] : 0.5 * (ms[h - 1] + ms[h]);
    r.min_ms = ms.front();
    return r;
}

BenchResult bench_flock(const FlockParams& p, std::uint64_t seed, NeighborMode mode, int warmup,
                        int rounds, int batch, double budget_ms, double warmup_budget_ms, int threads) {
    FlockBench b(p, seed, mode, warmup, threads);
    b.warm(warmup_budget_ms);
    return b.time(rounds, batch, budget_ms);
}

}  // namespace flocklab
