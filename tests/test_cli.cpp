// The CLI as a course author runs it: each sub-command's output and each bad
// argument's exit status.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/scan.hpp"
#include "core/scene.hpp"
#include "core/version.hpp"
#include "support/cli_run.hpp"
#include "support/json.hpp"

namespace {

using testcli::Result;
using testcli::run;

testjson::Value golden(const std::string& name) {
    return testjson::parse(testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) + "/" + name));
}

}  // namespace

TEST(Cli, GaugesSeed7PrintsTheLabsFiguresExactly) {
    const Result r = run("gauges --seeds 7 --json");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(r.out,
              "{\"seed\": 7, \"rules\": \"all\", \"boids\": 60, \"steps\": 600, \"hawk\": null, "
              "\"spacing\": 22.550619377904063, \"order\": 0.8828553839737805}\n");
}

TEST(Cli, GaugesEveryRuleSetMatchesGolden) {
    const Result r = run("gauges --seeds=7 --seconds 10 --rules all,no-sep,no-ali,no-coh --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const auto got = testjson::lines(r.out);
    const auto want = testjson::lines(testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) +
                                                          "/flock_seed7_600steps.jsonl"));
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) {
        const auto g = testjson::parse(got[i]), w = testjson::parse(want[i]);
        EXPECT_EQ(g.at("rules").get<std::string>(), w.at("rules").get<std::string>());
        EXPECT_EQ(g.at("spacing").get<double>(), w.at("spacing").get<double>()) << g.at("rules").get<std::string>();
        EXPECT_EQ(g.at("order").get<double>(), w.at("order").get<double>()) << g.at("rules").get<std::string>();
    }
}

TEST(Cli, GaugesSeedRangeTableHasSummary) {
    const Result r = run("gauges --seeds 0-2 --steps 30 --rules all,no-sep");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("spacing_px"), std::string::npos);
    EXPECT_NE(r.out.find("all over 3 seeds"), std::string::npos);
    EXPECT_NE(r.out.find("no-sep over 3 seeds"), std::string::npos);
    EXPECT_EQ(testjson::lines(r.out).size(), 1u + 2u * 4u);
}

TEST(Cli, DumpEqualsGoldenStateTextually) {
    // Floats are printed as Python's repr prints them, so the whole line is
    // the golden line, character for character.
    const Result r = run("dump --seed 7 --steps 600 --rules no-coh");
    ASSERT_EQ(r.status, 0) << r.out;
    const auto want = testjson::lines(testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) +
                                                          "/flock_seed7_600steps.jsonl"));
    EXPECT_EQ(r.out, want[3] + "\n");
    const Result r0 = run("dump --seed 7 --steps 0");
    const auto g0 = golden("flock_seed7_step0.json");
    const auto d0 = testjson::parse(r0.out);
    ASSERT_EQ(d0.at("boids_state").size(), 60u);
    for (size_t i = 0; i < 60; ++i)
        for (size_t k = 0; k < 4; ++k) EXPECT_EQ(d0.at("boids_state")[i][k].get<double>(), g0.at("boids_state")[i][k].get<double>());
}

TEST(Cli, DumpGridEqualsBrute) {
    const Result a = run("dump --seed 3 --boids 150 --steps 120 --neighbors grid --hawk 400,200");
    const Result b = run("dump --seed 3 --boids 150 --steps 120 --neighbors brute --hawk 400,200");
    ASSERT_EQ(a.status, 0) << a.out;
    EXPECT_EQ(a.out, b.out);
    EXPECT_NE(a.out.find("\"hawk\": [400.0, 200.0]"), std::string::npos);
}

TEST(Cli, HawkChangesTheFlock) {
    const Result a = run("gauges --seeds 7 --steps 120 --json");
    const Result b = run("gauges --seeds 7 --steps 120 --hawk 450,270 --json");
    ASSERT_EQ(b.status, 0) << b.out;
    EXPECT_NE(testjson::parse(a.out).at("spacing").get<double>(), testjson::parse(b.out).at("spacing").get<double>());
}

TEST(Cli, VehicleArriveMatchesGolden) {
    const Result r = run("vehicle --mode arrive --steps 300 --start 120,225 --vel=0,-120 --target 470,225 --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const auto g = golden("vehicle_arrive.json");
    EXPECT_EQ(r.out, testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) + "/vehicle_arrive.json"));
    const auto v = testjson::parse(r.out);
    EXPECT_EQ(v.at("distance").get<double>(), g.at("distance").get<double>());
}

TEST(Cli, VehicleHumanOutput) {
    const Result r = run("vehicle --mode seek --seconds 1 --vel=-50,0");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("mode seek, 60 steps"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("distance to target"), std::string::npos);
}

