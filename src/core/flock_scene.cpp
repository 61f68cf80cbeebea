#include "flock_scene.hpp"

#include <algorithm>
#include <cstring>

#include "bench.hpp"
#include "format.hpp"

namespace flocklab {

FlockScene::FlockScene() { reset(seed_); }

const std::vector<OptionSpec>& FlockScene::options() const {
    static const std::vector<OptionSpec> o = [] {
        std::vector<OptionSpec> v;
        v.push_back({"rule", OptionKind::Flags, {kRuleNames, kRuleNames + kRuleCount}, 0, 0, false,
                     "keys 1-4 toggle them, R turns the lesson's three on and wander off"});
        v.push_back({"hawkMode", OptionKind::Choice, {kHawkModes, kHawkModes + 3}, 0, 0, false,
                     "pointer: the pointer is the hawk; pursuit: a hawk hunts the nearest boid; off", "hawk"});
        v.push_back({"hawk", OptionKind::Point, {}, 0, 0, true, "the pointer hawk's position (pointer mode)", ""});
        v.push_back({"leader", OptionKind::Toggle, {}, 0, 0, false, "boid 0 leads; the others follow it"});
        v.push_back({"leaderTarget", OptionKind::Point, {}, 0, 0, false, "where the leader goes"});
        v.push_back({"boids", OptionKind::Count, {}, 2, kWidgetMaxBoids, false, "flock size (a new flock)"});
        v.push_back({"neighbors", OptionKind::Choice, {"grid", "brute"}, 0, 0, false,
                     "how neighbours are found (same result)"});
        v.push_back({"selected", OptionKind::Count, {}, 0, kWidgetMaxBoids - 1, true,
                     "the boid the overlays explain (click or tap one; none: boid 0)", nullptr, "select"});
        v.push_back({"overlay", OptionKind::Flags, {kOverlays, kOverlays + kOverlayCount}, 0, 0, false,
                     "what is drawn for the inspected boid: its vision cone, neighbours, forces, grid cells"});
        return v;
    }();
    return o;
}

const char* FlockScene::input_help() const {
    if (leader()) {
        return "Flock simulation with a leader. Tap or click to set the leader's target, or drag the target; "
               "swipe elsewhere to scroll. Keys 1 to 4 toggle the rules, R turns the lesson's three on, "
               "period steps while paused.";
    }
    if (hawk_mode_ == HawkMode::Pursuit) {
        return "Flock simulation with a hunting hawk. Tap or click a boid to inspect it. Keys 1 to 4 toggle the "
               "rules, R turns the lesson's three on, period steps while paused.";
    }
    return "Flock simulation. The mouse pointer is the hawk; on a touch screen tap to place the hawk and drag it "
           "from there, swipe elsewhere to scroll. Tap or click a boid to inspect it. Keys 1 to 4 toggle the "
           "rules, R turns the lesson's three on, period steps while paused.";
}

void FlockScene::restart(std::uint64_t new_seed) {
    seed_ = new_seed;
    sanitize(params);
    const std::optional<Vec2> lead = flock.leader_target();
    flock = Flock(params, seed_);
    flock.set_leader(lead);
    flock.set_pursuit(hawk_mode_ == HawkMode::Pursuit);
    steps_ = 0;
    ++epoch_;
}

void FlockScene::advance(int n) {
    sanitize(params);  // tuning may have changed; never step with unsafe values
    flock.set_params(params);
    for (int i = 0; i < n; ++i) flock.step(rules, kLabDt, pointer_hawk(), neighbors);
    steps_ += std::max(0, n);
}

void FlockScene::set_rule(int index, bool on) {
    if (index < 0 || index >= kRuleCount || rule(index) == on) return;
    flocklab::set_rule(rules, index, on);
    note(std::string(kRuleNames[index]) + (on ? " on" : " off"));
}

void FlockScene::all_rules_on() {
    const Rules lesson;
    for (int i = 0; i < kRuleCount; ++i) set_rule(i, flocklab::rule(lesson, i));
}

int FlockScene::inspected() const {
    if (selected() >= 0) return selected();
    for (bool on : overlays_) {
        if (on && flock.size() > 0) return 0;
    }
    return -1;
}

std::optional<Vec2> FlockScene::active_hawk() const {
    if (flock.hunter()) return flock.hunter()->pos;
    return hawk_mode_ == HawkMode::Pointer ? hawk : std::nullopt;
}

void FlockScene::set_hawk_mode(HawkMode m) {
    if (m == hawk_mode_) return;
    hawk_mode_ = m;
    note(std::string("hawk ") + kHawkModes[static_cast<int>(m)]);
    flock.set_pursuit(m == HawkMode::Pursuit);  // a new hunter starts at rest
}

void FlockScene::set_leader(bool on) {
    if (on != leader()) note(on ? "leader on" : "leader off");
    flock.set_leader(on ? std::optional<Vec2>(leader_target_) : std::nullopt);
}

void FlockScene::set_leader_target(Vec2 t) {
    leader_target_ = {std::clamp(t.x, 0.0, params.world_width), std::clamp(t.y, 0.0, params.world_height)};
    if (leader()) flock.set_leader(leader_target_);
}

void FlockScene::set_size(int boids) {
    params.num_boids = std::clamp(boids, 2, kWidgetMaxBoids);
    reset();
}

std::vector<Gauge> FlockScene::gauges() {
    // The flock changes only by stepping or resetting: measure it once per
    // state (the spacing gauge is the costly one at 5000 boids).
    if (gauges_steps_ != steps_ || gauges_epoch_ != epoch_) {
        spacing_ = flock.mean_spacing();
        order_ = flock.heading_order();
        gauges_steps_ = steps_;
        gauges_epoch_ = epoch_;
    }
    return {{"spacing", "px", spacing_}, {"order", "", order_}};
}

BenchResult FlockScene::benchmark(int boids, NeighborMode mode, int steps, int warmup) const {
    FlockParams p = params;
    p.num_boids = std::clamp(boids, 2, kWidgetMaxBoids);
    steps = std::clamp(steps, 1, max_steps_for(p.num_boids));
    // Batches keep the browser's coarse clock usable; the warm-up (600 steps
    // by default, as in the CLI's bench) lets the flock form.
    const int rounds = std::min(steps, 5);
    return bench_flock(p, seed_, mode, std::clamp(warmup, 0, 100000), rounds, std::max(1, steps / rounds), kMaxCallMs,
                       kMaxWarmupMs);
}

// [SECTION] Options by name

SetResult FlockScene::set(const std::string& name, const std::string& value) {
    const OptionSpec* o = option(name);
    if (!o) return unknown_option(*this, name);
    if (o->kind == OptionKind::Flags) {  // "wander=1", "forces=0"
        const size_t eq = value.find('=');
        const int i = index_of(*o, value.substr(0, eq));
        if (eq == std::string::npos || i < 0) return invalid(name, "expected NAME=0|1 with NAME one of " + join(o->values), value);
        const bool on = parse_toggle(value.substr(eq + 1));
        if (name == "rule") set_rule(i, on);
        else set_overlay(i, on);
        return {};
    }
    if (name == "selected") {
        double n;
        if (value.empty() || value == "null" || value == "-1") {
            select(-1);
            return {};
        }
        if (!parse_count(value, &n) || n < 0 || n >= flock.size()) {
            return invalid(name, "expected a boid from 0 to " + std::to_string(flock.size() - 1) + ", or none", value);
        }
        select(static_cast<int>(n));
        return {};
    }
    if (o->kind == OptionKind::Choice) {
        const int i = index_of(*o, value);
        if (i < 0) return invalid_choice(*o, value);
        if (name == "hawkMode") set_hawk_mode(static_cast<HawkMode>(i));
        else neighbors = value == "brute" ? NeighborMode::Brute : NeighborMode::Grid;
        return {};
    }
    if (name == "leader") {
        set_leader(parse_toggle(value));
        return {};
    }
    if (name == "boids") {
        double n;
        if (!parse_count(value, &n)) return invalid(name, "expected a whole number", value);
        const int k = static_cast<int>(std::clamp(n, o->lo, o->hi));
        set_size(k);
        if (k != n || std::to_string(k) != value) {
            return {SetResult::Clamped, "boids: " + value + " must be a whole number from " + std::to_string(static_cast<int>(o->lo)) +
                                            " to " + std::to_string(static_cast<int>(o->hi)) + "; using " + std::to_string(k)};
        }
        return {};
    }
    // The two points: the pointer hawk (none when empty) and the leader's target.
    if (name == "hawk" && value.empty()) {
        hawk.reset();
        return {};
    }
    Vec2 p;
    if (!parse_point(value, &p)) return invalid(name, "expected two finite numbers x,y", value);
    Vec2 used;
    if (name == "hawk") {
        // Far outside the world a hawk scares nobody; the clamp keeps drawing finite.
        constexpr double kFar = 1e5;  // px
        hawk = used = Vec2{std::clamp(p.x, -kFar, kFar), std::clamp(p.y, -kFar, kFar)};
    } else {
        set_leader_target(p);
        used = leader_target_;
    }
    if (used != p) return {SetResult::Clamped, name + ": (" + value + ") is outside the world; using " + json_point(used)};
    return {};
}

std::string FlockScene::get(const std::string& option) const {
    if (option == "rule") {
        std::string o = "{";
        for (int i = 0; i < kRuleCount; ++i) {
            o += std::string(i ? ", " : "") + json_string(kRuleNames[i]) + ": " + (rule(i) ? "true" : "false");
        }
        return o + "}";
    }
    if (option == "hawkMode") return json_string(kHawkModes[static_cast<int>(hawk_mode_)]);
    if (option == "hawk") return hawk ? json_point(*hawk) : "null";
    if (option == "leader") return leader() ? "true" : "false";
    if (option == "leaderTarget") return json_point(leader_target_);
    if (option == "boids") return std::to_string(flock.size());
    if (option == "neighbors") return neighbors == NeighborMode::Brute ? "\"brute\"" : "\"grid\"";
    if (option == "selected") return selected() >= 0 ? std::to_string(selected()) : "null";
    if (option == "overlay") {
        std::string o = "{";
        for (int i = 0; i < kOverlayCount; ++i) {
            o += std::string(i ? ", " : "") + json_string(kOverlays[i]) + ": " + (overlays_[i] ? "true" : "false");
        }
        return o + "}";
    }
    return "null";
}

std::string FlockScene::state_json() const {
    std::string o = "{\"boids\": [";
    for (int i = 0; i < flock.size(); ++i) {
        const Boid b = flock.boid(i);
        o += (i ? ", " : "") + json_motion(b.pos, b.vel);
    }
    o += "], \"hawk\": ";
    const std::optional<Vec2> h = active_hawk();
    o += h ? json_point(*h) : "null";
    o += ", \"hawkMode\": " + get("hawkMode") + ", \"hunter\": ";
    if (const auto& hu = flock.hunter()) {
        o += json_motion(hu->pos, hu->vel);
    } else {
        o += "null";
    }
    o += ", \"leader\": ";
    o += leader() ? "{\"target\": " + json_point(leader_target_) + ", \"behind\": " + json_point(flock.follow_point()) + "}" : "null";
    return o + ", \"rules\": " + get("rule") + "}";
}

std::string explanation_json(const Explanation& e) {
    if (e.boid < 0) return "null";
    std::string o = "{\"boid\": " + std::to_string(e.boid) + ", \"pos\": " + json_point(e.self.pos) +
                    ", \"vel\": " + json_point(e.self.vel) + ", \"neighbors\": [";
    for (size_t k = 0; k < e.neighbors.size(); ++k) o += (k ? ", " : "") + std::to_string(e.neighbors[k]);
    o += "], \"hawk\": " + (e.hawk ? json_point(*e.hawk) : std::string("null"));
    std::string forces, weights, counted;
    for (const Explanation::Force& f : e.forces) {
        const std::string sep = forces.empty() ? "" : ", ";
        forces += sep + json_string(f.name) + ": " + json_point(f.value);
        weights += sep + json_string(f.name) + ": " + py_repr(f.weight);
        counted += sep + json_string(f.name) + ": " + (f.counted ? "true" : "false");
    }
    return o + ", \"forces\": {" + forces + "}, \"weights\": {" + weights + "}, \"counted\": {" + counted +
           "}, \"total\": " + json_point(e.total) + "}";
}

std::string FlockScene::explain_json(int i) { return explanation_json(explain(i)); }

std::vector<Tunable> FlockScene::tunables() {
    std::vector<Tunable> t;
    for (const Field<FlockParams>& f : fields(&params)) {
        if (!f.tunable) continue;
        double hi = f.hi;
        if (std::strcmp(f.name, "min_speed") == 0) hi = params.max_speed;
        t.push_back({f.name, f.unit, f.group, &(params.*f.member), f.lo, hi});
    }
    return t;
}

void FlockScene::defaults() {
    params = FlockParams{};
    set_size(params.num_boids);
}

}  // namespace flocklab
