// Golden parity: the core must reproduce the lesson's Python labs bit for
// bit. Every comparison of doubles here is ==, never a tolerance.
#include <gtest/gtest.h>

#include <dirent.h>

#include <set>

#include "core/flock.hpp"
#include "core/pyrandom.hpp"
#include "core/steer_scene.hpp"
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
                                        "vehicle_arrive.json"};

}  // namespace

TEST(Golden, EveryGoldenFileHasATest) {
    DIR* d = opendir(FLOCKLAB_GOLDEN_DIR);
    ASSERT_NE(d, nullptr);
    int files = 0;
    while (dirent* e = readdir(d)) {
        const std::string name = e->d_name;
        if (name == "." || name == "..") continue;
        ++files;
        EXPECT_TRUE(kCovered.count(name)) << "golden file without a parity test: " << name;
    }
    closedir(d);
    EXPECT_EQ(files, static_cast<int>(kCovered.size()));
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
