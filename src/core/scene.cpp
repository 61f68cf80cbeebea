#include "scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "flock_scene.hpp"
#include "params.hpp"
#include "steer_scene.hpp"

namespace flocklab {

int FixedStep::advance(double frame_seconds) {
    if (!(frame_seconds > 0.0)) return 0;  // negative, zero or NaN: no time passed
    accumulator += frame_seconds;
    int n = 0;
    while (accumulator >= step && n < max_steps_per_frame) {
        accumulator -= step;
        ++n;
    }
    if (accumulator >= step) accumulator = std::fmod(accumulator, step);  // drop the backlog
    return n;
}

double Scene::benchmark(int, const std::string&, int) const { return std::nan(""); }

int Scene::max_steps_per_call() const {
    return static_cast<int>(std::clamp<long long>(kMaxWorkPerCall / std::max(1LL, work_per_step()), 1, 1000000));
}

// [SECTION] Registry

namespace {
struct Entry {
    const char* name;
    std::unique_ptr<Scene> (*make)();
};
template <class S>
std::unique_ptr<Scene> make() { return std::make_unique<S>(); }
// The one list of scenes.
const Entry kScenes[] = {{"flock", make<FlockScene>}, {"steer", make<SteerScene>}};
}  // namespace

std::unique_ptr<Scene> make_scene(const std::string& name) {
    for (const Entry& e : kScenes) {
        if (name == e.name) return e.make();
    }
    return nullptr;
}

const std::vector<const char*>& scene_names() {
    static const std::vector<const char*> names = [] {
        std::vector<const char*> v;
        for (const Entry& e : kScenes) v.push_back(e.name);
        return v;
    }();
    return names;
}

namespace {

const char* kind_name(OptionKind k) {
    switch (k) {
        case OptionKind::Choice: return "choice";
        case OptionKind::Flags: return "flags";
        case OptionKind::Toggle: return "toggle";
        case OptionKind::Point: return "point";
        case OptionKind::Count: return "count";
    }
    return "choice";
}

std::string scene_json(Scene& s) {
    std::string o = "{\"world\": " + json_point(s.world()) + ", \"inputHelp\": " + json_string(s.input_help()) +
                    ", \"maxStepsPerCall\": " + std::to_string(s.max_steps_per_call()) +
                    ", \"benchmark\": " + (s.has_benchmark() ? "true" : "false") + ", \"options\": [";
    bool first = true;
    for (const OptionSpec& opt : s.options()) {
        o += std::string(first ? "" : ", ") + "{\"name\": " + json_string(opt.name) +
             ", \"kind\": " + json_string(kind_name(opt.kind)) + ", \"values\": [";
        for (size_t i = 0; i < opt.values.size(); ++i) o += (i ? ", " : "") + json_string(opt.values[i]);
        o += "], \"lo\": " + json_number(opt.lo) + ", \"hi\": " + json_number(opt.hi) +
             ", \"nullable\": " + (opt.nullable ? "true" : "false") + ", \"help\": " + json_string(opt.help) +
             ", \"attribute\": " + json_string(attribute_of(opt)) + ", \"value\": " + s.get(opt.name) + "}";
        first = false;
    }
    o += "], \"gauges\": [";
    first = true;
    for (const Gauge& g : s.gauges()) {
        o += std::string(first ? "" : ", ") + "{\"name\": " + json_string(g.name) + ", \"unit\": " + json_string(g.unit) + "}";
        first = false;
    }
    o += "], \"tunables\": [";
    first = true;
    for (const Tunable& t : s.tunables()) {
        o += std::string(first ? "" : ", ") + "{\"name\": " + json_string(t.name) + ", \"unit\": " +
             json_string(t.unit) + ", \"group\": " + json_string(t.group) + ", \"default\": " +
             json_number(*t.value) + ", \"lo\": " + json_number(t.lo) + ", \"hi\": " + json_number(t.hi) + "}";
        first = false;
    }
    return o + "]}";
}

}  // namespace

std::string describe_json() {
    std::string o = "{\"stepSeconds\": " + json_number(kLabDt) + ", \"maxWorkPerCall\": " +
                    std::to_string(kMaxWorkPerCall) + ", \"maxSeed\": 9007199254740991, \"scenes\": {";
    bool first = true;
    for (const Entry& e : kScenes) {
        std::unique_ptr<Scene> s = e.make();
        o += std::string(first ? "" : ", ") + json_string(e.name) + ": " + scene_json(*s);
        first = false;
    }
    return o + "}}";
}

// [SECTION] Helpers

std::string attribute_of(const OptionSpec& o) { return o.attribute ? o.attribute : o.name; }

bool parse_point(const std::string& text, Vec2* out) {
    const size_t comma = text.find(',');
    if (comma == std::string::npos) return false;
    const std::string a = text.substr(0, comma), b = text.substr(comma + 1);
    char* end = nullptr;
    const double x = std::strtod(a.c_str(), &end);
    if (a.empty() || *end != '\0' || !std::isfinite(x)) return false;
    const double y = std::strtod(b.c_str(), &end);
    if (b.empty() || *end != '\0' || !std::isfinite(y)) return false;
    *out = {x, y};
    return true;
}

bool parse_count(const std::string& text, double* out) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(v)) return false;
    *out = std::round(v);
    return true;
}

std::string json_string(const std::string& s) {
    std::string o = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') o += '\\';
        if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            o += buf;
            continue;
        }
        o += c;
    }
    return o + "\"";
}

std::string json_number(double v) {
    if (!std::isfinite(v)) return "null";
    char buf[32];
    for (int digits = 15; digits <= 17; ++digits) {  // the shortest of these that reads back
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    return buf;
}

std::string json_point(Vec2 v) { return "[" + json_number(v.x) + ", " + json_number(v.y) + "]"; }

SetResult unknown_option(const Scene& s, const std::string& option) {
    std::string names;
    for (const OptionSpec& o : s.options()) names += std::string(names.empty() ? "" : ", ") + o.name;
    return {SetResult::Invalid, "a " + std::string(s.name()) + " scene has no option '" + option +
                                    "' (it has " + names + ")"};
}

}  // namespace flocklab
