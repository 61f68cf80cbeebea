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

enum class SteerMode { Seek = 0, Flee = 1, Arrive = 2 };
const char* steer_mode_name(SteerMode m);         // "seek", "flee", "arrive"
bool parse_steer_mode(const char* s, SteerMode* out);
inline SteerMode next_steer_mode(SteerMode m) {   // SPACE: SEEK -> FLEE -> ARRIVE
    return static_cast<SteerMode>((static_cast<int>(m) + 1) % 3);
}

// The warm-up's whole state, advanced exactly as the lab's main loop does.
struct Vehicle {
    Vec2 pos{120.0, 225.0};
    Vec2 velocity{0.0, -120.0};
    Vec2 target{470.0, 225.0};
    SteerMode mode = SteerMode::Arrive;
    Vec2 accel;  // the last steering force, for drawing (px/s^2)

    void step(double dt, const VehicleParams& p);
    double speed() const { return velocity.length(); }
    double distance() const { return pos.distance_to(target); }
};

}  // namespace flocklab
