// The flock scene: the lab's boids, their rules, the hawk (the pointer, a
// pursuing hunter, or none) and leader following, with the spacing and order
// gauges. Options: rule (flags), hawkMode, hawk (the pointer's point),
// leader, leaderTarget, boids, neighbors.
#pragma once

#include <optional>

#include "flock.hpp"
#include "scene.hpp"

namespace flocklab {

// The flock's hawk: the pointer (the lab's), a hunter that pursues the
// nearest boid (Going further), or none at all.
// What a widget can draw over the flock for the inspected boid.
constexpr int kOverlayCount = 4;
constexpr const char* kOverlays[kOverlayCount] = {N_("vision"), N_("neighbors"), N_("forces"), N_("grid")};

enum class HawkMode { Pointer = 0, Pursuit = 1, Off = 2 };
constexpr const char* kHawkModes[] = {N_("pointer"), N_("pursuit"), N_("off")};

// The widget's largest flock (the scaling figure goes up to here).
constexpr int kWidgetMaxBoids = 5000;

class FlockScene : public Scene {
public:
    FlockScene();

    // [SECTION] Scene
    const SceneInfo& info() const override;
    Vec2 world() const override { return {params.world_width, params.world_height}; }
    std::string label() const override;
    std::string describe() override;
    std::string facts_json() override;
    std::vector<Gauge> gauges() override;
    std::string state_json() const override;
    std::vector<Tunable> tunables() override;

    // [SECTION] Typed access (the flock's view, the CLI and tests)
    bool rule(int index) const { return flocklab::rule(rules, index); }
    void set_rule(int index, bool on);  // marks the history when it changes
    void all_rules_on();                // R: the lesson's three on, wander off
    HawkMode hawk_mode() const { return hawk_mode_; }
    void set_hawk_mode(HawkMode m);
    bool leader() const { return flock.leader_target().has_value(); }
    void set_leader(bool on);
    void set_leader_target(Vec2 t);  // clamped into the world
    Vec2 leader_target() const { return leader_target_; }
    void set_size(int boids);        // clamped to [2, kWidgetMaxBoids]; a new flock
    // The hawk the boids flee in the next step (pointer or hunter), if any.
    std::optional<Vec2> active_hawk() const;
    // Where a point is, for a sentence: its region and the nearest boid
    // ("near the centre, 140 px from the nearest boid"), so moving the hawk
    // by a key says something new each time.
    std::string place_words(Vec2 p) const;

    // [SECTION] Inspecting one boid
    Explanation explain(int i) { return flock.explain(i, rules, pointer_hawk(), neighbors); }
    // The selected boid (none: -1). Overlays draw for it, or for boid 0 when
    // none is selected.
    int selected() const { return selected_ < flock.size() ? selected_ : -1; }
    void select(int i) { selected_ = i >= 0 && i < flock.size() ? i : -1; }
    // inspected() (SceneInfo::inspected): the boid overlays show, the
    // selected one, else boid 0 if any overlay is on.
    bool overlay(int index) const { return overlays_[index]; }
    void set_overlay(int index, bool on) { overlays_[index] = on; }

    FlockParams params;
    Rules rules;
    std::optional<Vec2> hawk;  // px: the pointer's hawk (pointer mode); none while away
    NeighborMode neighbors = NeighborMode::Grid;
    Flock::Update update;  // what-if: the options update and order (the lab's: look first, forward)
    Flock flock{params, 7};

    int fleeing() const;  // boids inside the active hawk's panic circle

protected:
    std::string change_sentence(const std::vector<Gauge>& before, const std::vector<Gauge>& after, double seconds,
                                const std::vector<Swing>& swings) override;
    void restart(std::uint64_t seed) override;
    void advance(int n) override;
    void state_io(StateIO& io) override;

private:
    std::vector<std::string> contexts() const;  // SceneInfo::key_contexts
    std::string boid_words(int i);              // SceneInfo::explain_words
    StepCost step_cost() const;                 // SceneInfo::cost: brute force as n^2, the grid's cells
    std::vector<Vec2> boid_positions() const;   // SceneInfo::positions
    // SceneInfo::bench_run (Scene::bench()); variant: "grid" or "brute"
    std::unique_ptr<BenchRun> bench_run(int boids, const std::string& variant, int warmup) const;
    int inspected_boid() const;                 // SceneInfo::inspected
    std::optional<Vec2> pointer_hawk() const { return hawk_mode_ == HawkMode::Pointer ? hawk : std::nullopt; }
    int selected_ = -1;
    bool overlays_[kOverlayCount] = {};
    HawkMode hawk_mode_ = HawkMode::Pointer;
    Vec2 leader_target_{450, 270};  // px: kept while leading is off
    long long epoch_ = 0;           // counts resets, for the gauge cache
    long long gauges_steps_ = -1, gauges_epoch_ = -1;
    double spacing_ = 0, order_ = 0, slowest_ = 0;  // px, 1, px/s
};

// An explanation as JSON: {"boid", "pos", "vel", "neighbors", "hawk",
// "forces": {name: [x, y]} (unweighted, as the lab's functions return them),
// "weights", "counted": {name: bool}, "total"}, numbers as Python's repr
// prints them (the CLI's explain prints this). `detailed` (the widget's
// explain()) adds "magnitudes", "weighted" (force x weight), their
// "weightedMagnitudes", "totalMagnitude" and "units".
std::string explanation_json(const Explanation& e, bool detailed = false);

}  // namespace flocklab
