// What a scene is, as data: the option rows a page sets by name (with their
// accessors), the tunables of a params table, the benchmark's parts, and the
// SceneInfo row that a scene's class returns from Scene::info(). Pure C++.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench.hpp"
#include "lang.hpp"
#include "params.hpp"
#include "vec2.hpp"
#include "work.hpp"

namespace flocklab {

// What set() made of a value: applied, applied after clamping (with a
// warning), or refused (with the reason).
struct SetResult {
    enum Status { Ok, Clamped, Invalid } status = Ok;
    std::string message;             // one line per setting clamped, "NAME: ...; using ..."
    std::vector<std::string> clamped = {};  // the settings clamped, by name (the one set, or one that depends on it)
};

// One option a page can set by name (data-NAME, handle.setNAME, buttons with
// data-NAME). Values travel as text, so the shim needs no table of its own:
//   Choice  one of `values`            "pursuit"
//   Flags   named switches (`values`)   set "wander=1"; get {"wander": true, ...}
//   Toggle  on or off                   "1" / "0"
//   Point   a point in the world (px)   "x,y", or "" for none when nullable
//   Count   a whole number in [lo, hi]  "500", or "" for none when nullable
//   Text    the scene reads it           "9,0;9,1;19,5" (the crowd's walls)
enum class OptionKind { Choice, Flags, Toggle, Point, Count, Text };
class Scene;
struct OptionSpec {
    OptionSpec(const char* name_, OptionKind kind_, std::vector<const char*> values_ = {}, double lo_ = 0, double hi_ = 0,
               bool nullable_ = false, const char* help_ = "", const char* attribute_ = nullptr, const char* setter_ = nullptr)
        : name(name_), kind(kind_), values(std::move(values_)), lo(lo_), hi(hi_), nullable(nullable_), help(help_),
          attribute(attribute_), setter(setter_) {}
    const char* name;  // camelCase, as the handle spells it: "mode", "rule", "leaderTarget"
    OptionKind kind;
    std::vector<const char*> values;  // Choice, Flags
    double lo = 0, hi = 0;            // Count
    bool nullable = false;            // Point, Count: may be none
    const char* help = "";            // one line for the page's author
    // The element's data-* attribute (dataset key) that sets it at start:
    // nullptr for the option's own name, "" for none.
    const char* attribute = nullptr;
    // The handle's setter: nullptr for setNAME ("select" for "selected").
    const char* setter = nullptr;
    // The English words people read for it, as a heading (N_("rules") for
    // rule); nullptr: its name.
    const char* heading = nullptr;
    bool slip = false;  // a what-if switch (Choice): values[0] is the lab's way, the others the lesson's warnings

