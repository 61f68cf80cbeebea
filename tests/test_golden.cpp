// Golden parity: the core must reproduce the lesson's Python labs bit for
// bit. Every comparison of doubles here is ==, never a tolerance.
#include <gtest/gtest.h>

#include <dirent.h>

#include <set>

#include "core/flock.hpp"
#include "core/pyrandom.hpp"
#include "core/scene.hpp"
#include "core/steer_scene.hpp"
#include "core/steering.hpp"
#include "support/json.hpp"

using namespace flocklab;
using testjson::Value;

namespace {

Value golden(const std::string& name) {
    return testjson::parse(testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) + "/" + name));
}

// Compares every boid's [x, y, vx, vy] and both gauges with a golden record.
void expect_flock_equals(Flock& flock, const Value& g) {
    const Value& state = g.at("boids_state");
    ASSERT_EQ(static_cast<size_t>(flock.size()), state.size());
    int mismatches = 0;
    for (int i = 0; i < flock.size(); ++i) {
        const Boid b = flock.boid(i);
        const double got[4] = {b.pos.x, b.pos.y, b.vel.x, b.vel.y};
        for (int k = 0; k < 4; ++k) {
            if (got[k] != state[i][k].get<double>() && mismatches++ < 5) {
                ADD_FAILURE() << "boid " << i << " field " << k << ": got " << std::hexfloat << got[k]
                              << ", golden " << state[i][k].get<double>();
            }
        }
    }
    EXPECT_EQ(mismatches, 0);
    EXPECT_EQ(flock.mean_spacing(), g.at("spacing").get<double>());
    EXPECT_EQ(flock.mean_spacing_brute(), g.at("spacing").get<double>());
    EXPECT_EQ(flock.heading_order(), g.at("order").get<double>());
}

const std::set<std::string> kCovered = {"README.md", "pyrandom_seed7.json", "flock_seed7_step0.json",
                                        "flock_seed7_step1.json", "flock_seed7_600steps.jsonl",
                                        "vehicle_arrive.json", "going-further", "explain", "looking-ahead", "what-if"};
// looking-ahead/ is tested by test_crowd.cpp (the core) and test_cli.cpp (the commands).
// Checked text for text by test_cli.cpp (Cli.WhatIfPrintsWhatTheSpecPrints).
const std::set<std::string> kWhatIf = {
    "flock_as_you_go_reversed_seed7.json", "flock_look_first_reversed_seed7.json", "flock_no_speed_band_seed7.json",
    "flock_per_frame_force_seed7.json", "vehicle_arrive_slow_radius_40.json", "vehicle_flee_negated_seek.json",
    "vehicle_seek_per_frame_force.json", "cases.jsonl", "make_cases.sh"};
const std::set<std::string> kLookingAhead = {
    "crowd_field_seed3_nowalls_goal5-3.json", "crowd_field_seed7_1.json", "crowd_field_seed7_600.json",
    "crowd_seek_seed7_600.json", "field_default.json", "field_plus_goal0-0.json", "cases.jsonl", "make_cases.sh"};
const std::set<std::string> kGoingFurther = {
    "flock_all_extensions_seed7_step1.json", "flock_leader_seed7.json", "flock_pursuit_seed7.json",
    "flock_wander_seed7.json", "vehicle_wander_seed7.json", "cases.jsonl", "make_cases.sh"};

std::set<std::string> files_in(const std::string& dir) {
    std::set<std::string> out;
    DIR* d = opendir(dir.c_str());
    if (!d) return out;
    while (dirent* e = readdir(d)) {
        const std::string name = e->d_name;
        if (name != "." && name != "..") out.insert(name);
    }
    closedir(d);
    return out;
}

