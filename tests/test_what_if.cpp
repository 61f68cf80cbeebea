// The what-if lane on every scene (src/core/what_if.cpp): made from the
// scene's settings plus its changes, started from a copy of the first lane,
// fed every input, reset with it, removed by an empty list; and the
// switches and gauges it shows (what_if.py's; the golden files: test_cli.cpp).
#include <gtest/gtest.h>

#include "core/session.hpp"
#include "core/crowd_scene.hpp"
#include "core/flock_scene.hpp"
#include "core/registry.hpp"
#include "core/steer_scene.hpp"

using namespace flocklab;

namespace {
// Two scenes in the same state, by their own account.
void expect_same_state(Scene& a, Scene& b) { EXPECT_EQ(a.state_json(), b.state_json()); }
}  // namespace

TEST(WhatIf, EveryRegisteredSceneTakesALaneThatStepsAsTheSameSceneAloneWould) {
    for (const char* name : scene_names()) {
        SCOPED_TRACE(name);
        std::unique_ptr<Session> s = make_session(name);
        // A lane with no real change (max_force as it is): it stays equal to the first lane, agent for agent.
        const std::string force = s->scene().params_json().substr(s->scene().params_json().find("\"max_force\": ") + 13);
        const std::string same = force.substr(0, force.find_first_of(",}"));
        ASSERT_EQ(s->compare({{"max-force", same}}).status, SetResult::Ok);
        ASSERT_NE(s->what_if(), nullptr);
        s->reset(5);
        s->step(90);
        EXPECT_EQ(s->apart(), 0.0);
        expect_same_state(s->scene(), *s->what_if());
        // A real change: the lane and a scene set up the same way alone are the same run.
        ASSERT_EQ(s->compare({{"max_force", "0.2"}}).status, SetResult::Ok);
        s->reset(5);
        s->step(90);
        std::unique_ptr<Session> alone = make_session(name);
        alone->scene().set_param("max_force", "0.2");
        alone->reset(5);
        alone->step(90);
        expect_same_state(*s->what_if(), alone->scene());  // max_force draws nothing at the start
        EXPECT_GT(s->apart(), 0.0);
        EXPECT_EQ(s->what_if()->steps(), 90);
        EXPECT_EQ(s->compared(), (std::vector<std::pair<std::string, std::string>>{{"max_force", "0.2"}}));
        // An empty list removes it.
        EXPECT_EQ(s->compare({}).status, SetResult::Ok);
        EXPECT_EQ(s->what_if(), nullptr);
        EXPECT_EQ(s->apart(), 0.0);
    }
}

TEST(WhatIf, EveryInputReachesBothLanes) {
    Session steer_session(std::make_unique<SteerScene>());
    auto& steer = static_cast<SteerScene&>(steer_session.scene());
    steer.set("mode", "seek");
    ASSERT_EQ(steer_session.compare({{"maxForce", "0.2"}}).status, SetResult::Ok);
    steer.set_target({600, 100});  // as the view's click does
    steer.set_param("max_speed", "300");
    steer_session.step(1);
    auto& lane = static_cast<SteerScene&>(*steer_session.what_if());
    EXPECT_EQ(lane.vehicle.target, (Vec2{600, 100}));
    EXPECT_EQ(lane.params.max_speed, 300.0);
    EXPECT_EQ(lane.params.max_force, 0.2);  // the change stays the lane's
    steer.set("mode", "flee");
    steer_session.step(1);
    EXPECT_EQ(lane.vehicle.mode, SteerMode::Flee);

    Session flock_session(std::make_unique<FlockScene>());

    auto& flock = static_cast<FlockScene&>(flock_session.scene());
    ASSERT_EQ(flock_session.compare({{"weight_cohesion", "0"}}).status, SetResult::Ok);
    flock.hawk = Vec2{300, 200};  // as the pointer moves it
    flock.set("rule", "alignment=0");
    flock_session.step(1);
    auto& birds = static_cast<FlockScene&>(*flock_session.what_if());
    EXPECT_EQ(birds.hawk, flock.hawk);
    EXPECT_FALSE(birds.rules.alignment);
    EXPECT_EQ(birds.params.weight_cohesion, 0.0);

    Session crowd_session(std::make_unique<CrowdScene>());

    auto& crowd = static_cast<CrowdScene&>(crowd_session.scene());
    ASSERT_EQ(crowd_session.compare({{"follow", "seek"}}).status, SetResult::Ok);
    std::string why;
    ASSERT_TRUE(crowd.set_goal({5, 3}, &why)) << why;
    crowd.set("walls", "none");
    crowd_session.step(1);
    auto& other = static_cast<CrowdScene&>(*crowd_session.what_if());
    EXPECT_EQ(other.get("walls"), crowd.get("walls"));
    EXPECT_EQ(other.get("goal"), crowd.get("goal"));
    EXPECT_EQ(other.follow(), Follow::Seek);
    EXPECT_EQ(crowd.follow(), Follow::Field);
}

