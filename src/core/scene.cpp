#include "scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "crowd_scene.hpp"
#include "flock_scene.hpp"
#include "format.hpp"
#include "params.hpp"
#include "steer_scene.hpp"
#include "words.hpp"

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

BenchResult Scene::benchmark(int size, const std::string& variant, int steps, int warmup) const {
    const std::unique_ptr<BenchRun> run = bench(size, variant, warmup);
    if (!run) return {std::nan(""), std::nan(""), 0, false, 0};
    run->warm(kMaxWarmupMs);
    return run->time(steps, kMaxCallMs);
}

int max_steps_for(long long work_per_step) {
    return static_cast<int>(std::clamp<long long>(kMaxWorkPerCall / std::max(1LL, work_per_step), 1, 1000000));
}

void Scene::reset(std::uint64_t seed) {
    restart(seed);
    // A new run; the one before is kept, with the configuration it began from.
    history_.start_run(seed, "{" + options_json(*this) + ", \"params\": " + params_json() + "}");
    history_.mark(0.0, trf("reset, seed {0}", {std::to_string(seed)}), "reset");
    sample();
    pending_.reset();  // a reset is its own action (the widget says so when a student asks for one)
    ready_.clear();
    paused_hint_at_ = -1;
}

void Scene::action(const std::string& what) {
    if (pending_ && steps() >= pending_->steps) {  // still waiting: one sentence for the burst
        pending_->what = what;
        return;
    }
    pending_ = Pending{what, steps(), gauges()};
}

std::string Scene::respond(bool paused) {
    if (!ready_.empty()) {
        std::string s = std::move(ready_);
        ready_.clear();
        return s;
    }
    if (!pending_) return "";
    if (steps() < pending_->steps) pending_ = Pending{pending_->what, steps(), gauges()};  // a reset came between
    std::string s = capitalised(pending_->what) + ". ";
    if (steps() - pending_->steps >= kRespondSteps) {
        s += change_sentence(pending_->before, gauges(), static_cast<double>(steps() - pending_->steps) * kLabDt);
    } else if (paused) {
        if (paused_hint_at_ != steps()) s += tr("Paused: press Play, or the period key to step, to see what it does.");
        else s.pop_back();  // said once per pause: "Hawk moved near the centre."
        paused_hint_at_ = steps();
    } else {
        return "";
    }
    pending_.reset();
    return s;
}

void Scene::step(int n) {
    while (n > 0) {
        const int to_sample = History::kSampleSteps - static_cast<int>(steps() % History::kSampleSteps);
        const int k = std::min(n, to_sample);
        advance(k);
        n -= k;
        if (steps() % History::kSampleSteps == 0) sample();
    }
}

void Scene::sample() { history_.sample(time(), gauges()); }

namespace {
// weightSeparation -> weight_separation (snake_case passes unchanged).
std::string snake(const std::string& name) {
    std::string o;
    for (char c : name) {
        if (c >= 'A' && c <= 'Z') o += std::string("_") + static_cast<char>(c - 'A' + 'a');
        else o += c;
    }
    return o;
}
}  // namespace

SetResult Scene::set_param(const std::string& name, const std::string& value) { return set_params({{name, value}}); }