TEST(Cli, BenchJsonHasOneLinePerSizeAndMode) {
    const Result r = run("bench --boids 60,120 --neighbors brute,grid --steps 3 --warmup 2 --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const auto lines = testjson::lines(r.out);
    ASSERT_EQ(lines.size(), 4u);
    const auto first = testjson::parse(lines[0]);
    EXPECT_EQ(first.at("boids").get<double>(), 60);
    EXPECT_EQ(first.at("neighbors").get<std::string>(), "brute");
    EXPECT_GT(first.at("median_ms").get<double>(), 0);
    // Which candidate scan this processor ran: "avx2", "sse2", ...
    EXPECT_EQ(first.at("scan").get<std::string>(), flocklab::scan_isa());
}

TEST(Cli, BenchTimesEachThreadCount) {
    const Result r = run("bench --boids 200 --neighbors grid --threads 1,2 --steps 3 --warmup 2 --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const auto lines = testjson::lines(r.out);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(testjson::parse(lines[0]).at("threads").get<int>(), 1);
    EXPECT_EQ(testjson::parse(lines[1]).at("threads").get<int>(), 2);
    EXPECT_GT(testjson::parse(lines[1]).at("median_ms").get<double>(), 0);
}

TEST(Cli, ThreadsGiveTheSameNumbers) {
    // gauges, dump and explain with helper threads print exactly what one
    // thread prints, for both neighbour modes and with the extensions on.
    for (const std::string& args : {std::string("gauges --seeds 0-2 --boids 400 --steps 90 --json"),
                                   std::string("dump --seed 5 --boids 300 --steps 60 --wander --hawk pursuit"),
                                   std::string("dump --seed 5 --boids 300 --steps 60 --neighbors brute --leader 700,300"),
                                   std::string("explain --seed 7 --boids 300 --steps 60 --boid 17 --json")}) {
        const Result one = run(args);
        ASSERT_EQ(one.status, 0) << args << "\n" << one.out;
        for (const char* threads : {" --threads 2", " --threads 3"}) {
            const Result many = run(args + threads);
            ASSERT_EQ(many.status, 0) << args << threads;
            EXPECT_EQ(many.out, one.out) << args << threads;
        }
    }
}

TEST(Cli, HelpExitsZero) {
    for (const char* args : {"--help", "help", "gauges --help", "vehicle --mode seek -h"}) {
        const Result r = run(args);
        EXPECT_EQ(r.status, 0) << args;
        EXPECT_NE(r.out.find("usage: flocklab"), std::string::npos) << args;
    }
}

struct BadArg {
    const char* args;
    const char* names;  // the message must name the offending argument
};

class CliBadArgs : public ::testing::TestWithParam<BadArg> {};

TEST_P(CliBadArgs, OneClearLineAndExitStatus2) {
    const Result r = run(GetParam().args);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_EQ(testjson::lines(r.out).size(), 1u) << r.out;
    EXPECT_EQ(r.out.rfind("flocklab: ", 0), 0u) << r.out;
    EXPECT_NE(r.out.find(GetParam().names), std::string::npos) << r.out;
}

INSTANTIATE_TEST_SUITE_P(
    All, CliBadArgs,
    ::testing::Values(BadArg{"gauges --frobnicate", "--frobnicate"}, BadArg{"gauges --boids -3", "--boids"},
                      BadArg{"gauges --boids=-3", "--boids"}, BadArg{"gauges --seeds 5-2", "--seeds"},
                      BadArg{"gauges --seeds x", "--seeds"}, BadArg{"gauges --hawk abc", "--hawk"},
                      BadArg{"gauges --hawk 1,2,3", "--hawk"}, BadArg{"vehicle --mode fly", "--mode"},
                      BadArg{"gauges --rules most", "--rules"}, BadArg{"gauges --neighbors kd", "--neighbors"},
                      BadArg{"gauges --seconds nan", "--seconds"}, BadArg{"gauges --seconds 1 --steps 5", "--steps"},
                      BadArg{"gauges --steps", "--steps"}, BadArg{"dump --seed 1-3", "--seed"},
                      BadArg{"vehicle --start=1e999,0", "--start"}, BadArg{"bench --boids 0", "--boids"}, BadArg{"bench --threads 0", "--threads"}, BadArg{"gauges --threads 65", "--threads"},
                      BadArg{"fly", "fly"}, BadArg{"", "command"}, BadArg{"gauges 7", "'7'"},
                      BadArg{"dump --hawk hunt", "--hawk"}, BadArg{"dump --leader 700", "--leader"},
                      BadArg{"gauges --leader=nan,1", "--leader"}, BadArg{"dump --wander=yes", "--wander"},
                      BadArg{"vehicle --mode wander --seed -1", "--seed"},
                      BadArg{"vehicle --mode wander --target 1,2", "--target"},
                      BadArg{"gauges --seconds 0x10", "--seconds"}, BadArg{"dump --leader 0x10,5", "--leader"},
                      // Issue 42 #4: shards read as whole numbers, or refused (not a SIGFPE, a wrong shard or nothing).
                      BadArg{"sweep --vary weight_separation=0,1 --seconds 1 --shard 1/4294967296", "--shard"},
                      BadArg{"sweep --vary weight_separation=0,1 --seconds 1 --shard 2/4294967298", "--shard"},
                      BadArg{"sweep --vary weight_separation=0,1 --seconds 1 --shard 2147483648/2147483648", "--shard"},
                      BadArg{"sweep --vary weight_separation=0,1 --seconds 1 --shard 1e99999/2", "--shard"},
                      BadArg{"sweep --vary weight_separation=0,1 --seconds 1 --shard 1/5.", "--shard"},
                      BadArg{"sweep --vary weight_separation=0,1 --seconds 1 '--shard=1/ 2'", "--shard"},
                      BadArg{"sweep --vary weight_separation=0,1 --seconds 1 --shard +1/2", "--shard"},
                      BadArg{"sweep --vary weight_separation=0,1 --seconds 1 --shard 0/2", "--shard"}));

// Each command's output equals its golden file (in golden/DIR/), text for text.
static void expect_golden_commands(const std::vector<std::pair<const char*, const char*>>& cases, const std::string& dir) {
    for (const auto& [args, file] : cases) {
        const Result r = run(args);
        ASSERT_EQ(r.status, 0) << args << "\n" << r.out;
        EXPECT_EQ(r.out, testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) + "/" + dir + "/" + file)) << args;
    }
}

// The Going-further golden commands (../shared/going-further/README.md), text for text.
TEST(Cli, GoingFurtherGoldenCommands) {
    expect_golden_commands({
        {"vehicle --mode wander --seed 7 --steps 600 --json", "vehicle_wander_seed7.json"},
        {"dump --seed 7 --steps 600 --wander", "flock_wander_seed7.json"},
        {"dump --seed 7 --steps 600 --hawk pursuit", "flock_pursuit_seed7.json"},
        {"dump --seed 7 --steps 600 --leader 700,300 --neighbors brute", "flock_leader_seed7.json"},
        {"dump --seed 7 --steps 1 --wander --hawk pursuit --leader 700,300", "flock_all_extensions_seed7_step1.json"},
    }, "going-further");
}

