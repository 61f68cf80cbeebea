// Scenes: what one widget (or a test) runs. A scene owns its simulation
// state, its settings and its clock (seed, how many fixed steps have run),
// and describes itself: its options (modes, rules, hawk, ...), its gauges
// (name, unit, value) and its tunables. A Session (session.hpp) runs one
// and keeps what every scene shares. The widget's platform layer, its C API
// and the page's shim talk to a scene through these two only, so a new
// scene is a new file here (plus its view in src/widget), and a new mode or
// rule lives in its scene's file. Pure C++.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gauge.hpp"
#include "bench.hpp"
#include "lang.hpp"
#include "work.hpp"
#include "params.hpp"
#include "scene_info.hpp"
#include "state_io.hpp"
#include "vec2.hpp"

namespace flocklab {

// Fixed timestep with an accumulator: frames of any length turn into whole
// steps of `step` seconds, so simulated time, not frame rate, decides what
// happens. At most max_steps_per_frame run per frame; time beyond that (a
// background tab, a stalled frame) is dropped, so the simulation slows down
// instead of racing to catch up.
struct FixedStep {
    double step = kLabDt;    // s
    int max_steps_per_frame = 4;   // steps
    double accumulator = 0.0;      // s, always in [0, step)

    // Returns how many steps to run for a frame that lasted frame_seconds.
    int advance(double frame_seconds);
};

// step() and benchmark() run synchronously in the page: at most this many
// units of work (boid-steps; a vehicle step is one) per call.
constexpr long long kMaxWorkPerCall = 3000000;
// ... and at most this long (ms), checked between steps: a dense flock costs
// more per boid-step than a sparse one.
constexpr double kMaxCallMs = 250.0;
// A benchmark's warm-up (forming the flock first) may take this long (ms).
constexpr double kMaxWarmupMs = 2000.0;
// The most steps of `work_per_step` units each that one call may run (at least 1).
int max_steps_for(long long work_per_step);

// The most warm-up steps a benchmark() call takes.
constexpr int kMaxWarmupSteps = 100000;
// The seed a widget starts from when the page gives none (the lesson's).
constexpr std::uint64_t kDefaultSeed = 7;

// The largest seed a page can give: 2^53 - 1, the largest whole number a JS
// number holds exactly.
constexpr std::uint64_t kMaxSeed = 9007199254740991ULL;

// What a scene tells whoever runs it (its Session): a setting that changed,
// as the action a response answers ("separation off", kind "rule"), and a
// setting that starts the run again (a flock's size, a vehicle's start).
class SceneNotes {
public:
    // `said`: the words a student hears for it, where they differ from the
    // history's mark ("max force set to 200 px/s²" for "max_force = 200.0").
    virtual void noted(const std::string& what, const char* kind, const std::string& said) = 0;
    virtual void start_again(std::uint64_t seed) = 0;

protected:
    ~SceneNotes() = default;
};

// A scene: one simulation and its settings, described. Twelve virtual
// functions; the rest is its kind's table (SceneInfo) read by name. What
// every scene shares (the history, the spoken responses, the what-if lane,
// the benchmark, a snapshot) is the Session's (session.hpp), around it.
class Scene {
public:
    virtual ~Scene() = default;
    using WhatIfPreset = flocklab::WhatIfPreset;
    using BenchDefaults = flocklab::BenchDefaults;
    using BenchRun = flocklab::BenchRun;

    // [SECTION] Description
    virtual const SceneInfo& info() const = 0;  // what the kind is (a static row)
    const char* name() const { return info().name; }  // "flock", "steer", ...
    virtual Vec2 world() const = 0;        // px
    const std::vector<OptionSpec>& options() const { return info().options; }
    const OptionSpec* option(const std::string& name) const;  // nullptr if it has none
    // The canvas's accessible name: what the widget is, short ("Flock
    // simulation, 60 boids. Press ? for keys.").
    virtual std::string label() const = 0;
    // The contexts the key table's rows apply in now ("hawk", "leader", ...).
    std::vector<std::string> key_contexts() const { return info().key_contexts ? info().key_contexts(*this) : std::vector<std::string>{}; }
    int agents() const { return static_cast<int>(work_per_step()); }  // boids (explain's range)

