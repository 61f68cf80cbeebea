// Scenes and the fixed timestep: simulated time, not frame rate, decides
// what happens.
#include <gtest/gtest.h>

#include "core/session.hpp"
#include "core/flock_bench.hpp"
#include "core/crowd_scene.hpp"
#include "core/experiment.hpp"
#include "core/flock_scene.hpp"
#include "core/params.hpp"
#include "core/registry.hpp"
#include "core/steer_scene.hpp"
#include "core/words.hpp"

#include <filesystem>
#include <set>
#include <fstream>
#include <sstream>
#include <type_traits>
#include "support/json.hpp"
#include <nlohmann/json.hpp>
#include "core/lang.hpp"

using namespace flocklab;

TEST(FixedStep, WholeStepsAndCarriesTheRemainder) {
    FixedStep fs;
    EXPECT_EQ(fs.advance(1.0 / 120.0), 0);
    EXPECT_EQ(fs.advance(1.0 / 120.0), 1);
    EXPECT_EQ(fs.advance(2.5 / 60.0), 2);
    EXPECT_NEAR(fs.accumulator, 0.5 / 60.0, 1e-12);
}

TEST(FixedStep, CapsStepsPerFrameAndDropsTheBacklog) {
    FixedStep fs;
    EXPECT_EQ(fs.advance(5.0), fs.max_steps_per_frame);  // a tab back from the background
    EXPECT_LT(fs.accumulator, fs.step);
    EXPECT_EQ(fs.advance(0.0), 0);
    EXPECT_EQ(fs.advance(-1.0), 0);
    EXPECT_EQ(fs.advance(std::nan("")), 0);
    EXPECT_LT(fs.accumulator, fs.step);
}

TEST(FixedStep, AnyFrameRateGivesTheLabsGaugesAtTenSimulatedSeconds) {
    for (double fps : {30.0, 50.0, 60.0, 75.0, 144.0, 240.0}) {
        Session scene_session(std::make_unique<FlockScene>());
        auto& scene = static_cast<FlockScene&>(scene_session.scene());
        FixedStep fs;
        int frames = 0;
        while (scene.steps() < 600) {
            // Jittery frames around 1/fps; never more steps than remain.
            const double dt = (1.0 + 0.3 * ((frames * 7919) % 13 - 6) / 6.0) / fps;
            const int n = fs.advance(dt);
            scene_session.step(std::min<long long>(n, 600 - scene.steps()));
            ++frames;
        }
        EXPECT_DOUBLE_EQ(scene.time(), 10.0);
        EXPECT_EQ(scene.flock.mean_spacing(), 22.550619377904063) << fps;
        EXPECT_EQ(scene.flock.heading_order(), 0.8828553839737805) << fps;
        EXPECT_NEAR(frames, 10.0 * fps, 0.05 * 10.0 * fps);
    }
}

TEST(FlockScene, RulesResetAndSize) {
    Session s_session(std::make_unique<FlockScene>());
    auto& s = static_cast<FlockScene&>(s_session.scene());
    s.set_rule(0, false);
    EXPECT_FALSE(s.rules.separation);
    EXPECT_FALSE(s.rule(0));
    s.all_rules_on();
    EXPECT_TRUE(s.rule(0) && s.rule(1) && s.rule(2));
    s_session.step(10);
    EXPECT_EQ(s.steps(), 10);
    s.params.num_boids = 300;
    s.reset(3);
    EXPECT_EQ(s.flock.size(), 300);
    EXPECT_EQ(s.steps(), 0);
    EXPECT_EQ(s.seed(), 3u);
    s.params.num_boids = -5;  // clamped, never a crash
    s.reset();
    EXPECT_EQ(s.flock.size(), 2);
}

TEST(FlockScene, TuningTakesEffectWithoutReset) {
    Session a_session(std::make_unique<FlockScene>());
    auto& a = static_cast<FlockScene&>(a_session.scene());
    Session b_session(std::make_unique<FlockScene>());
    auto& b = static_cast<FlockScene&>(b_session.scene());
    b.params.weight_cohesion = 3.0;
    a_session.step(60);
    b_session.step(60);
    EXPECT_NE(a.flock.mean_spacing(), b.flock.mean_spacing());
}

TEST(SteerScene, ResetKeepsTheModeAndArrives) {
    Session s_session(std::make_unique<SteerScene>());
    auto& s = static_cast<SteerScene&>(s_session.scene());
    s.vehicle.mode = SteerMode::Seek;
    s_session.step(30);
    s.reset();
    EXPECT_EQ(s.vehicle.mode, SteerMode::Seek);
    EXPECT_EQ(s.vehicle.pos, (Vec2{120, 225}));
    s.vehicle.mode = SteerMode::Arrive;
    s_session.step(300);
    EXPECT_LT(s.vehicle.distance(), 1.0);
}

TEST(Bench, ReportsPositiveTimes) {
    FlockParams p;
    p.num_boids = 100;
    const BenchResult r = bench_flock(p, 7, NeighborMode::Grid, 5, 3, 2);
    EXPECT_GT(r.median_ms, 0.0);
    EXPECT_LE(r.min_ms, r.median_ms);
}

// [SECTION] The Scene interface: options by name, description, field table

TEST(SceneRegistry, EveryNamedSceneExistsAndDescribesItself) {
    const testjson::Value d = testjson::parse(describe_json());
    ASSERT_FALSE(scene_names().empty());
    for (const char* name : scene_names()) {
        std::unique_ptr<Scene> s = make_scene(name);
        ASSERT_NE(s, nullptr) << name;
        EXPECT_STREQ(s->name(), name);
        const testjson::Value& sd = d.at("scenes")[name];
        EXPECT_EQ(sd.at("world")[0].get<double>(), s->world().x);
        EXPECT_EQ(sd.at("options").size(), s->options().size());
        EXPECT_EQ(sd.at("gauges").size(), s->gauges().size());
        EXPECT_EQ(sd.at("tunables").size(), s->tunables().size());
    }
    EXPECT_EQ(make_scene("aquarium"), nullptr);
    EXPECT_EQ(d.at("scenes").at("flock").at("options")[0].at("values")[3].get<std::string>(), "wander");
    EXPECT_EQ(d.at("scenes").at("steer").at("options")[0].at("values")[3].get<std::string>(), "wander");
    EXPECT_EQ(d.at("scenes").at("flock").at("options")[1].at("attribute").get<std::string>(), "hawk");  // data-hawk="pursuit"
}

// A scene registered in the core needs its widget half: key rows (its
// NAME_keys.cpp, linked here) and a view that registers against its name
// (its NAME_view.cpp, in the WebAssembly build only: read as source here).
// Without them the scene fails only in the browser.
TEST(SceneRegistry, EverySceneHasKeyRowsAndAView) {
    std::string views;
    // The views of the widget, and of the scene that only test files define.
    for (const char* dir : {FLOCKLAB_SOURCE_DIR "/src/widget", FLOCKLAB_SOURCE_DIR "/tests/plugin"}) {
        for (const auto& f : std::filesystem::directory_iterator(dir)) {
            if (f.path().extension() != ".cpp") continue;
            std::ifstream in(f.path());
            std::stringstream text;
            text << in.rdbuf();
            views += text.str();
        }
    }
    for (const char* name : scene_names()) {
        EXPECT_NE(key_entry(name), nullptr) << "no key rows for the scene " << name << ": FLOCKLAB_REGISTER_KEYS in src/widget/" << name << "_keys.cpp";
        EXPECT_NE(views.find(std::string("register_view(\"") + name + "\""), std::string::npos)
            << "no view for the scene " << name << ": register_view(\"" << name << "\", ...) in src/widget/" << name << "_view.cpp";
    }
    EXPECT_EQ(key_entry("aquarium"), nullptr);
    // The registry's own check (the widget runs it at start-up with views
    // linked) finds nothing missing for a registered scene.
    for (const std::string& p : registry_problems(false)) {
        for (const char* name : scene_names()) EXPECT_EQ(p.find(std::string("\"") + name + "\""), std::string::npos) << p;
    }
}