// What if: what_if.py's golden files and generated cases, text for text:
// both lanes, apart, closest, overshoot and slowest (its `flock` is dump).
TEST(Cli, WhatIfPrintsWhatTheSpecPrints) {
    expect_golden_commands({
        {"vehicle --mode seek --steps 600 --compare max_force=0.2 --json", "vehicle_seek_per_frame_force.json"},
        {"vehicle --mode flee --steps 180 --vel 220,0 --compare flee=negated-seek --json", "vehicle_flee_negated_seek.json"},
        {"vehicle --mode arrive --steps 600 --compare slow_radius=40 --json", "vehicle_arrive_slow_radius_40.json"},
        {"dump --seed 7 --steps 600 --compare max_force=0.2", "flock_per_frame_force_seed7.json"},
        {"dump --seed 7 --steps 600 --compare min_speed=0", "flock_no_speed_band_seed7.json"},
        {"dump --seed 7 --steps 600 --set update=as-you-go --compare order=reversed", "flock_as_you_go_reversed_seed7.json"},
        {"dump --seed 7 --steps 600 --compare order=reversed", "flock_look_first_reversed_seed7.json"},
    }, "what-if");
    int n = 0;
    for (const std::string& line : testjson::lines(testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) + "/what-if/cases.jsonl"))) {
        const auto c = testjson::parse(line);
        const bool vehicle = c.at("args")[0].get<std::string>() == "vehicle";
        std::string args = vehicle ? "vehicle" : "dump";
        for (size_t k = 1; k < c.at("args").size(); ++k) args += " '" + c.at("args")[k].get<std::string>() + "'";
        if (vehicle) args += " --json";
        const Result r = run(args);
        ASSERT_EQ(r.status, 0) << args << "\n" << r.out;
        EXPECT_EQ(r.out, c.at("out").get<std::string>() + "\n") << args;
        ++n;
    }
    EXPECT_GE(n, 20);
    // Look first, then move: the order of turns changes nothing, to the bit.
    const auto same = testjson::parse(run("dump --seed 3 --steps 300 --boids 90 --compare order=reversed").out);
    EXPECT_EQ(same.at("apart").get<double>(), 0.0);
    EXPECT_EQ(same.at("boids_state"), same.at("what_if").at("boids_state"));
    // gauges and sweep take --compare and measure the lane and apart: the golden runs' numbers.
    const auto g = testjson::parse(run("gauges --scene flock --seeds 7 --set update=as-you-go --compare order=reversed --json").out);
    const auto spec = testjson::parse(testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) + "/what-if/flock_as_you_go_reversed_seed7.json"));
    EXPECT_EQ(g.at("apart").get<double>(), spec.at("apart").get<double>());
    EXPECT_EQ(g.at("what_if_order").get<double>(), spec.at("what_if").at("order").get<double>());
    const std::vector<std::string> rows = testjson::lines(run("sweep --vary weight_separation=1.8,0 --seeds 7 --compare max_force=0.2 --json").out);
    const auto force = testjson::parse(testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) + "/what-if/flock_per_frame_force_seed7.json"));
    const auto first = testjson::parse(rows.at(0));
    EXPECT_EQ(first.at("apart").get<double>(), force.at("apart").get<double>());
    EXPECT_EQ(first.at("what_if_spacing").get<double>(), force.at("what_if").at("spacing").get<double>());
    EXPECT_EQ(first.at("slowest").get<double>(), force.at("slowest").get<double>());
    // describe says what the lane does differently, in the gauges' numbers (the widget's describe() is the same summary()).
    const std::string said = run("describe --scene steer --option mode=seek --steps 600 --compare max_force=0.2").out;
    EXPECT_NE(said.find("What if max force 0.2 px/s²: Seek."), std::string::npos) << said;
    EXPECT_NE(said.find("closest 345.3 px against the lab's 0.0 px, overshoot 0.0 px against the lab's 53.1 px"), std::string::npos) << said;
    EXPECT_NE(said.find("The two lanes are 382.1 px apart."), std::string::npos) << said;
    // Bad names and values: one line, exit 2.
    for (const char* bad : {"dump --compare order=sideways", "dump --compare gravity=1", "dump --compare max_force", "dump --compare boids=90",
                            "vehicle --compare flee=run", "vehicle --set update=as-you-go", "gauges --compare max_force=1 --hawk 1,1",
                            "sweep --vary weight_separation=0,1 --compare gravity=2", "gauges --scene crowd --compare follow=flow"}) {
        const Result b = run(bad);
        EXPECT_EQ(b.status, 2) << bad << "\n" << b.out;
        EXPECT_EQ(std::count(b.out.begin(), b.out.end(), '\n'), 1) << bad << "\n" << b.out;
    }
}

// Looking ahead: looking_ahead.py's golden files and generated cases, text for text.
TEST(Cli, CrowdAndFieldPrintWhatTheSpecPrints) {
    expect_golden_commands({
        {"crowd --seed 7 --steps 600 --follow field --json", "crowd_field_seed7_600.json"},
        {"crowd --seed 7 --steps 600 --follow seek --json", "crowd_seek_seed7_600.json"},
        {"crowd --seed 7 --steps 1 --follow field --json", "crowd_field_seed7_1.json"},
        {"crowd --seed 3 --steps 600 --follow field --walls none --goal 5,3 --json", "crowd_field_seed3_nowalls_goal5-3.json"},
        {"field --json", "field_default.json"},
        {"field --walls '12,8;13,8;14,8;13,7;13,9' --goal 0,0 --json", "field_plus_goal0-0.json"},
    }, "looking-ahead");
    int n = 0;
    for (const std::string& line : testjson::lines(testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) + "/looking-ahead/cases.jsonl"))) {
        const auto c = testjson::parse(line);
        std::string args;
        for (const auto& a : c.at("args")) args += "'" + a.get<std::string>() + "' ";
        const Result r = run(args + "--json");
        ASSERT_EQ(r.status, 0) << args << "\n" << r.out;
        EXPECT_EQ(testjson::parse(r.out), c.at("out")) << args;
        ++n;
    }
    EXPECT_GE(n, 15);
}

TEST(Cli, CrowdTellsTheLessonsStoryInOneLine) {
    const Result field = run("crowd --seed 7 --seconds 20 --follow field");
    const Result seek = run("crowd --seed 7 --seconds 20 --follow seek");
    // looking_ahead.py crowd --seed 7 --steps 1200 prints 40, 0, 1.7 and 4, 36, 31.025.
    EXPECT_EQ(field.out, "follow field, seed 7, 1200 steps (20.00 s), goal 26,4: arrived 40, stuck 0, mean steps to goal 1.7\n");
    EXPECT_EQ(seek.out, "follow seek, seed 7, 1200 steps (20.00 s), goal 26,4: arrived 4, stuck 36, mean steps to goal 31.025\n");
    const Result d = run("describe --scene crowd --follow seek --seconds 20");
    EXPECT_EQ(d.status, 0) << d.out;
    EXPECT_NE(d.out.find("36 agents are held up against the wall at column 9"), std::string::npos) << d.out;
}

