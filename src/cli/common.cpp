#include "common.hpp"

#include <cmath>
#include <cstdio>
#include <set>
#include <unordered_map>
#include <string>

#include "core/experiment.hpp"
#include "core/format.hpp"
#include "core/registry.hpp"

namespace flocklab::cli {



// --seconds S or --steps N (never both); seconds become whole 1/60 s steps.
long long steps_option(const Args& a, double default_seconds) {
    if (a.has("seconds") && a.has("steps")) throw UsageError("give --seconds or --steps, not both");
    if (a.has("steps")) return a.integer("steps", 0, 0, 10000000);
    const double s = a.number("seconds", default_seconds, 0.0, 10000000.0 / 60.0);
    return std::llround(s * 60.0);
}

// Work a command may do: what it is estimated to take on this machine
// (core/work.hpp says from which figures); more than kMaxSeconds is refused
// with one line that gives the estimate and says how to ask for less.
void check_work(const char* command, const char* noun, double boids, double steps, double runs, bool brute, double dense) {
    const std::string why = work_refusal(command, noun, boids, steps, runs, brute, dense);
    if (!why.empty()) throw UsageError(why);
}
// The same for a scene as configured: its own estimate of a step (brute force, the grid's cells).
void check_work(const char* command, const Scene& s, double steps, double runs) {
    const std::string why = step_refusal(command, s.agent_noun(), static_cast<double>(s.work_per_step()), s.step_estimate(), steps, runs);
    if (!why.empty()) throw UsageError(why);
}

// "120,225": the form the option was given in, as the golden files record it.
std::string vec_arg(Vec2 v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g,%.17g", v.x, v.y);
    return buf;
}

// [SECTION] --set NAME=VALUE (repeatable): any tunable of the scene's field
// table, by the names, with the ranges and messages of the page's setParams():
// all or nothing; out of range is clamped with a warning on stderr.
Pairs name_values(const Args& a, const char* flag) {
    Pairs pairs;
    for (const std::string& kv : a.all(flag)) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos || eq == 0) throw UsageError(std::string("--") + flag + ": expected NAME=VALUE, got '" + shortened(kv) + "'");
        pairs.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
    }
    return pairs;
}

namespace {
// Each warning once, however many runs apply the same setting.
void warn_clamped(const char* flag, const SetResult& r) {
    if (r.status != SetResult::Clamped) return;
    static std::set<std::string> said;
    for (const std::string& line : split(r.message, '\n')) {
        if (said.insert(std::string(flag) + line).second) std::fprintf(stderr, "flocklab: warning: --%s %s\n", flag, line.c_str());
    }
}
}  // namespace

void apply_sets(const Args& a, Scene& s) {
    Pairs params;
    for (const auto& [name, value] : name_values(a, "set")) {
        if (!s.option(name)) {
            params.emplace_back(name, value);
            continue;
        }
        const SetResult r = s.set(name, value);  // a switch (flee, update, order)
        if (r.status == SetResult::Invalid) throw UsageError("--set: " + r.message);
        warn_clamped("set", r);
    }
    if (params.empty()) return;
    const SetResult r = s.set_params(params);
    if (r.status == SetResult::Invalid) throw UsageError("--set: " + r.message);
    warn_clamped("set", r);
}

void apply_compare(const Pairs& compare, Session& s) {
    if (compare.empty()) return;
    const SetResult r = s.compare(compare);
    if (r.status == SetResult::Invalid) throw UsageError("--" + r.message);
    warn_clamped("compare", r);
}

std::string settings_json(const Pairs& pairs, Scene& s) {
    Pairs dict;
    for (const auto& [name, value] : pairs) {
        const auto at = std::find_if(dict.begin(), dict.end(), [&](const auto& d) { return d.first == name; });
        double v;
        const std::string text = s.option(name) ? json_string(value) : parse_number(value, &v) ? py_repr(v) : json_string(value);
        if (at != dict.end()) at->second = text;
        else dict.emplace_back(name, text);
    }
    std::string o;
    for (const auto& [name, text] : dict) o += (o.empty() ? "" : ", ") + json_string(name) + ": " + text;
    return "{" + o + "}";
}