SetResult Scene::set_params(const std::vector<std::pair<std::string, std::string>>& values) {
    // 1. Check every name and number; refuse the whole call at the first bad one.
    std::vector<Tunable> all = tunables();
    struct Change {
        int k;             // index in all
        double v;
        std::string text;  // as given, for a warning
    };
    std::vector<Change> changes;
    for (const auto& [name, value] : values) {
        const std::string key = snake(name);
        int found = -1;
        for (size_t k = 0; k < all.size(); ++k) found = key == all[k].name ? static_cast<int>(k) : found;
        if (found < 0) {
            std::vector<const char*> names;
            for (const Tunable& t : all) names.push_back(t.name);
            return {SetResult::Invalid, "a " + std::string(this->name()) + " scene has no parameter '" + shortened(name) +
                                            "' (it has " + join(names) + "); nothing was changed"};
        }
        double v;
        if (!parse_number(value, &v)) return invalid(all[found].name, "expected a finite number; nothing was changed", value);
        changes.push_back({found, v, value});
    }
    // 2. Set them: fields others depend on first, so a dependent limit reads
    // its final value whatever the order of the keys.
    std::string warnings;
    std::vector<std::string> clamped;
    const auto warn = [&](const Tunable& t, const std::string& was, double used) {
        warnings += (warnings.empty() ? "" : "\n") + std::string(t.name) + ": " + shortened(was) + " is outside " + py_repr(t.lo) +
                    " to " + py_repr(t.hi) + (t.unit[0] ? std::string(" ") + t.unit : "") + "; using " + py_repr(used);
        clamped.push_back(t.name);
    };
    for (const bool dependent : {false, true}) {
        all = tunables();  // the limits now
        for (const Change& c : changes) {
            const Tunable& t = all[c.k];
            if (t.dependent != dependent) continue;
            *t.value = std::clamp(c.v, t.lo, t.hi);
            note(std::string(t.name) + " = " + local_number(py_repr(*t.value)), "param");
            if (*t.value != c.v) warn(t, c.text, *t.value);
        }
    }
    // 3. A dependent field not given here may now be past its limit (min_speed above a lowered max_speed).
    for (const Tunable& t : tunables()) {
        if (!t.dependent || *t.value <= t.hi) continue;
        warn(t, py_repr(*t.value), t.hi);
        *t.value = t.hi;
        note(std::string(t.name) + " = " + local_number(py_repr(t.hi)), "param");
    }
    if (!warnings.empty()) return {SetResult::Clamped, warnings, clamped};
    return {};
}

std::string Scene::params_json() {
    std::string o = "{";
    for (const Tunable& t : tunables()) o += std::string(o.size() > 1 ? ", " : "") + json_string(t.name) + ": " + py_repr(*t.value);
    return o + "}";
}

// [SECTION] Options through their accessors

SetResult Scene::set(const std::string& name, const std::string& value) {
    const OptionSpec* o = option(name);
    if (!o) return unknown_option(*this, name);
    switch (o->kind) {
        case OptionKind::Flags: {  // "wander=1", "forces=0"
            const size_t eq = value.find('=');
            const int i = eq == std::string::npos ? -1 : index_of(*o, value.substr(0, eq));
            bool on = false;
            if (i < 0 || !parse_yes_no(value.substr(eq + 1), &on)) {
                return invalid(name, "expected NAME=0|1 with NAME one of " + join(o->values), value);
            }
            o->write(*this, i, on ? 1 : 0);
            return {};
        }
        case OptionKind::Choice: {
            const int i = index_of(*o, value);
            if (i < 0) return invalid_choice(*o, value);
            o->write(*this, 0, i);
            return {};
        }
        case OptionKind::Toggle: {
            bool on = false;
            if (!parse_yes_no(value, &on)) return invalid(name, std::string("expected ") + kYesNoWords, value);
            o->write(*this, 0, on ? 1 : 0);
            return {};
        }
        case OptionKind::Count: {
            if (o->nullable && (value.empty() || value == "null")) {
                o->write(*this, 0, std::nan(""));
                return {};
            }
            const double hi = o->hi_now ? o->hi_now(*this) : o->hi;
            const auto whole = [](double v) { return std::to_string(static_cast<long long>(v)); };
            double n;
            if (!o->clamps) {
                if (!parse_count(value, &n) || n < o->lo || n > hi) {
                    return invalid(name, std::string("expected ") + o->what + " from " + whole(o->lo) + " to " + whole(hi) +
                                             (o->nullable ? ", or none" : ""), value);
                }
                o->write(*this, 0, n);
                return {};
            }
            if (!parse_count(value, &n)) return invalid(name, std::string("expected ") + o->what, value);
            const double k = std::clamp(n, o->lo, hi);
            o->write(*this, 0, k);
            if (k != n || whole(k) != value) {
                return {SetResult::Clamped, name + ": " + shortened(value) + " must be " + o->what + " from " + whole(o->lo) + " to " +
                                                whole(hi) + "; using " + whole(k), {name}};
            }
            return {};
        }
        case OptionKind::Point: {
            if (o->nullable && value.empty()) {
                o->place(*this, std::nullopt);
                return {};
            }
            Vec2 p;
            if (!parse_point(value, &p)) return invalid(name, "expected two finite numbers x,y", value);
            const std::optional<Vec2> used = o->place(*this, p);
            if (used && *used != p) return {SetResult::Clamped, name + ": (" + shortened(value) + ") is outside the world; using " + json_point(*used), {name}};
            return {};
        }
        case OptionKind::Text: return o->put(*this, value);
    }
    return {};
}