// What every scene's header reads (scene.hpp and the headers it
// includes, transitively) names no scene: no header is called after a
// registered scene (flock.hpp, steering.hpp, crowd_scene.hpp, ...), so a new
// scene compiles without the flock's simulation. And no scene's header
// reaches another scene's (NAME_scene.hpp). A scene may build on another's
// simulation, as the crowd does on the flock's neighbour search (its spec
// imports the flock lab). Read from the sources: quoted includes, found
// beside the including file or under src/.
namespace {
std::set<std::filesystem::path> included_from(const std::filesystem::path& start) {
    std::set<std::filesystem::path> seen;
    std::vector<std::filesystem::path> todo{start};
    while (!todo.empty()) {
        const std::filesystem::path f = todo.back();
        todo.pop_back();
        if (!seen.insert(f).second) continue;
        std::ifstream in(f);
        std::string line;
        while (std::getline(in, line)) {
            const auto a = line.find("#include \"");
            if (a != 0) continue;
            const std::string h = line.substr(10, line.find('"', 10) - 10);
            for (const std::filesystem::path& dir : {f.parent_path(), std::filesystem::path(FLOCKLAB_SOURCE_DIR "/src")}) {
                if (std::filesystem::exists(dir / h)) {
                    todo.push_back(std::filesystem::canonical(dir / h));
                    break;
                }
            }
        }
    }
    return seen;
}
}  // namespace

TEST(SceneRegistry, TheSceneInterfaceReadsNoScenesHeader) {
    // The headers among `files` named after a scene other than `except`
    // (with `suffix`: only NAME + suffix).
    const auto scene_headers = [](const std::set<std::filesystem::path>& files, const std::string& except, const std::string& suffix) {
        std::string named;
        for (const auto& f : files) {
            const std::string file = f.filename().string();
            for (const char* name : scene_names()) {
                if (name != except && file.rfind(name + suffix, 0) == 0) named += file + " ";
            }
        }
        return named;
    };
    for (const char* header : {"scene.hpp", "session.hpp"}) {  // the scene's interface, and the session around it
        const auto interface = included_from(std::filesystem::canonical(std::string(FLOCKLAB_SOURCE_DIR "/src/core/") + header));
        EXPECT_GT(interface.size(), 5u);  // the walk follows includes
        EXPECT_EQ(scene_headers(interface, "", ""), "") << header << " reaches a scene's own header";
    }
    int scenes = 0;
    for (const char* dir : {FLOCKLAB_SOURCE_DIR "/src/core", FLOCKLAB_SOURCE_DIR "/tests/plugin"}) {
        for (const auto& f : std::filesystem::directory_iterator(dir)) {
            const std::string file = f.path().filename().string();
            const auto end = file.find("_scene.hpp");
            if (end == std::string::npos) continue;
            ++scenes;
            EXPECT_EQ(scene_headers(included_from(std::filesystem::canonical(f.path())), file.substr(0, end), "_scene.hpp"), "")
                << file << " reaches another scene's header";
        }
    }
    EXPECT_EQ(scenes, static_cast<int>(scene_names().size()));
}

// The scene is a narrow interface and the session around it is final (issue
// 43): at most 12 virtual functions besides the destructor, and none in the
// session, which no scene derives from.
TEST(SceneInterface, TwelveVirtualsAndAFinalSessionAroundThem) {
    const auto read = testjson::read_file;
    const std::string scene = read(FLOCKLAB_SOURCE_DIR "/src/core/scene.hpp");
    const size_t from = scene.find("\nclass Scene {"), to = scene.find("\n};", from);
    ASSERT_NE(from, std::string::npos);
    const std::string body = scene.substr(from, to - from);
    int virtuals = 0;
    for (size_t at = body.find("virtual "); at != std::string::npos; at = body.find("virtual ", at + 1)) virtuals += body.compare(at, 9, "virtual ~") != 0;
    EXPECT_GT(virtuals, 0);  // the walk finds them
    EXPECT_LE(virtuals, 12);
    const std::string session = read(FLOCKLAB_SOURCE_DIR "/src/core/session.hpp");
    EXPECT_NE(session.find("class Session final"), std::string::npos);
    static_assert(std::is_final_v<Session>);
}

// A scene tells its session what changed and asks it for a new start; a
// scene alone (the what-if lane, a probe) tells no one and starts itself.
TEST(SceneInterface, ASceneNotesToItsSessionAndStartsAgainThroughIt) {
    std::unique_ptr<Session> s = make_session("flock");
    s->step(30);
    const int run = s->history().run();
    ASSERT_EQ(s->scene().set("rule", "cohesion=0").status, SetResult::Ok);
    EXPECT_EQ(s->history().events().back().what, "cohesion off");  // noted
    ASSERT_EQ(s->scene().set("boids", "90").status, SetResult::Ok);  // a setting that starts the run again
    EXPECT_EQ(s->steps(), 0);
    EXPECT_EQ(s->history().run(), run + 1);  // the session's reset: a new run in the history
    EXPECT_EQ(s->respond(true), "");         // a reset answers what came before it
    FlockScene alone;
    alone.run(30);
    alone.set("rule", "cohesion=0");  // noted to no one
    alone.set("boids", "90");
    EXPECT_EQ(alone.steps(), 0);
    EXPECT_EQ(alone.flock.size(), 90);
}

// Key rows under a name no scene registered: the registry keeps them in a
// record of their own and says so, and the scenes' list does not grow.
namespace {
const KeyHelp kOrphanKeys[] = {{"", "", "z", "does nothing"}};
FLOCKLAB_REGISTER_KEYS_NO_CONTEXTS("orphan-test", kOrphanKeys);
// A second table under the same name (as a copied _keys.cpp would be): noted, not used.
const KeyHelp kOrphanKeysAgain[] = {{"", "", "y", "does nothing either"}};
FLOCKLAB_REGISTER_KEYS_NO_CONTEXTS("orphan-test", kOrphanKeysAgain);
// Two views under the name too: the first is kept, the second reported.
void first_view() {}
void second_view() {}
const bool kOrphanView = register_view_slot("orphan-test", first_view);
const bool kOrphanViewAgain = register_view_slot("orphan-test", second_view);
}  // namespace

TEST(SceneRegistry, OneRecordPerNameSaysWhatItLacks) {
    const std::vector<std::string> problems = registry_problems(false);
    EXPECT_NE(std::find(problems.begin(), problems.end(),
                        "key rows are registered for \"orphan-test\", which no scene registered (FLOCKLAB_REGISTER_SCENE)"),
              problems.end());
    EXPECT_NE(std::find(problems.begin(), problems.end(),
                        "more than one registration of key rows under \"orphan-test\": the first is used, the rest ignored (one name, one scene)"),
              problems.end());
    ASSERT_NE(key_entry("orphan-test"), nullptr);
    EXPECT_STREQ(key_entry("orphan-test")->keys[0].keys, "z");
    EXPECT_TRUE(kOrphanView && kOrphanViewAgain);
    EXPECT_NE(std::find(problems.begin(), problems.end(),
                        "more than one registration of a view under \"orphan-test\": the first is used, the rest ignored (one name, one scene)"),
              problems.end());
    EXPECT_EQ(view_slot("orphan-test"), &first_view);
    EXPECT_EQ(std::find(scene_names().begin(), scene_names().end(), std::string("orphan-test")), scene_names().end());
    EXPECT_EQ(make_scene("orphan-test"), nullptr);
    // Scenes come first, in their order; the record without a scene after them.
    const std::vector<SceneRecord>& records = scene_records();
    ASSERT_GE(records.size(), scene_names().size() + 1);
    for (size_t i = 0; i < scene_names().size(); ++i) {
        EXPECT_STREQ(records[i].name, scene_names()[i]);
        EXPECT_NE(records[i].scene, nullptr);
        EXPECT_NE(records[i].keys, nullptr) << records[i].name;
    }
    EXPECT_EQ(records.back().scene, nullptr);
    // Views are linked only in the widget: asked for, every scene lacks one here.
    const std::vector<std::string> with_views = registry_problems(true);
    EXPECT_EQ(with_views.size(), problems.size() + scene_names().size());
}

