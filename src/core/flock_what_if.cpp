// The flock's part in the what-if lane: the switch that moves each boid as
// soon as its force is computed (what_if.py's update=as-you-go, with
// order), and the lane's start and positions (what_if.cpp).
#include "flock_scene.hpp"
#include "steering.hpp"

namespace flocklab {

void Flock::step_as_you_go(const Look& look, double dt) {
    const int n = size();
    const bool lead = look.follow.has_value();
    prepare(NeighborMode::Brute);
    const Vec2 hunter_accel = hunter_aim();  // from the unmoved flock, as in a look-first step
    for (int k = 0; k < n; ++k) {
        const int i = update_.reversed ? n - 1 - k : k;
        const Vec2 force = lead && i == 0 ? arrive({x_[0], y_[0]}, {vx_[0], vy_[0]}, *leader_target_, p_.leader_slow_radius, limits(p_))
                                          : flock_force(i, gather(i, NeighborMode::Brute, scratch_[0]), look);
        ax_[i] = force.x;
        ay_[i] = force.y;
        move(i, dt, lead);
    }
    move_hunter(hunter_accel, dt);
}

void FlockScene::state_io(StateIO& io) {
    flock.state_io(io);  // the boids, wander's draws, the hunter and the leader's target
    io.opt_vec2(hawk);
    io.i32(selected_);
    if (!io.reading()) return;
    flock.set_params(params);  // this lane's numbers from its next step
    ++epoch_;
}

std::vector<Vec2> FlockScene::boid_positions() const {
    std::vector<Vec2> p(static_cast<size_t>(flock.size()));
    for (int i = 0; i < flock.size(); ++i) p[static_cast<size_t>(i)] = flock.boid(i).pos;
    return p;
}

}  // namespace flocklab
