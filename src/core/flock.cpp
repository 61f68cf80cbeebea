// The flock's step: neighbours, rules and the update. Elsewhere: rule names
// (flock_rules.cpp), construction (flock_setup.cpp), explain
// (flock_explain.cpp) and the gauges (flock_gauges.cpp).
#include "flock.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

#include "pyrandom.hpp"
#include "steering.hpp"
#include "trig.hpp"

namespace flocklab {

// [SECTION] Neighbours

// Boid i as a viewer (scan.hpp): its position and unit heading (none when
// it stands still: then the whole disc is visible), and this step's limits.
ScanQuery Flock::viewer(int i) const {
    ScanQuery q;
    q.x = x_[i];
    q.y = y_[i];
    q.r2 = view_r2_;
    q.cos = view_cos_;
    const Vec2 v{vx_[i], vy_[i]};
    if (v.length_squared() > 0) {
        const Vec2 h = v.normalize();
        q.hx = h.x;
        q.hy = h.y;
        q.cone = true;
    }
    return q;
}

int grid_cells_per_radius(const FlockParams& p, int boids) {
    const double per_r2 = boids * (p.view_radius * p.view_radius) / (p.world_width * p.world_height);
    return per_r2 >= kDenseFlock ? 2 : 1;
}

GridLayout search_layout(const FlockParams& p, int boids) {
    // A hair wider than r or r/2, so rounding in a cell index never puts a
    // pair within the radius more than the reach away.
    return GridLayout::over(p.world_width, p.world_height,
                            p.view_radius / grid_cells_per_radius(p, boids) * (1.0 + 1e-9));
}

int search_reach(const FlockParams& p, const GridLayout& g) {
    return std::max(1, static_cast<int>(std::ceil(p.view_radius / g.cell)));
}

GridArea grid_search_area(const FlockParams& p, int boids, Vec2 pos) {
    const GridLayout g = search_layout(p, boids);
    const int reach = search_reach(p, g);
    GridArea a;
    a.cell = g.cell;
    const int col = g.col(pos.x), row = g.row(pos.y);
    a.x0 = std::max(0.0, (col - reach) * g.cell);
    a.x1 = std::min(p.world_width, (col + reach + 1) * g.cell);
    a.y0 = std::max(0.0, (row - reach) * g.cell);
    a.y1 = std::min(p.world_height, (row + reach + 1) * g.cell);
    return a;
}

NeighborSet Flock::gather(int i, NeighborMode mode, Scratch& s) const {
    const ScanQuery v = viewer(i);
    if (mode == NeighborMode::Brute) {
        const int n = scan_(v, x_.data(), y_.data(), size(), s.near.data());
        return {x_.data(), y_.data(), vx_.data(), vy_.data(), s.near.data(), n};
    }
    // The block's own copies of the neighbours' state sit next to the
    // candidates just scanned, so the rules read them from cache. Boids of
    // one cell share a block: it is merged once for them all.
    const int c = grid_.cell_of(i);
    if (c != s.block_cell) {
        grid_.block(c, search_reach_, &s.block);
        s.block_cell = c;
    }
    const int n = scan_(v, s.block.x.data(), s.block.y.data(), s.block.size, s.near.data());
    return {s.block.x.data(), s.block.y.data(), s.block.vx.data(), s.block.vy.data(), s.near.data(), n};
}

void Flock::prepare(NeighborMode mode) {
    const int n = size();
    scratch_.resize(static_cast<size_t>(threads()));
    for (Scratch& s : scratch_) {
        s.near.resize(n);
        s.block_cell = -1;
    }
    view_r2_ = p_.view_radius * p_.view_radius;
    view_cos_ = p_.view_cos();
    if (mode == NeighborMode::Grid) {
        const GridLayout g = search_layout(p_, n);
        grid_.build(x_.data(), y_.data(), vx_.data(), vy_.data(), n, g);
        search_reach_ = search_reach(p_, g);
    }
}

std::vector<int> Flock::neighbors(int i, NeighborMode mode) {
    prepare(mode);
    const NeighborSet s = gather(i, mode, scratch_[0]);
    std::vector<int> out(s.near, s.near + s.n);
    if (mode == NeighborMode::Grid) {  // block slots -> boid indices
        for (int& k : out) k = scratch_[0].block.id[k];
    }
    return out;
}

void Flock::separations(std::vector<Vec2>& out, NeighborMode mode) {
    prepare(mode);
    out.resize(x_.size());
    for (int i = 0; i < size(); ++i) {
        const Boid me = boid(i);
        out[i] = separation(me, neighbor_sums(me, gather(i, mode, scratch_[0]), p_), p_);
    }
}

// [SECTION] Rules

// Squared distances (px^2) below this can give 1/dsq = inf: the smallest
// normal double. Separation skips such a pair as the lab skips distance 0.
constexpr double kTinyDsq = 2.2250738585072014e-308;

NeighborSums neighbor_sums(const Boid& me, const NeighborSet& s, const FlockParams& p) {
    // Each sum is added in list order from +0.0, as the lab adds it; doing the
    // three in one pass lets their independent chains of additions overlap.
    // Separation adds offset / dist_sq (a unit vector over the distance) for
    // close neighbours; its terms are computed two at a time (one vector
    // division), and far neighbours add +0.0, which changes nothing: push
    // starts at +0.0, so it is never -0.0.
    NeighborSums sums;
    sums.n = s.n;
    const double sep2 = p.sep_radius * p.sep_radius;
    typedef double v2d __attribute__((vector_size(16)));
    const v2d zero = {0.0, 0.0}, limit = {sep2, sep2}, one = {1.0, 1.0}, tiny = {kTinyDsq, kTinyDsq};
    int k = 0;
    for (; k + 2 <= s.n; k += 2) {
        const int a = s.near[k], b = s.near[k + 1];
        const v2d ox = v2d{me.pos.x, me.pos.x} - v2d{s.x[a], s.x[b]};
        const v2d oy = v2d{me.pos.y, me.pos.y} - v2d{s.y[a], s.y[b]};
        const v2d dsq = ox * ox + oy * oy;
        const v2d r = one / dsq;
        // The lab skips a pair at distance 0. A pair so close that 1/dsq
        // overflows (under ~1e-154 px, never reached from make_flock) is
        // skipped too, instead of turning the push into inf - inf = NaN.
        const auto close = (dsq >= tiny) & (dsq < limit);
        const v2d tx = close ? ox * r : zero;
        const v2d ty = close ? oy * r : zero;
        sums.push += Vec2{tx[0], ty[0]};
        sums.vel += Vec2{s.vx[a], s.vy[a]};
        sums.pos += Vec2{s.x[a], s.y[a]};
        sums.push += Vec2{tx[1], ty[1]};
        sums.vel += Vec2{s.vx[b], s.vy[b]};
        sums.pos += Vec2{s.x[b], s.y[b]};
    }
    for (; k < s.n; ++k) {
        const int a = s.near[k];
        const Vec2 offset = me.pos - Vec2{s.x[a], s.y[a]};
        const double dist_sq = offset.length_squared();
        if (kTinyDsq <= dist_sq && dist_sq < sep2) sums.push += offset / dist_sq;
        sums.vel += Vec2{s.vx[a], s.vy[a]};
        sums.pos += Vec2{s.x[a], s.y[a]};
    }
    return sums;
}

// The rules and flock_force are flattened (every call inlined into one
// body), so that the compiler can interleave the rules' independent chains of
// square roots and divisions with the neighbour sums: 0.133 -> 0.112 ms per
// step at 500 formed boids (0.116 with flock_force alone flattened).
// Inlining moves no rounding: no contraction, no fast-math, IEEE doubles.
__attribute__((flatten)) Vec2 separation(const Boid& me, const NeighborSums& sums, const FlockParams& p) {
    if (sums.push.length_squared() == 0) return {};
    return steer_toward(sums.push.normalize() * p.max_speed, me.vel, p.reaction_time, p.max_force);
}

__attribute__((flatten)) Vec2 alignment(const Boid& me, const NeighborSums& sums, const FlockParams& p) {
    if (sums.n == 0) return {};
    const Vec2 average = sums.vel / static_cast<double>(sums.n);
    if (average.length_squared() == 0) return {};
    return steer_toward(average.normalize() * p.max_speed, me.vel, p.reaction_time, p.max_force);
}

__attribute__((flatten)) Vec2 cohesion(const Boid& me, const NeighborSums& sums, const FlockParams& p) {
    if (sums.n == 0) return {};
    const Vec2 center = sums.pos / static_cast<double>(sums.n);
    const Vec2 offset = center - me.pos;
    if (offset.length_squared() == 0) return {};
    return steer_toward(offset.normalize() * p.max_speed, me.vel, p.reaction_time, p.max_force);
}

NeighborSet Flock::set_of(const int* near, int n) const {
    return {x_.data(), y_.data(), vx_.data(), vy_.data(), near, n};
}

__attribute__((flatten)) Vec2 flee_hawk(Vec2 pos, Vec2 vel, std::optional<Vec2> hawk, const FlockParams& p) {
    if (!hawk) return {};
    const Vec2 offset = pos - *hawk;
    const double dist_sq = offset.length_squared();
    if (dist_sq == 0 || dist_sq > p.panic_radius * p.panic_radius) return {};
    return steer_toward(offset.normalize() * p.max_speed, vel, p.reaction_time, p.max_force);
}

Vec2 behind(const Boid& b, double distance) {
    const Vec2 heading = b.vel.length_squared() > 0 ? b.vel.normalize() : Vec2{1, 0};
    return b.pos - heading * distance;
}


// Going further's boid_force: the lab's flock_force plus the extensions,
// each added before the final clamp: wander (only for a boid that sees no
// neighbour), then following.
__attribute__((flatten)) Vec2 Flock::flock_force(int i, const NeighborSet& near, const Look& look) const {
    const Boid me = boid(i);
    const NeighborSums sums = neighbor_sums(me, near, p_);
    Vec2 total;
    if (look.rules.separation) total += separation(me, sums, p_) * p_.weight_separation;
    if (look.rules.alignment) total += alignment(me, sums, p_) * p_.weight_alignment;
    if (look.rules.cohesion) total += cohesion(me, sums, p_) * p_.weight_cohesion;
    total += flee_hawk(me.pos, me.vel, look.hawk, p_) * p_.weight_flee;
    if (look.wander && near.n == 0) total += seek(me.pos, me.vel, {wx_[i], wy_[i]}, limits(p_)) * p_.weight_wander;
    if (look.follow) total += arrive(me.pos, me.vel, *look.follow, p_.follow_slow_radius, limits(p_)) * p_.weight_follow;
    return total.clamp_magnitude(p_.max_force);
}

Flock::Look Flock::look_for(const Rules& rules, std::optional<Vec2> hawk) const {
    Look look;
    look.rules = rules;
    look.hawk = hunter_ ? std::optional<Vec2>(hunter_->pos) : hawk;
    look.wander = rules.wander;
    if (leader_target_ && size() > 0) look.follow = follow_point();
    return look;
}

Vec2 Flock::force(int i, const Rules& rules, std::optional<Vec2> hawk, NeighborMode mode) {
    prepare(mode);
    Look look;
    look.rules = rules;
    look.hawk = hawk;
    return flock_force(i, gather(i, mode, scratch_[0]), look);
}

// [SECTION] Step

void Flock::set_pursuit(bool on) {
    if (on) hunter_ = Hunter{{p_.hawk_start_x, p_.hawk_start_y}, {}, {p_.hawk_start_x, p_.hawk_start_y}};
    else hunter_.reset();
}

Vec2 Flock::follow_point() const {
    return size() > 0 ? behind(boid(0), p_.leader_behind) : Vec2{};
}

namespace {

// The boid closest to `from` (the first in list order on a tie); -1 if none.
int nearest(Vec2 from, const double* x, const double* y, int n) {
    int best = -1;
    double best_sq = std::numeric_limits<double>::infinity();
    for (int i = 0; i < n; ++i) {
        const double d = (Vec2{x[i], y[i]} - from).length_squared();
        if (d < best_sq) {
            best = i;
            best_sq = d;
        }
    }
    return best;
}

}  // namespace

void Flock::set_threads(int threads) {
    if (threads <= 1) {
        workers_.pool.reset();
    } else if (!workers_.pool || workers_.pool->threads() != threads) {
        workers_.pool = std::make_unique<Workers>(threads);
        if (workers_.pool->threads() == 1) workers_.pool.reset();  // a build without threads
    }
}

void Flock::step(const Rules& rules, double dt, std::optional<Vec2> hawk, NeighborMode mode) {
    const int n = size();
    ax_.resize(n);
    ay_.resize(n);
    prepare(mode);
    const Look look = look_for(rules, hawk);
    const bool lead = look.follow.has_value();
    // Wander's draws come first, one per boid in list order, whatever order
    // the forces are computed in. Angles start at 0 and persist across steps.
    if (look.wander) {
        angles_.resize(n, 0.0);
        wx_.resize(n);
        wy_.resize(n);
        for (int i = 0; i < n; ++i) {
            angles_[i] += wander_rng_.uniform(-p_.wander_jitter, p_.wander_jitter);
            const Vec2 t = wander_target({x_[i], y_[i]}, {vx_[i], vy_[i]}, angles_[i], p_.wander_distance,
                                         p_.wander_radius);
            wx_[i] = t.x;
            wy_[i] = t.y;
        }
    }
    if (update_.as_you_go) {  // what-if: each boid moves as soon as its force is computed
        step_as_you_go(look, dt);
        return;
    }
    // 1. Everyone looks at the same, unmoved flock. Looking changes nothing,
    // so the grid visits boids cell by cell (neighbouring boids share their
    // candidates, which stay in cache); brute force goes in list order. With
    // threads, each takes the next run of that order until none is left
    // (dense clumps cost more per boid than sparse ones, so fixed halves
    // would leave one thread waiting).
    struct LookPhase {
        Flock* flock;
        const Look* look;
        NeighborMode mode;
        const int* order;
        int n, run;
        bool lead;
        std::atomic<int> next{0};
    };
    const int parts = workers_.pool && n >= kMinBoidsPerThread * threads() ? threads() : 1;
    // Runs of about an eighth of each thread's share (at least 32 boids, so
    // a run mostly reuses its cell's block).
    LookPhase phase{this, &look, mode, mode == NeighborMode::Grid ? grid_.ids() : nullptr, n,
                    std::max(32, n / (8 * parts)), lead};
    const auto look_part = [](void* context, int part) {
        LookPhase& ph = *static_cast<LookPhase*>(context);
        Flock& f = *ph.flock;
        Scratch& scratch = f.scratch_[part];
        for (int begin; (begin = ph.next.fetch_add(ph.run, std::memory_order_relaxed)) < ph.n;) {
            const int end = std::min(ph.n, begin + ph.run);
            for (int k = begin; k < end; ++k) {
                const int i = ph.order ? ph.order[k] : k;
                const Vec2 force = ph.lead && i == 0
                                       ? arrive({f.x_[0], f.y_[0]}, {f.vx_[0], f.vy_[0]}, *f.leader_target_,
                                                f.p_.leader_slow_radius, limits(f.p_))
                                       : f.flock_force(i, f.gather(i, ph.mode, scratch), *ph.look);
                f.ax_[i] = force.x;
                f.ay_[i] = force.y;
            }
        }
    };
    if (parts > 1) {
        workers_.pool->run(look_part, &phase);
    } else {
        look_part(&phase, 0);
    }
    const Vec2 hunter_accel = hunter_aim();
    // 2. Then everyone moves (in any order: a move reads only its own boid).
    for (int i = 0; i < n; ++i) move(i, dt, lead);
    // 3. The hunting hawk moves last.
    move_hunter(hunter_accel, dt);
}

// The hunter seeks where the nearest boid will be: its position plus its
// velocity times the time the hunter needs to get there at full speed.
Vec2 Flock::hunter_aim() {
    const int prey = hunter_ ? nearest(hunter_->pos, x_.data(), y_.data(), size()) : -1;
    if (prey < 0) return {};
    const Boid b = boid(prey);
    const double t = hunter_->pos.distance_to(b.pos) / p_.hawk_max_speed;
    hunter_->aim = b.pos + b.vel * t;
    return seek(hunter_->pos, hunter_->vel, hunter_->aim, hawk_limits(p_));
}

Vec2 Flock::wrap(Vec2 p) const { return {py_mod(p.x, p_.world_width), py_mod(p.y, p_.world_height)}; }

// Semi-implicit Euler with the speed band, then wrap. The leader has no
// minimum speed, so it can stop on its target.
void Flock::move(int i, double dt, bool lead) {
    Motion m;
    if (lead && i == 0) {
        m = integrate({x_[0], y_[0]}, {vx_[0], vy_[0]}, {ax_[0], ay_[0]}, dt, p_.max_speed);
    } else {
        Vec2 vel = Vec2{vx_[i], vy_[i]} + Vec2{ax_[i], ay_[i]} * dt;
        if (vel.length_squared() == 0) vel = {p_.min_speed, 0};  // the band needs a direction
        vel = vel.clamp_magnitude(p_.min_speed, p_.max_speed);
        m = {Vec2{x_[i], y_[i]} + vel * dt, vel};
    }
    const Vec2 pos = wrap(m.pos);
    vx_[i] = m.velocity.x;
    vy_[i] = m.velocity.y;
    x_[i] = pos.x;
    y_[i] = pos.y;
}

void Flock::move_hunter(Vec2 accel, double dt) {
    if (!hunter_) return;
    const Motion m = integrate(hunter_->pos, hunter_->vel, accel, dt, p_.hawk_max_speed);
    hunter_->pos = wrap(m.pos);
    hunter_->vel = m.velocity;
}

}  // namespace flocklab
