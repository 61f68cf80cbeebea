// The what-if lane, a session's for every scene: a second copy of its scene
// with a few settings changed, started from a copy of the first lane's
// state and stepped beside it (../shared/what-if/README.md). A scene takes
// part by its settings() (what the lanes share), state_io() (the lane's
// start) and positions() (apart); nothing here names a scene.
#include <algorithm>
#include <cstring>
#include <cmath>
#include <set>

#include "what_if.hpp"
#include "format.hpp"
#include "names.hpp"
#include "registry.hpp"
#include "session.hpp"
#include "words.hpp"

namespace flocklab {

namespace {
using Pairs = std::vector<std::pair<std::string, std::string>>;

// The name a scene spells a setting by: an option's, or a tunable's
// snake_case; "" when it has no such setting.
std::string canonical(Scene& s, const std::string& name) {
    if (s.option(name)) return name;
    const std::string camel = camel_case(name);
    if (s.option(camel)) return camel;
    const std::string snake = snake_case(camel);
    for (const Tunable& t : s.tunables()) {
        if (snake == t.name) return snake;
    }
    return "";
}

bool named(const Pairs& changes, const std::string& name) {
    return std::any_of(changes.begin(), changes.end(), [&](const auto& c) { return c.first == name; });
}

// The distance between two points of a world whose edges wrap, the shorter
// way round (what_if.py's wrapped_distance, in its order of operations).
double wrapped_distance(Vec2 a, Vec2 b, Vec2 world) {
    double dx = std::fabs(a.x - b.x), dy = std::fabs(a.y - b.y);
    dx = std::min(dx, world.x - dx);
    dy = std::min(dy, world.y - dy);
    return Vec2{dx, dy}.length();
}
}  // namespace

SetResult Session::compare(const Pairs& changes) {
    if (changes.empty()) {
        lane_.reset();
        changes_.clear();
        return {};
    }
    Scene& me = *scene_;
    std::unique_ptr<Scene> lane = make_scene(me.name());
    if (!lane) return {SetResult::Invalid, std::string("compare: a ") + me.name() + " scene cannot be copied (it is not registered)"};
    lane->apply_settings(me.settings());
    // 1. The changes, checked and applied to the new lane only (the lane in
    // place, if any, stays as it is until all of them hold).
    Pairs canon, params;
    SetResult out;
    const auto clamp_said = [&](const SetResult& r) {
        if (r.status != SetResult::Clamped) return;
        out.status = SetResult::Clamped;
        out.message += (out.message.empty() ? "" : "\n") + r.message;
        out.clamped.insert(out.clamped.end(), r.clamped.begin(), r.clamped.end());
    };
    for (const auto& [given, value] : changes) {
        const std::string n = canonical(*lane, given);
        if (n.empty()) {
            std::vector<const char*> names;
            for (const OptionSpec& o : lane->options()) names.push_back(o.name);
            for (const Tunable& t : lane->tunables()) names.push_back(t.name);
            return {SetResult::Invalid, "compare: a " + std::string(me.name()) + " scene has no setting '" + shortened(given) + "' (it has " +
                                            join(names) + "); nothing was changed"};
        }
        if (lane->option(n)) {
            const SetResult r = lane->set(n, value);
            if (r.status == SetResult::Invalid) return {SetResult::Invalid, "compare: " + r.message + "; nothing was changed"};
            clamp_said(r);
        } else {
            params.emplace_back(n, value);
        }
        canon.emplace_back(n, value);
    }
    const SetResult r = lane->set_params(params);
    if (r.status == SetResult::Invalid) return {SetResult::Invalid, "compare: " + r.message};
    clamp_said(r);
    // 2. The lane's start is a copy of this one's state: a change that makes
    // a start of its own (a flock's size) would be undone by it, so it is refused.
    const Pairs wanted = lane->settings();
    lane->take_state(me);
    const Pairs got = lane->settings();
    for (size_t k = 0; k < wanted.size() && k < got.size(); ++k) {
        if (named(canon, wanted[k].first) && wanted[k].second != got[k].second) {
            return {SetResult::Invalid, "compare: " + wanted[k].first + ": the what-if lane starts from a copy of this one's start, so it cannot change " +
                                            wanted[k].first + "; nothing was changed"};
        }
    }
    // What the lane runs, not what was asked: a clamped change is kept (and
    // read by compared(), config() and link()) as the value it got.
    for (auto& [n, v] : canon) {
        if (std::find(out.clamped.begin(), out.clamped.end(), n) == out.clamped.end()) continue;
        for (const auto& [sn, sv] : got) {
            if (sn == n) v = sv;
        }
    }
    lane_ = std::move(lane);
    changes_ = canon;
    return out;
}

void Session::sync_lane() {
    const Pairs mine = scene_->settings(), theirs = lane_->settings();
    Pairs params;
    for (size_t k = 0; k < mine.size(); ++k) {
        const auto& [n, v] = mine[k];
        if (named(changes_, n) || (k < theirs.size() && theirs[k].second == v)) continue;
        if (scene_->option(n)) lane_->set(n, v);
        else params.emplace_back(n, v);
    }
    if (!params.empty()) lane_->set_params(params);
}

SetResult Session::toggle_what_if() {
    if (lane_) {
        remembered_ = changes_;
        return compare({});
    }
    if (!remembered_.empty()) return compare(remembered_);
    Pairs first;
    std::string why;
    const std::vector<WhatIfPreset> presets = scene_->what_if_presets();
    if (presets.empty() || !parse_compare(presets[0].compare, &first, &why)) return {SetResult::Invalid, "a " + std::string(scene_->name()) + " scene has no what-if lane of its own"};
    return compare(first);
}

std::string Session::compared_words() {
    std::string o;
    for (const auto& [name, value] : changes_) {
        std::string words = name + " " + value;
        if (const OptionSpec* opt = scene_->option(name)) {
            words = std::string(tr(option_heading(*opt))) + " " + tr(value.c_str());
        } else {
            for (const Tunable& t : lane_->tunables()) {
                double v;
                if (name == t.name && parse_number(value, &v)) words = std::string(tr(t.label)) + " " + with_unit(local_number(py_repr(*t.value)), t.unit);
            }
        }
        o += (o.empty() ? "" : ", ") + words;
    }
    return o;
}

std::string Session::solid_words() const {
    std::string o;
    for (const OptionSpec& opt : scene_->options()) {
        if (!opt.slip || !opt.read || named(changes_, opt.name)) continue;  // the lane's own: not both lanes'

        const auto k = static_cast<size_t>(opt.read(*scene_, 0));
        if (k == 0 || k >= opt.values.size()) continue;
        o += (o.empty() ? "" : ", ") + std::string(tr(option_heading(opt))) + " " + tr(opt.values[k]);
    }
    return o;
}

std::string gauge_words(const Gauge& g) {
    const int d = g.decimals >= 0 ? g.decimals : g.unit[0] ? 1 : 2;
    return with_unit(local_number(fixed(g.value, d)), g.unit);
}

std::string gauge_label(const Gauge& g) {
    std::string s = tr(g.name);  // a name without a translation: its words, not its underscores
    std::replace(s.begin(), s.end(), '_', ' ');
    return s;
}

std::string Session::summary() {
    std::string s = scene_->describe();
    if (!lane_) return s;
    // Which lane runs what, whatever the switches: "the lab's" only when it is.
    const std::string solid = solid_words();
    if (!solid.empty()) s += " " + trf("Both lanes: {0}.", {solid});
    s += " " + trf("What if {0}: {1}", {compared_words(), lane_->describe()});
    // What the lane does differently, in the gauges' own numbers.
    const std::vector<Gauge> mine = scene_->gauges(), theirs = lane_->gauges();
    std::string diff;
    for (size_t k = 0; k < mine.size() && k < theirs.size(); ++k) {
        if (gauge_words(mine[k]) == gauge_words(theirs[k])) continue;
        diff += (diff.empty() ? "" : ", ") + trf(solid.empty() ? "{0} {1} against the lab's {2}" : "{0} {1} against the solid lane's {2}",
                                                 {gauge_label(mine[k]), gauge_words(theirs[k]), gauge_words(mine[k])});
    }
    if (!diff.empty()) s += " " + trf("The what-if lane: {0}.", {diff});
    const std::string far = local_number(fixed(apart(), 1));
    return s + " " + trf("The two lanes are {0} px apart.", {far});
}

std::vector<Gauge> Session::measured() {
    std::vector<Gauge> out = scene_->gauges();
    if (!lane_) return out;
    static std::set<std::string> names;  // the gauges' names live as long as the program
    for (Gauge g : lane_->gauges()) {
        g.name = names.insert(std::string("what_if_") + g.name).first->c_str();
        out.push_back(g);
    }
    out.push_back({"apart", "px", apart()});
    return out;
}

bool parse_compare(const std::string& text, Pairs* out, std::string* why) {
    out->clear();
    const auto trim = [](std::string t) {
        const size_t a = t.find_first_not_of(" \t\n"), b = t.find_last_not_of(" \t\n");
        return a == std::string::npos ? std::string() : t.substr(a, b - a + 1);
    };
    if (trim(text).empty() || trim(text) == "none") return true;
    for (size_t at = 0; at <= text.size();) {
        const size_t end = std::min(text.find(';', at), text.size());
        const std::string item = trim(text.substr(at, end - at));
        at = end + 1;
        if (item.empty()) continue;
        const size_t eq = item.find('=');
        if (eq == std::string::npos || trim(item.substr(0, eq)).empty()) {
            *why = "expected NAME=VALUE pairs between semicolons (max-force=0.2; update=as-you-go), got '" + shortened(item) + "'";
            return false;
        }
        out->emplace_back(trim(item.substr(0, eq)), trim(item.substr(eq + 1)));
    }
    return true;
}

std::string compare_text(const Pairs& pairs) {
    std::string o;
    for (const auto& [name, value] : pairs) o += (o.empty() ? "" : "; ") + name + "=" + value;
    return o;
}

double Session::apart() const {
    if (!lane_) return 0.0;
    const std::vector<Vec2> a = scene_->positions(), b = lane_->positions();
    const Vec2 w = scene_->world();
    double most = 0.0;
    for (size_t k = 0; k < a.size() && k < b.size(); ++k) {
        const double d = wrapped_distance(a[k], b[k], w);
        if (k == 0 || d > most) most = d;  // the first of equals, as Python's max
    }
    return most;
}

}  // namespace flocklab
