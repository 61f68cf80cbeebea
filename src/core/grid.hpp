// A uniform grid over the world. Points are counting-sorted by cell each step
// (no allocation once sized), so each cell's points are contiguous and in
// ascending index. Boids outside the world go to the nearest edge cell, which
// keeps every pair within one cell size in adjacent cells.
#pragma once

#include <vector>

namespace flocklab {

// The points of a square block of cells in ascending index (marked in a
// bitmap and read out, or merged from the cells' runs): the order in which
// the lab sums a boid's neighbours, so nothing is sorted afterwards.
struct GridBlock {
    std::vector<double> x, y, vx, vy;  // px, px/s
    std::vector<int> id;
    int size = 0;
    // Scratch: one bit per point of the grid (all clear between blocks), or
    // for the merge, runs of indices and their boundaries.
    std::vector<unsigned long long> marks;
    std::vector<int> merge_a, merge_b, runs_a, runs_b;
};

// Where points go: cols x rows cells of `cell` px over [0, width) x
// [0, height); the edge cells also take whatever lies beyond.
struct GridLayout {
    int cols = 1, rows = 1;
    double cell = 1.0, inv_cell = 1.0;
    // Cells of `cell` px, or coarser when that would make more than 4096 per
    // axis (so a huge world with a tiny radius cannot exhaust memory; a
    // coarser grid only adds candidates, it never loses any).
    static GridLayout over(double width, double height, double cell);
    int col(double x) const { return clamp_cell(x * inv_cell, cols); }
    int row(double y) const { return clamp_cell(y * inv_cell, rows); }

private:
    static int clamp_cell(double f, int count);
};

class UniformGrid {
public:
    // Sorts n points into the layout's cells.
    // vx and vy may be null (then blocks carry no velocities).
    void build(const double* x, const double* y, const double* vx, const double* vy, int n,
               const GridLayout& layout);

    int cols() const { return g_.cols; }
    int rows() const { return g_.rows; }
    double cell() const { return g_.cell; }
    // Slots [begin(c), begin(c + 1)) hold cell c's points; c = row * cols + col.
    int begin(int c) const { return start_[c]; }
    // Per slot, in cell order: the point's index and a copy of its position.
    const int* ids() const { return id_.data(); }
    const double* xs() const { return sx_.data(); }
    const double* ys() const { return sy_.data(); }
    int cell_of(int i) const { return cell_of_[i]; }

    // Fills `out` with the points of the cells within `reach` cells of cell
    // c (a (2 reach + 1)^2 block, cut at the edges), in ascending index.
    // Built when needed, one cell at a time, it stays small and in cache
    // however large the flock is.
    void block(int c, int reach, GridBlock* out) const;

private:
    GridLayout g_;
    std::vector<int> start_, cell_of_, id_, fill_;
    std::vector<int> slot_of_;  // point index -> its slot (id_'s inverse)
    std::vector<double> sx_, sy_, svx_, svy_;
};

}  // namespace flocklab