TEST(WhatIf, ResetAndSeedActOnBothAndTheLaneStartsFromACopy) {
    Session f_session(std::make_unique<FlockScene>());
    auto& f = static_cast<FlockScene&>(f_session.scene());
    ASSERT_EQ(f_session.compare({{"min_speed", "0"}}).status, SetResult::Ok);
    f_session.step(100);
    f.reset(11);
    ASSERT_EQ(f_session.what_if()->seed(), 11u);
    EXPECT_EQ(f_session.what_if()->steps(), 0);
    // The start is the first lane's (drawn with its speed band), not the lane's own draw.
    EXPECT_EQ(f_session.apart(), 0.0);
    for (int i = 0; i < f.flock.size(); ++i) {
        EXPECT_EQ(static_cast<FlockScene&>(*f_session.what_if()).flock.boid(i).vel, f.flock.boid(i).vel);
    }
    // Made mid-run, the lane starts from the state now.
    Session g_session(std::make_unique<FlockScene>());
    g_session.step(50);
    ASSERT_EQ(g_session.compare({{"order", "reversed"}}).status, SetResult::Ok);
    EXPECT_EQ(g_session.what_if()->steps(), 50);
    g_session.step(50);
    EXPECT_EQ(g_session.apart(), 0.0);  // look first: the order of turns changes nothing
}

TEST(WhatIf, ABadChangeIsRefusedAndChangesNothing) {
    Session f_session(std::make_unique<FlockScene>());
    ASSERT_EQ(f_session.compare({{"max_force", "0.2"}}).status, SetResult::Ok);
    for (const auto& bad : std::vector<std::vector<std::pair<std::string, std::string>>>{
             {{"gravity", "1"}}, {{"order", "sideways"}}, {{"max_force", "x"}}, {{"boids", "90"}}, {{"max_force", "1"}, {"update", "later"}}}) {
        const SetResult r = f_session.compare(bad);
        EXPECT_EQ(r.status, SetResult::Invalid) << bad[0].first;
        EXPECT_NE(r.message.find("compare: "), std::string::npos) << r.message;
        EXPECT_EQ(f_session.compared(), (std::vector<std::pair<std::string, std::string>>{{"max_force", "0.2"}}));
    }
    const SetResult low = f_session.compare({{"max_force", "0.01"}});
    EXPECT_EQ(low.status, SetResult::Clamped);
    EXPECT_NE(low.message.find("max_force: 0.01 is outside 0.1 to"), std::string::npos) << low.message;
    // The lane's change is said as applied (compared(), and so config() and link()), not as asked.
    EXPECT_EQ(f_session.compared(), (std::vector<std::pair<std::string, std::string>>{{"max_force", "0.1"}}));
    ASSERT_EQ(f_session.compare({{"max_force", "99999"}, {"update", "as-you-go"}}).status, SetResult::Clamped);
    std::string applied;
    for (const auto& [n, v] : f_session.what_if()->settings()) {
        if (n == "max_force") applied = v;
    }
    EXPECT_EQ(f_session.compared(), (std::vector<std::pair<std::string, std::string>>{{"max_force", applied}, {"update", "as-you-go"}}));
    EXPECT_NE(applied, "99999");
}

TEST(WhatIf, SteerGaugesClosestAndOvershootRestartWhenTheTargetMovesOrTheRunResets) {
    Session s_session(std::make_unique<SteerScene>());
    auto& s = static_cast<SteerScene&>(s_session.scene());
    s.set("mode", "arrive");
    s.set_param("slow_radius", "40");
    s.reset(7);
    EXPECT_EQ(s.closest(), 350.0);
    EXPECT_EQ(s.overshoot(), 0.0);
    s_session.step(600);
    EXPECT_GT(s.overshoot(), 20.0);  // the lesson's braking-distance warning: about 24 px past the target
    EXPECT_LT(s.closest(), 1.0);
    s.set_target({470, 100});
    EXPECT_EQ(s.overshoot(), 0.0);
    EXPECT_EQ(s.closest(), s.vehicle.distance());
    s_session.step(60);
    s.reset();
    EXPECT_EQ(s.overshoot(), 0.0);
    const std::vector<Gauge> g = s.gauges();
    ASSERT_EQ(g.size(), 4u);
    EXPECT_STREQ(g[2].name, "closest");
    EXPECT_STREQ(g[3].name, "overshoot");
}

// Issue 65: the -seek lane is described by what it does. Flying at the
// threat at 220 px/s, the lab's flee brakes out of reach while -seek pushes
// the hollow vehicle on toward it: its words say so, and never "braking".
TEST(WhatIf, TheNegatedSeekLaneIsDescribedByWhatItDoes) {
    Session s(std::make_unique<SteerScene>());
    auto& steer = static_cast<SteerScene&>(s.scene());
    steer.set("mode", "flee");
    steer.set("velocity", "220,0");
    ASSERT_EQ(s.compare({{"flee", "negated-seek"}}).status, SetResult::Ok);
    s.reset(7);
    s.step(30);
    const std::string lab = s.scene().describe(), lane = s.what_if()->describe();
    EXPECT_NE(lane.find("pushed on toward it by -seek"), std::string::npos) << lane;
    EXPECT_EQ(lane.find("braking"), std::string::npos) << lane;
    EXPECT_EQ(lab.find("-seek"), std::string::npos) << lab;
}
