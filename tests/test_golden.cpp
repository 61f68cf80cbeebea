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
    const Value& state = g["boids_state"];
    ASSERT_EQ(static_cast<size_t>(flock.size()), state.size());
    int mismatches = 0;
    for (int i = 0; i < flock.size(); ++i) {
        const Boid b = flock.boid(i);
        const double got[4] = {b.pos.x, b.pos.y, b.vel.x, b.vel.y};
        for (int k = 0; k < 4; ++k) {
            if (got[k] != state[i][k].num && mismatches++ < 5) {
                ADD_FAILURE() << "boid " << i << " field " << k << ": got " << std::hexfloat << got[k]
                              << ", golden " << state[i][k].num;
            }
        }
    }
    EXPECT_EQ(mismatches, 0);
    EXPECT_EQ(flock.mean_spacing(), g["spacing"].num);
    EXPECT_EQ(flock.mean_spacing_brute(), g["spacing"].num);
    EXPECT_EQ(flock.heading_order(), g["order"].num);
}

const std::set<std::string> kCovered = {"README.md", "pyrandom_seed7.json", "flock_seed7_step0.json",
                                        "flock_seed7_step1.json", "flock_seed7_600steps.jsonl",
                                        "vehicle_arrive.json", "going-further", "explain"};
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
                 std::to_string(static_cast<long long>(g["seed"].num)));
    FlockParams p;
    p.num_boids = static_cast<int>(g["boids"].num);
    Rules rules;
    ASSERT_TRUE(parse_rules(g["rules"].str, &rules));
    rules.wander = g["wander"].b;
    Flock flock(p, static_cast<std::uint64_t>(g["seed"].num));
    std::optional<Vec2> hawk;
    if (g["hawk"].kind == Value::String) {
        if (g["hawk"].str == "pursuit") flock.set_pursuit(true);
        else ASSERT_TRUE(parse_point(g["hawk"].str, &hawk.emplace()));
    }
    if (g["leader"].kind == Value::String) {
        Vec2 leader;
        ASSERT_TRUE(parse_point(g["leader"].str, &leader));  // as going_further.py records it: "700,300"
        flock.set_leader(leader);
    }
    for (int s = 0; s < static_cast<int>(g["steps"].num); ++s) flock.step(rules, kLabDt, hawk, mode);
    expect_flock_equals(flock, g);
    ASSERT_EQ(flock.hunter().has_value(), g.obj.count("hunter") == 1);
    if (flock.hunter()) {
        const Hunter& h = *flock.hunter();
        EXPECT_EQ(h.pos.x, g["hunter"][0].num);
        EXPECT_EQ(h.pos.y, g["hunter"][1].num);
        EXPECT_EQ(h.vel.x, g["hunter"][2].num);
        EXPECT_EQ(h.vel.y, g["hunter"][3].num);
    }
}

// going_further.py's WanderVehicle from the lab's start.
void expect_wander_vehicle(const Value& g) {
    SCOPED_TRACE("vehicle seed " + std::to_string(static_cast<long long>(g["seed"].num)));
    ASSERT_EQ(g["mode"].str, "wander");
    Vehicle v;
    v.mode = SteerMode::Wander;
    const VehicleParams p;
    v.reset_wander(static_cast<std::uint64_t>(g["seed"].num), p);
    for (int s = 0; s < static_cast<int>(g["steps"].num); ++s) v.step(kLabDt, p);
    EXPECT_EQ(v.pos, (Vec2{g["pos"][0].num, g["pos"][1].num}));
    EXPECT_EQ(v.velocity, (Vec2{g["velocity"][0].num, g["velocity"][1].num}));
    EXPECT_EQ(v.wander_point, (Vec2{g["target"][0].num, g["target"][1].num}));
    EXPECT_EQ(v.wander_angle, g["angle"].num);
}

}  // namespace

TEST(Golden, EveryGoldenFileHasATest) {
    EXPECT_EQ(files_in(FLOCKLAB_GOLDEN_DIR), kCovered);
    EXPECT_EQ(files_in(std::string(FLOCKLAB_GOLDEN_DIR) + "/going-further"), kGoingFurther);
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
        if (c["args"][0].str == "vehicle") {
            expect_wander_vehicle(c["out"]);
            ++vehicles;
            continue;
        }
        for (NeighborMode mode : {NeighborMode::Brute, NeighborMode::Grid}) expect_going_further(c["out"], mode);
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
    PyRandom rng(static_cast<std::uint64_t>(g["seed"].num));
    ASSERT_EQ(g["random"].size(), 8u);
    for (size_t i = 0; i < g["random"].size(); ++i) EXPECT_EQ(rng.random(), g["random"][i].num) << i;
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
        ASSERT_TRUE(parse_rules(g["rules"].str, &rules)) << g["rules"].str;
        seen.insert(g["rules"].str);
        ASSERT_EQ(g["hawk"].kind, Value::Null);
        for (NeighborMode mode : {NeighborMode::Brute, NeighborMode::Grid}) {
            SCOPED_TRACE(g["rules"].str + (mode == NeighborMode::Grid ? " grid" : " brute"));
            FlockParams p;
            p.num_boids = static_cast<int>(g["boids"].num);
            Flock flock(p, static_cast<std::uint64_t>(g["seed"].num));
            for (int s = 0; s < static_cast<int>(g["steps"].num); ++s) flock.step(rules, kLabDt, std::nullopt, mode);
            expect_flock_equals(flock, g);
        }
    }
    EXPECT_EQ(seen, (std::set<std::string>{"all", "no-sep", "no-ali", "no-coh"}));
}

TEST(Golden, VehicleArrive) {
    const Value g = golden("vehicle_arrive.json");
    Vehicle v;  // the lab's start: (120, 225), velocity (0, -120), target (470, 225), ARRIVE
    ASSERT_EQ(g["mode"].str, "arrive");
    ASSERT_EQ(g["start"].str, "120,225");
    ASSERT_EQ(g["vel"].str, "0,-120");
    ASSERT_EQ(g["target"].str, "470,225");
    EXPECT_EQ(v.pos, (Vec2{120, 225}));
    EXPECT_EQ(v.velocity, (Vec2{0, -120}));
    EXPECT_EQ(v.target, (Vec2{470, 225}));
    EXPECT_EQ(v.mode, SteerMode::Arrive);
    const VehicleParams p;
    for (int s = 0; s < static_cast<int>(g["steps"].num); ++s) v.step(kLabDt, p);
    EXPECT_EQ(v.pos.x, g["pos"][0].num);
    EXPECT_EQ(v.pos.y, g["pos"][1].num);
    EXPECT_EQ(v.velocity.x, g["velocity"][0].num);
    EXPECT_EQ(v.velocity.y, g["velocity"][1].num);
    EXPECT_EQ(v.distance(), g["distance"].num);
    EXPECT_EQ(v.speed(), g["speed"].num);
}
