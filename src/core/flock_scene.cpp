#include "flock_scene.hpp"

#include <algorithm>
#include <cmath>

#include "flock_bench.hpp"
#include "format.hpp"
#include "registry.hpp"
#include "words.hpp"

namespace flocklab {

FlockScene::FlockScene() { reset(kDefaultSeed); }

// [SECTION] Registration (its keys: src/widget/flock_keys.cpp, beside the view's key handler).
FLOCKLAB_REGISTER_SCENE(FlockScene, "flock", 0);

namespace {
// The gauges' sentences (words.hpp change()).
constexpr GaugeWords kSpacingWords{N_("the spacing stayed near {0}"), N_("the spacing fell from {0} to {1}"),
                                   N_("the spacing rose from {0} to {1}")};
constexpr GaugeWords kOrderWords{N_("the order stayed near {0}"), N_("the order fell from {0} to {1}"),
                                 N_("the order rose from {0} to {1}")};
}  // namespace

namespace {
// The table's accessors see a Scene; this one is always a FlockScene.
const FlockScene& F(const Scene& s) { return static_cast<const FlockScene&>(s); }
FlockScene& F(Scene& s) { return static_cast<FlockScene&>(s); }
}  // namespace

const SceneInfo& FlockScene::info() const {
    static const SceneInfo info = [] {
        std::vector<OptionSpec> v;
        OptionSpec rule{"rule", OptionKind::Flags, {kRuleNames, kRuleNames + kRuleCount}, 0, 0, false,
                        "keys 1-4 toggle them, R turns the lesson's three on and wander off"};
        rule.heading = N_("rules");
        rule.read = [](const Scene& s, int k) -> double { return F(s).rule(k); };
        rule.write = [](Scene& s, int k, double on) { F(s).set_rule(k, on != 0); };
        v.push_back(rule);
        OptionSpec mode{"hawkMode", OptionKind::Choice, {kHawkModes, kHawkModes + 3}, 0, 0, false,
                        "pointer: the pointer is the hawk; pursuit: a hawk hunts the nearest boid; off", "hawk"};
        mode.heading = N_("hawk");
        mode.read = [](const Scene& s, int) -> double { return static_cast<int>(F(s).hawk_mode()); };
        mode.write = [](Scene& s, int, double i) { F(s).set_hawk_mode(static_cast<HawkMode>(static_cast<int>(i))); };
        v.push_back(mode);
        OptionSpec hawk{"hawk", OptionKind::Point, {}, 0, 0, true, "the pointer hawk's position (pointer mode)", ""};
        hawk.heading = N_("hawk");
        hawk.where = [](const Scene& s) { return F(s).hawk; };
        hawk.place = [](Scene& s, std::optional<Vec2> p) -> std::optional<Vec2> {
            // Far outside the world a hawk scares nobody; the clamp keeps drawing finite.
            constexpr double kFar = 1e5;  // px
            F(s).hawk = p ? std::optional<Vec2>(Vec2{std::clamp(p->x, -kFar, kFar), std::clamp(p->y, -kFar, kFar)}) : std::nullopt;
            return F(s).hawk;
        };
        v.push_back(hawk);
        OptionSpec leader{"leader", OptionKind::Toggle, {}, 0, 0, false, "boid 0 leads; the others follow it"};
        leader.heading = N_("leader");
        leader.read = [](const Scene& s, int) -> double { return F(s).leader(); };
        leader.write = [](Scene& s, int, double on) { F(s).set_leader(on != 0); };
        v.push_back(leader);
        OptionSpec target{"leaderTarget", OptionKind::Point, {}, 0, 0, false, "where the leader goes"};
        target.heading = N_("leader's target");
        target.where = [](const Scene& s) -> std::optional<Vec2> { return F(s).leader_target(); };
        target.place = [](Scene& s, std::optional<Vec2> p) -> std::optional<Vec2> {
            if (p) F(s).set_leader_target(*p);
            return F(s).leader_target();
        };
        v.push_back(target);
        OptionSpec boids{"boids", OptionKind::Count, {}, 2, kWidgetMaxBoids, false, "flock size (a new flock)"};
        boids.heading = N_("boids");
        boids.read = [](const Scene& s, int) -> double { return F(s).flock.size(); };
        boids.write = [](Scene& s, int, double n) { F(s).set_size(static_cast<int>(n)); };
        v.push_back(boids);
        OptionSpec neighbors{"neighbors", OptionKind::Choice, {N_("grid"), N_("brute")}, 0, 0, false,
                             "how neighbours are found (same result)"};
        neighbors.heading = N_("neighbours");
        neighbors.read = [](const Scene& s, int) -> double { return F(s).neighbors == NeighborMode::Brute; };
        neighbors.write = [](Scene& s, int, double i) { F(s).neighbors = i != 0 ? NeighborMode::Brute : NeighborMode::Grid; };
        v.push_back(neighbors);
        OptionSpec selected{"selected", OptionKind::Count, {}, 0, kWidgetMaxBoids - 1, true,
                            "the boid the overlays explain (click or tap one; none: boid 0)", nullptr, "select"};
        selected.heading = N_("selected");
        selected.read = [](const Scene& s, int) -> double { return F(s).selected() >= 0 ? F(s).selected() : std::nan(""); };
        selected.write = [](Scene& s, int, double i) { F(s).select(std::isnan(i) ? -1 : static_cast<int>(i)); };
        selected.hi_now = [](const Scene& s) -> double { return F(s).flock.size() - 1; };
        selected.clamps = false;
        selected.what = "a boid";
        v.push_back(selected);
        OptionSpec overlay{"overlay", OptionKind::Flags, {kOverlays, kOverlays + kOverlayCount}, 0, 0, false,
                           "what is drawn for the inspected boid: its vision cone, neighbours, forces, grid cells"};
        overlay.heading = N_("overlays");
        overlay.read = [](const Scene& s, int k) -> double { return F(s).overlay(k); };
        overlay.write = [](Scene& s, int k, double on) { F(s).set_overlay(k, on != 0); };
        v.push_back(overlay);
        // What-if (the lesson's warnings): when each boid moves, and in what order.
        static constexpr const char* kUpdates[] = {N_("look-first"), N_("as-you-go")};
        static constexpr const char* kOrders[] = {N_("forward"), N_("reversed")};
        OptionSpec update{"update", OptionKind::Choice, {kUpdates, kUpdates + 2}, 0, 0, false,
                          "look-first: every force from the same positions, then every boid moves (the lab's); as-you-go: each moves at once"};
        update.heading = N_("update");
        update.slip = true;
        update.read = [](const Scene& s, int) -> double { return F(s).update.as_you_go; };
        update.write = [](Scene& s, int, double i) {  // said, as every option a student changes
            if (F(s).update.as_you_go != (i != 0)) s.note(trf("update {0}", {tr(kUpdates[i != 0])}), "option");
            F(s).update.as_you_go = i != 0;
        };
        v.push_back(update);
        OptionSpec order{"order", OptionKind::Choice, {kOrders, kOrders + 2}, 0, 0, false,
                         "the order the boids take their turns: forward (the list's) or reversed"};
        order.heading = N_("turn order");
        order.slip = true;
        order.read = [](const Scene& s, int) -> double { return F(s).update.reversed; };
        order.write = [](Scene& s, int, double i) {
            if (F(s).update.reversed != (i != 0)) s.note(trf("turn order {0}", {tr(kOrders[i != 0])}), "option");
            F(s).update.reversed = i != 0;
        };
        v.push_back(order);
        SceneInfo i{N_("flock"), "boid", std::move(v),
                    {{N_("a per-frame force"), "max_force=0.2"}, {N_("no speed band"), "min_speed=0"}, {N_("the boids' turns last first"), "order=reversed"}}};
        i.bench = {"boids", 500, "neighbors", 60};
        i.bench_run = [](const Scene& s, int boids, const std::string& variant, int warmup) { return F(s).bench_run(boids, variant, warmup); };
        i.key_contexts = [](const Scene& s) { return F(s).contexts(); };
        i.cost = [](const Scene& s) { return F(s).step_cost(); };
        i.positions = [](const Scene& s) { return F(s).boid_positions(); };
        i.inspected = [](const Scene& s) { return F(s).inspected_boid(); };
        i.explain_words = [](Scene& s, int k) { return F(s).boid_words(k); };
        i.explain_json = [](Scene& s, int k) { return explanation_json(F(s).explain(k), true); };
        return i;
    }();
    return info;
}

std::string FlockScene::label() const {
    const std::string n = std::to_string(flock.size());
    if (leader()) return trf("Flock simulation, {0} boids, following a leader. Press ? for keys.", {n});
    if (hawk_mode_ == HawkMode::Pursuit) return trf("Flock simulation, {0} boids, with a hunting hawk. Press ? for keys.", {n});
    return trf("Flock simulation, {0} boids. Press ? for keys.", {n});
}

std::vector<std::string> FlockScene::contexts() const {
    if (leader()) return {"leader"};
    if (hawk_mode_ == HawkMode::Pointer) return {"hawk"};
    return {};
}

// [SECTION] In words

int FlockScene::fleeing() const {
    const std::optional<Vec2> h = active_hawk();
    if (!h) return 0;
    const double r2 = params.panic_radius * params.panic_radius;
    int n = 0;
    for (int i = 0; i < flock.size(); ++i) {
        const double d2 = (flock.boid(i).pos - *h).length_squared();
        n += d2 > 0 && d2 <= r2;  // as flee_hawk decides
    }
    return n;
}

namespace {
std::string boids_word(int n) { return trf(n == 1 ? "{0} boid" : "{0} boids", {std::to_string(n)}); }
// " 3 boids are fleeing it." style sentences: none, one and many.
std::string fleeing_words(int n, const char* none, const char* one, const char* many) {
    return n == 0 ? tr(none) : trf(n == 1 ? one : many, {std::to_string(n)});
}
}  // namespace

std::string FlockScene::describe() {
    const std::vector<Gauge> g = gauges();
    std::vector<std::string> on, off;
    for (int i = 0; i < kRuleCount; ++i) {
        if (rule(i)) on.push_back(tr(kRuleNames[i]));
        else if (i < 3) off.push_back(tr(kRuleNames[i]));  // wander is an extension: named only when on
    }
    std::string s = boids_word(flock.size()) + ", " + (on.empty() ? std::string(tr("no rules on")) : trf("{0} on", {list(on)}));
    if (!off.empty() && !on.empty()) s += ", " + trf("{0} off", {list(off)});
    s += trf(". The flock is {0} (spacing {1}) and {2} (order {3}).",
             {tr(spacing_word(g[0].value)), px(g[0].value), tr(order_word(g[1].value)), fixed(g[1].value, 2)});
    if (const std::optional<Vec2> h = active_hawk()) {
        s += trf(flock.hunter() ? " The hunting hawk is {0};" : " The hawk is {0};", {tr(region(*h, world()))}) + " " +
             fleeing_words(fleeing(), N_("no boid is fleeing it."), N_("{0} boid is fleeing it."), N_("{0} boids are fleeing it."));
    }
    if (leader()) s += trf(" Boid 0 leads toward its target {0}.", {tr(region(leader_target_, world()))});
    if (selected() >= 0) s += trf(" Boid {0} is selected.", {std::to_string(selected())});
    return s;
}

std::string FlockScene::facts_json() {
    const std::vector<Gauge> g = gauges();
    std::string o = "{\"boids\": " + std::to_string(flock.size()) + ", \"rules\": " + get("rule") +
                    ", \"spacing\": " + py_repr(g[0].value) + ", \"spacingWord\": " + json_string(spacing_word(g[0].value)) +
                    ", \"order\": " + py_repr(g[1].value) + ", \"orderWord\": " + json_string(order_word(g[1].value)) +
                    ", \"hawkMode\": " + get("hawkMode") + ", \"hawk\": ";
    const std::optional<Vec2> h = active_hawk();
    o += h ? "{\"at\": " + json_point(*h) + ", \"where\": " + json_string(region(*h, world())) +
                 ", \"fleeing\": " + std::to_string(fleeing()) + "}"
           : std::string("null");
    o += ", \"leader\": " + (leader() ? "{\"target\": " + json_point(leader_target_) + ", \"where\": " +
                                            json_string(region(leader_target_, world())) + "}"
                                      : std::string("null"));
    return o + ", \"selected\": " + get("selected") + "}";
}

std::string FlockScene::change_sentence(const std::vector<Gauge>& before, const std::vector<Gauge>& after, double seconds,
                                     const std::vector<Swing>& swings) {
    const double a = before[0].value, b = after[0].value;
    const Swing sp = swings.at(0), od = swings.at(1);
    std::string s = in_seconds(seconds) + change(kSpacingWords, "px", a, b, kSameSpacing, sp.lo, sp.hi);
    if (b < a - kSameSpacing) s += tr(b < kPackedBelow ? ": the boids are bunching up" : ": the flock is closing in");
    else if (b > a + kSameSpacing) s += tr(": the boids are spreading out");
    const double oa = before[1].value, ob = after[1].value;
    if (std::fabs(ob - oa) >= kSameOrder) {
        s += tr(", and ") + change(kOrderWords, "", oa, ob, kSameOrder, od.lo, od.hi) + tr(ob > oa ? " (they fly more alike)" : " (their headings scatter)");
    }
    s += ".";
    if (active_hawk()) {
        s += " " + fleeing_words(fleeing(), N_("No boid is fleeing the hawk."), N_("{0} boid is fleeing the hawk."), N_("{0} boids are fleeing the hawk."));
    }
    return s;
}

std::string FlockScene::boid_words(int i) {
    if (i < 0 || i >= flock.size()) return describe();
    const Explanation e = explain(i);
    const int n = static_cast<int>(e.neighbors.size());
    std::string s = trf(n == 1 ? "Boid {0}: {1} neighbour." : "Boid {0}: {1} neighbours.", {std::to_string(i), std::to_string(n)});
    const Explanation::Force* top = nullptr;
    for (const Explanation::Force& f : e.forces) {
        if (f.counted && (f.value * f.weight).length() > 0 && (!top || (f.value * f.weight).length() > (top->value * top->weight).length())) top = &f;
    }
    if (top) {
        const Vec2 w = top->value * top->weight;
        s += trf(" The strongest push is {0}, {1} px/s² {2};", {tr(top->name), fixed(w.length(), 0), tr(toward(w))});
    } else {
        s += tr(" No rule pushes it;");
    }
    s += e.total.length() > 0 ? trf(" the total is {0} px/s² {1}.", {fixed(e.total.length(), 0), tr(toward(e.total))})
                              : trf(" the total is {0} px/s².", {fixed(e.total.length(), 0)});
    return s;
}

void FlockScene::restart(std::uint64_t seed) {
    sanitize(params);
    const std::optional<Vec2> lead = flock.leader_target();
    flock = Flock(params, seed);
    flock.set_leader(lead);
    flock.set_pursuit(hawk_mode_ == HawkMode::Pursuit);
    ++epoch_;
}

void FlockScene::advance(int n) {
    sanitize(params);  // tuning may have changed; never step with unsafe values
    flock.set_params(params);
    flock.set_update(update);
    for (int i = 0; i < n; ++i) flock.step(rules, kLabDt, pointer_hawk(), neighbors);
}

void FlockScene::set_rule(int index, bool on) {
    if (index < 0 || index >= kRuleCount || rule(index) == on) return;
    flocklab::set_rule(rules, index, on);
    note(trf(on ? "{0} on" : "{0} off", {tr(kRuleNames[index])}), "rule");
}

void FlockScene::all_rules_on() {
    const Rules lesson;
    for (int i = 0; i < kRuleCount; ++i) set_rule(i, flocklab::rule(lesson, i));
}

int FlockScene::inspected_boid() const {
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
    note(trf("hawk {0}", {tr(kHawkModes[static_cast<int>(m)])}), "mode");
    flock.set_pursuit(m == HawkMode::Pursuit);  // a new hunter starts at rest
}

void FlockScene::set_leader(bool on) {
    if (on != leader()) note(tr(on ? "leader on" : "leader off"), "mode");
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
    if (gauges_steps_ != steps() || gauges_epoch_ != epoch_) {
        spacing_ = flock.mean_spacing();
        order_ = flock.heading_order();
        slowest_ = flock.slowest();
        gauges_steps_ = steps();
        gauges_epoch_ = epoch_;
    }
    // Spacing is a nearest neighbour's distance: predictions up to two view radii.
    return {{N_("spacing"), "px", spacing_, -1, 0, 2 * params.view_radius, kSameSpacing},
            {N_("order"), "", order_, -1, 1.0, 0, kSameOrder},
            {N_("slowest"), "px/s", slowest_, -1, params.max_speed, 0, kSameSpeed}};
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

std::string explanation_json(const Explanation& e, bool detailed) {
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
    o += ", \"forces\": {" + forces + "}, \"weights\": {" + weights + "}, \"counted\": {" + counted +
         "}, \"total\": " + json_point(e.total);
    if (detailed) {  // the widget's explain(): magnitudes and weighted forces too, with units
        std::string mag, weighted, wmag;
        for (const Explanation::Force& f : e.forces) {
            const std::string sep = mag.empty() ? "" : ", ";
            mag += sep + json_string(f.name) + ": " + py_repr(f.value.length());
            weighted += sep + json_string(f.name) + ": " + json_point(f.value * f.weight);
            wmag += sep + json_string(f.name) + ": " + py_repr((f.value * f.weight).length());
        }
        o += ", \"magnitudes\": {" + mag + "}, \"weighted\": {" + weighted + "}, \"weightedMagnitudes\": {" + wmag +
             "}, \"totalMagnitude\": " + py_repr(e.total.length()) +
             ", \"units\": {\"pos\": \"px\", \"vel\": \"px/s\", \"forces\": \"px/s²\", \"magnitudes\": \"px/s²\", "
             "\"weighted\": \"px/s²\", \"weightedMagnitudes\": \"px/s²\", \"total\": \"px/s²\", \"totalMagnitude\": \"px/s²\", "
             "\"weights\": \"\"}";
    }
    return o + "}";
}


std::vector<Tunable> FlockScene::tunables() {
    return tunables_of(params);
}

}  // namespace flocklab
