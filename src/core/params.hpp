// Tunables of the two lesson presets. Each preset is one struct whose
// zero-argument construction gives the lesson's defaults; every field states
// its unit. sanitize() clamps out-of-range values to safe ones and reports
// what it changed, so bad input never reaches the simulation as NaN or a hang.
#pragma once

#include <cmath>
#include <string>
#include <vector>

namespace flocklab {

// The warm-up: one vehicle that seeks, flees or arrives at a target.
struct VehicleParams {
    double world_width = 800.0;   // px: positions wrap modulo this
    double world_height = 450.0;  // px
    double max_speed = 220.0;     // px/s
    double max_force = 440.0;     // px/s^2: can reverse full speed in about one second
    double reaction_time = 0.2;   // s: how quickly a velocity error becomes a full push
    double slow_radius = 140.0;   // px: arrive starts braking inside this circle
    double panic_radius = 200.0;  // px: flee ignores threats farther than this
};

// The flock and its hawk.
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

    // cos of half the cone, as the lab writes it: cos(radians(angle / 2)).
    double view_cos() const;
};

// Hard limits for sanitize(); the widget's tuning panel uses the same ranges.
constexpr int kMaxBoids = 100000;

// Clamp every field into a range where the simulation stays finite and
// meaningful; returns one human-readable line per field it changed.
std::vector<std::string> sanitize(VehicleParams& p);
std::vector<std::string> sanitize(FlockParams& p);

}  // namespace flocklab