    // [SECTION] Accessors: Scene::set, Scene::get and the options in
    // state_json are generated from them, so an option is one table row.
    // Choice: the value's index; Toggle: 0 or 1; Count: the number (NaN for
    // none); Flags: flag `k`'s 0 or 1.
    // (Plain function pointers: the table's rows are captureless lambdas.)
    double (*read)(const Scene&, int k) = nullptr;
    void (*write)(Scene&, int k, double v) = nullptr;
    // Point: where it is (none: nullopt), and putting it somewhere (none:
    // nullopt); returns where it was put (a clamp may move it).
    std::optional<Vec2> (*where)(const Scene&) = nullptr;
    std::optional<Vec2> (*place)(Scene&, std::optional<Vec2>) = nullptr;
    // Count: the upper limit now, when it depends on the scene (the selected
    // boid: below the flock's size); and whether a number outside the range
    // is clamped with a warning (true) or refused (false).
    double (*hi_now)(const Scene&) = nullptr;
    bool clamps = true;
    const char* what = "a whole number";  // Count: "a boid", in messages
    // Text: its value, and setting it (refused with the reason: nothing changed).
    std::string (*text)(const Scene&) = nullptr;
    SetResult (*put)(Scene&, const std::string&) = nullptr;
};
std::string attribute_of(const OptionSpec& o);  // the dataset key; "" when it has none

// A tunable double of the scene's params (the params' field table).
struct Tunable {
    const char* name;
    const char* label;  // English; shown through tr()
    const char* unit;
    const char* group;
    double* value;
    double lo, hi;           // hi: the limit now (a dependent one reads its field)
    bool dependent = false;  // hi comes from another field (min_speed's is max_speed)
};

// The tunable fields of a params struct, from its field table.
template <class P>
std::vector<Tunable> tunables_of(P& params) {
    std::vector<Tunable> t;
    for (const Field<P>& f : fields(&params)) {
        if (f.tunable) t.push_back({f.name, f.label, f.unit, f.group, &(params.*f.member), f.lo, f.upper(params), f.at_most != nullptr});
    }
    return t;
}

// The lesson's mistakes for a scene, by name, each a what-if lane
// (data-compare's text): the [data-controls] form offers them, and the
// first is the W key's when no lane was set before.
struct WhatIfPreset {
    const char* label;    // English, through tr(): "a per-frame force"
    const char* compare;  // "max_force=0.2", in the scene's own names
};

// A scene's benchmark: its options and defaults (size_option "": none).
struct BenchDefaults {
    const char* size_option = "";     // the Count option that sizes a run ("boids")
    int size = 0;                      // its default
    const char* variant_option = "";  // the Choice option that names the variant ("neighbors")
    int steps = 60;                    // timed steps by default
};

// A benchmark's measurement in parts, on a copy of a scene: the warm-up in
// calls of a few ms each (a page spreads it over tasks), then the timed steps.
struct BenchRun {
    virtual ~BenchRun() = default;
    virtual int warm(double budget_ms) = 0;                    // warm-up steps still to run
    virtual BenchResult time(int steps, double budget_ms) = 0;  // at most budget_ms of timed steps
};

// One step's cost: its units of work (boid-steps; a vehicle step is one) and
// its time on this machine, estimated (us, core/work.hpp): the work limits' figures.
struct StepCost {
    long long work = 1;
    double micros = 0;
    static StepCost of(long long work) { return {work, step_micros(static_cast<double>(work), 0, false)}; }
};

// What a kind of scene is, the same for every scene of the kind: one row,
// built once, that the class returns from info() (in the manner of Box2D's
// def structs), so the interface below asks only for what changes as it runs.
struct SceneInfo {
    SceneInfo(const char* name_, const char* agent_noun_, std::vector<OptionSpec> options_,
              std::vector<WhatIfPreset> what_if_presets_ = {})
        : name(name_), agent_noun(agent_noun_), options(std::move(options_)), what_if_presets(std::move(what_if_presets_)) {}
    const char* name;        // "flock", as registered
    const char* agent_noun;  // what one unit of its work steps, in messages ("2000 agents x 600 steps")
    std::vector<OptionSpec> options;  // what a page can set by name
    // The lesson's mistakes as what-if lanes; the first is the W key's.
    std::vector<WhatIfPreset> what_if_presets;
    // Its benchmark, if it has one: the options and defaults, and a
    // measurement of a formed run of `size` on a copy of `s` (nullptr: none).
    BenchDefaults bench = {};
    std::unique_ptr<BenchRun> (*bench_run)(const Scene& s, int size, const std::string& variant, int warmup) = nullptr;
    // What only some scenes do, as hooks here (nullptr or empty: the scene
    // does not), so that Scene's virtual functions are what every scene does.
    struct Reader {
        const char* name;                    // read()'s name (the handle's NAME())
        std::string (*read)(const Scene& s);  // that part of the state, as JSON
    };
    std::vector<Reader> readers = {};
    // The contexts the key table's rows apply in now ("hawk", "leader", ...).
    std::vector<std::string> (*key_contexts)(const Scene& s) = nullptr;
    // One step's cost where it is not one unit of work (a vehicle's step is
    // one): its agents, and the time the flock's grid or brute force adds.
    StepCost (*cost)(const Scene& s) = nullptr;
    // Each agent's position (px), in list order: how far a what-if lane has
    // drifted (apart()) and where a selected agent is (none: no agents).
    std::vector<Vec2> (*positions)(const Scene& s) = nullptr;
    // Inspecting one agent: which one is inspected (-1: none), its next move
    // in words, and why it moves as JSON (explain: has_explain()).
    int (*inspected)(const Scene& s) = nullptr;
    std::string (*explain_words)(Scene& s, int i) = nullptr;
    std::string (*explain_json)(Scene& s, int i) = nullptr;
};

}  // namespace flocklab