TEST(SceneOptions, FlockSetAndGetByName) {
    FlockScene s;
    EXPECT_EQ(s.set("rule", "wander=1").status, SetResult::Ok);
    EXPECT_TRUE(s.rules.wander);
    EXPECT_EQ(s.get("rule"), "{\"separation\": true, \"alignment\": true, \"cohesion\": true, \"wander\": true}");
    EXPECT_EQ(s.set("rule", "gravity=1").status, SetResult::Invalid);
    EXPECT_EQ(s.set("hawkMode", "pursuit").status, SetResult::Ok);
    EXPECT_EQ(s.get("hawkMode"), "\"pursuit\"");
    ASSERT_TRUE(s.flock.hunter().has_value());
    EXPECT_EQ(s.flock.hunter()->pos, (Vec2{30, 30}));
    EXPECT_EQ(s.set("hawkMode", "eagle").status, SetResult::Invalid);
    EXPECT_EQ(s.set("leader", "1").status, SetResult::Ok);
    EXPECT_TRUE(s.leader());
    const SetResult far = s.set("leaderTarget", "5000,-1");
    EXPECT_EQ(far.status, SetResult::Clamped);
    EXPECT_EQ(s.get("leaderTarget"), "[900.0, 0.0]");
    EXPECT_EQ(s.set("leaderTarget", "nan,1").status, SetResult::Invalid);
    EXPECT_EQ(s.set("boids", "-5").status, SetResult::Clamped);
    EXPECT_EQ(s.flock.size(), 2);
    EXPECT_EQ(s.set("hawk", "").status, SetResult::Ok);
    EXPECT_EQ(s.get("hawk"), "null");
    const SetResult unknown = s.set("mode", "seek");
    EXPECT_EQ(unknown.status, SetResult::Invalid);
    EXPECT_NE(unknown.message.find("a flock scene has no option 'mode'"), std::string::npos) << unknown.message;
    // The state comes in one JSON object, with the hunter and the leader.
    const testjson::Value st = testjson::parse(s.state_json());
    EXPECT_EQ(st.at("boids").size(), 2u);
    EXPECT_EQ(st.at("hunter").size(), 4u);
    EXPECT_EQ(st.at("leader").at("target")[0].get<double>(), 900);
}

TEST(SceneOptions, SteerSetAndGetByName) {
    Session s_session(std::make_unique<SteerScene>());
    auto& s = static_cast<SteerScene&>(s_session.scene());
    EXPECT_EQ(s.set("mode", "wander").status, SetResult::Ok);
    EXPECT_EQ(s.vehicle.mode, SteerMode::Wander);
    EXPECT_EQ(s.set("mode", "fly").status, SetResult::Invalid);
    EXPECT_EQ(s.set("target", "5000,-3").status, SetResult::Clamped);
    EXPECT_EQ(s.get("target"), "[800.0, 0.0]");
    EXPECT_EQ(s.set("rule", "wander=1").status, SetResult::Invalid);
    s_session.step(10);
    EXPECT_EQ(testjson::parse(s.state_json()).at("wander").at("point").size(), 2u);
}

// The tuning panel's sliders are the field table's rows, and sanitize()
// clamps to exactly their ranges.
template <class S>
void expect_tunables_match_sanitize() {
    S s;
    for (const Tunable& t : s.tunables()) {
        SCOPED_TRACE(t.name);
        const double keep = *t.value;
        *t.value = t.hi + 1;
        sanitize(s.params);
        EXPECT_EQ(*t.value, t.hi);
        *t.value = t.lo - 1;
        sanitize(s.params);
        EXPECT_EQ(*t.value, t.lo);
        *t.value = keep;
    }
}

TEST(SceneTunables, SlidersAndSanitizeShareOneRange) {
    expect_tunables_match_sanitize<FlockScene>();
    expect_tunables_match_sanitize<SteerScene>();
    EXPECT_EQ(FlockScene().tunables().size(), fields(static_cast<FlockParams*>(nullptr)).size() - 4);  // world and hawk start
}

TEST(SceneSteps, PerCallLimitFollowsTheFlockSize) {
    FlockScene s;
    s.set_size(5000);
    EXPECT_EQ(s.max_steps_per_call(), 600);
    SteerScene v;
    EXPECT_EQ(v.max_steps_per_call(), 1000000);
}

// What a page's data-* attributes do, and the warnings bad ones give.
TEST(SceneAttributes, AppliedThroughTheOptionsWithWarningsNamingThem) {
    Session s_session(std::make_unique<FlockScene>());
    auto& s = static_cast<FlockScene&>(s_session.scene());
    const std::vector<std::string> w = apply_attributes(
        s_session, {{"rules", "separation,wander,gravity"}, {"hawk", "pursuit"}, {"leader", ""},
            {"leaderTarget", "700,300"}, {"boids", "-5"}, {"plot", "spacing"}});
    EXPECT_EQ(s.get("rule"), "{\"separation\": true, \"alignment\": false, \"cohesion\": false, \"wander\": true}");
    EXPECT_EQ(s.hawk_mode(), HawkMode::Pursuit);
    EXPECT_TRUE(s.leader());  // present: on
    EXPECT_EQ(s.leader_target(), (Vec2{700, 300}));
    EXPECT_EQ(s.flock.size(), 2);
    ASSERT_EQ(w.size(), 2u);
    EXPECT_EQ(w[0], "data-rules=\"separation,wander,gravity\": 'gravity' is not one of separation, alignment, cohesion, wander");
    EXPECT_EQ(w[1], "data-boids=\"-5\": boids: -5 must be a whole number from 2 to 5000; using 2");

    Session t_session(std::make_unique<FlockScene>());

    auto& t = static_cast<FlockScene&>(t_session.scene());
    const std::vector<std::string> bad = apply_attributes(t_session, {{"hawk", "eagle"}, {"leaderTarget", "up"}, {"leader", "false"}});
    EXPECT_EQ(t.hawk_mode(), HawkMode::Pointer);
    EXPECT_FALSE(t.leader());
    ASSERT_EQ(bad.size(), 2u);
    EXPECT_EQ(bad[0], "data-hawk=\"eagle\": hawkMode: expected one of pointer, pursuit, off, got 'eagle'; using \"pointer\"");
    EXPECT_EQ(bad[1].rfind("data-leader-target=\"up\": leaderTarget: expected two finite numbers", 0), 0u) << bad[1];

    Session hex_session(std::make_unique<FlockScene>());

    auto& hex = static_cast<FlockScene&>(hex_session.scene());
    const std::vector<std::string> hw = apply_attributes(hex_session, {{"boids", "0x20"}});
    EXPECT_EQ(hex.flock.size(), 60);  // not read as 32
    ASSERT_EQ(hw.size(), 1u);
    EXPECT_EQ(hw[0], "data-boids=\"0x20\": boids: expected a whole number, got '0x20'; using 60");

    Session v_session(std::make_unique<SteerScene>());

    auto& v = static_cast<SteerScene&>(v_session.scene());
    EXPECT_TRUE(apply_attributes(v_session, {{"mode", "wander"}, {"hawk", "pursuit"}}).empty());  // not a steer option: ignored
    EXPECT_EQ(v.vehicle.mode, SteerMode::Wander);
}

// [SECTION] History: gauges over simulated time, with marks

TEST(SceneHistory, TenSamplesPerSimulatedSecondHoweverStepsAreGrouped) {
    Session a_session(std::make_unique<FlockScene>());
    auto& a = static_cast<FlockScene&>(a_session.scene());
    Session b_session(std::make_unique<FlockScene>());
    a_session.step(600);                                // one call
    for (int i = 0; i < 600; i += 7) b_session.step(std::min(7, 600 - i));  // calls of 7 steps
    ASSERT_EQ(a_session.history().size(), 101);          // t = 0, 0.1, ..., 10.0
    ASSERT_EQ(b_session.history().size(), 101);
    for (int k = 0; k < 101; ++k) {
        EXPECT_EQ(a_session.history().time(k), k * 6 * kLabDt);
        EXPECT_EQ(a_session.history().value(k, 0), b_session.history().value(k, 0));
    }
    // The last sample is the gauge the lab reads after 10 s.
    EXPECT_EQ(a_session.history().value(100, 0), a.gauges()[0].value);
    EXPECT_EQ(a_session.history().value(100, 1), a.gauges()[1].value);
}

