// [SECTION] Construction: a flock from a seed (the lab's starts) or from given boids.
#include "flock.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "pyrandom.hpp"
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
}  // namespace flocklab