TEST(Cli, BadWallsAndGoalsAreRefusedInOneLine) {
    for (const char* args : {"crowd --walls '1,2;'", "crowd --walls 30,1", "crowd --walls 'a,b'", "field --walls '1;2'",
                             "crowd --goal 30,4", "crowd --goal 9,3", "field --goal -1,0", "crowd --goal 26",
                             "crowd --walls '9,4;26,4'", "crowd --follow flow", "crowd --walls none --goal 5,3 --agents 0",
                             "crowd --walls '0,0;1,0;2,0;3,0;4,0;5,0;6,0;6,1;6,2;6,3;6,4;6,5;6,6;6,7;6,8;6,9;6,10;6,11;6,12;6,13;6,14;6,15;6,16;6,17' --goal 20,9",
                             "describe --scene crowd --rules all", "describe --follow seek", "crowd --steps 100 --seconds 1"}) {
        const Result r = run(args);
        EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << "\n" << r.out;
        EXPECT_EQ(r.out.rfind("flocklab: ", 0), 0u) << r.out;
    }
    EXPECT_NE(run("crowd --goal 9,3").out.find("is a wall; the goal must be a free cell"), std::string::npos);
    EXPECT_NE(run("crowd --walls 30,1").out.find("outside the grid"), std::string::npos);
}

TEST(Cli, GaugesTakeTheExtensions) {
    const Result plain = run("gauges --seeds 7 --steps 120 --json");
    const Result ext = run("gauges --seeds 7 --steps 120 --wander --hawk pursuit --leader 450,270 --json");
    ASSERT_EQ(ext.status, 0) << ext.out;
    const auto e = testjson::parse(ext.out);
    EXPECT_EQ(e.at("hawk").get<std::string>(), "pursuit");
    EXPECT_EQ(e.at("leader").get<std::string>(), "450,270");
    EXPECT_TRUE(e.at("wander").get<bool>());
    EXPECT_NE(e.at("spacing").get<double>(), testjson::parse(plain.out).at("spacing").get<double>());
}

// One way to configure any scene: --option NAME=VALUE works for the flock in
// gauges, dump and explain, and in sweep the flock's flags are shorthands
// of options; each way gives the same numbers.
TEST(Cli, OptionConfiguresTheFlockAndTheFlagsAreItsShorthands) {
    const auto numbers = [](const std::string& out) {
        const auto j = testjson::parse(out);
        return std::make_pair(j.at("spacing").get<double>(), j.at("order").get<double>());
    };
    const Result flags = run("gauges --seeds 3 --steps 300 --hawk pursuit --wander --leader 400,250 --json");
    const Result options = run("gauges --seeds 3 --steps 300 --option hawkMode=pursuit --option rule=wander=1 --option leader=on --option leaderTarget=400,250 --json");
    ASSERT_EQ(flags.status, 0) << flags.out;
    ASSERT_EQ(options.status, 0) << options.out;
    EXPECT_EQ(numbers(flags.out), numbers(options.out));
    const auto o = testjson::parse(options.out).at("options");
    EXPECT_EQ(o.at("hawkMode").get<std::string>(), "pursuit");  // the output says what was applied
    EXPECT_EQ(o.at("leaderTarget").get<std::string>(), "400,250");
    // sweep: the flags as shorthands, and --option, give the gauges' numbers
    for (const char* how : {"--hawk pursuit --wander --leader 400,250",
                            "--option hawkMode=pursuit --option rule=wander=1 --option leader=on --option leaderTarget=400,250"}) {
        const Result sw = run(std::string("sweep --vary boids=60 --seeds 3 --steps 300 --json ") + how);
        ASSERT_EQ(sw.status, 0) << sw.out;
        EXPECT_EQ(numbers(sw.out), numbers(flags.out)) << how;
    }
    // the flock's size by option, in dump; explain takes options too
    const Result dump = run("dump --seed 2 --steps 0 --option boids=20");
    ASSERT_EQ(dump.status, 0) << dump.out;
    EXPECT_EQ(testjson::parse(dump.out).at("boids_state").size(), 20u);
    EXPECT_EQ(testjson::parse(dump.out).at("boids").get<double>(), 20);
    const Result explain = run("explain --seed 2 --steps 30 --boid 0 --option rule=alignment=0");
    EXPECT_EQ(explain.status, 0) << explain.out;
    // a bad option: one line, exit 2, before anything runs
    const Result bad = run("gauges --seeds 0-999 --option hawkMode=maybe");
    EXPECT_EQ(bad.status, 2);
    EXPECT_EQ(bad.out, "flocklab: --option: hawkMode: expected one of pointer, pursuit, off, got 'maybe'\n");
    // a bad shorthand is named as it was typed, in sweep as in gauges
    const Result hawk = run("sweep --vary boids=60 --seeds 0 --hawk foo");
    EXPECT_EQ(hawk.status, 2);
    EXPECT_EQ(hawk.out, run("gauges --seeds 0 --hawk foo").out);
    EXPECT_EQ(hawk.out, "flocklab: --hawk: expected X,Y (two numbers) or pursuit, got 'foo'\n");
}

// `flocklab explain` against the lesson's own neighbors(), separation(),
// alignment(), cohesion(), flee() and flock_force() (and the Going-further
// spec for the extensions), as tests/golden/explain/make_cases.py ran them:
// text for text, in both neighbour modes.
TEST(Cli, ExplainEqualsTheLabsOwnFunctions) {
    const auto lines = testjson::lines(testjson::read_file(std::string(FLOCKLAB_GOLDEN_DIR) + "/explain/cases.jsonl"));
    ASSERT_GE(lines.size(), 14u);
    for (const std::string& line : lines) {
        const testjson::Value c = testjson::parse(line);
        std::string args;
        for (const auto& a : c.at("args")) args += " " + a.get<std::string>();
        // The case's "out", exactly as Python's json.dumps wrote it.
        const size_t at = line.find("\"out\": ") + 7;
        const std::string want = line.substr(at, line.size() - at - 1) + "\n";
        for (const char* mode : {"brute", "grid"}) {
            const Result r = run("explain" + args + " --neighbors " + mode + " --json");
            ASSERT_EQ(r.status, 0) << args << "\n" << r.out;
            EXPECT_EQ(r.out, want) << args << " --neighbors " << mode;
        }
    }
}

