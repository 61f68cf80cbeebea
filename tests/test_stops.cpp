// Issue 39: what a student reads and where a slider lands. The slider stops
// (core/stops.hpp) reach every lesson value; the lanes are named for what
// they run; units read as px/s²; a gauge's noise is said as no change.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/session.hpp"
#include "core/crowd_scene.hpp"
#include "core/flock_scene.hpp"
#include "core/registry.hpp"
#include "core/steer_scene.hpp"
#include "core/stops.hpp"
#include "core/words.hpp"

using namespace flocklab;

namespace {
bool has(const std::vector<double>& stops, double v) { return std::find(stops.begin(), stops.end(), v) != stops.end(); }
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
}  // namespace

TEST(Stops, EveryTunableOfEverySceneStopsOnItsLessonValueBetweenItsEnds) {
    for (const char* name : scene_names()) {
        std::unique_ptr<Scene> s = make_scene(name);
        s->reset(7);
        for (const Tunable& t : s->tunables()) {
            SCOPED_TRACE(std::string(name) + " " + t.name);
            const std::vector<double> stops = slider_stops(t.lo, t.hi);
            ASSERT_GE(stops.size(), 2u);
            EXPECT_LE(stops.size(), 4002u);
            EXPECT_EQ(stops.front(), t.lo);
            EXPECT_EQ(stops.back(), t.hi);
            EXPECT_TRUE(std::is_sorted(stops.begin(), stops.end()));
            EXPECT_EQ(std::adjacent_find(stops.begin(), stops.end()), stops.end()) << "a stop twice";
            EXPECT_TRUE(has(stops, *t.value)) << "the lesson's " << *t.value << " is no stop";
        }
    }
}

TEST(Stops, MaxForceReachesTheLessonsWarningAndBothLabs) {
    // The flock's max force runs 0.1 to 2000, the vehicle's 0.1 to 5000:
    // 0.2 (a per-frame force), 320 (the flock lab) and 440 (the steering lab).
    for (const double hi : {2000.0, 5000.0}) {
        const std::vector<double> stops = slider_stops(0.1, hi);
        for (const double v : {0.1, 0.2, 1.0, 1.5, 55.0, 320.0, 440.0, 2000.0}) EXPECT_TRUE(has(stops, v)) << v;
        EXPECT_FALSE(has(stops, 0.15)) << "finer than the low end's step";
        EXPECT_FALSE(has(stops, 1.1 + 319)) << "the old 0.1 + k steps";
    }
    // Weights from 0: hundredths near 0, two digits above 1; angles in whole degrees, 270 among them.
    const std::vector<double> w = slider_stops(0, 5);
    for (const double v : {0.0, 0.01, 0.5, 1.0, 1.5, 2.5, 5.0}) EXPECT_TRUE(has(w, v)) << v;
    EXPECT_TRUE(has(slider_stops(0, 360), 270.0));
    // Across zero: symmetric, with 0 itself.
    const std::vector<double> x = slider_stops(-1e5, 1e5);
    EXPECT_TRUE(has(x, 0.0) && has(x, -450.0) && has(x, 450.0));
    EXPECT_EQ(slider_stops(3, 3), std::vector<double>{3});
}

TEST(Stops, TheNearestStopIsTheLowerOfTwoEquallyNear) {
    const std::vector<double> s{0, 1, 2, 4};
    EXPECT_EQ(nearest_stop(s, -5), 0);
    EXPECT_EQ(nearest_stop(s, 0.5), 0);
    EXPECT_EQ(nearest_stop(s, 0.51), 1);
    EXPECT_EQ(nearest_stop(s, 3.2), 3);
    EXPECT_EQ(nearest_stop(s, 99), 3);
}

TEST(Words, AForceUnitReadsAsStudentsWriteIt) {
    Session steer_session(std::make_unique<SteerScene>());
    auto& steer = static_cast<SteerScene&>(steer_session.scene());
    for (const Tunable& t : steer.tunables()) EXPECT_EQ(std::string(t.unit).find('^'), std::string::npos) << t.name;
    steer.set("mode", "seek");
    ASSERT_EQ(steer_session.compare({{"max_force", "0.2"}}).status, SetResult::Ok);
    EXPECT_TRUE(contains(steer_session.compared_words(), "0.2 px/s\u00b2")) << steer_session.compared_words();
    EXPECT_FALSE(contains(steer_session.summary(), "^2")) << steer_session.summary();
}

