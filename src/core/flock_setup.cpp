// [SECTION] Construction: a flock from a seed (the lab's starts) or from given boids.
#include "flock.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "pyrandom.hpp"
#include "state_io.hpp"
#include "trig.hpp"

namespace flocklab {


Flock::Flock(const FlockParams& p, std::uint64_t seed) : p_(p), wander_rng_(seed) {
    constexpr double kTau = 6.283185307179586;  // math.tau
    PyRandom rng(seed);
    const int n = std::max(0, p.num_boids);
    x_.resize(n);
    y_.resize(n);
    vx_.resize(n);
    vy_.resize(n);
    for (int i = 0; i < n; ++i) {
        const double angle = rng.uniform(0, kTau);
        const double speed = rng.uniform(p.min_speed, p.max_speed);
        const SinCos h = lab_sincos(angle);
        const Vec2 vel = Vec2{h.cos, h.sin} * speed;
        vx_[i] = vel.x;
        vy_[i] = vel.y;
        x_[i] = rng.uniform(0, p.world_width);
        y_[i] = rng.uniform(0, p.world_height);
    }
}

Flock::Flock(const FlockParams& p, const std::vector<Boid>& boids) : p_(p), wander_rng_(0) {
    p_.num_boids = static_cast<int>(boids.size());
    x_.resize(boids.size());
    y_.resize(boids.size());
    vx_.resize(boids.size());
    vy_.resize(boids.size());
    for (int i = 0; i < size(); ++i) set_boid(i, boids[i]);
}

void Flock::set_boid(int i, const Boid& b) {
    x_[i] = b.pos.x;
    y_[i] = b.pos.y;
    vx_[i] = b.vel.x;
    vy_[i] = b.vel.y;
}
void Flock::state_io(StateIO& io) {
    for (std::vector<double>* v : {&x_, &y_, &vx_, &vy_, &ax_, &ay_, &angles_, &wx_, &wy_}) io.f64s(*v);
    wander_rng_.state_io(io);
    bool hunting = hunter_.has_value();
    io.flag(hunting);
    if (io.reading()) hunter_ = hunting ? std::optional<Hunter>(Hunter{}) : std::nullopt;
    if (hunter_) {
        io.vec2(hunter_->pos);
        io.vec2(hunter_->vel);
        io.vec2(hunter_->aim);
    }
    io.opt_vec2(leader_target_);
    if (!io.reading()) return;
    // Every per-boid list is the boids' length, or empty where it starts so.
    const size_t n = x_.size();
    const auto fits = [n](const std::vector<double>& v, bool may_be_empty) { return v.size() == n || (may_be_empty && v.empty()); };
    if (!fits(y_, false) || !fits(vx_, false) || !fits(vy_, false) || !fits(ax_, true) || !fits(ay_, true) || ax_.size() != ay_.size() ||
        !fits(angles_, true) || !fits(wx_, true) || wx_.size() != wy_.size()) {
        io.fail("a flock whose lists differ in length");
    }
}

}  // namespace flocklab
