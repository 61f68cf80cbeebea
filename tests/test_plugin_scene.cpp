// The scene that only test files define (tests/plugin/: orbit, written by
// the README's checklist for a new scene), linked into the same binary as
// the generic tests, which loop over every registered scene and so meet it
// too. Here: the page's description (describe_json(), what fl_describe()
// returns), the CLI's own command code (describe, gauges --scene, keys), the
// key table, its params' field table and its what-if lanes all know it,
// though no file outside tests/plugin/ names it.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "core/session.hpp"
#include "core/format.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include "plugin/orbit_scene.hpp"
#include "support/json.hpp"

namespace flocklab {
namespace {

// `flocklab ARGS`, through the CLI's own dispatch, with what it printed.
struct Ran {
    int status;
    std::string out;
};
Ran flocklab_cli(std::vector<std::string> args) {
    args.insert(args.begin(), "flocklab");
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    testing::internal::CaptureStdout();
    try {
        const int status = cli::dispatch(static_cast<int>(argv.size()), argv.data());
        return {status, testing::internal::GetCapturedStdout()};
    } catch (...) {
        testing::internal::GetCapturedStdout();
        throw;
    }
}

TEST(PluginScene, IsInTheRegistryAfterTheLessonsScenes) {
    const std::vector<const char*>& names = scene_names();
    ASSERT_GE(names.size(), 2u);
    EXPECT_STREQ(names.back(), "orbit");
    EXPECT_STREQ(names.front(), "flock");  // still the default scene
    ASSERT_NE(make_scene("orbit"), nullptr);
    EXPECT_STREQ(make_scene("orbit")->name(), "orbit");
    // Its record is whole: a scene, key rows (views are linked only in the widget).
    for (const std::string& p : registry_problems(false)) EXPECT_EQ(p.find("\"orbit\""), std::string::npos) << p;
}

TEST(PluginScene, DescribeJsonCarriesItsWorldOptionsGaugesTunablesAndLanes) {
    const testjson::Value d = testjson::parse(describe_json());
    const testjson::Value& orbit = d.at("scenes").at("orbit");
    EXPECT_EQ(orbit.at("world")[0].get<double>(), 800.0);
    EXPECT_EQ(orbit.at("options")[0].at("name").get<std::string>(), "agents");
    EXPECT_EQ(orbit.at("gauges")[0].at("name").get<std::string>(), "lag");
    std::vector<std::string> tunables;
    for (const testjson::Value& t : orbit.at("tunables")) tunables.push_back(t.at("name").get<std::string>());
    EXPECT_EQ(tunables, (std::vector<std::string>{"max_speed", "max_force", "reaction_time", "slow_radius", "orbit_radius", "orbit_speed"}));
    EXPECT_EQ(orbit.at("whatIf")[1].at("compare").get<std::string>(), "orbit_speed=0");
    EXPECT_EQ(d.at("defaultScene").get<std::string>(), "flock");
}

TEST(PluginScene, TheCliDescribesItAsTheWidgetRunsIt) {
    const Ran r = flocklab_cli({"describe", "--scene", "orbit", "--seed", "7", "--steps", "120", "--option", "agents=5"});
    ASSERT_EQ(r.status, 0);
    Session s_session(std::make_unique<OrbitScene>());
    auto& s = static_cast<OrbitScene&>(s_session.scene());
    s.set("agents", "5");
    s.reset(7);
    s_session.step(120);
    EXPECT_EQ(r.out, s.describe() + "\n");
    EXPECT_EQ(r.out.rfind("5 agents trail the target by ", 0), 0u) << r.out;
    // Another scene's flag is refused with the scene it belongs to.
    EXPECT_THROW(flocklab_cli({"describe", "--scene", "orbit", "--mode", "seek"}), cli::UsageError);
}

TEST(PluginScene, GaugesSceneRunsEachSeed) {
    const Ran r = flocklab_cli({"gauges", "--scene", "orbit", "--seeds", "3-4", "--steps", "60", "--json"});
    ASSERT_EQ(r.status, 0);
    const std::vector<std::string> rows = testjson::lines(r.out);
    ASSERT_EQ(rows.size(), 2u) << r.out;
    for (size_t k = 0; k < rows.size(); ++k) {
        Session s_session(std::make_unique<OrbitScene>());
        auto& s = static_cast<OrbitScene&>(s_session.scene());
        s.reset(3 + k);
        s_session.step(60);
        const testjson::Value row = testjson::parse(rows[k]);
        EXPECT_EQ(row.at("seed").get<double>(), static_cast<double>(3 + k));
        EXPECT_EQ(row.at("lag").get<double>(), s.gauges()[0].value) << rows[k];
    }
}

TEST(PluginScene, ItsKeysAreInTheKeyTable) {
    const std::vector<KeyHelp> keys = keys_for("orbit");
    ASSERT_FALSE(keys.empty());
    EXPECT_STREQ(keys[0].scene, "orbit");
    EXPECT_STREQ(keys[0].keys, "O");
    const Ran r = flocklab_cli({"keys", "--scene", "orbit"});
    EXPECT_NE(r.out.find("| `O` | the target goes round the other way |"), std::string::npos) << r.out;
    EXPECT_EQ(r.out, keys_markdown("orbit"));
}

TEST(PluginScene, ItsParamsClampThroughTheirOwnFieldTable) {
    Session s_session(std::make_unique<OrbitScene>());
    auto& s = static_cast<OrbitScene&>(s_session.scene());
    const SetResult r = s.set_param("orbitRadius", "999");
    EXPECT_EQ(r.status, SetResult::Clamped);
    EXPECT_NE(r.message.find("orbit_radius"), std::string::npos) << r.message;
    EXPECT_EQ(s.params.orbit_radius, 220.0);
    EXPECT_EQ(s.set_param("orbit_speed", "nan").status, SetResult::Invalid);
    // A value set straight into the struct (as a panel might) is clamped at the next step.
    s.params.max_speed = -5;
    s_session.step(1);
    EXPECT_EQ(s.params.max_speed, 1.0);
}

TEST(PluginScene, ItsWhatIfLanes) {
    Session s_session(std::make_unique<OrbitScene>());
    auto& s = static_cast<OrbitScene&>(s_session.scene());
    // W: its first lane, a per-frame force.
    ASSERT_EQ(s_session.toggle_what_if().status, SetResult::Ok);
    EXPECT_EQ(s_session.compared(), (std::vector<std::pair<std::string, std::string>>{{"max_force", "0.2"}}));
    s_session.step(120);
    EXPECT_GT(s_session.apart(), 0.0);
    // Its second: the target stands still in the lane, and moves in the lab's.
    ASSERT_EQ(s_session.compare({{"orbit-speed", "0"}}).status, SetResult::Ok);
    s.reset(3);
    s_session.step(60);
    const OrbitScene& lane = static_cast<const OrbitScene&>(*s_session.what_if());
    EXPECT_EQ(lane.target(), (Vec2{550, 225}));
    EXPECT_NE(s.target(), lane.target());
}

}  // namespace
}  // namespace flocklab
