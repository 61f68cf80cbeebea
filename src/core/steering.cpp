#include "steering.hpp"

#include <cstring>

namespace flocklab {

Vec2 seek(Vec2 pos, Vec2 velocity, Vec2 target, const VehicleParams& p) {
    const Vec2 offset = target - pos;
    if (offset.length_squared() == 0) return {};
    return steer_toward(offset.normalize() * p.max_speed, velocity, p.reaction_time, p.max_force);
}

Vec2 flee(Vec2 pos, Vec2 velocity, Vec2 threat, const VehicleParams& p) {
    const Vec2 offset = pos - threat;  // points away from the threat
    const double dist_sq = offset.length_squared();
    if (dist_sq == 0 || dist_sq > p.panic_radius * p.panic_radius) {
        return steer_toward(Vec2{}, velocity, p.reaction_time, p.max_force);
    }
    return steer_toward(offset.normalize() * p.max_speed, velocity, p.reaction_time, p.max_force);
}

Vec2 arrive(Vec2 pos, Vec2 velocity, Vec2 target, const VehicleParams& p) {
    const Vec2 offset = target - pos;
    const double dist = offset.length();
    Vec2 desired;
    if (!(dist < 1)) {
        const double ratio = dist / p.slow_radius;
        const double speed = p.max_speed * (ratio < 1.0 ? ratio : 1.0);
        desired = offset * (speed / dist);
    }
    return steer_toward(desired, velocity, p.reaction_time, p.max_force);
}

Motion integrate(Vec2 pos, Vec2 velocity, Vec2 accel, double dt, double max_speed) {
    const Vec2 v = (velocity + accel * dt).clamp_magnitude(max_speed);
    return {pos + v * dt, v};
}

const char* steer_mode_name(SteerMode m) {
    switch (m) {
        case SteerMode::Seek: return "seek";
        case SteerMode::Flee: return "flee";
        case SteerMode::Arrive: return "arrive";
    }
    return "arrive";
}

bool parse_steer_mode(const char* s, SteerMode* out) {
    for (SteerMode m : {SteerMode::Seek, SteerMode::Flee, SteerMode::Arrive}) {
        if (std::strcmp(s, steer_mode_name(m)) == 0) {
            *out = m;
            return true;
        }
    }
    return false;
}

void Vehicle::step(double dt, const VehicleParams& p) {
    switch (mode) {
        case SteerMode::Seek: accel = seek(pos, velocity, target, p); break;
        case SteerMode::Flee: accel = flee(pos, velocity, target, p); break;
        case SteerMode::Arrive: accel = arrive(pos, velocity, target, p); break;
    }
    const Motion m = integrate(pos, velocity, accel, dt, p.max_speed);
    velocity = m.velocity;
    pos = {py_mod(m.pos.x, p.world_width), py_mod(m.pos.y, p.world_height)};
}

}  // namespace flocklab
