#include "flock_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "bench.hpp"
#include "format.hpp"

namespace flocklab {

FlockScene::FlockScene() { reset(seed_); }

namespace {
// The table's accessors see a Scene; this one is always a FlockScene.
const FlockScene& F(const Scene& s) { return static_cast<const FlockScene&>(s); }
FlockScene& F(Scene& s) { return static_cast<FlockScene&>(s); }
}  // namespace

const std::vector<OptionSpec>& FlockScene::options() const {
    static const std::vector<OptionSpec> o = [] {
        std::vector<OptionSpec> v;
        OptionSpec rule{"rule", OptionKind::Flags, {kRuleNames, kRuleNames + kRuleCount}, 0, 0, false,
                        "keys 1-4 toggle them, R turns the lesson's three on and wander off"};
        rule.read = [](const Scene& s, int k) -> double { return F(s).rule(k); };
        rule.write = [](Scene& s, int k, double on) { F(s).set_rule(k, on != 0); };
        v.push_back(rule);
        OptionSpec mode{"hawkMode", OptionKind::Choice, {kHawkModes, kHawkModes + 3}, 0, 0, false,
                        "pointer: the pointer is the hawk; pursuit: a hawk hunts the nearest boid; off", "hawk"};
        mode.read = [](const Scene& s, int) -> double { return static_cast<int>(F(s).hawk_mode()); };
        mode.write = [](Scene& s, int, double i) { F(s).set_hawk_mode(static_cast<HawkMode>(static_cast<int>(i))); };
        v.push_back(mode);
        OptionSpec hawk{"hawk", OptionKind::Point, {}, 0, 0, true, "the pointer hawk's position (pointer mode)", ""};
        hawk.where = [](const Scene& s) { return F(s).hawk; };
        hawk.place = [](Scene& s, std::optional<Vec2> p) -> std::optional<Vec2> {
            // Far outside the world a hawk scares nobody; the clamp keeps drawing finite.
            constexpr double kFar = 1e5;  // px
            F(s).hawk = p ? std::optional<Vec2>(Vec2{std::clamp(p->x, -kFar, kFar), std::clamp(p->y, -kFar, kFar)}) : std::nullopt;
            return F(s).hawk;
        };
        v.push_back(hawk);
        OptionSpec leader{"leader", OptionKind::Toggle, {}, 0, 0, false, "boid 0 leads; the others follow it"};
        leader.read = [](const Scene& s, int) -> double { return F(s).leader(); };
        leader.write = [](Scene& s, int, double on) { F(s).set_leader(on != 0); };
        v.push_back(leader);
        OptionSpec target{"leaderTarget", OptionKind::Point, {}, 0, 0, false, "where the leader goes"};
        target.where = [](const Scene& s) -> std::optional<Vec2> { return F(s).leader_target(); };
        target.place = [](Scene& s, std::optional<Vec2> p) -> std::optional<Vec2> {
            if (p) F(s).set_leader_target(*p);
            return F(s).leader_target();
        };
        v.push_back(target);
        OptionSpec boids{"boids", OptionKind::Count, {}, 2, kWidgetMaxBoids, false, "flock size (a new flock)"};
        boids.read = [](const Scene& s, int) -> double { return F(s).flock.size(); };
        boids.write = [](Scene& s, int, double n) { F(s).set_size(static_cast<int>(n)); };
        v.push_back(boids);
        OptionSpec neighbors{"neighbors", OptionKind::Choice, {"grid", "brute"}, 0, 0, false,
                             "how neighbours are found (same result)"};
        neighbors.read = [](const Scene& s, int) -> double { return F(s).neighbors == NeighborMode::Brute; };
        neighbors.write = [](Scene& s, int, double i) { F(s).neighbors = i != 0 ? NeighborMode::Brute : NeighborMode::Grid; };
        v.push_back(neighbors);
        OptionSpec selected{"selected", OptionKind::Count, {}, 0, kWidgetMaxBoids - 1, true,
                            "the boid the overlays explain (click or tap one; none: boid 0)", nullptr, "select"};
        selected.read = [](const Scene& s, int) -> double { return F(s).selected() >= 0 ? F(s).selected() : std::nan(""); };
        selected.write = [](Scene& s, int, double i) { F(s).select(std::isnan(i) ? -1 : static_cast<int>(i)); };
        selected.hi_now = [](const Scene& s) -> double { return F(s).flock.size() - 1; };
        selected.clamps = false;
        selected.what = "a boid";
        v.push_back(selected);
        OptionSpec overlay{"overlay", OptionKind::Flags, {kOverlays, kOverlays + kOverlayCount}, 0, 0, false,
                           "what is drawn for the inspected boid: its vision cone, neighbours, forces, grid cells"};
        overlay.read = [](const Scene& s, int k) -> double { return F(s).overlay(k); };
        overlay.write = [](Scene& s, int k, double on) { F(s).set_overlay(k, on != 0); };
        v.push_back(overlay);
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
    return o + ", \"rules\": " + get("rule") + ", \"options\": {" + options_json(*this) + "}}";
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