TEST(Cli, ExplainHumanOutputNamesEveryRuleAndTheTotal) {
    const Result r = run("explain --seed 7 --steps 600 --boid 3 --rules no-sep");
    ASSERT_EQ(r.status, 0) << r.out;
    for (const char* word : {"23 neighbours: 2 4 5 6", "separation", "alignment", "cohesion", "flee", "total",
                             "(not in the total)"}) {
        EXPECT_NE(r.out.find(word), std::string::npos) << word << "\n" << r.out;
    }
}

TEST(Cli, ExplainBadArguments) {
    for (const char* bad : {"explain --seed 7", "explain --boid 60", "explain --boid -1", "explain --boid 3 --seed 1-2",
                            "explain --boid x", "explain --boid 3 --rules all,none"}) {
        const Result r = run(bad);
        EXPECT_EQ(r.status, 2) << bad << "\n" << r.out;
        EXPECT_EQ(testjson::lines(r.out).size(), 1u) << r.out;
        EXPECT_NE(r.out.find(std::string(bad).find("rules") != std::string::npos ? "--rules"
                             : std::string(bad).find("seed 1") != std::string::npos ? "--seed" : "--boid"),
                  std::string::npos) << r.out;
    }
}

TEST(Cli, ParsingEdges) {
    // "help" as an option's value is an error; --help anywhere is the usage.
    const Result hawk = run("gauges --hawk help");
    EXPECT_EQ(hawk.status, 2) << hawk.out;
    EXPECT_NE(hawk.out.find("--hawk"), std::string::npos);
    EXPECT_EQ(run("gauges --help").status, 0);
    EXPECT_EQ(run("help").status, 0);
    const Result nb = run("dump --neighbors brute,grid");
    EXPECT_EQ(nb.status, 2) << nb.out;
    EXPECT_NE(nb.out.find("--neighbors"), std::string::npos);
    const Result seed = run("gauges --seed 7");
    EXPECT_EQ(seed.status, 2);
    EXPECT_NE(seed.out.find("did you mean --seeds?"), std::string::npos) << seed.out;
    const Result vel = run("vehicle --vel=4e307,0 --json");
    EXPECT_EQ(vel.status, 2) << vel.out;
    EXPECT_EQ(vel.out.find("null"), std::string::npos);
}

TEST(Cli, HugeWorkIsRefusedWithOneLine) {
    const Result r = run("gauges --boids 100000 --steps 100000");
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_EQ(testjson::lines(r.out).size(), 1u) << r.out;
    EXPECT_NE(r.out.find("gauges: 100000 boids x 100000 steps x 1 run would take about 14.1 h on this machine"), std::string::npos) << r.out;
    EXPECT_EQ(run("gauges --seeds 0-11 --rules all,no-sep,no-ali,no-coh,none --steps 1").status, 0);
    // The cap is time, not boid-steps: 80 minutes of gauges and 13 hours of bench are refused too.
    const Result g = run("gauges --boids 100000 --steps 10000");
    EXPECT_EQ(g.status, 2) << g.out;
    EXPECT_NE(g.out.find("would take about 84 min"), std::string::npos) << g.out;
    const Result b = run("bench --boids 100000 --steps 100000");
    EXPECT_EQ(b.status, 2) << b.out;
    EXPECT_EQ(testjson::lines(b.out).size(), 1u) << b.out;
    EXPECT_NE(b.out.find("bench: these sizes, modes and thread counts would take about"), std::string::npos) << b.out;
    // Each scene counts its own: the crowd's agents are not boids.
    for (const char* crowd : {"crowd --agents 2000 --steps 100000000", "describe --scene crowd --agents 2000 --seconds 100000",
                              "gauges --scene crowd --option agents=2000 --steps 10000000"}) {
        const Result c = run(crowd);
        EXPECT_EQ(c.status, 2) << c.out;
        EXPECT_NE(c.out.find(" 2000 agents x "), std::string::npos) << crowd << ": " << c.out;
        EXPECT_EQ(c.out.find("boids"), std::string::npos) << crowd << ": " << c.out;
    }
}

// The estimate is the run's real cost (issue 42 #5): brute force named by
// --option is counted as brute force (it was estimated as the grid), and a
// grid's cells are counted however few boids fill them (2 boids at a density
// of 1e-300 clear 4096x4096 cells at every step: 46 ms a step here).
TEST(Cli, WorkIsEstimatedFromWhatTheRunWillCost) {
    const Result grid = run("gauges --scene flock --option boids=5000 --seconds 6000");
    const Result brute = run("gauges --scene flock --option boids=5000 --option neighbors=brute --seconds 6000");
    EXPECT_EQ(grid.status, 2) << grid.out;
    EXPECT_EQ(brute.status, 2) << brute.out;
    EXPECT_NE(grid.out.find("(1.13 us per boid-step)"), std::string::npos) << grid.out;
    EXPECT_NE(brute.out.find("(4.50 us per boid-step)"), std::string::npos) << brute.out;
    // 20 runs of a minute: within the limit as the grid, past it as brute force.
    const Result sweep = run("sweep --scene flock --option neighbors=brute --option boids=5000 --vary weight_separation=0,1 --seeds 0-9 --seconds 60 --csv");
    EXPECT_EQ(sweep.status, 2) << sweep.out;
    EXPECT_NE(sweep.out.find("sweep: 5000 boids x 3600 steps x 20 runs would take about 27 min"), std::string::npos) << sweep.out;
    const Result sparse = run("bench --boids 2 --density 1e-300 --neighbors grid --warmup 0 --steps 20000 --json");
    EXPECT_EQ(sparse.status, 2) << sparse.out;
    EXPECT_NE(sparse.out.find("bench: these sizes, modes and thread counts would take about 17 min"), std::string::npos) << sparse.out;
}