    // [SECTION] Simulation: its clock. Session::reset() and step() add the history.
    // A new run from `seed`, settings kept (Session::reset calls it).
    void start(std::uint64_t seed);
    // A new run, asked for by the scene itself (a setting that makes a new
    // start, a constructor): its Session's reset, or start() without one.
    void reset(std::uint64_t seed) {
        if (notes_) notes_->start_again(seed);
        else start(seed);
    }
    void reset() { reset(seed()); }
    std::uint64_t seed() const { return seed_; }
    void run(int n);                              // n fixed steps of kLabDt, counted
    long long steps() const { return steps_; }    // since the last start
    double time() const { return static_cast<double>(steps()) * kLabDt; }  // s
    // One step's cost. A scene whose time is not its agents' alone (the
    // flock's brute force, its grid) estimates it itself.
    StepCost cost() const { return info().cost ? info().cost(*this) : StepCost::of(1); }
    long long work_per_step() const { return cost().work; }  // boid-steps per step
    double step_estimate() const { return cost().micros; }    // us per step, estimated
    const char* agent_noun() const { return info().agent_noun; }
    int max_steps_per_call() const;               // from kMaxWorkPerCall
    // The scene's changing state, written to or read from `io` (state_io.hpp):
    // what stepping and the student's inputs change (agents, their random
    // draws, a target, a hawk, a selection), never what settings() gives
    // (options and tunables), which are in place before it is read. What
    // it reads must leave the scene stepping on exactly as the one that
    // wrote it: the what-if lane's start and a snapshot both go through it.
    virtual void state_io(StateIO& io) = 0;
    // This scene takes `from`'s seed, steps and state (the same kind's, settings already given).
    void take_state(Scene& from);
    // Where its notes go (the Session running it); none: said to no one.
    void set_notes(SceneNotes* to) { notes_ = to; }
    // A setting changed, as an action that a response answers. kind:
    // "rule", "mode", "param", "option".
    void note(const std::string& what, const char* kind = "option", const std::string& said = "") {
        if (notes_) notes_->noted(what, kind, said);
    }

    // [SECTION] In words (thresholds and word lists: words.hpp)
    // A short plain-language summary of the state now.
    virtual std::string describe() = 0;
    // The facts the summary is made of, as one JSON object.
    virtual std::string facts_json() = 0;
    // Agent i's next move in words (scenes that explain); else the summary.
    std::string explain_words(int i) { return info().explain_words ? info().explain_words(*this, i) : describe(); }
    // The agent being inspected (the selected one), or -1.
    int inspected() const { return info().inspected ? info().inspected(*this) : -1; }
    // The lowest and highest value a gauge took since the action being
    // answered (NaN when no sample): change_sentence() says a swing that
    // the two ends hide ("up to 218 px/s on the way").
    struct Swing {
        double lo = 0, hi = 0;
    };
    // After `seconds` of simulated time since an action: how the gauges
    // changed, in words ("In 2 seconds the spacing fell from ..."); swings:
    // one per gauge.
    virtual std::string change_sentence(const std::vector<Gauge>& before, const std::vector<Gauge>& after, double seconds,
                                        const std::vector<Swing>& swings) = 0;

    // [SECTION] Reading and setting: the one path every setting takes (the
    // page, the CLI, the Tuning panel, the what-if lane, a snapshot), each
    // change noted.
    virtual std::vector<Gauge> gauges() = 0;      // in a fixed order, with units
    // An option by name, through its table row; "OPTION: why" when refused.
    SetResult set(const std::string& option, const std::string& value);
    std::string get(const std::string& option) const;  // JSON; "null" for no such option
    // A snapshot of the configuration as (name, text) pairs that set() and
    // set_params() take back: every option, then every tunable ("rule",
    // "separation=1"; "weight_separation", "1.8"). Another scene of the same
    // kind given them (apply_settings) steps exactly as this one would from a start.
    std::vector<std::pair<std::string, std::string>> settings();
    void apply_settings(const std::vector<std::pair<std::string, std::string>>& s);
    virtual std::string state_json() const = 0;   // the whole state, one JSON object
    virtual std::vector<Tunable> tunables() = 0;  // the params' field table, live (tunables_of)
    // The lesson's params again (a new scene's), through set_params: each
    // one that changes is noted, as any setting is.
    void defaults();
    // The tunables whose values differ from the lesson's (a new scene's of
    // the same kind), with both values, in table order; none for a kind
    // that is not registered. defaults() and the CLI's output read it.
    struct ParamChange {
        std::string name;
        double now, lesson;
    };
    std::vector<ParamChange> changed_from_lesson();
    // [SECTION] Parameters by name: the tunables of the params' field table.
    // `name` in the table's snake_case or the page's camelCase
    // (weight_separation, weightSeparation). Out of range: clamped, with the
    // range in the message; not a number or no such parameter: refused.
    SetResult set_param(const std::string& name, const std::string& value);
    // Several at once, all or nothing: every name and number is checked
    // before anything changes (Invalid: nothing was changed); then fields
    // that others depend on are set first, and a dependent limit
    // (min_speed <= max_speed) holds for the final values whatever the key
    // order. Clamped: the warnings, one per line.
    SetResult set_params(const std::vector<std::pair<std::string, std::string>>& values);
    std::string params_json();  // {"weight_separation": 1.8, ...}

