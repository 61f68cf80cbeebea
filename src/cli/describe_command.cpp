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
#include "flock_options.hpp"
#include "core/flock_scene.hpp"
#include "core/format.hpp"

namespace flocklab::cli {

// describe: a scene through the Scene interface, as the widget runs it.
int cmd_describe(const Args& a) {
    const std::string scene = a.has("scene") ? a.raw("scene") : "flock";
    std::unique_ptr<Scene> s = make_scene(scene);
    if (!s) throw UsageError("--scene: expected one of " + join(scene_names()) + ", got '" + scene + "'");
    const std::uint64_t seed = static_cast<std::uint64_t>(a.integer("seed", 7, 0, static_cast<long long>(kMaxSeed)));
    const long long steps = a.has("steps") ? a.integer("steps", 0, 0, 10000000)
                                           : std::llround(a.number("seconds", 10, 0, 100000) * 60);
    const auto set = [&](const char* option, const std::string& value) {
        const SetResult r = s->set(option, value);
        if (r.status == SetResult::Invalid) throw UsageError(r.message);
    };
    const auto only_for = [&](const char* for_scene, std::initializer_list<const char*> options) {
        for (const char* o : options) {
            if (a.has(o)) throw UsageError(std::string("--") + o + " is for --scene " + for_scene);
        }
    };
    if (scene != "crowd") only_for("crowd", {"follow", "walls", "goal", "agents"});
    if (scene == "crowd") {
        only_for("flock", {"rules", "boids", "hawk", "wander", "leader"});
        only_for("steer", {"mode", "target"});
        s = crowd_scene(a);
        check_work("describe", static_cast<double>(s->work_per_step()), static_cast<double>(steps), 1);
    } else if (scene == "flock") {
        only_for("steer", {"mode", "target"});
        auto& f = static_cast<FlockScene&>(*s);
        const Extensions ext = extension_options(a);
        if (a.has("boids")) set("boids", std::to_string(a.integer("boids", 60, 2, kWidgetMaxBoids)));
        check_work("describe", f.flock.size(), static_cast<double>(steps), 1);
        const Rules r = rules_of(a.has("rules") ? a.raw("rules") : "all", ext);
        for (int i = 0; i < kRuleCount; ++i) f.set_rule(i, rule(r, i));
        if (ext.pursuit) f.set_hawk_mode(HawkMode::Pursuit);
        if (ext.hawk) f.hawk = ext.hawk;
        if (ext.leader) {
            f.set_leader_target(*ext.leader);
            f.set_leader(true);
        }
    } else {
        only_for("flock", {"rules", "boids", "hawk", "wander", "leader"});
        if (a.has("mode")) set("mode", a.raw("mode"));
        if (a.has("target")) {
            const Vec2 t = a.vec("target", {});
            set("target", vec_arg(t));
        }
    }
    if (scene != "crowd") apply_sets(a, *s);
    s->reset(seed);
    step_all(*s, steps);
    if (a.has("json")) {
        std::cout << "{\"summary\": " << json_string(s->describe()) << ", \"facts\": " << s->facts_json() << "}\n";
    } else {
        std::cout << s->describe() << "\n";
    }
    return 0;
}
}  // namespace flocklab::cli