std::string Scene::get(const std::string& name) const {
    const OptionSpec* o = option(name);
    if (!o) return "null";
    switch (o->kind) {
        case OptionKind::Flags: {
            std::string out = "{";
            for (size_t k = 0; k < o->values.size(); ++k) {
                out += std::string(k ? ", " : "") + json_string(o->values[k]) + ": " +
                       (o->read(*this, static_cast<int>(k)) != 0 ? "true" : "false");
            }
            return out + "}";
        }
        case OptionKind::Choice: {
            const int i = static_cast<int>(o->read(*this, 0));
            return i >= 0 && i < static_cast<int>(o->values.size()) ? json_string(o->values[i]) : "null";
        }
        case OptionKind::Toggle: return o->read(*this, 0) != 0 ? "true" : "false";
        case OptionKind::Count: {
            const double v = o->read(*this, 0);
            return std::isnan(v) ? "null" : std::to_string(static_cast<long long>(v));
        }
        case OptionKind::Point: {
            const std::optional<Vec2> p = o->where(*this);
            return p ? json_point(*p) : "null";
        }
        case OptionKind::Text: return json_string(o->text(*this));
    }
    return "null";
}

std::vector<std::pair<std::string, std::string>> Scene::settings() {
    std::vector<std::pair<std::string, std::string>> out;
    for (const OptionSpec& o : options()) {
        switch (o.kind) {
            case OptionKind::Flags:
                for (size_t k = 0; k < o.values.size(); ++k) {
                    out.emplace_back(o.name, std::string(o.values[k]) + (o.read(*this, static_cast<int>(k)) != 0 ? "=1" : "=0"));
                }
                break;
            case OptionKind::Choice: {
                const int i = static_cast<int>(o.read(*this, 0));
                if (i >= 0 && i < static_cast<int>(o.values.size())) out.emplace_back(o.name, o.values[i]);
                break;
            }
            case OptionKind::Toggle: out.emplace_back(o.name, o.read(*this, 0) != 0 ? "1" : "0"); break;
            case OptionKind::Count: {
                const double v = o.read(*this, 0);
                out.emplace_back(o.name, std::isnan(v) ? "" : std::to_string(static_cast<long long>(v)));
                break;
            }
            case OptionKind::Point: {
                const std::optional<Vec2> p = o.where(*this);
                out.emplace_back(o.name, p ? py_repr(p->x) + "," + py_repr(p->y) : "");
                break;
            }
            case OptionKind::Text: out.emplace_back(o.name, o.text(*this)); break;
        }
    }
    for (const Tunable& t : tunables()) out.emplace_back(t.name, py_repr(*t.value));
    return out;
}

void Scene::apply_settings(const std::vector<std::pair<std::string, std::string>>& s) {
    std::vector<std::pair<std::string, std::string>> params;
    for (const auto& [name, value] : s) {
        if (option(name)) set(name, value);
        else params.emplace_back(name, value);
    }
    set_params(params);
}

std::string options_json(const Scene& s) {
    std::string o;
    for (const OptionSpec& opt : s.options()) o += std::string(o.empty() ? "" : ", ") + json_string(opt.name) + ": " + s.get(opt.name);
    return o;
}

int Scene::max_steps_per_call() const { return max_steps_for(work_per_step()); }

