// [SECTION] describe_json(): every registered scene's world, options,
// gauges, tunables and readers, and the limits, for the page (fl_describe()).
#include <cmath>

#include "format.hpp"
#include "registry.hpp"
#include "scene.hpp"
#include "version.hpp"

namespace flocklab {

namespace {

const char* kind_name(OptionKind k) {
    switch (k) {
        case OptionKind::Choice: return "choice";
        case OptionKind::Flags: return "flags";
        case OptionKind::Toggle: return "toggle";
        case OptionKind::Point: return "point";
        case OptionKind::Count: return "count";
        case OptionKind::Text: return "text";
    }
    return "choice";
}

// What a page's benchmark() takes: the option that sizes the run and the
// one that names its variant (their ranges and values from the option
// table), and the defaults; false for scenes without a benchmark.
std::string bench_json(const Scene& s) {
    if (!s.has_benchmark()) return "false";
    const Scene::BenchDefaults d = s.bench_defaults();
    const OptionSpec* size = s.option(d.size_option);
    const OptionSpec* variant = s.option(d.variant_option);
    if (!size || !variant) return "false";
    std::string v;
    for (const char* x : variant->values) v += std::string(v.empty() ? "" : ", ") + json_string(x);
    return "{\"sizeName\": " + json_string(d.size_option) + ", \"size\": " + std::to_string(d.size) +
           ", \"sizeLo\": " + py_repr(size->lo) + ", \"sizeHi\": " + py_repr(size->hi) +
           ", \"variantName\": " + json_string(d.variant_option) + ", \"variants\": [" + v + "], \"steps\": " +
           std::to_string(d.steps) + ", \"warmup\": " + std::to_string(kFormedWarmup) + ", \"maxWarmup\": " +
           std::to_string(kMaxWarmupSteps) + "}";
}


std::string scene_json(Scene& s) {
    std::string o = "{\"world\": " + json_point(s.world()) +
                    ", \"benchmark\": " + bench_json(s) + ", \"options\": [";
    bool first = true;
    for (const OptionSpec& opt : s.options()) {
        o += std::string(first ? "" : ", ") + "{\"name\": " + json_string(opt.name) +
             ", \"kind\": " + json_string(kind_name(opt.kind)) + ", \"values\": [";
        for (size_t i = 0; i < opt.values.size(); ++i) o += (i ? ", " : "") + json_string(opt.values[i]);
        // English, as every name here: the shim translates with the widget's own table.
        o += "], \"label\": " + json_string(option_heading(opt)) + ", \"lo\": " + py_repr(opt.lo) + ", \"hi\": " + py_repr(opt.hi) +
             ", \"nullable\": " + (opt.nullable ? "true" : "false") + ", \"help\": " + json_string(opt.help) +
             ", \"attribute\": " + json_string(attribute_of(opt)) +
             ", \"setter\": " + (opt.setter ? json_string(opt.setter) : "null") + ", \"value\": " + s.get(opt.name) + "}";
        first = false;
    }
    o += "], \"whatIf\": [";
    for (const Scene::WhatIfPreset& w : s.what_if_presets()) {
        o += std::string(o.back() == '[' ? "" : ", ") + "{\"label\": " + json_string(w.label) + ", \"compare\": " + json_string(w.compare) + "}";
    }
    o += "], \"gauges\": " + gauges_json(s.gauges()) + ", \"tunables\": [";
    first = true;
    for (const Tunable& t : s.tunables()) {
        o += std::string(first ? "" : ", ") + "{\"name\": " + json_string(t.name) + ", \"label\": " + json_string(t.label) +
             ", \"unit\": " + json_string(t.unit) + ", \"group\": " + json_string(t.group) + ", \"default\": " +
             py_repr(*t.value) + ", \"lo\": " + py_repr(t.lo) + ", \"hi\": " + py_repr(t.hi) + "}";
        first = false;
    }
    std::string readers;
    for (const SceneInfo::Reader& r : s.readers()) readers += std::string(readers.empty() ? "" : ", ") + json_string(r.name);
    return o + "], \"explain\": " + (s.has_explain() ? "true" : "false") + ", \"readers\": [" + readers + "]}";
}

}  // namespace

const char* version() { return FLOCKLAB_VERSION; }

std::string describe_json() {
    std::string o = "{\"version\": " + json_string(version()) + ", \"maxSeed\": " + std::to_string(kMaxSeed) + ", \"defaultScene\": " + json_string(scene_entries().at(0)->name) +
                    ", \"defaultSeed\": " + std::to_string(kDefaultSeed) + ", \"stepSeconds\": " + py_repr(kLabDt) +
                    ", \"maxCallMs\": " + py_repr(kMaxCallMs) + ", \"maxWarmupMs\": " + py_repr(kMaxWarmupMs) +
                    ", \"maxWorkPerCall\": " + std::to_string(kMaxWorkPerCall) +
                    ", \"eventKinds\": [\"reset\", \"rule\", \"mode\", \"param\", \"option\"], \"scenes\": {";
    bool first = true;
    for (const SceneEntry* e : scene_entries()) {
        std::unique_ptr<Scene> s = e->make();
        o += std::string(first ? "" : ", ") + json_string(e->name) + ": " + scene_json(*s);
        first = false;
    }
    return o + "}}";
}

std::string gauges_json(const std::vector<Gauge>& gauges) {
    std::string o = "[";
    for (const Gauge& g : gauges) {
        o += std::string(o.size() > 1 ? ", " : "") + "{\"name\": " + json_string(g.name) + ", \"unit\": " + json_string(g.unit) +
             (g.decimals >= 0 ? ", \"decimals\": " + std::to_string(g.decimals) : std::string()) +
             ", \"value\": " + py_repr(std::isfinite(g.value) ? g.value : 0.0) + ", \"ceiling\": " + py_repr(g.ceiling) +
             (g.plausible > 0 ? ", \"plausible\": " + py_repr(g.plausible) : std::string()) +
             (g.same > 0 ? ", \"same\": " + py_repr(g.same) : std::string()) + "}";
    }
    return o + "]";
}

}  // namespace flocklab
