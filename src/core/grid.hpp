// A uniform grid over the world. Points are counting-sorted each step (no
// allocation once sized). Boids outside the world go to the nearest edge
// cell, which keeps every pair within one cell size in adjacent cells.
//
// build() lists each cell's own points. build_blocks() lists, for each cell,
// every point in the 3x3 block of cells around it; filling those lists in
// ascending point index leaves each one in list order, so a boid's
// candidates come out already in the order the lab sums its neighbours.
#pragma once

#include <vector>

namespace flocklab {

class UniformGrid {
public:
    // Sorts n points into cells of size `cell` covering [0, width) x [0, height).
    void build(const double* x, const double* y, int n, double width, double height, double cell);

    int cols() const { return cols_; }
    int rows() const { return rows_; }
    double cell() const { return cell_; }
    int cell_x(double x) const { return clamp_cell(x * inv_cell_, cols_); }
    int cell_y(double y) const { return clamp_cell(y * inv_cell_, rows_); }
    // Slots [begin(c), begin(c + 1)) hold cell c's points; c = row * cols + col.
    int begin(int c) const { return start_[c]; }
    // Per slot, in cell order: the point's index and a copy of its position.
    const int* ids() const { return id_.data(); }
    const double* xs() const { return sx_.data(); }
    const double* ys() const { return sy_.data(); }
    int cell_of(int i) const { return cell_of_[i]; }

    // Like build(), then fills the per-cell 3x3 block lists below.
    void build_blocks(const double* x, const double* y, int n, double width, double height,
                      double cell);
    // Slots [block_begin(c), block_begin(c + 1)) hold the points of the 3x3
    // block around cell c, in ascending index.
    int block_begin(int c) const { return bstart_[c]; }
    const int* block_ids() const { return bid_.data(); }
    const double* block_xs() const { return bx_.data(); }
    const double* block_ys() const { return by_.data(); }
    int max_block() const { return max_block_; }

private:
    static int clamp_cell(double f, int count);

    int cols_ = 0, rows_ = 0;
    double cell_ = 1.0, inv_cell_ = 1.0;
    std::vector<int> start_, cell_of_, id_, fill_;
    std::vector<double> sx_, sy_;
    std::vector<int> bstart_, bfill_, bid_;
    std::vector<double> bx_, by_;
    int max_block_ = 0;
};

}  // namespace flocklab