const OptionSpec* Scene::option(const std::string& name) const {
    for (const OptionSpec& o : options()) {
        if (name == o.name) return &o;
    }
    return nullptr;
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
const Entry kScenes[] = {{"flock", make<FlockScene>}, {"steer", make<SteerScene>}, {"crowd", make<CrowdScene>}};
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
    o += "], \"gauges\": " + gauges_json(s) + ", \"tunables\": [";
    first = true;
    for (const Tunable& t : s.tunables()) {
        o += std::string(first ? "" : ", ") + "{\"name\": " + json_string(t.name) + ", \"label\": " + json_string(t.label) +
             ", \"unit\": " + json_string(t.unit) + ", \"group\": " + json_string(t.group) + ", \"default\": " +
             py_repr(*t.value) + ", \"lo\": " + py_repr(t.lo) + ", \"hi\": " + py_repr(t.hi) + "}";
        first = false;
    }
    std::string readers;
    for (const char* r : s.readers()) readers += std::string(readers.empty() ? "" : ", ") + json_string(r);
    return o + "], \"explain\": " + (s.has_explain() ? "true" : "false") + ", \"readers\": [" + readers + "]}";
}

}  // namespace

const char* option_heading(const OptionSpec& o) {
    static const char* const k[][2] = {
        {"rule", N_("rules")}, {"overlay", N_("overlays")}, {"hawkMode", N_("hawk")}, {"mode", N_("mode")},
        {"follow", N_("follow")}, {"boids", N_("boids")}, {"agents", N_("agents")}, {"selected", N_("selected")},
        {"neighbors", N_("neighbours")}, {"leader", N_("leader")}, {"hawk", N_("hawk")}, {"target", N_("target")},
        {"leaderTarget", N_("leader's target")}, {"goal", N_("goal")}, {"walls", N_("walls")},
    };
    for (const auto& row : k) {
        if (std::strcmp(row[0], o.name) == 0) return row[1];
    }
    return o.name;
}

std::string describe_json() {
    std::string o = "{\"maxSeed\": " + std::to_string(kMaxSeed) + ", \"defaultScene\": " + json_string(kScenes[0].name) +
                    ", \"defaultSeed\": " + std::to_string(kDefaultSeed) + ", \"stepSeconds\": " + py_repr(kLabDt) +
                    ", \"maxCallMs\": " + py_repr(kMaxCallMs) + ", \"maxWarmupMs\": " + py_repr(kMaxWarmupMs) +
                    ", \"maxWorkPerCall\": " + std::to_string(kMaxWorkPerCall) +
                    ", \"eventKinds\": [\"reset\", \"rule\", \"mode\", \"param\", \"option\"], \"scenes\": {";
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
    double x, y;
    if (!parse_number(text.substr(0, comma), &x) || !parse_number(text.substr(comma + 1), &y)) return false;
    *out = {x, y};
    return true;
}

bool parse_count(const std::string& text, double* out) {
    double v;
    if (!parse_number(text, &v)) return false;
    *out = std::round(v);
    return true;
}

std::string gauges_json(Scene& s) {
    std::string o = "[";
    for (const Gauge& g : s.gauges()) {
        o += std::string(o.size() > 1 ? ", " : "") + "{\"name\": " + json_string(g.name) + ", \"unit\": " + json_string(g.unit) +
             (g.decimals >= 0 ? ", \"decimals\": " + std::to_string(g.decimals) : std::string()) +
             ", \"value\": " + py_repr(std::isfinite(g.value) ? g.value : 0.0) + ", \"ceiling\": " + py_repr(g.ceiling) + "}";
    }
    return o + "]";
}

