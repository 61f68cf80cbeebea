// A session: one scene run for a student, a test or the CLI, with what every
// scene shares kept around it. It owns the scene, the history of its gauges
// (history.hpp), the spoken responses to a student's actions, the what-if
// lane (a second scene of the same kind, what_if.cpp), the benchmark and a
// snapshot (snapshot.cpp). The scene reports each setting that changed
// (SceneNotes) and knows nothing of its session. Pure C++.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "history.hpp"
#include "scene.hpp"

namespace flocklab {

class Session final : private SceneNotes {
public:
    // Runs `scene` (not null) from where it is: its history begins now, as
    // at a reset.
    explicit Session(std::unique_ptr<Scene> scene);
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;
    ~Session();

    Scene& scene() { return *scene_; }
    const Scene& scene() const { return *scene_; }

    // [SECTION] Its clock
    // A new run from `seed`, settings kept; the history restarts with a mark.
    void reset(std::uint64_t seed);
    void reset() { reset(seed()); }
    std::uint64_t seed() const { return scene_->seed(); }
    // n fixed steps of kLabDt (both lanes); the gauges are sampled into the
    // history every History::kSampleSteps steps, however the steps are
    // grouped into calls.
    void step(int n);
    long long steps() const { return scene_->steps(); }  // since the last reset
    double time() const { return scene_->time(); }        // s

    // [SECTION] The history
    const History& history() const { return history_; }
    // Forgets every kept run and the current run's samples so far (the run goes on).
    void clear_history();
    // Marks the history now (a rule switched, a mode changed), as an action
    // whose effect respond() tells. kind: "rule", "mode", "param", "option".
    // The scene's own changes come here (SceneNotes); the widget notes its own
    // (a hawk moved by the pointer). `said`: what the response says of it, where
    // it is not the mark's text.
    void note(const std::string& what, const char* kind = "option", const std::string& said = "");

    // [SECTION] Context responses: after an action, one sentence once its
    // effect can be seen (kRespondSteps of simulated time), comparing
    // before and after.
    void action(const std::string& what);  // a student's action (repeated ones merge)
    void say(const std::string& text) { ready_ = text; }  // told at the next respond(), as is
    void answer(const std::string& text) { say(text); pending_.reset(); }  // say(): the action just noted, answered in full
    // The sentence due now, once ("" when none): while paused, an action
    // that waits for time is answered at once, saying so.
    std::string respond(bool paused);

    // [SECTION] The what-if lane (what_if.cpp): a second scene of this
    // kind with this one's settings plus a few changes, started from a copy
    // of this one's state and stepped beside it, one step each in turn.
    // Every input (a target, a hawk, walls: any option or tunable not named
    // in the changes) goes to both lanes; reset, seed and stepping act on both.
    // `changes`: (name, value) as set() (options) and set_param() (tunables)
    // take them, in the page's camelCase, snake_case or kebab-case. All or
    // nothing: Invalid (and the reason) changes nothing; Clamped: applied,
    // the warnings said. An empty list removes the lane.
    SetResult compare(const std::vector<std::pair<std::string, std::string>>& changes);
    // The changes, by the names the scene spells them ("max_force", "flee").
    const std::vector<std::pair<std::string, std::string>>& compared() const { return changes_; }
    Scene* what_if() { return lane_.get(); }  // nullptr without a lane
    const Scene* what_if() const { return lane_.get(); }
    // How far the lanes have drifted: the largest distance between the same
    // agent in the two, the shorter way round a world whose edges wrap (px;
    // 0 without a lane).
    double apart() const;
    // The W key: the lane off (its changes kept), or on again with the last
    // changes, or the scene's own lesson mistake (the first of what_if_presets()).
    SetResult toggle_what_if();
    // The changes in words, for the HUD and the live region: "max force 0.2
    // px/s², flee negated-seek" (the widget's language); "" without a lane.
    std::string compared_words();
    // The solid lane's own slips (OptionSpec::slip off the lab's way), in
    // words: "update as-you-go"; "" when it runs the lab's code.
    std::string solid_words() const;
    // The scene's describe(), and with a lane, what the lane does beside it.
    std::string summary();
    // What an experiment or a sweep measures: the gauges, and with a lane its
    // gauges as "what_if_NAME" and "apart" (px).
    std::vector<Gauge> measured();

    // [SECTION] The benchmark (scenes with has_benchmark()): all at once
    // (natively, and the widget's own comparison table), the warm-up within
    // kMaxWarmupMs, then at most kMaxCallMs of timed steps, on a copy.
    BenchResult benchmark(int size, const std::string& variant, int steps, int warmup = kFormedWarmup) const;

    // [SECTION] A snapshot (snapshot.cpp): the whole session as bytes, which
    // restore_session() makes into a new session of the same kind that
    // steps, answers and draws on exactly as this one would: the scene's
    // settings, its state (state_io), the seed and steps, the what-if lane,
    // the history and a response on its way. A widget far from the viewport
    // keeps only this while it gives up its WebAssembly instance.
    std::string snapshot();

private:
    void noted(const std::string& what, const char* kind, const std::string& said) override { note(what, kind, said); }
    void start_again(std::uint64_t seed) override { reset(seed); }
    void begin_run();  // the history's new run, and no response due
    void sample();
    void sync_lane();  // the lane takes this one's settings, but for its changes
    Scene::Swing swing(int k) const;
    bool session_io(StateIO& io);  // what snapshot() writes after the settings, or reads on a new session of the same kind
    friend std::unique_ptr<Session> restore_session(const std::string& bytes, std::string* why);

    std::unique_ptr<Scene> scene_;
    std::unique_ptr<Scene> lane_;
    std::vector<std::pair<std::string, std::string>> changes_, remembered_;
    History history_;
    struct Pending {  // an action waiting for its answer; steps: steps() when it began
        std::string what;
        long long steps = 0;
        std::vector<Gauge> before;
        // The tunables set in this burst, each by name with its words, in
        // order: one change and the limit it moved are both said (max speed,
        // then the min speed it pulled down); a drag's last value replaces its first.
        std::vector<std::pair<std::string, std::string>> params;
    };
    std::optional<Pending> pending_;
    double answered_from_ = 0;  // s: when the action being answered began (swing())
    std::string ready_;
    long long paused_hint_at_ = -1;  // steps() when the paused hint was last given (once per pause)
};

// A session of the registered scene `name`; nullptr if unknown.
std::unique_ptr<Session> make_session(const std::string& name);
// A new session from Session::snapshot()'s bytes; nullptr, with the reason
// in `why`, for bytes that are not a whole snapshot of a registered scene.
std::unique_ptr<Session> restore_session(const std::string& bytes, std::string* why);

// gauges_json (scene.hpp) of what the session measures, the lane's too.
inline std::string gauges_json(Session& s) { return gauges_json(s.measured()); }

// Applies a page's data-* attributes (dataset key, text) through the scene's
// options, as its author wrote them: data-NAME for most options, data-rules
// (a comma-separated list of the flags that are on) for flags, a present
// toggle attribute means on, and data-compare the what-if lane. Returns one
// warning per unusable value.
std::vector<std::string> apply_attributes(Session& s, const std::vector<std::pair<std::string, std::string>>& attributes);

}  // namespace flocklab
