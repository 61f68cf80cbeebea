// [SECTION] Options by name, through each option row's accessors: set, get,
// the settings snapshot and the options as JSON.
#include <algorithm>
#include <cmath>

#include "format.hpp"
#include "scene.hpp"

namespace flocklab {

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
            if (!parse_yes_no(value, &on)) return invalid(name, "expected " + yes_no_words(), value);
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

std::string Scene::read(const std::string& name) const {
    for (const SceneInfo::Reader& r : readers()) {
        if (name == r.name) return r.read(*this);
    }
    return "null";
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
}  // namespace flocklab
