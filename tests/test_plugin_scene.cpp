// A scene defined entirely in this file, to prove the registry's seam: it
// registers itself with one line, and then the page's description
// (describe_json(), what fl_describe() returns), the CLI's own command code
// (describe, gauges --scene, keys) and the key table all know it, though no
// other file names it. Its own test binary, so the other tests see only the
// lesson's scenes.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "core/format.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include "support/json.hpp"

namespace flocklab {
namespace {

// A duck drifting across a pond at a speed the page can set; it wraps at the edge.
class PondScene : public Scene {
public:
    PondScene() { reset(kDefaultSeed); }
    const SceneInfo& info() const override {
        static const SceneInfo i = [] {
            OptionSpec speed{"speed", OptionKind::Count, {}, 0, 100, false, "the duck's speed (px/s)"};
            speed.heading = "duck speed";
            speed.read = [](const Scene& s, int) { return static_cast<const PondScene&>(s).speed_; };
            speed.write = [](Scene& s, int, double v) { static_cast<PondScene&>(s).speed_ = v; };
            return SceneInfo{"pond", "duck", {speed}};
        }();
        return i;
    }
    Vec2 world() const override { return {400, 200}; }
    std::string label() const override { return "Pond simulation, one duck."; }
    std::string describe() override { return "The duck is " + px(x_) + " from the left bank."; }
    std::string facts_json() override { return "{\"x\": " + py_repr(x_) + "}"; }
    std::vector<Gauge> gauges() override { return {{"drift", "px", x_}}; }
    std::string state_json() const override { return "{\"x\": " + py_repr(x_) + "}"; }
    std::vector<Tunable> tunables() override { return {}; }

protected:
    std::string change_sentence(const std::vector<Gauge>&, const std::vector<Gauge>& after, double) override {
        return "the duck is at " + px(after[0].value) + ".";
    }
    void restart(std::uint64_t seed) override { x_ = static_cast<double>(seed % 100); }
    void advance(int n) override {
        for (int i = 0; i < n; ++i) x_ = std::fmod(x_ + speed_ * kLabDt, world().x);
    }

private:
    double x_ = 0;
    double speed_ = 30;  // px/s
};

const KeyHelp kPondKeys[] = {{"", "", "Q", "quack"}};
FLOCKLAB_REGISTER_SCENE(PondScene, "pond", 90);
FLOCKLAB_REGISTER_KEYS_NO_CONTEXTS("pond", kPondKeys);

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
    EXPECT_STREQ(names.back(), "pond");
    EXPECT_STREQ(names.front(), "flock");  // still the default scene
    ASSERT_NE(make_scene("pond"), nullptr);
    EXPECT_STREQ(make_scene("pond")->name(), "pond");
}

TEST(PluginScene, DescribeJsonCarriesItsWorldOptionsAndGauges) {
    const testjson::Value d = testjson::parse(describe_json());
    const testjson::Value& pond = d.at("scenes").at("pond");
    EXPECT_EQ(pond.at("world")[0].get<double>(), 400.0);
    EXPECT_EQ(pond.at("options")[0].at("name").get<std::string>(), "speed");
    EXPECT_EQ(pond.at("options")[0].at("label").get<std::string>(), "duck speed");
    EXPECT_EQ(pond.at("gauges")[0].at("name").get<std::string>(), "drift");
    EXPECT_EQ(d.at("defaultScene").get<std::string>(), "flock");
}

TEST(PluginScene, TheCliDescribesItAsTheWidgetRunsIt) {
    // 120 steps at 50 px/s from seed 7 (x = 7): 7 + 100 px, summed step by step.
    const Ran r = flocklab_cli({"describe", "--scene", "pond", "--seed", "7", "--steps", "120", "--option", "speed=50"});
    ASSERT_EQ(r.status, 0);
    PondScene s;
    s.set("speed", "50");
    s.reset(7);
    s.step(120);
    EXPECT_EQ(r.out, s.describe() + "\n");
    EXPECT_NE(r.out.find("107 px"), std::string::npos) << r.out;
    // Another scene's flag is refused with the scene it belongs to.
    EXPECT_THROW(flocklab_cli({"describe", "--scene", "pond", "--mode", "seek"}), cli::UsageError);
}

TEST(PluginScene, GaugesSceneRunsEachSeed) {
    const Ran r = flocklab_cli({"gauges", "--scene", "pond", "--seeds", "3-4", "--steps", "60", "--json"});
    ASSERT_EQ(r.status, 0);
    const std::vector<std::string> rows = testjson::lines(r.out);
    ASSERT_EQ(rows.size(), 2u) << r.out;
    for (size_t k = 0; k < rows.size(); ++k) {
        PondScene s;
        s.reset(3 + k);
        s.step(60);
        const testjson::Value row = testjson::parse(rows[k]);
        EXPECT_EQ(row.at("seed").get<double>(), static_cast<double>(3 + k));
        EXPECT_EQ(row.at("drift").get<double>(), s.gauges()[0].value) << rows[k];
    }
}

TEST(PluginScene, ItsKeysAreInTheKeyTable) {
    const std::vector<KeyHelp> keys = keys_for("pond");
    ASSERT_FALSE(keys.empty());
    EXPECT_STREQ(keys[0].scene, "pond");
    EXPECT_STREQ(keys[0].keys, "Q");
    const Ran r = flocklab_cli({"keys", "--scene", "pond"});
    EXPECT_NE(r.out.find("| `Q` | quack |"), std::string::npos) << r.out;
    EXPECT_EQ(r.out, keys_markdown("pond"));
}

}  // namespace
}  // namespace flocklab
