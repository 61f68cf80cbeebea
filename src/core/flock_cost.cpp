// What a flock's step costs, for the work limits (core/work.hpp): brute
// force grows with the square of the boids; the grid with their density and
// with its cells, which are cleared and filled at every step however few
// boids there are (a tiny radius, or a huge world at a low density).
#include "flock.hpp"
#include "flock_scene.hpp"
#include "work.hpp"

namespace flocklab {

StepCost FlockScene::cost() const {
    const double n = params.num_boids;
    if (neighbors == NeighborMode::Brute) return {flock.size(), step_micros(n, n, true)};
    const GridLayout g = search_layout(params, params.num_boids);
    return {flock.size(), step_micros(n, n, false, static_cast<double>(g.cols) * g.rows)};
}

}  // namespace flocklab
