// Reynolds steering as the lesson's warm-up lab computes it. Every behaviour
// returns an acceleration in px/s^2: (desired - velocity) / reaction_time,
// clamped to max_force.
#pragma once

#include "params.hpp"
#include "vec2.hpp"

namespace flocklab {

// The acceleration (px/s^2) that turns `velocity` toward `desired`.
inline Vec2 steer_toward(Vec2 desired, Vec2 velocity, double reaction_time, double max_force) {
    return ((desired - velocity) / reaction_time).clamp_magnitude(max_force);
}

// Full speed straight at the target; zero when already on it.
Vec2 seek(Vec2 pos, Vec2 velocity, Vec2 target, const VehicleParams& p);
// The warm-up's flee: full speed away inside the panic radius, and outside it
// (or exactly on the threat) a push toward zero velocity, i.e. braking.
Vec2 flee(Vec2 pos, Vec2 velocity, Vec2 threat, const VehicleParams& p);
// Seek that slows in proportion to distance inside the slowing radius and asks
// for zero velocity within 1 px.
Vec2 arrive(Vec2 pos, Vec2 velocity, Vec2 target, const VehicleParams& p);

// Semi-implicit Euler: velocity first (clamped to max_speed), then position.
struct Motion {
    Vec2 pos;
    Vec2 velocity;
};
Motion integrate(Vec2 pos, Vec2 velocity, Vec2 accel, double dt, double max_speed);

// The point on the wander circle at `angle` (rad, measured from the heading):
// the circle's centre lies `distance` px ahead of pos along the velocity
// (along +x when standing still). Going further's wander_target().
Vec2 wander_target(Vec2 pos, Vec2 velocity, double angle, double distance, double radius);

}  // namespace flocklab