TEST(SceneHistory, BoundedAndMarksTogglesAndResets) {
    Session s_session(std::make_unique<SteerScene>());  // cheap steps: run three simulated minutes
    auto& s = static_cast<SteerScene&>(s_session.scene());
    s.set("mode", "flee");
    s_session.step(3 * 60 * 60);
    EXPECT_EQ(s_session.history().size(), History::kCapacity);  // the last two minutes
    EXPECT_EQ(s_session.history().time(History::kCapacity - 1), 180.0);
    EXPECT_NEAR(s_session.history().time(0), 60.1, 1e-9);
    for (const auto& e : s_session.history().events()) EXPECT_GE(e.time, s_session.history().time(0));  // old marks dropped

    Session f_session(std::make_unique<FlockScene>());

    auto& f = static_cast<FlockScene&>(f_session.scene());
    f_session.step(60);
    f.set("rule", "separation=0");
    f.set_rule(0, false);  // no change: no mark
    f_session.step(60);
    const auto& ev = f_session.history().events();
    ASSERT_EQ(ev.size(), 2u);
    EXPECT_EQ(ev[0].what, "reset, seed 7");
    EXPECT_EQ(ev[0].time, 0.0);
    EXPECT_EQ(ev[1].what, "separation off");
    EXPECT_EQ(ev[1].time, 1.0);
    f.reset(3);
    ASSERT_EQ(f_session.history().size(), 1);
    EXPECT_EQ(f_session.history().events().back().what, "reset, seed 3");
}

