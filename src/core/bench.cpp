#include "bench.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

namespace flocklab {

BenchResult bench_flock(const FlockParams& p, std::uint64_t seed, NeighborMode mode, int warmup,
                        int rounds, int batch, double budget_ms, double warmup_budget_ms, int threads) {
    using Clock = std::chrono::steady_clock;
    const auto since = [](Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); };
    BenchResult r;
    Flock flock(p, seed);
    flock.set_threads(threads);
    const Rules all;
    // A formed flock has more neighbours per boid than a fresh one.
    const auto warm = Clock::now();
    for (; r.warmup < warmup && !(warmup_budget_ms > 0 && since(warm) > warmup_budget_ms); ++r.warmup) {
        flock.step(all, kLabDt, std::nullopt, NeighborMode::Grid);
    }
    const auto start = Clock::now();
    const auto over = [&] { return budget_ms > 0 && since(start) > budget_ms; };
    rounds = std::max(1, rounds);
    batch = std::max(1, batch);
    std::vector<double> ms;
    for (int k = 0; k < rounds && (k == 0 || !over()); ++k) {
        const auto t0 = Clock::now();
        int s = 0;
        do {
            flock.step(all, kLabDt, std::nullopt, mode);
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

}  // namespace flocklab
