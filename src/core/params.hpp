// Tunables of the lesson's presets. Each preset is one struct whose
// zero-argument construction gives the lesson's defaults; every field states
// its unit. One field table per preset (name, unit, range, group) is the only
// list of them: sanitize() clamps with its ranges, the tuning panel draws its
// sliders from it, and the widget reports it to the page. Bad input therefore
// never reaches the simulation as NaN or a hang.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "lang.hpp"

namespace flocklab {

// The labs' fixed step of 1/60 s, for both presets.
constexpr double kLabDt = 1.0 / 60.0;

// The warm-up: one vehicle that seeks, flees, arrives at or wanders toward a target.
struct VehicleParams {
    double world_width = 800.0;   // px: positions wrap modulo this
    double world_height = 450.0;  // px
    double max_speed = 220.0;     // px/s
    double max_force = 440.0;     // px/s^2: can reverse full speed in about one second
    double reaction_time = 0.2;   // s: how quickly a velocity error becomes a full push
    double slow_radius = 140.0;   // px: arrive starts braking inside this circle
    double panic_radius = 200.0;  // px: flee ignores threats farther than this
    // Wander (Going further): seek a point on a circle ahead whose angle drifts.
    double wander_distance = 80.0;  // px: the circle's centre, ahead of the heading
    double wander_radius = 40.0;    // px
    double wander_jitter = 0.35;    // rad: the most the angle moves in one 1/60 s step
};

// The flock, its hawk and the Going-further extensions.
struct FlockParams {
    double world_width = 900.0;     // px: positions wrap modulo this
    double world_height = 540.0;    // px
    int num_boids = 60;             // boids made by make_flock
    double max_speed = 160.0;       // px/s
    double min_speed = 60.0;        // px/s: boids never hover in place
    double max_force = 320.0;       // px/s^2
    double reaction_time = 0.25;    // s
    double view_radius = 60.0;      // px: how far a boid sees its neighbours
    double view_angle = 270.0;      // degrees: the vision cone's full width
    double sep_radius = 24.0;       // px: neighbours closer than this push away
    double panic_radius = 110.0;    // px: the hawk scares boids inside this circle
    double weight_separation = 1.8; // dimensionless blend weights
    double weight_alignment = 1.0;
    double weight_cohesion = 0.8;
    double weight_flee = 3.0;
    // Wander: a boid that sees no neighbour seeks a point on a circle ahead.
    double wander_distance = 80.0;  // px
    double wander_radius = 40.0;    // px
    double wander_jitter = 0.35;    // rad per 1/60 s step
    double weight_wander = 1.0;
    // Pursuit: a hawk of its own that hunts the nearest boid, starting at rest.
    double hawk_start_x = 30.0;        // px
    double hawk_start_y = 30.0;        // px
    double hawk_max_speed = 200.0;     // px/s: faster than any boid, or it never catches one
    double hawk_max_force = 400.0;     // px/s^2
    double hawk_reaction_time = 0.3;   // s
    // Leader following: boid 0 arrives at a target; the others aim behind it.
    double leader_slow_radius = 100.0; // px: the leader brakes inside this circle
    double leader_behind = 40.0;       // px: followers aim this far behind the leader
    double follow_slow_radius = 60.0;  // px: followers brake inside this circle around that point
    double weight_follow = 1.5;

    // cos of half the cone, as the lab writes it: cos(radians(angle / 2)).
    double view_cos() const;
};

// Looking ahead: a crowd that seeks a goal cell or follows a flow field. Its
// agents' limits and separation are the flock lab's.
struct CrowdParams {
    int num_agents = 40;             // agents made at a reset
    double weight_follow = 1.0;      // dimensionless blend weights
    double weight_separation = 1.5;
    double max_speed = 160.0;        // px/s (no minimum: agents may stop)
    double max_force = 320.0;        // px/s^2
    double reaction_time = 0.25;     // s
    double view_radius = 60.0;       // px: separation's neighbours, as the flock's
    double view_angle = 270.0;       // degrees
    double sep_radius = 24.0;        // px
    double slow_radius = 90.0;       // px: agents brake inside this circle around the goal's centre
    double arrive_cells = 2.0;       // cells: this near the goal along the field, head straight in
    double goal_radius = 90.0;       // px: this near the goal's centre counts as arrived
    double stuck_speed = 5.0;        // px/s: slower than this, and farther than stuck_cells, is stuck
    double stuck_cells = 4.0;        // cells along the field

    // The flock lab's params that its neighbour search and separation read.
    FlockParams flock() const;
};

// Hard limit for sanitize() and the CLI.
constexpr int kMaxBoids = 100000;
constexpr int kMaxAgents = 2000;  // a crowd's

// One tunable: its name (the field's name), unit, the group the tuning panel
// shows it in, and the one range that both sanitize() and the panel's slider
// use. `tunable` is false for fields the panel does not offer (world size).
template <class P>
struct Field {
    const char* name;
    const char* label;  // what people read: "separation" (a weight), "view radius"
    const char* unit;   // "px", "px/s", "px/s^2", "s", "deg", "rad", "" (weights)
    const char* group;  // "weights", "vision", "motion", "wander", "hawk", "leader", "world"
    double P::*member;
    double lo, hi;
    bool tunable = true;
    // A limit that depends on another field: this one never exceeds that
    // field's value (min_speed <= max_speed), whatever order they are set in.
    double P::*at_most = nullptr;
    // The upper limit now, for params p.
    double upper(const P& p) const { return at_most ? std::fmin(hi, p.*at_most) : hi; }
};
const std::vector<Field<VehicleParams>>& fields(const VehicleParams*);
const std::vector<Field<FlockParams>>& fields(const FlockParams*);
const std::vector<Field<CrowdParams>>& fields(const CrowdParams*);

// Clamp v into [lo, hi]; NaN becomes fallback. Adds a line to `out` if it changed.
void clamp_field(double& v, double lo, double hi, double fallback, const char* name, std::vector<std::string>& out);

// Clamp every field of any params struct with a field table into its range
// (NaN becomes the struct's default); one human-readable line per field it
// changed. A new scene's params get this by declaring their fields().
template <class P>
std::vector<std::string> sanitize_fields(P& p) {
    std::vector<std::string> w;
    const P d;
    for (const Field<P>& f : fields(&p)) {
        clamp_field(p.*f.member, f.lo, f.upper(p), d.*f.member, f.name, w);  // a dependent limit is listed after its field
    }
    return w;
}

// The lesson's params: their fields, and their whole-number sizes.
std::vector<std::string> sanitize(VehicleParams& p);
std::vector<std::string> sanitize(FlockParams& p);
std::vector<std::string> sanitize(CrowdParams& p);

}  // namespace flocklab
