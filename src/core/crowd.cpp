#include "crowd.hpp"

#include <algorithm>
#include <cmath>

#include "format.hpp"
#include "pyrandom.hpp"
#include "scene.hpp"
#include "steering.hpp"
#include "trig.hpp"

namespace flocklab {

namespace {
// Python's x // m for finite x >= 0 and m > 0 (CPython's float_floor_div):
// (x - fmod(x, m)) / m, floored, so a point just below a cell's edge stays in
// its cell however the division rounds.
double py_floordiv(double x, double m) {
    const double mod = std::fmod(x, m);
    const double div = (x - mod) / m;
    if (div == 0.0) return 0.0;
    double f = std::floor(div);
    if (div - f > 0.5) f += 1.0;
    return f;
}

// The eight neighbours in the order that breaks ties (the first wins).
constexpr Cell kNeighbours[8] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr Cell kSides[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
constexpr int kSpawnColumns = 6;  // agents start in columns 0-5
}  // namespace

bool cell_of(Vec2 p, Cell* out) {
    if (!(p.x >= 0) || !(p.y >= 0) || p.x >= kCols * kCellPx || p.y >= kRows * kCellPx) return false;
    *out = {static_cast<int>(py_floordiv(p.x, kCellPx)), static_cast<int>(py_floordiv(p.y, kCellPx))};
    return true;
}

Vec2 centre_of(Cell k) { return {(k.c + 0.5) * kCellPx, (k.r + 0.5) * kCellPx}; }

// [SECTION] The maze and its search

Maze::Maze() {
    for (int r = 0; r <= 12; ++r) wall_[cell_index({9, r})] = true;
    for (int r = 5; r <= 17; ++r) wall_[cell_index({19, r})] = true;
    solve();
}

Maze Maze::empty() {
    Maze m;
    m.wall_.fill(false);
    m.solve();
    return m;
}

int Maze::walls() const { return static_cast<int>(std::count(wall_.begin(), wall_.end(), true)); }

bool Maze::is_default() const { return goal_ == kDefaultGoal && wall_ == Maze().wall_; }

bool Maze::set_goal(Cell k) {
    if (!free(k)) return false;
    goal_ = k;
    solve();
    return true;
}

bool Maze::set_wall(Cell k, bool on) {
    if (!in_grid(k) || (on && k == goal_)) return false;
    wall_[cell_index(k)] = on;
    solve();
    return true;
}

void Maze::set_walls(const std::vector<Cell>& cells) {
    wall_.fill(false);
    for (Cell k : cells) {
        if (in_grid(k) && k != goal_) wall_[cell_index(k)] = true;
    }
    solve();
}

void Maze::solve() {
    // integration_field: breadth-first over the four sides from the goal.
    // (Each cell enters the queue once: a fixed array of kCells is the queue.)
    dist_.fill(-1);
    std::array<Cell, kCells> queue;
    int head = 0, tail = 0;
    queue[tail++] = goal_;
    dist_[cell_index(goal_)] = 0;
    while (head < tail) {
        const Cell at = queue[head++];
        for (Cell d : kSides) {
            const Cell next{at.c + d.c, at.r + d.r};
            if (free(next) && dist_[cell_index(next)] < 0) {
                dist_[cell_index(next)] = dist_[cell_index(at)] + 1;
                queue[tail++] = next;
            }
        }
    }
    // flow_field: the neighbour strictly nearest the goal, diagonals only
    // between two free side cells; zero where none is nearer.
    for (int i = 0; i < kCells; ++i) {
        flow_[i] = {};
        const int d = dist_[i];
        if (d < 0) continue;
        const Cell at = cell_at(i);
        int best = -1, best_d = d;
        for (int k = 0; k < 8; ++k) {
            const Cell n{at.c + kNeighbours[k].c, at.r + kNeighbours[k].r};
            const int nd = distance(n);
            if (nd < 0) continue;
            if (kNeighbours[k].c != 0 && kNeighbours[k].r != 0 &&
                !(free({n.c, at.r}) && free({at.c, n.r}))) {
                continue;
            }
            if (nd < best_d) {
                best = k;
                best_d = nd;
            }
        }
        if (best >= 0) flow_[i] = Vec2{static_cast<double>(kNeighbours[best].c), static_cast<double>(kNeighbours[best].r)}.normalize();
    }
}

namespace {
// A cell's column or row: digits only, as every number the CLI and the page
// take (no spaces around it, no sign: " 1 , 2" and "+1,+1" are refused).
bool parse_int(const std::string& t, int* out) {
    if (t.empty() || t.size() > 9) return false;
    for (const char ch : t) {
        if (ch < '0' || ch > '9') return false;
    }
    *out = std::atoi(t.c_str());
    return true;
}
}  // namespace

bool Maze::parse_cell(const std::string& text, Cell* out, std::string* why) {
    const size_t comma = text.find(',');
    Cell k;
    if (comma == std::string::npos || !parse_int(text.substr(0, comma), &k.c) || !parse_int(text.substr(comma + 1), &k.r)) {
        *why = "expected a cell as column,row (two whole numbers, no spaces or signs), got '" + shortened(text) + "'";
        return false;
    }
    if (!in_grid(k)) {
        *why = "cell " + std::to_string(k.c) + "," + std::to_string(k.r) + " is outside the grid (columns 0-" +
               std::to_string(kCols - 1) + ", rows 0-" + std::to_string(kRows - 1) + ")";
        return false;
    }
    *out = k;
    return true;
}

bool Maze::parse_walls(const std::string& text, std::vector<Cell>* out, std::string* why) {
    out->clear();
    if (text == "default") {
        const Maze m;
        for (int i = 0; i < kCells; ++i) {
            if (m.wall_[i]) out->push_back(cell_at(i));
        }
        return true;
    }
    if (text == "none" || text.empty()) return true;
    size_t at = 0;
    while (true) {
        const size_t semi = text.find(';', at);
        Cell k;
        if (!parse_cell(text.substr(at, semi == std::string::npos ? std::string::npos : semi - at), &k, why)) {
            *why = "expected \"default\", \"none\" or cells \"c,r;c,r;...\": " + *why;
            return false;
        }
        out->push_back(k);
        if (semi == std::string::npos) return true;
        at = semi + 1;
    }
}

std::string Maze::walls_text() const {
    if (wall_ == Maze().wall_) return "default";
    std::string o;
    for (int c = 0; c < kCols; ++c) {  // sorted as (column, row) pairs
        for (int r = 0; r < kRows; ++r) {
            if (wall_[cell_index({c, r})]) o += (o.empty() ? "" : ";") + std::to_string(c) + "," + std::to_string(r);
        }
    }
    return o.empty() ? "none" : o;
}

std::string Maze::goal_text() const { return std::to_string(goal_.c) + "," + std::to_string(goal_.r); }

std::string Maze::field_json() const {
    const auto pair = [](int a, int b) { return "[" + std::to_string(a) + ", " + std::to_string(b) + "]"; };
    std::string o = "{\"goal\": " + pair(goal_.c, goal_.r) + ", \"walls\": [";
    bool first = true;
    for (int c = 0; c < kCols; ++c) {  // sorted as (column, row) pairs
        for (int r = 0; r < kRows; ++r) {
            if (!wall_[cell_index({c, r})]) continue;
            o += (first ? "" : ", ") + pair(c, r);
            first = false;
        }
    }
    o += "], \"distance\": [";
    for (int r = 0; r < kRows; ++r) {
        o += r ? ", [" : "[";
        for (int c = 0; c < kCols; ++c) {
            const int d = dist_[cell_index({c, r})];
            o += (c ? ", " : "") + (d < 0 ? std::string("null") : std::to_string(d));
        }
        o += "]";
    }
    o += "], \"flow\": [";
    for (int r = 0; r < kRows; ++r) {
        o += r ? ", [" : "[";
        for (int c = 0; c < kCols; ++c) {
            const int i = cell_index({c, r});
            o += (c ? ", " : "") + (dist_[i] < 0 ? std::string("null") : json_point(flow_[i]));
        }
        o += "]";
    }
    return o + "]}";
}

// [SECTION] The crowd

bool Crowd::spawnable(const Maze& m) {
    for (int c = 0; c < kSpawnColumns; ++c) {
        for (int r = 0; r < kRows; ++r) {
            if (m.distance({c, r}) >= 0) return true;
        }
    }
    return false;
}

Crowd::Crowd(const CrowdParams& p, const Maze& m, std::uint64_t seed) : look_(p.flock(), std::vector<Boid>{}) {
    constexpr double kTau = 6.283185307179586;  // math.tau
    PyRandom rng(seed);
    const int n = spawnable(m) ? std::max(0, p.num_agents) : 0;
    while (static_cast<int>(agents_.size()) < n) {
        const double x = rng.uniform(0 * kCellPx, kSpawnColumns * kCellPx);
        const double y = rng.uniform(0, kRows * kCellPx);
        Cell k;
        if (!cell_of({x, y}, &k) || m.distance(k) < 0) continue;  // a wall, or cut off: draw again
        const double angle = rng.uniform(0, kTau);
        const double speed = rng.uniform(0, p.max_speed);
        const SinCos h = lab_sincos(angle);
        agents_.push_back({{x, y}, Vec2{h.cos, h.sin} * speed});
    }
    force_.assign(agents_.size(), Vec2{});
    look_ = Flock(p.flock(), agents_);
}

Cell Crowd::cell(int i) const {
    Cell k;
    cell_of(agents_[i].pos, &k);  // agents never leave the world
    return k;
}

namespace {
// toward_goal: arrive at the goal's centre, braking inside slow_radius.
Vec2 toward_goal(const Boid& a, Vec2 goal, const CrowdParams& p) {
    const Vec2 offset = goal - a.pos;
    const double dist = offset.length();
    if (dist < 1) return steer_toward({}, a.vel, p.reaction_time, p.max_force);
    const double speed = p.max_speed * std::min(1.0, dist / p.slow_radius);
    return steer_toward(offset * (speed / dist), a.vel, p.reaction_time, p.max_force);
}
}  // namespace

Vec2 Crowd::want(int i, const CrowdParams& p, const Maze& m, Follow follow) const {
    const Boid& a = agents_[i];
    const int d = m.distance(cell(i));
    if (follow == Follow::Seek || (d >= 0 && d <= p.arrive_cells)) return toward_goal(a, centre_of(m.goal()), p);
    if (d < 0) return steer_toward({}, a.vel, p.reaction_time, p.max_force);  // no way to the goal (a wall was added): stop
    return steer_toward(m.flow(cell(i)) * p.max_speed, a.vel, p.reaction_time, p.max_force);
}

void Crowd::step(const CrowdParams& p, const Maze& m, Follow follow, double dt, NeighborMode mode) {
    const int n = size();
    look_.set_params(p.flock());
    for (int i = 0; i < n; ++i) look_.set_boid(i, agents_[i]);
    look_.separations(push_, mode);
    for (int i = 0; i < n; ++i) {
        Vec2 total = want(i, p, m, follow) * p.weight_follow;
        total += push_[i] * p.weight_separation;
        force_[i] = total.clamp_magnitude(p.max_force);
    }
    for (int i = 0; i < n; ++i) {
        Boid& a = agents_[i];
        a.vel = (a.vel + force_[i] * dt).clamp_magnitude(p.max_speed);
        const Vec2 step = a.vel * dt;
        Cell k;
        const Vec2 nx{a.pos.x + step.x, a.pos.y};
        if (cell_of(nx, &k) && m.free(k)) a.pos = nx;
        else a.vel = {0, a.vel.y};
        const Vec2 ny{a.pos.x, a.pos.y + step.y};
        if (cell_of(ny, &k) && m.free(k)) a.pos = ny;
        else a.vel = {a.vel.x, 0};
    }
}

int Crowd::arrived(const CrowdParams& p, const Maze& m) const {
    const Vec2 centre = centre_of(m.goal());
    int n = 0;
    for (const Boid& a : agents_) n += a.pos.distance_to(centre) <= p.goal_radius;
    return n;
}

bool Crowd::stuck(int i, const CrowdParams& p, const Maze& m) const {
    const int d = m.distance(cell(i));
    return agents_[i].vel.length() < p.stuck_speed && (d < 0 || d > p.stuck_cells);
}

int Crowd::stuck(const CrowdParams& p, const Maze& m) const {
    int n = 0;
    for (int i = 0; i < size(); ++i) n += stuck(i, p, m);
    return n;
}

int Crowd::cut_off(const Maze& m) const {
    int n = 0;
    for (int i = 0; i < size(); ++i) n += m.distance(cell(i)) < 0;
    return n;
}

double Crowd::mean_steps_to_goal(const Maze& m) const {
    long long sum = 0;
    int n = 0;
    for (int i = 0; i < size(); ++i) {
        const int d = m.distance(cell(i));
        if (d < 0) continue;
        sum += d;
        ++n;
    }
    return n ? static_cast<double>(sum) / n : 0.0;
}

std::string Crowd::json(const CrowdParams& p, const Maze& m, Follow follow, std::uint64_t seed, long long steps) const {
    std::string o = std::string("{\"follow\": \"") + kFollowNames[static_cast<int>(follow)] + "\", \"seed\": " +
                    std::to_string(seed) + ", \"steps\": " + std::to_string(steps) + ", \"goal\": [" +
                    std::to_string(m.goal().c) + ", " + std::to_string(m.goal().r) + "], \"agents\": [";
    for (int i = 0; i < size(); ++i) o += (i ? ", " : "") + json_motion(agents_[i].pos, agents_[i].vel);
    return o + "], \"arrived\": " + std::to_string(arrived(p, m)) + ", \"stuck\": " + std::to_string(stuck(p, m)) +
           ", \"mean_steps_to_goal\": " + py_repr(mean_steps_to_goal(m)) + "}";
}

void Crowd::state_io(StateIO& io) {
    io.list(agents_, [](StateIO& io, Boid& b) {
        io.vec2(b.pos);
        io.vec2(b.vel);
    });
    io.list(force_, [](StateIO& io, Vec2& f) { io.vec2(f); });
    if (!io.reading()) return;
    if (force_.size() != agents_.size()) io.fail("a crowd whose forces are not its agents'");
    look_ = Flock(look_.params(), agents_);  // the neighbour search's copy: refreshed every step
}

}  // namespace flocklab