TEST(Lanes, TheSolidLaneIsCalledTheLabsOnlyWhenItRunsTheLabsCode) {
    Session lab_session(std::make_unique<FlockScene>());
    auto& lab = static_cast<FlockScene&>(lab_session.scene());
    ASSERT_EQ(lab_session.compare({{"max_force", "0.2"}}).status, SetResult::Ok);
    lab.reset(7);
    lab_session.step(120);
    EXPECT_EQ(lab_session.solid_words(), "");
    EXPECT_TRUE(contains(lab_session.summary(), "against the lab's")) << lab_session.summary();

    // "Move as you go, last first": both lanes move as they go; only the turn order differs.
    Session both_session(std::make_unique<FlockScene>());
    auto& both = static_cast<FlockScene&>(both_session.scene());
    both.set("update", "as-you-go");
    ASSERT_EQ(both_session.compare({{"order", "reversed"}}).status, SetResult::Ok);
    both.reset(7);
    both_session.step(120);
    EXPECT_EQ(both_session.solid_words(), "update as-you-go");
    const std::string said = both_session.summary();
    EXPECT_TRUE(contains(said, "Both lanes: update as-you-go.")) << said;
    EXPECT_FALSE(contains(said, "the lab's")) << said;
    EXPECT_TRUE(contains(said, "against the solid lane's")) << said;

    // A slip the lane itself changes is the lane's, not both lanes'.
    Session theirs_session(std::make_unique<FlockScene>());
    auto& theirs = static_cast<FlockScene&>(theirs_session.scene());
    theirs.set("update", "as-you-go");
    ASSERT_EQ(theirs_session.compare({{"update", "look-first"}}).status, SetResult::Ok);
    EXPECT_EQ(theirs_session.solid_words(), "");
}

TEST(Words, TheFlocksNoiseIsNoChangeAndTheGaugeSaysHowMuchIsNoise) {
    FlockScene f;
    f.reset(7);
    const std::vector<Gauge> g = f.gauges();
    const std::vector<Scene::Swing> no_swing(g.size(), Scene::Swing{NAN, NAN});  // no sample in between
    Scene& spoken = f;  // what a response says, from gauges before and after
    EXPECT_EQ(g[0].same, kSameSpacing);
    EXPECT_EQ(g[1].same, kSameOrder);
    std::vector<Gauge> before = g, after = g;
    before[0].value = 23.4;
    after[0].value = 24.4;  // a px up: the boids passing each other
    after[1].value = before[1].value;
    // A page reads the same threshold from the description (charts.js plotSummary).
    EXPECT_TRUE(contains(gauges_json(g), "\"name\": \"spacing\", \"unit\": \"px\", \"value\": ")) << gauges_json(g);
    EXPECT_TRUE(contains(gauges_json(g), "\"same\": 2.0}")) << gauges_json(g);
    const std::string s = spoken.change_sentence(before, after, 2.0, no_swing);
    EXPECT_TRUE(contains(s, "stayed near")) << s;
    EXPECT_FALSE(contains(s, "spreading")) << s;
    after[0].value = 30.0;
    EXPECT_TRUE(contains(spoken.change_sentence(before, after, 2.0, no_swing), "spreading out"));
}

TEST(Words, AHawkMovedByAKeySaysHowFarTheNearestBoidIs) {
    FlockScene f;
    f.reset(7);
    const Vec2 p = f.world() / 2.0;
    double nearest = 1e300;
    for (int i = 0; i < f.flock.size(); ++i) nearest = std::min(nearest, (f.flock.boid(i).pos - p).length());
    EXPECT_EQ(f.place_words(p), region(p, f.world()) + ", " + px(nearest) + " from the nearest boid");
}

TEST(Words, ADragsWallsAreOneNote) {
    Session c_session(std::make_unique<CrowdScene>());
    auto& c = static_cast<CrowdScene&>(c_session.scene());
    c.reset(7);
    c.set("walls", "none");
    const int marks = static_cast<int>(c_session.history().events().size());
    int painted = 0;
    Cell first{}, last{};
    for (int r = 0; r < 3; ++r) {
        const Cell k{1, r};
        if (!c.set_wall(k, true, nullptr, true)) continue;
        if (painted++ == 0) first = k;
        last = k;
    }
    ASSERT_GE(painted, 2);
    EXPECT_EQ(static_cast<int>(c_session.history().events().size()), marks) << "a quiet wall is not noted";
    c.painted(true, painted, first, last);
    ASSERT_EQ(static_cast<int>(c_session.history().events().size()), marks + 1);
    EXPECT_TRUE(contains(c_session.history().events().back().what, std::to_string(painted) + " walls added, from ")) << c_session.history().events().back().what;
}

TEST(Words, AGaugeOfOneAgreesAndNoNameKeepsItsUnderscores) {
    EXPECT_EQ(gauge_words({"arrived", "agents", 1.0, 0}), "1 agent");
    EXPECT_EQ(gauge_words({"arrived", "agents", 2.0, 0}), "2 agents");
    EXPECT_EQ(gauge_words({"mean_steps_to_goal", "cells", 1.0, 0}), "1 cell");
    EXPECT_EQ(gauge_label({"mean_steps_to_goal", "cells", 3.0}), "mean steps to goal");
    Session c_session(std::make_unique<CrowdScene>());
    auto& c = static_cast<CrowdScene&>(c_session.scene());
    ASSERT_EQ(c_session.compare({{"follow", "seek"}}).status, SetResult::Ok);
    c.reset(7);
    c_session.step(600);
    const std::string said = c_session.summary();
    EXPECT_EQ(said.find('_'), std::string::npos) << said;
    EXPECT_EQ(said.find(" 1 agents"), std::string::npos) << said;
}
