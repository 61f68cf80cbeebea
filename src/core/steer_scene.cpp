#include "steer_scene.hpp"

#include <algorithm>
#include <cstring>

#include "format.hpp"

namespace flocklab {

const char* steer_mode_name(SteerMode m) {
    const int i = static_cast<int>(m);
    return i >= 0 && i < kSteerModeCount ? kSteerModes[i] : "arrive";
}

bool parse_steer_mode(const char* s, SteerMode* out) {
    for (int i = 0; i < kSteerModeCount; ++i) {
        if (std::strcmp(s, kSteerModes[i]) == 0) {
            *out = static_cast<SteerMode>(i);
            return true;
        }
    }
    return false;
}

void Vehicle::reset_wander(std::uint64_t seed, const VehicleParams& p) {
    rng = PyRandom(seed);
    wander_angle = 0.0;
    wander_point = wander_target(pos, velocity, wander_angle, p.wander_distance, p.wander_radius);
}

void Vehicle::step(double dt, const VehicleParams& p) {
    switch (mode) {
        case SteerMode::Seek: accel = seek(pos, velocity, target, p); break;
        case SteerMode::Flee: accel = flee(pos, velocity, target, p); break;
        case SteerMode::Arrive: accel = arrive(pos, velocity, target, p); break;
        case SteerMode::Wander:
            wander_angle += rng.uniform(-p.wander_jitter, p.wander_jitter);
            wander_point = wander_target(pos, velocity, wander_angle, p.wander_distance, p.wander_radius);
            accel = seek(pos, velocity, wander_point, p);
            break;
    }
    const Motion m = integrate(pos, velocity, accel, dt, p.max_speed);
    velocity = m.velocity;
    pos = {py_mod(m.pos.x, p.world_width), py_mod(m.pos.y, p.world_height)};
}

// [SECTION] The scene

const std::vector<OptionSpec>& SteerScene::options() const {
    static const std::vector<OptionSpec> o = {
        {"mode", OptionKind::Choice, {kSteerModes, kSteerModes + kSteerModeCount}, 0, 0, false,
         "what the vehicle does; Space cycles them"},
        {"target", OptionKind::Point, {}, 0, 0, false, "the target (px), inside the world"},
    };
    return o;
}

const char* SteerScene::input_help() const {
    return "Steering simulation. Tap or click to move the target, or drag it; swipe elsewhere to scroll. "
           "Space cycles seek, flee, arrive and wander.";
}

void SteerScene::restart(std::uint64_t seed) {
    seed_ = seed;
    sanitize(params);
    const SteerMode mode = vehicle.mode;
    vehicle = Vehicle{};
    vehicle.mode = mode;
    vehicle.reset_wander(seed_, params);
    steps_ = 0;
}

void SteerScene::advance(int n) {
    sanitize(params);
    for (int i = 0; i < n; ++i) vehicle.step(kLabDt, params);
    steps_ += std::max(0, n);
}

std::vector<Gauge> SteerScene::gauges() {
    return {{"speed", "px/s", vehicle.speed()}, {"distance", "px", vehicle.distance()}};
}

bool SteerScene::set_target(Vec2 t) {
    // The target is where a click can put it: inside the world.
    const Vec2 inside{std::clamp(t.x, 0.0, params.world_width), std::clamp(t.y, 0.0, params.world_height)};
    vehicle.target = inside;
    return inside != t;
}

SetResult SteerScene::set(const std::string& name, const std::string& value) {
    const OptionSpec* o = option(name);
    if (!o) return unknown_option(*this, name);
    if (name == "mode") {
        const int i = index_of(*o, value);
        if (i < 0) return invalid_choice(*o, value);
        if (vehicle.mode != static_cast<SteerMode>(i)) note(std::string("mode ") + value);
        vehicle.mode = static_cast<SteerMode>(i);
        return {};
    }
    Vec2 p;  // the target
    if (!parse_point(value, &p)) return invalid(name, "expected two finite numbers x,y", value);
    if (set_target(p)) return {SetResult::Clamped, "target: (" + value + ") is outside the world; using " + json_point(vehicle.target)};
    return {};
}

std::string SteerScene::get(const std::string& option) const {
    if (option == "mode") return json_string(steer_mode_name(vehicle.mode));
    if (option == "target") return json_point(vehicle.target);
    return "null";
}

std::string SteerScene::state_json() const {
    const Vehicle& v = vehicle;
    std::string o = "{\"pos\": " + json_point(v.pos) + ", \"velocity\": " + json_point(v.velocity) +
                    ", \"target\": " + json_point(v.target) + ", \"mode\": " + get("mode");
    if (v.mode == SteerMode::Wander) {
        o += ", \"wander\": {\"angle\": " + py_repr(v.wander_angle) + ", \"point\": " + json_point(v.wander_point) + "}";
    }
    return o + "}";
}

std::vector<Tunable> SteerScene::tunables() {
    std::vector<Tunable> t;
    for (const Field<VehicleParams>& f : fields(&params)) {
        if (f.tunable) t.push_back({f.name, f.unit, f.group, &(params.*f.member), f.lo, f.hi});
    }
    return t;
}

}  // namespace flocklab