std::string json_strings(const std::vector<std::string>& items) {
    std::string o = "[";
    for (const std::string& x : items) o += (o.size() > 1 ? ", " : "") + json_string(x);
    return o + "]";
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

std::string json_point(Vec2 v) { return "[" + py_repr(v.x) + ", " + py_repr(v.y) + "]"; }

std::string json_motion(Vec2 pos, Vec2 vel) {
    return "[" + py_repr(pos.x) + ", " + py_repr(pos.y) + ", " + py_repr(vel.x) + ", " + py_repr(vel.y) + "]";
}

bool parse_yes_no(const std::string& text, bool* on) {
    std::string t;
    for (char c : text) t += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (const char* w : {"", "true", "1", "yes", "on"}) {
        if (t == w) return *on = true, true;
    }
    for (const char* w : {"false", "0", "no", "off"}) {
        if (t == w) return *on = false, true;
    }
    return false;
}

int index_of(const OptionSpec& o, const std::string& value) {
    for (size_t i = 0; i < o.values.size(); ++i) {
        if (value == o.values[i]) return static_cast<int>(i);
    }
    return -1;
}

std::string join(const std::vector<const char*>& words) {
    std::string s;
    for (const char* w : words) s += std::string(s.empty() ? "" : ", ") + w;
    return s;
}

std::string shortened(const std::string& value) {
    return value.size() > 80 ? value.substr(0, 77) + "..." : value;
}

SetResult invalid(const std::string& option, const std::string& why, const std::string& value) {
    return {SetResult::Invalid, option + ": " + why + ", got '" + shortened(value) + "'"};
}

SetResult invalid_choice(const OptionSpec& o, const std::string& value) {
    return invalid(o.name, "expected one of " + join(o.values), value);
}

SetResult unknown_option(const Scene& s, const std::string& option) {
    std::vector<const char*> names;
    for (const OptionSpec& o : s.options()) names.push_back(o.name);
    return {SetResult::Invalid, "a " + std::string(s.name()) + " scene has no option '" + option + "' (it has " +
                                    join(names) + ")"};
}

// [SECTION] The page's attributes

std::vector<std::string> apply_attributes(Scene& s,
                                          const std::vector<std::pair<std::string, std::string>>& attributes) {
    std::vector<std::string> warnings;
    // data-leaderTarget as the author writes it: data-leader-target.
    const auto html = [](const std::string& key) {
        std::string out = "data-";
        for (char c : key) out += (c >= 'A' && c <= 'Z') ? std::string("-") + static_cast<char>(c - 'A' + 'a') : std::string(1, c);
        return out;
    };
    for (const OptionSpec& o : s.options()) {
        const std::string attr = attribute_of(o);
        if (attr.empty()) continue;
        for (const auto& [key, raw] : attributes) {
            if (o.kind == OptionKind::Flags && (key == attr + "s" || key == attr)) {
                // data-rules="separation,wander" (commas or spaces): those on, the others off
                std::vector<std::string> words;
                for (size_t at = 0; at <= raw.size();) {
                    const size_t end = std::min(raw.find_first_of(", ", at), raw.size());
                    if (end > at) words.push_back(raw.substr(at, end - at));
                    at = end + 1;
                }
                for (const char* flag : o.values) {
                    const bool on = std::find(words.begin(), words.end(), flag) != words.end();
                    s.set(o.name, std::string(flag) + (on ? "=1" : "=0"));
                }
                for (const std::string& word : words) {
                    if (index_of(o, word) < 0) {
                        warnings.push_back(html(key) + "=\"" + shortened(raw) + "\": '" + shortened(word) + "' is not one of " + join(o.values));
                    }
                }
            } else if (key == attr && o.kind != OptionKind::Flags) {
                const SetResult r = s.set(o.name, raw);
                if (r.status != SetResult::Ok) {
                    warnings.push_back(html(key) + "=\"" + shortened(raw) + "\": " + r.message +
                                       (r.status == SetResult::Invalid ? "; using " + s.get(o.name) : ""));
                }
            }
        }
    }
    // Every tunable: data-weight-separation="0" (dataset key weightSeparation).
    for (const auto& [key, raw] : attributes) {
        const std::string name = snake(key);
        bool tunable = false;
        for (const Tunable& t : s.tunables()) tunable = tunable || name == t.name;
        if (!tunable) continue;
        const SetResult r = s.set_param(name, raw);
        if (r.status != SetResult::Ok) {
            warnings.push_back(html(key) + "=\"" + shortened(raw) + "\": " + r.message +
                               (r.status == SetResult::Invalid ? "; using the lesson's value" : ""));
        }
    }
    return warnings;
}

}  // namespace flocklab
