#include "bench.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

namespace flocklab {

BenchResult bench_flock(const FlockParams& p, std::uint64_t seed, NeighborMode mode, int warmup,
                        int rounds, int batch) {
    using Clock = std::chrono::steady_clock;
    Flock flock(p, seed);
    const Rules all;
    // A formed flock has more neighbours per boid than a fresh one.
    for (int s = 0; s < warmup; ++s) flock.step(all, kLabDt, std::nullopt, NeighborMode::Grid);
    rounds = std::max(1, rounds);
    batch = std::max(1, batch);
    std::vector<double> ms(static_cast<size_t>(rounds));
    for (double& m : ms) {
        const auto t0 = Clock::now();
        for (int s = 0; s < batch; ++s) flock.step(all, kLabDt, std::nullopt, mode);
        m = std::chrono::duration<double, std::milli>(Clock::now() - t0).count() / batch;
    }
    std::sort(ms.begin(), ms.end());
    const size_t h = ms.size() / 2;
    return {ms.size() % 2 ? ms[h] : 0.5 * (ms[h - 1] + ms[h]), ms.front()};
}

}  // namespace flocklab