    // [SECTION] Readers: more of a scene's state by name, as JSON (the
    // handle's NAME() for each; the crowd's "field": its search's distances
    // and arrows). "null" for a name it does not have.
    const std::vector<SceneInfo::Reader>& readers() const { return info().readers; }
    std::string read(const std::string& name) const;

    // [SECTION] Inspecting one agent (scenes with has_explain())
    bool has_explain() const { return info().explain_json != nullptr; }
    // Why agent i moves as it will in the next step, as JSON ("null" when
    // there is no agent i).
    std::string explain_json(int i) { return has_explain() ? info().explain_json(*this, i) : "null"; }

    // [SECTION] What a Session's lane and benchmark read
    // Each agent's position (px), in list order (Session::apart).
    std::vector<Vec2> positions() const { return info().positions ? info().positions(*this) : std::vector<Vec2>{}; }
    // The lesson's mistakes for this scene (SceneInfo::what_if_presets).
    const std::vector<WhatIfPreset>& what_if_presets() const { return info().what_if_presets; }
    // Milliseconds per step of a formed run of `size` (boids), measured on a
    // copy; only scenes with has_benchmark() measure anything.
    bool has_benchmark() const { return info().bench_run != nullptr; }
    // The benchmark's options and defaults (scenes with has_benchmark()).
    const BenchDefaults& bench_defaults() const { return info().bench; }
    // A measurement in parts (SceneInfo::bench_run); nullptr for scenes without a benchmark.
    std::unique_ptr<BenchRun> bench(int size, const std::string& variant, int warmup) const {
        return info().bench_run ? info().bench_run(*this, size, variant, warmup) : nullptr;
    }

protected:
    // start's scene-specific part (seed() is already `seed`, steps() 0).
    virtual void restart(std::uint64_t seed) = 0;
    virtual void advance(int n) = 0;  // run's: n steps (steps() counts them)

private:
    friend class Session;  // a snapshot's clock
    std::uint64_t seed_ = kDefaultSeed;
    long long steps_ = 0;
    SceneNotes* notes_ = nullptr;
};

// [SECTION] The registry (registry.hpp): every registered scene by name, in order.
std::unique_ptr<Scene> make_scene(const std::string& name);  // nullptr if unknown
const std::vector<const char*>& scene_names();
// Everything the page needs to know, as one JSON object: each scene's world,
// options, gauges and tunables, and the limits (max boids, work per call).
std::string describe_json();
// The English words people read for an option (a heading: "rules" for rule).
inline const char* option_heading(const OptionSpec& o) { return o.heading ? o.heading : o.name; }

// [SECTION] Helpers for scenes' set() and get()
bool parse_point(const std::string& text, Vec2* out);  // "x,y", both finite
bool parse_count(const std::string& text, double* out);
// Yes and no, the same everywhere (attributes, setters, the CLI, the shim):
// the words of text_rules.def, any case; anything else is neither (false
// returned). yes_no_words(): "yes or no (true, 1, yes, on, or false, ...)".
bool parse_yes_no(const std::string& text, bool* on);
std::string yes_no_words();
int index_of(const OptionSpec& o, const std::string& value);  // in o.values; -1 if absent
std::string join(const std::vector<const char*>& words);      // "a, b, c"
std::string json_string(const std::string& s);
std::string json_strings(const std::vector<std::string>& items);  // ["a", "b"]
// [{"name", "unit", "decimals" (if not the unit's usual), "value" (now; 0 if
// not finite), "ceiling" (Gauge::ceiling)}...]: a page's gauges and scales.
std::string gauges_json(const std::vector<Gauge>& gauges);
std::string json_point(Vec2 v);  // numbers as Python's repr prints them (format.hpp)
std::string json_motion(Vec2 pos, Vec2 vel);  // "[x, y, vx, vy]": a boid's or the hunter's state
// At most text_rules.def's FLOCKLAB_QUOTE_MAX characters of a value, for messages.
std::string shortened(const std::string& value);
// "OPTION: WHY, got 'VALUE'" (the value shortened)
SetResult invalid(const std::string& option, const std::string& why, const std::string& value);
// A value outside a choice option's list, naming the list.
SetResult invalid_choice(const OptionSpec& o, const std::string& value);
SetResult unknown_option(const Scene& s, const std::string& option);
// Every option's value, as JSON members: "\"rule\": {...}, \"hawkMode\": ...".
std::string options_json(const Scene& s);
}  // namespace flocklab