// A mark's words (a translation's) never become a spreadsheet formula.
TEST(SceneHistory, CsvMarksThatLookLikeFormulasStayText) {
    Session f_session(std::make_unique<FlockScene>());
    History h = f_session.history();  // a run with its first sample at 0 s
    for (const char* what : {"=HYPERLINK(\"http://x\",\"y\")", "+1", "-2", "@SUM(A1)", "\tx", "cohesion off"}) h.mark(0.5, what);
    const std::vector<std::string> rows = testjson::lines(h.csv());
    ASSERT_EQ(rows.size(), 9u);  // header, the sample, reset's mark, these six
    const std::string at = "1,0.5,,,,";
    EXPECT_EQ(rows[3], at + "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
    EXPECT_EQ(rows[4], at + "\"'+1\"");
    EXPECT_EQ(rows[5], at + "\"'-2\"");
    EXPECT_EQ(rows[6], at + "\"'@SUM(A1)\"");
    EXPECT_EQ(rows[7], at + "\"'\tx\"");
    EXPECT_EQ(rows[8], at + "\"cohesion off\"");
}

TEST(SceneHistory, JsonAndCsvCarryTheSameNumbersWithUnits) {
    Session f_session(std::make_unique<FlockScene>());
    auto& f = static_cast<FlockScene&>(f_session.scene());
    f_session.step(30);
    f.set("rule", "cohesion=0");
    f_session.step(30);
    const testjson::Value j = testjson::parse(f_session.history().json());
    ASSERT_EQ(j.at("time").size(), 11u);
    EXPECT_EQ(j.at("spacing")[10].get<double>(), f_session.history().value(10, 0));
    EXPECT_EQ(j.at("units").at("spacing").get<std::string>(), "px");
    EXPECT_EQ(j.at("events")[1].at("what").get<std::string>(), "cohesion off");
    EXPECT_EQ(j.at("events")[1].at("time").get<double>(), 0.5);
    const std::vector<std::string> rows = testjson::lines(f_session.history().csv());
    ASSERT_EQ(rows.size(), 1u + 11u + 2u);  // header, samples, marks
    EXPECT_EQ(rows[0], "run,time (s),spacing (px),order,slowest (px/s),event");
    EXPECT_EQ(rows[1].rfind("1,0.0,", 0), 0u);
    EXPECT_EQ(rows[2], "1,0.0,,,,\"reset, seed 7\"");  // a mark follows the sample taken at its time
    EXPECT_EQ(rows[7].rfind("1,0.5,", 0), 0u);
    EXPECT_EQ(rows[8], "1,0.5,,,,\"cohesion off\"");
    const std::string last = rows.back();
    const std::string after_time = last.substr(last.find(',', 2) + 1);
    EXPECT_EQ(std::stod(after_time), f_session.history().value(10, 0));  // shortest repr round-trips
}

// A reset starts a new run and keeps the one before (the last five), with
// its seed, the configuration it began from and its marks; the CSV has them all.
TEST(SceneHistory, ResetsKeepEarlierRuns) {
    Session f_session(std::make_unique<FlockScene>());
    auto& f = static_cast<FlockScene&>(f_session.scene());
    f.set("rule", "separation=0");  // before any step: part of run 1's marks, not its config
    f_session.step(60);
    f.reset(7);  // run 2 starts with separation off
    f.set("rule", "separation=1");
    f_session.step(30);
    const testjson::Value j = testjson::parse(f_session.history().json());
    EXPECT_EQ(j.at("run").get<int>(), 2);
    ASSERT_EQ(j.at("runs").size(), 1u);
    const testjson::Value& r1 = j.at("runs")[0];
    EXPECT_EQ(r1.at("run").get<int>(), 1);
    EXPECT_EQ(r1.at("seed").get<int>(), 7);
    EXPECT_TRUE(r1.at("config").at("rule").at("separation").get<bool>());
    EXPECT_FALSE(j.at("config").at("rule").at("separation").get<bool>());
    EXPECT_EQ(r1.at("time").size(), 11u);
    EXPECT_EQ(r1.at("spacing").size(), 11u);
    EXPECT_EQ(r1.at("events")[1].at("what").get<std::string>(), "separation off");
    EXPECT_EQ(j.at("config").at("params").at("weight_separation").get<double>(), 1.8);
    // The ghost's samples are run 1's.
    ASSERT_EQ(f_session.history().previous_size(), 11);
    EXPECT_EQ(f_session.history().previous_value(10, 0), r1.at("spacing")[10].get<double>());
    const std::vector<std::string> rows = testjson::lines(f_session.history().csv());
    EXPECT_EQ(rows.size(), 1u + (11u + 2u) + (6u + 2u));
    EXPECT_EQ(rows[1].rfind("1,0.0,", 0), 0u);
    EXPECT_EQ(rows.back().rfind("2,0.5,", 0), 0u);
    // A reset with nothing run keeps nothing; at most five runs are kept.
    f.reset(8);
    f.reset(9);
    EXPECT_EQ(f_session.history().runs(), 2);
    for (int k = 0; k < 7; ++k) {
        f_session.step(12);
        f.reset(k);
    }
    EXPECT_EQ(f_session.history().runs(), History::kKeptRuns);
    f_session.clear_history();
    EXPECT_EQ(f_session.history().runs(), 0);
    EXPECT_EQ(f_session.history().size(), 1);
}

// [SECTION] Parameters by name, from the page

TEST(SceneParams, SetByNameClampedWithTheRangeAndFromAttributes) {
    FlockScene s;
    EXPECT_EQ(s.set_param("weightSeparation", "0").status, SetResult::Ok);
    EXPECT_EQ(s.params.weight_separation, 0.0);
    const SetResult r = s.set_param("view_angle", "400");
    EXPECT_EQ(r.status, SetResult::Clamped);
    EXPECT_EQ(r.message, "view_angle: 400 is outside 0.0 to 360.0 deg; using 360.0");
    EXPECT_EQ(s.params.view_angle, 360.0);
    EXPECT_EQ(s.set_param("view_radius", "nan").status, SetResult::Invalid);
    EXPECT_EQ(s.set_param("gravity", "1").status, SetResult::Invalid);
    const testjson::Value p = testjson::parse(s.params_json());
    EXPECT_EQ(p.at("view_angle").get<double>(), 360.0);
    EXPECT_EQ(p.at("weight_separation").get<double>(), 0.0);

    Session t_session(std::make_unique<FlockScene>());

    auto& t = static_cast<FlockScene&>(t_session.scene());
    const auto w = apply_attributes(t_session, {{"weightSeparation", "0"}, {"viewAngle", "-10"}, {"sepRadius", "wide"}});
    EXPECT_EQ(t.params.weight_separation, 0.0);
    EXPECT_EQ(t.params.view_angle, 0.0);
    ASSERT_EQ(w.size(), 2u);
    EXPECT_EQ(w[0].rfind("data-view-angle=\"-10\": view_angle: -10 is outside", 0), 0u) << w[0];
    EXPECT_EQ(w[1].rfind("data-sep-radius=\"wide\": sep_radius: expected a finite number", 0), 0u) << w[1];
}

// data-weight-separation="0" tells the same story as switching separation off.
TEST(SceneParams, ZeroSeparationWeightEqualsSeparationOff) {
    Session weight_session(std::make_unique<FlockScene>());
    auto& weight = static_cast<FlockScene&>(weight_session.scene());
    Session off_session(std::make_unique<FlockScene>());
    auto& off = static_cast<FlockScene&>(off_session.scene());
    apply_attributes(weight_session, {{"weightSeparation", "0"}});
    off.set("rule", "separation=0");
    weight.reset(7);
    off.reset(7);
    weight_session.step(600);
    off_session.step(600);
    ASSERT_EQ(weight.flock.size(), off.flock.size());
    for (int i = 0; i < off.flock.size(); ++i) {
        EXPECT_EQ(weight.flock.boid(i).pos, off.flock.boid(i).pos) << "boid " << i;
        EXPECT_EQ(weight.flock.boid(i).vel, off.flock.boid(i).vel) << "boid " << i;
    }
    EXPECT_EQ(weight.gauges()[0].value, off.gauges()[0].value);
}

// The Tuning panel's "Lesson defaults": every tunable back to the lesson's
// value through the one way of setting a param (marked, said), and nothing
// that is not a tunable (the crowd's agent count, chosen by its option) changes.
TEST(SceneParams, LessonDefaultsGoThroughSetParams) {
    Session f_session(std::make_unique<FlockScene>());
    auto& f = static_cast<FlockScene&>(f_session.scene());
    f.set_params({{"weight_separation", "3"}, {"max_speed", "100"}, {"min_speed", "90"}});
    f_session.step(130);
    (void)f_session.respond(false);
    const size_t marks = f_session.history().events().size();
    f.defaults();
    EXPECT_EQ(f.params.weight_separation, FlockParams{}.weight_separation);
    EXPECT_EQ(f.params.max_speed, FlockParams{}.max_speed);
    EXPECT_EQ(f.params.min_speed, FlockParams{}.min_speed);
    EXPECT_EQ(f_session.history().events().size(), marks + 3);  // one mark per param that changed
    EXPECT_EQ(f_session.history().events().back().kind, std::string("param"));
    f_session.step(130);
    EXPECT_NE(f_session.respond(false), "");  // the change is said, as any setting is
    f.defaults();                     // nothing left to change: nothing marked
    EXPECT_EQ(f_session.history().events().size(), marks + 3);

    CrowdScene c;
    c.set_agents(12);
    c.set_param("max_speed", "40");
    c.defaults();
    c.reset();
    EXPECT_EQ(c.crowd().size(), 12);
    EXPECT_EQ(c.params.max_speed, CrowdParams{}.max_speed);
}

// [SECTION] Selection, overlays and explain by name

TEST(SceneInspect, SelectOverlaysAndExplainJson) {
    Session s_session(std::make_unique<FlockScene>());
    auto& s = static_cast<FlockScene&>(s_session.scene());
    EXPECT_EQ(s.get("selected"), "null");
    EXPECT_EQ(s.inspected(), -1);
    apply_attributes(s_session, {{"overlay", "vision forces"}});
    EXPECT_EQ(s.get("overlay"), "{\"vision\": true, \"neighbors\": false, \"forces\": true, \"grid\": false}");
    EXPECT_EQ(s.inspected(), 0);  // an overlay with nothing selected shows boid 0
    EXPECT_EQ(s.set("selected", "12").status, SetResult::Ok);
    EXPECT_EQ(s.inspected(), 12);
    EXPECT_EQ(s.set("selected", "60").status, SetResult::Invalid);
    EXPECT_EQ(s.set("selected", "").status, SetResult::Ok);
    EXPECT_EQ(s.get("selected"), "null");
    EXPECT_EQ(s.option("selected")->setter, std::string("select"));
    s_session.step(600);
    const testjson::Value e = testjson::parse(s.explain_json(3));
    EXPECT_EQ(e.at("neighbors").size(), 3u);
    EXPECT_EQ(e.at("total")[0].get<double>(), s.flock.explain(3, s.rules, std::nullopt).total.x);
    EXPECT_EQ(s.explain_json(600), "null");
    EXPECT_TRUE(testjson::parse(describe_json()).at("scenes").at("flock").at("explain").get<bool>());
}

TEST(SceneTunables, SanitizeIsIdempotentAndKeepsMinSpeedBelowMax) {
    FlockParams p;
    p.max_speed = 10;
    p.min_speed = std::nan("");
    sanitize(p);
    EXPECT_LE(p.min_speed, p.max_speed);
    const FlockParams once = p;
    EXPECT_TRUE(sanitize(p).empty()) << "a second call changed something";
    EXPECT_EQ(p.min_speed, once.min_speed);
    EXPECT_EQ(p.max_speed, once.max_speed);
}

TEST(Bench, FormedFlockByDefaultAndTheWarmUpKeepsToItsBudget) {
    FlockParams p;
    p.num_boids = 300;
    const BenchResult formed = make_session("flock")->benchmark(300, "grid", 5);
    EXPECT_EQ(formed.warmup, kFormedWarmup);
    const BenchResult cut = bench_flock(p, 7, NeighborMode::Grid, 100000, 1, 1, 0, 30.0);
    EXPECT_GT(cut.warmup, 0);
    EXPECT_LT(cut.warmup, 100000);
    EXPECT_EQ(cut.steps, 1);
    EXPECT_GT(cut.median_ms, 0);
}

TEST(Cli, BenchDefaultsToAFormedFlock) {
    FILE* f = popen((std::string(FLOCKLAB_CLI) + " bench --boids 60 --neighbors grid --steps 2 --json").c_str(), "r");
    char buf[512] = {};
    ASSERT_NE(std::fgets(buf, sizeof buf, f), nullptr);
    pclose(f);
    EXPECT_NE(std::string(buf).find("\"warmup\": 600"), std::string::npos) << buf;
}

// [SECTION] In words: describe(), context responses and the keys table

namespace {
flocklab::FlockScene& flock_of(flocklab::Session& s) { return static_cast<flocklab::FlockScene&>(s.scene()); }
std::unique_ptr<flocklab::Session> flock_at(int steps, const char* rules = "all") {
    auto s = flocklab::make_session("flock");
    flocklab::Rules r;
    flocklab::parse_rules(rules, &r);
    for (int i = 0; i < flocklab::kRuleCount; ++i) flock_of(*s).set_rule(i, flocklab::rule(r, i));
    s->reset(7);
    s->step(steps);
    return s;
}
// Seed 7 at 10 s with the pointer hawk held at the centre from the start.
std::unique_ptr<flocklab::Session> flock_with_hawk_at_centre() {
    auto h = flock_at(0);
    flock_of(*h).hawk = flocklab::Vec2{450, 270};
    h->step(600);
    return h;
}
}  // namespace

TEST(Words, FlockSummaryAtTenSecondsSaysTheLabsNumbersInWords) {
    EXPECT_EQ(flock_at(600)->scene().describe(),
              "60 boids, separation, alignment and cohesion on. The flock is tight (spacing 23 px) and flies together "
              "(order 0.88).");
    EXPECT_EQ(flock_at(600, "no-sep")->scene().describe(),
              "60 boids, alignment and cohesion on, separation off. The flock is packed (spacing 1.2 px) and flies "
              "together (order 0.89).");
    auto h = flock_with_hawk_at_centre();
    EXPECT_EQ(h->scene().describe(),
              "60 boids, separation, alignment and cohesion on. The flock is tight (spacing 22 px) and flies together "
              "(order 0.90). The hawk is near the centre; no boid is fleeing it.");
    EXPECT_EQ(flock_of(*h).fleeing(), 0);
}

// [SECTION] Languages (core/lang.hpp): the same sentences from a table

namespace {
// The Spanish table the page ships (web/lang/es.json), as the shim passes it.
std::string spanish_table() {
    std::ifstream in(std::string(FLOCKLAB_SOURCE_DIR) + "/web/lang/es.json");
    const nlohmann::json j = nlohmann::json::parse(in);
    std::string packed;
    for (const auto& [k, v] : j.items()) packed += k + '\x1f' + v.get<std::string>() + '\x1e';
    return packed;
}
// English again whatever a test did (the language is per process, as it is per widget).
struct InLanguage {
    InLanguage(const std::string& code, const std::string& table, char mark) { flocklab::set_language(code, table, mark); }
    ~InLanguage() { flocklab::set_language("en", ""); }
};
}  // namespace

TEST(Language, PlaceholdersInAnyOrderAndTheDecimalMark) {
    InLanguage es("xx", std::string("{0} of {1}\x1f{1}: {0}\x1e") + "hello\x1fhola\x1e", ',');
    EXPECT_STREQ(flocklab::tr("hello"), "hola");
    EXPECT_EQ(flocklab::trf("{0} of {1}", {"a", "b"}), "b: a");
    EXPECT_EQ(flocklab::local_number("t 10.5 s, e.g. 3.25"), "t 10,5 s, e.g. 3,25");  // only between digits
    EXPECT_EQ(flocklab::fixed(2.25, 2), "2,25");
    EXPECT_STREQ(flocklab::tr("not in the table"), "not in the table");
    EXPECT_EQ(flocklab::missing_strings(), std::vector<std::string>{"not in the table"});
}

// A translation used as a printf format must take the English one's
// arguments: "%s%s" for "%s", or a "%n", would make vsnprintf read or write
// what was never passed (the wasm trapped). Such rows are refused.
TEST(Language, RowsWhosePrintfConversionsDifferAreRefusedAndStayEnglish) {
    const std::string table = std::string("speed %5.1f px/s\x1fvelocidad %s%s%s\x1e") + "apart %.1f px\x1fseparados %n\x1e" +
                              "what if: %s\x1f\xc2\xbfy si?: %s\x1e" + "100%% %s\x1f" "100%% %s\x1e" + "t %.1f s\x1ft %.1f%% s %d\x1e" + "%s at %.1f s\x1f%s a los %.1f s";
    InLanguage es("es", table, ',');
    EXPECT_STREQ(flocklab::tr("speed %5.1f px/s"), "speed %5.1f px/s");
    EXPECT_STREQ(flocklab::tr("apart %.1f px"), "apart %.1f px");
    EXPECT_STREQ(flocklab::tr("t %.1f s"), "t %.1f s");
    EXPECT_STREQ(flocklab::tr("what if: %s"), "\xc2\xbfy si?: %s");
    EXPECT_STREQ(flocklab::tr("100%% %s"), "100%% %s");
    EXPECT_STREQ(flocklab::tr("%s at %.1f s"), "%s a los %.1f s");
    EXPECT_EQ(flocklab::rejected_strings(), (std::vector<std::string>{"speed %5.1f px/s", "apart %.1f px", "t %.1f s"}));
}

TEST(Language, EnglishIsTheDefaultAndRecordsNothing) {
    EXPECT_EQ(flocklab::language(), "en");
    EXPECT_STREQ(flocklab::tr("The flock is"), "The flock is");
    EXPECT_EQ(flocklab::fixed(0.5, 2), "0.50");
    EXPECT_TRUE(flocklab::missing_strings().empty());
}

TEST(Language, TheFlockSummaryInSpanishFromThePagesTable) {
    const std::string english = flock_at(600)->scene().describe();
    {
        InLanguage es("es", spanish_table(), ',');
        EXPECT_EQ(flock_at(600)->scene().describe(),
                  "60 boids, con separación, alineación y cohesión. La bandada está compacta (espaciado 23 px) y vuela "
                  "unida (orden 0,88).");
        auto h = flock_at(0);
        flock_of(*h).hawk = flocklab::Vec2{450, 270};
        h->step(600);
        EXPECT_EQ(h->scene().describe(),
                  "60 boids, con separación, alineación y cohesión. La bandada está compacta (espaciado 22 px) y vuela "
                  "unida (orden 0,90). El halcón está cerca del centro; ningún boid huye de él.");
        EXPECT_EQ(h->scene().explain_words(3).rfind("Boid 3: ", 0), 0u) << h->scene().explain_words(3);
        EXPECT_TRUE(flocklab::missing_strings().empty()) << flocklab::missing_strings().front();
    }
    EXPECT_EQ(flock_at(600)->scene().describe(), english);  // and back in English, unchanged
}

TEST(Words, ThresholdsDecideAtTheirEdges) {
    EXPECT_STREQ(flocklab::spacing_word(7.999), "packed");
    EXPECT_STREQ(flocklab::spacing_word(8.0), "tight");
    EXPECT_STREQ(flocklab::spacing_word(29.999), "tight");
    EXPECT_STREQ(flocklab::spacing_word(30.0), "spread out");
    EXPECT_STREQ(flocklab::order_word(0.8), "partly lines up");
    EXPECT_STREQ(flocklab::order_word(0.8000001), "flies together");
    EXPECT_STREQ(flocklab::order_word(0.3), "partly lines up");
    EXPECT_STREQ(flocklab::order_word(0.2999), "flies in many directions");
    EXPECT_EQ(flocklab::compass({-1, 0}), "left");
    EXPECT_EQ(flocklab::compass({-1, -1}), "up and left");
    EXPECT_EQ(flocklab::toward({-1, -1}), "up and to the left");
    EXPECT_EQ(flocklab::relative({100, 0}, {240, 0}), "left of");
    EXPECT_EQ(flocklab::region({450, 270}, {900, 540}), "near the centre");
    EXPECT_EQ(flocklab::region({10, 10}, {900, 540}), "in the top left");
    EXPECT_EQ(flocklab::px(6.44), "6.4 px");
    EXPECT_EQ(flocklab::px(23.4), "23 px");
}

TEST(Words, SteerSummaryInEachMode) {
    const std::pair<const char*, const char*> cases[] = {
        {"seek", "Seek. The vehicle is 17 px right of the target, turning back toward it, at 183 px/s."},
        {"flee", "Flee. The vehicle is 351 px left of the target, at rest."},
        {"arrive", "Arrive. The vehicle is 28 px left of the target, slowing down, at 79 px/s."},
        {"wander", "Wander. The vehicle roams at the right edge, heading down and right, at 205 px/s."},
    };
    for (const auto& [mode, words] : cases) {
        flocklab::Session s_session(std::make_unique<flocklab::SteerScene>());
        flocklab::Scene& s = s_session.scene();
        ASSERT_EQ(s.set("mode", mode).status, flocklab::SetResult::Ok);
        s_session.reset(7);
        s_session.step(120);
        EXPECT_EQ(s.describe(), words) << mode;
    }
}

TEST(Words, AnActionIsAnsweredOnceAfterTwoSimulatedSecondsComparingBeforeAndAfter) {
    auto s = flock_at(600);
    EXPECT_EQ(s->respond(false), "");  // nothing happened: nothing said
    flock_of(*s).set_rule(0, false);
    s->step(119);
    EXPECT_EQ(s->respond(false), "");  // not yet: the effect is not visible
    s->step(1);
    const std::string said = s->respond(false);
    EXPECT_EQ(said.rfind("Separation off. In 2 seconds the spacing fell from 23 px to ", 0), 0u) << said;
    EXPECT_NE(said.find("the boids are bunching up"), std::string::npos) << said;
    EXPECT_EQ(s->respond(false), "");  // once
    s->step(600);
    EXPECT_EQ(s->respond(false), "");  // and nothing while nothing happens
    flock_of(*s).set_rule(0, true);
    EXPECT_EQ(s->respond(true), "Separation on. Paused: press Play, or the period key to step, to see what it does.");
}

TEST(Words, ExplainInWordsNamesTheStrongestPushAndTheTotal) {
    auto s = flock_at(600);
    const std::string w = s->scene().explain_words(12);
    EXPECT_EQ(w.rfind("Boid 12: ", 0), 0u) << w;
    EXPECT_NE(w.find(" neighbour"), std::string::npos) << w;
    EXPECT_NE(w.find("the total is "), std::string::npos) << w;
}

// web/README.md's key tables: each after a `<!-- keys: NAME -->` line is
// that scene's rows exactly (make readme-keys writes them), and every scene
// of the lesson page has one. Another scene (a new one, a plugin) needs no
// edit there: the release's EMBEDDING.md adds its table (web/tools/dist.mjs).
TEST(Words, TheReadmesKeyTablesAreTheKeyTable) {
    const auto read = testjson::read_file;
    const std::string readme = read(FLOCKLAB_SOURCE_DIR "/web/README.md");
    std::set<std::string> documented;
    const std::string marker = "\n<!-- keys: ";  // at a line's start
    for (size_t at = readme.find(marker); at != std::string::npos; at = readme.find(marker, at + 1)) {
        const size_t name_end = readme.find(" -->\n", at);
        ASSERT_NE(name_end, std::string::npos);
        const std::string scene = readme.substr(at + marker.size(), name_end - at - marker.size());
        // The table: the lines that start with '|' after the marker.
        size_t end = name_end + 5;
        while (end < readme.size() && readme[end] == '|') end = readme.find('\n', end) + 1;
        const std::string table = readme.substr(name_end + 5, end - name_end - 5);
        ASSERT_NE(std::find(scene_names().begin(), scene_names().end(), scene), scene_names().end()) << "web/README.md has a key table for \"" << scene << "\", which no scene registered";
        EXPECT_EQ(table, flocklab::keys_markdown(scene)) << "web/README.md's " << scene << " key table is not the scene's rows: run make readme-keys";
        documented.insert(scene);
    }
    const std::string page = read(FLOCKLAB_SOURCE_DIR "/web/index.html");
    for (const char* scene : scene_names()) {
        if (page.find(std::string("data-scene=\"") + scene + "\"") == std::string::npos) continue;
        EXPECT_TRUE(documented.count(scene)) << "web/README.md lacks the " << scene << " key table: a line <!-- keys: " << scene << " -->, then make readme-keys";
    }
    EXPECT_GE(documented.size(), 3u);
}

TEST(Words, ResponsesSayTheTimeThatPassedAndThePausedHintOncePerPause) {
    auto s = flock_at(600);
    flock_of(*s).set_rule(1, false);
    s->step(600);  // one call, 10 s: the sentence says so
    EXPECT_EQ(s->respond(false).rfind("Alignment off. In 10 seconds the spacing ", 0), 0u);
    flock_of(*s).set_rule(1, true);
    EXPECT_EQ(s->respond(true), "Alignment on. Paused: press Play, or the period key to step, to see what it does.");
    flock_of(*s).set_rule(2, false);
    EXPECT_EQ(s->respond(true), "Cohesion off.");  // the hint once per pause
    s->step(1);
    flock_of(*s).set_rule(2, true);
    EXPECT_EQ(s->respond(true), "Cohesion on. Paused: press Play, or the period key to step, to see what it does.");
    EXPECT_EQ(flocklab::in_seconds(2.0), "In 2 seconds ");
    EXPECT_EQ(flocklab::in_seconds(1.0), "In 1 second ");
    EXPECT_EQ(flocklab::in_seconds(2.5), "In 2.5 seconds ");
}

// [SECTION] Snapshots and experiments

// A scene given another's settings steps exactly as that one does from a reset.
TEST(SceneSettings, ASnapshotMakesTheSameRun) {
    for (const char* name : scene_names()) {  // the lesson's scenes changed from their defaults; any other as it starts
        SCOPED_TRACE(name);
        std::unique_ptr<Session> a = make_session(name), b = make_session(name);
        if (std::string(name) == "flock") {
            a->scene().set("rule", "cohesion=0");
            a->scene().set("leader", "1");
            a->scene().set("leaderTarget", "700,300");
            a->scene().set("boids", "90");
            a->scene().set_params({{"view_radius", "45"}, {"weight_separation", "0.5"}});
        } else if (std::string(name) == "steer") {
            a->scene().set("mode", "flee");
            a->scene().set("target", "300,200");
            a->scene().set_params({{"max_speed", "180"}});
        } else {
            a->scene().set("goal", "20,3");
            a->scene().set("walls", "12,8;13,8");
            a->scene().set("follow", "seek");
            a->scene().set_params({{"weight_separation", "0.75"}});
        }
        b->scene().apply_settings(a->scene().settings());
        EXPECT_EQ(b->scene().settings(), a->scene().settings());
        a->reset(11);
        b->reset(11);
        a->step(240);
        b->step(240);
        EXPECT_EQ(b->scene().state_json(), a->scene().state_json());
    }
}

TEST(SceneSettings, ExperimentRunsEqualRunsAlone) {
    FlockScene base;
    base.set("rule", "alignment=0");
    std::string why;
    Experiment e("flock", base.settings(), "weight_separation", {"0.5", "1.8"}, {7, 8}, 120, &why);
    ASSERT_EQ(why, "");
    ASSERT_EQ(e.runs(), 4);
    int slices = 0;
    // Each slice's new rows only, as a page without Workers asks for them.
    int seen = 0;
    for (bool done = false; !done;) {
        done = e.work(1.0);
        ++slices;
        const testjson::Value fresh = testjson::parse(e.json(seen));
        EXPECT_EQ(static_cast<int>(fresh.size()), e.finished() - seen);
        for (const testjson::Value& r : fresh) EXPECT_EQ(r.at("run").get<long long>(), seen++);
    }
    EXPECT_GT(slices, 1);  // it went in slices
    EXPECT_EQ(e.json(4), "[]");
    EXPECT_EQ(e.json(-3), e.json());
    const testjson::Value rows = testjson::parse(e.json());
    ASSERT_EQ(rows.size(), 4u);
    for (const testjson::Value& r : rows) {
        Session alone_session(std::make_unique<FlockScene>());
        auto& alone = static_cast<FlockScene&>(alone_session.scene());
        alone.set("rule", "alignment=0");
        alone.set_param("weight_separation", r.at("value").get<std::string>());
        alone.reset(static_cast<std::uint64_t>(r.at("seed").get<long long>()));
        alone_session.step(120);
        EXPECT_EQ(r.at("spacing").get<double>(), alone.gauges()[0].value);
        EXPECT_EQ(r.at("order").get<double>(), alone.gauges()[1].value);
    }
    Experiment bad("flock", base.settings(), "gravity", {"1"}, {7}, 10, &why);
    EXPECT_NE(why.find("no setting 'gravity'"), std::string::npos);
    Experiment bad_value("crowd", CrowdScene().settings(), "follow", {"field", "flow"}, {7}, 10, &why);
    EXPECT_NE(why.find("follow"), std::string::npos) << why;
}

// A page's experiment is held to the CLI's work limit (issue 30 #9: 13 values
// x 1000 seeds x 600 s at 5000 boids was accepted silently): refused with the
// estimate past 10 minutes, said before it starts past a minute, quiet below.
TEST(SceneSettings, AnExperimentEstimatesItsWork) {
    FlockScene base;
    ASSERT_EQ(base.set("boids", "5000").status, SetResult::Ok);
    const std::string seeds = "0-999";  // as data-seeds writes them
    std::string values;
    for (int i = 0; i < 13; ++i) values += std::to_string(i * 0.1) + "\n";
    std::string why;
    EXPECT_EQ(Experiment::from_text("flock", base.settings(), "weight_separation", values, seeds, 36000, &why), nullptr);
    EXPECT_EQ(why.rfind("experiment: 5000 boids x 36000 steps x 13000 runs would take about ", 0), 0u) << why;
    EXPECT_NE(why.find(" h on this machine"), std::string::npos) << why;
    EXPECT_NE(why.find("ask for fewer boids, steps, seeds"), std::string::npos) << why;
    // About 6 minutes: it runs, and says so first.
    auto minutes = Experiment::from_text("flock", base.settings(), "weight_separation", "0\n1\n", "1-10", 1800, &why);
    ASSERT_NE(minutes, nullptr) << why;
    ASSERT_FALSE(minutes->warnings().empty());
    EXPECT_NE(minutes->warnings().back().find("of work on this machine"), std::string::npos) << minutes->warnings().back();
    // The lesson's own (60 boids, 13 values x 10 seeds x 10 s): nothing to say.
    FlockScene lesson;
    auto small = Experiment::from_text("flock", lesson.settings(), "weight_separation", values, "0-9", 600, &why);
    ASSERT_NE(small, nullptr) << why;
    EXPECT_TRUE(small->warnings().empty());
    // The crowd says agents.
    CrowdScene crowd;
    ASSERT_EQ(crowd.set("agents", "2000").status, SetResult::Ok);
    EXPECT_EQ(Experiment::from_text("crowd", crowd.settings(), "follow", "field\nseek\n", seeds, 36000, &why), nullptr);
    EXPECT_NE(why.find("2000 agents x 36000 steps"), std::string::npos) << why;
}

// A page's experiment makes at most kMaxPageRuns runs (issue 42 #2: 999
// values x 1000 seeds of a cheap run were accepted and froze the page for
// minutes): refused in a sentence that gives the count and the CLI command
// that runs it, the page's settings and values as written included; the
// command runs. The work limit's refusal names the command too.
TEST(SceneSettings, APageExperimentHasAPageSizedLimit) {
    SteerScene base;
    ASSERT_EQ(base.set("mode", "flee").status, SetResult::Ok);
    const std::string seeds = "0-999";
    std::string values;
    for (int i = 0; i < 4; ++i) values += std::to_string(i + 1) + "\n";
    std::string why;
    EXPECT_EQ(Experiment::from_text("steer", base.settings(), "max_force", values, seeds, 60, &why, "1:4:1"), nullptr);
    EXPECT_EQ(why.rfind("experiment: 4 values x 1000 seeds are 4000 runs, more than the 1000 a page makes", 0), 0u) << why;
    EXPECT_NE(why.find("; the CLI runs it: flocklab sweep --scene steer --option mode=flee --vary max_force=1:4:1 --seeds 0-999 --steps 60 --csv"),
              std::string::npos) << why;
    // 1000 runs are a page's.
    std::string tenth;
    for (int i = 0; i < 250; ++i) tenth += (i ? "," : "") + std::to_string(i * 2);
    auto page = Experiment::from_text("steer", base.settings(), "max_force", values, tenth, 60, &why, "1:4:1");
    ASSERT_NE(page, nullptr) << why;
    EXPECT_EQ(page->runs(), 1000);
    // A tunable set on the page goes as --set, and a list of seeds as a list.
    ASSERT_EQ(base.set_param("max_speed", "150").status, SetResult::Ok);
    EXPECT_EQ(Experiment::sweep_command("steer", base.settings(), "max_force", "0.1,0.2", {3, 5, 9}, 600),
              "flocklab sweep --scene steer --option mode=flee --set max_speed=150.0 --vary max_force=0.1,0.2 --seeds 3,5,9 --steps 600 --csv");
    // Past the work limit: the estimate, then the command (values listed when the page gave none).
    FlockScene heavy;
    ASSERT_EQ(heavy.set("boids", "5000").status, SetResult::Ok);
    EXPECT_EQ(Experiment::from_text("flock", heavy.settings(), "weight_separation", "0\n1\n", seeds, 36000, &why), nullptr);
    EXPECT_NE(why.find("would take about"), std::string::npos) << why;
    EXPECT_NE(why.find("; the CLI runs it: flocklab sweep --scene flock --option boids=5000 --vary weight_separation=0,1 --seeds 0-999 --steps 36000 --csv"),
              std::string::npos) << why;
}

// Seeds have one grammar, the core's (issue 43: the CLI and the page's shim
// wrote their own, and differed: "0-4,10" was the CLI's alone): numbers and
// ranges between commas, within a count and a largest seed, and each
// refusal says why. The CLI's --seeds and a page's data-seeds read it.
TEST(Seeds, OneGrammarWithItsLimitsAndItsReasons) {
    std::vector<std::uint64_t> s;
    std::string why;
    const auto ok = [&](const std::string& text, std::vector<std::uint64_t> want) {
        EXPECT_TRUE(parse_seeds(text, 1000, kMaxSeed, &s, &why)) << text << ": " << why;
        EXPECT_EQ(s, want) << text;
    };
    ok("7", {7});
    ok("0-3", {0, 1, 2, 3});
    ok("1,4,9", {1, 4, 9});
    ok("0-2,10,5-6", {0, 1, 2, 10, 5, 6});
    ok(" 3 - 5 , 8 ", {3, 4, 5, 8});
    ok("4-4", {4});
    ok("9007199254740991", {kMaxSeed});
    const auto refused = [&](const std::string& text, const std::string& reason, std::size_t most = 1000) {
        EXPECT_FALSE(parse_seeds(text, most, kMaxSeed, &s, &why)) << text;
        EXPECT_EQ(why, reason) << text;
    };
    const std::string grammar = "expected seeds such as 7, 0-11 or 1,4,9";
    for (const char* bad : {"", " ", "x", "1,", ",1", "1,,2", "-3", "+3", "1-", "1-2-3", "0x10", "1.5", "1e3", "3 4"}) refused(bad, grammar);
    refused(std::string("1\0", 2) + "2", grammar);  // a NUL inside is not the end
    refused("5-2", "range 5-2 runs backwards");
    refused("9007199254740992", "seeds go up to 9007199254740991");
    refused("99999999999999999999999", "seeds go up to 9007199254740991");
    refused("0-1000", "at most 1000 seeds");
    refused("0-998,5,6", "at most 1000 seeds");
    EXPECT_TRUE(parse_seeds("0-998,5", 1000, kMaxSeed, &s, &why)) << why;
    refused("0-18446744073709551615", "seeds go up to 9007199254740991");
    // The CLI's: every 64-bit seed.
    EXPECT_TRUE(parse_seeds("18446744073709551615", 100000, UINT64_MAX, &s, &why)) << why;
    EXPECT_EQ(s, std::vector<std::uint64_t>{UINT64_MAX});
    EXPECT_FALSE(parse_seeds("18446744073709551616", 100000, UINT64_MAX, &s, &why));
    EXPECT_EQ(why, "seeds go up to 18446744073709551615");
    // A page's experiment says which attribute.
    std::string refusal;
    EXPECT_EQ(Experiment::from_text("flock", FlockScene().settings(), "weight_separation", "0\n1\n", "x", 60, &refusal), nullptr);
    EXPECT_EQ(refusal, "data-seeds=\"x\": " + grammar);
}

// A sentence about an action tells the swing its two ends hide (issue "every
// student", round two: "the speed stayed near 5 px/s" while it peaked at 218).
TEST(Responses, ASwingBetweenTheEndsIsSaid) {
    Session s_session(std::make_unique<SteerScene>());
    auto& s = static_cast<SteerScene&>(s_session.scene());
    s.set("mode", "arrive");
    s.reset(7);
    s_session.step(600);  // settled on the target
    s.set_target({700, 100});
    s_session.action("target moved");
    s_session.step(900);  // there and settled again: both ends near rest
    const std::string said = s_session.respond(false);
    EXPECT_NE(said.find("the speed stayed near"), std::string::npos) << said;
    EXPECT_NE(said.find("(up to 214 px/s on the way)"), std::string::npos) << said;  // the highest 0.1 s sample
}
