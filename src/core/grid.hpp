// A uniform grid over the world used to find neighbour candidates. Boids are
// counting-sorted by cell each step (no allocation once sized), so each cell's
// boids are contiguous and in list order, and a row of three neighbouring
// cells is one contiguous run. Boids outside the world are put in the nearest
// edge cell, which keeps every pair within one cell size in adjacent cells.
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

private:
    static int clamp_cell(double f, int count);

    int cols_ = 0, rows_ = 0;
    double cell_ = 1.0, inv_cell_ = 1.0;
    std::vector<int> start_, cell_of_, id_, fill_;
    std::vector<double> sx_, sy_;
};

}  // namespace flocklab
