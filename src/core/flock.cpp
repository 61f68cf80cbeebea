#include "flock.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "pyrandom.hpp"
#include "steering.hpp"

namespace flocklab {

// [SECTION] Rule names

namespace {
struct RuleName {
    const char* name;
    Rules rules;
};
constexpr RuleName kRuleNames[] = {
    {"all", {true, true, true}},        {"none", {false, false, false}},
    {"no-sep", {false, true, true}},    {"no-ali", {true, false, true}},
    {"no-coh", {true, true, false}},    {"only-sep", {true, false, false}},
    {"only-ali", {false, true, false}}, {"only-coh", {false, false, true}},
};
bool same(const Rules& a, const Rules& b) {
    return a.separation == b.separation && a.alignment == b.alignment && a.cohesion == b.cohesion;
}
}  // namespace

bool parse_rules(const std::string& name, Rules* out) {
    for (const RuleName& r : kRuleNames) {
        if (name == r.name) {
            *out = r.rules;
            return true;
        }
    }
    return false;
}

std::string rules_name(const Rules& r) {
    for (const RuleName& n : kRuleNames) {
        if (same(n.rules, r)) return n.name;
    }
    return "all";  // unreachable: the table lists all eight combinations
}

// [SECTION] Construction

Flock::Flock(const FlockParams& p, std::uint64_t seed) : p_(p) {
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
        const Vec2 vel = Vec2{std::cos(angle), std::sin(angle)} * speed;
        vx_[i] = vel.x;
        vy_[i] = vel.y;
        x_[i] = rng.uniform(0, p.world_width);
        y_[i] = rng.uniform(0, p.world_height);
    }
}

