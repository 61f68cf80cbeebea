// [SECTION] Gauges: the mean spacing (nearest flockmate) and the heading order.
#include "flock.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace flocklab {


double Flock::mean_spacing_brute() const {
    const int n = size();
    if (n < 2) return 0.0;
    double total = 0.0;
    for (int i = 0; i < n; ++i) {
        const Vec2 me{x_[i], y_[i]};
        double best = std::numeric_limits<double>::infinity();
        for (int j = 0; j < n; ++j) {
            if (j == i) continue;
            const double d = me.distance_to({x_[j], y_[j]});
            if (d < best) best = d;
        }
        total += best;
    }
    return total / n;
}

double Flock::mean_spacing() {
    const int n = size();
    if (n <= 128) return mean_spacing_brute();
    // The same minimum distances, found by searching rings of grid cells
    // outward until no unvisited cell can hold anything closer. A minimum
    // does not depend on the order it is found in, and the total is summed in
    // list order, so this equals the brute-force gauge exactly.
    const double area = p_.world_width * p_.world_height;
    grid_.build(x_.data(), y_.data(), nullptr, nullptr, n,
                GridLayout::over(p_.world_width, p_.world_height, std::max(1.0, std::sqrt(area / n))));
    for (Scratch& s : scratch_) s.block_cell = -1;  // the step's grid is gone
    const int cols = grid_.cols();
    const int rows = grid_.rows();
    const double cell = grid_.cell();
    const int* ids = grid_.ids();
    const double* gx = grid_.xs();
    const double* gy = grid_.ys();
    double total = 0.0;
    for (int i = 0; i < n; ++i) {
        const Vec2 me{x_[i], y_[i]};
        const int c = grid_.cell_of(i);
        const int cx = c % cols;
        const int cy = c / cols;
        // Cell indices are rounded, so keep a safety margin on the bound.
        const double slack = 1e-9 * (std::fabs(me.x) + std::fabs(me.y) + cell);
        double best = std::numeric_limits<double>::infinity();
        for (int ring = 0;; ++ring) {
            for (int gy_ = cy - ring; gy_ <= cy + ring; ++gy_) {
                if (gy_ < 0 || gy_ >= rows) continue;
                const bool edge_row = (gy_ == cy - ring || gy_ == cy + ring);
                for (int gx_ = cx - ring; gx_ <= cx + ring; gx_ += edge_row ? 1 : 2 * ring) {
                    if (gx_ >= 0 && gx_ < cols) {
                        const int cc = gy_ * cols + gx_;
                        for (int k = grid_.begin(cc); k < grid_.begin(cc + 1); ++k) {
                            if (ids[k] == i) continue;
                            const double d = me.distance_to({gx[k], gy[k]});
                            if (d < best) best = d;
                        }
                    }
                    if (ring == 0) break;
                }
            }
            const bool left = cx - ring > 0, right = cx + ring < cols - 1;
            const bool top = cy - ring > 0, bottom = cy + ring < rows - 1;
            if (!left && !right && !top && !bottom) break;  // every cell visited
            double bound = std::numeric_limits<double>::infinity();
            if (left) bound = std::min(bound, me.x - (cx - ring) * cell);
            if (right) bound = std::min(bound, (cx + ring + 1) * cell - me.x);
            if (top) bound = std::min(bound, me.y - (cy - ring) * cell);
            if (bottom) bound = std::min(bound, (cy + ring + 1) * cell - me.y);
            if (best <= bound - slack) break;
        }
        total += best;
    }
    return total / n;
}

double Flock::heading_order() const {
    const int n = size();
    if (n == 0) return 0.0;
    Vec2 sum;
    double speed_sum = 0.0;
    for (int i = 0; i < n; ++i) sum += Vec2{vx_[i], vy_[i]};
    for (int i = 0; i < n; ++i) speed_sum += Vec2{vx_[i], vy_[i]}.length();
    const Vec2 average = sum / static_cast<double>(n);
    const double mean_speed = speed_sum / n;
    if (mean_speed == 0) return 0.0;
    // |mean velocity| <= mean speed, but rounding can put the ratio a hair
    // above 1 (1.0000000000000002) when every boid flies the same way.
    return std::min(1.0, average.length() / mean_speed);
}

double Flock::slowest() const {
    double low = size() > 0 ? Vec2{vx_[0], vy_[0]}.length() : 0.0;
    for (int i = 1; i < size(); ++i) low = std::min(low, Vec2{vx_[i], vy_[i]}.length());  // the first of equals, as Python's min
    return low;
}
}  // namespace flocklab
