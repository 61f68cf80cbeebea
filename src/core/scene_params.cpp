// [SECTION] Parameters by name: the tunables of the scene's params' field table.
#include <algorithm>

#include "format.hpp"
#include "names.hpp"
#include "scene.hpp"
#include "lang.hpp"
#include "words.hpp"

namespace flocklab {

namespace {
// A tunable set: marked in the history as the CLI names it ("max_force =
// 200.0"), and said as a student reads it ("max force set to 200 px/s²",
// degrees as "°").
void note_param(Scene& s, const Tunable& t, double v) {
    std::string shown = py_repr(v);  // said as written by hand: "200", not "200.0"
    if (shown.size() > 2 && shown.compare(shown.size() - 2, 2, ".0") == 0) shown.resize(shown.size() - 2);
    s.note(std::string(t.name) + " = " + local_number(py_repr(v)), "param", trf("{0} set to {1}", {tr(t.label), with_unit(local_number(shown), t.unit)}));
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
        const std::string key = snake_case(name);
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
            note_param(*this, t, *t.value);
            if (*t.value != c.v) warn(t, c.text, *t.value);
        }
    }
    // 3. A dependent field not given here may now be past its limit (min_speed above a lowered max_speed).
    for (const Tunable& t : tunables()) {
        if (!t.dependent || *t.value <= t.hi) continue;
        warn(t, py_repr(*t.value), t.hi);
        *t.value = t.hi;
        note_param(*this, t, t.hi);
    }
    if (!warnings.empty()) return {SetResult::Clamped, warnings, clamped};
    return {};
}

std::vector<Scene::ParamChange> Scene::changed_from_lesson() {
    const std::unique_ptr<Scene> fresh = make_scene(name());  // alive while its tunables point into it
    if (!fresh) return {};
    const std::vector<Tunable> now = tunables(), lesson = fresh->tunables();
    std::vector<ParamChange> out;
    for (size_t k = 0; k < now.size() && k < lesson.size(); ++k) {
        if (*now[k].value != *lesson[k].value) out.push_back({now[k].name, *now[k].value, *lesson[k].value});
    }
    return out;
}

void Scene::defaults() {
    std::vector<std::pair<std::string, std::string>> back;
    for (const ParamChange& c : changed_from_lesson()) back.emplace_back(c.name, py_repr(c.lesson));
    set_params(back);  // the lesson's values are within their ranges: nothing is clamped
}

std::string Scene::params_json() {
    std::string o = "{";
    for (const Tunable& t : tunables()) o += std::string(o.size() > 1 ? ", " : "") + json_string(t.name) + ": " + py_repr(*t.value);
    return o + "}";
}
}  // namespace flocklab
