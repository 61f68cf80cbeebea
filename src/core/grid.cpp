#include "grid.hpp"

#include <algorithm>
#include <cmath>

namespace flocklab {

int GridLayout::clamp_cell(double f, int count) {
    f = std::floor(f);
    if (!(f >= 0.0)) return 0;  // negative or NaN
    if (f >= count - 1) return count - 1;
    return static_cast<int>(f);
}

GridLayout GridLayout::over(double width, double height, double cell) {
    constexpr double kMaxCellsPerAxis = 4096.0;
    GridLayout g;
    g.cell = cell;
    g.cols = static_cast<int>(std::min(kMaxCellsPerAxis, std::max(1.0, std::ceil(width / cell))));
    g.rows = static_cast<int>(std::min(kMaxCellsPerAxis, std::max(1.0, std::ceil(height / cell))));
    if (g.cols == kMaxCellsPerAxis || g.rows == kMaxCellsPerAxis) g.cell = std::max({cell, width / g.cols, height / g.rows});
    g.inv_cell = 1.0 / g.cell;
    return g;
}

void UniformGrid::build(const double* x, const double* y, const double* vx, const double* vy,
                        int n, const GridLayout& layout) {
    g_ = layout;
    const int cells = g_.cols * g_.rows;
    start_.assign(static_cast<size_t>(cells) + 1, 0);
    cell_of_.resize(n);
    id_.resize(n);
    slot_of_.resize(n);
    sx_.resize(n);
    sy_.resize(n);
    const bool with_velocity = vx && vy;
    svx_.resize(with_velocity ? n : 0);
    svy_.resize(with_velocity ? n : 0);
    for (int i = 0; i < n; ++i) {
        const int c = g_.row(y[i]) * g_.cols + g_.col(x[i]);
        cell_of_[i] = c;
        ++start_[c + 1];
    }
    for (int c = 0; c < cells; ++c) start_[c + 1] += start_[c];
    fill_.assign(start_.begin(), start_.end() - 1);
    for (int i = 0; i < n; ++i) {  // ascending i keeps each cell in list order
        const int slot = fill_[cell_of_[i]]++;
        id_[slot] = i;
        slot_of_[i] = slot;
        sx_[slot] = x[i];
        sy_[slot] = y[i];
        if (with_velocity) {
            svx_[slot] = vx[i];
            svy_[slot] = vy[i];
        }
    }
}

namespace {

// Merges two ascending runs of point indices into out (branch-free: which
// run advances is data, not control flow).
void merge2(const int* a, int na, const int* b, int nb, int* out) {
    int i = 0, j = 0, k = 0;
    while (i < na && j < nb) {
        const bool take_b = b[j] < a[i];
        out[k++] = take_b ? b[j] : a[i];
        j += take_b;
        i += !take_b;
    }
    while (i < na) out[k++] = a[i++];
    while (j < nb) out[k++] = b[j++];
}

// The same for three runs (indices are distinct, so one run advances).
void merge3(const int* a, int na, const int* b, int nb, const int* c, int nc, int* out) {
    int i = 0, j = 0, k = 0;
    while (i < na && j < nb && k < nc) {
        const int m = std::min({a[i], b[j], c[k]});
        *out++ = m;
        i += m == a[i];
        j += m == b[j];
        k += m == c[k];
    }
    if (i == na) return merge2(b + j, nb - j, c + k, nc - k, out);
    if (j == nb) return merge2(a + i, na - i, c + k, nc - k, out);
    merge2(a + i, na - i, b + j, nb - j, out);
}

}  // namespace

void UniformGrid::block(int c, int reach, GridBlock* out) const {
    const int cols = g_.cols;
    const int cx = c % cols, cy = c / cols;
    const int x0 = std::max(cx - reach, 0), x1 = std::min(cx + reach, cols - 1);
    const int y0 = std::max(cy - reach, 0), y1 = std::min(cy + reach, g_.rows - 1);
    // The cells of one row are consecutive slots; each cell's slots are in
    // ascending index. (Scratch vectors only grow: no allocation once the
    // flock is formed.)
    int n = 0;
    for (int r = y0; r <= y1; ++r) n += start_[r * cols + x1 + 1] - start_[r * cols + x0];
    if (static_cast<int>(out->x.size()) < n) {
        for (auto* v : {&out->x, &out->y, &out->vx, &out->vy}) v->resize(n);
        out->id.resize(n);
    }
    out->size = n;
    const int words = (static_cast<int>(id_.size()) + 63) / 64;
    if (words <= n) {
        // As many candidates as words of a bitmap of every point, or more:
        // mark each candidate's index, then read the marks out in
        // ascending index (a few words, however the cells' runs interleave).
        if (static_cast<int>(out->marks.size()) < words) out->marks.assign(words, 0);
        unsigned long long* marks = out->marks.data();
        for (int r = y0; r <= y1; ++r) {
            for (int s = start_[r * cols + x0], end = start_[r * cols + x1 + 1]; s < end; ++s) {
                marks[id_[s] >> 6] |= 1ULL << (id_[s] & 63);
            }
        }
        int j = 0;
        for (int w = 0; w < words; ++w) {
            for (unsigned long long bits = marks[w]; bits; bits &= bits - 1) out->id[j++] = (w << 6) + __builtin_ctzll(bits);
            marks[w] = 0;
        }
    } else {
        // Fewer candidates than words (a large, sparse grid): merge the
        // cells' runs of indices, three at a time, round after round, until
        // one is left (9 runs take two rounds, 25 take three).
        if (static_cast<int>(out->merge_a.size()) < n) {
            out->merge_a.resize(n);
            out->merge_b.resize(n);
        }
        const size_t max_runs = static_cast<size_t>(x1 - x0 + 1) * static_cast<size_t>(y1 - y0 + 1) + 1;
        if (out->runs_a.size() < max_runs) {
            out->runs_a.resize(max_runs);
            out->runs_b.resize(max_runs);
        }
        int* a = out->merge_a.data();
        int* b = out->merge_b.data();
        int* runs = out->runs_a.data();  // run k is [runs[k], runs[k + 1])
        int* next = out->runs_b.data();
        int nruns = 0, k = 0;
        runs[0] = 0;
        for (int r = y0; r <= y1; ++r) {
            for (int q = x0; q <= x1; ++q) {
                const int begin = start_[r * cols + q], end = start_[r * cols + q + 1];
                if (begin == end) continue;
                for (int s = begin; s < end; ++s) a[k++] = id_[s];
                runs[++nruns] = k;
            }
        }
        while (nruns > 1) {
            int merged = 0;
            next[0] = 0;
            for (int q = 0; q < nruns; q += 3) {
                const int lo = runs[q], m1 = runs[q + 1];
                const int m2 = q + 1 < nruns ? runs[q + 2] : m1;
                const int hi = q + 2 < nruns ? runs[q + 3] : m2;
                merge3(a + lo, m1 - lo, a + m1, m2 - m1, a + m2, hi - m2, b + lo);
                next[++merged] = hi;
            }
            std::swap(a, b);
            std::swap(runs, next);
            nruns = merged;
        }
        std::copy(a, a + n, out->id.begin());
    }
    // The points' own copies, from their slots.
    const bool with_velocity = !svx_.empty();
    for (int j = 0; j < n; ++j) {
        const int s = slot_of_[out->id[j]];
        out->x[j] = sx_[s];
        out->y[j] = sy_[s];
        out->vx[j] = with_velocity ? svx_[s] : 0.0;
        out->vy[j] = with_velocity ? svy_[s] : 0.0;
    }
}

}  // namespace flocklab
