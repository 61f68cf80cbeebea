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

// The limits a steering behaviour works within: the warm-up's vehicle, the
// flock's boids and the pursuing hawk each have their own.
struct Limits {
    double max_speed;      // px/s
    double reaction_time;  // s
    double max_force;      // px/s^2
};
inline Limits limits(const VehicleParams& p) { return {p.max_speed, p.reaction_time, p.max_force}; }
inline Limits limits(const FlockParams& p) { return {p.max_speed, p.reaction_time, p.max_force}; }
inline Limits hawk_limits(const FlockParams& p) { return {p.hawk_max_speed, p.hawk_reaction_time, p.hawk_max_force}; }

// Full speed straight at the target; zero when already on it.
Vec2 seek(Vec2 pos, Vec2 velocity, Vec2 target, const Limits& l);
inline Vec2 seek(Vec2 pos, Vec2 velocity, Vec2 target, const VehicleParams& p) {
    return seek(pos, velocity, target, limits(p));
}
// How far the vehicle needs to stop from full speed with the largest force:
// max_speed^2 / (2 max_force), px (55 px in the lab). A slowing radius
// smaller than this makes arrive overshoot.
inline double braking_distance(const VehicleParams& p) { return p.max_speed * p.max_speed / (2 * p.max_force); }
// The warm-up's flee: full speed away inside the panic radius, and outside it
// (or exactly on the threat) a push toward zero velocity, i.e. braking.
Vec2 flee(Vec2 pos, Vec2 velocity, Vec2 threat, const VehicleParams& p);
// Seek that slows in proportion to distance inside the slowing radius (px)
// and asks for zero velocity within 1 px.
Vec2 arrive(Vec2 pos, Vec2 velocity, Vec2 target, double slow_radius, const Limits& l);
inline Vec2 arrive(Vec2 pos, Vec2 velocity, Vec2 target, const VehicleParams& p) {
    return arrive(pos, velocity, target, p.slow_radius, limits(p));
}

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
