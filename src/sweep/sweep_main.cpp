// The experiments' worker module: the core alone (no SDL, no ImGui), compiled
// to a small WebAssembly module (flocklab-sweep.{js,wasm}) that only a page
// with a [data-experiment] loads, in Web Workers (web/src/sweep-worker.js), so
// a sweep runs off the main thread and on each core. Each worker makes the
// same Experiment and runs its share of the run indices; a run's row is the
// same bits wherever it runs (Experiment::run).
#include <emscripten/emscripten.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/experiment.hpp"
#include "core/shape.hpp"
#include "core/names.hpp"
#include "core/format.hpp"

namespace {
std::unique_ptr<flocklab::Experiment> g_experiment;
std::string g_text;  // the last string returned to JS (valid until the next call)
const char* text(std::string s) {
    g_text = std::move(s);
    return g_text.c_str();
}
// The setting a page names in data-vary: as the core spells it, or in
// kebab-case ("weight-separation" is the tunable weight_separation,
// "hawk-mode" the option hawkMode).
std::string setting_name(flocklab::Scene& s, const std::string& name) {
    const std::string camel = flocklab::camel_case(name), snake = flocklab::snake_case(camel);
    for (const flocklab::Tunable& t : s.tunables()) {
        if (t.name == name || t.name == snake) return t.name;
    }
    return s.option(name) ? name : s.option(camel) ? camel : name;
}

// {"name", "label", "unit", "tunable"} of the varied setting, for the chart's axis.
std::string setting_json(flocklab::Scene& s, const std::string& name) {
    for (const flocklab::Tunable& t : s.tunables()) {
        if (t.name == name) {
            return "{\"name\": " + flocklab::json_string(name) + ", \"label\": " + flocklab::json_string(t.label) +
                   ", \"unit\": " + flocklab::json_string(t.unit) + ", \"tunable\": true}";
        }
    }
    const flocklab::OptionSpec* o = s.option(name);
    return "{\"name\": " + flocklab::json_string(name) + ", \"label\": " + flocklab::json_string(o ? flocklab::option_heading(*o) : name) +
           ", \"unit\": \"\", \"tunable\": false}";
}
const char* no_scene(const char* scene) {
    return text("{\"why\": " + flocklab::json_string(std::string("no scene ") + scene) + ", \"warnings\": [], \"runs\": 0}");
}

// An experiment's description (g_experiment, or `why` it cannot run) as
// JSON: {"why", "warnings" (with the experiment's own), "runs", "seeds",
// "values", "vary", "gauges": gauges_json() of `base` (their "value" before
// the first step and their "ceiling" scale a prediction drawn before any run)}.
const char* begun(flocklab::Session& base, const std::string& name, const std::vector<std::string>& list, const std::string& why,
                  std::vector<std::string> warnings) {
    if (g_experiment) warnings.insert(warnings.end(), g_experiment->warnings().begin(), g_experiment->warnings().end());
    std::string seed_list;  // as data-seeds gave them (the core's grammar, parse_seeds())
    if (g_experiment) {
        for (const std::uint64_t seed : g_experiment->seeds()) seed_list += (seed_list.empty() ? "" : ", ") + std::to_string(seed);
    }
    return text("{\"why\": " + flocklab::json_string(why) + ", \"warnings\": " + flocklab::json_strings(warnings) + ", \"runs\": " +
                std::to_string(g_experiment ? g_experiment->runs() : 0) + ", \"seeds\": [" + seed_list + "], \"values\": " + flocklab::json_strings(list) + ", \"vary\": " +
                setting_json(base.scene(), name) + ", \"gauges\": " + flocklab::gauges_json(base) + "}");
}
}  // namespace

extern "C" {
// An experiment on `scene` configured by an element's data-* attributes
// ("key\tvalue" lines, applied as a widget applies them), varying `vary` over
// `values` ("START:STOP:STEP" or "V1,V2,..."), each over `seeds` (as
// data-seeds writes them: "0-9", "1,4,9"), `steps` each: its description
// (begun()).
EMSCRIPTEN_KEEPALIVE const char* sw_begin(const char* scene, const char* attributes, const char* vary, const char* values,
                                          const char* seeds, double steps) {
    g_experiment.reset();
    const std::string scene_name = scene[0] ? scene : flocklab::scene_names()[0];  // "": the default scene
    std::unique_ptr<flocklab::Session> base = flocklab::make_session(scene_name);
    if (!base) return no_scene(scene);
    std::vector<std::string> warnings = flocklab::apply_attributes(*base, flocklab::tab_pairs(attributes));
    const std::string name = setting_name(base->scene(), vary);
    std::string why;
    const std::vector<std::string> list = flocklab::Experiment::values_of(values, base->scene(), name, &why);
    if (why.empty()) {
        std::string lines;
        for (const std::string& v : list) lines += v + "\n";
        g_experiment = flocklab::Experiment::from_text(scene_name, base->scene().settings(), name, lines, seeds, static_cast<long long>(steps), &why, values);
        if (g_experiment) g_experiment->set_compare(base->compared());  // data-compare: a what-if lane in every run
    }
    return begun(*base, name, list, why, warnings);
}
// A widget's experiment() (the handle's): `scene` with a widget's settings
// as they are now ("name\tvalue" lines: its fl_settings()), `vary` over
// `values` (one per line, as the handle checked them), each over `seeds`
// ("1,4,9"), `steps` each; answered as sw_begin.
EMSCRIPTEN_KEEPALIVE const char* sw_begin_settings(const char* scene, const char* settings, const char* vary, const char* values,
                                                   const char* seeds, double steps) {
    g_experiment.reset();
    std::unique_ptr<flocklab::Session> base = flocklab::make_session(scene);
    if (!base) return no_scene(scene);
    const flocklab::Experiment::Settings given = flocklab::tab_pairs(settings);
    base->scene().apply_settings(given);
    std::string why;
    g_experiment = flocklab::Experiment::from_text(scene, given, vary, values, seeds, static_cast<long long>(steps), &why);
    return begun(*base, vary, flocklab::split_lines(values), why, {});
}
// Run i of the experiment, whole: its row as JSON ("null" without one).
EMSCRIPTEN_KEEPALIVE const char* sw_run(int i) {
    if (!g_experiment || i < 0 || i >= g_experiment->runs()) return text("null");
    return text(g_experiment->run(i));
}
// Without Workers: the runs in order, for about `ms` at a time; the runs left.
EMSCRIPTEN_KEEPALIVE int sw_work(double ms) {
    if (!g_experiment) return 0;
    g_experiment->work(ms);
    return g_experiment->runs() - g_experiment->finished();
}
// The rows done so far from run `first` on (each slice asks only for its new ones).
EMSCRIPTEN_KEEPALIVE const char* sw_rows(int first) { return text(g_experiment ? g_experiment->json(first) : "[]"); }
// The shape of a result (core/shape.hpp: the one rule): `means` and `errors`
// as numbers between commas (errors may be ""); shape_json().
EMSCRIPTEN_KEEPALIVE const char* sw_shape(const char* means, const char* errors) {
    const auto numbers = [](const char* list) {
        std::vector<double> xs;
        for (const char* p = list; *p;) {
            char* end = nullptr;
            const double x = std::strtod(p, &end);
            if (end == p) break;  // not a number: the list ends there
            xs.push_back(x);
            p = *end == ',' ? end + 1 : end;
        }
        return xs;
    };
    return text(flocklab::shape_json(flocklab::shape_of(numbers(means), numbers(errors))));
}
}
