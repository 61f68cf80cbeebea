// Timing the flock step, shared by the CLI's bench and the flock scene's
// benchmark. Pure C++ (std::chrono): the browser's clock is coarse, so the
// step is timed in batches.
#pragma once

#include <cstdint>

#include "bench.hpp"
#include "flock.hpp"

namespace flocklab {

// Milliseconds per flock step for a flock of p.num_boids formed over `warmup`
// steps: the median of `rounds` timed batches of `batch` steps each. Timing
// batches keeps coarse browser clocks usable. budget_ms > 0 caps the whole
// call (BenchResult::capped); the warm-up has a budget of its own
// (warmup_budget_ms > 0), so a benchmark in a page measures a formed flock
// without holding it up for long.
// `threads` > 1 looks with helper threads (native builds; see Flock::set_threads).
BenchResult bench_flock(const FlockParams& p, std::uint64_t seed, NeighborMode mode, int warmup,
                        int rounds, int batch, double budget_ms = 0.0, double warmup_budget_ms = 0.0,
                        int threads = 1);

// The same measurement in parts, so a page can spread the warm-up over many
// short calls (each within the per-call budget) and then time: a flock of
// p.num_boids from random.Random(seed), formed over `warmup` steps, timed with `mode`.
class FlockBench {
public:
    FlockBench(const FlockParams& p, std::uint64_t seed, NeighborMode mode, int warmup, int threads = 1);
    // Warm-up steps until done, or for budget_ms (> 0) at most; returns the steps still to run.
    int warm(double budget_ms);
    int warmed() const { return warmed_; }
    // rounds batches of `batch` steps, within budget_ms (> 0) of work.
    BenchResult time(int rounds, int batch, double budget_ms);

private:
    Flock flock_;
    NeighborMode mode_;
    int warmup_, warmed_ = 0;
};

}  // namespace flocklab