// A value quoted in an error is one line (issue 42 #12: a newline in an
// argument was echoed raw, splitting the message): control characters as escapes.
TEST(Cli, AQuotedValueStaysOnOneLine) {
    for (const char* bad : {"gauges --rules 'a\nb'", "gauges --neighbors 'x\ty'", "gauges --scene 'fl\rock'", "vehicle --mode 'a\x01'"}) {
        const Result r = run(bad);
        EXPECT_EQ(r.status, 2) << bad;
        EXPECT_EQ(testjson::lines(r.out).size(), 1u) << bad << ": " << r.out;
        EXPECT_TRUE(r.out.find("\\n") != std::string::npos || r.out.find("\\t") != std::string::npos || r.out.find("\\r") != std::string::npos ||
                    r.out.find("\\x01") != std::string::npos) << r.out;
    }
}

TEST(Cli, MessagesSayWhatWentWrong) {
    const Result leader = run("dump --leader --steps 1");
    EXPECT_EQ(leader.status, 2);
    EXPECT_NE(leader.out.find("--leader needs a value, but the next argument is the option '--steps'"), std::string::npos) << leader.out;
    for (const char* hawk : {"help", "PURSUIT"}) {
        const Result h = run(std::string("gauges --seeds 1 --hawk ") + hawk);
        EXPECT_EQ(h.status, 2);
        EXPECT_NE(h.out.find("--hawk: expected X,Y (two numbers) or pursuit, got '"), std::string::npos) << h.out;
    }
    // Leading or trailing spaces: refused alike for whole numbers and decimals.
    for (const char* bad : {"gauges --seeds 1 --boids ' 5'", "gauges --seeds 1 --seconds ' 1'", "gauges --seeds 1 --boids '5 '"}) {
        const Result r = run(bad);
        EXPECT_EQ(r.status, 2) << bad << "\n" << r.out;
    }
}

// --set: any tunable by its field-table name, with setParams()'s ranges and messages.
TEST(Cli, SetTakesAnyTunableWithTheSameRulesAsSetParams) {
    const Result plain = run("gauges --seeds 7 --json");
    const Result set = run("gauges --seeds 7 --json --set weight_separation=0 --set viewRadius=45");
    ASSERT_EQ(set.status, 0) << set.out;
    const auto j = testjson::parse(set.out);
    EXPECT_EQ(j.at("params").at("weight_separation").get<double>(), 0.0);
    EXPECT_EQ(j.at("params").at("view_radius").get<double>(), 45.0);
    EXPECT_LT(j.at("spacing").get<double>(), testjson::parse(plain.out).at("spacing").get<double>());
    EXPECT_EQ(plain.out.find("params"), std::string::npos);  // without --set, the golden layout
    // The same value through describe and dump: the same flock.
    const Result dump = run("dump --seed 7 --set weight_separation=0 --set view_radius=45");
    EXPECT_EQ(testjson::parse(dump.out).at("spacing").get<double>(), j.at("spacing").get<double>());
    const Result clamped = run("dump --seed 7 --steps 1 --set view_angle=400");
    EXPECT_EQ(clamped.status, 0);
    EXPECT_NE(clamped.out.find("flocklab: warning: --set view_angle: 400 is outside 0.0 to 360.0 deg; using 360.0"), std::string::npos);
    for (const char* bad : {"gauges --set weight_seperation=0", "gauges --set weight_separation", "gauges --set =1",
                            "dump --set view_radius=wide", "crowd --set weight_follow=x"}) {
        const Result r = run(bad);
        EXPECT_EQ(r.status, 2) << bad << "\n" << r.out;
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    }
    EXPECT_NE(run("gauges --set gravity=1").out.find("has no parameter 'gravity'"), std::string::npos);
    // The crowd's tunables too: without following, nobody gets home.
    EXPECT_NE(run("crowd --seconds 10 --set weight_follow=0").out.find("arrived 0,"), std::string::npos);
}

// sweep: every run equals the same configuration run alone; threads and
// shards change nothing but who runs what.
// gauges --scene: any scene, configured as a widget is, gives the gauges its
// own command and a sweep's row give for the same configuration.
TEST(Cli, GaugesRunAnySceneAsTheWidgetDoes) {
    const Result crowd = run("gauges --scene crowd --seeds 7 --seconds 20 --json");
    ASSERT_EQ(crowd.status, 0) << crowd.out;
    const auto c = testjson::parse(crowd.out);
    const auto own = testjson::parse(run("crowd --seed 7 --seconds 20 --json").out);
    EXPECT_EQ(c.at("arrived").get<double>(), own.at("arrived").get<double>());
    EXPECT_EQ(c.at("stuck").get<double>(), own.at("stuck").get<double>());
    EXPECT_EQ(c.at("mean_steps_to_goal").get<double>(), own.at("mean_steps_to_goal").get<double>());
    const auto seek = testjson::lines(run("gauges --scene crowd --option follow=seek --seeds 3,4 --seconds 5 --set weight_separation=2 --json").out);
    const auto rows = testjson::lines(run("sweep --scene crowd --vary follow=seek --seeds 3,4 --seconds 5 --set weight_separation=2 --json").out);
    ASSERT_EQ(seek.size(), 2u);
    for (size_t k = 0; k < seek.size(); ++k) {
        for (const char* g : {"arrived", "stuck", "mean_steps_to_goal"}) {
            EXPECT_EQ(testjson::parse(seek[k]).at(g).get<double>(), testjson::parse(rows[k]).at(g).get<double>()) << g;
        }
    }
    const auto steer = testjson::parse(run("gauges --scene steer --option mode=flee --seeds 7 --seconds 3 --json").out);
    const auto steer_row = testjson::parse(run("sweep --scene steer --vary mode=flee --seeds 7 --seconds 3 --json").out);
    EXPECT_EQ(steer.at("speed").get<double>(), steer_row.at("speed").get<double>());
    EXPECT_EQ(steer.at("distance").get<double>(), steer_row.at("distance").get<double>());
    // The flock: a sweep over the boids, the hawk mode, or with a rule set, row for row the gauges command.
    const auto same = [&](const std::string& sweep, const std::string& gauges) {
        const auto r = testjson::parse(run(sweep + " --seeds 7 --seconds 3 --json").out);
        const auto g = testjson::parse(run(gauges + " --seeds 7 --seconds 3 --json").out);
        EXPECT_EQ(r.at("spacing").get<double>(), g.at("spacing").get<double>()) << sweep;
        EXPECT_EQ(r.at("order").get<double>(), g.at("order").get<double>()) << sweep;
    };
    same("sweep --vary boids=40", "gauges --boids 40");
    same("sweep --vary hawkMode=pursuit", "gauges --hawk pursuit");
    same("sweep --rules no-sep --vary weight_alignment=0.5", "gauges --rules no-sep --set weight_alignment=0.5");
    // Flock-only options are refused for another scene, and --option for the flock's gauges.
    EXPECT_EQ(run("gauges --scene crowd --rules all").status, 2);
    EXPECT_EQ(run("gauges --option mode=seek").status, 2);
    EXPECT_EQ(run("gauges --scene moon").status, 2);
}

