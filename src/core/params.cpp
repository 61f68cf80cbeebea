#include "params.hpp"
#include "trig.hpp"

#include <cstdio>

namespace flocklab {

double FlockParams::view_cos() const {
    // math.radians(d) is d * (pi / 180) in CPython.
    constexpr double kDegToRad = 3.141592653589793 / 180.0;
    return lab_sincos((view_angle / 2.0) * kDegToRad).cos;
}

// [SECTION] The field tables: the one list of every tunable, its unit and range

const std::vector<Field<VehicleParams>>& fields(const VehicleParams*) {
    using P = VehicleParams;
    static const std::vector<Field<P>> t = {
        {"world_width", N_("world width"), N_("px"), N_("world"), &P::world_width, 1, 1e6, false},
        {"world_height", N_("world height"), N_("px"), N_("world"), &P::world_height, 1, 1e6, false},
        {"max_speed", N_("max speed"), N_("px/s"), N_("motion"), &P::max_speed, 1, 1000},
        {"max_force", N_("max force"), N_("px/s²"), N_("motion"), &P::max_force, 0.1, 5000},
        {"reaction_time", N_("reaction time"), N_("s"), N_("motion"), &P::reaction_time, 0.01, 2},
        {"slow_radius", N_("slow radius"), N_("px"), N_("radii"), &P::slow_radius, 1, 400},
        {"panic_radius", N_("panic radius"), N_("px"), N_("radii"), &P::panic_radius, 0, 400},
        {"wander_distance", N_("wander distance"), N_("px"), N_("wander"), &P::wander_distance, 0, 300},
        {"wander_radius", N_("wander radius"), N_("px"), N_("wander"), &P::wander_radius, 0, 200},
        {"wander_jitter", N_("wander jitter"), N_("rad"), N_("wander"), &P::wander_jitter, 0, 3.14},
    };
    return t;
}

const std::vector<Field<FlockParams>>& fields(const FlockParams*) {
    using P = FlockParams;
    static const std::vector<Field<P>> t = {
        {"world_width", N_("world width"), N_("px"), N_("world"), &P::world_width, 1, 1e6, false},
        {"world_height", N_("world height"), N_("px"), N_("world"), &P::world_height, 1, 1e6, false},
        {"weight_separation", N_("separation"), "", N_("weights"), &P::weight_separation, 0, 5},
        {"weight_alignment", N_("alignment"), "", N_("weights"), &P::weight_alignment, 0, 5},
        {"weight_cohesion", N_("cohesion"), "", N_("weights"), &P::weight_cohesion, 0, 5},
        {"weight_flee", N_("flee"), "", N_("weights"), &P::weight_flee, 0, 10},
        {"view_radius", N_("view radius"), N_("px"), N_("vision"), &P::view_radius, 1, 300},
        {"view_angle", N_("view angle"), N_("deg"), N_("vision"), &P::view_angle, 0, 360},
        {"sep_radius", N_("sep radius"), N_("px"), N_("vision"), &P::sep_radius, 0, 100},
        {"panic_radius", N_("panic radius"), N_("px"), N_("vision"), &P::panic_radius, 0, 300},
        {"max_speed", N_("max speed"), N_("px/s"), N_("motion"), &P::max_speed, 1, 500},
        // Its upper bound is max_speed (the speed band must not be empty).
        {"min_speed", N_("min speed"), N_("px/s"), N_("motion"), &P::min_speed, 0, 500, true, &P::max_speed},
        {"max_force", N_("max force"), N_("px/s²"), N_("motion"), &P::max_force, 0.1, 2000},
        {"reaction_time", N_("reaction time"), N_("s"), N_("motion"), &P::reaction_time, 0.01, 2},
        {"weight_wander", N_("wander"), "", N_("wander"), &P::weight_wander, 0, 5},
        {"wander_distance", N_("wander distance"), N_("px"), N_("wander"), &P::wander_distance, 0, 300},
        {"wander_radius", N_("wander radius"), N_("px"), N_("wander"), &P::wander_radius, 0, 200},
        {"wander_jitter", N_("wander jitter"), N_("rad"), N_("wander"), &P::wander_jitter, 0, 3.14},
        {"hawk_start_x", N_("hawk start x"), N_("px"), N_("hawk"), &P::hawk_start_x, -1e5, 1e5, false},
        {"hawk_start_y", N_("hawk start y"), N_("px"), N_("hawk"), &P::hawk_start_y, -1e5, 1e5, false},
        {"hawk_max_speed", N_("hawk max speed"), N_("px/s"), N_("hawk"), &P::hawk_max_speed, 1, 500},
        {"hawk_max_force", N_("hawk max force"), N_("px/s²"), N_("hawk"), &P::hawk_max_force, 1, 2000},
        {"hawk_reaction_time", N_("hawk reaction time"), N_("s"), N_("hawk"), &P::hawk_reaction_time, 0.01, 2},
        {"weight_follow", N_("follow"), "", N_("leader"), &P::weight_follow, 0, 5},
        {"leader_slow_radius", N_("leader slow radius"), N_("px"), N_("leader"), &P::leader_slow_radius, 1, 400},
        {"leader_behind", N_("leader behind"), N_("px"), N_("leader"), &P::leader_behind, 0, 200},
        {"follow_slow_radius", N_("follow slow radius"), N_("px"), N_("leader"), &P::follow_slow_radius, 1, 300},
    };
    return t;
}

const std::vector<Field<CrowdParams>>& fields(const CrowdParams*) {
    using P = CrowdParams;
    static const std::vector<Field<P>> t = {
        {"weight_follow", N_("follow"), "", N_("weights"), &P::weight_follow, 0, 5},
        {"weight_separation", N_("separation"), "", N_("weights"), &P::weight_separation, 0, 5},
        {"max_speed", N_("max speed"), N_("px/s"), N_("motion"), &P::max_speed, 1, 500},
        {"max_force", N_("max force"), N_("px/s²"), N_("motion"), &P::max_force, 0.1, 2000},
        {"reaction_time", N_("reaction time"), N_("s"), N_("motion"), &P::reaction_time, 0.01, 2},
        {"view_radius", N_("view radius"), N_("px"), N_("vision"), &P::view_radius, 1, 300},
        {"view_angle", N_("view angle"), N_("deg"), N_("vision"), &P::view_angle, 0, 360},
        {"sep_radius", N_("sep radius"), N_("px"), N_("vision"), &P::sep_radius, 0, 100},
        {"slow_radius", N_("slow radius"), N_("px"), N_("goal"), &P::slow_radius, 1, 400},
        {"arrive_cells", N_("arrive cells"), N_("cells"), N_("goal"), &P::arrive_cells, 0, 20},
        {"goal_radius", N_("goal radius"), N_("px"), N_("goal"), &P::goal_radius, 0, 400},
        {"stuck_speed", N_("stuck speed"), N_("px/s"), N_("goal"), &P::stuck_speed, 0, 50},
        {"stuck_cells", N_("stuck cells"), N_("cells"), N_("goal"), &P::stuck_cells, 0, 40},
    };
    return t;
}

FlockParams CrowdParams::flock() const {
    FlockParams f;
    f.num_boids = num_agents;
    f.max_speed = max_speed;
    f.max_force = max_force;
    f.reaction_time = reaction_time;
    f.view_radius = view_radius;
    f.view_angle = view_angle;
    f.sep_radius = sep_radius;
    return f;
}

// Clamp v into [lo, hi]; NaN becomes fallback. Records a warning if changed.
void clamp_field(double& v, double lo, double hi, double fallback, const char* name,
                 std::vector<std::string>& out) {
    // NaN takes the default, itself kept in range (min_speed's range ends at
    // max_speed), so a second call changes nothing.
    double fixed = std::isnan(v) ? fallback : v;
    if (fixed < lo) fixed = lo;
    else if (fixed > hi) fixed = hi;
    if (fixed != v || std::isnan(v)) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%s = %g is out of range [%g, %g]; using %g", name, v, lo,
                      hi, fixed);
        out.emplace_back(buf);
        v = fixed;
    }
}

std::vector<std::string> sanitize(VehicleParams& p) { return sanitize_fields(p); }

std::vector<std::string> sanitize(FlockParams& p) {
    std::vector<std::string> w = sanitize_fields(p);
    double n = p.num_boids;
    clamp_field(n, 2.0, kMaxBoids, FlockParams{}.num_boids, "num_boids", w);
    p.num_boids = static_cast<int>(n);
    return w;
}

std::vector<std::string> sanitize(CrowdParams& p) {
    std::vector<std::string> w = sanitize_fields(p);
    double n = p.num_agents;
    clamp_field(n, 1.0, kMaxAgents, CrowdParams{}.num_agents, "num_agents", w);
    p.num_agents = static_cast<int>(n);
    return w;
}

}  // namespace flocklab
