#include "scene.hpp"

#include <cmath>

namespace flocklab {

int FixedStep::advance(double frame_seconds) {
    if (!(frame_seconds > 0.0)) return 0;  // negative, zero or NaN: no time passed
    accumulator += frame_seconds;
    int n = 0;
    while (accumulator >= step && n < max_steps_per_frame) {
        accumulator -= step;
        ++n;
    }
    if (accumulator >= step) accumulator = std::fmod(accumulator, step);  // drop the backlog
    return n;
}

void FlockScene::reset(std::uint64_t new_seed) {
    seed = new_seed;
    sanitize(params);
    flock = Flock(params, seed);
    steps = 0;
}

void FlockScene::step(int n) {
    sanitize(params);  // tuning may have changed; never step with unsafe values
    flock.set_params(params);
    for (int i = 0; i < n; ++i) flock.step(rules, kLabDt, hawk, neighbors);
    steps += n;
}

bool FlockScene::rule(int index) const {
    switch (index) {
        case 0: return rules.separation;
        case 1: return rules.alignment;
        case 2: return rules.cohesion;
        default: return false;
    }
}

void FlockScene::set_rule(int index, bool on) {
    switch (index) {
        case 0: rules.separation = on; break;
        case 1: rules.alignment = on; break;
        case 2: rules.cohesion = on; break;
        default: break;
    }
}

void SteerScene::reset() {
    const SteerMode mode = vehicle.mode;
    vehicle = Vehicle{};
    vehicle.mode = mode;
    steps = 0;
}

void SteerScene::step(int n) {
    for (int i = 0; i < n; ++i) vehicle.step(kLabDt, params);
    steps += n;
}

}  // namespace flocklab
