#include "params.hpp"

#include <cstdio>

namespace flocklab {

double FlockParams::view_cos() const {
    // math.radians(d) is d * (pi / 180) in CPython.
    constexpr double kDegToRad = 3.141592653589793 / 180.0;
    return std::cos((view_angle / 2.0) * kDegToRad);
}

namespace {

// Clamp v into [lo, hi]; NaN becomes fallback. Records a warning if changed.
void clamp_field(double& v, double lo, double hi, double fallback, const char* name,
                 std::vector<std::string>& out) {
    double fixed = v;
    if (std::isnan(v)) fixed = fallback;
    else if (v < lo) fixed = lo;
    else if (v > hi) fixed = hi;
    if (fixed != v || std::isnan(v)) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%s = %g is out of range [%g, %g]; using %g", name, v, lo,
                      hi, fixed);
        out.emplace_back(buf);
        v = fixed;
    }
}

}  // namespace

std::vector<std::string> sanitize(VehicleParams& p) {
    std::vector<std::string> w;
    const VehicleParams d;
    clamp_field(p.world_width, 1.0, 1e6, d.world_width, "world_width", w);
    clamp_field(p.world_height, 1.0, 1e6, d.world_height, "world_height", w);
    clamp_field(p.max_speed, 1.0, 1e5, d.max_speed, "max_speed", w);
    clamp_field(p.max_force, 1.0, 1e6, d.max_force, "max_force", w);
    clamp_field(p.reaction_time, 0.01, 10.0, d.reaction_time, "reaction_time", w);
    clamp_field(p.slow_radius, 1.0, 1e5, d.slow_radius, "slow_radius", w);
    clamp_field(p.panic_radius, 0.0, 1e5, d.panic_radius, "panic_radius", w);
    return w;
}

std::vector<std::string> sanitize(FlockParams& p) {
    std::vector<std::string> w;
    const FlockParams d;
    clamp_field(p.world_width, 1.0, 1e6, d.world_width, "world_width", w);
    clamp_field(p.world_height, 1.0, 1e6, d.world_height, "world_height", w);
    double n = p.num_boids;
    clamp_field(n, 2.0, kMaxBoids, d.num_boids, "num_boids", w);
    p.num_boids = static_cast<int>(n);
    clamp_field(p.max_speed, 1.0, 1e5, d.max_speed, "max_speed", w);
    // The speed band needs min <= max; a zero minimum is allowed.
    clamp_field(p.min_speed, 0.0, p.max_speed, d.min_speed, "min_speed", w);
    clamp_field(p.max_force, 1.0, 1e6, d.max_force, "max_force", w);
    clamp_field(p.reaction_time, 0.01, 10.0, d.reaction_time, "reaction_time", w);
    clamp_field(p.view_radius, 1.0, 1e4, d.view_radius, "view_radius", w);
    clamp_field(p.view_angle, 0.0, 360.0, d.view_angle, "view_angle", w);
    clamp_field(p.sep_radius, 0.0, 1e4, d.sep_radius, "sep_radius", w);
    clamp_field(p.panic_radius, 0.0, 1e5, d.panic_radius, "panic_radius", w);
    clamp_field(p.weight_separation, 0.0, 100.0, d.weight_separation, "weight_separation", w);
    clamp_field(p.weight_alignment, 0.0, 100.0, d.weight_alignment, "weight_alignment", w);
    clamp_field(p.weight_cohesion, 0.0, 100.0, d.weight_cohesion, "weight_cohesion", w);
    clamp_field(p.weight_flee, 0.0, 100.0, d.weight_flee, "weight_flee", w);
    return w;
}

}  // namespace flocklab
