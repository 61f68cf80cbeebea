#include "stops.hpp"

#include <algorithm>
#include <cmath>

namespace flocklab {
namespace {

// k * 10^e, as the nearest double to the decimal (0.3, not 0.1 * 3).
double decimal(double k, int e) {
    double p = 1;
    for (int i = 0; i < std::abs(e); ++i) p *= 10;  // exact up to 10^22
    return e >= 0 ? k * p : k / p;
}

// The e with 10^e <= x < 10^(e+1), for x > 0.
int decade(double x) {
    int e = 0;
    while (decimal(1, e + 1) <= x) ++e;
    while (decimal(1, e) > x) --e;
    return e;
}

// The stops above `from` (>= 0) and below `to`, in increasing order, none
// finer than 10^finest.
std::vector<double> ups(double from, double to, int finest) {
    std::vector<double> out;
    double x = from;
    while (out.size() < 4000) {
        const int e = x > 0 ? std::max(finest, decade(x) - 1) : finest;
        const double step = decimal(1, e);
        const double v = decimal(std::floor(x / step + 1e-9) + 1, e);
        if (v >= to) break;
        out.push_back(v);
        x = v;
    }
    return out;
}

}  // namespace

std::vector<double> slider_stops(double lo, double hi) {
    if (!(lo < hi) || !std::isfinite(lo) || !std::isfinite(hi)) return {lo};
    const int finest = lo > 0 ? decade(lo) : hi - lo <= 10 ? -2 : 0;
    std::vector<double> out{lo};
    if (lo < 0) {
        const std::vector<double> below = ups(0, -lo, finest);
        for (auto it = below.rbegin(); it != below.rend(); ++it) out.push_back(-*it);
        if (hi > 0) out.push_back(0.0);
    }
    for (double v : ups(std::max(lo, 0.0), hi, finest)) out.push_back(v);
    out.push_back(hi);
    return out;
}

int nearest_stop(const std::vector<double>& stops, double v) {
    const auto it = std::lower_bound(stops.begin(), stops.end(), v);
    if (it == stops.begin()) return 0;
    if (it == stops.end()) return static_cast<int>(stops.size()) - 1;
    const int k = static_cast<int>(it - stops.begin());
    return v - stops[k - 1] <= stops[k] - v ? k - 1 : k;
}

}  // namespace flocklab
