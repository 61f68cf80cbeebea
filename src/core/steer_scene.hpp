// The steer scene: the warm-up's one vehicle, which seeks, flees, arrives at
// or wanders toward a target (Going further adds WANDER). Options: mode,
// target. Gauges: speed (px/s) and distance (px) to what it steers toward.
// A mode is one row of kSteerModeRows (steer_scene.cpp): its name, its force,
// its words and what the view draws for it; the option, Space's cycle, the
// CLI, the key table and the view all read the rows. A new mode is a row
// there and its words in web/lang/.
#pragma once

#include <cstdint>
#include <optional>

#include "params.hpp"
#include "pyrandom.hpp"
#include "scene.hpp"
#include "steering.hpp"

namespace flocklab {

// A mode: its row's index in kSteerModeRows, in the order Space cycles them.
// The enum names the lab's four for code that asks for one of them; a mode
// added after them has a row and no name here.
enum class SteerMode : int { Seek = 0, Flee = 1, Arrive = 2, Wander = 3 };
struct SteerModeRow;
int steer_mode_count();
const SteerModeRow& steer_mode_row(SteerMode m);   // the first row's if m has none
std::vector<const char*> steer_mode_names();        // in order (the option's choices)
const char* steer_mode_name(SteerMode m);
bool parse_steer_mode(const char* s, SteerMode* out);
SteerMode next_steer_mode(SteerMode m);             // Space: the next row, after the last the first
// The modes' names in the widget's language, in Space's order: those that
// steer toward the target (which 0), those that pick their own (1), or all (-1).
std::vector<std::string> steer_mode_words(int which);
// What an arrow key gets in a mode that picks its own target: "Wander picks
// its own target; the arrows move it in seek, flee and arrive."
std::string own_target_words(SteerMode m);

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
    Vec2 wander_point;           // px: wander's target, on the circle (a mode's own target)

    // A fresh vehicle at the lab's start; wander draws from random.Random(seed).
    void reset_wander(std::uint64_t seed, const VehicleParams& p);
    void step(double dt, const VehicleParams& p);
    // What the vehicle steers toward in its current mode.
    Vec2 aim() const;
    double speed() const { return velocity.length(); }
    double distance() const { return pos.distance_to(aim()); }
    const SteerModeRow& row() const { return steer_mode_row(mode); }
};

// A colour for the view, in the core's terms (0-255 each).
struct Rgba {
    std::uint8_t r, g, b, a;
};
// What the view draws for a mode besides the vehicle and the target.
struct SteerGuide {
    enum Kind { Circle, Line, Disc } kind;
    Vec2 a, b;     // px: the centre (Circle, Disc; b unused), or the ends (Line)
    double radius; // px (Circle, Disc)
    double width;  // px: the stroke (Circle, Line)
    Rgba colour;
};
// What a mode draws: at most four guides.
struct SteerGuides {
    SteerGuide at[4];
    int count = 0;
    void add(const SteerGuide& g) {
        if (count < 4) at[count++] = g;
    }
};
// A line of the HUD's legend: its colour and its words in the widget's language.
struct SteerLegend {
    Rgba colour;
    std::string text;
};
// How the vehicle moves relative to what it steers toward, as a message id
// (English), with {0} filled by `arg` (a message id too) where it has one.
struct MotionWords {
    const char* id;
    std::string arg;
};

// One steering mode, whole.
struct SteerModeRow {
    const char* name;   // N_("seek"): the option's value, the spoken word
    const char* upper;  // N_("SEEK"): the HUD's
    bool own_target;    // it picks its own target (wander): the arrows and the pointer leave the target be
    // This step's steering force (px/s^2); a mode with its own target sets
    // v.wander_point here, and may draw from v.rng.
    Vec2 (*force)(Vehicle& v, const VehicleParams& p);
    // Its words for the motion while moving; `closing`: the velocity points toward the aim.
    MotionWords (*motion)(const Vehicle& v, const VehicleParams& p, bool closing);
    void (*guides)(const Vehicle& v, const VehicleParams& p, SteerGuides& out);
    const char* legend_suffix;  // after "green = velocity   red = steering force" ("" if none)
    SteerLegend (*legend)(const Vehicle& v, const VehicleParams& p);  // a line more, or nullptr
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
    std::string change_sentence(const std::vector<Gauge>& before, const std::vector<Gauge>& after, double seconds,
                                const std::vector<Swing>& swings) override;
    // The lab's start (position, velocity), keeping the mode and the target; wander draws from random.Random(seed).
    void restart(std::uint64_t seed) override;
    void advance(int n) override;
    void state_io(StateIO& io) override;

private:
    void watch();  // closest and overshoot start again from here
    double closest_ = 0, overshoot_ = 0;  // px
    std::optional<Vec2> toward_;          // the unit vector from the watch's start to the target (none if they coincide)
};

}  // namespace flocklab
