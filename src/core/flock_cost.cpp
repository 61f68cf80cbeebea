// What a flock's step costs, for the work limits (core/work.hpp): brute
// force grows with the square of the boids; the grid with their density and
// with its cells, which are cleared and filled at every step however few
// boids there are (a tiny radius, or a huge world at a low density). And
// the flock's benchmark, which measures it: a formed flock on a copy.
#include <algorithm>
#include <memory>

#include "flock_bench.hpp"
#include "flock_scene.hpp"
#include "work.hpp"

namespace flocklab {

StepCost FlockScene::step_cost() const {
    const double n = params.num_boids;
    if (neighbors == NeighborMode::Brute) return {flock.size(), step_micros(n, n, true)};
    const GridLayout g = search_layout(params, params.num_boids);
    return {flock.size(), step_micros(n, n, false, static_cast<double>(g.cols) * g.rows)};
}

std::unique_ptr<BenchRun> FlockScene::bench_run(int boids, const std::string& variant, int warmup) const {
    struct Run : BenchRun {
        FlockBench b;
        int n;
        Run(const FlockParams& p, std::uint64_t seed, NeighborMode m, int w) : b(p, seed, m, w), n(p.num_boids) {}
        int warm(double budget_ms) override { return b.warm(budget_ms); }
        BenchResult time(int steps, double budget_ms) override {
            // Batches keep the browser's coarse clock usable.
            steps = std::clamp(steps, 1, max_steps_for(n));
            const int rounds = std::min(steps, 5);
            return b.time(rounds, std::max(1, steps / rounds), budget_ms);
        }
    };
    FlockParams p = params;
    p.num_boids = std::clamp(boids, 2, kWidgetMaxBoids);
    // The warm-up (600 steps by default, as in the CLI's bench) lets the flock form.
    return std::make_unique<Run>(p, seed(), variant == "brute" ? NeighborMode::Brute : NeighborMode::Grid,
                                 std::clamp(warmup, 0, kMaxWarmupSteps));
}

}  // namespace flocklab