// Runs the flock that a going_further.py record describes (seed, boids,
// rules, steps, wander, hawk, leader) and compares everything it printed.
void expect_going_further(const Value& g, NeighborMode mode) {
    SCOPED_TRACE(std::string(mode == NeighborMode::Grid ? "grid" : "brute") + " seed " +
                 std::to_string(static_cast<long long>(g.at("seed").get<double>())));
    FlockParams p;
    p.num_boids = static_cast<int>(g.at("boids").get<double>());
    Rules rules;
    ASSERT_TRUE(parse_rules(g.at("rules").get<std::string>(), &rules));
    rules.wander = g.at("wander").get<bool>();
    Flock flock(p, static_cast<std::uint64_t>(g.at("seed").get<double>()));
    std::optional<Vec2> hawk;
    if (g.at("hawk").is_string()) {
        if (g.at("hawk").get<std::string>() == "pursuit") flock.set_pursuit(true);
        else ASSERT_TRUE(parse_point(g.at("hawk").get<std::string>(), &hawk.emplace()));
    }
    if (g.at("leader").is_string()) {
        Vec2 leader;
        ASSERT_TRUE(parse_point(g.at("leader").get<std::string>(), &leader));  // as going_further.py records it: "700,300"
        flock.set_leader(leader);
    }
    for (int s = 0; s < static_cast<int>(g.at("steps").get<double>()); ++s) flock.step(rules, kLabDt, hawk, mode);
    expect_flock_equals(flock, g);
    ASSERT_EQ(flock.hunter().has_value(), g.contains("hunter"));
    if (flock.hunter()) {
        const Hunter& h = *flock.hunter();
        EXPECT_EQ(h.pos.x, g.at("hunter")[0].get<double>());
        EXPECT_EQ(h.pos.y, g.at("hunter")[1].get<double>());
        EXPECT_EQ(h.vel.x, g.at("hunter")[2].get<double>());
        EXPECT_EQ(h.vel.y, g.at("hunter")[3].get<double>());
    }
}

// going_further.py's WanderVehicle from the lab's start.
void expect_wander_vehicle(const Value& g) {
    SCOPED_TRACE("vehicle seed " + std::to_string(static_cast<long long>(g.at("seed").get<double>())));
    ASSERT_EQ(g.at("mode").get<std::string>(), "wander");
    Vehicle v;
    v.mode = SteerMode::Wander;
    const VehicleParams p;
    v.reset_wander(static_cast<std::uint64_t>(g.at("seed").get<double>()), p);
    for (int s = 0; s < static_cast<int>(g.at("steps").get<double>()); ++s) v.step(kLabDt, p);
    EXPECT_EQ(v.pos, (Vec2{g.at("pos")[0].get<double>(), g.at("pos")[1].get<double>()}));
    EXPECT_EQ(v.velocity, (Vec2{g.at("velocity")[0].get<double>(), g.at("velocity")[1].get<double>()}));
    EXPECT_EQ(v.wander_point, (Vec2{g.at("target")[0].get<double>(), g.at("target")[1].get<double>()}));
    EXPECT_EQ(v.wander_angle, g.at("angle").get<double>());
}

}  // namespace

TEST(Golden, EveryGoldenFileHasATest) {
    EXPECT_EQ(files_in(FLOCKLAB_GOLDEN_DIR), kCovered);
    EXPECT_EQ(files_in(std::string(FLOCKLAB_GOLDEN_DIR) + "/going-further"), kGoingFurther);
    EXPECT_EQ(files_in(std::string(FLOCKLAB_GOLDEN_DIR) + "/looking-ahead"), kLookingAhead);
    EXPECT_EQ(files_in(std::string(FLOCKLAB_GOLDEN_DIR) + "/what-if"), kWhatIf);
}

// [SECTION] Going further: going_further.py's golden files, bit for bit

TEST(GoingFurther, GoldenFlocksBruteAndGrid) {
    for (const char* name : {"flock_wander_seed7.json", "flock_pursuit_seed7.json", "flock_leader_seed7.json",
                             "flock_all_extensions_seed7_step1.json"}) {
        SCOPED_TRACE(name);
        const Value g = golden(std::string("going-further/") + name);
        for (NeighborMode mode : {NeighborMode::Brute, NeighborMode::Grid}) expect_going_further(g, mode);
    }
}

TEST(GoingFurther, GoldenWanderVehicle) { expect_wander_vehicle(golden("going-further/vehicle_wander_seed7.json")); }

// More seeds, sizes, rule sets and combinations, generated by make_cases.sh.
TEST(GoingFurther, GeneratedCasesBruteAndGrid) {
    const auto lines = testjson::lines(testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) + "/going-further/cases.jsonl"));
    ASSERT_GE(lines.size(), 10u);
    int flocks = 0, vehicles = 0;
    for (const std::string& line : lines) {
        const Value c = testjson::parse(line);
        if (c.at("args")[0].get<std::string>() == "vehicle") {
            expect_wander_vehicle(c.at("out"));
            ++vehicles;
            continue;
        }
        for (NeighborMode mode : {NeighborMode::Brute, NeighborMode::Grid}) expect_going_further(c.at("out"), mode);
        ++flocks;
    }
    EXPECT_GE(flocks, 8);
    EXPECT_GE(vehicles, 1);
}

