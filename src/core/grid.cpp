#include "grid.hpp"

#include <algorithm>
#include <cmath>

namespace flocklab {

int UniformGrid::clamp_cell(double f, int count) {
    f = std::floor(f);
    if (!(f >= 0.0)) return 0;  // negative or NaN
    if (f >= count - 1) return count - 1;
    return static_cast<int>(f);
}

void UniformGrid::build(const double* x, const double* y, int n, double width, double height,
                        double cell) {
    cell_ = cell;
    inv_cell_ = 1.0 / cell;
    // Cap the cell count so a huge world with a tiny radius cannot exhaust
    // memory; a coarser grid only adds candidates, it never loses any.
    constexpr double kMaxCellsPerAxis = 4096.0;
    cols_ = static_cast<int>(std::min(kMaxCellsPerAxis, std::max(1.0, std::ceil(width / cell))));
    rows_ = static_cast<int>(std::min(kMaxCellsPerAxis, std::max(1.0, std::ceil(height / cell))));
    if (cols_ == kMaxCellsPerAxis || rows_ == kMaxCellsPerAxis) {
        cell_ = std::max({cell, width / cols_, height / rows_});
        inv_cell_ = 1.0 / cell_;
    }
    const int cells = cols_ * rows_;
    start_.assign(static_cast<size_t>(cells) + 1, 0);
    cell_of_.resize(n);
    id_.resize(n);
    sx_.resize(n);
    sy_.resize(n);
    for (int i = 0; i < n; ++i) {
        const int c = cell_y(y[i]) * cols_ + cell_x(x[i]);
        cell_of_[i] = c;
        ++start_[c + 1];
    }
    for (int c = 0; c < cells; ++c) start_[c + 1] += start_[c];
    fill_.assign(start_.begin(), start_.end() - 1);
    for (int i = 0; i < n; ++i) {  // ascending i keeps each cell in list order
        const int slot = fill_[cell_of_[i]]++;
        id_[slot] = i;
        sx_[slot] = x[i];
        sy_[slot] = y[i];
    }
}

void UniformGrid::build_blocks(const double* x, const double* y, int n, double width,
                               double height, double cell) {
    build(x, y, n, width, height, cell);
    const int cells = cols_ * rows_;
    bstart_.assign(static_cast<size_t>(cells) + 1, 0);
    // Each point belongs to the blocks of the (up to) nine cells around its own.
    auto for_each_block = [this](int c, auto&& fn) {
        const int cx = c % cols_, cy = c / cols_;
        const int x0 = std::max(cx - 1, 0), x1 = std::min(cx + 1, cols_ - 1);
        const int y0 = std::max(cy - 1, 0), y1 = std::min(cy + 1, rows_ - 1);
        for (int r = y0; r <= y1; ++r) {
            for (int q = x0; q <= x1; ++q) fn(r * cols_ + q);
        }
    };
    for (int i = 0; i < n; ++i) for_each_block(cell_of_[i], [this](int b) { ++bstart_[b + 1]; });
    max_block_ = 0;
    for (int c = 0; c < cells; ++c) {
        max_block_ = std::max(max_block_, bstart_[c + 1]);
        bstart_[c + 1] += bstart_[c];
    }
    const size_t total = static_cast<size_t>(bstart_[cells]);
    bid_.resize(total);
    bx_.resize(total);
    by_.resize(total);
    bfill_.assign(bstart_.begin(), bstart_.end() - 1);
    for (int i = 0; i < n; ++i) {  // ascending i: every block list stays in list order
        for_each_block(cell_of_[i], [&](int b) {
            const int slot = bfill_[b]++;
            bid_[slot] = i;
            bx_[slot] = x[i];
            by_[slot] = y[i];
        });
    }
}

}  // namespace flocklab