TEST(Cli, SweepRunsEqualSingleRunsWhateverTheThreadsAndShards) {
    const Result whole = run("sweep --vary weight_separation=0:1:0.5 --seeds 7-8 --seconds 3 --json");
    ASSERT_EQ(whole.status, 0) << whole.out;
    const auto lines = testjson::lines(whole.out);
    ASSERT_EQ(lines.size(), 6u);
    for (const std::string& line : lines) {
        const auto r = testjson::parse(line);
        const std::string alone = run("gauges --seconds 3 --json --seeds " + std::to_string(r.at("seed").get<long long>()) +
                                      " --set weight_separation=" + std::to_string(r.at("weight_separation").get<double>())).out;
        EXPECT_EQ(testjson::parse(alone).at("spacing").get<double>(), r.at("spacing").get<double>()) << line;
        EXPECT_EQ(testjson::parse(alone).at("order").get<double>(), r.at("order").get<double>()) << line;
    }
    EXPECT_EQ(run("sweep --vary weight_separation=0:1:0.5 --seeds 7-8 --seconds 3 --json --threads 2").out, whole.out);
    // The N shards' CSVs concatenated in order, each header but the first left
    // out, are the whole sweep's CSV byte for byte (N = 7: a shard may be empty).
    const std::string sweep = "sweep --vary weight_separation=0:1:0.5 --seeds 7-8 --seconds 3 --csv";
    const std::string whole_csv = run(sweep).out;
    for (int n : {1, 2, 3, 7}) {
        std::string joined;
        for (int k = 1; k <= n; ++k) {
            const std::string part = run(sweep + " --shard " + std::to_string(k) + "/" + std::to_string(n)).out;
            joined += k == 1 ? part : part.substr(part.find('\n') + 1);
        }
        EXPECT_EQ(joined, whole_csv) << n << " shards";
    }
    // summarize puts shards' CSVs together into the sweep's own summary.
    const std::string dir = testing::TempDir();
    for (int k = 1; k <= 2; ++k) {
        ASSERT_EQ(run("sweep --vary weight_separation=0:1:0.5 --seeds 7-8 --seconds 3 --csv --shard " + std::to_string(k) + "/2 > " +
                      dir + "/shard" + std::to_string(k) + ".csv").status, 0);
    }
    const Result sum = run("summarize " + dir + "/shard1.csv " + dir + "/shard2.csv");
    ASSERT_EQ(sum.status, 0) << sum.out;
    std::string text = run("sweep --vary weight_separation=0:1:0.5 --seeds 7-8 --seconds 3").out;
    text = text.substr(text.find('\n') + 1);
    for (const std::string unit : {" px/s", " px"}) {  // the CSV has no units
        for (size_t at; (at = text.find(unit)) != std::string::npos;) text.erase(at, unit.size());
    }
    EXPECT_EQ(sum.out, "6 runs (bare CSVs: a last shard lost whole cannot be seen; a plan's parts say their total)\n" + text);
    EXPECT_NE(run("summarize " + dir + "/shard1.csv").out.find("missing"), std::string::npos);
    EXPECT_EQ(run("summarize " + dir + "/shard1.csv " + dir + "/shard1.csv").status, 2);  // a run twice
    // The files stream: a file with no line break is refused after 64 KiB
    // (it was read whole: /dev/zero took 16 GB), CRLF lines are lines, and a
    // value that is no sweep's (an escape sequence, a formula) is refused
    // with its control characters shown as \xNN, not sent to the terminal.
    const Result zero = run("summarize /dev/zero");
    EXPECT_EQ(zero.status, 2);
    EXPECT_NE(zero.out.find("'/dev/zero' has a line longer than 65536 characters"), std::string::npos) << zero.out;
    ASSERT_EQ(std::system(("sed 's/$/\\r/' " + dir + "/shard1.csv > " + dir + "/crlf1.csv && sed 's/$/\\r/' " + dir + "/shard2.csv > " + dir + "/crlf2.csv").c_str()), 0);
    const Result crlf = run("summarize " + dir + "/crlf1.csv " + dir + "/crlf2.csv");
    EXPECT_EQ(crlf.status, 0) << crlf.out;
    EXPECT_EQ(crlf.out, sum.out);
    ASSERT_EQ(std::system(("printf 'run,weight_separation,seed,spacing,order\\n0,\\033[31mred,0,1,2\\n' > " + dir + "/esc.csv").c_str()), 0);
    const Result esc = run("summarize " + dir + "/esc.csv");
    EXPECT_EQ(esc.status, 2);
    EXPECT_NE(esc.out.find("is not a sweep's: '\\x1b[31mred'"), std::string::npos) << esc.out;
    EXPECT_EQ(esc.out.find('\x1b'), std::string::npos) << esc.out;
    ASSERT_EQ(std::system(("printf 'run,weight_separation,seed,spacing,order\\n0,=cmd,0,1,2\\n' > " + dir + "/formula.csv").c_str()), 0);
    EXPECT_EQ(run("summarize " + dir + "/formula.csv").status, 2);
    // Options too: the crowd over both ways of following (the lesson's story).
    const Result crowd = run("sweep --scene crowd --vary follow=field,seek --seeds 7 --seconds 20 --csv");
    EXPECT_EQ(crowd.out, "run,follow,seed,arrived,stuck,mean_steps_to_goal\n0,field,7,40.0,0.0,1.7\n1,seek,7,4.0,36.0,31.025\n");
    for (const char* bad : {"sweep", "sweep --vary gravity=0:1:0.5", "sweep --vary weight_separation=1:0:0.5",
                            "sweep --vary weight_separation=0:1:0", "sweep --vary follow=flow --scene crowd",
                            "sweep --vary follow=0:1:1 --scene crowd", "sweep --vary weight_separation=0,1 --shard 4/3",
                            "sweep --vary weight_separation=0,1 --boids 100000", "sweep --vary weight_separation=0,1 --csv --json",
                            "sweep --vary weight_separation=-1,2", "sweep --vary boids=0,10", "sweep --vary weight_separation=0:9:3"}) {
        const Result r = run(bad);
        EXPECT_EQ(r.status, 2) << bad << "\n" << r.out;
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << bad << "\n" << r.out;
    }
    // A value out of range is refused, not run clamped under its own name.
    EXPECT_EQ(run("sweep --vary weight_separation=-1,2").out,
              "flocklab: --vary: weight_separation: -1 is outside 0.0 to 5.0 (a sweep runs only values in range)\n");
    // A value that clamps another setting runs, with that said once on stderr;
    // its row equals gauges with the same setting (which clamps alike).
    const Result low = run("sweep --vary max_speed=20 --seeds 7 --seconds 3 --json");
    ASSERT_EQ(low.status, 0) << low.out;
    EXPECT_NE(low.out.find("flocklab: warning: --vary max_speed = 20: min_speed: 60.0 is outside 0.0 to 20.0 px/s; using 20.0\n"),
              std::string::npos) << low.out;
    const std::string row = low.out.substr(low.out.find('{'));
    const std::string alone = run("gauges --set max_speed=20 --seeds 7 --seconds 3 --json").out;  // its warning, then the JSON
    const auto g = testjson::parse(alone.substr(alone.find('{')));
    EXPECT_EQ(testjson::parse(row.substr(0, row.find('\n'))).at("spacing").get<double>(), g.at("spacing").get<double>()) << low.out;
}

