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

void UniformGrid::build(const double* x, const double* y, const double* vx, const double* vy,
                        int n, double width, double height, double cell) {
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
    const bool with_velocity = vx && vy;
    svx_.resize(with_velocity ? n : 0);
    svy_.resize(with_velocity ? n : 0);
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
        if (with_velocity) {
            svx_[slot] = vx[i];
            svy_[slot] = vy[i];
        }
    }
}

namespace {

// Merges two runs of slots, each in ascending point index, into out
// (branch-free: which run advances is data, not control flow).
void merge_by_id(const int* ids, const int* a, int na, const int* b, int nb, std::vector<int>& out) {
    const size_t total = static_cast<size_t>(na) + static_cast<size_t>(nb);
    if (out.size() < total) out.resize(total);
    int* o = out.data();
    int i = 0, j = 0, k = 0;
    while (i < na && j < nb) {
        const bool take_b = ids[b[j]] < ids[a[i]];
        o[k++] = take_b ? b[j] : a[i];
        j += take_b;
        i += !take_b;
    }
    while (i < na) o[k++] = a[i++];
    while (j < nb) o[k++] = b[j++];
}

}  // namespace

void UniformGrid::block(int c, GridBlock* out) const {
    const int cx = c % cols_, cy = c / cols_;
    const int x0 = std::max(cx - 1, 0), x1 = std::min(cx + 1, cols_ - 1);
    const int y0 = std::max(cy - 1, 0), y1 = std::min(cy + 1, rows_ - 1);
    const int* ids = id_.data();
    // Each row of up to three cells is one contiguous run of slots made of up
    // to three sorted runs: merge those, then merge the rows.
    // (Scratch vectors only grow, so their sizes are tracked here.)
    int nrows = 0;
    int row_size[3] = {0, 0, 0};
    for (int r = y0; r <= y1; ++r, ++nrows) {
        std::vector<int>& row = out->rows[nrows];
        for (int q = x0; q <= x1; ++q) {
            const int b = start_[r * cols_ + q], e = start_[r * cols_ + q + 1];
            if (b == e) continue;
            if (out->merge_a.size() < static_cast<size_t>(e - b)) out->merge_a.resize(e - b);
            for (int s = b; s < e; ++s) out->merge_a[s - b] = s;
            merge_by_id(ids, row.data(), row_size[nrows], out->merge_a.data(), e - b, out->merge_b);
            row.swap(out->merge_b);
            row_size[nrows] += e - b;
        }
    }
    std::vector<int>* merged = &out->rows[0];
    int n = row_size[0];
    for (int r = 1; r < nrows; ++r) {
        merge_by_id(ids, merged->data(), n, out->rows[r].data(), row_size[r], out->merge_b);
        out->merge_b.swap(out->merge_a);
        merged = &out->merge_a;
        n += row_size[r];
    }
    if (static_cast<int>(out->x.size()) < n) {
        for (auto* v : {&out->x, &out->y, &out->vx, &out->vy}) v->resize(n);
        out->id.resize(n);
    }
    const bool with_velocity = !svx_.empty();
    for (int k = 0; k < n; ++k) {
        const int s = (*merged)[k];
        out->id[k] = ids[s];
        out->x[k] = sx_[s];
        out->y[k] = sy_[s];
        out->vx[k] = with_velocity ? svx_[s] : 0.0;
        out->vy[k] = with_velocity ? svy_[s] : 0.0;
    }
    out->size = n;
}

}  // namespace flocklab
