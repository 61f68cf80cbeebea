// describe: what a widget's screen reader hears, the scene in words after N steps.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "core/registry.hpp"
#include "core/format.hpp"

namespace flocklab::cli {

// describe: a scene through the Scene interface, as the widget runs it. A
// scene's own flags (--mode, --rules, --walls, ...) are read by its
// CliScene (common.hpp); any scene takes --option and --set.
int cmd_describe(const Args& a) {
    const std::string scene = scene_option(a);
    const std::uint64_t seed = static_cast<std::uint64_t>(a.integer("seed", 7, 0, static_cast<long long>(kMaxSeed)));
    const long long steps = a.has("steps") ? a.integer("steps", 0, 0, 10000000)
                                           : std::llround(a.number("seconds", 10, 0, 100000) * 60);
    refuse_other_scenes_flags(a, scene);
    std::unique_ptr<Session> s = make_session(scene);
    Scene& sc = s->scene();
    if (const CliScene* c = cli_scene(scene)) {
        c->configure(a, sc);
        apply_options(a, sc);
        apply_sets(a, sc);
    } else {
        configure(a, sc);
    }
    check_work("describe", sc, static_cast<double>(steps), 1);
    s->reset(seed);
    apply_compare(name_values(a, "compare"), *s);  // a what-if lane: the widget's summary says it too
    step_all(*s, steps);
    if (a.has("json")) {
        std::cout << "{\"summary\": " << json_string(s->summary()) << ", \"facts\": " << sc.facts_json() << "}\n";
    } else {
        std::cout << s->summary() << "\n";
    }
    return 0;
}

}  // namespace flocklab::cli
