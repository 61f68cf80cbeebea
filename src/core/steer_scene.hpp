// The steer scene: the warm-up's one vehicle, which seeks, flees, arrives at
// or wanders toward a target (Going further adds WANDER). Options: mode,
// target. Gauges: speed (px/s) and distance (px) to what it steers toward.
// A new mode is a name in kSteerModes and a case in Vehicle::step (plus how
// the steer view draws it).
#pragma once

#include <optional>

#include "params.hpp"
#include "pyrandom.hpp"
#include "scene.hpp"
#include "steering.hpp"

namespace flocklab {

// The steering modes, in the order SPACE cycles them. kSteerModes is the one
// list of their names (the CLI, the widget and the page read it).
enum class SteerMode { Seek = 0, Flee = 1, Arrive = 2, Wander = 3 };
constexpr int kSteerModeCount = 4;
constexpr const char* kSteerModes[kSteerModeCount] = {N_("seek"), N_("flee"), N_("arrive"), N_("wander")};
const char* steer_mode_name(SteerMode m);
bool parse_steer_mode(const char* s, SteerMode* out);
inline SteerMode next_steer_mode(SteerMode m) {   // SPACE: SEEK -> FLEE -> ARRIVE -> WANDER
    return static_cast<SteerMode>((static_cast<int>(m) + 1) % kSteerModeCount);
}

// The warm-up's whole state, advanced exactly as the lab's main loop does.
// In WANDER the vehicle seeks a point that drifts (Going further's
// WanderVehicle): each step the angle moves by uniform(-jitter, jitter) from
// its own random.Random(seed), then the vehicle seeks the point at that angle.
struct Vehicle {
    Vec2 pos{120.0, 225.0};
    Vec2 velocity{0.0, -120.0};
    Vec2 target{470.0, 225.0};   // where the user put it (seek, flee, arrive)
    SteerMode mode = SteerMode::Arrive;
    // What-if (the lesson's warning): flee written as -seek, which keeps the
    // velocity term pushing on, even toward the threat. Off: the lab's flee.
    bool negated_seek_flee = false;
    Vec2 accel;                  // the last steering force, for drawing (px/s^2)
    PyRandom rng{7};             // wander's draws
    double wander_angle = 0.0;   // rad, from the heading
    Vec2 wander_point;           // px: wander's target, on the circle

    // A fresh vehicle at the lab's start; wander draws from random.Random(seed).
    void reset_wander(std::uint64_t seed, const VehicleParams& p);
    void step(double dt, const VehicleParams& p);
    // What the vehicle steers toward in its current mode.
    Vec2 aim() const { return mode == SteerMode::Wander ? wander_point : target; }
    double speed() const { return velocity.length(); }
    double distance() const { return pos.distance_to(aim()); }
};


class SteerScene : public Scene {
public:
    SteerScene() { reset(kDefaultSeed); }

    const SceneInfo& info() const override;
    Vec2 world() const override { return {params.world_width, params.world_height}; }
    std::string label() const override;
    std::string describe() override;
    std::string facts_json() override;
    std::vector<Gauge> gauges() override;
    std::string state_json() const override;
    std::vector<Tunable> tunables() override;

    bool set_target(Vec2 t);  // clamped into the world; true if it was clamped
    void set_mode(SteerMode m);  // marks the history when it changes
    // The nearest the vehicle has been to the target (px) and how far it has
    // gone past it along the line from where it was to the target (px; 0
    // while it has not), since the run reset or the target moved.
    double closest() const { return closest_; }
    double overshoot() const { return overshoot_; }

    VehicleParams params;
    Vehicle vehicle;
    // Where a reset starts the vehicle (px, px/s); none: the lab's start. The
    // CLI's vehicle --start and --vel.
    std::optional<Vec2> start_position, start_velocity;

protected:
    std::string change_sentence(const std::vector<Gauge>& before, const std::vector<Gauge>& after, double seconds) override;
    // The lab's start (position, velocity), keeping the mode and the target; wander draws from random.Random(seed).
    void restart(std::uint64_t seed) override;
    void advance(int n) override;
    void copy_state(const Scene& from) override;

private:
    void watch();  // closest and overshoot start again from here
    double closest_ = 0, overshoot_ = 0;  // px
    std::optional<Vec2> toward_;          // the unit vector from the watch's start to the target (none if they coincide)
};

}  // namespace flocklab