Flock::Flock(const FlockParams& p, const std::vector<Boid>& boids) : p_(p) {
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

std::vector<Boid> Flock::boids() const {
    std::vector<Boid> out(size());
    for (int i = 0; i < size(); ++i) out[i] = boid(i);
    return out;
}

// [SECTION] Neighbours

namespace {

// The lab's vision test for a candidate at offset o (|o|^2 = dsq > 0) from a
// boid with unit heading h: it is in the blind spot when
// o.normalize().dot(h) < view_cos. That needs a square root and two
// divisions; t = o.h is |o| times the same cosine, so comparing t^2 with
// view_cos^2 * dsq decides every pair that is not within a hair of the cone's
// edge. Those few take the lab's own arithmetic, so the answer is always the
// lab's.
inline bool in_blind_spot(double ox, double oy, double dsq, double hx, double hy, double c) {
    constexpr double kMargin = 1e-9;  // relative; rounding errors here are ~1e-15
    if (std::fabs(c) > 1e-3) {
        const double t = ox * hx + oy * hy;
        const double lhs = t * t;
        const double rhs = (c * c) * dsq;
        if (c < 0) {  // cone wider than 180 degrees: only far-behind pairs are blind
            if (t >= 0 || lhs < rhs * (1 - kMargin)) return false;
            if (lhs > rhs * (1 + kMargin)) return true;
        } else {      // narrower cone: only pairs well ahead are seen
            if (t <= 0 || lhs < rhs * (1 - kMargin)) return true;
            if (lhs > rhs * (1 + kMargin)) return false;
        }
    }
    const double len = std::sqrt(dsq);
    return (ox / len) * hx + (oy / len) * hy < c;
}

// What boid i needs to test candidates: its position, its unit heading (none
// when it stands still: then the whole disc is visible) and the limits.
struct Viewer {
    double x, y, hx = 0.0, hy = 0.0, r2, c;
    bool has_heading = false;

    Viewer(double x_, double y_, double vx, double vy, const FlockParams& p)
        : x(x_), y(y_), r2(p.view_radius * p.view_radius), c(p.view_cos()) {
        const Vec2 v{vx, vy};
        if (v.length_squared() > 0) {
            const Vec2 h = v.normalize();
            hx = h.x;
            hy = h.y;
            has_heading = true;
        }
    }
    bool sees(double ox_x, double ox_y) const {
        const double ox = ox_x - x;
        const double oy = ox_y - y;
        const double dsq = ox * ox + oy * oy;
        if (dsq == 0 || dsq > r2) return false;
        return !(has_heading && in_blind_spot(ox, oy, dsq, hx, hy, c));
    }
};

}  // namespace

int Flock::gather_brute(int i) {
    const Viewer v(x_[i], y_[i], vx_[i], vy_[i], p_);
    int n = 0;
    const int count = size();
    for (int j = 0; j < count; ++j) {
        if (j != i && v.sees(x_[j], y_[j])) near_[n++] = j;
    }
    return n;
}

int Flock::gather_grid(int i) {
    const Viewer v(x_[i], y_[i], vx_[i], vy_[i], p_);
    const int cols = grid_.cols();
    const int c = grid_.cell_of(i);
    const int cx = c % cols;
    const int cy = c / cols;
    const int x0 = std::max(cx - 1, 0);
    const int x1 = std::min(cx + 1, cols - 1);
    const int y0 = std::max(cy - 1, 0);
    const int y1 = std::min(cy + 1, grid_.rows() - 1);
    const int* ids = grid_.ids();
    const double* gx = grid_.xs();
    const double* gy = grid_.ys();
    int n = 0;
    for (int row = y0; row <= y1; ++row) {
        // Three neighbouring cells of one row are one contiguous run of slots.
        const int end = grid_.begin(row * cols + x1 + 1);
        for (int k = grid_.begin(row * cols + x0); k < end; ++k) {
            if (ids[k] != i && v.sees(gx[k], gy[k])) near_[n++] = ids[k];
        }
    }
    // The lab sums neighbours in list order, so restore it. Only the few
    // accepted neighbours are sorted, not the candidates.
    int* a = near_.data();
    if (n <= 32) {
        for (int k = 1; k < n; ++k) {
            const int key = a[k];
            int m = k - 1;
            while (m >= 0 && a[m] > key) {
                a[m + 1] = a[m];
                --m;
            }
            a[m + 1] = key;
        }
    } else {
        std::sort(a, a + n);
    }
    return n;
}

void Flock::rebuild_grid(double cell) {
    grid_.build(x_.data(), y_.data(), size(), p_.world_width, p_.world_height, cell);
}

// A grid cell a hair wider than the view radius, so rounding in the cell
// index can never put two boids within the radius two cells apart.
static double neighbor_cell(const FlockParams& p) { return p.view_radius * (1.0 + 1e-9); }

int Flock::gather(int i, NeighborMode mode) {
    return mode == NeighborMode::Grid ? gather_grid(i) : gather_brute(i);
}

std::vector<int> Flock::neighbors(int i, NeighborMode mode) {
    near_.resize(size());
    if (mode == NeighborMode::Grid) rebuild_grid(neighbor_cell(p_));
    const int n = gather(i, mode);
    return {near_.begin(), near_.begin() + n};
}

// [SECTION] Rules

Vec2 separation(const Flock& f, int self, const int* near, int n) {
    const FlockParams& p = f.params();
    const Boid me = f.boid(self);
    Vec2 push;
    const double sep2 = p.sep_radius * p.sep_radius;
    for (int k = 0; k < n; ++k) {
        const Vec2 offset = me.pos - Vec2{f.xs()[near[k]], f.ys()[near[k]]};
        const double dist_sq = offset.length_squared();
        if (0 < dist_sq && dist_sq < sep2) push += offset / dist_sq;  // unit vector / distance
    }
    if (push.length_squared() == 0) return {};
    return steer_toward(push.normalize() * p.max_speed, me.vel, p.reaction_time, p.max_force);
}

Vec2 alignment(const Flock& f, int self, const int* near, int n) {
    if (n == 0) return {};
    const FlockParams& p = f.params();
    Vec2 sum;  // sum(..., Vector2()): from +0.0, in list order
    for (int k = 0; k < n; ++k) sum += Vec2{f.vxs()[near[k]], f.vys()[near[k]]};
    const Vec2 average = sum / static_cast<double>(n);
    if (average.length_squared() == 0) return {};
    return steer_toward(average.normalize() * p.max_speed, f.boid(self).vel, p.reaction_time,
                        p.max_force);
}

Vec2 cohesion(const Flock& f, int self, const int* near, int n) {
    if (n == 0) return {};
    const FlockParams& p = f.params();
    Vec2 sum;
    for (int k = 0; k < n; ++k) sum += Vec2{f.xs()[near[k]], f.ys()[near[k]]};
    const Vec2 center = sum / static_cast<double>(n);
    const Boid me = f.boid(self);
    const Vec2 offset = center - me.pos;
    if (offset.length_squared() == 0) return {};
    return steer_toward(offset.normalize() * p.max_speed, me.vel, p.reaction_time, p.max_force);
}

Vec2 flee_hawk(Vec2 pos, Vec2 vel, std::optional<Vec2> hawk, const FlockParams& p) {
    if (!hawk) return {};
    const Vec2 offset = pos - *hawk;
    const double dist_sq = offset.length_squared();
    if (dist_sq == 0 || dist_sq > p.panic_radius * p.panic_radius) return {};
    return steer_toward(offset.normalize() * p.max_speed, vel, p.reaction_time, p.max_force);
}

Vec2 Flock::flock_force(int i, int n_near, const Rules& rules, std::optional<Vec2> hawk) const {
    const int* near = near_.data();
    Vec2 total;
    if (rules.separation) total += separation(*this, i, near, n_near) * p_.weight_separation;
    if (rules.alignment) total += alignment(*this, i, near, n_near) * p_.weight_alignment;
    if (rules.cohesion) total += cohesion(*this, i, near, n_near) * p_.weight_cohesion;
    const Boid me = boid(i);
    total += flee_hawk(me.pos, me.vel, hawk, p_) * p_.weight_flee;
    return total.clamp_magnitude(p_.max_force);
}

Vec2 Flock::force(int i, const Rules& rules, std::optional<Vec2> hawk, NeighborMode mode) {
    near_.resize(size());
    if (mode == NeighborMode::Grid) rebuild_grid(neighbor_cell(p_));
    return flock_force(i, gather(i, mode), rules, hawk);
}

// [SECTION] Step

void Flock::step(const Rules& rules, double dt, std::optional<Vec2> hawk, NeighborMode mode) {
    const int n = size();
    ax_.resize(n);
    ay_.resize(n);
    near_.resize(n);
    if (mode == NeighborMode::Grid) rebuild_grid(neighbor_cell(p_));
    // 1. Everyone looks at the same, unmoved flock.
    for (int i = 0; i < n; ++i) {
        const Vec2 f = flock_force(i, gather(i, mode), rules, hawk);
        ax_[i] = f.x;
        ay_[i] = f.y;
    }
    // 2. Then everyone moves: semi-implicit Euler with the speed band, then wrap.
    for (int i = 0; i < n; ++i) {
        Vec2 vel = Vec2{vx_[i], vy_[i]} + Vec2{ax_[i], ay_[i]} * dt;
        if (vel.length_squared() == 0) vel = {p_.min_speed, 0};  // the band needs a direction
        vel = vel.clamp_magnitude(p_.min_speed, p_.max_speed);
        const Vec2 pos = Vec2{x_[i], y_[i]} + vel * dt;
        vx_[i] = vel.x;
        vy_[i] = vel.y;
        x_[i] = py_mod(pos.x, p_.world_width);
        y_[i] = py_mod(pos.y, p_.world_height);
    }
}

// [SECTION] Gauges

double Flock::mean_spacing_brute() const {
    const int n = size();
    if (n < 2) return 0.0;
    double total = 0.0;
    for (int i = 0; i < n; ++i) {
        const Vec2 me{x_[i], y_[i]};
        double best = std::numeric_limits<double>::infinity();
        for (int j = 0; j < n; ++j) {
            if (j == i) continue;
            const double d = me.distance_to({x_[j], y_[j]});
            if (d < best) best = d;
        }
        total += best;
    }
    return total / n;
}

double Flock::mean_spacing() {
    const int n = size();
    if (n <= 128) return mean_spacing_brute();
    // The same minimum distances, found by searching rings of grid cells
    // outward until no unvisited cell can hold anything closer. A minimum
    // does not depend on the order it is found in, and the total is summed in
    // list order, so this equals the brute-force gauge exactly.
    const double area = p_.world_width * p_.world_height;
    rebuild_grid(std::max(1.0, std::sqrt(area / n)));
    const int cols = grid_.cols();
    const int rows = grid_.rows();
    const double cell = grid_.cell();
    const int* ids = grid_.ids();
    const double* gx = grid_.xs();
    const double* gy = grid_.ys();
    double total = 0.0;
    for (int i = 0; i < n; ++i) {
        const Vec2 me{x_[i], y_[i]};
        const int c = grid_.cell_of(i);
        const int cx = c % cols;
        const int cy = c / cols;
        // Cell indices are rounded, so keep a safety margin on the bound.
        const double slack = 1e-9 * (std::fabs(me.x) + std::fabs(me.y) + cell);
        double best = std::numeric_limits<double>::infinity();
        for (int ring = 0;; ++ring) {
            for (int gy_ = cy - ring; gy_ <= cy + ring; ++gy_) {
                if (gy_ < 0 || gy_ >= rows) continue;
                const bool edge_row = (gy_ == cy - ring || gy_ == cy + ring);
                for (int gx_ = cx - ring; gx_ <= cx + ring; gx_ += edge_row ? 1 : 2 * ring) {
                    if (gx_ >= 0 && gx_ < cols) {
                        const int cc = gy_ * cols + gx_;
                        for (int k = grid_.begin(cc); k < grid_.begin(cc + 1); ++k) {
                            if (ids[k] == i) continue;
                            const double d = me.distance_to({gx[k], gy[k]});
                            if (d < best) best = d;
                        }
                    }
                    if (ring == 0) break;
                }
            }
            const bool left = cx - ring > 0, right = cx + ring < cols - 1;
            const bool top = cy - ring > 0, bottom = cy + ring < rows - 1;
            if (!left && !right && !top && !bottom) break;  // every cell visited
            double bound = std::numeric_limits<double>::infinity();
            if (left) bound = std::min(bound, me.x - (cx - ring) * cell);
            if (right) bound = std::min(bound, (cx + ring + 1) * cell - me.x);
            if (top) bound = std::min(bound, me.y - (cy - ring) * cell);
            if (bottom) bound = std::min(bound, (cy + ring + 1) * cell - me.y);
            if (best <= bound - slack) break;
        }
        total += best;
    }
    return total / n;
}

double Flock::heading_order() const {
    const int n = size();
    if (n == 0) return 0.0;
    Vec2 sum;
    double speed_sum = 0.0;
    for (int i = 0; i < n; ++i) sum += Vec2{vx_[i], vy_[i]};
    for (int i = 0; i < n; ++i) speed_sum += Vec2{vx_[i], vy_[i]}.length();
    const Vec2 average = sum / static_cast<double>(n);
    const double mean_speed = speed_sum / n;
    if (mean_speed == 0) return 0.0;
    return average.length() / mean_speed;
}

}  // namespace flocklab