TEST(GoingFurther, ExtensionsOffAreTheLab) {
    // The same flock with pursuit and leader switched on and off again, and
    // wander never drawn, is the lab's seed-7 flock.
    const auto lines = testjson::lines(testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) + "/flock_seed7_600steps.jsonl"));
    const Value g = testjson::parse(lines.at(0));
    Flock flock(FlockParams{}, 7);
    flock.set_pursuit(true);
    flock.set_pursuit(false);
    flock.set_leader(Vec2{10, 10});
    flock.set_leader(std::nullopt);
    for (int s = 0; s < 600; ++s) flock.step(Rules{}, kLabDt, std::nullopt, NeighborMode::Grid);
    expect_flock_equals(flock, g);
}

TEST(Golden, PyRandomSeed7Stream) {
    const Value g = golden("pyrandom_seed7.json");
    PyRandom rng(static_cast<std::uint64_t>(g.at("seed").get<double>()));
    ASSERT_EQ(g.at("random").size(), 8u);
    for (size_t i = 0; i < g.at("random").size(); ++i) EXPECT_EQ(rng.random(), g.at("random")[i].get<double>()) << i;
}

TEST(Golden, MakeFlockSeed7) {
    const Value g = golden("flock_seed7_step0.json");
    Flock flock(FlockParams{}, 7);
    expect_flock_equals(flock, g);
}

TEST(Golden, OneStepSeed7BruteAndGrid) {
    const Value g = golden("flock_seed7_step1.json");
    for (NeighborMode mode : {NeighborMode::Brute, NeighborMode::Grid}) {
        Flock flock(FlockParams{}, 7);
        flock.step(Rules{}, kLabDt, std::nullopt, mode);
        expect_flock_equals(flock, g);
    }
}

TEST(Golden, SixHundredStepsEveryRuleSet) {
    const auto lines = testjson::lines(testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) +
                                                           "/flock_seed7_600steps.jsonl"));
    ASSERT_EQ(lines.size(), 4u);
    std::set<std::string> seen;
    for (const std::string& line : lines) {
        const Value g = testjson::parse(line);
        Rules rules;
        ASSERT_TRUE(parse_rules(g.at("rules").get<std::string>(), &rules)) << g.at("rules").get<std::string>();
        seen.insert(g.at("rules").get<std::string>());
        ASSERT_TRUE(g.at("hawk").is_null());
        for (NeighborMode mode : {NeighborMode::Brute, NeighborMode::Grid}) {
            SCOPED_TRACE(g.at("rules").get<std::string>() + (mode == NeighborMode::Grid ? " grid" : " brute"));
            FlockParams p;
            p.num_boids = static_cast<int>(g.at("boids").get<double>());
            Flock flock(p, static_cast<std::uint64_t>(g.at("seed").get<double>()));
            for (int s = 0; s < static_cast<int>(g.at("steps").get<double>()); ++s) flock.step(rules, kLabDt, std::nullopt, mode);
            expect_flock_equals(flock, g);
        }
    }
    EXPECT_EQ(seen, (std::set<std::string>{"all", "no-sep", "no-ali", "no-coh"}));
}

TEST(Golden, VehicleArrive) {
    const Value g = golden("vehicle_arrive.json");
    Vehicle v;  // the lab's start: (120, 225), velocity (0, -120), target (470, 225), ARRIVE
    ASSERT_EQ(g.at("mode").get<std::string>(), "arrive");
    ASSERT_EQ(g.at("start").get<std::string>(), "120,225");
    ASSERT_EQ(g.at("vel").get<std::string>(), "0,-120");
    ASSERT_EQ(g.at("target").get<std::string>(), "470,225");
    EXPECT_EQ(v.pos, (Vec2{120, 225}));
    EXPECT_EQ(v.velocity, (Vec2{0, -120}));
    EXPECT_EQ(v.target, (Vec2{470, 225}));
    EXPECT_EQ(v.mode, SteerMode::Arrive);
    const VehicleParams p;
    for (int s = 0; s < static_cast<int>(g.at("steps").get<double>()); ++s) v.step(kLabDt, p);
    EXPECT_EQ(v.pos.x, g.at("pos")[0].get<double>());
    EXPECT_EQ(v.pos.y, g.at("pos")[1].get<double>());
    EXPECT_EQ(v.velocity.x, g.at("velocity")[0].get<double>());
    EXPECT_EQ(v.velocity.y, g.at("velocity")[1].get<double>());
    EXPECT_EQ(v.distance(), g.at("distance").get<double>());
    EXPECT_EQ(v.speed(), g.at("speed").get<double>());
}
