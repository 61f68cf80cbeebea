#include "shape.hpp"

#include <algorithm>
#include <cmath>

namespace flocklab {

Shape shape_of(const std::vector<double>& means, const std::vector<double>& errors) {
    Shape s;
    const int n = static_cast<int>(means.size());
    if (n < 2) return s;
    const double lo = *std::min_element(means.begin(), means.end());
    const double hi = *std::max_element(means.begin(), means.end());
    const double range = hi - lo;
    const auto error = [&](int i) { return i < static_cast<int>(errors.size()) ? errors[i] : 0.0; };
    const auto apart = [&](int i, int j) { return std::fabs(means[i] - means[j]) > 3 * std::hypot(error(i), error(j)); };
    if (!(range > 0.05 * std::max({std::fabs(hi), std::fabs(lo), 1e-12}))) return s;
    const int top = static_cast<int>(std::find(means.begin(), means.end(), hi) - means.begin());
    if (top > 0 && top < n - 1 && hi - means[0] > 0.2 * range && hi - means[n - 1] > 0.2 * range && apart(top, 0) && apart(top, n - 1)) {
        s.kind = Shape::Peaks;
        s.at = top;
        return s;
    }
    bool any_apart = apart(0, n - 1);
    for (int i = 0; i < n && !any_apart; ++i) any_apart = apart(i, 0);
    if (!any_apart) return s;
    s.kind = means[n - 1] >= means[0] ? Shape::Rises : Shape::Falls;
    int settle = n - 1;
    while (settle > 1 && std::fabs(means[n - 1] - means[settle - 1]) <= 0.01 * range) --settle;
    if (settle < n - 2) {
        s.settles_at = settle;
        return s;
    }
    int level = n - 1;
    while (level > 1 && std::fabs(means[n - 1] - means[level - 1]) < 0.1 * range) --level;
    if (level < n - 2) s.levels_at = level;
    return s;
}

const char* shape_word(Shape::Kind k) {
    switch (k) {
        case Shape::Rises: return "rises";
        case Shape::Falls: return "falls";
        case Shape::Peaks: return "peaks";
        case Shape::Level: break;
    }
    return "stays level";
}

std::string shape_json(const Shape& s) {
    std::string o = std::string("{\"shape\": \"") + shape_word(s.kind) + "\"";
    if (s.at >= 0) o += ", \"at\": " + std::to_string(s.at);
    if (s.settles_at >= 0) o += ", \"settlesAt\": " + std::to_string(s.settles_at);
    if (s.levels_at >= 0) o += ", \"levelsAt\": " + std::to_string(s.levels_at);
    return o + "}";
}

}  // namespace flocklab
