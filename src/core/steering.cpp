#include "steering.hpp"
#include "trig.hpp"

namespace flocklab {

Vec2 seek(Vec2 pos, Vec2 velocity, Vec2 target, const Limits& l) {
    const Vec2 offset = target - pos;
    if (offset.length_squared() == 0) return {};
    return steer_toward(offset.normalize() * l.max_speed, velocity, l.reaction_time, l.max_force);
}

Vec2 flee(Vec2 pos, Vec2 velocity, Vec2 threat, const VehicleParams& p) {
    const Vec2 offset = pos - threat;  // points away from the threat
    const double dist_sq = offset.length_squared();
    if (dist_sq == 0 || dist_sq > p.panic_radius * p.panic_radius) {
        return steer_toward(Vec2{}, velocity, p.reaction_time, p.max_force);
    }
    return steer_toward(offset.normalize() * p.max_speed, velocity, p.reaction_time, p.max_force);
}

Vec2 arrive(Vec2 pos, Vec2 velocity, Vec2 target, double slow_radius, const Limits& l) {
    const Vec2 offset = target - pos;
    const double dist = offset.length();
    Vec2 desired;
    if (!(dist < 1)) {
        const double ratio = dist / slow_radius;
        const double speed = l.max_speed * (ratio < 1.0 ? ratio : 1.0);
        desired = offset * (speed / dist);
    }
    return steer_toward(desired, velocity, l.reaction_time, l.max_force);
}

Motion integrate(Vec2 pos, Vec2 velocity, Vec2 accel, double dt, double max_speed) {
    const Vec2 v = (velocity + accel * dt).clamp_magnitude(max_speed);
    return {pos + v * dt, v};
}

Vec2 wander_target(Vec2 pos, Vec2 velocity, double angle, double distance, double radius) {
    const Vec2 heading = velocity.length_squared() > 0 ? velocity.normalize() : Vec2{1, 0};
    const SinCos t = lab_sincos(angle);
    const double c = t.cos, s = t.sin;
    const Vec2 around{heading.x * c - heading.y * s, heading.x * s + heading.y * c};
    return pos + heading * distance + around * radius;
}

}  // namespace flocklab
