// [SECTION] The page's data-* attributes, applied through the scene's options (and data-compare, the session's lane).
#include <algorithm>

#include "what_if.hpp"
#include "names.hpp"
#include "session.hpp"
#include "scene.hpp"

namespace flocklab {

std::vector<std::string> apply_attributes(Session& session,
                                          const std::vector<std::pair<std::string, std::string>>& attributes) {
    Scene& s = session.scene();
    std::vector<std::string> warnings;
    // data-leaderTarget as the author writes it: data-leader-target.
    const auto html = [](const std::string& key) { return "data-" + kebab_case(key); };
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
        const std::string name = snake_case(key);
        bool tunable = false;
        for (const Tunable& t : s.tunables()) tunable = tunable || name == t.name;
        if (!tunable) continue;
        const SetResult r = s.set_param(name, raw);
        if (r.status != SetResult::Ok) {
            warnings.push_back(html(key) + "=\"" + shortened(raw) + "\": " + r.message +
                               (r.status == SetResult::Invalid ? "; using the lesson's value" : ""));
        }
    }
    // data-compare="max-force=0.2": the what-if lane, last, from the settings above.
    for (const auto& [key, raw] : attributes) {
        if (key != "compare") continue;
        std::vector<std::pair<std::string, std::string>> pairs;
        std::string why;
        const SetResult r = parse_compare(raw, &pairs, &why) ? session.compare(pairs) : SetResult{SetResult::Invalid, why};
        if (r.status != SetResult::Ok) {
            warnings.push_back("data-compare=\"" + shortened(raw) + "\": " + r.message + (r.status == SetResult::Invalid ? "; no what-if lane" : ""));
        }
    }
    return warnings;
}
}  // namespace flocklab
