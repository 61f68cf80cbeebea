// The experiments' worker module: the core alone (no SDL, no ImGui), compiled
// to a small WebAssembly module (flocklab-sweep.{js,wasm}) that only a page
// with a [data-experiment] loads, in Web Workers (web/src/sweep-worker.js), so
// a sweep runs off the main thread and on each core. Each worker makes the
// same Experiment and runs its share of the run indices; a run's row is the
// same bits wherever it runs (Experiment::run).
#include <emscripten/emscripten.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/experiment.hpp"
#include "core/format.hpp"

namespace {
std::unique_ptr<flocklab::Experiment> g_experiment;
std::string g_text;  // the last string returned to JS (valid until the next call)
const char* text(std::string s) {
    g_text = std::move(s);
    return g_text.c_str();
}
}  // namespace

extern "C" {
// An experiment on `scene` configured by an element's data-* attributes
// ("key\tvalue" lines, as a widget applies them): {"why": "" or the reason it
// cannot run, "warnings": [...], "runs": n, "gauges": [{"name", "unit"}...]}.
EMSCRIPTEN_KEEPALIVE const char* sw_begin(const char* scene, const char* attributes, const char* vary, const char* values,
                                          const char* seeds, double steps) {
    g_experiment.reset();
    std::unique_ptr<flocklab::Scene> base = flocklab::make_scene(scene);
    if (!base) return text("{\"why\": " + flocklab::json_string(std::string("no scene ") + scene) + ", \"warnings\": [], \"runs\": 0, \"gauges\": []}");
    std::string warnings;
    for (const std::string& w : flocklab::apply_attributes(*base, flocklab::tab_pairs(attributes))) {
        warnings += (warnings.empty() ? "" : ", ") + flocklab::json_string(w);
    }
    std::string why;
    g_experiment = flocklab::Experiment::from_text(scene, base->settings(), vary, values, seeds, static_cast<long long>(steps), &why);
    std::string gauges;
    for (const flocklab::Gauge& g : base->gauges()) {
        gauges += (gauges.empty() ? "" : ", ") + std::string("{\"name\": ") + flocklab::json_string(g.name) +
                  ", \"unit\": " + flocklab::json_string(g.unit) + "}";
    }
    return text("{\"why\": " + flocklab::json_string(why) + ", \"warnings\": [" + warnings + "], \"runs\": " +
                std::to_string(g_experiment ? g_experiment->runs() : 0) + ", \"gauges\": [" + gauges + "]}");
}
// Run i of the experiment, whole: its row as JSON ("null" without one).
EMSCRIPTEN_KEEPALIVE const char* sw_run(int i) {
    if (!g_experiment || i < 0 || i >= g_experiment->runs()) return text("null");
    return text(g_experiment->run(i));
}
}
