// A scene that only test files define, written by the README's checklist for
// a new scene, as a course author's would be: agents that arrive at a target
// moving on a circle around the world's centre. Its own params (OrbitParams,
// with their field table), one option (how many agents), one gauge (how far
// they trail the target), a what-if lane, one key (O reverses the target,
// orbit_keys.cpp) and a view (orbit_view.cpp). The native tests link it
// beside the lesson's scenes, so every generic test meets it; `make
// web-plugin` builds a widget with it for the browser test that runs it in
// the page (tests/browser/plugin.test.mjs).
#pragma once

#include <vector>

#include "core/params.hpp"
#include "core/scene.hpp"
#include "core/vec2.hpp"

namespace flocklab {

// The vehicle's params (it steers by arrive()) and the target's circle.
struct OrbitParams : VehicleParams {
    double orbit_radius = 150.0;   // px: the target's circle
    double orbit_speed = 0.6;      // rad/s: how fast the target goes round
};
// The vehicle's rows that it uses (their ranges and words, from that one
// table), then its own.
const std::vector<Field<OrbitParams>>& fields(const OrbitParams*);

struct OrbitAgent {
    Vec2 pos, velocity;
};

class OrbitScene : public Scene {
public:
    OrbitScene() { reset(kDefaultSeed); }
    const SceneInfo& info() const override;
    Vec2 world() const override { return {params.world_width, params.world_height}; }
    std::string label() const override;
    std::string describe() override;
    std::string facts_json() override;
    std::vector<Gauge> gauges() override;
    std::string state_json() const override;
    std::vector<Tunable> tunables() override { return tunables_of(params); }

    Vec2 target() const;  // px: where the target is now
    double lag() const;   // px: the agents' mean distance to the target
    void reverse();       // the target goes round the other way

    OrbitParams params;
    std::vector<OrbitAgent> agents;
    int count = 8;          // agents made at a reset
    double direction = 1;   // +1 anticlockwise on screen, -1 clockwise

protected:
    std::string change_sentence(const std::vector<Gauge>& before, const std::vector<Gauge>& after, double seconds,
                                const std::vector<Swing>& swings) override;
    void restart(std::uint64_t seed) override;
    void advance(int n) override;
    void state_io(StateIO& io) override;  // the agents, the target's angle and its direction

private:
    double angle_ = 0;  // rad: the target's place on its circle
};

}  // namespace flocklab