std::string what_if_json(const std::string& head, const Pairs& set, const Pairs& compare, Session& s, std::string (*report)(Scene& lane)) {
    Pairs both = set;
    both.insert(both.end(), compare.begin(), compare.end());
    std::string o = "{" + head + ", \"settings\": " + settings_json(set, s.scene()) + ", " + report(s.scene());
    if (Scene* lane = s.what_if()) {
        o += ", \"what_if\": {\"settings\": " + settings_json(both, s.scene()) + ", " + report(*lane) + "}, \"apart\": " + py_repr(s.apart());
    }
    return o + "}";
}
// The tunables that differ from the lesson's, as JSON members.
std::string changed_params(Scene& s) {
    std::string o;
    for (const Scene::ParamChange& c : s.changed_from_lesson()) o += (o.empty() ? "" : ", ") + json_string(c.name) + ": " + py_repr(c.now);
    return o;
}

// Per value: each gauge's mean, min and max over the runs (sweep, summarize).
void print_summary(const std::string& name, const std::vector<std::string>& values, const std::vector<std::string>& gauges,
                   const std::vector<std::string>& units, const std::vector<SweepRow>& rows) {
    std::unordered_map<std::string, std::vector<const SweepRow*>> by_value;  // one pass over the rows
    for (const SweepRow& r : rows) by_value[r.value].push_back(&r);
    for (const std::string& value : values) {
        std::string line = name + "=" + value + ":";
        bool any = false;
        const std::vector<const SweepRow*>& mine = by_value[value];
        for (size_t g = 0; g < gauges.size(); ++g) {
            std::vector<double> xs;
            xs.reserve(mine.size());
            for (const SweepRow* r : mine) xs.push_back(r->gauges[g]);
            const Summary s = summarize(xs);
            if (!s.n) continue;
            any = true;
            char buf[200];
            std::snprintf(buf, sizeof buf, " %s mean %.4g (%.4g to %.4g)%s%s", gauges[g].c_str(), s.mean, s.min, s.max,
                          units[g].empty() ? "" : " ", units[g].c_str());
            line += buf;
        }
        if (any) std::printf("%s\n", line.c_str());
    }
}

// Any scene's configuration from the command line, as a widget's: --option
// NAME=VALUE (any option), the scene's own flags (its CliScene), then --set.
void apply_options(const Args& a, Scene& s) { apply_options(name_values(a, "option"), s); }

void apply_options(const Pairs& options, Scene& s) {
    for (const auto& [name, value] : options) {
        const SetResult r = s.set(name, value);
        if (r.status == SetResult::Invalid) throw UsageError("--option: " + r.message);
        warn_clamped("option", r);  // said, as --set says it (issue 42 #10)
    }
}

void configure(const Args& a, Scene& s) {
    const std::string scene = s.name();
    apply_options(a, s);
    for (const char* other : scene_names()) {  // another scene's own flags: say whose
        const CliScene* c = scene == other ? nullptr : cli_scene(other);
        for (const char* flag : c ? c->sweep_flags : std::vector<const char*>{}) {
            if (a.has(flag)) throw UsageError(std::string("--") + flag + " is for --scene " + other);
        }
    }
    if (const CliScene* c = cli_scene(scene); c && c->sweep) c->sweep(a, s);
    apply_sets(a, s);
}

namespace {
std::vector<CliScene>& cli_scenes() {
    static std::vector<CliScene> c;
    return c;
}
}  // namespace

bool register_cli_scene(CliScene c) {
    cli_scenes().push_back(std::move(c));
    return true;
}

const CliScene* cli_scene(const std::string& scene) {
    for (const CliScene& c : cli_scenes()) {
        if (scene == c.scene) return &c;
    }
    return nullptr;
}

void refuse_other_scenes_flags(const Args& a, const std::string& scene) {
    for (const char* other : scene_names()) {
        const CliScene* c = scene == other ? nullptr : cli_scene(other);
        if (!c) continue;
        for (const char* flag : c->flags) {
            if (a.has(flag)) throw UsageError(std::string("--") + flag + " is for --scene " + other);
        }
    }
}

std::string scene_option(const Args& a) {
    const std::string scene = a.has("scene") ? a.raw("scene") : std::string(scene_names().front());
    if (!make_scene(scene)) throw UsageError("--scene: expected one of " + join(scene_names()) + ", got '" + shortened(scene) + "'");
    return scene;
}

}  // namespace flocklab::cli
