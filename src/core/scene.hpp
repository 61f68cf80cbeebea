// Scenes: what one widget (or a test) runs. A scene owns its simulation state
// and the session around it (seed, rules, hawk, how many fixed steps have
// run), so the platform layer only translates input and draws. Pure C++.
#pragma once

#include <cstdint>
#include <optional>

#include "flock.hpp"
#include "steering.hpp"

namespace flocklab {

// Fixed timestep with an accumulator: frames of any length turn into whole
// steps of `step` seconds, so simulated time, not frame rate, decides what
// happens. At most max_steps_per_frame run per frame; time beyond that (a
// background tab, a stalled frame) is dropped, so the simulation slows down
// instead of racing to catch up.
struct FixedStep {
    double step = kLabDt;          // s
    int max_steps_per_frame = 4;   // steps
    double accumulator = 0.0;      // s, always in [0, step)

    // Returns how many steps to run for a frame that lasted frame_seconds.
    int advance(double frame_seconds);
};

struct FlockScene {
    FlockParams params;
    std::uint64_t seed = 7;
    Rules rules;
    std::optional<Vec2> hawk;  // px, world coordinates; none while the pointer is away
    NeighborMode neighbors = NeighborMode::Grid;
    Flock flock{params, seed};
    long long steps = 0;       // fixed steps since the last reset

    // A new flock from `seed` with the current params (num_boids included).
    void reset(std::uint64_t new_seed);
    void reset() { reset(seed); }
    void step(int n);
    double time() const { return static_cast<double>(steps) * kLabDt; }  // s
    // Index 0, 1, 2: separation, alignment, cohesion.
    bool rule(int index) const;
    void set_rule(int index, bool on);
    void all_rules_on() { rules = Rules{}; }
};

struct SteerScene {
    VehicleParams params;
    Vehicle vehicle;
    long long steps = 0;

    void reset();  // the lab's start, keeping the current mode
    void step(int n);
    double time() const { return static_cast<double>(steps) * kLabDt; }
};

}  // namespace flocklab
