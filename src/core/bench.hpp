// Timing the flock step, shared by the CLI's bench and the widget's
// benchmark(). Pure C++ (std::chrono): the browser's clock is coarse, so the
// step is timed in batches.
#pragma once

#include <cstdint>

#include "flock.hpp"

namespace flocklab {

// Milliseconds per flock step for a flock of p.num_boids formed over `warmup`
// steps: the median of `rounds` timed batches of `batch` steps each. Timing
// batches keeps coarse browser clocks usable.
struct BenchResult {
    double median_ms = 0.0;
    double min_ms = 0.0;
};
BenchResult bench_flock(const FlockParams& p, std::uint64_t seed, NeighborMode mode, int warmup,
                        int rounds, int batch);

}  // namespace flocklab