// One version: the file VERSION at the root, read here at test time, is what
// `flocklab --version` prints and what describe_json() (fl_describe()) says.
TEST(Cli, VersionComesFromTheVersionFile) {
    std::string want = testjson::read_file(std::string(FLOCKLAB_SOURCE_DIR) + "/VERSION");
    while (!want.empty() && (want.back() == '\n' || want.back() == '\r')) want.pop_back();
    ASSERT_FALSE(want.empty());
    const Result r = run("--version");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, "flocklab " + want + "\n");
    EXPECT_EQ(testjson::parse(flocklab::describe_json()).at("version").get<std::string>(), want);
    EXPECT_EQ(flocklab::version(), want);
    // `flocklab spec` prints the same description the page's module gives
    // (this binary's has the scene of tests/plugin/ too, which the CLI does not link).
    const Result spec = run("spec");
    ASSERT_EQ(spec.status, 0) << spec.out;
    testjson::Value here = testjson::parse(flocklab::describe_json());
    ASSERT_EQ(here.at("scenes").erase("orbit"), 1u);
    EXPECT_EQ(testjson::parse(spec.out), here);
}

// Issue 42 #9: list values that JSON would not take (.5, 5., +1, 00.5) are
// written as the core reads them, so sweep --json is JSON and summarize reads
// sweep's own --csv.
TEST(Cli, SweepWritesListValuesAsNumbersJsonTakes) {
    const Result j = run("sweep --vary weight_separation=.5,5.,+1,00.5 --seconds 1 --json");
    ASSERT_EQ(j.status, 0) << j.out;
    std::vector<double> values;
    for (const std::string& line : testjson::lines(j.out)) values.push_back(testjson::parse(line).at("weight_separation").get<double>());
    EXPECT_EQ(values, (std::vector<double>{0.5, 5.0, 1.0, 0.5}));
    const std::string dir = ::testing::TempDir();
    ASSERT_EQ(run("sweep --vary weight_separation=.5,+1 --seconds 1 --csv > " + dir + "/odd.csv").status, 0);
    const Result sum = run("summarize " + dir + "/odd.csv");
    EXPECT_EQ(sum.status, 0) << sum.out;
    EXPECT_NE(sum.out.find("weight_separation=0.5"), std::string::npos) << sum.out;
    // A count takes whole numbers: +3 is 3.
    const Result n = run("sweep --scene flock --vary boids=+3,4 --seconds 1 --json");
    ASSERT_EQ(n.status, 0) << n.out;
    EXPECT_EQ(testjson::parse(testjson::lines(n.out)[0]).at("boids").get<std::string>(), "3");
}

// Issue 42 #10: --option says a clamp, as --set does (once, however many
// runs), and the JSON names the value that ran.
TEST(Cli, OptionSaysAClampOnceAndEchoesWhatRan) {
    const Result r = run("gauges --option boids=.5 --seconds 1 --seeds 1,2 --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const std::vector<std::string> ls = testjson::lines(r.out);
    ASSERT_EQ(ls.size(), 3u) << r.out;  // one warning, two runs
    EXPECT_EQ(ls[0], "flocklab: warning: --option boids: .5 must be a whole number from 2 to 5000; using 2");
    for (size_t k = 1; k < 3; ++k) {
        const auto j = testjson::parse(ls[k]);
        EXPECT_EQ(j.at("boids").get<int>(), 2);
        EXPECT_EQ(j.at("options").at("boids").get<std::string>(), "2");
    }
}

// Issue 42 #8: summarize is linear in its rows: 100,000 runs of as many
// values and seeds are summarised (each value's line, in order of first sight).
TEST(Cli, SummarizeTakesAHundredThousandDistinctValues) {
    const std::string path = ::testing::TempDir() + "/wide.csv";
    {
        std::ofstream f(path);
        f << "run,weight_separation,seed,spacing,order\n";
        for (int i = 0; i < 100000; ++i) f << i << ',' << i << ',' << i << ",1.5,0.5\n";
    }
    const Result r = run("summarize " + path);
    ASSERT_EQ(r.status, 0) << r.out.substr(0, 300);
    const std::vector<std::string> ls = testjson::lines(r.out);
    ASSERT_EQ(ls.size(), 100001u);
    EXPECT_EQ(ls[0].rfind("100000 runs", 0), 0u) << ls[0];
    EXPECT_EQ(ls[1], "weight_separation=0: spacing mean 1.5 (1.5 to 1.5) order mean 0.5 (0.5 to 0.5)");
    EXPECT_EQ(ls[100000].rfind("weight_separation=99999:", 0), 0u) << ls[100000];
}
