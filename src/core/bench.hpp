// A benchmark's result, whatever a scene times (the flock's step:
// flock_bench.hpp). Pure C++, and no scene's header: every scene's
// interface (scene_info.hpp) names it.
#pragma once

namespace flocklab {

// Milliseconds per step, the median and the least of the timed batches.
// With a budget, the call stops once it has worked that long (checked
// between steps, warm-up included): `steps` then says how many were timed
// and `capped` is set.
struct BenchResult {
    double median_ms = 0.0;
    double min_ms = 0.0;
    int steps = 0;        // steps timed
    bool capped = false;  // the timed part stopped by its budget
    int warmup = 0;       // warm-up steps run (fewer than asked when its budget ran out)
};

// The warm-up steps a benchmark takes by default: 10 s of simulated time
// (a flock keeps tightening long after 2 s).
constexpr int kFormedWarmup = 600;

}  // namespace flocklab
